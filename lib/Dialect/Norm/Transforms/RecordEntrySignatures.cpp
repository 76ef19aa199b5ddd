//===- RecordEntrySignatures.cpp - norm-record-entry-signatures pass ------===//

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "norm/Dialect/Norm/Transforms/Passes.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_RECORDENTRYSIGNATURESPASS
#include "norm/Dialect/Norm/Transforms/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

namespace {
struct RecordEntrySignaturesPass
    : public norm::impl::RecordEntrySignaturesPassBase<
          RecordEntrySignaturesPass> {
  void runOnOperation() override {
    constexpr StringLiteral kAttrName = "norm.entry_signature";
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isExternal() || func->hasAttr(kAttrName))
        continue;
      func->setAttr(kAttrName, TypeAttr::get(func.getFunctionType()));
    }
  }
};
} // namespace
