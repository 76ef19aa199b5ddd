// RMSNormalization of 16-bit X and 16-bit Scale (the path that sums the
// squares as f32 terms of four elements) with a static dimension of size 0.
// The lowering sliced X into four pieces at static offsets, which the
// tensor.extract_slice verifier rejects on a dim of static size 0
// ("offset N is out-of-bounds: 0 >= 0"). Expected (docs/semantics.md,
// RMSNormalization): a normalized part of size 0 with a non-empty outer part
// gives an empty Y and InvStdDev = 1 / sqrt(0 / 0 + epsilon) = NaN; an empty
// outer part gives empty results.

// The whole module lowers to LLVM (the verifier runs after each pass).
// RUN: norm-opt %s --norm-to-llvm -o /dev/null

// RUN: norm-runner %s --function=rows_f16 --input="3x0xf16=" --input="0xf16=" \
// RUN:   | FileCheck %s --check-prefix=ROWS-F16
// ROWS-F16: 3x0xf16={{$}}
// ROWS-F16-NEXT: 3x1xf32=[nan][nan][nan]{{$}}

// RUN: norm-runner %s --function=outer_f16 --input="0x4xf16=" \
// RUN:   --input="4xf16=1 2 3 4" | FileCheck %s --check-prefix=OUTER-F16
// OUTER-F16: 0x4xf16={{$}}
// OUTER-F16-NEXT: 0x1xf32={{$}}

// RUN: norm-runner %s --function=rows_bf16 --input="3x0xbf16=" \
// RUN:   --input="0xbf16=" | FileCheck %s --check-prefix=ROWS-BF16
// ROWS-BF16: 3x0xbf16={{$}}
// ROWS-BF16-NEXT: 3x1xf32=[nan][nan][nan]{{$}}

// RUN: norm-runner %s --function=outer_bf16 --input="0x4xbf16=" \
// RUN:   --input="4xbf16=1 2 3 4" | FileCheck %s --check-prefix=OUTER-BF16
// OUTER-BF16: 0x4xbf16={{$}}
// OUTER-BF16-NEXT: 0x1xf32={{$}}

// f16 X with a bf16 Scale (Y bf16), rank 3.
// RUN: norm-runner %s --function=rank3_f16_bf16 --input="2x2x0xf16=" \
// RUN:   --input="0xbf16=" | FileCheck %s --check-prefix=RANK3
// RANK3: 2x2x0xbf16={{$}}
// RANK3-NEXT: 2x2x1xf32={{\[\[}}nan][nan]]{{\[\[}}nan][nan]]{{$}}

// Two normalized dims (axis 1), one of them of size 0.
// RUN: norm-runner %s --function=axis1_f16 --input="2x0x4xf16=" \
// RUN:   --input="0x4xf16=" | FileCheck %s --check-prefix=AXIS1
// AXIS1: 2x0x4xf16={{$}}
// AXIS1-NEXT: 2x1x1xf32={{\[\[}}nan]]{{\[\[}}nan]]{{$}}

func.func @rows_f16(%x: tensor<3x0xf16>, %s: tensor<0xf16>)
    -> (tensor<3x0xf16>, tensor<3x1xf32>) {
  %y, %inv = norm.rms_normalization %x, %s
      : (tensor<3x0xf16>, tensor<0xf16>) -> (tensor<3x0xf16>, tensor<3x1xf32>)
  return %y, %inv : tensor<3x0xf16>, tensor<3x1xf32>
}

func.func @outer_f16(%x: tensor<0x4xf16>, %s: tensor<4xf16>)
    -> (tensor<0x4xf16>, tensor<0x1xf32>) {
  %y, %inv = norm.rms_normalization %x, %s
      : (tensor<0x4xf16>, tensor<4xf16>) -> (tensor<0x4xf16>, tensor<0x1xf32>)
  return %y, %inv : tensor<0x4xf16>, tensor<0x1xf32>
}

func.func @rows_bf16(%x: tensor<3x0xbf16>, %s: tensor<0xbf16>)
    -> (tensor<3x0xbf16>, tensor<3x1xf32>) {
  %y, %inv = norm.rms_normalization %x, %s
      : (tensor<3x0xbf16>, tensor<0xbf16>)
      -> (tensor<3x0xbf16>, tensor<3x1xf32>)
  return %y, %inv : tensor<3x0xbf16>, tensor<3x1xf32>
}

func.func @outer_bf16(%x: tensor<0x4xbf16>, %s: tensor<4xbf16>)
    -> (tensor<0x4xbf16>, tensor<0x1xf32>) {
  %y, %inv = norm.rms_normalization %x, %s
      : (tensor<0x4xbf16>, tensor<4xbf16>)
      -> (tensor<0x4xbf16>, tensor<0x1xf32>)
  return %y, %inv : tensor<0x4xbf16>, tensor<0x1xf32>
}

func.func @rank3_f16_bf16(%x: tensor<2x2x0xf16>, %s: tensor<0xbf16>)
    -> (tensor<2x2x0xbf16>, tensor<2x2x1xf32>) {
  %y, %inv = norm.rms_normalization %x, %s
      : (tensor<2x2x0xf16>, tensor<0xbf16>)
      -> (tensor<2x2x0xbf16>, tensor<2x2x1xf32>)
  return %y, %inv : tensor<2x2x0xbf16>, tensor<2x2x1xf32>
}

func.func @axis1_f16(%x: tensor<2x0x4xf16>, %s: tensor<0x4xf16>)
    -> (tensor<2x0x4xf16>, tensor<2x1x1xf32>) {
  %y, %inv = norm.rms_normalization %x, %s axis = 1
      : (tensor<2x0x4xf16>, tensor<0x4xf16>)
      -> (tensor<2x0x4xf16>, tensor<2x1x1xf32>)
  return %y, %inv : tensor<2x0x4xf16>, tensor<2x1x1xf32>
}
