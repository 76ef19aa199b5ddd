// LayerNormalization with epsilon = 0 on slices whose variance is a positive
// subnormal number of the stage-one type (f32 for f32 and bf16 X, f64 for
// f64 X): the values are ordinary normal numbers and InvStdDev is well
// inside the range, but the squares of the deviations fell into the
// subnormal range and kept few of their bits. Such slices are now
// recomputed in f64 (docs/numerics.md), f64 ones with their deviations
// scaled by a power of two. Before: f32 [3e-23, -3e-23] gave Y = +-0.8014
// and InvStdDev 2.67e22, [1e-22, 2e-22, 3e-22, 4e-22] gave Y 0.4 % off,
// f64 [1e-160, -1e-160] gave Y = 1.0000056 and [1e-200, -1e-200] NaN.
// Expected values: exact rational arithmetic on the inputs rounded to X's
// type (Mean and Var exact, 1 / sqrt(Var) to 80 digits; Scale 1, no B),
// rounded once to each result's type, the float64 reference of
// docs/semantics.md without its underflow. --atol=0 where the results are
// tiny, so that they are compared relatively.

// f32, short rows (a sequential sum); 1e-19 has a normal variance.
// RUN: norm-runner %s --function=f32 --atol=0 \
// RUN:   --input="3x2xf32=3e-23 -3e-23 1e-22 -1e-22 1e-19 -1e-19" \
// RUN:   --expected-output="3x2xf32=1 -1 1 -1 1 -1" \
// RUN:   --expected-output="3x1xf32=0 0 0" \
// RUN:   --expected-output="3x1xf32=3.3333331843387757e+22 9.999999778196308e+21 9.999999980506448e+18" \
// RUN:   | FileCheck %s --check-prefix=THREE
// RUN: norm-runner %s --function=f32 --atol=0 \
// RUN:   --input="1x4xf32=1e-22 2e-22 3e-22 4e-22" \
// RUN:   --expected-output="1x4xf32=-1.3416407108306885 -0.4472135603427887 0.44721347093582153 1.341640830039978" \
// RUN:   --expected-output="1x1xf32=2.4999999206638063e-22" \
// RUN:   --expected-output="1x1xf32=8.944271583047651e+21" \
// RUN:   | FileCheck %s --check-prefix=THREE
// Values above 2^-50 whose deviations (one ulp of 1e-15, about 1e-22) have
// subnormal squares: the variance is subnormal though no square is 0.
// RUN: norm-runner %s --function=f32 --atol=0 \
// RUN:   --input="1x4xf32=1.0000001e-15 1.0000002e-15 1e-15 1.0000004e-15" \
// RUN:   --expected-output="1x4xf32=-0.5070925354957581 0.16903084516525269 -1.1832159757614136 1.521277666091919" \
// RUN:   --expected-output="1x1xf32=1.0000002153857305e-15" \
// RUN:   --expected-output="1x1xf32=6.385804782236143e+21" \
// RUN:   | FileCheck %s --check-prefix=THREE

// Long rows (vector partial sums): 1e-21 * [3, 1, -2, 5] repeated, each
// product rounded to f32, so the statistics are those of the four values
// 2.9999999047965676e-21 9.999999682655225e-22 -1.999999936531045e-21
// 4.999999841327613e-21. n = 256 sums subnormal f32 squares; n = 4096
// sums its squares in f64 to a normal f32 SumSq, and Var0 = SumSq / n is
// subnormal (Y was 2e-4 off before).
// RUN: norm-runner %s --function=long --atol=0 --input="2xi64=2 256" \
// RUN:   --expected-output="2x1xf32=1.7499999444646644e-21 1.7499999444646644e-21" \
// RUN:   --expected-output="2x1xf32=3.8669461549849405e+20 3.8669461549849405e+20" \
// RUN:   --expected-output="4xf32=0.48336824774742126 -0.2900209426879883 -1.4501047134399414 1.256757378578186" \
// RUN:   | FileCheck %s --check-prefix=THREE
// RUN: norm-runner %s --function=long --atol=0 --input="2xi64=1 4096" \
// RUN:   --expected-output="1x1xf32=1.7499999444646644e-21" \
// RUN:   --expected-output="1x1xf32=3.8669461549849405e+20" \
// RUN:   --expected-output="4xf32=0.48336824774742126 -0.2900209426879883 -1.4501047134399414 1.256757378578186" \
// RUN:   | FileCheck %s --check-prefix=THREE

// bf16 X (f32 stage one): the inputs round to 2.9985297e-23 and to
// 1.0008885e-22 2.0017771e-22 2.9943938e-22 4.0035542e-22.
// RUN: norm-runner %s --function=bf16 --atol=0 \
// RUN:   --input="1x2xbf16=3e-23 -3e-23" \
// RUN:   --expected-output="1x2xbf16=1 -1" \
// RUN:   --expected-output="1x1xf32=0" \
// RUN:   --expected-output="1x1xf32=3.3349677658235298e+22" \
// RUN:   | FileCheck %s --check-prefix=THREE
// RUN: norm-runner %s --function=bf16 --atol=0 \
// RUN:   --input="1x4xbf16=1e-22 2e-22 3e-22 4e-22" \
// RUN:   --expected-output="1x4xbf16=-1.34375 -0.4453125 0.44140625 1.34375" \
// RUN:   --expected-output="1x1xf32=2.500153401441526e-22" \
// RUN:   --expected-output="1x1xf32=8.943680485596559e+21" \
// RUN:   | FileCheck %s --check-prefix=THREE

