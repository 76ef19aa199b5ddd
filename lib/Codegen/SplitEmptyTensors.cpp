//===- SplitEmptyTensors.cpp - norm-split-empty-tensors -------------------===//
//
// CSE merges the identical `tensor.empty` inits of different ops (in a
// chain of n LayerNormalizations on [?, 768] every slice loop's Y init is
// the same `tensor.empty(%dim)`): one value with uses in n loops, whose
// alias set in One-Shot Bufferize's analysis then holds the values of all n
// loops. The analysis checks each in-place decision against the aliases'
// uses, so bufferizing the function took time cubic in n (2.0 s at n = 200,
// 12.9 s at n = 400). This pass gives every op of the function's body
// that uses such an empty (itself or in its regions) an empty of its own,
// as before CSE: alias sets stay per op. An empty used by fewer than
// `min-users` ops is left as it is (a function of one or a few norm ops
// bufferizes as before), as are those in the regions of an op.
// Remarks: Split (passed), at each empty split, with the number of copies.
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_SPLITEMPTYTENSORSPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-split-empty-tensors";

/// Gives each op of `empty`'s block that uses it, directly or in its
/// regions, but the first one an empty of its own, created just before it,
/// where `minUsers` or more ops use it. Returns the number of empties
/// created.
static unsigned splitEmpty(RewriterBase &rewriter, tensor::EmptyOp empty,
                           unsigned minUsers) {
  Block *block = empty->getBlock();
  // The users grouped by their ancestor in `block`, in the order of the
  // first use seen; the groups are then ordered by the ancestors' position.
  llvm::MapVector<Operation *, SmallVector<OpOperand *>> groups;
  for (OpOperand &use : empty->getUses())
    if (Operation *ancestor = block->findAncestorOpInBlock(*use.getOwner()))
      groups[ancestor].push_back(&use);
  if (groups.size() < minUsers)
    return 0;
  SmallVector<Operation *> ancestors(llvm::make_first_range(groups));
  llvm::sort(ancestors, [](Operation *lhs, Operation *rhs) {
    return lhs->isBeforeInBlock(rhs);
  });
  for (Operation *ancestor : llvm::drop_begin(ancestors)) {
    rewriter.setInsertionPoint(ancestor);
    Operation *copy = rewriter.clone(*empty);
    for (OpOperand *use : groups[ancestor])
      rewriter.modifyOpInPlace(use->getOwner(),
                               [&] { use->set(copy->getResult(0)); });
  }
  return ancestors.size() - 1;
}

namespace {
struct SplitEmptyTensorsPass
    : public norm::impl::SplitEmptyTensorsPassBase<SplitEmptyTensorsPass> {
  using Base::Base;

  /// Rejects a `min-users` below 2 (an empty of one user has nothing to
  /// split): the pass fails before it runs, naming the option and value.
  LogicalResult initialize(MLIRContext *context) override {
    if (minUsers < 2)
      return emitError(UnknownLoc::get(context))
             << kPass << ": min-users must be at least 2 (an empty used by "
             << "one op has nothing to split), got "
             << static_cast<unsigned>(minUsers);
    return success();
  }

  void runOnOperation() override {
    // Only the empties of the function's body: those in the regions of an
    // op belong to that op (one norm op's slice loop), whose few uses
    // bufferize as they did.
    SmallVector<tensor::EmptyOp> empties;
    for (Block &block : getOperation().getBody())
      for (auto empty : block.getOps<tensor::EmptyOp>())
        empties.push_back(empty);
    IRRewriter rewriter(&getContext());
    for (tensor::EmptyOp empty : empties)
      if (unsigned copies = splitEmpty(rewriter, empty, minUsers))
        norm::remarkPassed(empty, kPass, "Split",
                           "tensor.empty used by {0} ops: one per op",
                           copies + 1);
  }
};
} // namespace
