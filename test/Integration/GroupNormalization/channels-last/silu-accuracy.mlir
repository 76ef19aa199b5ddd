// The SiLU of ONNX Runtime's GroupNorm (activation = 1) as compiled, over
// every f16 argument and a dense sweep of f32 ones (all binades, 2^20
// points of [-90, 90], the special values): X and Scale are zeros, so Y = B
// and B holds the arguments. Inputs/silu_accuracy.py writes them and checks
// Y against y / (1 + exp(-y)) in float64: f32 within 4 ulp (of f32, 2^-149
// for subnormal results) for every finite y, also below -88.37 where exp(-y)
// overflows f32 (edge/silu-exp-overflow.mlir), f16 the correctly rounded reference
// except next to an f16 midpoint (docs/numerics.md, ONNX Runtime's SiLU).

// RUN: rm -rf %t && mkdir -p %t
// RUN: /usr/bin/python3 %S/Inputs/silu_accuracy.py gen %t/f16 f16
// RUN: /usr/bin/python3 %S/Inputs/silu_accuracy.py gen %t/f32 f32
// RUN: norm-runner %s --function=silu_f16 --input=@%t/f16/x.npy \
// RUN:   --input=@%t/f16/scale.npy --input=@%t/f16/b.npy --output=@%t/f16/y.npy
// RUN: /usr/bin/python3 %S/Inputs/silu_accuracy.py check %t/f16 f16 \
// RUN:   | FileCheck %s --check-prefix=F16
// RUN: norm-runner %s --function=silu_f32 --input=@%t/f32/x.npy \
// RUN:   --input=@%t/f32/scale.npy --input=@%t/f32/b.npy --output=@%t/f32/y.npy
// RUN: /usr/bin/python3 %S/Inputs/silu_accuracy.py check %t/f32 f32 \
// RUN:   | FileCheck %s --check-prefix=F32

// F16: f16: 65536 arguments: {{[0-9]+}} results are the correctly rounded reference
// F32: f32: {{[0-9]+}} arguments, {{[0-9]+}} finite: largest error {{[0-9.]+}} ulp (bound 4), at y = {{.+}}; {{[0-9]+}} below -88: largest error {{[0-9.]+}} ulp

func.func @silu_f16(%x: tensor<1x1x65536xf16>, %scale: tensor<65536xf16>,
    %b: tensor<65536xf16>) -> tensor<1x1x65536xf16> {
  %y = norm.group_normalization %x, %scale, %b num_groups = 1 channels_last
      activation = 1
      : (tensor<1x1x65536xf16>, tensor<65536xf16>, tensor<65536xf16>)
      -> tensor<1x1x65536xf16>
  return %y : tensor<1x1x65536xf16>
}

func.func @silu_f32(%x: tensor<1x1x?xf32>, %scale: tensor<?xf32>,
    %b: tensor<?xf32>) -> tensor<1x1x?xf32> {
  %y = norm.group_normalization %x, %scale, %b num_groups = 1 channels_last
      activation = 1
      : (tensor<1x1x?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<1x1x?xf32>
  return %y : tensor<1x1x?xf32>
}
