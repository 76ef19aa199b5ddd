//===- Passes.h - norm CPU codegen passes -----------------------*- C++ -*-===//
//
// Declarations and registration of the CPU codegen passes in Passes.td
// (norm-fuse-rows, norm-vectorize-rows, ...). Link NormMLIR::NormCodegen.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_CODEGEN_PASSES_H
#define NORM_CODEGEN_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace norm {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "norm/Codegen/Passes.h.inc"

} // namespace norm
} // namespace mlir

#endif // NORM_CODEGEN_PASSES_H
