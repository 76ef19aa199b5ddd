// Scale and B both of a dynamic ('?') size that is 1 or X's at run time, in
// the four combinations, at 1 and 2 threads. The lowering copies an operand
// to X's sizes only where a size is 1 at run time and reads it where it is
// otherwise; where both are copied or neither is, the function's end frees
// each copy once (norm-split-deallocations: no dealloc_helper).
// X rows [1 2 3 4], [10 10 10 10.5], [-1 0.5 2 -3]; Scale [0.5 1 1.5 2] or
// [1.5]; B [0 0.25 -0.5 1] or [-2]; epsilon 1e-5. Expected values: the
// float64 formula of docs/semantics.md (mean, two-pass variance,
// (x - mean) / sqrt(var + epsilon) * Scale + B) in Python, rounded once to
// f32; runner default tolerances.

// RUN: norm-runner %s --threads=1 --input="3x4xf32=1 2 3 4 10 10 10 10.5 -1 0.5 2 -3" \
// RUN:   --input="4xf32=0.5 1 1.5 2" --input="4xf32=0 0.25 -0.5 1" \
// RUN:   --expected-output="3x4xf32=-0.67081773 -0.1972118 0.1708177 3.683271 -0.28864434 -0.32728869 -1.3659331 4.4637322 -0.16893409 0.72301549 1.4258487 -1.8380928" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --threads=2 --input="3x4xf32=1 2 3 4 10 10 10 10.5 -1 0.5 2 -3" \
// RUN:   --input="1xf32=1.5" --input="4xf32=0 0.25 -0.5 1" \
// RUN:   --expected-output="3x4xf32=-2.0124531 -0.4208177 0.1708177 3.0124531 -0.86593306 -0.61593306 -1.3659331 3.5977991 -0.50680232 0.9595232 1.4258487 -1.1285696" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --threads=1 --input="3x4xf32=1 2 3 4 10 10 10 10.5 -1 0.5 2 -3" \
// RUN:   --input="4xf32=0.5 1 1.5 2" --input="1xf32=-2" \
// RUN:   --expected-output="3x4xf32=-2.6708176 -2.4472117 -1.3291823 0.68327081 -2.2886443 -2.5772886 -2.8659329 1.4637321 -2.1689341 -1.5269846 -0.074151285 -4.8380928" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --threads=2 --input="3x4xf32=1 2 3 4 10 10 10 10.5 -1 0.5 2 -3" \
// RUN:   --input="1xf32=1.5" --input="1xf32=-2" \
// RUN:   --expected-output="3x4xf32=-4.0124531 -2.6708176 -1.3291823 0.012453130 -2.8659329 -2.8659329 -2.8659329 0.59779912 -2.5068023 -1.2904768 -0.074151285 -4.1285696" \
// RUN:   | FileCheck %s
// CHECK: [SUCCESS] result[0]:
// CHECK-NOT: [FAILED]

func.func @main(%x: tensor<3x4xf32>, %s: tensor<?xf32>, %b: tensor<?xf32>)
    -> tensor<3x4xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<3x4xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<3x4xf32>, tensor<3x1xf32>, tensor<3x1xf32>)
  return %y : tensor<3x4xf32>
}
