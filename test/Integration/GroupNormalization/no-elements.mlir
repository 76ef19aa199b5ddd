// X without elements: Y is X's (empty) shape, never a failure to lower.
// A static C = 0 (NHWC, ONNX Runtime's GroupNorm with SiLU, and NCHW), and
// num_groups = 2^63 - 1 with a dynamic C: the only C it divides that an X
// can have is 0 (the op's run-time check rejects any other), in both layouts.

// RUN: norm-runner %s --function=nhwc_zero_c --input="1x2x2x0xf32=" \
// RUN:   --input="0xf32=" --input="0xf32=" | FileCheck %s --check-prefix=NHWC
// NHWC: {{^}}1x2x2x0xf32={{$}}

// RUN: norm-runner %s --function=nchw_zero_c --input="2x0x3xf16=" \
// RUN:   --input="0xf16=" --input="0xf16=" | FileCheck %s --check-prefix=NCHW
// NCHW: {{^}}2x0x3xf16={{$}}

// RUN: norm-runner %s --function=huge_groups --input="2x0x3xf32=" \
// RUN:   --input="0xf32=" | FileCheck %s --check-prefix=HUGE
// HUGE: {{^}}2x0x3xf32={{$}}

// RUN: not norm-runner %s --function=huge_groups \
// RUN:   --input="2x3x1xf32=1 2 3 4 5 6" --input="3xf32=1 1 1" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HUGE-ERROR
// HUGE-ERROR: error: run-time check failed:
// HUGE-ERROR-SAME: op C = 3 (dimension 1 of 'X') is not divisible by 'num_groups' = 9223372036854775807{{$}}
// HUGE-ERROR-NOT: xf32=

// RUN: norm-runner %s --function=huge_groups_nhwc --input="2x3x0xf32=" \
// RUN:   --input="0xf32=" | FileCheck %s --check-prefix=HUGE-NHWC
// HUGE-NHWC: {{^}}2x3x0xf32={{$}}

// RUN: not norm-runner %s --function=huge_groups_nhwc \
// RUN:   --input="2x3x1xf32=1 2 3 4 5 6" --input="1xf32=1" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HUGE-NHWC-ERROR
// HUGE-NHWC-ERROR: error: run-time check failed:
// HUGE-NHWC-ERROR-SAME: op C = 1 (dimension 2 of 'X') is not divisible by 'num_groups' = 9223372036854775807{{$}}
// HUGE-NHWC-ERROR-NOT: xf32=

func.func @nhwc_zero_c(%x: tensor<1x2x2x0xf32>, %gamma: tensor<0xf32>,
                       %beta: tensor<0xf32>) -> tensor<1x2x2x0xf32> {
  %y = norm.group_normalization %x, %gamma, %beta num_groups = 1 channels_last activation = 1
      : (tensor<1x2x2x0xf32>, tensor<0xf32>, tensor<0xf32>) -> tensor<1x2x2x0xf32>
  return %y : tensor<1x2x2x0xf32>
}

func.func @nchw_zero_c(%x: tensor<2x0x3xf16>, %scale: tensor<0xf16>,
                       %b: tensor<0xf16>) -> tensor<2x0x3xf16> {
  %y = norm.group_normalization %x, %scale, %b num_groups = 4
      : (tensor<2x0x3xf16>, tensor<0xf16>, tensor<0xf16>) -> tensor<2x0x3xf16>
  return %y : tensor<2x0x3xf16>
}

func.func @huge_groups(%x: tensor<2x?x?xf32>, %s: tensor<?xf32>) -> tensor<2x?x?xf32> {
  %y = norm.group_normalization %x, %s, %s num_groups = 9223372036854775807
      : (tensor<2x?x?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<2x?x?xf32>
  return %y : tensor<2x?x?xf32>
}

func.func @huge_groups_nhwc(%x: tensor<2x3x?xf32>, %s: tensor<?xf32>) -> tensor<2x3x?xf32> {
  %y = norm.group_normalization %x, %s, %s num_groups = 9223372036854775807 channels_last
      : (tensor<2x3x?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<2x3x?xf32>
  return %y : tensor<2x3x?xf32>
}
