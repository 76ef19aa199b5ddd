//===- FuseElementwise.cpp - norm-fuse-elementwise pass -------------------===//
//
// Upstream linalg-fuse-elementwise-ops without its reshape propagation (see
// Passes.td): elementwise producer-consumer fusion and the canonicalizations
// that pass runs with it. Besides, the elementwise producers of a
// normalization's input (a residual add, a bias add, a cast: ops that depend
// on no reduction) are computed in each op that reads them instead of being
// written to memory and read back:
//
// - named elementwise linalg ops among them (linalg.add, linalg.map, ...)
//   are generalized, so that they fuse like linalg.generic;
// - scalar reads of their values (tensor.extract: LayerNormalization's shift
//   and its exact f64 recomputation) compute the value from their inputs,
//   and slices of them (tensor.extract_slice) are computed on slices of their
//   inputs;
// - one with several consumers (the reductions and the elementwise tail of a
//   normalization) is fused into each of them, provided its payload is cheap
//   (arith ops only); a use of its value outside those consumers (a function
//   result: ONNX Runtime's input_skip_bias_sum) is written by one of them, an
//   all-parallel consumer over the same iteration space that comes before
//   those uses (the tail), as an extra result.
//
// norm-fuse-rows then finds the tail and the reductions reading the
// producer's inputs directly, and puts them in one loop over slices: the
// inputs are streamed from memory once, the result and the producer's value
// written once, from that loop.
//
// Remarks (category norm-fuse-elementwise): Fused at each consumer a producer
// is fused into; Recomputed at each producer fused into all its consumers
// (or its single consumer that also writes its value); NotFused (missed) at
// each consumer left with a fusable producer that has other uses (with why:
// the producer is costly, or its other uses come before its consumers).
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_FUSEELEMENTWISEPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-fuse-elementwise";

namespace {
/// Which values depend on no reduction: function arguments and constants,
/// and what all-parallel linalg ops, reshapes, slices and scalar ops compute
/// from them. The producers of a normalization's input are such values; the
/// per-slice values of its lowering (statistics, their maps) are not.
class UpstreamValues {
public:
  bool contains(Value value) {
    auto [it, inserted] = known.try_emplace(value, false);
    if (!inserted)
      return it->second;
    bool result = compute(value);
    known[value] = result;
    return result;
  }

private:
  bool compute(Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return isa<func::FuncOp>(arg.getOwner()->getParentOp());
    Operation *def = value.getDefiningOp();
    if (matchPattern(value, m_Constant()) ||
        isa<tensor::EmptyOp, tensor::DimOp, func::CallOp>(def))
      return true;
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(def)) {
      if (!linalgOp.hasPureTensorSemantics() ||
          linalgOp.getNumReductionLoops() != 0)
        return false;
      for (Value input : linalgOp.getDpsInputs())
        if (!contains(input))
          return false;
      llvm::SetVector<Value> captured;
      getUsedValuesDefinedAbove(def->getRegions(), captured);
      return llvm::all_of(captured, [&](Value v) { return contains(v); });
    }
    if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp, tensor::CastOp,
            tensor::ExtractSliceOp, tensor::ExtractOp>(def))
      return contains(def->getOperand(0));
    if (def->getNumRegions() == 0 && isPure(def))
      return llvm::all_of(def->getOperands(),
                          [&](Value v) { return contains(v); });
    return false;
  }

  DenseMap<Value, bool> known;
};
} // namespace

/// Whether `map` is a projected permutation that keeps the order of the
/// dims (an identity, or a broadcast along some dims: no transposition).
static bool isOrderedProjection(AffineMap map) {
  if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
    return false;
  int64_t last = -1;
  for (AffineExpr expr : map.getResults()) {
    int64_t pos = cast<AffineDimExpr>(expr).getPosition();
    if (pos <= last)
      return false;
    last = pos;
  }
  return true;
}

