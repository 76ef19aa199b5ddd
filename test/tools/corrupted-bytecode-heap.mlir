// Corrupted MLIR bytecode whose reader writes past a heap block, then
// reports its own error (corrupted-bytecode.mlir has the other cases and
// the reasons). The tools report the reader's error, and the heap damage,
// which stays in the child process, no abort in glibc when the tool frees
// its context. Not under the sanitizers: there AddressSanitizer's allocator
// catches the reader's write in the child (a report, and SIGABRT), which is
// MLIR's bug that this check exists to contain.
// UNSUPPORTED: sanitizers
//
// RUN: rm -rf %t && mkdir %t
// RUN: norm-opt %s --strip-debuginfo --emit-bytecode -o %t/valid.mlirbc
// RUN: /usr/bin/python3 %S/Inputs/corrupt_bytecode.py %t/valid.mlirbc %t

func.func @ln(%x: tensor<?x4xf32>, %scale: tensor<4xf32>, %b: tensor<4xf32>)
    -> tensor<?x4xf32> {
  %y, %mean, %inv_std_dev = norm.layer_normalization %x, %scale, %b
      : (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>)
      -> (tensor<?x4xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x4xf32>
}

// RUN: sh -c 'norm-opt %t/heap.mlirbc 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefixes=HEAP,HEAP-NOTE,STATUS --implicit-check-not=PLEASE --implicit-check-not=free
// RUN: sh -c 'norm-runner %t/heap.mlirbc 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefixes=HEAP-TOOL,STATUS --implicit-check-not=PLEASE --implicit-check-not=free
// RUN: sh -c 'norm-compile %t/heap.mlirbc -o %t/heap.o 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefixes=HEAP-TOOL,STATUS --implicit-check-not=PLEASE --implicit-check-not=free
// HEAP: heap.mlirbc:0:0: {{.*}}Attribute or Type entry offset points past the end of section
// HEAP-TOOL: heap.mlirbc': {{.*}}heap.mlirbc: Attribute or Type entry offset points past the end of section
// HEAP-NOTE: heap.mlirbc:0:0: note: in bytecode version 6 produced by: MLIR22

// Every tool's last line (after its message above).
// STATUS: exit status 1
