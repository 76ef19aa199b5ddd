//===- InitAllNorm.h - register norm-mlir components ------------*- C++ -*-===//

#ifndef NORM_INITALLNORM_H
#define NORM_INITALLNORM_H

namespace mlir {
class DialectRegistry;
namespace norm {

/// Inserts the norm dialect and the upstream dialects its lowerings produce
/// (linalg, tensor, arith, math, bufferization, ...) with their interface
/// extensions into `registry`.
void registerNormDialects(DialectRegistry &registry);

/// Registers the norm passes (Passes.td) and the `norm-to-llvm` pipeline.
void registerNormPasses();

} // namespace norm
} // namespace mlir

#endif // NORM_INITALLNORM_H
