//===- FuseRowsEmpty.cpp - norm-fuse-rows: empty tensors ------------------===//
//
// The rewrites of norm-fuse-rows for empty tensors (see FuseRows.h): an
// empty X must not cost time in its non-zero dims (X [2^40, 0] has 2^40
// rows of nothing), and linalg ops with a static iteration space of size 0
// or an operand of a static size 0 are replaced by their inits before
// fusion.
//
//===----------------------------------------------------------------------===//

#include "FuseRows.h"

#include "Remarks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

/// Returns an i1 that is true if one of `sizes` is 0, or null if none can
/// be (all static and non-zero). A static 0 gives a constant true.
static Value buildAnyZero(RewriterBase &rewriter, Location loc,
                          ArrayRef<OpFoldResult> sizes) {
  Value anyZero;
  Value zero;
  for (OpFoldResult size : sizes) {
    std::optional<int64_t> constant = getConstantIntValue(size);
    if (constant && *constant != 0)
      continue;
    if (constant)
      return arith::ConstantIntOp::create(rewriter, loc, rewriter.getI1Type(),
                                          1);
    if (!zero)
      zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value isZero = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, cast<Value>(size), zero);
    anyZero =
        anyZero
            ? arith::OrIOp::create(rewriter, loc, anyZero, isZero).getResult()
            : isZero;
  }
  return anyZero;
}

/// Returns true if `lhs` and `rhs` are the same constant or value, or
/// `tensor.dim`s of the same dim of the same tensor.
static bool isSameSize(OpFoldResult lhs, OpFoldResult rhs) {
  if (isEqualConstantIntOrValue(lhs, rhs))
    return true;
  auto lhsValue = dyn_cast<Value>(lhs), rhsValue = dyn_cast<Value>(rhs);
  if (!lhsValue || !rhsValue)
    return false;
  auto lhsDim = lhsValue.getDefiningOp<tensor::DimOp>();
  auto rhsDim = rhsValue.getDefiningOp<tensor::DimOp>();
  if (!lhsDim || !rhsDim || lhsDim.getSource() != rhsDim.getSource())
    return false;
  std::optional<int64_t> lhsIndex = lhsDim.getConstantIndex();
  return lhsIndex && lhsIndex == rhsDim.getConstantIndex();
}

void norm::skipWhenResultsEmpty(RewriterBase &rewriter, scf::ForallOp loop) {
  Location loc = loop.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop);
  SmallVector<OpFoldResult> upperBounds = loop.getMixedUpperBound();
  SmallVector<SmallVector<OpFoldResult>> outputSizes;
  for (Value output : loop.getOutputs()) {
    auto empty = output.getDefiningOp<tensor::EmptyOp>();
    outputSizes.push_back(empty ? empty.getMixedSizes()
                                : tensor::getMixedSizes(rewriter, loc, output));
    // Nothing to skip if a result has elements, or is sized by the loop's
    // bounds alone (a per-slice value): that one is empty only when the
    // loop runs no iteration anyway.
    if (llvm::all_of(outputSizes.back(), [&](OpFoldResult size) {
          std::optional<int64_t> constant = getConstantIntValue(size);
          return (constant && *constant != 0) ||
                 llvm::any_of(upperBounds, [&](OpFoldResult bound) {
                   return isSameSize(size, bound);
                 });
        }))
      return;
  }
  Value allEmpty;
  for (ArrayRef<OpFoldResult> sizes : outputSizes) {
    Value empty = buildAnyZero(rewriter, loc, sizes);
    allEmpty =
        allEmpty
            ? arith::AndIOp::create(rewriter, loc, allEmpty, empty).getResult()
            : empty;
  }
  if (!allEmpty)
    return; // No result.
  Value first = getValueOrCreateConstantIndexOp(rewriter, loc, upperBounds[0]);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  upperBounds[0] =
      arith::SelectOp::create(rewriter, loc, allEmpty, zero, first).getResult();
  SmallVector<Value> dynamicUpperBounds;
  SmallVector<int64_t> staticUpperBounds;
  dispatchIndexOpFoldResults(upperBounds, dynamicUpperBounds,
                             staticUpperBounds);
  rewriter.modifyOpInPlace(loop, [&] {
    loop.getDynamicUpperBoundMutable().assign(dynamicUpperBounds);
    loop.setStaticUpperBound(staticUpperBounds);
  });
  norm::remarkPassed(
      loop, norm::kFuseRowsPass, "EmptyResultsSkipped",
      "the loop over slices runs no iteration when all its results are "
      "empty");
}

void norm::skipWhenIterationSpaceEmpty(RewriterBase &rewriter,
                                       linalg::LinalgOp op) {
  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  SmallVector<OpFoldResult> sizes;
  for (Range range : op.createLoopRanges(rewriter, loc))
    sizes.push_back(range.size);
  Value empty = buildAnyZero(rewriter, loc, sizes);
  if (!empty)
    return;
  norm::remarkPassed(op, norm::kFuseRowsPass, "EmptyGuard",
                     "skipped by an scf.if when its iteration space is empty");
  auto ifOp = scf::IfOp::create(rewriter, loc, op->getResultTypes(), empty,
                                /*withElseRegion=*/true);
  rewriter.replaceAllUsesWith(op->getResults(), ifOp.getResults());
  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  scf::YieldOp::create(rewriter, loc, op.getDpsInits());
  rewriter.moveOpBefore(op, ifOp.elseBlock(), ifOp.elseBlock()->end());
  rewriter.setInsertionPointToEnd(ifOp.elseBlock());
  scf::YieldOp::create(rewriter, loc, op->getResults());
}

/// Returns the number of an operand of `op` with a static size 0, if any.
/// Every iteration of a linalg op reads or writes one element of each
/// operand (its indexing map gives the element's indices), so an op with an
/// operand that has no element runs no iteration in a valid execution, even
/// where its loop ranges, taken from other operands, are dynamic: a Scale of
/// static shape [0, 1] for X [3, ?, ?] with axis 1 (whose run-time check
/// makes X's dim 1 equal 0). Tiling such an op would slice the empty operand
/// at offset 0, which MLIR 22's verifier rejects even for a slice of size 0
/// ("offset 0 is out-of-bounds: 0 >= 0").
static std::optional<unsigned> getEmptyOperand(linalg::LinalgOp op) {
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.get().getType());
    if (type && llvm::is_contained(type.getShape(), 0))
      return operand.getOperandNumber();
  }
  return std::nullopt;
}

void norm::foldEmptyIterationSpaces(RewriterBase &rewriter, func::FuncOp func) {
  SmallVector<linalg::LinalgOp> empty;
  func.walk([&](linalg::LinalgOp op) {
    if (op.hasPureTensorSemantics() &&
        (llvm::is_contained(op.getStaticLoopRanges(), 0) ||
         getEmptyOperand(op)))
      empty.push_back(op);
  });
  for (linalg::LinalgOp op : empty) {
    if (llvm::is_contained(op.getStaticLoopRanges(), 0))
      norm::remarkPassed(
          op, norm::kFuseRowsPass, "EmptyIterationSpace",
          "static iteration space of size 0: replaced by its inits");
    else
      norm::remarkPassed(op, norm::kFuseRowsPass, "EmptyIterationSpace",
                         "operand #{0} has a static size 0, so the op runs no "
                         "iteration: replaced by its inits",
                         *getEmptyOperand(op));
    rewriter.replaceOp(op, op.getDpsInits());
  }
}
