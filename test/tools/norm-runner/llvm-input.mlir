// LLVM-dialect input: modules lowered by `norm-opt --norm-to-llvm` run
// without lowering again, their tensor signatures read from the
// `norm.entry_signature` attribute the pipeline leaves on public functions.

// RUN: rm -rf %t && split-file %s %t

// x * 2 + 1 and a dynamic x / y, lowered first, read from stdin.
// RUN: norm-opt --norm-to-llvm %t/kernels.mlir \
// RUN:   | norm-runner - --function=affine_f32 --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   | FileCheck %s --check-prefix=AFFINE
// AFFINE: 2x3xf32=[3 5 7][9 11 13]
// RUN: norm-opt --norm-to-llvm %t/kernels.mlir \
// RUN:   | norm-runner --function=div_bf16 --input="3xbf16=1 -6 1" \
// RUN:   --input="3xbf16=3 4 0" | FileCheck %s --check-prefix=BF16
// 1/3 in bf16 is 171/512 = 0.333984375 ("0.334"); -6/4 = -1.5; 1/0 = inf.
// BF16: 3xbf16=0.334 -1.5 inf
// Lowered and unlowered modules give the same results.
// RUN: norm-opt --norm-to-llvm %t/kernels.mlir \
// RUN:   | norm-runner --function=div_bf16 --input="3xbf16=1 -6 1" \
// RUN:   --input="3xbf16=3 4 0" --expected-output="3xbf16=0.334 -1.5 inf" \
// RUN:   | FileCheck %s --check-prefix=SAME
// SAME: [SUCCESS] result[0]: 3xbf16

// The only public function is the default (llvm.func declarations such as
// malloc do not count).
// RUN: norm-opt --norm-to-llvm %t/single.mlir \
// RUN:   | norm-runner --input="2xi64=5 -7" | FileCheck %s --check-prefix=SINGLE
// SINGLE: 2xi64=-5 7

// Result buffers that are not malloc'ed by the call are not freed: @alias
// returns its argument twice and a constant global (allocated pointer
// 0xdeadbeef). A double or invalid free would abort.
// RUN: norm-runner %t/alias.mlir --input="3xf32=1 2 3" \
// RUN:   | FileCheck %s --check-prefix=ALIAS
// ALIAS: 3xf32=1 2 3
// ALIAS-NEXT: 3xf32=1 2 3
// ALIAS-NEXT: 2xf32=7 8

// Without the attribute the tensor types are unknown.
// RUN: not norm-runner %t/nosig.mlir 2>&1 | FileCheck %s --check-prefix=NOSIG
// NOSIG: norm-runner: error: function 'nosig' has no 'norm.entry_signature' attribute, so its tensor signature is unknown; LLVM-dialect input must come from 'norm-opt --norm-to-llvm' (or pass the module before lowering)
// An attribute that does not describe the LLVM signature is rejected before
// the call (2-D tensor = 7 parameters, the function has 5).
// RUN: not norm-runner %t/badsig.mlir --input="2x3xf32=1 2 3 4 5 6" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADSIG
// BADSIG: norm-runner: error: function 'badsig': its LLVM signature {{.*}} does not lower the tensor signature (tensor<2x3xf32>) -> tensor<2x3xf32> to memref descriptors

//--- kernels.mlir
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>

func.func @affine_f32(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %init = tensor.empty() : tensor<2x3xf32>
  %0 = linalg.generic {indexing_maps = [#map2, #map2],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%init : tensor<2x3xf32>) {
  ^bb0(%a: f32, %out: f32):
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %m = arith.mulf %a, %two : f32
    %r = arith.addf %m, %one : f32
    linalg.yield %r : f32
  } -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @div_bf16(%x: tensor<?xbf16>, %y: tensor<?xbf16>)
    -> tensor<?xbf16> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %x, %c0 : tensor<?xbf16>
  %init = tensor.empty(%d0) : tensor<?xbf16>
  %0 = linalg.generic {indexing_maps = [#map1, #map1, #map1],
                       iterator_types = ["parallel"]}
      ins(%x, %y : tensor<?xbf16>, tensor<?xbf16>)
      outs(%init : tensor<?xbf16>) {
  ^bb0(%a: bf16, %b: bf16, %out: bf16):
    %r = arith.divf %a, %b : bf16
    linalg.yield %r : bf16
  } -> tensor<?xbf16>
  return %0 : tensor<?xbf16>
}

//--- single.mlir
func.func @negate_i64(%x: tensor<2xi64>) -> tensor<2xi64> {
  %init = tensor.empty() : tensor<2xi64>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>,
                                        affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<2xi64>) outs(%init : tensor<2xi64>) {
  ^bb0(%a: i64, %out: i64):
    %zero = arith.constant 0 : i64
    %r = arith.subi %zero, %a : i64
    linalg.yield %r : i64
  } -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

//--- alias.mlir
!desc = !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
llvm.mlir.global private constant @cst(dense<[7.0, 8.0]> : tensor<2xf32>)
    {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<2 x f32>
llvm.func @alias(%allocated: !llvm.ptr, %aligned: !llvm.ptr, %offset: i64,
                 %size: i64, %stride: i64)
    -> !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>,
                     struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>,
                     struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)>
    attributes {norm.entry_signature = (tensor<?xf32>)
                    -> (tensor<?xf32>, tensor<?xf32>, tensor<2xf32>)} {
  %poison = llvm.mlir.poison : !desc
  %a0 = llvm.insertvalue %allocated, %poison[0] : !desc
  %a1 = llvm.insertvalue %aligned, %a0[1] : !desc
  %a2 = llvm.insertvalue %offset, %a1[2] : !desc
  %a3 = llvm.insertvalue %size, %a2[3, 0] : !desc
  %arg = llvm.insertvalue %stride, %a3[4, 0] : !desc
  %global = llvm.mlir.addressof @cst : !llvm.ptr
  %deadbeef = llvm.mlir.constant(3735928559 : i64) : i64
  %marker = llvm.inttoptr %deadbeef : i64 to !llvm.ptr
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %c2 = llvm.mlir.constant(2 : i64) : i64
  %g0 = llvm.insertvalue %marker, %poison[0] : !desc
  %g1 = llvm.insertvalue %global, %g0[1] : !desc
  %g2 = llvm.insertvalue %c0, %g1[2] : !desc
  %g3 = llvm.insertvalue %c2, %g2[3, 0] : !desc
  %const = llvm.insertvalue %c1, %g3[4, 0] : !desc
  %r = llvm.mlir.poison
      : !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>,
                      struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>,
                      struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)>
  %r0 = llvm.insertvalue %arg, %r[0]
      : !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>,
                      struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>,
                      struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)>
  %r1 = llvm.insertvalue %arg, %r0[1]
      : !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>,
                      struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>,
                      struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)>
  %r2 = llvm.insertvalue %const, %r1[2]
      : !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>,
                      struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>,
                      struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)>
  llvm.return %r2
      : !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>,
                      struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>,
                      struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)>
}

//--- nosig.mlir
llvm.func @nosig() {
  llvm.return
}

//--- badsig.mlir
!desc = !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
llvm.func @badsig(%allocated: !llvm.ptr, %aligned: !llvm.ptr, %offset: i64,
                  %size: i64, %stride: i64) -> !desc
    attributes {norm.entry_signature = (tensor<2x3xf32>) -> tensor<2x3xf32>} {
  %poison = llvm.mlir.poison : !desc
  llvm.return %poison : !desc
}
