// LayerNormalization f32 on rows of 16384 elements of offset data
// (1000 + N(0, 1), Scale and B N(0, 3)) with 128-bit vectors (16 partial
// sums): Y, Mean and InvStdDev within the f32 tolerances (atol 1e-6,
// rtol 1e-5) of the float64 reference that Inputs/long_offset_rows.py
// computes from the same f32 inputs. Q = ReduceSum(K - X) / n summed in f32
// moved the mean by up to 3 tolerances of Y on these rows (Y [0, 50]
// 0.03775881 against 0.037760213); rows longer than 2048 elements now sum
// K - X in f64, as their sum of squares, for a dynamic (@dynamic) and a
// static (@static) length alike.
// RUN: rm -rf %t && /usr/bin/python3 %S/Inputs/long_offset_rows.py %t 8 16384 11
// RUN: norm-runner %s --function=dynamic --vector-bits=128 \
// RUN:   --input=@%t/x.npy --input=@%t/scale.npy --input=@%t/b.npy \
// RUN:   --expected-output=@%t/y.npy --expected-output=@%t/mean.npy \
// RUN:   --expected-output=@%t/inv_std_dev.npy | FileCheck %s
// RUN: norm-runner %s --function=static --vector-bits=128 \
// RUN:   --input=@%t/x.npy --input=@%t/scale.npy --input=@%t/b.npy \
// RUN:   --expected-output=@%t/y.npy --expected-output=@%t/mean.npy \
// RUN:   --expected-output=@%t/inv_std_dev.npy | FileCheck %s
// RUN: norm-runner %s --function=dynamic \
// RUN:   --input=@%t/x.npy --input=@%t/scale.npy --input=@%t/b.npy \
// RUN:   --expected-output=@%t/y.npy --expected-output=@%t/mean.npy \
// RUN:   --expected-output=@%t/inv_std_dev.npy | FileCheck %s

// CHECK: [SUCCESS] result[0]: 8x16384xf32
// CHECK: [SUCCESS] result[1]: 8x1xf32
// CHECK: [SUCCESS] result[2]: 8x1xf32
// CHECK-NOT: FAILED

func.func @dynamic(%x: tensor<?x?xf32>, %scale: tensor<?xf32>, %b: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %mean, %inv_std_dev = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %mean, %inv_std_dev : tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @static(%x: tensor<8x16384xf32>, %scale: tensor<16384xf32>,
                  %b: tensor<16384xf32>)
    -> (tensor<8x16384xf32>, tensor<8x1xf32>, tensor<8x1xf32>) {
  %y, %mean, %inv_std_dev = norm.layer_normalization %x, %scale, %b
      : (tensor<8x16384xf32>, tensor<16384xf32>, tensor<16384xf32>)
      -> (tensor<8x16384xf32>, tensor<8x1xf32>, tensor<8x1xf32>)
  return %y, %mean, %inv_std_dev : tensor<8x16384xf32>, tensor<8x1xf32>, tensor<8x1xf32>
}
