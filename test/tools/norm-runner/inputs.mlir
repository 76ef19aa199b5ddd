// --input: SPEC syntax (separators, rank 0, special values, rounding), every
// element type, dynamic shapes, empty tensors, and the module read from
// stdin. Expected values are computed by hand in the comments.

// Separators: spaces and commas are interchangeable; brackets may group rows.
// RUN: norm-runner %s --function=affine_f32 --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   | FileCheck %s --check-prefix=AFFINE
// RUN: norm-runner %s --function=affine_f32 --input="2x3xf32=1,2,3,4,5,6" \
// RUN:   | FileCheck %s --check-prefix=AFFINE
// RUN: norm-runner %s --function=affine_f32 \
// RUN:   --input="2x3xf32=[1, 2, 3] [4,5,6]" | FileCheck %s --check-prefix=AFFINE
// The module on stdin, as '-' and as the default.
// RUN: norm-runner - --function=affine_f32 --input="2x3xf32=1 2 3 4 5 6" < %s \
// RUN:   | FileCheck %s --check-prefix=AFFINE
// RUN: norm-runner --function=affine_f32 --input="2x3xf32=1 2 3 4 5 6" < %s \
// RUN:   | FileCheck %s --check-prefix=AFFINE
// x * 2 + 1:
// AFFINE: 2x3xf32=[3 5 7][9 11 13]

// Float special values and spellings; -0 * 2 + 1 = 1, 2.5e-1 * 2 + 1 = 1.5.
// RUN: norm-runner %s --function=affine_f32 \
// RUN:   --input="2x3xf32=nan inf -inf -0 2.5e-1 +0.75" \
// RUN:   | FileCheck %s --check-prefix=SPECIAL
// SPECIAL: 2x3xf32=[nan inf -inf][1 1.5 2.5]

// Decimal input is rounded to nearest-even in the element type: 0.1 is
// 0x3DCCCCCD in f32 (0.100000001490116...), and 0.1 * 2 + 1 rounds to
// 1.2 (shortest form of 0x3F99999A).
// RUN: norm-runner %s --function=affine_f32 \
// RUN:   --input="2x3xf32=0.1 0.1 0.1 0.1 0.1 0.1" \
// RUN:   | FileCheck %s --check-prefix=ROUND
// ROUND: 2x3xf32=[1.2 1.2 1.2][1.2 1.2 1.2]

// f64, dynamic 2-D: x / y. 1/3 and 2/3 print with 16 digits (Python's repr
// of 1/3 is 0.3333333333333333), 1/8 exactly.
// RUN: norm-runner %s --function=div_f64 --input="2x3xf64=1 2 1 -6 0 1" \
// RUN:   --input="2x3xf64=3 3 8 2 5 0" | FileCheck %s --check-prefix=F64
// F64: 2x3xf64=[0.3333333333333333 0.6666666666666666 0.125][-3 0 inf]
// The same function with other sizes, including an empty one.
// RUN: norm-runner %s --function=div_f64 --input="1x1xf64=7" \
// RUN:   --input="1x1xf64=2" | FileCheck %s --check-prefix=F64ONE
// F64ONE: 1x1xf64=[3.5]
// RUN: norm-runner %s --function=div_f64 --input="0x3xf64=" \
// RUN:   --input="0x3xf64=" | FileCheck %s --check-prefix=F64ZERO
// F64ZERO: 0x3xf64={{$}}

// f16, dynamic 1-D: 1/3 is 0.333251953125 in f16, shortest "0.3333";
// 65504 is the largest f16, 65504/2 = 32752 exactly, but f16 values near it
// are 16 apart, so the shortest decimal reading back as 32752 is "32750";
// 1/1024 = 0.0009765625 exactly, shortest "0.000977" (positional down to
// exponent -4).
// RUN: norm-runner %s --function=div_f16 --input="3xf16=1 65504 1" \
// RUN:   --input="3xf16=3 2 1024" | FileCheck %s --check-prefix=F16
// F16: 3xf16=0.3333 32750 0.000977

