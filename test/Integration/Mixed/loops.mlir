// Loops around norm ops: scf.for and scf.while whose loop-carried tensors
// are the ops' results (a new tensor per iteration), through norm-runner
// (norm-to-llvm with OpenMP row loops) and through
// `norm-opt --norm-to-llvm=parallel=false` into norm-runner (sequential row
// loops, whose per-row temporaries buffer-loop-hoisting moves out of the row
// loop). Before one-shot-bufferize allowed a loop to yield a new buffer,
// each failed to lower: "Yield operand #0 is not equivalent to the
// corresponding iter bbArg".
//
// Expected values: float64 NumPy (/usr/bin/python3), written from the
// formulas of docs/semantics.md, not from the lowering, cross-checked against
// test/lib/reference.py. Each op is computed in float64 from the f32 values
// of its operands and rounded once to f32, and so is each linalg.add (the
// same steps as the module, each op exact but for its one rounding):
//   lp_for: a = X; 3 times a = lp(a, axis 1, p 2) + W.
//   normalizer_while: a = X; N times a = a / max(a, axis 1) + W
//     (N = 3, and N = 0, which returns X itself).
//   layer_for: a = X; 3 times Y, Mean, InvStdDev = layer(a, Scale, B),
//     a = Y, acc += InvStdDev (acc starts at 0); returns a, acc and the last
//     Mean. layer: Mean, D = X - Mean, Var = mean(D^2),
//     InvStdDev = 1 / sqrt(Var + f32(1e-5)), Y = D * InvStdDev * Scale + B.
//   nested: a = X, acc = 0; 2 times (2 times a = layer(lp(a, axis 0, p 1)
//     + normalizer(a, L2), Scale, B).Y), then acc += a; returns a and acc.
//   rows_parallel: X[i, j] = ((7i + 3j) mod 23) / 4 - 2 (64 x 512, built in
//     the module: enough elements for the OpenMP path, which --threads=4
//     takes on any machine), Scale[j] =
//     1 + (j mod 4) / 2; 3 times a = layer(lp(a, axis 1, p 2)
//     + normalizer(a, MAX), Scale).Y; returns a[::8, ::64] and the last
//     Mean[::8].
// All within the runner's default f32 tolerances (rtol 1e-5, atol 1e-6).

// DEFINE: %{seq} = norm-opt %s --norm-to-llvm=parallel=false | norm-runner -
// DEFINE: %{args} =

// REDEFINE: %{args} = --function=lp_for \
// REDEFINE:   --input="2x5xf32=1 -2 3 -4 5 0.5 0.25 -8 2 1" \
// REDEFINE:   --input="2x5xf32=0.5 0 -1 2 0.25 1 -0.5 0 3 -2" \
// REDEFINE:   --expected-output="2x5xf32=0.75489104 -0.04264682 -1.4031651 2.8489769 0.4734009 1.2657616 -0.6297497 -0.050097816 3.8004162 -2.5189989"
// RUN: norm-runner %s %{args} | FileCheck %s --check-prefix=LP
// RUN: %{seq} %{args} | FileCheck %s --check-prefix=LP
// LP: [SUCCESS] result[0]: 2x5xf32

// REDEFINE: %{args} = --function=normalizer_while \
// REDEFINE:   --input="2x3xf32=1 -3 2 -1 -2 4" \
// REDEFINE:   --input="2x3xf32=0.5 1 -2 3 0 1" --input="i64=3" \
// REDEFINE:   --expected-output="2x3xf32=1.5 1.3333334 -4.0 4.0 -0.045454547 1.4318182"
// RUN: norm-runner %s %{args} | FileCheck %s --check-prefix=NZ
// RUN: %{seq} %{args} | FileCheck %s --check-prefix=NZ
// REDEFINE: %{args} = --function=normalizer_while \
// REDEFINE:   --input="2x3xf32=1 -3 2 -1 -2 4" \
// REDEFINE:   --input="2x3xf32=0.5 1 -2 3 0 1" --input="i64=0" \
// REDEFINE:   --expected-output="2x3xf32=1 -3 2 -1 -2 4"
// RUN: norm-runner %s %{args} | FileCheck %s --check-prefix=NZ
// RUN: %{seq} %{args} | FileCheck %s --check-prefix=NZ
// NZ: [SUCCESS] result[0]: 2x3xf32

