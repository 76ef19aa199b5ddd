// LayerNormalization over two normalized dims (X [2, 4096, 2], axis 1),
// lowered on X collapsed to [2, 8192] (CollapseLayerNormalization.cpp).
// Before the collapse, each slice was reduced by a loop nest over both
// dims, vectorized along neither; with dynamic sizes its f32 partial sums
// accumulated sequentially, and after the outlier X[r, 0, 0] = 1e6 the
// squared deviations of the other elements (about 1.5e4 each) were rounded
// away against a running sum of about 1e12: @dynamic_axis1 gave InvStdDev
// 9.061139e-05 and Y[0, 0, 0] 136.0145 (6e-5 relative, six times the f32
// tolerance). The static functions passed before too; they check the
// other ways Scale and B reach the collapsed op.
// X[r, i, j] = 1000 + ((7 i + 3 j + 5 r) mod 13) / 8, except X[r, 0, 0] =
// 1e6 (all exact in f32), is built in the module. Scale 1.5 and B 0.25
// [4096, 2] (static: collapsed as views; dynamic: views after a run-time
// check of their sizes); Scale [1, 2] = [1.5, -2] and B [1, 1] = 0.25 given
// with dynamic sizes (copied after that check); Scale [2] and B [1], static
// broadcasts for 2 slices, and axis 0 (one slice of 16384): not collapsed
// (a copy of n elements would serve fewer than 8 slices).
// Each function returns Y[r, i, j] for r in {0, 1}, i in {0, 1, 4095},
// j in {0, 1}, then Mean and InvStdDev.
// Expected: float64 reference computed with numpy from the formula above
// (mean, mean of squared deviations, 1 / sqrt(var + f32(1e-5)),
// Y = (x - mean) * InvStdDev * Scale + B), rounded once to f32; runner
// default tolerances.

// RUN: norm-runner %s --function=static_axis1 \
// RUN:   --expected-output="12xf32=136.00621 0.2333752 0.23344317 0.23349413 0.23332424 0.2333752 136.00621 0.23346014 0.2335281 0.23335822 0.23340918 0.23346014" \
// RUN:   --expected-output="2x1x1xf32=1122.6981 1122.6982" \
// RUN:   --expected-output="2x1x1xf32=9.0605863e-05 9.0605863e-05" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=dynamic_axis1 --input="2xi64=4096 2" \
// RUN:   --expected-output="12xf32=136.00621 0.2333752 0.23344317 0.23349413 0.23332424 0.2333752 136.00621 0.23346014 0.2335281 0.23335822 0.23340918 0.23346014" \
// RUN:   --expected-output="2x1x1xf32=1122.6981 1122.6982" \
// RUN:   --expected-output="2x1x1xf32=9.0605863e-05 9.0605863e-05" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=broadcast_scale \
// RUN:   --expected-output="12xf32=136.00621 0.27216637 0.23344317 0.27200782 0.23332424 0.27216637 136.00621 0.27205315 0.2335281 0.27218905 0.23340918 0.27205315" \
// RUN:   --expected-output="2x1x1xf32=1122.6981 1122.6982" \
// RUN:   --expected-output="2x1x1xf32=9.0605863e-05 9.0605863e-05" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=dynamic_runtime_broadcast \
// RUN:   --input="2xi64=4096 2" --input="1x2xf32=1.5 -2" --input="1x1xf32=0.25" \
// RUN:   --expected-output="12xf32=136.00621 0.27216637 0.23344317 0.27200782 0.23332424 0.27216637 136.00621 0.27205315 0.2335281 0.27218905 0.23340918 0.27205315" \
// RUN:   --expected-output="2x1x1xf32=1122.6981 1122.6982" \
// RUN:   --expected-output="2x1x1xf32=9.0605863e-05 9.0605863e-05" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=axis0 \
// RUN:   --expected-output="12xf32=136.00621 0.2333752 0.23344316 0.23349413 0.23332424 0.2333752 136.00621 0.23346016 0.2335281 0.23335822 0.23340918 0.23346016" \
// RUN:   --expected-output="1x1x1xf32=1122.6981" \
// RUN:   --expected-output="1x1x1xf32=9.0605863e-05" \
// RUN:   | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK: [SUCCESS] result[1]:
// CHECK: [SUCCESS] result[2]:
// CHECK-NOT: [FAILED]

