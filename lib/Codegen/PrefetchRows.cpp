//===- PrefetchRows.cpp - norm-prefetch-rows: software prefetch of slices -===//
//
// After norm-fuse-rows and norm-vectorize-rows, a normalization is a loop
// over rows (scf.forall) whose body makes passes over one row of X: the sum,
// the sum of squares of X - Mean (two loops, f32 and f64, for a dynamic f32
// length, one of which runs no step) and Y for LayerNorm, without Y for its
// statistics alone; the sum and Y for LpNorm and Normalizer. The first pass
// streams the row from memory, the others find it in L1. While those later
// passes run, no demand miss drives the hardware prefetchers, so the next
// row's first pass starts with cold misses: memory idles while the core
// computes, and the core idles while memory streams. This pass prefetches,
// during the later passes over row r (except the one writing Y, where there
// are two or more), the row `distance` bytes ahead (the next row for rows of
// 4 KiB and more), one `memref.prefetch` per cache line of each vector tile,
// so that reading the next rows from memory overlaps the computation on this
// one. Rows of 16-bit elements read in exactly two passes (a reduction, then
// Y: RMSNormalization, LpNormalization, Normalizer) prefetch the row ahead
// half during each pass instead (prefetchRowHalves): their Y computes more
// per byte, and with the whole row prefetched by Y memory idled during the
// reduction. Rows of 32-bit and wider elements read in two passes, the
// second writing Y, are not prefetched: their Y keeps memory busy, and the
// prefetches made it slower.
//
// A loop over slices of rank 3 or more (channels-last GroupNormalization:
// one sample [H, W, C] per step, read by the sum, the sum of squared
// deviations and Y through loop nests over H, W and C) prefetches the slice
// `distance` bytes ahead (the next sample) during the last pass only (Y),
// at the same inner indices as each full tile that pass reads.
//
// Remarks (category norm-prefetch-rows): RowPrefetch, RowHalvesPrefetch,
// SinglePass or TwoPassWideRow (missed) per memref read by a loop over rows,
// SlicePrefetch or SinglePass (missed) per memref of rank 3 or more read by a
// loop over its slices, NotRowLoop (missed) at a multi-dimensional scf.forall,
// StreamPrefetch or FewStreams (missed) at each column loop that reads full
// tiles of several rows, Disabled (missed) where an option is 0.
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"
#include "norm/Conversion/NormToLinalg/LocationMarkers.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_PREFETCHROWSPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-prefetch-rows";

/// Bytes per cache line prefetched (x86-64, AArch64 cores).
static constexpr int64_t kCacheLineBytes = 64;

/// `memref.prefetch` locality hints (LLVM's llvm.prefetch: 3 keeps the line
/// in every cache level, x86 `prefetcht0`, AArch64 `prfm pldl1keep`; 1 in
/// the outer levels only, x86 `prefetcht2`, AArch64 `prfm pldl3keep`; the
/// measurements are x86's, AArch64's were not measured). The rows ahead
/// prefetched by a pass that writes no vectors (LayerNorm's sum of squares,
/// Group/InstanceNorm's rows of statistics) and the rows of the leading-axis
/// sums use kLocalityOuter: measured faster than kLocalityL1 on every such op
/// (docs/Pipeline.md, stage 7); a pass that writes Y (LpNorm, Normalizer,
/// RMSNorm) and the slices ahead keep kLocalityL1, where the outer levels
/// measured no faster or slower.
static constexpr unsigned kLocalityL1 = 3;
static constexpr unsigned kLocalityOuter = 1;

/// The largest `distance` and `stream-distance`, 1 MiB: lines prefetched
/// further ahead would leave the cache before the loop reads them.
static constexpr unsigned kMaxDistance = 1u << 20;

/// The largest `min-rows-ahead`.
static constexpr unsigned kMaxRowsAhead = 64;

/// Returns whether `loop` is at a location fused with kFirstPassMarker
/// (LocationMarkers.h): a pass over the row that is the first for some rows
/// (LayerNormalization's f64 sum of K - X for the long rows of a dynamic
/// length, after the f32 sum that runs no step for them).
static bool isFirstPassLoop(scf::ForOp loop) {
  return norm::hasLocationMarker(loop.getLoc(), norm::kFirstPassMarker);
}