/// Whether `op` is an elementwise producer of values that depend on no
/// reduction: all-parallel, on tensors, reading at least one tensor through
/// maps without transposition and writing whole results (identity maps),
/// without linalg.index.
static bool isUpstreamElementwise(linalg::LinalgOp op,
                                  UpstreamValues &upstream) {
  if (!op.hasPureTensorSemantics() || op->getNumResults() == 0 ||
      op.getNumLoops() == 0 || op.getNumReductionLoops() != 0 ||
      op.hasIndexSemantics() || isa<linalg::FillOp>(op) ||
      op.getNumDpsInputs() == 0)
    return false;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<RankedTensorType>(operand.get().getType()))
      continue;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!isOrderedProjection(map) ||
        (op.isDpsInit(&operand) && !map.isIdentity()))
      return false;
  }
  return llvm::all_of(op->getResults(),
                      [&](Value v) { return upstream.contains(v); });
}

/// Whether the payload of `op` is cheap enough to compute again in each
/// consumer rather than read from memory: arith ops only.
static bool hasCheapPayload(linalg::GenericOp op) {
  return llvm::all_of(op.getBody()->without_terminator(), [](Operation &inner) {
    return isa<arith::ArithDialect>(inner.getDialect()) &&
           inner.getNumRegions() == 0;
  });
}

/// Whether `op` is a reshape whose value is computed on (read by a linalg
/// op, scalar reads, slices or other reshapes), not only passed on (a
/// function result: moving such a reshape above its producer would undo
/// the reshape back of moveReshapesAboveProducers).
static bool isComputedReshape(Operation *op) {
  if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op))
    return false;
  return llvm::any_of(op->getUsers(), [](Operation *user) {
    return isa<linalg::LinalgOp, tensor::ExtractOp, tensor::ExtractSliceOp,
               tensor::ExpandShapeOp, tensor::CollapseShapeOp>(user);
  });
}

/// Generalizes the named elementwise linalg ops (linalg.add, linalg.map, ...)
/// that produce values depending on no reduction and are read by other ops,
/// so that the elementwise fusion (of linalg.generic only) applies to them.
static bool generalizeUpstreamProducers(RewriterBase &rewriter, Operation *root,
                                        UpstreamValues &upstream) {
  SmallVector<linalg::LinalgOp> named;
  root->walk([&](linalg::LinalgOp op) {
    if (isa<linalg::GenericOp>(op) || !isUpstreamElementwise(op, upstream))
      return;
    // Read whole by a linalg op (not broadcast: a per-channel value of
    // a BatchNormalization stays computed once per channel), or read by
    // scalars or slices.
    bool read = false;
    for (OpResult result : op->getResults())
      for (OpOperand &use : result.getUses()) {
        auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
        read |=
            isa<tensor::ExtractOp, tensor::ExtractSliceOp>(use.getOwner()) ||
            isComputedReshape(use.getOwner()) ||
            (consumer &&
             consumer.getMatchingIndexingMap(&use).getNumResults() ==
                 consumer.getNumLoops());
      }
    if (read)
      named.push_back(op);
  });
  for (linalg::LinalgOp op : named) {
    rewriter.setInsertionPoint(op);
    (void)linalg::generalizeNamedOp(rewriter, op);
  }
  return !named.empty();
}

/// Replaces `extract`, a scalar read of a result of `producer` (an upstream
/// elementwise linalg.generic), by the producer's payload on scalar reads of
/// its inputs at the same position: the same operations on the same values.
static LogicalResult foldExtract(RewriterBase &rewriter,
                                 tensor::ExtractOp extract,
                                 linalg::GenericOp producer) {
  auto result = cast<OpResult>(extract.getTensor());
  OpOperand *init = producer.getDpsInitOperand(result.getResultNumber());
  if (producer.payloadUsesValueFromOperand(init))
    return failure();
  // The loop indices: the result's map is the identity.
  ValueRange loopIndices = extract.getIndices();
  rewriter.setInsertionPoint(extract);
  Block *body = producer.getBody();
  IRMapping mapping;
  for (OpOperand *input : producer.getDpsInputOperands()) {
    Value value = input->get();
    BlockArgument arg = producer.getMatchingBlockArgument(input);
    if (!isa<RankedTensorType>(value.getType())) {
      mapping.map(arg, value);
      continue;
    }
    SmallVector<Value> indices;
    for (AffineExpr expr : producer.getMatchingIndexingMap(input).getResults())
      indices.push_back(loopIndices[cast<AffineDimExpr>(expr).getPosition()]);
    mapping.map(arg, tensor::ExtractOp::create(rewriter, extract.getLoc(),
                                               value, indices));
  }
  for (Operation &op : body->without_terminator())
    rewriter.clone(op, mapping);
  Value yielded = body->getTerminator()->getOperand(result.getResultNumber());
  rewriter.replaceOp(extract, mapping.lookupOrDefault(yielded));
  return success();
}

