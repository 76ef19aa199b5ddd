//===- VectorizeRows.cpp - norm-vectorize-rows: vector dialect codegen ----===//
//
// After norm-fuse-rows, each normalization is a loop over slices whose body
// holds linalg ops over one slice: reductions (sum, sum of squares, max)
// and the elementwise tail. This pass tiles the contiguous innermost dim of
// those ops by `unroll` vector registers, peels the remainder and vectorizes
// the tiles with linalg::vectorize, so that the inner loops are vector
// dialect code of the host's width:
//
//   reduction:  acc = splat(identity) : vector<T>
//               for i in [0, C - C % T) step T:  acc = acc + f(x[i:i+T])
//               one masked step for the remainder
//               sum = vector.multi_reduction acc
//   tail:       for i in [0, C - C % T) step T:  y[i:i+T] = g(x[i:i+T], ...)
//               one masked step for the remainder
//
// Partial sums per lane reassociate the reduction, which the norm lowerings
// allow (their combiners carry fastmath<reassoc>); the formula is unchanged.
//
// Remarks (category norm-vectorize-rows): Tiled or NotTiled (missed, with the
// reason) at each linalg op with loops, Peeled or NoRemainder at each tiled
// loop, Vectorized or NotVectorized (missed, with the reason) at each tile.
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/TargetParser/Host.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_VECTORIZEROWSPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-vectorize-rows";

/// The largest `unroll`: the tile's partial sums, one vector register each,
/// and the registers they are loaded into must fit in the 32 vector
/// registers of AVX-512 (x86) or AArch64.
static constexpr unsigned kMaxUnroll = 16;

/// Marks the ops this pass creates and will vectorize.
static constexpr StringLiteral kVectorizeMarker = "norm.vectorize";

/// The host's vector register width in bits: 512 with AVX-512F, 256 with
/// AVX or AVX2, 128 otherwise (SSE2, NEON).
static unsigned getHostVectorBits() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  if (features.lookup("avx512f"))
    return 512;
  if (features.lookup("avx2") || features.lookup("avx"))
    return 256;
  return 128;
}

/// Returns whether the partial-reduction tiling of `op`'s innermost
/// (reduction) dim is valid and keeps its meaning: it is the only reduction
/// dim, every other dim has static size 1 (partial reduction tiling cannot
/// tile parallel dims), the body has no linalg.index (the tiled body would
/// see tile-relative indices), and each combiner may be reassociated:
/// integer add/mul/and/or/xor/min/max, float min/max, and float add/mul
/// carrying fastmath<reassoc> (as the norm lowerings' reductions do).
/// Otherwise sets `whyNot` (if not null) to the reason.
static bool isReassociableRowReduction(linalg::LinalgOp op,
                                       std::string *whyNot = nullptr) {
  auto reject = [&](const Twine &reason) {
    if (whyNot)
      *whyNot = reason.str();
    return false;
  };
  if (op.getNumReductionLoops() != 1)
    return reject("it has more than one reduction dim");
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (int64_t d = 0, e = ranges.size() - 1; d < e; ++d)
    if (ranges[d] != 1)
      return reject("dim " + Twine(d) +
                    " is not of static size 1 (a partial reduction tiles "
                    "only the reduced dim)");
  if (!op.getBlock()->getOps<linalg::IndexOp>().empty())
    return reject("its body uses linalg.index");
  for (unsigned i = 0, e = op.getNumDpsInits(); i < e; ++i) {
    SmallVector<Operation *> combiners;
    if (!matchReduction(op.getRegionOutputArgs(), i, combiners) ||
        combiners.size() != 1)
      return reject("result " + Twine(i) + " has no single combiner");
    Operation *combiner = combiners.front();
    if (isa<arith::AddIOp, arith::MulIOp, arith::AndIOp, arith::OrIOp,
            arith::XOrIOp, arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp,
            arith::MinUIOp, arith::MaximumFOp, arith::MinimumFOp,
            arith::MaxNumFOp, arith::MinNumFOp>(combiner))
      continue;
    auto fastMath = dyn_cast<arith::ArithFastMathInterface>(combiner);
    if (!isa<arith::AddFOp, arith::MulFOp>(combiner) || !fastMath ||
        !bitEnumContainsAll(fastMath.getFastMathFlagsAttr().getValue(),
                            arith::FastMathFlags::reassoc))
      return reject("the combiner " + combiner->getName().getStringRef() +
                    " of result " + Twine(i) +
                    " may not be reassociated (a float add or mul needs "
                    "fastmath<reassoc>)");
  }
  return true;
}

