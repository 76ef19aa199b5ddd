// Tensors too large for the memory are one error line and exit status 1 on
// every path that allocates one from a file or a shape: .npy and .pb inputs
// and expected outputs, and the copy of a result. They used to abort with
// "LLVM ERROR: out of memory" and a stack dump (exit status 134): the
// readers used the aborting HostTensor constructor, and a failed operator
// new, even std::nothrow's, calls the new-handler llvm::InitLLVM installs.
// The files are sparse (no disk space) and `ulimit -v` bounds the memory,
// so that nothing here needs more than about 3 GB of address space.
// ASan reserves terabytes of shadow memory, which `ulimit -v` forbids.
// UNSUPPORTED: sanitizers

// RUN: rm -rf %t && mkdir %t
// RUN: /usr/bin/python3 %S/Inputs/gen_sparse_tensor.py npy %t/huge.npy 100000,100000
// RUN: /usr/bin/python3 %S/Inputs/gen_sparse_tensor.py pb %t/huge.pb 475000000

// A 40 GB .npy (100000x100000xf32) with 8 GB of address space: its data is
// read straight into the tensor, which cannot be allocated (the file was
// mapped whole first, then copied).
// RUN: (ulimit -v 8000000 && not norm-runner %s --input=@%t/huge.npy) 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NPY-INPUT
// NPY-INPUT: norm-runner: error: input 0: '{{.*}}huge.npy': cannot allocate 40000000000 bytes for a 100000x100000xf32 tensor: out of memory
// RUN: (ulimit -v 8000000 && not norm-runner %s --input="2x2xf32=3 0 4 0" \
// RUN:   --expected-output=@%t/huge.npy) 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NPY-EXPECTED
// NPY-EXPECTED: norm-runner: error: expected-output 0: '{{.*}}huge.npy': cannot allocate 40000000000 bytes for a 100000x100000xf32 tensor: out of memory
// RUN: (ulimit -v 8000000 && not norm-benchmark %s --input=@%t/huge.npy) 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NPY-BENCHMARK
// NPY-BENCHMARK: norm-benchmark: error: input 0: '{{.*}}huge.npy': cannot allocate 40000000000 bytes for a 100000x100000xf32 tensor: out of memory

// A 1.9 GB .pb with 3 GB of address space: protobuf's copy of the data, the
// decoded copy and the tensor would need three times the file's size.
// RUN: (ulimit -v 3000000 && not norm-runner %s --input="2x2xf32=3 0 4 0" \
// RUN:   --expected-output=@%t/huge.pb) 2>&1 | FileCheck %s --check-prefix=PB
// PB: norm-runner: error: expected-output 0: '{{.*}}huge.pb': cannot allocate 5700000042 bytes to decode the file: out of memory

// A .pb larger than protobuf's limit on a message (a sparse 3 GiB file)
// names its size and the limit; it used to be "not a valid ONNX TensorProto
// (the protobuf data is malformed or truncated)".
// RUN: truncate -s 3G %t/over-limit.pb
// RUN: not norm-runner %s --input=@%t/over-limit.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PB-LIMIT --implicit-check-not=error:
// PB-LIMIT: norm-runner: error: input 0: '{{.*}}over-limit.pb' is 3221225472 bytes, more than an ONNX TensorProto can be: protobuf limits a message to 2147483647 bytes (2 GiB - 1); give a larger tensor as .npy{{$}}
// RUN: rm %t/over-limit.pb

// A 1.5 GiB result (left uninitialized, so never touched) with 3 GB of
// address space: the compiled code can allocate it, the runner cannot copy
// it.
// RUN: (ulimit -v 3000000 && not norm-runner %s --function=empty \
// RUN:   --input="i64=402653184" --output=@%t/result.npy) 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RESULT
// RESULT: norm-runner: error: result 0: cannot allocate 1610612736 bytes for a 402653184xf32 tensor: out of memory

// The same paths with tensors that fit: columns [3 4] and [0 0] of X.
// RUN: norm-runner %s --input="2x2xf32=3 0 4 0" --output=@%t/y.npy
// RUN: (ulimit -v 3000000 && norm-runner %s --input=@%t/y.npy \
// RUN:   --expected-output="2x2xf32=0.6 0 0.8 0") | FileCheck %s --check-prefix=FITS
// FITS: [SUCCESS] result[0]: 2x2xf32
// RUN: norm-runner %s --function=empty --input="i64=0" \
// RUN:   | FileCheck %s --check-prefix=EMPTY
// EMPTY: 0xf32=

func.func @main(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = 0 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// A result of N elements, from a tensor.empty that nothing writes.
func.func @empty(%n: tensor<i64>) -> tensor<?xf32> {
  %v = tensor.extract %n[] : tensor<i64>
  %size = arith.index_cast %v : i64 to index
  %e = tensor.empty(%size) : tensor<?xf32>
  return %e : tensor<?xf32>
}
