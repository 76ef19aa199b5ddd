// --expected-output, --atol, --rtol: [SUCCESS]/[FAILED] lines, exit status,
// per-type default tolerances, NaN/inf rules, exact integers.
// An element matches if |actual - expected| <= atol + rtol * |expected|.

// All match: one [SUCCESS] line per result, results are not printed.
// @two returns x * 2 + 1 (f32) and y * 10 (i32).
// RUN: norm-runner %s --function=two --input="3xf32=1 2 3" \
// RUN:   --input="3xi32=1 -2 3" --expected-output="3xf32=3 5 7" \
// RUN:   --expected-output="3xi32=10 -20 30" | FileCheck %s --check-prefix=OK
// OK: [SUCCESS] result[0]: 3xf32
// OK-NEXT: [SUCCESS] result[1]: 3xi32
// OK-NOT: {{.}}

// Expected values from a .npy file (x * 2 + 1 of f32_2x3.npy).
// RUN: norm-runner %s --function=affine_f32 --input=@%S/Inputs/npy/f32_2x3.npy \
// RUN:   --expected-output=@%S/Inputs/npy/f32_2x3_times2_plus1.npy \
// RUN:   | FileCheck %s --check-prefix=NPY
// NPY: [SUCCESS] result[0]: 2x3xf32

// First mismatch: its index, both values and the tolerance; exit 1.
// RUN: not norm-runner %s --function=affine_f32 \
// RUN:   --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --expected-output="2x3xf32=3 5 7.5 9 11 14" \
// RUN:   | FileCheck %s --check-prefix=FAIL
// FAIL: [FAILED] result[0]: element at index [0, 2]: actual 7, expected 7.5 (atol 1e-06, rtol 1e-05)
// FAIL-NOT: {{.}}

// A later result fails after earlier ones succeeded.
// RUN: not norm-runner %s --function=two --input="3xf32=1 2 3" \
// RUN:   --input="3xi32=1 -2 3" --expected-output="3xf32=3 5 7" \
// RUN:   --expected-output="3xi32=10 -21 30" | FileCheck %s --check-prefix=LATER
// LATER: [SUCCESS] result[0]: 3xf32
// LATER-NEXT: [FAILED] result[1]: element at index [1]: actual -20, expected -21 (atol 0, rtol 0)

// f32 default (atol 1e-6, rtol 1e-5): 7 vs 7.00005 differs by 5e-5 <= 7.1e-5.
// RUN: norm-runner %s --function=affine_f32 --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --expected-output="2x3xf32=3 5 7.00005 9 11 13" \
// RUN:   | FileCheck %s --check-prefix=F32OK
// F32OK: [SUCCESS] result[0]: 2x3xf32
// --atol/--rtol override the defaults: 5e-5 > 1e-5 + 0 ...
// RUN: not norm-runner %s --function=affine_f32 \
// RUN:   --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --expected-output="2x3xf32=3 5 7.00005 9 11 13" --atol=1e-5 --rtol=0 \
// RUN:   | FileCheck %s --check-prefix=F32TIGHT
// F32TIGHT: [FAILED] result[0]: element at index [0, 2]: actual 7, expected 7.00005 (atol 1e-05, rtol 0)
// ... and 0.5 <= 0.1 + 0.1 * 7.5 passes with looser ones.
// RUN: norm-runner %s --function=affine_f32 --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --expected-output="2x3xf32=3 5 7.5 9 11 13" --atol=0.1 --rtol=0.1 \
// RUN:   | FileCheck %s --check-prefix=F32LOOSE
// F32LOOSE: [SUCCESS] result[0]: 2x3xf32

// Integers are exact by default; an explicit tolerance applies to them too.
// RUN: norm-runner %s --function=two --input="3xf32=1 2 3" \
// RUN:   --input="3xi32=1 -2 3" --expected-output="3xf32=3 5 7" \
// RUN:   --expected-output="3xi32=10 -21 30" --atol=1 \
// RUN:   | FileCheck %s --check-prefix=INTTOL
// INTTOL: [SUCCESS] result[0]: 3xf32
// INTTOL-NEXT: [SUCCESS] result[1]: 3xi32

