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
// An empty X must not cost time in its non-zero dims (X [2^40, 0] has 2^40
// rows of nothing): each scf.forall on tensors runs no iteration when all
// its results are empty, and the linalg ops left outside the loops are
// skipped (scf.if) when their iteration space is empty (FuseRowsEmpty.cpp).
//
// Remarks (category norm-fuse-rows): RowLoop at each root tiled into a loop
// over slices, CombinedRoot where one per-slice op roots several reductions,
// NotFused (missed, with the reason) at each linalg op left outside the
// loops, EmptyIterationSpace, EmptyResultsSkipped and EmptyGuard at the
// rewrites for empty tensors.
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "FuseRows.h"
#include "Remarks.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_FUSEROWSPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = norm::kFuseRowsPass;

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

/// Returns the ops that tile-and-fuse may fuse into `root`'s loop: `root`
/// and, transitively, the TilingInterface producers of its operands.
static llvm::SmallPtrSet<Operation *, 16> getFusableSlice(Operation *root) {
  llvm::SmallPtrSet<Operation *, 16> slice{root};
  SmallVector<Operation *> worklist{root};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value operand : op->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (producer && isa<TilingInterface>(producer) &&
          slice.insert(producer).second)
        worklist.push_back(producer);
    }
  }
  return slice;
}

/// Returns true if `result` has uses that stay outside `loop` after fusion
/// (users other than the ops in `fusable` and tensor.dim), all after `loop`
/// in its block, so that the loop's results can replace it there.
static bool
hasUsesAfterLoop(OpResult result, Operation *loop,
                 const llvm::SmallPtrSet<Operation *, 16> &fusable) {
  bool any = false;
  for (OpOperand &use : result.getUses()) {
    Operation *user = use.getOwner();
    if (fusable.contains(user) || isa<tensor::DimOp>(user) ||
        loop->isAncestor(user))
      continue;
    Operation *inBlock = loop->getBlock()->findAncestorOpInBlock(*user);
    if (!inBlock || !loop->isBeforeInBlock(inBlock))
      return false;
    any = true;
  }
  return any;
}

/// Whether `a` and `b` are the same index: the same value, equal constants,
/// or the same dim of the same tensor (tile-and-fuse recomputes the sizes of
/// each tile from the untiled op's destination, with constants of its own).
static bool isSameIndex(Value a, Value b) {
  if (a == b)
    return true;
  std::optional<int64_t> ca = getConstantIntValue(a);
  std::optional<int64_t> cb = getConstantIntValue(b);
  if (ca || cb)
    return ca && cb && *ca == *cb;
  auto da = a.getDefiningOp<tensor::DimOp>();
  auto db = b.getDefiningOp<tensor::DimOp>();
  return da && db && da.getSource() == db.getSource() &&
         isSameIndex(da.getIndex(), db.getIndex());
}

/// Whether `a` and `b` are the same tensor: the same value, or the same
/// slice of the same tensor (isSameIndex offsets, sizes and strides).
static bool isSameTensor(Value a, Value b) {
  if (a == b)
    return true;
  auto sa = a.getDefiningOp<tensor::ExtractSliceOp>();
  auto sb = b.getDefiningOp<tensor::ExtractSliceOp>();
  if (!sa || !sb || sa.getSource() != sb.getSource() ||
      sa.getType() != sb.getType() ||
      sa.getStaticOffsets() != sb.getStaticOffsets() ||
      sa.getStaticSizes() != sb.getStaticSizes() ||
      sa.getStaticStrides() != sb.getStaticStrides())
    return false;
  auto same = [](OperandRange x, OperandRange y) {
    return x.size() == y.size() && llvm::all_of(llvm::zip(x, y), [](auto pair) {
             return isSameIndex(std::get<0>(pair), std::get<1>(pair));
           });
  };
  return same(sa.getOffsets(), sb.getOffsets()) &&
         same(sa.getSizes(), sb.getSizes()) &&
         same(sa.getStrides(), sb.getStrides());
}