/// Rewrites the reads of upstream elementwise linalg.generic results that
/// are neither linalg ops nor function results: each tensor.extract computes
/// its element from the producer's inputs (foldExtract), each unit-stride
/// tensor.extract_slice that keeps the rank becomes the producer computed on
/// slices of its inputs (a tile), which then fuses into its consumers.
static bool rewriteReadsOfUpstreamProducers(RewriterBase &rewriter,
                                            Operation *root,
                                            UpstreamValues &upstream) {
  SmallVector<tensor::ExtractOp> extracts;
  SmallVector<tensor::ExtractSliceOp> slices;
  root->walk([&](Operation *op) {
    auto isUpstreamGeneric = [&](Value v) {
      auto producer = v.getDefiningOp<linalg::GenericOp>();
      return producer && isUpstreamElementwise(producer, upstream);
    };
    if (auto extract = dyn_cast<tensor::ExtractOp>(op)) {
      if (isUpstreamGeneric(extract.getTensor()))
        extracts.push_back(extract);
    } else if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op)) {
      if (isUpstreamGeneric(slice.getSource()) && slice.hasUnitStride() &&
          slice.getSourceType().getRank() == slice.getResultType().getRank())
        slices.push_back(slice);
    }
  });
  bool changed = false;
  for (tensor::ExtractOp extract : extracts)
    changed |= succeeded(
        foldExtract(rewriter, extract,
                    extract.getTensor().getDefiningOp<linalg::GenericOp>()));
  for (tensor::ExtractSliceOp slice : slices) {
    auto result = cast<OpResult>(slice.getSource());
    auto producer = cast<TilingInterface>(result.getOwner());
    rewriter.setInsertionPoint(slice);
    // A slice with a static size of 0 (a quarter of a row of fewer than 4
    // elements) holds no element: an empty tensor, with no producer to tile
    // (linalg's tiling crashed on such tiles).
    if (llvm::is_contained(slice.getType().getShape(), 0)) {
      rewriter.replaceOpWithNewOp<tensor::EmptyOp>(
          slice, slice.getMixedSizes(), slice.getType().getElementType());
      changed = true;
      continue;
    }
    FailureOr<TilingResult> tile = producer.generateResultTileValue(
        rewriter, result.getResultNumber(), slice.getMixedOffsets(),
        slice.getMixedSizes());
    if (failed(tile) || tile->tiledValues.size() != 1 ||
        tile->tiledValues[0].getType() != slice.getType())
      continue;
    rewriter.replaceOp(slice, tile->tiledValues[0]);
    changed = true;
  }
  return changed;
}

static SmallVector<OpOperand *> getFusableUses(linalg::GenericOp producer);

