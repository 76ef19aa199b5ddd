//===- CheckLowered.h - norm-to-llvm's check of its result ------*- C++ -*-===//
//
// Private to lib/Pipelines: the last pass of norm-to-llvm, which fails where
// an op was left that the translation to LLVM IR does not take
// (CheckLowered.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_PIPELINES_CHECKLOWERED_H
#define NORM_LIB_PIPELINES_CHECKLOWERED_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
namespace norm {

/// Creates `norm-to-llvm-check-lowered`: fails, with one error at the op's
/// location naming it ("'linalg.softmax' op was not lowered to the LLVM
/// dialect by norm-to-llvm"), where the module (nested modules included)
/// holds an op other than `builtin.module`, an op of the `llvm` dialect or
/// one of the `omp` dialect (the OpenMP regions of `parallel=true`, which
/// the OpenMP translation takes). The conversions to LLVM are partial
/// conversions: they leave an op they have no pattern for (linalg.softmax,
/// math.erf, a tosa op) as it was, with unrealized casts around it, and the
/// failure came only at the translation to LLVM IR. An
/// `unrealized_conversion_cast` is named only where it is the only kind of
/// op left: otherwise it is there because of the op that was not lowered.
/// It changes nothing.
std::unique_ptr<Pass> createCheckLoweredPass();

/// Registers `norm-to-llvm-check-lowered`.
void registerCheckLoweredPass();

} // namespace norm
} // namespace mlir

#endif // NORM_LIB_PIPELINES_CHECKLOWERED_H