/// Returns the number of elements per tile of `op`'s innermost dim: `unroll`
/// registers of `vectorBits`, in lanes of the op's widest element type. 0
/// if `op` is not a candidate: it must work on tensors of int/float
/// elements, its innermost loop dim must be the innermost dim of every
/// operand that uses it, it may have no other reduction dim when that one
/// is a reduction, and its innermost size must not be statically smaller
/// than one register. Where it returns 0, sets `whyNot` (if not null) to the
/// reason.
static int64_t getTileSize(linalg::LinalgOp op, unsigned vectorBits,
                           unsigned unroll, std::string *whyNot = nullptr) {
  auto reject = [&](const Twine &reason) -> int64_t {
    if (whyNot)
      *whyNot = reason.str();
    return 0;
  };
  if (!op.hasPureTensorSemantics())
    return reject("it is not on tensors");
  if (isa<linalg::FillOp>(op))
    return reject("a linalg.fill is not tiled here (only the partial-sum "
                  "inits that tiling creates are vectorized)");
  if (op.getNumLoops() == 0)
    return reject("it has no loops");
  unsigned innermost = op.getNumLoops() - 1;
  unsigned maxBits = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    unsigned number = operand.getOperandNumber();
    auto type = dyn_cast<RankedTensorType>(operand.get().getType());
    if (!type)
      return reject("operand " + Twine(number) + " is not a ranked tensor");
    Type element = type.getElementType();
    if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() > 64 ||
        element.getIntOrFloatBitWidth() < 8)
      return reject("operand " + Twine(number) +
                    " has elements that are not integers or floats of 8 to "
                    "64 bits");
    maxBits = std::max(maxBits, element.getIntOrFloatBitWidth());
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation())
      return reject("the indexing map of operand " + Twine(number) +
                    " is not a projected permutation");
    for (auto [i, expr] : llvm::enumerate(map.getResults()))
      if (cast<AffineDimExpr>(expr).getPosition() == innermost &&
          i + 1 != map.getNumResults())
        return reject("the innermost loop dim is not the innermost dim of "
                      "operand " +
                      Twine(number) + " (not contiguous)");
  }
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  std::string notReassociable;
  if (iterators[innermost] == utils::IteratorType::reduction &&
      !isReassociableRowReduction(op, whyNot ? &notReassociable : nullptr))
    return reject("the innermost dim is a reduction that cannot be split "
                  "into partial sums per lane: " +
                  notReassociable);
  int64_t lanes = vectorBits / maxBits;
  int64_t size = op.getStaticLoopRanges()[innermost];
  if (lanes < 2)
    return reject("a " + Twine(vectorBits) +
                  "-bit register holds fewer than 2 lanes of " +
                  Twine(maxBits) + " bits");
  if (!ShapedType::isDynamic(size) && size < lanes)
    return reject("the innermost size " + Twine(size) +
                  " is smaller than one register (" + Twine(lanes) + " lanes)");
  return lanes * unroll;
}