/// Returns whether `read` loads a full tile (no mask, minor identity) of a
/// rank-2 memref of int or float elements (whose size in bytes is known;
/// not `index`) defined outside `scope`, at column `loop`'s induction
/// variable. Any layout: the prefetches assume unit column stride, but they
/// are only hints.
static bool isColumnTileRead(vector::TransferReadOp read, scf::ForOp loop,
                             Operation *scope) {
  auto type = dyn_cast<MemRefType>(read.getBase().getType());
  return type && type.getRank() == 2 && type.getElementType().isIntOrFloat() &&
         !read.getMask() && read.getPermutationMap().isMinorIdentity() &&
         read.getIndices()[1] == loop.getInductionVar() &&
         !scope->isAncestor(read.getBase().getParentBlock()->getParentOp());
}

/// Returns whether `read` loads a tile of row `row` of a memref defined
/// outside `rowLoop` at column `loop`'s induction variable (a full tile of
/// the main loop; see isColumnTileRead).
static bool isRowTileRead(vector::TransferReadOp read, Value row,
                          scf::ForOp loop, Operation *rowLoop) {
  return isColumnTileRead(read, loop, rowLoop) && read.getIndices()[0] == row;
}

/// Returns whether `read` loads a full tile of row `row` of a rank-2 memref
/// defined outside `rowLoop` at column `loop`'s induction variable plus an
/// offset that does not change in `loop` (an arith.addi, or an affine.apply
/// whose result is the induction variable's dim or symbol plus an expression
/// of the others): the chunks of a row that one loop reads side by side, as
/// GroupNormalization's sum of squares does. Its prefetches take the same
/// column in the row ahead.
static bool isRowChunkTileRead(vector::TransferReadOp read, Value row,
                               scf::ForOp loop, Operation *rowLoop) {
  auto type = dyn_cast<MemRefType>(read.getBase().getType());
  if (!type || type.getRank() != 2 || !type.getElementType().isIntOrFloat() ||
      read.getMask() || !read.getPermutationMap().isMinorIdentity() ||
      read.getIndices()[0] != row ||
      rowLoop->isAncestor(read.getBase().getParentBlock()->getParentOp()))
    return false;
  Operation *column = read.getIndices()[1].getDefiningOp();
  if (!column)
    return false;
  Value iv = loop.getInductionVar();
  // Every operand but one induction variable is defined outside `loop`.
  int64_t ivPosition = -1;
  for (auto [i, operand] : llvm::enumerate(column->getOperands())) {
    if (operand == iv && ivPosition < 0)
      ivPosition = i;
    else if (loop->isAncestor(operand.getParentBlock()->getParentOp()))
      return false;
  }
  if (ivPosition < 0)
    return false;
  if (isa<arith::AddIOp>(column))
    return true;
  auto apply = dyn_cast<affine::AffineApplyOp>(column);
  if (!apply)
    return false;
  AffineMap map = apply.getAffineMap();
  AffineExpr ivExpr = ivPosition < map.getNumDims()
                          ? getAffineDimExpr(ivPosition, map.getContext())
                          : getAffineSymbolExpr(ivPosition - map.getNumDims(),
                                                map.getContext());
  auto sum = dyn_cast<AffineBinaryOpExpr>(map.getResult(0));
  if (map.getNumResults() != 1 || !sum || sum.getKind() != AffineExprKind::Add)
    return false;
  AffineExpr rest = sum.getLHS() == ivExpr   ? sum.getRHS()
                    : sum.getRHS() == ivExpr ? sum.getLHS()
                                             : AffineExpr();
  if (!rest)
    return false;
  bool usesIV = false;
  rest.walk([&](AffineExpr e) { usesIV |= e == ivExpr; });
  return !usesIV;
}

/// Fewest row streams in one column loop that get prefetches within their
/// rows: the hardware prefetchers follow one stream well but not eight (the
/// leading-axis sums read eight rows per step).
static constexpr unsigned kMinStreams = 4;

