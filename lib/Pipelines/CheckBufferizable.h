//===- CheckBufferizable.h - norm-to-llvm's check before bufferization -*-===//
//
// Private to lib/Pipelines: the pass of norm-to-llvm that names an op on
// tensors that One-Shot Bufferize cannot bufferize (CheckBufferizable.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_PIPELINES_CHECKBUFFERIZABLE_H
#define NORM_LIB_PIPELINES_CHECKBUFFERIZABLE_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
namespace norm {

/// Creates `norm-to-llvm-check-bufferizable`: fails, with one error at the
/// op's location naming it ("'tosa.abs' op was not lowered to the LLVM
/// dialect by norm-to-llvm: it has no bufferization (...)"), where an op
/// with tensor operands or results has no BufferizableOpInterface and would
/// stay after One-Shot Bufferize, whose own error, "op was not bufferized",
/// names no op. The ops it skips are those One-Shot Bufferize accepts
/// without bufferizing them: unused ops free of memory effects (they fold
/// away) and bufferization.to_tensor / to_buffer. A sparse_tensor op, or an
/// op on a sparse tensor, is the same error ("sparse tensors are lowered by
/// the sparsifier ..."). It changes nothing. Runs right before
/// one-shot-bufferize.
std::unique_ptr<Pass> createCheckBufferizablePass();

/// Registers `norm-to-llvm-check-bufferizable`.
void registerCheckBufferizablePass();

} // namespace norm
} // namespace mlir

#endif // NORM_LIB_PIPELINES_CHECKBUFFERIZABLE_H