// REDEFINE: %{args} = --function=layer_for \
// REDEFINE:   --input="3x4xf32=1 2 3 4 -1 0.5 2 7 3 3 -3 1" \
// REDEFINE:   --input="4xf32=1 2 3 0.5" --input="4xf32=0.5 -1 0 2" \
// REDEFINE:   --expected-output="3x4xf32=0.3566928 -4.1258283 1.9550008 2.5272772 0.6575685 -3.9371014 -0.11110597 2.6740088 1.0524871 -0.90369654 -4.8764114 2.512416" \
// REDEFINE:   --expected-output="3x1xf32=1.8799781 1.3547611 1.1262269" \
// REDEFINE:   --expected-output="3x1xf32=0.18729721 -0.15839353 -0.5000933"
// RUN: norm-runner %s %{args} | FileCheck %s --check-prefix=LN
// RUN: %{seq} %{args} | FileCheck %s --check-prefix=LN
// LN: [SUCCESS] result[0]: 3x4xf32
// LN-NEXT: [SUCCESS] result[1]: 3x1xf32
// LN-NEXT: [SUCCESS] result[2]: 3x1xf32

// REDEFINE: %{args} = --function=nested \
// REDEFINE:   --input="3x6xf32=1 2 3 4 5 6 -1 0.5 2 7 -3 1 3 3 -3 1 0 2" \
// REDEFINE:   --input="6xf32=1 2 3 0.5 1.5 -1" --input="6xf32=0.5 -1 0 2 0 1" \
// REDEFINE:   --expected-output="3x6xf32=0.7314829 -4.6708245 -1.8253107 2.593342 1.3235757 0.85670173 0.8871899 -4.02783 2.1341581 2.4809008 -1.9014232 0.27884692 1.6082188 -1.8090848 -5.593693 2.404109 -0.4196842 0.36754063" \
// REDEFINE:   --expected-output="3x6xf32=0.60278696 -8.441605 -2.7924078 5.2627583 3.2770765 2.1614165 1.0227157 -6.786056 3.648126 5.18964 -4.12062 0.47792953 3.0459409 -1.9596188 -11.678695 4.731786 -1.0796748 0.9170214"
// RUN: norm-runner %s %{args} | FileCheck %s --check-prefix=NEST
// RUN: %{seq} %{args} | FileCheck %s --check-prefix=NEST
// NEST: [SUCCESS] result[0]: 3x6xf32
// NEST-NEXT: [SUCCESS] result[1]: 3x6xf32

// REDEFINE: %{args} = --function=rows_parallel \
// REDEFINE:   --expected-output="8x8xf32=-0.42494467 -0.11722239 0.19049989 -0.38647944 -0.078757115 0.22896518 -0.34801415 -0.040291823 -0.044555932 0.26223314 -0.31299636 -0.0062073036 0.30058175 -0.27464777 0.032141335 0.33893037 0.34185293 -0.23718505 0.07163522 0.38045543 -0.19858252 0.11023775 0.419058 -0.15997998 -0.16225716 0.14703241 -0.43288556 -0.12359597 0.1856936 -0.39422435 -0.08493476 0.22435482 0.2368649 -0.34438244 -0.03438384 0.27561477 -0.30563262 0.0043659755 0.31436455 -0.2668828 -0.26709124 0.042929694 0.3529506 -0.2283386 0.08168231 0.39170322 -0.18958601 0.1204349 0.1250856 0.43282673 -0.14418791 0.16355324 -0.41346142 -0.10572029 0.2020209 -0.37499377 -0.3825468 -0.074527845 0.23349112 -0.34404445 -0.036025476 0.27199352 -0.30554208 0.0024768973" \
// REDEFINE:   --expected-output="8x1xf32=0.00071454444 0.0012225567 0.0019466955 0.001820232 -0.00074184116 -0.0011083042 -0.002604532 -0.00055992557"
// (The OpenMP run of rows_parallel is in loops-parallel.mlir.)
// RUN: %{seq} %{args} | FileCheck %s --check-prefix=ROWS
// ROWS: [SUCCESS] result[0]: 8x8xf32
// ROWS-NEXT: [SUCCESS] result[1]: 8x1xf32

