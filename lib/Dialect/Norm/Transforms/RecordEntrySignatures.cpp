//===- RecordEntrySignatures.cpp - norm-record-entry-signatures pass ------===//
//
// Sets `norm.entry_signature` (NormDialect::EntrySignatureAttrHelper) to the
// tensor FunctionType of each public func.func, so that the runner can call
// the function after its lowering to the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "norm/Dialect/Norm/IR/NormDialect.h"
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
    norm::NormDialect::EntrySignatureAttrHelper entrySignature(&getContext());
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isExternal() ||
          func->hasAttr(entrySignature.getName()))
        continue;
      entrySignature.setAttr(func, TypeAttr::get(func.getFunctionType()));
    }
  }
};
} // namespace
