//===- NormDialect.cpp - norm dialect ------------------------------------===//
//
// Registers the norm dialect's ops and its inliner interface, and verifies
// its discardable attribute `norm.entry_signature` (NormBase.td).
//
//===----------------------------------------------------------------------===//

#include "norm/Dialect/Norm/IR/NormDialect.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::norm;

#include "norm/Dialect/Norm/IR/NormOpsDialect.cpp.inc"

namespace {
/// Every norm op may be inlined: each is a function of its operands alone,
/// without regions or symbols (the `inline` pass, and norm-compile, which
/// inlines calls so that a callee's run-time checks become its caller's).
struct NormInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void NormDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "norm/Dialect/Norm/IR/NormOps.cpp.inc"
      >();
  addInterfaces<NormInlinerInterface>();
}

LogicalResult NormDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  // Other `norm.` attributes (markers of the codegen passes) are free-form.
  if (attr.getName() != EntrySignatureAttrHelper::getNameStr())
    return success();
  // Its value is checked where it is read (the runner's
  // JitSession::getSignature), whose message names the function: the parser
  // verifies a module as soon as it has read it, before any runner could.
  if (!isa<FunctionOpInterface>(op))
    return op->emitError()
           << "'" << attr.getName().getValue()
           << "' must be on a function (func.func, or the llvm.func it "
              "lowers to)";
  return success();
}
