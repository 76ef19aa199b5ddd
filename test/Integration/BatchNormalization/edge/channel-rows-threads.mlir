// BatchNormalization over the rows [N * C, D1 * ... * Dn] of X, one channel
// plane per iteration of the lowering's scf.forall, on 1 and 2 threads: 80
// planes of 1073 f32 elements (masked remainders), 35 planes of 3072 f16
// elements, and a 16 MiB f32 X near a large mean (Y written with
// non-temporal stores). Expected values: float64 NumPy
// (Inputs/gen_channel_rows.py, written from docs/semantics.md), rounded once
// to X's type.

// RUN: rm -rf %t && /usr/bin/python3 %S/Inputs/gen_channel_rows.py %t

// RUN: norm-runner %s --function=f32 --input=@%t/f32_x.npy \
// RUN:   --input=@%t/f32_scale.npy --input=@%t/f32_b.npy \
// RUN:   --input=@%t/f32_mean.npy --input=@%t/f32_var.npy \
// RUN:   --expected-output=@%t/f32_y.npy | FileCheck %s --check-prefix=F32
// RUN: norm-runner %s --function=f32 --threads=2 --input=@%t/f32_x.npy \
// RUN:   --input=@%t/f32_scale.npy --input=@%t/f32_b.npy \
// RUN:   --input=@%t/f32_mean.npy --input=@%t/f32_var.npy \
// RUN:   --expected-output=@%t/f32_y.npy | FileCheck %s --check-prefix=F32
// F32: [SUCCESS] result[0]: 2x40x37x29xf32
// F32-NOT: [FAILED]

// RUN: norm-runner %s --function=f16 --input=@%t/f16_x.npy \
// RUN:   --input=@%t/f16_scale.npy --input=@%t/f16_b.npy \
// RUN:   --input=@%t/f16_mean.npy --input=@%t/f16_var.npy \
// RUN:   --expected-output=@%t/f16_y.npy | FileCheck %s --check-prefix=F16
// RUN: norm-runner %s --function=f16 --threads=2 --input=@%t/f16_x.npy \
// RUN:   --input=@%t/f16_scale.npy --input=@%t/f16_b.npy \
// RUN:   --input=@%t/f16_mean.npy --input=@%t/f16_var.npy \
// RUN:   --expected-output=@%t/f16_y.npy | FileCheck %s --check-prefix=F16
// F16: [SUCCESS] result[0]: 5x7x64x48xf16
// F16-NOT: [FAILED]

// RUN: norm-runner %s --function=f32 --threads=2 --input=@%t/big_x.npy \
// RUN:   --input=@%t/big_scale.npy --input=@%t/big_b.npy \
// RUN:   --input=@%t/big_mean.npy --input=@%t/big_var.npy \
// RUN:   --expected-output=@%t/big_y.npy | FileCheck %s --check-prefix=BIG
// BIG: [SUCCESS] result[0]: 4x64x128x128xf32
// BIG-NOT: [FAILED]

func.func @f32(%x: tensor<?x?x?x?xf32>, %scale: tensor<?xf32>,
               %b: tensor<?xf32>, %mean: tensor<?xf32>, %var: tensor<?xf32>)
    -> tensor<?x?x?x?xf32> {
  %y = norm.batch_normalization %x, %scale, %b, %mean, %var
      : (tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>,
         tensor<?xf32>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}

func.func @f16(%x: tensor<?x7x64x48xf16>, %scale: tensor<7xf32>,
               %b: tensor<7xf32>, %mean: tensor<7xf32>, %var: tensor<7xf32>)
    -> tensor<?x7x64x48xf16> {
  %y = norm.batch_normalization %x, %scale, %b, %mean, %var
      : (tensor<?x7x64x48xf16>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>,
         tensor<7xf32>) -> tensor<?x7x64x48xf16>
  return %y : tensor<?x7x64x48xf16>
}
