//===- FuseRows.cpp - norm-fuse-rows: one loop nest per normalization -----===//
//
// The norm-to-linalg lowerings produce, per op, reductions over the
// normalized dims (sum, sum of squares, max) and an elementwise tail that
// reads X again together with the per-slice values. Executed as they are,
// each of those ops streams the whole of X from memory. This pass tiles the
// tail by 1 along its slice (kept) dims in an scf.forall and fuses all its
// producers into the loop, so that every slice is reduced and normalized
// while it is in cache: X is read from memory once, Y written once.
//
//===----------------------------------------------------------------------===//

#include "norm/Conversion/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_FUSEROWSPASS
#include "norm/Conversion/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

/// Returns the dims of `op`'s loop nest that index per-slice values: the
/// dims used by the indexing map of an input produced by a linalg op with a
/// reduction (directly or through per-slice elementwise ops). Empty if there
/// is no such input.
static llvm::SmallBitVector getSliceDims(linalg::LinalgOp op) {
  llvm::SmallBitVector dims(op.getNumLoops());
  for (OpOperand *operand : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(operand);
    if (map.getNumResults() >= op.getNumLoops())
      continue;
    // Walk back through per-slice maps to a reduction.
    bool fromReduction = false;
    SmallVector<Value> worklist{operand->get()};
    llvm::SmallPtrSet<Operation *, 8> visited;
    while (!worklist.empty() && !fromReduction) {
      auto producer = worklist.pop_back_val().getDefiningOp<linalg::LinalgOp>();
      if (!producer || !visited.insert(producer).second)
        continue;
      if (producer.getNumReductionLoops() > 0) {
        fromReduction = true;
        break;
      }
      for (OpOperand *input : producer.getDpsInputOperands())
        worklist.push_back(input->get());
    }
    if (!fromReduction)
      continue;
    for (AffineExpr expr : map.getResults())
      if (auto dim = dyn_cast<AffineDimExpr>(expr))
        dims.set(dim.getPosition());
  }
  return dims;
}

namespace {
struct FuseRowsPass : public norm::impl::FuseRowsPassBase<FuseRowsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // Roots: all-parallel ops that read per-slice values from reductions,
    // with the slice dims leading.
    SmallVector<std::pair<linalg::LinalgOp, int64_t>> roots;
    func.walk([&](linalg::LinalgOp op) {
      if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() != 0 ||
          op.getNumLoops() < 2 ||
          llvm::is_contained(op.getStaticLoopRanges(), 0))
        return;
      llvm::SmallBitVector dims = getSliceDims(op);
      int64_t numSliceDims = dims.count();
      if (numSliceDims == 0 || numSliceDims == op.getNumLoops())
        return;
      for (int64_t d = 0; d < numSliceDims; ++d)
        if (!dims.test(d))
          return;
      roots.push_back({op, numSliceDims});
    });

    IRRewriter rewriter(&getContext());
    for (auto [root, numSliceDims] : roots) {
      SmallVector<OpFoldResult> tileSizes(root.getNumLoops(),
                                          rewriter.getIndexAttr(0));
      for (int64_t d = 0; d < numSliceDims; ++d)
        tileSizes[d] = rewriter.getIndexAttr(1);
      scf::SCFTilingOptions tilingOptions;
      tilingOptions.setTileSizes(tileSizes);
      tilingOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
      scf::SCFTileAndFuseOptions options;
      options.setTilingOptions(tilingOptions);
      // Fuse every producer. Producers whose values are also used outside
      // (LayerNorm's Mean and InvStdDev results) stay as they are for those
      // uses: yielding them from the loop would replace their uses by other,
      // not yet fused producers with values defined after those producers.
      auto tileable = dyn_cast<TilingInterface>(root.getOperation());
      if (!tileable) {
        root->emitError("norm-fuse-rows: linalg's TilingInterface models are "
                        "not registered");
        return signalPassFailure();
      }
      rewriter.setInsertionPoint(root);
      FailureOr<scf::SCFTileAndFuseResult> result =
          scf::tileConsumerAndFuseProducersUsingSCF(rewriter, tileable,
                                                    options);
      if (failed(result)) {
        root->emitError("norm-fuse-rows: cannot tile and fuse");
        return signalPassFailure();
      }
      Operation *outerLoop = result->loops.front().getOperation();
      for (auto [original, replacement] : result->replacements)
        rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
          return !outerLoop->isAncestor(use.getOwner());
        });
    }
  }
};
} // namespace