// NaN matches NaN; NaN does not match a number; inf only matches the same
// infinity, whatever the tolerance (x * 2 + 1 of inf is inf).
// RUN: norm-runner %s --function=affine_f32 \
// RUN:   --input="2x3xf32=nan 2 3 inf -inf 6" \
// RUN:   --expected-output="2x3xf32=nan 5 7 inf -inf 13" \
// RUN:   | FileCheck %s --check-prefix=NAN
// NAN: [SUCCESS] result[0]: 2x3xf32
// RUN: not norm-runner %s --function=affine_f32 \
// RUN:   --input="2x3xf32=nan 2 3 4 5 6" \
// RUN:   --expected-output="2x3xf32=1 5 7 9 11 13" \
// RUN:   | FileCheck %s --check-prefix=NANFAIL
// NANFAIL: [FAILED] result[0]: element at index [0, 0]: actual nan, expected 1
// RUN: not norm-runner %s --function=affine_f32 \
// RUN:   --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --expected-output="2x3xf32=3 5 7 9 11 nan" \
// RUN:   | FileCheck %s --check-prefix=NANEXP
// NANEXP: [FAILED] result[0]: element at index [1, 2]: actual 13, expected nan
// RUN: not norm-runner %s --function=affine_f32 \
// RUN:   --input="2x3xf32=1 2 3 inf 5 6" \
// RUN:   --expected-output="2x3xf32=3 5 7 3e38 11 13" --atol=1e38 \
// RUN:   | FileCheck %s --check-prefix=INF
// INF: [FAILED] result[0]: element at index [1, 0]: actual inf, expected 3e+38

// f16 default (atol 1e-4, rtol 2^-9): 1/3 is 0.33325195 in f16; 0.3335 is
// within 1e-4 + 0.3335 * 2^-9 = 7.5e-4, 0.335 (off by 1.75e-3) is not.
// RUN: norm-runner %s --function=div_f16 --input="2xf16=1 1" \
// RUN:   --input="2xf16=3 4" --expected-output="2xf16=0.3335 0.25" \
// RUN:   | FileCheck %s --check-prefix=F16OK
// F16OK: [SUCCESS] result[0]: 2xf16
// RUN: not norm-runner %s --function=div_f16 --input="2xf16=1 1" \
// RUN:   --input="2xf16=3 4" --expected-output="2xf16=0.335 0.25" \
// RUN:   | FileCheck %s --check-prefix=F16FAIL
// F16FAIL: [FAILED] result[0]: element at index [0]: actual 0.3333, expected 0.335 (atol 0.0001, rtol 0.001953125)

// bf16 default (atol 1e-3, rtol 2^-6): 1/3 is 0.333984375 in bf16; 0.33 is
// within 1e-3 + 0.33 * 2^-6 = 6.2e-3, 0.32 (off by 1.4e-2) is not.
// RUN: norm-runner %s --function=div_bf16 --input="2xbf16=1 1" \
// RUN:   --input="2xbf16=3 4" --expected-output="2xbf16=0.33 0.25" \
// RUN:   | FileCheck %s --check-prefix=BF16OK
// BF16OK: [SUCCESS] result[0]: 2xbf16
// RUN: not norm-runner %s --function=div_bf16 --input="2xbf16=1 1" \
// RUN:   --input="2xbf16=3 4" --expected-output="2xbf16=0.32 0.25" \
// RUN:   | FileCheck %s --check-prefix=BF16FAIL
// BF16FAIL: [FAILED] result[0]: element at index [0]: actual 0.334, expected 0.32 (atol 0.001, rtol 0.015625)

