// SkipSimplifiedLayerNormalization with its sum output (ONNX Runtime's
// input_skip_bias_sum), written as an add feeding norm.rms_normalization
// with both returned: norm-fuse-elementwise and norm-fuse-rows compute the
// add in the row loop, from X and Skip, and write the sum from that loop
// (test/Codegen/fuse-rows-producers.mlir). Static and dynamic shapes, f32
// and f16, 1 and 2 threads. Expected: float64 reference
// (Inputs/gen_skip.py) of the sum as the module computes it (one rounding
// per add), rounded once to the output type.

// RUN: rm -rf %t && /usr/bin/python3 %S/Inputs/gen_skip.py %t
// RUN: norm-runner %s --function=rms_f32 --threads=1 \
// RUN:   --input=@%t/rms_f32_x.npy --input=@%t/rms_f32_skip.npy \
// RUN:   --input=@%t/rms_f32_scale.npy --expected-output=@%t/rms_f32_y.npy \
// RUN:   --expected-output=@%t/rms_f32_sum.npy | FileCheck %s
// RUN: norm-runner %s --function=rms_f32 --threads=2 \
// RUN:   --input=@%t/rms_f32_x.npy --input=@%t/rms_f32_skip.npy \
// RUN:   --input=@%t/rms_f32_scale.npy --expected-output=@%t/rms_f32_y.npy \
// RUN:   --expected-output=@%t/rms_f32_sum.npy | FileCheck %s
// RUN: norm-runner %s --function=rms_f32_dynamic --threads=1 \
// RUN:   --input=@%t/rms_f32_x.npy --input=@%t/rms_f32_skip.npy \
// RUN:   --input=@%t/rms_f32_scale.npy --expected-output=@%t/rms_f32_y.npy \
// RUN:   --expected-output=@%t/rms_f32_sum.npy | FileCheck %s
// RUN: norm-runner %s --function=rms_f32_dynamic --threads=2 \
// RUN:   --input=@%t/rms_f32_x.npy --input=@%t/rms_f32_skip.npy \
// RUN:   --input=@%t/rms_f32_scale.npy --expected-output=@%t/rms_f32_y.npy \
// RUN:   --expected-output=@%t/rms_f32_sum.npy | FileCheck %s
// RUN: norm-runner %s --function=rms_f16 --threads=1 \
// RUN:   --input=@%t/rms_f16_x.npy --input=@%t/rms_f16_skip.npy \
// RUN:   --input=@%t/rms_f16_scale.npy --expected-output=@%t/rms_f16_y.npy \
// RUN:   --expected-output=@%t/rms_f16_sum.npy | FileCheck %s
// RUN: norm-runner %s --function=rms_f16_dynamic --threads=2 \
// RUN:   --input=@%t/rms_f16_x.npy --input=@%t/rms_f16_skip.npy \
// RUN:   --input=@%t/rms_f16_scale.npy --expected-output=@%t/rms_f16_y.npy \
// RUN:   --expected-output=@%t/rms_f16_sum.npy | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK: [SUCCESS] result[1]:
// CHECK-NOT: [FAILED]

func.func @rms_f32(%x: tensor<263x131xf32>, %skip: tensor<263x131xf32>,
                   %scale: tensor<131xf32>)
    -> (tensor<263x131xf32>, tensor<263x131xf32>) {
  %sum = arith.addf %x, %skip : tensor<263x131xf32>
  %y, %inv = norm.rms_normalization %sum, %scale
      : (tensor<263x131xf32>, tensor<131xf32>)
      -> (tensor<263x131xf32>, tensor<263x1xf32>)
  return %y, %sum : tensor<263x131xf32>, tensor<263x131xf32>
}

func.func @rms_f32_dynamic(%x: tensor<?x?xf32>, %skip: tensor<?x?xf32>,
                           %scale: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %sum = linalg.add ins(%x, %skip : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %y, %inv = norm.rms_normalization %sum, %scale
      : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x1xf32>)
  return %y, %sum : tensor<?x?xf32>, tensor<?x?xf32>
}

func.func @rms_f16(%x: tensor<37x200xf16>, %skip: tensor<37x200xf16>,
                   %scale: tensor<200xf16>)
    -> (tensor<37x200xf16>, tensor<37x200xf16>) {
  %sum = arith.addf %x, %skip : tensor<37x200xf16>
  %y, %inv = norm.rms_normalization %sum, %scale
      : (tensor<37x200xf16>, tensor<200xf16>)
      -> (tensor<37x200xf16>, tensor<37x1xf32>)
  return %y, %sum : tensor<37x200xf16>, tensor<37x200xf16>
}

func.func @rms_f16_dynamic(%x: tensor<?x?xf16>, %skip: tensor<?x?xf16>,
                           %scale: tensor<?xf16>)
    -> (tensor<?x?xf16>, tensor<?x?xf16>) {
  %sum = arith.addf %x, %skip : tensor<?x?xf16>
  %y, %inv = norm.rms_normalization %sum, %scale
      : (tensor<?x?xf16>, tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x1xf32>)
  return %y, %sum : tensor<?x?xf16>, tensor<?x?xf16>
}