#id = affine_map<(r, i, j) -> (r, i, j)>

// X[r, i, j] as above, of size [2, n, m].
func.func private @make_x(%n: index, %m: index) -> tensor<2x?x?xf32> {
  %empty = tensor.empty(%n, %m) : tensor<2x?x?xf32>
  %x = linalg.generic {indexing_maps = [#id],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%empty : tensor<2x?x?xf32>) {
  ^bb0(%out: f32):
    %r = linalg.index 0 : index
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c13 = arith.constant 13 : index
    %i7 = arith.muli %i, %c7 : index
    %j3 = arith.muli %j, %c3 : index
    %r5 = arith.muli %r, %c5 : index
    %s0 = arith.addi %i7, %j3 : index
    %s = arith.addi %s0, %r5 : index
    %k = arith.remui %s, %c13 : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.uitofp %ki : i32 to f32
    %eighth = arith.constant 0.125 : f32
    %base = arith.constant 1000.0 : f32
    %frac = arith.mulf %kf, %eighth : f32
    %v = arith.addf %base, %frac : f32
    %i0 = arith.cmpi eq, %i, %c0 : index
    %j0 = arith.cmpi eq, %j, %c0 : index
    %first = arith.andi %i0, %j0 : i1
    %outlier = arith.constant 1.0e6 : f32
    %e = arith.select %first, %outlier, %v : f32
    linalg.yield %e : f32
  } -> tensor<2x?x?xf32>
  return %x : tensor<2x?x?xf32>
}

// The static X: [2, 4096, 2].
func.func private @make_static_x() -> tensor<2x4096x2xf32> {
  %n = arith.constant 4096 : index
  %m = arith.constant 2 : index
  %x = call @make_x(%n, %m) : (index, index) -> tensor<2x?x?xf32>
  %xs = tensor.cast %x : tensor<2x?x?xf32> to tensor<2x4096x2xf32>
  return %xs : tensor<2x4096x2xf32>
}

// Y[r, i, j] for r in {0, 1}, i in {0, 1, 4095}, j in {0, 1}.
func.func private @pick(%y: tensor<2x4096x2xf32>) -> tensor<12xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4095 = arith.constant 4095 : index
  %y0_0_0 = tensor.extract %y[%c0, %c0, %c0] : tensor<2x4096x2xf32>
  %y0_0_1 = tensor.extract %y[%c0, %c0, %c1] : tensor<2x4096x2xf32>
  %y0_1_0 = tensor.extract %y[%c0, %c1, %c0] : tensor<2x4096x2xf32>
  %y0_1_1 = tensor.extract %y[%c0, %c1, %c1] : tensor<2x4096x2xf32>
  %y0_4095_0 = tensor.extract %y[%c0, %c4095, %c0] : tensor<2x4096x2xf32>
  %y0_4095_1 = tensor.extract %y[%c0, %c4095, %c1] : tensor<2x4096x2xf32>
  %y1_0_0 = tensor.extract %y[%c1, %c0, %c0] : tensor<2x4096x2xf32>
  %y1_0_1 = tensor.extract %y[%c1, %c0, %c1] : tensor<2x4096x2xf32>
  %y1_1_0 = tensor.extract %y[%c1, %c1, %c0] : tensor<2x4096x2xf32>
  %y1_1_1 = tensor.extract %y[%c1, %c1, %c1] : tensor<2x4096x2xf32>
  %y1_4095_0 = tensor.extract %y[%c1, %c4095, %c0] : tensor<2x4096x2xf32>
  %y1_4095_1 = tensor.extract %y[%c1, %c4095, %c1] : tensor<2x4096x2xf32>
  %v = tensor.from_elements %y0_0_0, %y0_0_1, %y0_1_0, %y0_1_1, %y0_4095_0, %y0_4095_1, %y1_0_0, %y1_0_1, %y1_1_0, %y1_1_1, %y1_4095_0, %y1_4095_1 : tensor<12xf32>
  return %v : tensor<12xf32>
}

