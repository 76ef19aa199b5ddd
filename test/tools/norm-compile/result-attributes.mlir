// A result attribute (every ONNX import adds `onnx.name`) on a result with a
// dynamic size: the shape analysis used to fail ("expects result attribute
// array to have the same number of elements"), since the sizes it appends to
// the results have no attributes.

// RUN: norm-compile %s --parallel=false -o %t.o
// RUN: FileCheck %s --input-file=%t.h
// CHECK: result0: f32 [arg0.dim0, 4]
// CHECK: result1: f32 [arg0.dim0, 4]
// CHECK: int32_t f(const float *arg0, const int64_t *arg0_shape, float *result0,
// CHECK-NEXT: float *result1);
// RUN: llvm-nm -g --defined-only %t.o | FileCheck %s --check-prefix=SYMBOL
// SYMBOL: T f

func.func @f(%x: tensor<?x4xf32>)
    -> (tensor<?x4xf32> {onnx.name = "Y"}, tensor<?x4xf32> {foo.bar = 1 : i32}) {
  %y = norm.lp_normalization %x : tensor<?x4xf32>
  return %y, %x : tensor<?x4xf32>, tensor<?x4xf32>
}
