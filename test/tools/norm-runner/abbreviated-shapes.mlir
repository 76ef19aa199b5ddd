// A shape of many dims in an error message is shortened to its first 8 dims,
// "...", its last dim and the rank: a .pb of 100000 dims made one error line
// of 200 KB (found by a hostile new-user run). Lists of 10 dims are printed
// in full, from 11 on shortened; printed results stay whole (they are SPECs).

// RUN: rm -rf %t && mkdir -p %t
// A FLOAT TensorProto of 100000 dims of 1 without its one value, and an
// INT32 one holding 7 (Inputs/write_tensor_proto.py).
// RUN: /usr/bin/python3 %S/Inputs/write_tensor_proto.py %t/f32_rank100000.pb 1 "1*100000" ""
// RUN: /usr/bin/python3 %S/Inputs/write_tensor_proto.py %t/i32_rank100000.pb 6 "1*100000" 7
// RUN: not norm-runner %s --function=copy_f32 --input=@%t/f32_rank100000.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PB --implicit-check-not=error:
// PB: norm-runner: error: input 0: '{{.*}}f32_rank100000.pb' holds 0 values in 'float_data', but its shape 'tensor<1x1x1x1x1x1x1x1x...x1xf32>' (rank 100000) needs 1{{$}}
// RUN: not norm-runner %s --function=copy_i32 --input=@%t/i32_rank100000.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RANK --implicit-check-not=error:
// RANK: norm-runner: error: input 0: rank mismatch: expected rank 2 (tensor<2x3xi32>), got rank 100000 (1x1x1x1x1x1x1x1x...x1xi32 (rank 100000)){{$}}
// RUN: not norm-runner %s --function=copy_f32 --input=@%t/i32_rank100000.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TYPE --implicit-check-not=error:
// TYPE: norm-runner: error: input 0: element type mismatch: expected tensor<2x3xf32>, got 1x1x1x1x1x1x1x1x...x1xi32 (rank 100000){{$}}

// The same for a SPEC: 10 dims in full, 11 shortened.
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input="1x1x1x1x1x1x1x1x1x2xf32=1 2 3" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SPEC10 --implicit-check-not=error:
// SPEC10: norm-runner: error: input 0: 1x1x1x1x1x1x1x1x1x2xf32 needs 2 values, got 3{{$}}
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input="1x1x1x1x1x1x1x1x1x1x2xf32=1 2 3" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SPEC11 --implicit-check-not=error:
// SPEC11: norm-runner: error: input 0: 1x1x1x1x1x1x1x1x...x2xf32 (rank 11) needs 2 values, got 3{{$}}

// The module's types are shortened the same way (the signature has 12
// dynamic dims), and so is the index of a mismatching element.
// RUN: not norm-runner %s --function=copy_rank12 --input=@%t/i32_rank100000.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SIGNATURE --implicit-check-not=error:
// SIGNATURE: norm-runner: error: input 0: element type mismatch: expected tensor<?x?x?x?x?x?x?x?x...x?xf32> (rank 12), got 1x1x1x1x1x1x1x1x...x1xi32 (rank 100000){{$}}
// RUN: not norm-runner %s --function=copy_rank12 \
// RUN:   --input="1x1x1x1x1x1x1x1x1x1x1x2xf32=1 5" \
// RUN:   --expected-output="1x1x1x1x1x1x1x1x1x1x1x2xf32=1 4" \
// RUN:   | FileCheck %s --check-prefix=INDEX
// INDEX: [FAILED] result[0]: element at index [0, 0, 0, 0, 0, 0, 0, 0, ..., 1] (rank 12): actual 5, expected 4 (atol 1e-06, rtol 1e-05){{$}}
// RUN: norm-runner %s --function=copy_rank12 \
// RUN:   --input="1x1x1x1x1x1x1x1x1x1x1x2xf32=1 5" \
// RUN:   --expected-output="1x1x1x1x1x1x1x1x1x1x1x2xf32=1 5" \
// RUN:   | FileCheck %s --check-prefix=SUCCESS
// SUCCESS: [SUCCESS] result[0]: 1x1x1x1x1x1x1x1x...x2xf32 (rank 12){{$}}
// RUN: not norm-runner %s --function=copy_rank12 \
// RUN:   --input="1x1x1x1x1x1x1x1x1x1x1x2xf32=1 5" \
// RUN:   --expected-output="1x1x1x1x1x1x1x1x1x1x2x1xf32=1 5" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SHAPE --implicit-check-not=error:
// SHAPE: norm-runner: error: expected-output 0: shape mismatch: result is 1x1x1x1x1x1x1x1x...x2xf32 (rank 12), expected 1x1x1x1x1x1x1x1x...x1xf32 (rank 12){{$}}
// RUN: norm-runner %s --function=copy_rank12 \
// RUN:   --input="1x1x1x1x1x1x1x1x1x1x1x2xf32=1 5" | FileCheck %s --check-prefix=PRINT
// PRINT: 1x1x1x1x1x1x1x1x1x1x1x2xf32={{\[\[\[\[\[\[\[\[\[\[\[}}1 5]]]]]]]]]]]{{$}}

func.func @copy_f32(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %x : tensor<2x3xf32>
}

func.func @copy_i32(%x: tensor<2x3xi32>) -> tensor<2x3xi32> {
  return %x : tensor<2x3xi32>
}

func.func @copy_rank12(%x: tensor<?x?x?x?x?x?x?x?x?x?x?x?xf32>)
    -> tensor<?x?x?x?x?x?x?x?x?x?x?x?xf32> {
  return %x : tensor<?x?x?x?x?x?x?x?x?x?x?x?xf32>
}