// bf16: 1/3 rounds to 171/512 = 0.333984375, shortest "0.334"; 3e38 rounds
// to 0x7F62 = 3.0040553e38 (neighbours 2.990763e38, 3.0173476e38), whose
// shortest form is "3e+38" again (scientific from exponent 16 on).
// RUN: norm-runner %s --function=div_bf16 --input="3xbf16=1 3e38 -1" \
// RUN:   --input="3xbf16=3 1 0" | FileCheck %s --check-prefix=BF16
// BF16: 3xbf16=0.334 3e+38 -inf

// i32, rank 3: x * y, including the extremes of i32.
// RUN: norm-runner %s --function=mul_i32 \
// RUN:   --input="2x2x2xi32=1 -2 3 4 5 6 7 2147483647" \
// RUN:   --input="2x2x2xi32=10 10 10 10 10 10 -1 -1" \
// RUN:   | FileCheck %s --check-prefix=I32
// I32: 2x2x2xi32={{\[\[}}10 -20][30 40]]{{\[\[}}50 60][-7 -2147483647]]

// i64, rank 0: x - 1 at the bottom of the range.
// RUN: norm-runner %s --function=dec_i64 --input="i64=-9223372036854775807" \
// RUN:   | FileCheck %s --check-prefix=I64
// I64: i64=-9223372036854775808

#map0 = affine_map<() -> ()>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

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

func.func @div_f64(%x: tensor<?x?xf64>, %y: tensor<?x?xf64>)
    -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf64>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf64>
  %init = tensor.empty(%d0, %d1) : tensor<?x?xf64>
  %0 = linalg.generic {indexing_maps = [#map2, #map2, #map2],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<?x?xf64>, tensor<?x?xf64>)
      outs(%init : tensor<?x?xf64>) {
  ^bb0(%a: f64, %b: f64, %out: f64):
    %r = arith.divf %a, %b : f64
    linalg.yield %r : f64
  } -> tensor<?x?xf64>
  return %0 : tensor<?x?xf64>
}

func.func @div_f16(%x: tensor<?xf16>, %y: tensor<?xf16>) -> tensor<?xf16> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %x, %c0 : tensor<?xf16>
  %init = tensor.empty(%d0) : tensor<?xf16>
  %0 = linalg.generic {indexing_maps = [#map1, #map1, #map1],
                       iterator_types = ["parallel"]}
      ins(%x, %y : tensor<?xf16>, tensor<?xf16>) outs(%init : tensor<?xf16>) {
  ^bb0(%a: f16, %b: f16, %out: f16):
    %r = arith.divf %a, %b : f16
    linalg.yield %r : f16
  } -> tensor<?xf16>
  return %0 : tensor<?xf16>
}

func.func @div_bf16(%x: tensor<3xbf16>, %y: tensor<3xbf16>)
    -> tensor<3xbf16> {
  %init = tensor.empty() : tensor<3xbf16>
  %0 = linalg.generic {indexing_maps = [#map1, #map1, #map1],
                       iterator_types = ["parallel"]}
      ins(%x, %y : tensor<3xbf16>, tensor<3xbf16>)
      outs(%init : tensor<3xbf16>) {
  ^bb0(%a: bf16, %b: bf16, %out: bf16):
    %r = arith.divf %a, %b : bf16
    linalg.yield %r : bf16
  } -> tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

func.func @mul_i32(%x: tensor<2x2x2xi32>, %y: tensor<2x2x2xi32>)
    -> tensor<2x2x2xi32> {
  %init = tensor.empty() : tensor<2x2x2xi32>
  %0 = linalg.generic {indexing_maps = [#map3, #map3, #map3],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %y : tensor<2x2x2xi32>, tensor<2x2x2xi32>)
      outs(%init : tensor<2x2x2xi32>) {
  ^bb0(%a: i32, %b: i32, %out: i32):
    %r = arith.muli %a, %b : i32
    linalg.yield %r : i32
  } -> tensor<2x2x2xi32>
  return %0 : tensor<2x2x2xi32>
}

func.func @dec_i64(%x: tensor<i64>) -> tensor<i64> {
  %init = tensor.empty() : tensor<i64>
  %0 = linalg.generic {indexing_maps = [#map0, #map0], iterator_types = []}
      ins(%x : tensor<i64>) outs(%init : tensor<i64>) {
  ^bb0(%a: i64, %out: i64):
    %one = arith.constant 1 : i64
    %r = arith.subi %a, %one : i64
    linalg.yield %r : i64
  } -> tensor<i64>
  return %0 : tensor<i64>
}