// f64 default (atol 1e-15, rtol 1e-12): thirteen 3s are close enough to 1/3,
// eight are not.
// RUN: norm-runner %s --function=div_f64 --input="1xf64=1" \
// RUN:   --input="1xf64=3" --expected-output="1xf64=0.3333333333333" \
// RUN:   | FileCheck %s --check-prefix=F64OK
// F64OK: [SUCCESS] result[0]: 1xf64
// RUN: not norm-runner %s --function=div_f64 --input="1xf64=1" \
// RUN:   --input="1xf64=3" --expected-output="1xf64=0.33333333" \
// RUN:   | FileCheck %s --check-prefix=F64FAIL
// F64FAIL: [FAILED] result[0]: element at index [0]: actual 0.3333333333333333, expected 0.33333333 (atol 1e-15, rtol 1e-12)

// Shape and element type must match exactly: an error, not a [FAILED] line.
// RUN: not norm-runner %s --function=affine_f32 \
// RUN:   --input="2x3xf32=1 2 3 4 5 6" --expected-output="3x2xf32=3 5 7 9 11 13" \
// RUN:   2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: norm-runner: error: expected-output 0: shape mismatch: result is 2x3xf32, expected 3x2xf32
// RUN: not norm-runner %s --function=affine_f32 \
// RUN:   --input="2x3xf32=1 2 3 4 5 6" --expected-output="2x3xf64=3 5 7 9 11 13" \
// RUN:   2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: norm-runner: error: expected-output 0: element type mismatch: result is 2x3xf32, expected 2x3xf64

// --output together with --expected-output: the results are printed (or
// written) first, then compared.
// RUN: norm-runner %s --function=two --input="3xf32=1 2 3" \
// RUN:   --input="3xi32=1 -2 3" --output=- --output=- \
// RUN:   --expected-output="3xf32=3 5 7" --expected-output="3xi32=10 -20 30" \
// RUN:   | FileCheck %s --check-prefix=PRINTED
// PRINTED: 3xf32=3 5 7
// PRINTED-NEXT: 3xi32=10 -20 30
// PRINTED-NEXT: [SUCCESS] result[0]: 3xf32
// PRINTED-NEXT: [SUCCESS] result[1]: 3xi32
// PRINTED-NOT: {{.}}

// --atol=inf is accepted: every finite value matches (infinities and NaN
// still follow their own rules).
// RUN: norm-runner %s --function=affine_f32 --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --expected-output="2x3xf32=-1e30 0 0 0 0 3e38" --atol=inf \
// RUN:   | FileCheck %s --check-prefix=ATOLINF
// ATOLINF: [SUCCESS] result[0]: 2x3xf32

// --rtol=inf (or 1e400, which rounds to inf): rtol * |expected| is inf for a
// nonzero expected value and 0 for an expected 0, never NaN, so an exact
// match (x * 2 + 1 of -0.5 is 0) matches, a nonzero value against an
// expected 0 does not (unless --atol=inf), and infinities keep their rule.
// RUN: norm-runner %s --function=affine_f32 --input="2x3xf32=-0.5 2 3 4 5 6" \
// RUN:   --expected-output="2x3xf32=0 5 7 9 11 13" --rtol=inf \
// RUN:   | FileCheck %s --check-prefix=RTOLINF
// RUN: norm-runner %s --function=affine_f32 --input="2x3xf32=-0.5 2 3 4 5 6" \
// RUN:   --expected-output="2x3xf32=0 5 7 9 11 13" --rtol=1e400 \
// RUN:   | FileCheck %s --check-prefix=RTOLINF
// RUN: norm-runner %s --function=affine_f32 --input="2x3xf32=-0.5 2 3 4 5 6" \
// RUN:   --expected-output="2x3xf32=-0 1 1 1 1 1e-30" --rtol=inf \
// RUN:   | FileCheck %s --check-prefix=RTOLINF
// RUN: norm-runner %s --function=affine_f32 --input="2x3xf32=-0.5 2 3 4 5 6" \
// RUN:   --expected-output="2x3xf32=0 0 0 0 0 0" --atol=inf --rtol=inf \
// RUN:   | FileCheck %s --check-prefix=RTOLINF
// RTOLINF: [SUCCESS] result[0]: 2x3xf32
// RUN: not norm-runner %s --function=affine_f32 --input="2x3xf32=-0.5 2 3 4 5 6" \
// RUN:   --expected-output="2x3xf32=0 0 7 9 11 13" --rtol=inf \
// RUN:   | FileCheck %s --check-prefix=RTOLINF-ZERO
// RTOLINF-ZERO: [FAILED] result[0]: element at index [0, 1]: actual 5, expected 0 (atol 1e-06, rtol inf)
// RUN: not norm-runner %s --function=affine_f32 --input="2x3xf32=-0.5 2 3 inf 5 6" \
// RUN:   --expected-output="2x3xf32=0 5 7 3e38 11 13" --atol=inf --rtol=inf \
// RUN:   | FileCheck %s --check-prefix=RTOLINF-INF
// RTOLINF-INF: [FAILED] result[0]: element at index [1, 0]: actual inf, expected 3e+38 (atol inf, rtol inf)