/// Returns `producer` (an upstream elementwise linalg.generic with one
/// result) computed on the shape of `reshape`, a tensor.expand_shape or
/// tensor.collapse_shape of its result: the same payload on the inputs
/// reshaped alike (function arguments, in practice: views). Fails where an
/// input broadcast along part of a collapsed group of dims.
static FailureOr<Value> reshapeProducer(RewriterBase &rewriter,
                                        linalg::GenericOp producer,
                                        Operation *reshape) {
  MLIRContext *ctx = rewriter.getContext();
  auto expandOp = dyn_cast<tensor::ExpandShapeOp>(reshape);
  auto collapseOp = dyn_cast<tensor::CollapseShapeOp>(reshape);
  SmallVector<ReassociationIndices> groups =
      expandOp ? expandOp.getReassociationIndices()
               : collapseOp.getReassociationIndices();
  auto resultType = cast<RankedTensorType>(reshape->getResult(0).getType());
  int64_t rank = resultType.getRank();
  SmallVector<OpFoldResult> expandedSizes;
  if (expandOp)
    expandedSizes = expandOp.getMixedOutputShape();
  Location loc = reshape->getLoc();
  rewriter.setInsertionPoint(reshape);

  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *input : producer.getDpsInputOperands()) {
    Value value = input->get();
    auto type = dyn_cast<RankedTensorType>(value.getType());
    AffineMap map = producer.getMatchingIndexingMap(input);
    SmallVector<AffineExpr> exprs;
    SmallVector<ReassociationIndices> inputGroups;
    bool reshaped = false;
    if (type && expandOp) {
      // Each dim of the input becomes the dims of its group.
      SmallVector<OpFoldResult> sizes;
      SmallVector<int64_t> shape;
      for (AffineExpr expr : map.getResults()) {
        ReassociationIndices group;
        for (int64_t dim : groups[cast<AffineDimExpr>(expr).getPosition()]) {
          group.push_back(exprs.size());
          exprs.push_back(getAffineDimExpr(dim, ctx));
          sizes.push_back(expandedSizes[dim]);
          shape.push_back(resultType.getDimSize(dim));
        }
        reshaped |= group.size() != 1;
        inputGroups.push_back(group);
      }
      if (reshaped)
        value = tensor::ExpandShapeOp::create(
            rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
            value, inputGroups, sizes);
    } else if (type) {
      // Each group of dims of the input, all or none of it, becomes one dim.
      llvm::SmallBitVector present(producer.getNumLoops());
      for (AffineExpr expr : map.getResults())
        present.set(cast<AffineDimExpr>(expr).getPosition());
      int64_t next = 0;
      for (auto [newDim, group] : llvm::enumerate(groups)) {
        int64_t count = llvm::count_if(
            group, [&](int64_t dim) { return present.test(dim); });
        if (count == 0)
          continue;
        if (count != static_cast<int64_t>(group.size()))
          return failure();
        ReassociationIndices inputGroup;
        for (int64_t i = 0; i < count; ++i)
          inputGroup.push_back(next++);
        reshaped |= count != 1;
        inputGroups.push_back(inputGroup);
        exprs.push_back(getAffineDimExpr(newDim, ctx));
      }
      if (reshaped)
        value =
            tensor::CollapseShapeOp::create(rewriter, loc, value, inputGroups);
    }
    inputs.push_back(value);
    maps.push_back(AffineMap::get(rank, 0, exprs, ctx));
  }
  // The destination: the producer's, reshaped alike (an empty tensor).
  Value init = producer.getDpsInitOperand(0)->get();
  init = expandOp ? tensor::ExpandShapeOp::create(rewriter, loc, resultType,
                                                  init, groups, expandedSizes)
                        .getResult()
                  : tensor::CollapseShapeOp::create(rewriter, loc, init, groups)
                        .getResult();
  maps.push_back(AffineMap::getMultiDimIdentityMap(rank, ctx));
  auto reshapedOp = linalg::GenericOp::create(
      rewriter, loc, TypeRange{resultType}, inputs, ValueRange{init}, maps,
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel));
  rewriter.cloneRegionBefore(producer.getRegion(), reshapedOp.getRegion(),
                             reshapedOp.getRegion().end());
  return reshapedOp.getResult(0);
}

