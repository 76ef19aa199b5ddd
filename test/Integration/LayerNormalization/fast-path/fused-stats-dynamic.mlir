// LayerNormalization returning Y, Mean and InvStdDev on dynamic shapes with
// odd sizes: norm-fuse-rows computes all three in one row loop (Mean and
// InvStdDev are results of that loop, not recomputed outside it; see
// test/Codegen/fuse-rows-stats.mlir). Expected: float64
// reference (Inputs/gen_fused_stats.py) rounded once to the output type.
// 263x131 f32 runs its row loop on 1 and 2 threads.

// RUN: rm -rf %t && /usr/bin/python3 %S/Inputs/gen_fused_stats.py %t
// RUN: env OMP_NUM_THREADS=1 norm-runner %s --function=ln2d \
// RUN:   --input=@%t/ln2d_x.npy --input=@%t/ln2d_scale.npy \
// RUN:   --input=@%t/ln2d_b.npy --expected-output=@%t/ln2d_y.npy \
// RUN:   --expected-output=@%t/ln2d_mean.npy \
// RUN:   --expected-output=@%t/ln2d_inv.npy | FileCheck %s --check-prefix=THREE
// RUN: env OMP_NUM_THREADS=2 norm-runner %s --function=ln2d \
// RUN:   --input=@%t/ln2d_x.npy --input=@%t/ln2d_scale.npy \
// RUN:   --input=@%t/ln2d_b.npy --expected-output=@%t/ln2d_y.npy \
// RUN:   --expected-output=@%t/ln2d_mean.npy \
// RUN:   --expected-output=@%t/ln2d_inv.npy | FileCheck %s --check-prefix=THREE
// RUN: norm-runner %s --function=ln2d_inv_only --threads=2 \
// RUN:   --input=@%t/ln2d_x.npy --input=@%t/ln2d_scale.npy \
// RUN:   --input=@%t/ln2d_b.npy --expected-output=@%t/ln2d_y.npy \
// RUN:   --expected-output=@%t/ln2d_inv.npy | FileCheck %s --check-prefix=TWO
// RUN: norm-runner %s --function=ln3d --threads=1 \
// RUN:   --input=@%t/ln3d_x.npy --input=@%t/ln3d_scale.npy \
// RUN:   --input=@%t/ln3d_b.npy --expected-output=@%t/ln3d_y.npy \
// RUN:   --expected-output=@%t/ln3d_mean.npy \
// RUN:   --expected-output=@%t/ln3d_inv.npy | FileCheck %s --check-prefix=THREE

// THREE: [SUCCESS] result[0]:
// THREE: [SUCCESS] result[1]:
// THREE: [SUCCESS] result[2]:
// THREE-NOT: [FAILED]

// TWO: [SUCCESS] result[0]:
// TWO: [SUCCESS] result[1]:
// TWO-NOT: [FAILED]

func.func @ln2d(%x: tensor<?x?xf32>, %scale: tensor<?xf32>, %b: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %mean, %inv : tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @ln2d_inv_only(%x: tensor<?x?xf32>, %scale: tensor<?xf32>,
                         %b: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x1xf32>) {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %inv : tensor<?x?xf32>, tensor<?x1xf32>
}

func.func @ln3d(%x: tensor<?x?x?xf64>, %scale: tensor<?x?xf64>,
                %b: tensor<?xf64>)
    -> (tensor<?x?x?xf64>, tensor<?x1x1xf32>, tensor<?x1x1xf32>) {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b axis = 1
      epsilon = 1.000000e-03
      : (tensor<?x?x?xf64>, tensor<?x?xf64>, tensor<?xf64>)
      -> (tensor<?x?x?xf64>, tensor<?x1x1xf32>, tensor<?x1x1xf32>)
  return %y, %mean, %inv
      : tensor<?x?x?xf64>, tensor<?x1x1xf32>, tensor<?x1x1xf32>
}