/// Makes `loop` compute each value it yields once. Tile-and-fuse tiles a
/// producer once per slice it is read through; where the producer's result
/// is also yielded, that tile writes into a slice of the new shared output
/// while the other tiles write into a slice of the producer's own (unread)
/// destination, so CSE cannot merge them. Each such other tile that reads the
/// same inputs (or the same slices of them, isSameTensor: a dynamic-size
/// producer of X also returned), with the same maps and payload, is
/// replaced by the yielded one.
static void mergeYieldedTiles(RewriterBase &rewriter, scf::ForallOp loop,
                              unsigned numRootResults) {
  Block *body = loop.getBody();
  for (Operation &terminatorOp : loop.getTerminator().getYieldingOps()) {
    auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(&terminatorOp);
    if (!insert)
      continue;
    auto dest = dyn_cast<BlockArgument>(insert.getDest());
    if (!dest || dest.getOwner() != body ||
        dest.getArgNumber() < loop.getRank() + numRootResults)
      continue;
    auto tile = insert.getSource().getDefiningOp<linalg::LinalgOp>();
    if (!tile || tile->getBlock() != body || tile->getNumResults() != 1 ||
        tile.getNumDpsInits() != 1)
      continue;
    OpOperand *tileInit = tile.getDpsInitOperand(0);
    if (tile.payloadUsesValueFromOperand(tileInit))
      continue;
    // The tile's destination, a slice of the shared output, to the start of
    // the body so that the tile can move up to any of its duplicates.
    Operation *initOp = tileInit->get().getDefiningOp();
    if (!initOp || initOp->getBlock() != body ||
        llvm::any_of(initOp->getOperands(), [&](Value v) {
          Operation *def = v.getDefiningOp();
          return def && def->getBlock() == body;
        }))
      continue;
    rewriter.moveOpBefore(initOp, body, body->begin());

    SmallVector<linalg::LinalgOp> duplicates;
    for (Operation &op : *body) {
      auto other = dyn_cast<linalg::LinalgOp>(&op);
      if (!other || other == tile || op.getName() != tile->getName() ||
          op.getNumResults() != 1 || other.getNumDpsInits() != 1 ||
          op.getResultTypes() != tile->getResultTypes() ||
          op.getAttrDictionary() != tile->getAttrDictionary() ||
          other.getNumDpsInputs() != tile.getNumDpsInputs() ||
          !llvm::all_of(llvm::zip(other.getDpsInputs(), tile.getDpsInputs()),
                        [](auto pair) {
                          return isSameTensor(std::get<0>(pair),
                                              std::get<1>(pair));
                        }) ||
          other.payloadUsesValueFromOperand(other.getDpsInitOperand(0)))
        continue;
      DenseMap<Value, Value> equivalent;
      if (!OperationEquivalence::isRegionEquivalentTo(
              &tile->getRegion(0), &op.getRegion(0),
              [&](Value lhs, Value rhs) {
                return success(lhs == rhs || equivalent.lookup(lhs) == rhs);
              },
              [&](Value lhs, Value rhs) { equivalent[lhs] = rhs; },
              OperationEquivalence::IgnoreLocations))
        continue;
      duplicates.push_back(other);
    }
    for (linalg::LinalgOp duplicate : duplicates) {
      // The inputs are the same, so the tile may read the duplicate's and
      // move up to it.
      if (duplicate->isBeforeInBlock(tile)) {
        rewriter.modifyOpInPlace(tile, [&] {
          for (auto [input, same] :
               llvm::zip(tile.getDpsInputOperands(), duplicate.getDpsInputs()))
            input->set(same);
        });
        rewriter.moveOpBefore(tile, duplicate);
      }
      rewriter.replaceOp(duplicate, tile->getResults());
    }
  }
}

/// Erases the trivially dead ops nested in `scope` (not `scope` itself),
/// except those in `keep`, until none is left.
static void eraseDeadOps(RewriterBase &rewriter, Operation *scope,
                         const llvm::SmallPtrSetImpl<Operation *> &keep) {
  for (bool erased = true; erased;) {
    erased = false;
    SmallVector<Operation *> ops;
    scope->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op != scope && !keep.contains(op))
        ops.push_back(op);
    });
    // Users before their producers, nested ops before the op holding them
    // (erasing an op frees the ops in its regions, which must not be
    // visited afterwards).
    for (Operation *op : llvm::reverse(ops)) {
      if (!isOpTriviallyDead(op))
        continue;
      rewriter.eraseOp(op);
      erased = true;
    }
  }
}