/// Moves the reshapes of upstream elementwise producers (the collapse of X
/// to [O, n] of a LayerNormalization over several dims, the grouped views
/// of Group- and InstanceNormalization) above them: each reshape of such a
/// producer's value becomes the producer computed on reshaped inputs
/// (reshapeProducer), which then fuses into the normalization's ops like
/// any other. A producer with several uses is cheap (arith ops only). Where
/// the producer's value is also used otherwise (a function result), and no
/// consumer of its own is left to write it, that use reads the first
/// reshaped value reshaped back, so that a consumer of that one can write
/// it (fuseMultiUseProducers).
static bool moveReshapesAboveProducers(RewriterBase &rewriter, Operation *root,
                                       UpstreamValues &upstream) {
  SmallVector<linalg::GenericOp> producers;
  root->walk([&](linalg::GenericOp op) {
    if (op->getNumResults() != 1 || !isUpstreamElementwise(op, upstream) ||
        op.payloadUsesValueFromOperand(op.getDpsInitOperand(0)) ||
        (!op->hasOneUse() && !hasCheapPayload(op)))
      return;
    if (llvm::any_of(op->getUsers(), isComputedReshape))
      producers.push_back(op);
  });
  bool changed = false;
  for (linalg::GenericOp producer : producers) {
    SmallVector<Operation *> reshapes;
    for (Operation *user : producer->getUsers())
      if (isComputedReshape(user) && !llvm::is_contained(reshapes, user))
        reshapes.push_back(user);
    Operation *first = nullptr;
    Value firstValue;
    for (Operation *reshape : reshapes) {
      FailureOr<Value> reshaped = reshapeProducer(rewriter, producer, reshape);
      if (failed(reshaped))
        continue;
      norm::remarkPassed(reshape, kPass, "ReshapeMoved",
                         "the reshape of an elementwise producer's value "
                         "moved above it: the producer computed on reshaped "
                         "inputs");
      if (!first) {
        first = reshaped->getDefiningOp();
        firstValue = *reshaped;
      }
      rewriter.replaceOp(reshape, *reshaped);
      changed = true;
    }
    if (!first || producer->use_empty()) {
      if (producer->use_empty())
        rewriter.eraseOp(producer);
      continue;
    }
    if (!getFusableUses(producer).empty())
      continue;
    // The other uses (a function result) read the reshaped value reshaped
    // back, placed just before each of them.
    DominanceInfo dominance;
    auto type = cast<RankedTensorType>(producer->getResult(0).getType());
    for (OpOperand &use :
         llvm::make_early_inc_range(producer->getResult(0).getUses())) {
      Operation *user = use.getOwner();
      if (!dominance.properlyDominates(first, user))
        continue;
      rewriter.setInsertionPoint(user);
      Value back;
      if (auto expand = dyn_cast<tensor::ExpandShapeOp>(
              firstValue.getDefiningOp<linalg::GenericOp>()
                  .getDpsInitOperand(0)
                  ->get()
                  .getDefiningOp()))
        back = tensor::CollapseShapeOp::create(
            rewriter, user->getLoc(), type, firstValue,
            expand.getReassociationIndices());
      else {
        auto collapse = firstValue.getDefiningOp<linalg::GenericOp>()
                            .getDpsInitOperand(0)
                            ->get()
                            .getDefiningOp<tensor::CollapseShapeOp>();
        back = tensor::ExpandShapeOp::create(
            rewriter, user->getLoc(), type, firstValue,
            collapse.getReassociationIndices(),
            tensor::getMixedSizes(rewriter, user->getLoc(), collapse.getSrc()));
      }
      rewriter.modifyOpInPlace(user, [&] { use.set(back); });
    }
    if (producer->use_empty())
      rewriter.eraseOp(producer);
  }
  return changed;
}

/// Returns the uses of `producer`'s results through which it can be fused
/// into its consumer without computing any of its elements more often than
/// the consumer iterates: linalg.generic inputs that
/// linalg::areElementwiseOpsFusable accepts, read without broadcast.
static SmallVector<OpOperand *> getFusableUses(linalg::GenericOp producer) {
  SmallVector<OpOperand *> uses;
  for (OpResult result : producer->getResults())
    for (OpOperand &use : result.getUses()) {
      auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
      if (consumer && linalg::areElementwiseOpsFusable(&use) &&
          consumer.getMatchingIndexingMap(&use).getNumResults() ==
              consumer.getNumLoops())
        uses.push_back(&use);
    }
  return uses;
}