/// Tiles `op` by 1 along its outer dims of size != 1 and by `tileSize`
/// along its innermost dim (a partial reduction if that dim reduces), marks
/// the ops to vectorize, and returns the innermost loop created.
static FailureOr<scf::ForOp>
tileInnermost(RewriterBase &rewriter, linalg::LinalgOp op, int64_t tileSize) {
  unsigned innermost = op.getNumLoops() - 1;
  SmallVector<OpFoldResult> tileSizes;
  for (int64_t size : op.getStaticLoopRanges())
    tileSizes.push_back(rewriter.getIndexAttr(size == 1 ? 0 : 1));
  tileSizes[innermost] = rewriter.getIndexAttr(tileSize);
  scf::SCFTilingOptions options;
  options.setTileSizes(tileSizes);
  bool partial =
      op.getIteratorTypesArray()[innermost] == utils::IteratorType::reduction;
  if (partial)
    options
        .setReductionTilingStrategy(
            ReductionTilingStrategy::PartialReductionOuterReduction)
        .setReductionDims({innermost});
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> result = failure();
  std::string diagnostic;
  {
    // An op that cannot be tiled is left as it is: not an error (its
    // diagnostic only goes into the remark).
    norm::QuietDiagnostics quiet(op->getContext());
    result = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(op.getOperation()), options);
    diagnostic = quiet.getMessage().str();
  }
  if (failed(result) || result->loops.empty()) {
    norm::remarkMissed(op, kPass, "NotTiled",
                       "tiling its innermost dim by {0} failed{1}{2}", tileSize,
                       diagnostic.empty() ? "" : ": ", diagnostic);
    return failure();
  }
  norm::remarkPassed(
      op, kPass, "Tiled", "innermost dim tiled by {0} elements{1}", tileSize,
      partial ? " as a partial reduction (partial sums per lane)" : "");
  rewriter.replaceOp(op, result->replacements);
  auto mark = [&](Operation *marked) {
    if (isa<linalg::LinalgOp>(marked))
      marked->setAttr(kVectorizeMarker, rewriter.getUnitAttr());
  };
  llvm::for_each(result->tiledOps, mark);
  llvm::for_each(result->mergeOps, mark);
  // The partial-sum accumulators' initialization (a static fill).
  if (partial)
    for (Value init : result->initialValues)
      if (Operation *producer = init.getDefiningOp())
        mark(producer);
  auto loop = dyn_cast<scf::ForOp>(result->loops.back().getOperation());
  if (!loop)
    return failure();
  return loop;
}

/// Returns whether `op`'s body has only arith and math ops besides
/// linalg.index and linalg.yield, none of which may trap.
static bool isElementwiseBody(linalg::LinalgOp op) {
  return llvm::all_of(op.getBlock()->getOperations(), [](Operation &inner) {
    // Integer division traps on the inactive lanes' padding (SIGFPE).
    if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
            arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(inner))
      return false;
    return isa<linalg::YieldOp, linalg::IndexOp>(inner) ||
           isa<arith::ArithDialect, math::MathDialect>(inner.getDialect());
  });
}

/// Vectorizes a marked op: with its static shape, or masked with vector
/// sizes that bound its dynamic dims (the remainder tile).
static void vectorizeMarked(RewriterBase &rewriter, linalg::LinalgOp op,
                            int64_t tileSize) {
  op->removeAttr(kVectorizeMarker);
  SmallVector<int64_t> vectorSizes;
  if (op.hasDynamicShape()) {
    // Masked vectorization: only bodies of arith/math ops (MLIR 22 builds
    // an invalid mask for a broadcast transfer_read of a masked
    // tensor.extract); the other remainders stay scalar loops.
    if (tileSize == 0) {
      norm::remarkMissed(op, kPass, "NotVectorized",
                         "a dynamic shape outside the tiled loops");
      return;
    }
    if (!isElementwiseBody(op)) {
      norm::remarkMissed(op, kPass, "NotVectorized",
                         "a remainder tile whose body is not only arith "
                         "and math ops or may trap: left a scalar loop");
      return;
    }
    for (int64_t size : op.getStaticLoopRanges())
      vectorSizes.push_back(ShapedType::isDynamic(size) ? tileSize : size);
  }
  SmallVector<bool> scalableDims(vectorSizes.size(), false);
  FailureOr<linalg::VectorizationResult> result = failure();
  bool ready = false;
  std::string diagnostic;
  {
    // An op that cannot be vectorized is left as it is: not an error (its
    // diagnostic only goes into the remark).
    norm::QuietDiagnostics quiet(op->getContext());
    ready = succeeded(
        linalg::vectorizeOpPrecondition(op, vectorSizes, scalableDims));
    if (ready) {
      rewriter.setInsertionPoint(op);
      result = linalg::vectorize(rewriter, op, vectorSizes, scalableDims);
    }
    diagnostic = quiet.getMessage().str();
  }
  if (failed(result)) {
    norm::remarkMissed(op, kPass, "NotVectorized", "{0}{1}{2}",
                       ready ? "linalg::vectorize failed"
                             : "linalg::vectorizeOpPrecondition failed",
                       diagnostic.empty() ? "" : ": ", diagnostic);
    return;
  }
  if (norm::remarksEnabled(op->getContext())) {
    std::string shape;
    llvm::raw_string_ostream os(shape);
    llvm::interleave(
        vectorSizes.empty() ? op.getStaticLoopRanges() : vectorSizes, os, "x");
    StringRef role = isa<linalg::FillOp>(op) ? "the partial sums' init"
                     : isa<linalg::ReduceOp>(op)
                         ? "the merge of the partial sums"
                     : vectorSizes.empty() ? "a tile"
                                           : "the remainder tile";
    norm::remarkPassed(op, kPass, "Vectorized",
                       "{0} ({1}) vectorized{2}, vector shape {3}", role,
                       op->getName().getStringRef(),
                       vectorSizes.empty() ? "" : " with masks", shape);
  }
  if (result->replacements.empty())
    rewriter.eraseOp(op);
  else
    rewriter.replaceOp(op, result->replacements);
}