func.func @lp_for(%x: tensor<2x5xf32>, %w: tensor<2x5xf32>)
    -> tensor<2x5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %x) -> tensor<2x5xf32> {
    %y = norm.lp_normalization %a axis = 1 p = 2 : tensor<2x5xf32>
    %s = linalg.add ins(%y, %w : tensor<2x5xf32>, tensor<2x5xf32>)
                    outs(%y : tensor<2x5xf32>) -> tensor<2x5xf32>
    scf.yield %s : tensor<2x5xf32>
  }
  return %r : tensor<2x5xf32>
}

func.func @normalizer_while(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>,
                            %n: tensor<i64>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %count = tensor.extract %n[] : tensor<i64>
  %r:2 = scf.while (%i = %c0, %a = %x) : (i64, tensor<?x?xf32>)
      -> (i64, tensor<?x?xf32>) {
    %more = arith.cmpi slt, %i, %count : i64
    scf.condition(%more) %i, %a : i64, tensor<?x?xf32>
  } do {
  ^bb0(%i: i64, %a: tensor<?x?xf32>):
    %y = norm.normalizer %a norm = "MAX" : tensor<?x?xf32> -> tensor<?x?xf32>
    %s = linalg.add ins(%y, %w : tensor<?x?xf32>, tensor<?x?xf32>)
                    outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
    %next = arith.addi %i, %c1 : i64
    scf.yield %next, %s : i64, tensor<?x?xf32>
  }
  return %r#1 : tensor<?x?xf32>
}

func.func @layer_for(%x: tensor<3x4xf32>, %scale: tensor<4xf32>,
                     %b: tensor<4xf32>)
    -> (tensor<3x4xf32>, tensor<3x1xf32>, tensor<3x1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x1xf32>
  %acc0 = linalg.fill ins(%zero : f32) outs(%e : tensor<3x1xf32>)
      -> tensor<3x1xf32>
  %r:3 = scf.for %i = %c0 to %c3 step %c1
      iter_args(%a = %x, %acc = %acc0, %last = %acc0)
      -> (tensor<3x4xf32>, tensor<3x1xf32>, tensor<3x1xf32>) {
    %y, %m, %inv = norm.layer_normalization %a, %scale, %b
        : (tensor<3x4xf32>, tensor<4xf32>, tensor<4xf32>)
        -> (tensor<3x4xf32>, tensor<3x1xf32>, tensor<3x1xf32>)
    %acc1 = linalg.add ins(%acc, %inv : tensor<3x1xf32>, tensor<3x1xf32>)
                       outs(%acc : tensor<3x1xf32>) -> tensor<3x1xf32>
    scf.yield %y, %acc1, %m
        : tensor<3x4xf32>, tensor<3x1xf32>, tensor<3x1xf32>
  }
  return %r#0, %r#1, %r#2
      : tensor<3x4xf32>, tensor<3x1xf32>, tensor<3x1xf32>
}