/// Replaces reduction roots whose results are combined per slice by one
/// all-parallel op (LayerNorm's choice, by the slice length, between its
/// f32 and f64 sums of squares: a linalg.map of both) with that op, tiled
/// by 1 along all its dims: one loop then computes all of them, instead of
/// one loop nest over X per reduction.
static void rootAtCombiningMaps(
    func::FuncOp func,
    SmallVectorImpl<std::pair<linalg::LinalgOp, int64_t>> &roots) {
  llvm::SmallDenseMap<Operation *, int64_t> rootSliceDims;
  for (auto [op, numSliceDims] : roots)
    rootSliceDims[op] = numSliceDims;
  llvm::SmallPtrSet<Operation *, 4> combinedRoots;
  SmallVector<std::pair<linalg::LinalgOp, int64_t>> combiners;
  func.walk([&](linalg::LinalgOp op) {
    if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() != 0 ||
        op.getNumLoops() == 0 || op->getParentOfType<scf::ForallOp>() ||
        !llvm::all_of(op.getIndexingMapsArray(),
                      [](AffineMap map) { return map.isIdentity(); }))
      return;
    SmallVector<Operation *> fed;
    for (Value input : op.getDpsInputs()) {
      Operation *producer = input.getDefiningOp();
      auto it = rootSliceDims.find(producer);
      if (it != rootSliceDims.end() && it->second == op.getNumLoops() &&
          !llvm::is_contained(fed, producer))
        fed.push_back(producer);
    }
    if (fed.size() < 2)
      return;
    norm::remarkPassed(op, kPass, "CombinedRoot",
                       "roots the loop of the {0} reductions it combines per "
                       "slice: one loop computes them all",
                       fed.size());
    combinedRoots.insert(fed.begin(), fed.end());
    combiners.push_back({op, op.getNumLoops()});
  });
  llvm::erase_if(roots, [&](const std::pair<linalg::LinalgOp, int64_t> &root) {
    return combinedRoots.contains(root.first);
  });
  roots.append(combiners.begin(), combiners.end());
}

/// Returns why `op`, a linalg op on tensors outside the loops over slices,
/// is not a root of norm-fuse-rows (the conditions of collectRoots).
static std::string getRootRejection(linalg::LinalgOp op) {
  if (op.getNumLoops() < 2)
    return "it has fewer than two loops: a loop over slices needs a slice "
           "dim and a dim within each slice";
  llvm::SmallBitVector dims = getSliceDims(op);
  int64_t numSliceDims = dims.count();
  if (numSliceDims == 0)
    return "it reads no per-slice value computed by a reduction, and no "
           "loop over slices fused it as a producer";
  if (numSliceDims == op.getNumLoops())
    return "all its dims are slice dims (a per-slice value), and no loop "
           "over slices fused it as a producer";
  for (int64_t d = 0; d < numSliceDims; ++d)
    if (!dims.test(d))
      return "its slice dims are not its leading dims";
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (int64_t d = 0; d < numSliceDims; ++d)
    if (iterators[d] != utils::IteratorType::parallel)
      return "a slice dim is a reduction dim: tiling by 1 along it would "
             "fuse nothing";
  return "it is not a root of a loop over slices";
}