func.func @static_axis1() -> (tensor<12xf32>, tensor<2x1x1xf32>,
                              tensor<2x1x1xf32>) {
  %x = call @make_static_x() : () -> tensor<2x4096x2xf32>
  %scale = arith.constant dense<1.5> : tensor<4096x2xf32>
  %b = arith.constant dense<0.25> : tensor<4096x2xf32>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b axis = 1
      : (tensor<2x4096x2xf32>, tensor<4096x2xf32>, tensor<4096x2xf32>)
      -> (tensor<2x4096x2xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  %p = call @pick(%y) : (tensor<2x4096x2xf32>) -> tensor<12xf32>
  return %p, %mean, %inv
      : tensor<12xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>
}

// Dynamic sizes that no canonicalization can fold: n and m come from the
// input (4096 and 2), so X is [2, n, m] and Scale and B [n, m].
func.func @dynamic_axis1(%size: tensor<2xi64>)
    -> (tensor<12xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s0 = tensor.extract %size[%c0] : tensor<2xi64>
  %s1 = tensor.extract %size[%c1] : tensor<2xi64>
  %n = arith.index_cast %s0 : i64 to index
  %m = arith.index_cast %s1 : i64 to index
  %x = call @make_x(%n, %m) : (index, index) -> tensor<2x?x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %c1_5 = arith.constant 1.5 : f32
  %c0_25 = arith.constant 0.25 : f32
  %scale = linalg.fill ins(%c1_5 : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %b = linalg.fill ins(%c0_25 : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b axis = 1
      : (tensor<2x?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
      -> (tensor<2x?x?xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  %ys = tensor.cast %y : tensor<2x?x?xf32> to tensor<2x4096x2xf32>
  %p = call @pick(%ys) : (tensor<2x4096x2xf32>) -> tensor<12xf32>
  return %p, %mean, %inv
      : tensor<12xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>
}

func.func @broadcast_scale() -> (tensor<12xf32>, tensor<2x1x1xf32>,
                                 tensor<2x1x1xf32>) {
  %x = call @make_static_x() : () -> tensor<2x4096x2xf32>
  %scale = arith.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %b = arith.constant dense<0.25> : tensor<1xf32>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b axis = 1
      : (tensor<2x4096x2xf32>, tensor<2xf32>, tensor<1xf32>)
      -> (tensor<2x4096x2xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  %p = call @pick(%y) : (tensor<2x4096x2xf32>) -> tensor<12xf32>
  return %p, %mean, %inv
      : tensor<12xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>
}

// Scale [?, ?] and B [?, ?] whose run-time sizes [1, 2] and [1, 1]
// broadcast: the collapse copies them (the scf.if's else branch).
func.func @dynamic_runtime_broadcast(%size: tensor<2xi64>,
                                     %scale: tensor<?x?xf32>,
                                     %b: tensor<?x?xf32>)
    -> (tensor<12xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s0 = tensor.extract %size[%c0] : tensor<2xi64>
  %s1 = tensor.extract %size[%c1] : tensor<2xi64>
  %n = arith.index_cast %s0 : i64 to index
  %m = arith.index_cast %s1 : i64 to index
  %x = call @make_x(%n, %m) : (index, index) -> tensor<2x?x?xf32>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b axis = 1
      : (tensor<2x?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
      -> (tensor<2x?x?xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  %ys = tensor.cast %y : tensor<2x?x?xf32> to tensor<2x4096x2xf32>
  %p = call @pick(%ys) : (tensor<2x4096x2xf32>) -> tensor<12xf32>
  return %p, %mean, %inv
      : tensor<12xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>
}

func.func @axis0() -> (tensor<12xf32>, tensor<1x1x1xf32>, tensor<1x1x1xf32>) {
  %x = call @make_static_x() : () -> tensor<2x4096x2xf32>
  %scale = arith.constant dense<1.5> : tensor<2xf32>
  %b = arith.constant dense<0.25> : tensor<2xf32>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b axis = 0
      : (tensor<2x4096x2xf32>, tensor<2xf32>, tensor<2xf32>)
      -> (tensor<2x4096x2xf32>, tensor<1x1x1xf32>, tensor<1x1x1xf32>)
  %p = call @pick(%y) : (tensor<2x4096x2xf32>) -> tensor<12xf32>
  return %p, %mean, %inv
      : tensor<12xf32>, tensor<1x1x1xf32>, tensor<1x1x1xf32>
}
