//===- CheckBufferizable.cpp - norm-to-llvm's check before bufferization --===//
//
// The pass `norm-to-llvm-check-bufferizable`, run by norm-to-llvm right
// before one-shot-bufferize. An op on tensors that no conversion before it
// rewrote (a tosa op, an elementwise arith op on unranked tensors, an
// unregistered op) has no BufferizableOpInterface; One-Shot Bufferize then
// fails with "op was not bufferized" at its location, without its name.
// This pass applies One-Shot Bufferize's own final check
// (bufferization::bufferizeOp: tensor semantics, not dead, not a
// to_tensor/to_buffer) to the ops it could not bufferize, before it runs,
// and names the op as norm-to-llvm-check-lowered names one left after the
// conversions to LLVM. Sparse tensors too: their ops have a bufferization,
// which fails with two errors that say to use the sparsifier.
//
//===----------------------------------------------------------------------===//

#include "CheckBufferizable.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {
class CheckBufferizablePass
    : public PassWrapper<CheckBufferizablePass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckBufferizablePass)

  StringRef getArgument() const override {
    return "norm-to-llvm-check-bufferizable";
  }
  StringRef getDescription() const override {
    return "Fail where an op on tensors has no bufferization (One-Shot "
           "Bufferize would leave it), naming it";
  }

  void runOnOperation() override;
};
} // namespace

/// Returns whether `op` is a sparse_tensor op or has a sparse tensor
/// operand or result: the sparse_tensor dialect's bufferization fails
/// ("sparse_tensor ops must be bufferized with the sparsifier").
static bool isSparse(Operation *op) {
  auto isSparseType = [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.getEncoding() &&
           tensor.getEncoding().getDialect().getNamespace() == "sparse_tensor";
  };
  return op->getName().getDialectNamespace() == "sparse_tensor" ||
         llvm::any_of(op->getOperandTypes(), isSparseType) ||
         llvm::any_of(op->getResultTypes(), isSparseType);
}

void CheckBufferizablePass::runOnOperation() {
  // As norm-to-llvm's One-Shot Bufferize: func ops are bufferized too.
  bufferization::BufferizationOptions options;
  options.bufferizeFunctionBoundaries = true;
  WalkResult result = getOperation()->walk([&](Operation *op) {
    if (isSparse(op)) {
      op->emitOpError("was not lowered to the LLVM dialect by norm-to-llvm: "
                      "sparse tensors are lowered by the sparsifier "
                      "(mlir-opt --sparsifier), not by norm-to-llvm");
      return WalkResult::interrupt();
    }
    if (!bufferization::hasTensorSemantics(op) ||
        options.dynCastBufferizableOp(op) ||
        isa<bufferization::ToTensorOp, bufferization::ToBufferOp>(op) ||
        (op->use_empty() && isMemoryEffectFree(op)))
      return WalkResult::advance();
    op->emitOpError("was not lowered to the LLVM dialect by norm-to-llvm: "
                    "it has no bufferization (compute on ranked tensors with "
                    "ops of the norm, linalg, tensor, arith, math, scf and "
                    "func dialects, e.g. linalg.add or linalg.map)");
    return WalkResult::interrupt();
  });
  if (result.wasInterrupted())
    signalPassFailure();
}

std::unique_ptr<Pass> mlir::norm::createCheckBufferizablePass() {
  return std::make_unique<CheckBufferizablePass>();
}

void mlir::norm::registerCheckBufferizablePass() {
  PassRegistration<CheckBufferizablePass>();
}
