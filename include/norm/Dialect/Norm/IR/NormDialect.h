//===- NormDialect.h - norm dialect declaration -----------------*- C++ -*-===//
//
// The `norm` dialect: ONNX normalization operators on tensors.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_DIALECT_NORM_IR_NORMDIALECT_H
#define NORM_DIALECT_NORM_IR_NORMDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/Operation.h"

#include "norm/Dialect/Norm/IR/NormOpsDialect.h.inc"

#endif // NORM_DIALECT_NORM_IR_NORMDIALECT_H
