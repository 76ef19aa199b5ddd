//===- Passes.h - norm conversion passes ------------------------*- C++ -*-===//
//
// Declarations and registration of the passes in Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_CONVERSION_PASSES_H
#define NORM_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"

namespace mlir {
namespace norm {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "norm/Conversion/Passes.h.inc"

} // namespace norm
} // namespace mlir

#endif // NORM_CONVERSION_PASSES_H