namespace {
/// The masked remainder step of a partial reduction reads and writes a
/// dynamic-size slice at offset 0 of the static partial-sum tensor:
///
///   %s = tensor.extract_slice %acc[0, 0] [1, %n] [1, 1]
///   %v = vector.transfer_read %s[0, 0], %pad, %mask
///   ...  %r = f(%v, ...)
///   %w = vector.transfer_write %r, %s[0, 0], %mask
///   %new = tensor.insert_slice %w into %acc[0, 0] [1, %n] [1, 1]
///
/// Rewrites it as an unmasked read-modify-write of the whole tensor, the
/// inactive lanes kept by a select:
///
///   %v = vector.transfer_read %acc[0, 0]
///   %new = vector.transfer_write (select %mask, %r, %v), %acc[0, 0]
///
/// so that loop-invariant-subset-hoisting keeps the partial sums in
/// registers through the remainder step too (a masked access to the stack
/// copy blocks LLVM's promotion to registers and store forwarding).
struct FoldMaskedAccumulatorSlice
    : public OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::InsertSliceOp insert,
                                PatternRewriter &rewriter) const override {
    auto write = insert.getSource().getDefiningOp<vector::TransferWriteOp>();
    if (!write || !write.getMask() || !write->hasOneUse())
      return failure();
    auto slice = write.getBase().getDefiningOp<tensor::ExtractSliceOp>();
    RankedTensorType accType = insert.getDestType();
    VectorType vectorType = write.getVectorType();
    if (!slice || slice.getSource() != insert.getDest() ||
        !accType.hasStaticShape() ||
        accType.getShape() != vectorType.getShape() ||
        !write.getPermutationMap().isMinorIdentity() ||
        write.getPermutationMap().getNumResults() != accType.getRank() ||
        !isZeroOffsetUnitStride(insert) || !isZeroOffsetUnitStride(slice) ||
        insert.getMixedSizes() != slice.getMixedSizes() ||
        !llvm::all_of(write.getIndices(), isZeroInteger))
      return failure();
    // The masked reads of the same slice, with the same mask.
    SmallVector<vector::TransferReadOp> reads;
    for (Operation *user : slice->getUsers()) {
      if (user == write)
        continue;
      auto read = dyn_cast<vector::TransferReadOp>(user);
      if (!read || read.getMask() != write.getMask() ||
          read.getVectorType() != vectorType ||
          read.getPermutationMap() != write.getPermutationMap() ||
          !llvm::all_of(read.getIndices(), isZeroInteger))
        return failure();
      reads.push_back(read);
    }
    Location loc = write.getLoc();
    SmallVector<bool> inBounds(vectorType.getRank(), true);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    SmallVector<Value> indices(accType.getRank(), zero);
    rewriter.setInsertionPoint(slice);
    Value padding =
        ub::PoisonOp::create(rewriter, loc, accType.getElementType());
    Value full = vector::TransferReadOp::create(rewriter, loc, vectorType,
                                                insert.getDest(), indices,
                                                padding, inBounds);
    for (vector::TransferReadOp read : reads)
      rewriter.replaceOp(read, full);
    rewriter.setInsertionPoint(insert);
    Value kept = arith::SelectOp::create(rewriter, loc, write.getMask(),
                                         write.getVector(), full);
    rewriter.replaceOpWithNewOp<vector::TransferWriteOp>(
        insert, kept, insert.getDest(), indices, inBounds);
    rewriter.eraseOp(write);
    return success();
  }

private:
  static bool isZeroOffsetUnitStride(OffsetSizeAndStrideOpInterface op) {
    return llvm::all_of(op.getMixedOffsets(), isZeroInteger) &&
           llvm::all_of(op.getMixedStrides(), isOneInteger);
  }
};