// One --expected-output per result.
// RUN: not norm-runner %s --function=two --input="3xf32=1 2 3" \
// RUN:   --input="3xi32=1 -2 3" --expected-output="3xf32=3 5 7" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COUNT
// COUNT: norm-runner: error: function 'two' has 2 result(s), but --expected-output was given 1 time(s)

#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>

func.func @affine_f32(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %init = tensor.empty() : tensor<2x3xf32>
  %0 = linalg.generic {indexing_maps = [#map2, #map2],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%init : tensor<2x3xf32>) {
  ^bb0(%a: f32, %out: f32):
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %m = arith.mulf %a, %two : f32
    %r = arith.addf %m, %one : f32
    linalg.yield %r : f32
  } -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @two(%x: tensor<3xf32>, %y: tensor<3xi32>)
    -> (tensor<3xf32>, tensor<3xi32>) {
  %init_x = tensor.empty() : tensor<3xf32>
  %init_y = tensor.empty() : tensor<3xi32>
  %0:2 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1],
                         iterator_types = ["parallel"]}
      ins(%x, %y : tensor<3xf32>, tensor<3xi32>)
      outs(%init_x, %init_y : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: i32, %out_a: f32, %out_b: i32):
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %ten = arith.constant 10 : i32
    %m = arith.mulf %a, %two : f32
    %r = arith.addf %m, %one : f32
    %s = arith.muli %b, %ten : i32
    linalg.yield %r, %s : f32, i32
  } -> (tensor<3xf32>, tensor<3xi32>)
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xi32>
}

func.func @div_f16(%x: tensor<2xf16>, %y: tensor<2xf16>) -> tensor<2xf16> {
  %init = tensor.empty() : tensor<2xf16>
  %0 = linalg.generic {indexing_maps = [#map1, #map1, #map1],
                       iterator_types = ["parallel"]}
      ins(%x, %y : tensor<2xf16>, tensor<2xf16>) outs(%init : tensor<2xf16>) {
  ^bb0(%a: f16, %b: f16, %out: f16):
    %r = arith.divf %a, %b : f16
    linalg.yield %r : f16
  } -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

func.func @div_bf16(%x: tensor<2xbf16>, %y: tensor<2xbf16>)
    -> tensor<2xbf16> {
  %init = tensor.empty() : tensor<2xbf16>
  %0 = linalg.generic {indexing_maps = [#map1, #map1, #map1],
                       iterator_types = ["parallel"]}
      ins(%x, %y : tensor<2xbf16>, tensor<2xbf16>)
      outs(%init : tensor<2xbf16>) {
  ^bb0(%a: bf16, %b: bf16, %out: bf16):
    %r = arith.divf %a, %b : bf16
    linalg.yield %r : bf16
  } -> tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

func.func @div_f64(%x: tensor<?xf64>, %y: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %x, %c0 : tensor<?xf64>
  %init = tensor.empty(%d0) : tensor<?xf64>
  %0 = linalg.generic {indexing_maps = [#map1, #map1, #map1],
                       iterator_types = ["parallel"]}
      ins(%x, %y : tensor<?xf64>, tensor<?xf64>) outs(%init : tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64, %out: f64):
    %r = arith.divf %a, %b : f64
    linalg.yield %r : f64
  } -> tensor<?xf64>
  return %0 : tensor<?xf64>
}