/// Fuses each cheap upstream elementwise linalg.generic with several uses
/// into all its consumers: a copy of it per consumer (each copy, with a
/// single use, is then fused by the elementwise fusion), and the uses
/// outside those consumers (function results, ops that read the whole
/// value) read an extra result of one of them, the carrier. The carrier is
/// an all-parallel consumer over the same iteration space, in the producer's
/// block, before each of those uses. A producer whose other uses no
/// consumer can carry is left as it is.
static bool fuseMultiUseProducers(RewriterBase &rewriter, Operation *root,
                                  UpstreamValues &upstream) {
  SmallVector<linalg::GenericOp> producers;
  root->walk([&](linalg::GenericOp op) {
    if (!op->hasOneUse() && !op->use_empty() &&
        isUpstreamElementwise(op, upstream) && hasCheapPayload(op))
      producers.push_back(op);
  });
  bool changed = false;
  llvm::SmallPtrSet<Operation *, 4> erased;
  for (linalg::GenericOp producer : producers) {
    if (erased.contains(producer))
      continue;
    // The sizes of its results are those of its inits.
    for (OpResult result : producer->getResults())
      for (OpOperand &use : llvm::make_early_inc_range(result.getUses()))
        if (isa<tensor::DimOp>(use.getOwner()))
          rewriter.modifyOpInPlace(use.getOwner(), [&] {
            use.set(
                producer.getDpsInitOperand(result.getResultNumber())->get());
          });
    SmallVector<OpOperand *> fusable = getFusableUses(producer);
    if (fusable.empty())
      continue;
    SmallVector<OpOperand *> others;
    for (OpResult result : producer->getResults())
      for (OpOperand &use : result.getUses())
        if (!llvm::is_contained(fusable, &use))
          others.push_back(&use);
    if (fusable.size() == 1 && others.empty())
      continue; // The elementwise fusion fuses it.

    // The carrier of the other uses.
    OpOperand *carrier = nullptr;
    if (!others.empty()) {
      Block *block = producer->getBlock();
      for (OpOperand *use : fusable) {
        auto consumer = cast<linalg::GenericOp>(use->getOwner());
        if (consumer->getBlock() != block ||
            consumer.getNumParallelLoops() != consumer.getNumLoops() ||
            consumer.getNumLoops() != producer.getNumLoops() ||
            !consumer.getMatchingIndexingMap(use).isPermutation())
          continue;
        bool after = llvm::all_of(others, [&](OpOperand *other) {
          Operation *inBlock = block->findAncestorOpInBlock(*other->getOwner());
          return inBlock && consumer->isBeforeInBlock(inBlock);
        });
        if (after) {
          carrier = use;
          break;
        }
      }
      if (!carrier)
        continue;
    }

    if (!carrier)
      norm::remarkPassed(producer, kPass, "Recomputed",
                         "computed in each of its {0} consumers instead of "
                         "written to memory and read back",
                         fusable.size());
    else if (fusable.size() == 1)
      norm::remarkPassed(producer, kPass, "Recomputed",
                         "computed in its consumer, which also writes its "
                         "value for its {0} other use{1}",
                         others.size(), others.size() == 1 ? "" : "s");
    else
      norm::remarkPassed(producer, kPass, "Recomputed",
                         "computed in each of its {0} consumers instead of "
                         "written to memory and read back; one of them also "
                         "writes its value for its {1} other use{2}",
                         fusable.size(), others.size(),
                         others.size() == 1 ? "" : "s");
    // A copy per consumer, except for the carrier.
    for (OpOperand *use : fusable) {
      if (use == carrier)
        continue;
      rewriter.setInsertionPoint(producer);
      Operation *copy = rewriter.clone(*producer.getOperation());
      unsigned resultNumber = cast<OpResult>(use->get()).getResultNumber();
      rewriter.modifyOpInPlace(
          use->getOwner(), [&] { use->set(copy->getResult(resultNumber)); });
    }
    changed = true;
    if (!carrier)
      continue;
    // The carrier computes the producer's value for the other uses too.
    auto consumer = cast<linalg::GenericOp>(carrier->getOwner());
    rewriter.setInsertionPoint(consumer);
    FailureOr<linalg::ElementwiseOpFusionResult> fused =
        linalg::fuseElementwiseOps(rewriter, carrier);
    if (failed(fused))
      continue;
    norm::remarkPassed(fused->fusedOp, kPass, "Fused",
                       "its producer of operand {0} fused into it, whose "
                       "value it also yields for {1} other use{2}",
                       carrier->getOperandNumber(), others.size(),
                       others.size() == 1 ? "" : "s");
    for (auto [original, replacement] : fused->replacements)
      rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
        return use.getOwner() != producer.getOperation();
      });
    erased.insert(consumer);
    rewriter.eraseOp(consumer);
    if (producer->use_empty()) {
      erased.insert(producer);
      rewriter.eraseOp(producer);
    }
  }
  return changed;
}