struct VectorizeRowsPass
    : public norm::impl::VectorizeRowsPassBase<VectorizeRowsPass> {
  using Base::Base;

  /// Rejects option values outside their ranges (Passes.td): the pass
  /// fails before it runs, with the option, its value, the range and why.
  LogicalResult initialize(MLIRContext *context) override {
    if (vectorBits != 0 && vectorBits != 128 && vectorBits != 256 &&
        vectorBits != 512)
      return emitError(UnknownLoc::get(context))
             << kPass
             << ": vector-bits must be 0 (the host's), 128, 256 or 512 (the "
                "widths of CPU vector registers), got "
             << static_cast<unsigned>(vectorBits);
    if (unroll < 1 || unroll > kMaxUnroll)
      return emitError(UnknownLoc::get(context))
             << kPass << ": unroll must be 1 to " << kMaxUnroll
             << " (vector registers of partial sums per tile: 0 would tile "
                "nothing, and more than a CPU's register file holds would "
                "spill), got "
             << static_cast<unsigned>(unroll);
    return success();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    unsigned bits = vectorBits ? unsigned(vectorBits) : getHostVectorBits();

    // 1. Tile. Collect first: tiling creates and erases linalg ops.
    SmallVector<std::pair<linalg::LinalgOp, int64_t>> candidates;
    bool remarks = norm::remarksEnabled(context);
    func.walk([&](linalg::LinalgOp op) {
      std::string whyNot;
      if (int64_t tileSize =
              getTileSize(op, bits, unroll, remarks ? &whyNot : nullptr))
        candidates.push_back({op, tileSize});
      else if (op.getNumLoops() != 0)
        norm::remarkMissed(op, kPass, "NotTiled", "{0}", whyNot);
    });
    IRRewriter rewriter(context);
    SmallVector<std::pair<scf::ForOp, int64_t>> loops;
    for (auto [op, tileSize] : candidates) {
      FailureOr<scf::ForOp> loop = tileInnermost(rewriter, op, tileSize);
      if (succeeded(loop))
        loops.push_back({*loop, tileSize});
    }

    // 2. Peel: full tiles in the main loop, the rest in one partial step.
    // Record the tile size of the ops in each loop.
    DenseMap<Operation *, int64_t> tileSizeOf;
    for (auto [loop, tileSize] : loops) {
      scf::ForOp partial;
      if (succeeded(scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial)))
        norm::remarkPassed(
            loop, kPass, "Peeled",
            "the full tiles run in the main loop, the remainder in one "
            "partial step after it");
      else
        norm::remarkAnalysis(
            loop, kPass, "NoRemainder",
            "not peeled: the tile size divides the static size");
      for (scf::ForOp l : {loop, partial})
        if (l)
          l.walk([&, ts = tileSize](linalg::LinalgOp op) {
            if (op->hasAttr(kVectorizeMarker))
              op->setAttr(kVectorizeMarker, rewriter.getI64IntegerAttr(ts));
          });
    }
    // Fold the peeled bounds into static tile shapes.
    {
      RewritePatternSet patterns(context);
      for (Dialect *dialect : context->getLoadedDialects())
        dialect->getCanonicalizationPatterns(patterns);
      for (RegisteredOperationName name : context->getRegisteredOperations())
        name.getCanonicalizationPatterns(patterns, context);
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }

    // 3. Vectorize the marked ops (tiles, partial-sum inits and merges).
    SmallVector<linalg::LinalgOp> marked;
    func.walk([&](linalg::LinalgOp op) {
      if (op->hasAttr(kVectorizeMarker))
        marked.push_back(op);
    });
    for (linalg::LinalgOp op : marked) {
      int64_t tileSize = 0;
      if (auto attr = op->getAttrOfType<IntegerAttr>(kVectorizeMarker))
        tileSize = attr.getInt();
      vectorizeMarked(rewriter, op, tileSize);
    }

    // 4. Clean up: masks as transfer operands, then the remainder's partial
    // sums as whole vectors, and transfers folded through tensor slices.
    {
      RewritePatternSet patterns(context);
      vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }
    RewritePatternSet patterns(context);
    patterns.add<FoldMaskedAccumulatorSlice>(context);
    vector::populateVectorTransferDropUnitDimsPatterns(patterns);
    tensor::populateFoldTensorSubsetIntoVectorTransferPatterns(patterns);
    vector::TransferReadOp::getCanonicalizationPatterns(patterns, context);
    vector::TransferWriteOp::getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
