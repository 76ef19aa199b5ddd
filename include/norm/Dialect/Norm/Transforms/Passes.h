//===- Passes.h - norm dialect transforms -----------------------*- C++ -*-===//
//
// Declarations and registration of the passes in Passes.td
// (norm-record-entry-signatures). Link NormMLIR::NormTransforms.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_DIALECT_NORM_TRANSFORMS_PASSES_H
#define NORM_DIALECT_NORM_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace norm {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "norm/Dialect/Norm/Transforms/Passes.h.inc"

} // namespace norm
} // namespace mlir

#endif // NORM_DIALECT_NORM_TRANSFORMS_PASSES_H