/// Returns the roots of norm-fuse-rows in `func`, each with its number of
/// slice dims: the linalg ops on tensors that read per-slice values computed
/// by reductions, with the slice dims leading and at least one other dim.
/// `reductions` false: all-parallel ops (the elementwise tails); true: ops
/// with reduction loops (a LayerNorm's sum of squared deviations, which is
/// left unfused only where no tail reads it: Mean and InvStdDev without Y),
/// or in their place the all-parallel per-slice op that combines several of
/// them (rootAtCombiningMaps; all its dims are slice dims).
static SmallVector<std::pair<linalg::LinalgOp, int64_t>>
collectRoots(func::FuncOp func, bool reductions) {
  SmallVector<std::pair<linalg::LinalgOp, int64_t>> roots;
  func.walk([&](linalg::LinalgOp op) {
    if (!op.hasPureTensorSemantics() ||
        (op.getNumReductionLoops() != 0) != reductions ||
        op.getNumLoops() < 2 || op->getParentOfType<scf::ForallOp>())
      return;
    llvm::SmallBitVector dims = getSliceDims(op);
    int64_t numSliceDims = dims.count();
    if (numSliceDims == 0 || numSliceDims == op.getNumLoops())
      return;
    for (int64_t d = 0; d < numSliceDims; ++d)
      if (!dims.test(d))
        return;
    // Tiling a reduction by 1 along a reduced dim would not fuse anything.
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    if (llvm::any_of(llvm::seq<int64_t>(0, numSliceDims), [&](int64_t d) {
          return iterators[d] != utils::IteratorType::parallel;
        }))
      return;
    roots.push_back({op, numSliceDims});
  });
  if (reductions)
    rootAtCombiningMaps(func, roots);
  return roots;
}

namespace {
struct FuseRowsPass : public norm::impl::FuseRowsPassBase<FuseRowsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // Roots: first the elementwise tails, then the reductions that no tail
    // fused (their own loop reads each slice once for all its reductions).
    // Dead ops are erased in between: the unfused statistics of a LayerNorm
    // whose Mean and InvStdDev are unused must not become a loop.
    IRRewriter rewriter(&getContext());
    norm::foldEmptyIterationSpaces(rewriter, func);
    llvm::SmallPtrSet<Operation *, 1> none;
    if (failed(fuseRoots(collectRoots(func, /*reductions=*/false),
                         /*reductions=*/false)))
      return signalPassFailure();
    eraseDeadOps(rewriter, func, none);
    if (failed(fuseRoots(collectRoots(func, /*reductions=*/true),
                         /*reductions=*/true)))
      return signalPassFailure();
    if (norm::remarksEnabled(&getContext()))
      func.walk([&](linalg::LinalgOp op) {
        if (op.hasPureTensorSemantics() && op.getNumLoops() >= 1 &&
            !op->getParentOfType<scf::ForallOp>())
          norm::remarkMissed(op, kPass, "NotFused", "{0}",
                             getRootRejection(op));
      });