/// Returns the column tile reads (isColumnTileRead) of memrefs defined
/// outside `loop`, in `loop`'s body, one per memref.
static SmallVector<vector::TransferReadOp> getStreamReads(scf::ForOp loop) {
  SmallVector<vector::TransferReadOp> reads;
  llvm::SmallPtrSet<Value, 8> seen;
  for (Operation &op : loop.getBody()->without_terminator()) {
    auto read = dyn_cast<vector::TransferReadOp>(op);
    if (read && isColumnTileRead(read, loop, loop) &&
        seen.insert(read.getBase()).second)
      reads.push_back(read);
  }
  return reads;
}

/// In column loops that read kMinStreams or more rows at once (leading-axis
/// sums), prefetches each row `distance` bytes ahead of the tile read (the
/// column clamped to the row), one `memref.prefetch` per cache line.
static void prefetchStreams(func::FuncOp func, int64_t distance) {
  SmallVector<scf::ForOp> loops;
  func.walk([&](scf::ForOp loop) { loops.push_back(loop); });
  for (scf::ForOp loop : loops) {
    SmallVector<vector::TransferReadOp> reads = getStreamReads(loop);
    if (reads.size() < kMinStreams) {
      if (reads.size() >= 2)
        norm::remarkMissed(
            loop, kPass, "FewStreams",
            "the loop reads {0} rows at once, fewer than {1}: the hardware "
            "prefetchers keep up",
            reads.size(), kMinStreams);
      continue;
    }
    norm::remarkPassed(
        loop, kPass, "StreamPrefetch",
        "prefetches each of the {0} rows it reads {1} bytes ahead of its "
        "tile",
        reads.size(), distance);
    Location loc = loop.getLoc();
    for (vector::TransferReadOp read : reads) {
      auto type = cast<MemRefType>(read.getBase().getType());
      int64_t elementBytes =
          std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
      int64_t tileBytes = read.getVectorType().getNumElements() * elementBytes;
      int64_t lineElements = kCacheLineBytes / elementBytes;
      int64_t aheadElements = llvm::divideCeil(distance, elementBytes);

      OpBuilder builder(loop);
      auto constant = [&](int64_t value) {
        return arith::ConstantIndexOp::create(builder, loc, value);
      };
      Value last = arith::SubIOp::create(
          builder, loc, memref::DimOp::create(builder, loc, read.getBase(), 1),
          constant(1));
      builder.setInsertionPoint(read);
      for (int64_t offset = 0; offset * elementBytes < tileBytes;
           offset += lineElements) {
        Value column = arith::MinUIOp::create(
            builder, loc,
            arith::AddIOp::create(builder, loc, loop.getInductionVar(),
                                  constant(offset + aheadElements)),
            last);
        memref::PrefetchOp::create(builder, loc, read.getBase(),
                                   ValueRange{read.getIndices()[0], column},
                                   /*isWrite=*/false, kLocalityOuter,
                                   /*isDataCache=*/true);
      }
    }
  }
}