func.func @nested(%x: tensor<3x6xf32>, %scale: tensor<6xf32>,
                  %b: tensor<6xf32>) -> (tensor<3x6xf32>, tensor<3x6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x6xf32>
  %acc0 = linalg.fill ins(%zero : f32) outs(%e : tensor<3x6xf32>)
      -> tensor<3x6xf32>
  %r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %x, %acc = %acc0)
      -> (tensor<3x6xf32>, tensor<3x6xf32>) {
    %inner = scf.for %j = %c0 to %c2 step %c1 iter_args(%c = %a)
        -> tensor<3x6xf32> {
      %l = norm.lp_normalization %c axis = 0 p = 1 : tensor<3x6xf32>
      %n = norm.normalizer %c norm = "L2" : tensor<3x6xf32> -> tensor<3x6xf32>
      %s = linalg.add ins(%l, %n : tensor<3x6xf32>, tensor<3x6xf32>)
                      outs(%l : tensor<3x6xf32>) -> tensor<3x6xf32>
      %y, %m, %inv = norm.layer_normalization %s, %scale, %b
          : (tensor<3x6xf32>, tensor<6xf32>, tensor<6xf32>)
          -> (tensor<3x6xf32>, tensor<3x1xf32>, tensor<3x1xf32>)
      scf.yield %y : tensor<3x6xf32>
    }
    %acc1 = linalg.add ins(%acc, %inner : tensor<3x6xf32>, tensor<3x6xf32>)
                       outs(%acc : tensor<3x6xf32>) -> tensor<3x6xf32>
    scf.yield %inner, %acc1 : tensor<3x6xf32>, tensor<3x6xf32>
  }
  return %r#0, %r#1 : tensor<3x6xf32>, tensor<3x6xf32>
}

func.func @rows_parallel() -> (tensor<8x8xf32>, tensor<8x1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %e = tensor.empty() : tensor<64x512xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<64x512xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c7 = arith.constant 7 : index
    %c3i = arith.constant 3 : index
    %c23 = arith.constant 23 : index
    %i7 = arith.muli %i, %c7 : index
    %j3 = arith.muli %j, %c3i : index
    %k = arith.addi %i7, %j3 : index
    %km = arith.remui %k, %c23 : index
    %ki = arith.index_cast %km : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %quarter = arith.constant 0.25 : f32
    %two = arith.constant 2.0 : f32
    %kq = arith.mulf %kf, %quarter : f32
    %v = arith.subf %kq, %two : f32
    linalg.yield %v : f32
  } -> tensor<64x512xf32>
  %es = tensor.empty() : tensor<512xf32>
  %scale = linalg.generic {indexing_maps = [affine_map<(j) -> (j)>],
                           iterator_types = ["parallel"]}
      outs(%es : tensor<512xf32>) {
  ^bb0(%out: f32):
    %j = linalg.index 0 : index
    %c4 = arith.constant 4 : index
    %jm = arith.remui %j, %c4 : index
    %ji = arith.index_cast %jm : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %h = arith.mulf %jf, %half : f32
    %v = arith.addf %h, %one : f32
    linalg.yield %v : f32
  } -> tensor<512xf32>
  %em = tensor.empty() : tensor<64x1xf32>
  %r:2 = scf.for %k = %c0 to %c3 step %c1 iter_args(%a = %x, %mean = %em)
      -> (tensor<64x512xf32>, tensor<64x1xf32>) {
    %l = norm.lp_normalization %a axis = 1 p = 2 : tensor<64x512xf32>
    %n = norm.normalizer %a norm = "MAX"
        : tensor<64x512xf32> -> tensor<64x512xf32>
    %s = linalg.add ins(%l, %n : tensor<64x512xf32>, tensor<64x512xf32>)
                    outs(%l : tensor<64x512xf32>) -> tensor<64x512xf32>
    %y, %m, %inv = norm.layer_normalization %s, %scale
        : (tensor<64x512xf32>, tensor<512xf32>)
        -> (tensor<64x512xf32>, tensor<64x1xf32>, tensor<64x1xf32>)
    scf.yield %y, %m : tensor<64x512xf32>, tensor<64x1xf32>
  }
  %ys = tensor.extract_slice %r#0[0, 0] [8, 8] [8, 64]
      : tensor<64x512xf32> to tensor<8x8xf32>
  %ms = tensor.extract_slice %r#1[0, 0] [8, 1] [8, 1]
      : tensor<64x1xf32> to tensor<8x1xf32>
  return %ys, %ms : tensor<8x8xf32>, tensor<8x1xf32>
}
