//===- ScalarUnitWrites.cpp - norm-scalar-unit-writes ---------------------===//
//
// LLVM 22's SROA builds invalid IR from vector stores that cover an alloca
// when the store with the highest offset is not the last one (its
// tree-structured merge inserts the shuffles there; llvm/llvm-project#189680).
// The single-element vector writes into stack buffers of several elements
// (the per-row statistics of jammed rows) are written here as scalar stores,
// which SROA promotes without that merge (see Passes.td).
// Remarks: Scalarized (passed).
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_SCALARUNITWRITESPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-scalar-unit-writes";

/// Whether `memref` is a view (subview, cast, reshape, ...) of a
/// memref.alloca of a static size of two elements or more: the only
/// buffers whose stores SROA can merge (one of a single element is covered
/// by one store; heap buffers and function arguments are not SROA's).
static bool isMultiElementStackBuffer(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    if (auto alloca = dyn_cast<memref::AllocaOp>(def)) {
      MemRefType type = alloca.getType();
      return type.hasStaticShape() && type.getNumElements() >= 2;
    }
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return false;
    memref = view.getViewSource();
  }
  return false;
}

namespace {
/// vector.transfer_write of a single-element vector (unmasked, in bounds)
/// into a view of a stack buffer of several elements -> memref.store of its
/// element at the same indices.
struct ScalarUnitWrite : public OpRewritePattern<vector::TransferWriteOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransferWriteOp op,
                                PatternRewriter &rewriter) const override {
    VectorType vectorType = op.getVectorType();
    if (vectorType.isScalable() || vectorType.getNumElements() != 1)
      return rewriter.notifyMatchFailure(op, "not a single-element vector");
    if (!isa<MemRefType>(op.getShapedType()))
      return rewriter.notifyMatchFailure(op, "writes a tensor");
    // Elsewhere a vector store is left as it is: changing it changed
    // LLVM's code for some static shapes (an alloca of the f64 LayerNorm
    // fallback was no longer promoted where a `store double` was read back
    // by a `load <1 x double>`).
    if (!isMultiElementStackBuffer(op.getBase()))
      return rewriter.notifyMatchFailure(
          op, "does not write a stack buffer of several elements");
    if (op.getMask())
      return rewriter.notifyMatchFailure(op, "masked");
    // An out-of-bounds element of a transfer_write is not written: only
    // in-bounds writes are plain stores.
    for (unsigned i = 0, e = vectorType.getRank(); i < e; ++i)
      if (!op.isDimInBounds(i))
        return rewriter.notifyMatchFailure(op, "may be out of bounds");
    Location loc = op.getLoc();
    SmallVector<int64_t> position(vectorType.getRank(), 0);
    Value element =
        vector::ExtractOp::create(rewriter, loc, op.getVector(), position);
    norm::remarkPassed(op, kPass, "Scalarized",
                       "single-element vector write stored as a scalar");
    rewriter.replaceOpWithNewOp<memref::StoreOp>(op, element, op.getBase(),
                                                 op.getIndices());
    return success();
  }
};

struct ScalarUnitWritesPass
    : public norm::impl::ScalarUnitWritesPassBase<ScalarUnitWritesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ScalarUnitWrite>(&getContext());
    // One walk: only the writes change (no folding or constant CSE of the
    // rest of the function, as the greedy driver would do).
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};
} // namespace