// f64 X (Mean and InvStdDev in f32, the stash type, where 1.75e-200
// rounds to 0 and 1e160 to inf): [1e-160, -1e-160] has a subnormal
// variance (1e-320), [1e-200, -1e-200] one that underflows f64.
// RUN: norm-runner %s --function=f64 --atol=0 \
// RUN:   --input="2x2xf64=1e-160 -1e-160 1e-200 -1e-200" \
// RUN:   --expected-output="2x2xf64=1 -1 1 -1" \
// RUN:   --expected-output="2x1xf32=0 0" \
// RUN:   --expected-output="2x1xf32=inf inf" \
// RUN:   | FileCheck %s --check-prefix=THREE
// RUN: norm-runner %s --function=f64 --atol=0 \
// RUN:   --input="1x4xf64=3e-200 1e-200 -2e-200 5e-200" \
// RUN:   --expected-output="1x4xf64=0.4833682445228318 -0.2900209467136991 -1.4501047335684953 1.2567574357593627" \
// RUN:   --expected-output="1x1xf32=0" \
// RUN:   --expected-output="1x1xf32=inf" \
// RUN:   | FileCheck %s --check-prefix=THREE
// With epsilon f32(1e-5) the scaled epsilon (about 1e-5 * 2^1330)
// overflows: Var + epsilon rounds to epsilon, InvStdDev =
// 1 / sqrt(f32(1e-5)).
// RUN: norm-runner %s --function=f64_eps --atol=0 \
// RUN:   --input="1x2xf64=1e-200 -1e-200" \
// RUN:   --expected-output="1x2xf64=3.1622777001113066e-198 -3.1622777001113066e-198" \
// RUN:   --expected-output="1x1xf32=0" \
// RUN:   --expected-output="1x1xf32=316.227783203125" \
// RUN:   | FileCheck %s --check-prefix=THREE

// THREE-COUNT-3: [SUCCESS]
// THREE-NOT: [FAILED]

func.func @f32(%x: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %scale = tensor.generate %n {
  ^bb0(%i: index):
    %one = arith.constant 1.0 : f32
    tensor.yield %one : f32
  } : tensor<?xf32>
  %y, %m, %i = norm.layer_normalization %x, %scale epsilon = 0.0
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @long(%size: tensor<2xi64>)
    -> (tensor<?x1xf32>, tensor<?x1xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r64 = tensor.extract %size[%c0] : tensor<2xi64>
  %n64 = tensor.extract %size[%c1] : tensor<2xi64>
  %rows = arith.index_cast %r64 : i64 to index
  %n = arith.index_cast %n64 : i64 to index
  %k = arith.constant dense<[3.0, 1.0, -2.0, 5.0]> : tensor<4xf32>
  %x = tensor.generate %rows, %n {
  ^bb0(%r: index, %i: index):
    %c4 = arith.constant 4 : index
    %a = arith.constant 1.0e-21 : f32
    %j = arith.remui %i, %c4 : index
    %kj = tensor.extract %k[%j] : tensor<4xf32>
    %v = arith.mulf %a, %kj : f32
    tensor.yield %v : f32
  } : tensor<?x?xf32>
  %scale = tensor.generate %n {
  ^bb0(%i: index):
    %one = arith.constant 1.0 : f32
    tensor.yield %one : f32
  } : tensor<?xf32>
  %y, %m, %inv = norm.layer_normalization %x, %scale epsilon = 0.0
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  %y0 = tensor.extract_slice %y[0, 0] [1, 4] [1, 1]
      : tensor<?x?xf32> to tensor<4xf32>
  return %m, %inv, %y0 : tensor<?x1xf32>, tensor<?x1xf32>, tensor<4xf32>
}

func.func @bf16(%x: tensor<?x?xbf16>)
    -> (tensor<?x?xbf16>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xbf16>
  %scale = tensor.generate %n {
  ^bb0(%i: index):
    %one = arith.constant 1.0 : bf16
    tensor.yield %one : bf16
  } : tensor<?xbf16>
  %y, %m, %i = norm.layer_normalization %x, %scale epsilon = 0.0
      : (tensor<?x?xbf16>, tensor<?xbf16>)
      -> (tensor<?x?xbf16>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x?xbf16>, tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @f64(%x: tensor<?x?xf64>)
    -> (tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xf64>
  %scale = tensor.generate %n {
  ^bb0(%i: index):
    %one = arith.constant 1.0 : f64
    tensor.yield %one : f64
  } : tensor<?xf64>
  %y, %m, %i = norm.layer_normalization %x, %scale epsilon = 0.0
      : (tensor<?x?xf64>, tensor<?xf64>)
      -> (tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @f64_eps(%x: tensor<?x?xf64>)
    -> (tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %scale = arith.constant dense<1.0> : tensor<2xf64>
  %y, %m, %i = norm.layer_normalization %x, %scale epsilon = 1.0e-5
      : (tensor<?x?xf64>, tensor<2xf64>)
      -> (tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>
}