namespace {
struct FuseElementwisePass
    : public norm::impl::FuseElementwisePassBase<FuseElementwisePass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    // Fuse a producer only into its single consumer (no recomputation).
    linalg::ControlFusionFn singleUse = [](OpOperand *fusedOperand) {
      Operation *producer = fusedOperand->get().getDefiningOp();
      return producer && producer->hasOneUse();
    };
    // The same decision, for the elementwise fusion (which calls it for the
    // operands that linalg::areElementwiseOpsFusable accepts), with remarks.
    linalg::ControlFusionFn fuseSingleUse = [](OpOperand *fusedOperand) {
      Operation *producer = fusedOperand->get().getDefiningOp();
      if (!producer || !producer->hasOneUse())
        return false;
      norm::remarkPassed(fusedOperand->getOwner(), kPass, "Fused",
                         "its single-use producer of operand {0} fused into "
                         "it",
                         fusedOperand->getOperandNumber());
      return true;
    };
    linalg::populateElementwiseOpsFusionPatterns(patterns, fuseSingleUse);
    linalg::populateConstantFoldLinalgOperations(patterns, singleUse);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, ctx);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, ctx);
    ctx->getLoadedDialect<linalg::LinalgDialect>()->getCanonicalizationPatterns(
        patterns);
    FrozenRewritePatternSet frozen(std::move(patterns));
    // As upstream: top-down for compile time, and a module on which the
    // patterns do not converge is left as they leave it (not an error).
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true);

    // The producers of normalization inputs: fused into every consumer.
    // Each round may expose more (a chain of adds fused into one op with
    // several uses); a few rounds reach all of them in practice.
    IRRewriter rewriter(ctx);
    for (int round = 0; round < 8; ++round) {
      UpstreamValues upstream;
      bool changed =
          generalizeUpstreamProducers(rewriter, getOperation(), upstream);
      upstream = UpstreamValues();
      changed |=
          rewriteReadsOfUpstreamProducers(rewriter, getOperation(), upstream);
      bool fusedSingleUse = false;
      (void)applyPatternsGreedily(getOperation(), frozen, config,
                                  &fusedSingleUse);
      upstream = UpstreamValues();
      changed |= moveReshapesAboveProducers(rewriter, getOperation(), upstream);
      upstream = UpstreamValues();
      changed |= fuseMultiUseProducers(rewriter, getOperation(), upstream);
      if (!changed && !fusedSingleUse)
        break;
    }

    // The producers left unfused for having other uses.
    if (norm::remarksEnabled(ctx)) {
      UpstreamValues upstream;
      getOperation()->walk([&](linalg::GenericOp consumer) {
        for (OpOperand &operand : consumer->getOpOperands()) {
          auto producer = operand.get().getDefiningOp<linalg::GenericOp>();
          if (!linalg::areElementwiseOpsFusable(&operand) ||
              producer->hasOneUse())
            continue;
          if (isUpstreamElementwise(producer, upstream) &&
              hasCheapPayload(producer))
            norm::remarkMissed(consumer, kPass, "NotFused",
                               "the producer of operand {0} is also used "
                               "where none of its consumers can write its "
                               "value (before them, or in another block)",
                               operand.getOperandNumber());
          else
            norm::remarkMissed(
                consumer, kPass, "NotFused",
                "the producer of operand {0} has other uses: fusing it would "
                "compute it again in each consumer",
                operand.getOperandNumber());
        }
      });
    }
  }
};
} // namespace