    // Empty tensors: no time spent in their non-zero dims. All slice loops
    // on tensors count, also those a lowering built itself.
    SmallVector<scf::ForallOp> loops;
    func.walk([&](scf::ForallOp loop) {
      if (!loop->getParentOfType<scf::ForallOp>() &&
          isMemoryEffectFree(loop.getOperation()))
        loops.push_back(loop);
    });
    for (scf::ForallOp loop : loops)
      norm::skipWhenResultsEmpty(rewriter, loop);
    SmallVector<linalg::LinalgOp> outside;
    func.walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() && op.getNumLoops() >= 2 &&
          !op->getParentOfType<scf::ForallOp>())
        outside.push_back(op);
    });
    for (linalg::LinalgOp op : outside)
      norm::skipWhenIterationSpaceEmpty(rewriter, op);
  }

  /// Tiles each root by 1 along its slice dims in an scf.forall and fuses
  /// its producers into the loop. `reductions`: the roots are reductions (or
  /// ops combining them), not elementwise tails.
  LogicalResult fuseRoots(ArrayRef<std::pair<linalg::LinalgOp, int64_t>> roots,
                          bool reductions) {
    IRRewriter rewriter(&getContext());
    llvm::SmallPtrSet<Operation *, 4> pendingRoots;
    for (auto [root, numSliceDims] : roots)
      pendingRoots.insert(root);
    for (auto [root, numSliceDims] : roots) {
      pendingRoots.erase(root);
      SmallVector<OpFoldResult> tileSizes(root.getNumLoops(),
                                          rewriter.getIndexAttr(0));
      for (int64_t d = 0; d < numSliceDims; ++d)
        tileSizes[d] = rewriter.getIndexAttr(1);
      scf::SCFTilingOptions tilingOptions;
      tilingOptions.setTileSizes(tileSizes);
      tilingOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
      scf::SCFTileAndFuseOptions options;
      options.setTilingOptions(tilingOptions);
      // Fuse every producer. A producer whose result is also used after the
      // root (LayerNorm's Mean and InvStdDev results) is yielded from the
      // loop too, once, so that those uses read the loop's result instead of
      // a second loop nest over X.
      llvm::SmallPtrSet<Operation *, 16> fusable =
          getFusableSlice(root.getOperation());
      llvm::SmallPtrSet<Operation *, 4> yielded;
      options.setFusionControlFn(
          [&](tensor::ExtractSliceOp slice, OpResult producer,
              bool isDestinationOperand)
              -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
            // Only producers that can be tiled: for any other one (a
            // func.call that returns X), MLIR 22's tileAndFuseProducerOfSlice
            // clones the producer into the loop before it finds that it
            // cannot tile it, and leaves the clone, which DCE cannot erase
            // when it has side effects: every row called the function again
            // (and leaked its result).
            if (!isa<TilingInterface>(producer.getOwner()))
              return std::nullopt;
            scf::SCFTileAndFuseOptions::ControlFnResult control;
            auto loop = slice->getParentOfType<scf::ForallOp>();
            if (!isDestinationOperand && loop &&
                !yielded.contains(producer.getOwner()) &&
                hasUsesAfterLoop(producer, loop, fusable)) {
              control.yieldProducerReplacement = true;
              yielded.insert(producer.getOwner());
            }
            return control;
          });
      auto tileable = dyn_cast<TilingInterface>(root.getOperation());
      if (!tileable)
        return root->emitError("norm-fuse-rows: linalg's TilingInterface "
                               "models are not registered");
      // The root is erased below with the other untiled ops.
      unsigned numRootResults = root->getNumResults();
      rewriter.setInsertionPoint(root);
      FailureOr<scf::SCFTileAndFuseResult> result =
          scf::tileConsumerAndFuseProducersUsingSCF(rewriter, tileable,
                                                    options);
      if (failed(result))
        return root->emitError("norm-fuse-rows: cannot tile and fuse");
      norm::remarkPassed(
          root, kPass, "RowLoop",
          "{0} tiled by 1 along its {1} slice dim{2} in an scf.forall, {3} "
          "producers fused into the loop ({4} of them also yielded for uses "
          "after it)",
          !reductions                        ? "elementwise tail"
          : root.getNumReductionLoops() != 0 ? "reduction"
                                             : "combining op",
          numSliceDims, numSliceDims == 1 ? "" : "s",
          result->fusedProducers.size(), yielded.size());
      auto loop = cast<scf::ForallOp>(result->loops.front().getOperation());
      // Uses after the loop read its results.
      Block *block = loop->getBlock();
      for (auto [original, replacement] : result->replacements)
        rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
          Operation *inBlock = block->findAncestorOpInBlock(*use.getOwner());
          return inBlock && loop->isBeforeInBlock(inBlock);
        });
      // The sizes of the untiled ops' results are those of their
      // destinations; then the untiled ops are dead unless a result of theirs
      // that was not yielded is still used.
      for (Operation *op : fusable) {
        auto dps = dyn_cast<DestinationStyleOpInterface>(op);
        if (!dps)
          continue;
        for (OpResult opResult : op->getResults())
          for (OpOperand &use : llvm::make_early_inc_range(opResult.getUses()))
            if (isa<tensor::DimOp>(use.getOwner()))
              rewriter.modifyOpInPlace(use.getOwner(), [&] {
                use.set(dps.getTiedOpOperand(opResult)->get());
              });
      }
      // Slices of the untiled producers that fusion left in the loop.
      eraseDeadOps(rewriter, loop, pendingRoots);
      for (bool erased = true; erased;) {
        erased = false;
        for (Operation *op : llvm::to_vector(fusable)) {
          if (pendingRoots.contains(op) || !isOpTriviallyDead(op))
            continue;
          fusable.erase(op);
          rewriter.eraseOp(op);
          erased = true;
        }
      }
      // One tile per value in the loop body.
      DominanceInfo dominance;
      eliminateCommonSubExpressions(rewriter, dominance, loop);
      mergeYieldedTiles(rewriter, loop, numRootResults);
    }
    return success();
  }
};
} // namespace
