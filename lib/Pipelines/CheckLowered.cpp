//===- CheckLowered.cpp - norm-to-llvm's check of its result --------------===//
//
// The pass `norm-to-llvm-check-lowered`, the last step of the norm-to-llvm
// pipeline. The conversions to the LLVM dialect are partial conversions
// (applyPartialConversion): an op none of them has a pattern for is left as
// it was, with `builtin.unrealized_conversion_cast`s between its operands and
// results and the LLVM values around it, and the pipeline succeeded. The
// module then failed only at its translation to LLVM IR, with the location of
// the enclosing function and no name of the op. This pass is the legality
// check of a full conversion (ConversionTarget: the `llvm` dialect legal) run
// on the result: every op left must be one the translation to LLVM IR takes.
//
//===----------------------------------------------------------------------===//

#include "CheckLowered.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {
class CheckLoweredPass
    : public PassWrapper<CheckLoweredPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckLoweredPass)

  StringRef getArgument() const override {
    return "norm-to-llvm-check-lowered";
  }
  StringRef getDescription() const override {
    return "Fail where an op other than builtin.module, llvm and omp ops is "
           "left (an op norm-to-llvm could not lower), naming it";
  }

  void runOnOperation() override;
};
} // namespace

/// Returns whether the translation to LLVM IR takes `op` as the pipeline
/// leaves it: a module (nested ones are kept as they are), an op of the
/// LLVM dialect, or an op of the OpenMP dialect, whose regions
/// convert-openmp-to-llvm gives LLVM types and the OpenMP translation
/// lowers to calls of the OpenMP runtime.
static bool isLowered(Operation *op) {
  return isa<ModuleOp>(op) ||
         isa_and_nonnull<LLVM::LLVMDialect, omp::OpenMPDialect>(
             op->getDialect());
}

void CheckLoweredPass::runOnOperation() {
  Operation *notLowered = nullptr;
  Operation *cast = nullptr;
  getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isLowered(op))
      return WalkResult::advance();
    if (isa<UnrealizedConversionCastOp>(op)) {
      if (!cast)
        cast = op;
      return WalkResult::advance();
    }
    notLowered = op;
    return WalkResult::interrupt();
  });
  if (!notLowered)
    notLowered = cast;
  if (!notLowered)
    return;
  notLowered->emitOpError("was not lowered to the LLVM dialect by "
                          "norm-to-llvm");
  signalPassFailure();
}

std::unique_ptr<Pass> mlir::norm::createCheckLoweredPass() {
  return std::make_unique<CheckLoweredPass>();
}

void mlir::norm::registerCheckLoweredPass() {
  PassRegistration<CheckLoweredPass>();
}