/// Returns the row of `memref` `distance` bytes and at least `minRowsAhead`
/// rows ahead of `row`, clamped to the last row: min(row + max(ceil(distance
/// / row bytes), minRowsAhead), rows - 1), built before `loop` (the rows
/// ahead once per loop nest, before `rowLoop`).
static Value buildNextRow(scf::ForallOp rowLoop, scf::ForOp loop, Value row,
                          Value memref, int64_t distance,
                          int64_t minRowsAhead) {
  auto type = cast<MemRefType>(memref.getType());
  int64_t elementBytes =
      std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
  Location loc = loop.getLoc();
  OpBuilder builder(rowLoop);
  auto constant = [&](int64_t value) {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  Value rows = memref::DimOp::create(builder, loc, memref, 0);
  Value cols = memref::DimOp::create(builder, loc, memref, 1);
  Value rowBytes = arith::MaxUIOp::create(
      builder, loc,
      arith::MulIOp::create(builder, loc, cols, constant(elementBytes)),
      constant(1));
  Value ahead =
      arith::CeilDivUIOp::create(builder, loc, constant(distance), rowBytes);
  if (minRowsAhead > 1)
    ahead = arith::MaxUIOp::create(builder, loc, ahead, constant(minRowsAhead));
  Value last = arith::SubIOp::create(builder, loc, rows, constant(1));
  builder.setInsertionPoint(loop);
  return arith::MinUIOp::create(
      builder, loc, arith::AddIOp::create(builder, loc, row, ahead), last);
}

/// Prefetches row `next` of `memref` in the column loop of the full-tile
/// read `read` (a later pass over the current row): one `memref.prefetch`
/// per cache line of the tile (read, with `localityHint`), at the tile's
/// columns.
static void prefetchRow(Value memref, Value next, vector::TransferReadOp read,
                        unsigned localityHint) {
  auto loop = cast<scf::ForOp>(read->getParentOp());
  auto type = cast<MemRefType>(memref.getType());
  int64_t elementBytes =
      std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
  int64_t tileBytes = read.getVectorType().getNumElements() * elementBytes;
  int64_t lineElements = kCacheLineBytes / elementBytes;
  Location loc = loop.getLoc();
  OpBuilder builder(read);
  Value column = read.getIndices()[1];
  for (int64_t offset = 0; offset * elementBytes < tileBytes;
       offset += lineElements) {
    Value index = column;
    if (offset)
      index = arith::AddIOp::create(
          builder, loc, column,
          arith::ConstantIndexOp::create(builder, loc, offset));
    memref::PrefetchOp::create(builder, loc, memref, ValueRange{next, index},
                               /*isWrite=*/false, localityHint,
                               /*isDataCache=*/true);
  }
}

/// Returns whether `read` loads a full tile of slice `slice` of a memref of
/// rank 3 or more defined outside `sliceLoop`: `X[slice, i1, ..., ik]`, int
/// or float elements, no mask, in bounds, minor identity, and one contiguous
/// run of elements (every vector dim but the innermost of size 1), whatever
/// the inner indices are (loop induction variables or expressions of them).
static bool isSliceTileRead(vector::TransferReadOp read, Value slice,
                            Operation *sliceLoop) {
  auto type = dyn_cast<MemRefType>(read.getBase().getType());
  if (!type || type.getRank() < 3 || !type.getElementType().isIntOrFloat() ||
      read.getMask() || !read.getPermutationMap().isMinorIdentity() ||
      read.getIndices()[0] != slice ||
      sliceLoop->isAncestor(read.getBase().getParentBlock()->getParentOp()))
    return false;
  if (!llvm::all_of(read.getInBoundsValues(), [](bool b) { return b; }))
    return false;
  return llvm::all_of(read.getVectorType().getShape().drop_back(),
                      [](int64_t size) { return size == 1; });
}

/// Returns the slice of `memref` `distance` bytes ahead of `slice`, clamped
/// to the last one: min(slice + ceil(distance / slice bytes), dim 0 - 1),
/// the sizes before `sliceLoop`, the minimum at the start of its body.
static Value buildNextSlice(scf::ForallOp sliceLoop, Value slice, Value memref,
                            int64_t distance) {
  auto type = cast<MemRefType>(memref.getType());
  int64_t elementBytes =
      std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
  Location loc = sliceLoop.getLoc();
  OpBuilder builder(sliceLoop);
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  // Bytes per slice: static where the inner sizes are.
  int64_t staticBytes = elementBytes;
  Value dynamicSize;
  for (auto [dim, size] : llvm::enumerate(type.getShape().drop_front())) {
    if (ShapedType::isStatic(size)) {
      staticBytes *= size;
      continue;
    }
    Value dimSize = memref::DimOp::create(builder, loc, memref, dim + 1);
    dynamicSize =
        dynamicSize ? arith::MulIOp::create(builder, loc, dynamicSize, dimSize)
                    : dimSize;
  }
  Value ahead;
  if (!dynamicSize) {
    ahead =
        constant(llvm::divideCeil(distance, std::max<int64_t>(1, staticBytes)));
  } else {
    Value sliceBytes = arith::MaxUIOp::create(
        builder, loc,
        arith::MulIOp::create(builder, loc, dynamicSize, constant(staticBytes)),
        constant(1));
    ahead = arith::CeilDivUIOp::create(builder, loc, constant(distance),
                                       sliceBytes);
  }
  Value last = arith::SubIOp::create(
      builder, loc,
      type.isDynamicDim(0)
          ? Value(memref::DimOp::create(builder, loc, memref, 0))
          : constant(type.getDimSize(0)),
      constant(1));
  builder.setInsertionPointToStart(sliceLoop.getBody());
  return arith::MinUIOp::create(
      builder, loc, arith::AddIOp::create(builder, loc, slice, ahead), last);
}

/// Prefetches slice `next` of the memref that `read` reads (a full tile of
/// the current slice, isSliceTileRead), before `read`: one
/// `memref.prefetch` per cache line of the tile, at the tile's inner
/// indices (the innermost plus the line's offset).
static void prefetchSliceTile(Value next, vector::TransferReadOp read) {
  auto type = cast<MemRefType>(read.getBase().getType());
  int64_t elementBytes =
      std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
  int64_t tileBytes = read.getVectorType().getNumElements() * elementBytes;
  int64_t lineElements = kCacheLineBytes / elementBytes;
  Location loc = read.getLoc();
  OpBuilder builder(read);
  SmallVector<Value> indices(read.getIndices());
  indices[0] = next;
  Value innermost = indices.back();
  for (int64_t offset = 0; offset * elementBytes < tileBytes;
       offset += lineElements) {
    if (offset)
      indices.back() = arith::AddIOp::create(
          builder, loc, innermost,
          arith::ConstantIndexOp::create(builder, loc, offset));
    memref::PrefetchOp::create(builder, loc, read.getBase(), indices,
                               /*isWrite=*/false, kLocalityL1,
                               /*isDataCache=*/true);
  }
}

/// Returns whether `scope` writes vectors (a row or slice of Y) with vector
/// stores.
static bool writesVectors(Operation *scope) {
  bool writes = false;
  scope->walk([&](Operation *op) {
    VectorType type;
    if (auto write = dyn_cast<vector::TransferWriteOp>(op))
      type = write.getVectorType();
    else if (auto store = dyn_cast<vector::StoreOp>(op))
      type = store.getVectorType();
    if (type && type.getNumElements() > 1)
      writes = true;
  });
  return writes;
}

/// Rows read in two passes, a reduction and then Y, which writes the row
/// (RMSNormalization, LpNormalization, Normalizer), where the reduction's
/// main loop starts at column 0 and reads the row as one run or as an even
/// number k of chunks side by side (k tiles per step, at the loop's column
/// and at fixed offsets from it): prefetches the row ahead half during each
/// pass, so that memory streams it while either pass computes, instead of
/// the whole row during Y's pass, which also writes Y (and then nothing
/// during the reduction). With the main loop's bound u, the reduction's step
/// at column c prefetches columns [k c / 2, k (c + T) / 2) of the row
/// ahead (T: its tile's elements; [0, k u / 2) in all), and Y's tile at
/// column c the columns k u / 2 + (c + o) / 2 for each of its lines o (the
/// rest of the row, in step with Y; lines prefetched twice are merged by
/// the cache). Where the loop runs no step (u = 0: rows shorter than k
/// tiles), Y prefetches the whole row ahead at its own columns, as with one
/// prefetching pass: the halving is a shift by min(u, 1). Returns false,
/// changing nothing, where the passes are not of that form.
static bool prefetchRowHalves(scf::ForallOp rowLoop, Value row, Value memref,
                              MutableArrayRef<vector::TransferReadOp> reads,
                              int64_t distance) {
  auto first = cast<scf::ForOp>(reads[0]->getParentOp());
  auto last = cast<scf::ForOp>(reads[1]->getParentOp());
  std::optional<int64_t> lower = getConstantIntValue(first.getLowerBound());
  if (!lower || *lower != 0 || !writesVectors(last) || writesVectors(first) ||
      first->getBlock() != last->getBlock() || !first->isBeforeInBlock(last))
    return false;
  // 16-bit rows only: their Y computes more per byte (the widening and
  // narrowing conversions, and RMSNormalization's rounding of Normalized),
  // so that Y alone leaves memory idle for longer; on f32 rows the split
  // measured no faster than the whole row in Y (docs/Pipeline.md, stage 7).
  auto type = cast<MemRefType>(memref.getType());
  if (type.getElementTypeBitWidth() != 16)
    return false;
  VectorType tileType = reads[0].getVectorType();
  int64_t tileElements = tileType.getNumElements();
  int64_t chunks = 1;
  for (Operation &op : first.getBody()->without_terminator())
    if (auto chunk = dyn_cast<vector::TransferReadOp>(op))
      if (chunk.getBase() == memref &&
          isRowChunkTileRead(chunk, row, first, rowLoop)) {
        if (chunk.getVectorType() != tileType)
          return false;
        ++chunks;
      }
  if ((chunks > 1 && chunks % 2) || (chunks == 1 && tileElements % 2))
    return false;

  int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  int64_t lineElements = kCacheLineBytes / elementBytes;
  Location loc = first.getLoc();
  Value next = buildNextRow(rowLoop, first, row, memref, distance,
                            /*minRowsAhead=*/1);
  // k c / 2 in the reduction's main loop.
  OpBuilder builder(reads[0]);
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  auto half = [&](Value value, int64_t k) -> Value {
    return k == 1
               ? Value(arith::ShRUIOp::create(builder, loc, value, constant(1)))
               : Value(arith::MulIOp::create(builder, loc, value,
                                             constant(k / 2)));
  };
  Value start = half(first.getInductionVar(), chunks);
  int64_t coveredElements = chunks * tileElements / 2;
  for (int64_t offset = 0; offset < coveredElements; offset += lineElements) {
    Value index = offset ? Value(arith::AddIOp::create(builder, loc, start,
                                                       constant(offset)))
                         : start;
    memref::PrefetchOp::create(builder, loc, memref, ValueRange{next, index},
                               /*isWrite=*/false, kLocalityL1,
                               /*isDataCache=*/true);
  }
  // k u / 2 + (c + o) >> min(u, 1) in Y's loop.
  builder.setInsertionPoint(last);
  Value bound = first.getUpperBound();
  Value rest = half(bound, chunks);
  Value shift = arith::MinUIOp::create(builder, loc, bound, constant(1));
  builder.setInsertionPoint(reads[1]);
  int64_t yTileElements = reads[1].getVectorType().getNumElements();
  for (int64_t offset = 0; offset < yTileElements; offset += lineElements) {
    Value column = last.getInductionVar();
    if (offset)
      column = arith::AddIOp::create(builder, loc, column, constant(offset));
    Value index = arith::AddIOp::create(
        builder, loc, rest,
        arith::ShRUIOp::create(builder, loc, column, shift));
    memref::PrefetchOp::create(builder, loc, memref, ValueRange{next, index},
                               /*isWrite=*/false, kLocalityL1,
                               /*isDataCache=*/true);
  }
  norm::remarkPassed(
      rowLoop, kPass, "RowHalvesPrefetch",
      "prefetches the row {0} bytes ahead of a {1} half during each of its 2 "
      "passes over the row: the first half in the reduction ({2} chunk{3} "
      "per step), the second in Y's pass",
      static_cast<unsigned>(distance), memref.getType(), chunks,
      chunks == 1 ? "" : "s");
  return true;
}

namespace {
struct PrefetchRowsPass
    : public norm::impl::PrefetchRowsPassBase<PrefetchRowsPass> {
  using Base::Base;

  /// Rejects option values outside their ranges (Passes.td): the pass
  /// fails before it runs, with the option, its value, the range and why.
  LogicalResult initialize(MLIRContext *context) override {
    if (minRowsAhead < 1 || minRowsAhead > kMaxRowsAhead)
      return emitError(UnknownLoc::get(context))
             << kPass << ": min-rows-ahead must be 1 (`distance` alone) to "
             << kMaxRowsAhead << " rows, got "
             << static_cast<unsigned>(minRowsAhead);
    for (auto [name, value] :
         {std::pair<StringRef, unsigned>{"distance", distance},
          {"stream-distance", streamDistance}})
      if (value > kMaxDistance)
        return emitError(UnknownLoc::get(context))
               << kPass << ": " << name << " must be 0 (no prefetches) to "
               << kMaxDistance
               << " bytes (1 MiB: lines prefetched further ahead would leave "
                  "the cache before the loop reads them), got "
               << value;
    return success();
  }

  void runOnOperation() override {
    if (streamDistance)
      prefetchStreams(getOperation(), streamDistance);
    else
      norm::remarkMissed(getOperation(), kPass, "Disabled",
                         "stream-distance=0: no prefetches in column "
                         "loops that read several rows");
    if (distance == 0) {
      norm::remarkMissed(getOperation(), kPass, "Disabled",
                         "distance=0: no prefetches of the rows ahead");
      return;
    }
    getOperation().walk([&](scf::ForallOp rowLoop) {
      if (rowLoop.getRank() != 1) {
        norm::remarkMissed(
            rowLoop, kPass, "NotRowLoop",
            "a loop over slices of rank {0}: only loops over rows (rank 1) "
            "prefetch the rows ahead",
            rowLoop.getRank());
        return;
      }
      Value row = rowLoop.getInductionVar(0);
      // Per memref: the column loops (in order) with full-tile reads of its
      // current row, and one such read per loop.
      llvm::MapVector<Value, SmallVector<vector::TransferReadOp>> passes;
      rowLoop.getBody()->walk([&](scf::ForOp loop) {
        // A first pass for some rows only (kFirstPassMarker): not a pass
        // after the first, whose rows are in cache.
        if (isFirstPassLoop(loop))
          return;
        for (Operation &op : loop.getBody()->without_terminator()) {
          auto read = dyn_cast<vector::TransferReadOp>(op);
          if (!read || !isRowTileRead(read, row, loop, rowLoop))
            continue;
          SmallVector<vector::TransferReadOp> &reads = passes[read.getBase()];
          if (reads.empty() || reads.back()->getParentOp() != loop)
            reads.push_back(read);
        }
      });
      for (auto &[memref, reads] : passes) {
        // The first pass over a row streams it from memory; during the
        // later ones, which hit L1, no demand miss drives the hardware
        // prefetchers. So the passes after the first prefetch the row
        // ahead: all but the one that writes Y where there are two or more
        // (LayerNorm: the sum of squares; two loops where the slice length
        // selects an f32 or an f64 sum of squares at run time, of which one
        // runs no step), else the one pass after the first (LayerNorm Mean
        // and InvStdDev without Y: the sum of squares; 16-bit rows whose
        // second pass writes Y: halves, above; wider ones: none, below).
        // docs/Pipeline.md (stage 7) has the measurements.
        if (reads.size() < 2) {
          norm::remarkMissed(reads.front(), kPass, "SinglePass",
                             "one pass over the row of this memref: the "
                             "hardware prefetchers follow its misses");
          continue;
        }
        if (reads.size() == 2 &&
            prefetchRowHalves(rowLoop, row, memref, reads, distance))
          continue;
        // Rows of 32-bit and wider elements read in two passes, the second
        // writing Y (LpNormalization, Normalizer, RMSNormalization of f32):
        // Y's pass computes little per byte and writes as many bytes as it
        // reads, so memory stays busy without the prefetches, which measured
        // slower (docs/Pipeline.md, stage 7).
        if (reads.size() == 2 &&
            cast<MemRefType>(memref.getType()).getElementTypeBitWidth() >= 32 &&
            writesVectors(reads[1]->getParentOp())) {
          norm::remarkMissed(reads.front(), kPass, "TwoPassWideRow",
                             "two passes over rows of {0}, the second "
                             "writing Y: the hardware prefetchers keep up",
                             memref.getType());
          continue;
        }
        // The last pass is Y's where its loop writes the row (Y may also
        // read the row through another view, as Group Normalization's
        // [N * G, C/G, D]: then the last pass here is a sum of squares).
        size_t end =
            reads.size() > 2 && writesVectors(reads.back()->getParentOp())
                ? reads.size() - 1
                : reads.size();
        // Where Y's pass follows the prefetching ones, the rows ahead are
        // read after all of Y: at least minRowsAhead rows ahead, so that the
        // next row's lines are not still on their way when its first pass
        // starts (docs/Pipeline.md, stage 7).
        bool beforeY = end < reads.size();
        int64_t rowsAhead = beforeY ? std::max<int64_t>(1, minRowsAhead) : 1;
        norm::remarkPassed(
            rowLoop, kPass, "RowPrefetch",
            "prefetches the row {0} bytes{1} ahead of a {2} in {3} of its {4} "
            "passes over the row (from the 2nd{5})",
            static_cast<unsigned>(distance),
            rowsAhead > 1
                ? (" and at least " + Twine(rowsAhead) + " rows").str()
                : std::string(),
            reads.front().getBase().getType(), end - 1, reads.size(),
            beforeY ? "; not the last, which writes Y" : "");
        // The row ahead is built once, before the first of these loops,
        // for the later ones in the same block (which it dominates).
        Value next;
        Block *nextBlock = nullptr;
        for (size_t pass = 1; pass < end; ++pass) {
          auto loop = cast<scf::ForOp>(reads[pass]->getParentOp());
          if (!next || loop->getBlock() != nextBlock) {
            next =
                buildNextRow(rowLoop, loop, row, memref, distance, rowsAhead);
            nextBlock = loop->getBlock();
          }
          unsigned hint = writesVectors(loop) ? kLocalityL1 : kLocalityOuter;
          prefetchRow(memref, next, reads[pass], hint);
          // The other chunks of the row that the same loop reads.
          for (Operation &op : loop.getBody()->without_terminator())
            if (auto chunk = dyn_cast<vector::TransferReadOp>(op))
              if (chunk.getBase() == memref &&
                  isRowChunkTileRead(chunk, row, loop, rowLoop))
                prefetchRow(memref, next, chunk, hint);
        }
      }
      prefetchSlices(rowLoop);
    });
  }

  /// In the 1-D loop `sliceLoop` over slices of memrefs of rank 3 or more
  /// (the samples of channels-last GroupNormalization), prefetches, per
  /// memref read in two or more passes (innermost loops with full-tile
  /// reads of its current slice, isSliceTileRead), the slice `distance`
  /// bytes ahead during the last pass over the current one (every such loop
  /// of the last loop nest in the body, if not the first pass: the main and
  /// the remainder loops of one pass): one `memref.prefetch` per cache line
  /// of each of their tiles, at the tile's inner indices.
  void prefetchSlices(scf::ForallOp sliceLoop) {
    Value slice = sliceLoop.getInductionVar(0);
    // Per memref: the loops (in order) that read full tiles of its current
    // slice, and their reads.
    llvm::MapVector<Value, SmallVector<SmallVector<vector::TransferReadOp>>>
        passes;
    sliceLoop.getBody()->walk([&](scf::ForOp loop) {
      for (Operation &op : loop.getBody()->without_terminator()) {
        auto read = dyn_cast<vector::TransferReadOp>(op);
        if (!read || !isSliceTileRead(read, slice, sliceLoop))
          continue;
        SmallVector<SmallVector<vector::TransferReadOp>> &loops =
            passes[read.getBase()];
        if (loops.empty() || loops.back().front()->getParentOp() != loop)
          loops.emplace_back();
        loops.back().push_back(read);
      }
    });
    for (auto &[memref, loops] : passes) {
      if (loops.size() < 2) {
        norm::remarkMissed(loops.front().front(), kPass, "SinglePass",
                           "one pass over the slice of this memref: the "
                           "hardware prefetchers follow its misses");
        continue;
      }
      // Only the last pass prefetches (GroupNormalization channels last:
      // Y, with its SiLU; after the sum and the sum of squared deviations,
      // each of which reads eight tiles per step). docs/Pipeline.md (stage
      // 7) has the measurements: prefetches in the sum of squares, as for
      // rows, were slower than none.
      norm::remarkPassed(
          sliceLoop, kPass, "SlicePrefetch",
          "prefetches the slice {0} bytes ahead of a {1} in the last of its "
          "{2} loops over the slice",
          static_cast<unsigned>(distance), memref.getType(), loops.size());
      Value next = buildNextSlice(sliceLoop, slice, memref, distance);
      Block *body = sliceLoop.getBody();
      Operation *lastNest =
          body->findAncestorOpInBlock(*loops.back().front()->getParentOp());
      for (ArrayRef<vector::TransferReadOp> reads :
           ArrayRef(loops).drop_front())
        if (body->findAncestorOpInBlock(*reads.front()->getParentOp()) ==
            lastNest)
          for (vector::TransferReadOp read : reads)
            prefetchSliceTile(next, read);
    }
  }
};
} // namespace
