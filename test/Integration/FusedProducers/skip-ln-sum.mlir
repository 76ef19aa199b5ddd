// SkipLayerNormalization with a bias and its sum output (ONNX Runtime's
// input_skip_bias_sum): (X + Skip) + Bias feeding
// norm.layer_normalization, the sum returned too. norm-fuse-elementwise and
// norm-fuse-rows compute both adds in the row loop, in each pass over the
// row (the Mean, the sums of squared deviations, the exact f64
// recomputation of a row, the tail), and write the sum from that loop
// (test/Codegen/fuse-rows-producers.mlir). Static and dynamic shapes, f32
// and f16, 1 and 2 threads. Expected: float64 reference
// (Inputs/gen_skip.py) of the sum as the module computes it (one rounding
// per add), rounded once to the output type.

// RUN: rm -rf %t && /usr/bin/python3 %S/Inputs/gen_skip.py %t
// RUN: norm-runner %s --function=ln_f32 --threads=1 \
// RUN:   --input=@%t/ln_f32_x.npy --input=@%t/ln_f32_skip.npy \
// RUN:   --input=@%t/ln_f32_bias.npy --input=@%t/ln_f32_scale.npy \
// RUN:   --input=@%t/ln_f32_b.npy --expected-output=@%t/ln_f32_y.npy \
// RUN:   --expected-output=@%t/ln_f32_sum.npy | FileCheck %s
// RUN: norm-runner %s --function=ln_f32 --threads=2 \
// RUN:   --input=@%t/ln_f32_x.npy --input=@%t/ln_f32_skip.npy \
// RUN:   --input=@%t/ln_f32_bias.npy --input=@%t/ln_f32_scale.npy \
// RUN:   --input=@%t/ln_f32_b.npy --expected-output=@%t/ln_f32_y.npy \
// RUN:   --expected-output=@%t/ln_f32_sum.npy | FileCheck %s
// RUN: norm-runner %s --function=ln_f32_dynamic --threads=1 \
// RUN:   --input=@%t/ln_f32_x.npy --input=@%t/ln_f32_skip.npy \
// RUN:   --input=@%t/ln_f32_bias.npy --input=@%t/ln_f32_scale.npy \
// RUN:   --input=@%t/ln_f32_b.npy --expected-output=@%t/ln_f32_y.npy \
// RUN:   --expected-output=@%t/ln_f32_sum.npy | FileCheck %s
// RUN: norm-runner %s --function=ln_f32_dynamic --threads=2 \
// RUN:   --input=@%t/ln_f32_x.npy --input=@%t/ln_f32_skip.npy \
// RUN:   --input=@%t/ln_f32_bias.npy --input=@%t/ln_f32_scale.npy \
// RUN:   --input=@%t/ln_f32_b.npy --expected-output=@%t/ln_f32_y.npy \
// RUN:   --expected-output=@%t/ln_f32_sum.npy | FileCheck %s
// RUN: norm-runner %s --function=ln_f16 --threads=1 \
// RUN:   --input=@%t/ln_f16_x.npy --input=@%t/ln_f16_skip.npy \
// RUN:   --input=@%t/ln_f16_bias.npy --input=@%t/ln_f16_scale.npy \
// RUN:   --input=@%t/ln_f16_b.npy --expected-output=@%t/ln_f16_y.npy \
// RUN:   --expected-output=@%t/ln_f16_sum.npy | FileCheck %s
// RUN: norm-runner %s --function=ln_f16_dynamic --threads=2 \
// RUN:   --input=@%t/ln_f16_x.npy --input=@%t/ln_f16_skip.npy \
// RUN:   --input=@%t/ln_f16_bias.npy --input=@%t/ln_f16_scale.npy \
// RUN:   --input=@%t/ln_f16_b.npy --expected-output=@%t/ln_f16_y.npy \
// RUN:   --expected-output=@%t/ln_f16_sum.npy | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK: [SUCCESS] result[1]:
// CHECK-NOT: [FAILED]

#xy = affine_map<(i, j) -> (i, j)>
#y = affine_map<(i, j) -> (j)>

func.func @ln_f32(%x: tensor<263x131xf32>, %skip: tensor<263x131xf32>,
                  %bias: tensor<131xf32>, %scale: tensor<131xf32>,
                  %b: tensor<131xf32>)
    -> (tensor<263x131xf32>, tensor<263x131xf32>) {
  %e = tensor.empty() : tensor<263x131xf32>
  %s1 = arith.addf %x, %skip : tensor<263x131xf32>
  %sum = linalg.generic {indexing_maps = [#xy, #y, #xy],
                         iterator_types = ["parallel", "parallel"]}
      ins(%s1, %bias : tensor<263x131xf32>, tensor<131xf32>)
      outs(%e : tensor<263x131xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %v = arith.addf %a, %c : f32
    linalg.yield %v : f32
  } -> tensor<263x131xf32>
  %y, %mean, %inv = norm.layer_normalization %sum, %scale, %b
      : (tensor<263x131xf32>, tensor<131xf32>, tensor<131xf32>)
      -> (tensor<263x131xf32>, tensor<263x1xf32>, tensor<263x1xf32>)
  return %y, %sum : tensor<263x131xf32>, tensor<263x131xf32>
}

func.func @ln_f32_dynamic(%x: tensor<?x?xf32>, %skip: tensor<?x?xf32>,
                          %bias: tensor<?xf32>, %scale: tensor<?xf32>,
                          %b: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %s1 = linalg.add ins(%x, %skip : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %bb = linalg.broadcast ins(%bias : tensor<?xf32>) outs(%e : tensor<?x?xf32>)
      dimensions = [0]
  %sum = linalg.add ins(%s1, %bb : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %y, %mean, %inv = norm.layer_normalization %sum, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %sum : tensor<?x?xf32>, tensor<?x?xf32>
}

func.func @ln_f16(%x: tensor<37x200xf16>, %skip: tensor<37x200xf16>,
                  %bias: tensor<200xf16>, %scale: tensor<200xf16>,
                  %b: tensor<200xf16>)
    -> (tensor<37x200xf16>, tensor<37x200xf16>) {
  %e = tensor.empty() : tensor<37x200xf16>
  %s1 = arith.addf %x, %skip : tensor<37x200xf16>
  %sum = linalg.generic {indexing_maps = [#xy, #y, #xy],
                         iterator_types = ["parallel", "parallel"]}
      ins(%s1, %bias : tensor<37x200xf16>, tensor<200xf16>)
      outs(%e : tensor<37x200xf16>) {
  ^bb0(%a: f16, %c: f16, %o: f16):
    %v = arith.addf %a, %c : f16
    linalg.yield %v : f16
  } -> tensor<37x200xf16>
  %y, %mean, %inv = norm.layer_normalization %sum, %scale, %b
      : (tensor<37x200xf16>, tensor<200xf16>, tensor<200xf16>)
      -> (tensor<37x200xf16>, tensor<37x1xf32>, tensor<37x1xf32>)
  return %y, %sum : tensor<37x200xf16>, tensor<37x200xf16>
}

func.func @ln_f16_dynamic(%x: tensor<?x?xf16>, %skip: tensor<?x?xf16>,
                          %bias: tensor<?xf16>, %scale: tensor<?xf16>,
                          %b: tensor<?xf16>)
    -> (tensor<?x?xf16>, tensor<?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf16>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf16>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf16>
  %s1 = arith.addf %x, %skip : tensor<?x?xf16>
  %sum = linalg.generic {indexing_maps = [#xy, #y, #xy],
                         iterator_types = ["parallel", "parallel"]}
      ins(%s1, %bias : tensor<?x?xf16>, tensor<?xf16>)
      outs(%e : tensor<?x?xf16>) {
  ^bb0(%a: f16, %c: f16, %o: f16):
    %v = arith.addf %a, %c : f16
    linalg.yield %v : f16
  } -> tensor<?x?xf16>
  %y, %mean, %inv = norm.layer_normalization %sum, %scale, %b
      : (tensor<?x?xf16>, tensor<?xf16>, tensor<?xf16>)
      -> (tensor<?x?xf16>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %sum : tensor<?x?xf16>, tensor<?x?xf16>
}
