//===- JamRows.cpp - norm-jam-rows: several short rows per iteration ------===//
//
// After norm-fuse-rows, norm-vectorize-rows and bufferization, a
// normalization is an scf.forall over rows whose body makes a few passes
// over one row (column loops of vector tiles) with per-row scalar work in
// between: horizontal sums, the mean, a square root and a division, the
// exactness checks of LayerNorm. On a short row (a few vector tiles) that
// work is one long chain of dependent, latency-bound steps, and the loop
// overhead of each pass is paid per row. This pass unrolls the row loop by
// `rows` (R) and jams the copies: each column loop of the body becomes one
// loop over the same columns that works on R rows, with R sets of partial
// sums, and each per-row op becomes R consecutive copies, one per row. The
// R rows' chains are independent, so the core overlaps them.
//
// The per-row scalars' one-element linalg ops are replaced by their bodies
// on scalars first (loads of a scalar stored at the same level forwarded,
// then CSE, so the copies of a check that several ops recompute are one
// value), so that their scf.ifs are jammed too: with the same condition
// for every row, one scf.if over the rows' regions. A check for rare rows
// (LayerNorm's exactness checks: conditions that differ between rows, the
// rare region with loops) becomes one scf.if on the rows' conditions
// combined: where no row takes the rare region, the rest of the body goes
// on jammed, with that condition known; where one does, the block is run
// again row by row (the jammed code before the check wrote only the body's
// own buffers). So the statistics of the rows of a block are one
// branch-free stretch of code, which the backend does not serialize, and
// the jammed code holds no copy of the rare regions.
//
// Only a body with at least `min-reductions` reductions over the row
// (vector.multi_reduction or vector.reduction ops in the body, each the
// horizontal sum of a row's partial sums) is jammed: the jam pays for the
// chain between dependent reductions (LayerNorm's mean, then its sum of
// squared deviations); after a single reduction the chain is short enough
// for the core to overlap consecutive rows by itself.
//
// Iterations of an scf.forall are independent (none reads what another
// writes), so any interleaving of their operations gives the same results:
// the jam changes no value.
//
//   scf.forall (%i) in (%n) { body(%i) }
//
// becomes, with %per = R where every column loop runs at most max-steps
// steps (a run-time condition where their trip counts are run-time values)
// and 1 otherwise,
//
//   scf.forall (%b) in (ceildiv(%n, %per)) {
//     %first = %b * %per, %last = min(%first + %per, %n)
//     %again = scf.if (%per == R and %first + R <= %n) {
//       %tile = subview X[%first, 0] [%per, C]
//       jam(body(%first), ..., body(%first + R - 1)) reading %tile,
//         yielding true where a row takes a rare region
//     } else { true }
//     scf.if (%again) { scf.for %i = %first to %last { body(%i) } }
//   }
//
// (an scf.if (full) { jam } else { rows } where no check may run a block
// again). A column loop for long rows only (its bound selected by a length
// above a constant of at least max-steps steps: LayerNorm's f64 sum of
// squares) adds that switch being off to the condition, and the jammed rows
// are built with it off, so that loop folds away from them. With max-steps
// = 1, each column loop runs at most one step in a jammed block: a main loop
// (0 to n - n mod T) is jammed as that step, an scf.if (lb < ub) whose
// results are the rows' loop-carried values (their initial values where the
// step does not run), less code for the backend than a loop; the masked
// remainder loops peeled from them (from a main loop's upper bound) stay
// loops (their masked steps as scf.ifs made short rows slower, see
// docs/Development.md). The tile is what norm-openmp-cleanup counts as an
// iteration's work, so the jammed loop goes parallel at the same number of
// rows as the loop before. The loop-invariant code of the body is hoisted
// first, so that the column loops' bounds are defined outside the loop. The
// body's buffers (memref.alloc of the per-row scalars) are allocated at the
// start of the new body, R sets (the row-by-row loop reuses the first):
// inside the scf.if, buffer-loop-hoisting would not move them out of the row
// loop.
//
// With cached-max-steps above max-steps, a second tier: blocks whose column
// loops each run at most cached-max-steps steps are jammed too where the
// arrays whose rows the body reads hold at most cached-max-bytes together
// (buildFitsInBytes; data that stays in the caches). Where the first
// tier's condition is a run-time value, the two share one jammed copy of
// the body, with its loops kept (no one-step form), taken where either
// condition holds: %per = R where (every column loop runs at most max-steps
// steps) or (at most cached-max-steps steps and the arrays are small).
//
// With pack-rows, the jammed rows' per-row work is then made vector work
// on vectors of the R rows, one lane per row (packJammedRows): the R
// horizontal sums of a reduction (one per row, consecutive) become one
// transposed reduction (transposeReductions: the rows' partial sums side by
// side, halves of all rows added level by level, then within each row's
// lanes), which yields one vector<R> of the rows' sums; then each run of R
// copies of a scalar arith or math op whose operands are lanes of such a
// vector (or the same for all rows, or the rows' first elements) becomes
// one op on vector<R>, and an scf.if whose regions yield such lanes yields
// the vector. So the mean, the checks, the square root and the division
// are one instruction per step for the R rows, not R. Each row's sum is
// added in the order of LLVM's reassociated reduction on x86 (lane j plus
// lane j + W/2 at each width W, then the accumulator); AArch64's backend
// adds pairwise, so the pipeline sets pack-rows only with 256- or 512-bit
// vectors. Elementwise ops on lanes compute what they computed on scalars:
// no value changes.
//
// Remarks (category norm-jam-rows): Jammed at each row loop jammed,
// NotJammed (missed, with the reason) at each other one-dimensional
// scf.forall on buffers.
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_JAMROWSPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-jam-rows";

/// The largest `rows`: R sets of a row's partial sums must fit in the
/// vector registers.
static constexpr unsigned kMaxRows = 16;

/// One way of jamming a row loop's blocks (JamRowsPass::jam): taken where
/// `fits` holds (null: statically true) and the block is full; the switches
/// `longRows` are off in its jammed rows, and the column loops of `oneStep`
/// run at most one step there (jamOneStep).
struct Tier {
  Value fits;
  SmallVector<Value> longRows;
  llvm::SmallPtrSet<Operation *, 8> oneStep;
};

/// Returns whether `value` maps to the same value in every row's mapping.
static bool isUniform(Value value, ArrayRef<IRMapping> maps) {
  Value first = maps.front().lookupOrDefault(value);
  return llvm::all_of(maps.drop_front(), [&](const IRMapping &map) {
    return map.lookupOrDefault(value) == first;
  });
}

/// Returns whether `loop`'s bounds and step map to the same values in
/// every row's mapping: its copies for the rows may be one loop.
static bool isJammable(scf::ForOp loop, ArrayRef<IRMapping> maps) {
  return isUniform(loop.getLowerBound(), maps) &&
         isUniform(loop.getUpperBound(), maps) &&
         isUniform(loop.getStep(), maps);
}

/// Replaces `ops`, one horizontal sum per row of the row's partial sums
/// (vector.multi_reduction <add> of a float vector<N> or vector<1xN> to one
/// element, N a power of two, the same for all rows), by one transposed
/// reduction of all rows: the rows' vectors side by side in one vector,
/// then at each level the low halves of all rows and their high halves
/// (two shuffles) added, and the last levels in place within each row's
/// lanes, down to one vector of the rows' sums, to which the rows'
/// accumulators are added; each row's result is its lane of that vector.
/// Each row's sum is formed by the same tree as LLVM's reassociated
/// reduction of one row on x86 (ExpandReductions: lane j plus lane
/// j + W/2, W = N, N/2, ..., 2, then the accumulator plus the sum), so the
/// values are the same there, without one horizontal reduction per row.
/// Returns the last op built, or null where `ops` are not such sums.
static Operation *transposeReductions(ArrayRef<Operation *> ops) {
  auto first = dyn_cast<vector::MultiDimReductionOp>(ops.front());
  if (!first || first.getKind() != vector::CombiningKind::ADD || ops.size() < 2)
    return nullptr;
  VectorType sourceType = first.getSourceVectorType();
  auto elementType = dyn_cast<FloatType>(sourceType.getElementType());
  ArrayRef<int64_t> shape = sourceType.getShape();
  ArrayRef<int64_t> dims = first.getReductionDims();
  bool rowOfOne =
      shape.size() == 2 && shape.front() == 1 && dims == ArrayRef<int64_t>{1};
  bool flat = shape.size() == 1 && dims == ArrayRef<int64_t>{0};
  int64_t width = shape.back();
  if (!elementType || sourceType.isScalable() || !(rowOfOne || flat) ||
      !llvm::isPowerOf2_64(width))
    return nullptr;
  SmallVector<vector::MultiDimReductionOp> reductions;
  for (Operation *op : ops) {
    auto reduction = dyn_cast<vector::MultiDimReductionOp>(op);
    if (!reduction || reduction.getKind() != vector::CombiningKind::ADD ||
        reduction.getSourceVectorType() != sourceType ||
        reduction.getReductionDims() != dims ||
        reduction.getResult().getType() != first.getResult().getType())
      return nullptr;
    reductions.push_back(reduction);
  }
  OpBuilder b(ops.back());
  b.setInsertionPointAfter(ops.back());
  Location loc = first.getLoc();
  int64_t numRows = ops.size();
  auto rowType = VectorType::get({width}, elementType);
  SmallVector<Value> parts;
  for (vector::MultiDimReductionOp reduction : reductions) {
    Value source = reduction.getSource();
    parts.push_back(
        rowOfOne
            ? vector::ShapeCastOp::create(b, loc, rowType, source).getResult()
            : source);
  }
  // The rows side by side: [row 0 | row 1 | ...].
  while (parts.size() > 1) {
    SmallVector<Value> joined;
    for (size_t i = 0; i + 1 < parts.size(); i += 2) {
      int64_t size = cast<VectorType>(parts[i].getType()).getNumElements() +
                     cast<VectorType>(parts[i + 1].getType()).getNumElements();
      joined.push_back(vector::ShuffleOp::create(
          b, loc, parts[i], parts[i + 1],
          llvm::to_vector(llvm::seq<int64_t>(0, size))));
    }
    if (parts.size() % 2 != 0)
      joined.push_back(parts.back());
    parts = std::move(joined);
  }
  // Levels that gather the rows' halves into a vector of half the length,
  // while a row has more lanes than there are rows.
  Value sums = parts.front();
  for (; width > 1 && width > numRows; width /= 2) {
    SmallVector<int64_t> low, high;
    for (int64_t row = 0; row < numRows; ++row)
      for (int64_t lane = 0; lane < width / 2; ++lane) {
        low.push_back(row * width + lane);
        high.push_back(row * width + width / 2 + lane);
      }
    sums = arith::AddFOp::create(
        b, loc, vector::ShuffleOp::create(b, loc, sums, sums, low),
        vector::ShuffleOp::create(b, loc, sums, sums, high));
  }
  // The last levels in place, on the rows' blocks of `width` lanes: lane j
  // plus lane j xor `half` (a swap within a few neighbouring lanes: a short
  // dependence chain). Lane j < half then holds the level's sum, the first
  // lane of each block the row's sum.
  int64_t block = width;
  for (int64_t half = width / 2; half >= 1; half /= 2) {
    SmallVector<int64_t> swapped;
    for (int64_t lane = 0; lane < numRows * block; ++lane)
      swapped.push_back(lane ^ half);
    sums = arith::AddFOp::create(
        b, loc, sums, vector::ShuffleOp::create(b, loc, sums, sums, swapped));
  }
  if (block != 1) {
    SmallVector<int64_t> firsts;
    for (int64_t row = 0; row < numRows; ++row)
      firsts.push_back(row * block);
    sums = vector::ShuffleOp::create(b, loc, sums, sums, firsts);
  }
  SmallVector<Value> accumulators;
  for (vector::MultiDimReductionOp reduction : reductions) {
    Value acc = reduction.getAcc();
    accumulators.push_back(
        rowOfOne ? vector::ExtractOp::create(b, loc, acc, ArrayRef<int64_t>{0})
                       .getResult()
                 : acc);
  }
  auto withAccumulators = arith::AddFOp::create(
      b, loc,
      vector::FromElementsOp::create(
          b, loc, VectorType::get({numRows}, elementType), accumulators),
      sums);
  Operation *last = withAccumulators;
  for (auto [row, reduction] : llvm::enumerate(reductions)) {
    int64_t index = row;
    last = rowOfOne
               ? vector::ExtractStridedSliceOp::create(
                     b, loc, withAccumulators.getResult(),
                     ArrayRef<int64_t>{index}, ArrayRef<int64_t>{1},
                     ArrayRef<int64_t>{1})
                     .getOperation()
               : vector::ExtractOp::create(b, loc, withAccumulators.getResult(),
                                           ArrayRef<int64_t>{index})
                     .getOperation();
    reduction.getResult().replaceAllUsesWith(last->getResult(0));
    reduction.erase();
  }
  return last;
}

/// Returns the 1-D vector and the lane of which `value` is an element
/// (vector.extract of a static lane, also through a one-lane
/// vector.extract_strided_slice), or null.
static std::pair<Value, int64_t> getLane(Value value) {
  auto extract = value.getDefiningOp<vector::ExtractOp>();
  if (!extract || extract.hasDynamicPosition() ||
      extract.getSourceVectorType().getRank() != 1)
    return {};
  Value source = extract.getSource();
  int64_t lane = extract.getStaticPosition().front();
  if (auto slice = source.getDefiningOp<vector::ExtractStridedSliceOp>();
      slice && slice.getSourceVectorType().getRank() == 1) {
    lane += cast<IntegerAttr>(slice.getOffsets()[0]).getInt();
    source = slice.getSource();
  }
  return {source, lane};
}

/// Returns the vector<`numRows`xT> whose lane r is `values[r]` for every r
/// (getLane), or null.
static Value getPacked(ArrayRef<Value> values) {
  Value packed = getLane(values.front()).first;
  if (!packed || cast<VectorType>(packed.getType()).getNumElements() !=
                     static_cast<int64_t>(values.size()))
    return nullptr;
  for (auto [row, value] : llvm::enumerate(values))
    if (getLane(value) != std::make_pair(packed, static_cast<int64_t>(row)))
      return nullptr;
  return packed;
}

/// Returns the `numRows` lanes of `packed` (vector.extract), built at `b`.
static SmallVector<Value> extractLanes(OpBuilder &b, Location loc, Value packed,
                                       int64_t numRows) {
  SmallVector<Value> lanes;
  for (int64_t row = 0; row < numRows; ++row)
    lanes.push_back(
        vector::ExtractOp::create(b, loc, packed, ArrayRef<int64_t>{row}));
  return lanes;
}

/// Replaces `ops`, one copy per row of a scalar arith or math op (the same
/// op and attributes) of which at least one operand is the lanes of one
/// vector (row r's in lane r), by one op on vectors of the rows, followed
/// by the extraction of its lanes. Returns the op built, or
/// null where `ops` are not such copies.
static Operation *packCopies(ArrayRef<Operation *> ops) {
  Operation *first = ops.front();
  auto isScalar = [](Type type) {
    return isa<FloatType>(type) || (isa<IntegerType>(type) && !type.isIndex());
  };
  if (first->getNumRegions() != 0 || first->getNumResults() != 1 ||
      !isPure(first) || !first->hasTrait<OpTrait::Elementwise>() ||
      !isa<arith::ArithDialect, math::MathDialect>(first->getDialect()) ||
      !llvm::all_of(first->getOperandTypes(), isScalar) ||
      !isScalar(first->getResult(0).getType()))
    return nullptr;
  for (Operation *op : ops.drop_front())
    if (op->getName() != first->getName() ||
        op->getNumOperands() != first->getNumOperands() ||
        op->getResultTypes() != first->getResultTypes() ||
        op->getOperandTypes() != first->getOperandTypes() ||
        op->getDiscardableAttrDictionary() !=
            first->getDiscardableAttrDictionary() ||
        op->getPropertiesAsAttribute() != first->getPropertiesAsAttribute())
      return nullptr;
  // Each operand: the lanes of a vector, the same value for all rows
  // (broadcast), or else the rows' values gathered into a vector (the rows'
  // first elements, loaded one by one), where another operand is lanes.
  int64_t numRows = ops.size();
  SmallVector<Value> packedOperands(first->getNumOperands());
  bool anyPacked = false;
  for (unsigned index = 0; index < first->getNumOperands(); ++index) {
    SmallVector<Value> values = llvm::map_to_vector(
        ops, [&](Operation *op) { return op->getOperand(index); });
    packedOperands[index] = getPacked(values);
    anyPacked |= static_cast<bool>(packedOperands[index]);
  }
  if (!anyPacked)
    return nullptr;
  OpBuilder b(ops.back());
  b.setInsertionPointAfter(ops.back());
  Location loc = first->getLoc();
  IRMapping mapping;
  for (unsigned index = 0; index < first->getNumOperands(); ++index) {
    Value operand = first->getOperand(index);
    auto type = VectorType::get({numRows}, operand.getType());
    SmallVector<Value> values = llvm::map_to_vector(
        ops, [&](Operation *op) { return op->getOperand(index); });
    mapping.map(
        operand,
        packedOperands[index] ? packedOperands[index]
        : llvm::all_equal(values)
            ? vector::BroadcastOp::create(b, loc, type, operand).getResult()
            : vector::FromElementsOp::create(b, loc, type, values).getResult());
  }
  Operation *packed = b.clone(*first, mapping);
  packed->getResult(0).setType(
      VectorType::get({numRows}, first->getResult(0).getType()));
  for (auto [op, lane] : llvm::zip_equal(
           ops, extractLanes(b, loc, packed->getResult(0), numRows))) {
    op->getResult(0).replaceAllUsesWith(lane);
    op->erase();
  }
  return packed;
}

/// Makes each group of `ifOp`'s results that holds one result for each of
/// `numRows` rows (result r * n + k of the rows' results r, n per row) and
/// that both regions yield as the lanes of one vector, one result of that
/// vector type, whose lanes replace the group.
static void packIfResults(scf::IfOp ifOp, int64_t numRows) {
  unsigned numResults = ifOp.getNumResults();
  if (numResults == 0 || numResults % numRows != 0 ||
      ifOp.getElseRegion().empty())
    return;
  unsigned perRow = numResults / numRows;
  auto thenYield = cast<scf::YieldOp>(ifOp.thenBlock()->getTerminator());
  auto elseYield = cast<scf::YieldOp>(ifOp.elseBlock()->getTerminator());
  auto group = [&](scf::YieldOp yield, unsigned k) {
    SmallVector<Value> values;
    for (int64_t row = 0; row < numRows; ++row)
      values.push_back(yield.getOperand(row * perRow + k));
    return values;
  };
  // A group's values in one region as a vector: the lanes of one vector, or
  // (with `build`) the value of all rows broadcast, or the rows' values
  // gathered, built before the region's terminator.
  auto packGroup = [&](scf::YieldOp yield, unsigned k, bool build) -> Value {
    SmallVector<Value> values = group(yield, k);
    if (Value packed = getPacked(values))
      return packed;
    if (!build)
      return nullptr;
    OpBuilder yb(yield);
    auto type = VectorType::get({numRows}, values.front().getType());
    if (llvm::all_equal(values))
      return vector::BroadcastOp::create(yb, yield.getLoc(), type,
                                         values.front());
    return vector::FromElementsOp::create(yb, yield.getLoc(), type, values);
  };
  SmallVector<Value> thenPacked(perRow), elsePacked(perRow);
  bool any = false;
  for (unsigned k = 0; k < perRow; ++k) {
    Type type = ifOp.getResult(k).getType();
    if (!isa<FloatType, IntegerType>(type) || type.isIndex())
      continue;
    // Where one region yields the lanes of a vector, the other's values
    // are made a vector too (the rows' first elements, loaded one by one
    // where the slices are not empty, else a constant).
    bool thenLanes = getPacked(group(thenYield, k)) != nullptr;
    bool elseLanes = getPacked(group(elseYield, k)) != nullptr;
    bool uniformThen = llvm::all_equal(group(thenYield, k));
    bool uniformElse = llvm::all_equal(group(elseYield, k));
    if (!(thenLanes || elseLanes || (uniformThen != uniformElse)))
      continue;
    thenPacked[k] = packGroup(thenYield, k, /*build=*/true);
    elsePacked[k] = packGroup(elseYield, k, /*build=*/true);
    any = true;
  }
  if (!any)
    return;
  // The new results: the packed groups first, then the others in order.
  SmallVector<Type> types;
  SmallVector<Value> thenValues, elseValues;
  for (unsigned k = 0; k < perRow; ++k)
    if (thenPacked[k]) {
      types.push_back(thenPacked[k].getType());
      thenValues.push_back(thenPacked[k]);
      elseValues.push_back(elsePacked[k]);
    }
  unsigned numPacked = types.size();
  SmallVector<unsigned> kept;
  for (unsigned index = 0; index < numResults; ++index)
    if (!thenPacked[index % perRow]) {
      kept.push_back(index);
      types.push_back(ifOp.getResult(index).getType());
      thenValues.push_back(thenYield.getOperand(index));
      elseValues.push_back(elseYield.getOperand(index));
    }
  OpBuilder b(ifOp);
  Location loc = ifOp.getLoc();
  auto packed = scf::IfOp::create(b, loc, types, ifOp.getCondition(),
                                  /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
  packed.getThenRegion().takeBody(ifOp.getThenRegion());
  packed.getElseRegion().takeBody(ifOp.getElseRegion());
  thenYield->setOperands(thenValues);
  elseYield->setOperands(elseValues);
  b.setInsertionPointAfter(packed);
  unsigned next = 0;
  for (unsigned k = 0; k < perRow; ++k) {
    if (!thenPacked[k])
      continue;
    for (auto [row, lane] : llvm::enumerate(
             extractLanes(b, loc, packed.getResult(next++), numRows)))
      ifOp.getResult(row * perRow + k).replaceAllUsesWith(lane);
  }
  for (auto [position, index] : llvm::enumerate(kept))
    ifOp.getResult(index).replaceAllUsesWith(
        packed.getResult(numPacked + position));
  ifOp.erase();
}

/// Packs the jammed rows' per-row scalar work in `block` (and the blocks
/// nested in it) into vectors of the `numRows` rows, one lane per row,
/// starting from the rows' sums, which R consecutive horizontal sums become
/// (transposeReductions): each run of
/// `numRows` consecutive copies of a scalar op, one per row, whose
/// operands are lanes of vectors or the same for all rows becomes one op
/// on vectors (packCopies), and the rows' results of an scf.if, where both
/// regions yield the lanes of one vector, a vector (packIfResults). So the
/// rows' statistics (the mean, the checks, the square root and division)
/// are vector instructions, one per step, instead of one per row. Every
/// lane computes what the row's scalar op computed: no value changes.
static void packJammedRows(Block &block, int64_t numRows) {
  for (auto it = block.begin(); it != block.end(); ++it) {
    Operation *op = &*it;
    for (Region &region : op->getRegions())
      for (Block &nested : region)
        packJammedRows(nested, numRows);
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      auto next = std::next(it);
      packIfResults(ifOp, numRows);
      it = std::prev(next);
      continue;
    }
    SmallVector<Operation *> copies;
    for (auto copy = it;
         copy != block.end() && static_cast<int64_t>(copies.size()) < numRows;
         ++copy)
      copies.push_back(&*copy);
    if (static_cast<int64_t>(copies.size()) != numRows)
      continue;
    if (Operation *packed = transposeReductions(copies))
      it = Block::iterator(packed);
    else if (Operation *packed = packCopies(copies))
      it = Block::iterator(packed);
  }
}

/// Clones `ifOp` for every row of `maps`, jammed (see its definition).
static void jamIf(OpBuilder &b, scf::IfOp ifOp, MutableArrayRef<IRMapping> maps,
                  const llvm::SmallPtrSetImpl<Operation *> &skip);

/// Clones `op` at `b`'s insertion point for every row of `maps` (one
/// mapping per row), jammed: a loop whose bounds are the same for all rows
/// becomes one loop whose body is the rows' bodies jammed in turn, with each
/// row's loop-carried values; an scf.if as jamIf says; an op without regions
/// or side effects whose operands are the same for all rows is cloned once;
/// any other op once per row, the copies consecutive. Ops in `skip` are not
/// cloned (their results are mapped already).
static void jamOp(OpBuilder &b, Operation &op, MutableArrayRef<IRMapping> maps,
                  const llvm::SmallPtrSetImpl<Operation *> &skip);

/// Clones the ops of `block` (but its terminator) jammed, one by one
/// (jamOp).
static void jamBlock(OpBuilder &b, Block &block,
                     MutableArrayRef<IRMapping> maps,
                     const llvm::SmallPtrSetImpl<Operation *> &skip) {
  for (Operation &op : block.without_terminator())
    if (!skip.contains(&op))
      jamOp(b, op, maps, skip);
}

/// Jams `loop`'s body for every row of `maps` at `b` (jamBlock), with `iv`
/// as the induction variable and row r's loop-carried values at
/// `carried[r * n, (r + 1) * n)`, and returns the rows' yielded values, row
/// after row.
static SmallVector<Value>
jamLoopBody(OpBuilder &b, scf::ForOp loop, MutableArrayRef<IRMapping> maps,
            const llvm::SmallPtrSetImpl<Operation *> &skip, Value iv,
            ValueRange carried) {
  unsigned numCarried = loop.getNumRegionIterArgs();
  for (auto [row, map] : llvm::enumerate(maps)) {
    map.map(loop.getInductionVar(), iv);
    map.map(loop.getRegionIterArgs(),
            carried.slice(row * numCarried, numCarried));
  }
  jamBlock(b, *loop.getBody(), maps, skip);
  SmallVector<Value> yielded;
  Operation *yield = loop.getBody()->getTerminator();
  for (IRMapping &map : maps)
    for (Value value : yield->getOperands())
      yielded.push_back(map.lookupOrDefault(value));
  return yielded;
}

/// Returns `loop`'s initial loop-carried values in every row of `maps`, row
/// after row.
static SmallVector<Value> getRowInits(scf::ForOp loop,
                                      ArrayRef<IRMapping> maps) {
  SmallVector<Value> inits;
  for (const IRMapping &map : maps)
    for (Value init : loop.getInitArgs())
      inits.push_back(map.lookupOrDefault(init));
  return inits;
}

/// Maps `loop`'s results in every row of `maps` to its slice of `results`
/// (row after row).
static void mapRowResults(scf::ForOp loop, ValueRange results,
                          MutableArrayRef<IRMapping> maps) {
  unsigned numCarried = loop.getNumRegionIterArgs();
  for (auto [row, map] : llvm::enumerate(maps))
    map.map(loop.getResults(), results.slice(row * numCarried, numCarried));
}

static void jamOp(OpBuilder &b, Operation &op, MutableArrayRef<IRMapping> maps,
                  const llvm::SmallPtrSetImpl<Operation *> &skip) {
  unsigned numRows = maps.size();
  if (auto loop = dyn_cast<scf::ForOp>(op); loop && isJammable(loop, maps)) {
    IRMapping &first = maps.front();
    auto jammed = scf::ForOp::create(
        b, loop.getLoc(), first.lookupOrDefault(loop.getLowerBound()),
        first.lookupOrDefault(loop.getUpperBound()),
        first.lookupOrDefault(loop.getStep()), getRowInits(loop, maps),
        [&](OpBuilder &lb, Location loc, Value iv, ValueRange carried) {
          scf::YieldOp::create(lb, loc,
                               jamLoopBody(lb, loop, maps, skip, iv, carried));
        });
    jammed->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
    mapRowResults(loop, jammed.getResults(), maps);
    return;
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    jamIf(b, ifOp, maps, skip);
    return;
  }
  if (op.getNumRegions() == 0 && isPure(&op) &&
      llvm::all_of(op.getOperands(),
                   [&](Value v) { return isUniform(v, maps); })) {
    Operation *clone = b.clone(op, maps.front());
    for (IRMapping &map : maps.drop_front())
      map.map(op.getResults(), clone->getResults());
    return;
  }
  for (unsigned row = 0; row < numRows; ++row)
    b.clone(op, maps[row]);
}

/// Clones `loop`, a loop over the row that runs at most one step (its trip
/// count is known or checked to be at most 1 for the jammed rows), for every
/// row of `maps` at `b`, jammed as jamOp does, as its one step:
///   %r = scf.if (%lb < %ub) -> (the rows' loop-carried types) {
///     the rows' bodies jammed, the induction variable %lb; scf.yield
///   } else {
///     scf.yield the rows' initial values
///   }
/// so the backend gets the step as straight-line code, not a loop (less to
/// compile, no loop control to run). The results are the rows' results,
/// row after row.
static void jamOneStep(OpBuilder &b, scf::ForOp loop,
                       MutableArrayRef<IRMapping> maps,
                       const llvm::SmallPtrSetImpl<Operation *> &skip) {
  Location loc = loop.getLoc();
  IRMapping &first = maps.front();
  Value lower = first.lookupOrDefault(loop.getLowerBound());
  Value upper = first.lookupOrDefault(loop.getUpperBound());
  SmallVector<Value> inits = getRowInits(loop, maps);
  Value runs =
      arith::CmpIOp::create(b, loc,
                            loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                  : arith::CmpIPredicate::slt,
                            lower, upper);
  auto step = scf::IfOp::create(b, loc, ValueRange(inits).getTypes(), runs,
                                /*addThenBlock=*/true,
                                /*addElseBlock=*/!inits.empty());
  OpBuilder tb = OpBuilder::atBlockEnd(step.thenBlock());
  scf::YieldOp::create(tb, loc,
                       jamLoopBody(tb, loop, maps, skip, lower, inits));
  if (!inits.empty()) {
    OpBuilder eb = OpBuilder::atBlockEnd(step.elseBlock());
    scf::YieldOp::create(eb, loc, inits);
  }
  mapRowResults(loop, step.getResults(), maps);
}

/// Returns whether `region` holds a loop (the costly, rare path of a check).
static bool hasLoop(Region &region) {
  return region
      .walk([](LoopLikeOpInterface) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// Returns whether every op of `region` (a then or else region) may run
/// whatever the condition: pure, or the region's terminator.
static bool isSpeculatable(Region &region) {
  return !region.empty() && !region
                                 .walk([](Operation *op) {
                                   return isa<scf::YieldOp>(op) || isPure(op)
                                              ? WalkResult::advance()
                                              : WalkResult::interrupt();
                                 })
                                 .wasInterrupted();
}

/// Returns the number of ops in `region`, nested ones included.
static unsigned countOps(Region &region) {
  unsigned count = 0;
  region.walk([&](Operation *) { ++count; });
  return count;
}

/// Returns the rows' values of `condition` (an i1) and-ed (`all`) or or-ed,
/// built at `b`.
static Value combineConditions(OpBuilder &b, Location loc, Value condition,
                               ArrayRef<IRMapping> maps, bool all) {
  Value combined;
  for (const IRMapping &map : maps) {
    Value row = map.lookupOrDefault(condition);
    combined = !combined ? row
               : all ? arith::AndIOp::create(b, loc, combined, row).getResult()
                     : arith::OrIOp::create(b, loc, combined, row).getResult();
  }
  return combined;
}

/// Clones `ifOp` for every row of `maps`, jammed. With the same condition
/// for all rows: one scf.if whose regions are the rows' regions jammed (the
/// taken region alone where the condition is a constant). Otherwise (where
/// jamBody cannot leave the rare rows to the row-by-row loop) the common
/// case, where all rows take the same region, is one
/// scf.if over the rows' conditions with that region jammed, and the mixed
/// case runs each row's scf.if in turn:
///   * a then region with loops and an else region without (a check for
///     rare rows, LayerNorm's exact recomputation):
///     scf.if (or of the conditions) { each row's scf.if } else { elses }
///   * the reverse (LpNormalization's f32 sum in range, else recomputed):
///     scf.if (and of the conditions) { thens } else { each row's scf.if }
///   * both regions pure: where all rows take the smaller region, that
///     region jammed; otherwise both regions jammed and each row's results
///     selected (no branch per row);
///   * otherwise: scf.if (and) { thens } else { scf.if (or) { each row's
///     scf.if } else { elses } }.
/// The results are the rows' results, row after row.
static void jamIf(OpBuilder &b, scf::IfOp ifOp, MutableArrayRef<IRMapping> maps,
                  const llvm::SmallPtrSetImpl<Operation *> &skip) {
  Location loc = ifOp.getLoc();
  unsigned numResults = ifOp.getNumResults();
  SmallVector<Type> types;
  for (size_t row = 0; row < maps.size(); ++row)
    llvm::append_range(types, ifOp.getResultTypes());
  // Jams `region` (a then or else region, possibly empty) at the end of
  // `block`, followed by a yield of its results, row after row.
  auto jamRegion = [&](Block *block, Region &region) {
    OpBuilder rb = OpBuilder::atBlockEnd(block);
    if (region.empty()) {
      scf::YieldOp::create(rb, loc);
      return;
    }
    Block &body = region.front();
    jamBlock(rb, body, maps, skip);
    SmallVector<Value> yielded;
    for (IRMapping &map : maps)
      for (Value value : body.getTerminator()->getOperands())
        yielded.push_back(map.lookupOrDefault(value));
    scf::YieldOp::create(rb, loc, yielded);
  };
  // Each row's scf.if in turn, at the end of `block`, and a yield.
  auto perRow = [&](Block *block) {
    OpBuilder rb = OpBuilder::atBlockEnd(block);
    SmallVector<Value> yielded;
    for (IRMapping &map : maps)
      llvm::append_range(yielded, rb.clone(*ifOp, map)->getResults());
    scf::YieldOp::create(rb, loc, yielded);
  };
  auto combine = [&](OpBuilder &cb, bool all) {
    return combineConditions(cb, loc, ifOp.getCondition(), maps, all);
  };
  auto createIf = [&](OpBuilder &cb, Value condition, bool withElse) {
    return scf::IfOp::create(cb, loc, types, condition, /*addThenBlock=*/true,
                             /*addElseBlock=*/withElse);
  };

  scf::IfOp jammed;
  Region &thenRegion = ifOp.getThenRegion();
  Region &elseRegion = ifOp.getElseRegion();
  Value uniform = isUniform(ifOp.getCondition(), maps)
                      ? maps.front().lookupOrDefault(ifOp.getCondition())
                      : Value();
  if (std::optional<int64_t> known =
          uniform ? getConstantIntValue(uniform) : std::nullopt) {
    // A condition known here (a check the rows passed): the taken region.
    Region &taken = *known ? ifOp.getThenRegion() : ifOp.getElseRegion();
    if (taken.empty())
      return;
    Block &body = taken.front();
    jamBlock(b, body, maps, skip);
    for (IRMapping &map : maps)
      for (auto [result, value] : llvm::zip_equal(
               ifOp.getResults(), body.getTerminator()->getOperands()))
        map.map(result, map.lookupOrDefault(value));
    return;
  }
  if (uniform) {
    bool withElse = numResults != 0 || !elseRegion.empty();
    jammed = createIf(b, maps.front().lookupOrDefault(ifOp.getCondition()),
                      withElse);
    jamRegion(jammed.thenBlock(), thenRegion);
    if (withElse)
      jamRegion(jammed.elseBlock(), elseRegion);
  } else if (hasLoop(thenRegion) && !hasLoop(elseRegion)) {
    jammed = createIf(b, combine(b, /*all=*/false), /*withElse=*/true);
    perRow(jammed.thenBlock());
    jamRegion(jammed.elseBlock(), elseRegion);
  } else if (hasLoop(elseRegion) && !hasLoop(thenRegion)) {
    jammed = createIf(b, combine(b, /*all=*/true), /*withElse=*/true);
    jamRegion(jammed.thenBlock(), thenRegion);
    perRow(jammed.elseBlock());
  } else if (numResults != 0 && isSpeculatable(thenRegion) &&
             isSpeculatable(elseRegion)) {
    // Both regions pure (RMSNormalization's sum of squares in range, else
    // a scale): where every row takes the smaller region, that region
    // jammed; otherwise both jammed and each row's results selected.
    auto selectRows = [&](Block *block) {
      OpBuilder sb = OpBuilder::atBlockEnd(block);
      SmallVector<Value> thenValues, elseValues, yielded;
      Block &thenBody = thenRegion.front();
      Block &elseBody = elseRegion.front();
      jamBlock(sb, thenBody, maps, skip);
      for (IRMapping &map : maps)
        for (Value value : thenBody.getTerminator()->getOperands())
          thenValues.push_back(map.lookupOrDefault(value));
      jamBlock(sb, elseBody, maps, skip);
      for (IRMapping &map : maps)
        for (Value value : elseBody.getTerminator()->getOperands())
          elseValues.push_back(map.lookupOrDefault(value));
      for (auto [index, values] :
           llvm::enumerate(llvm::zip_equal(thenValues, elseValues))) {
        Value condition =
            maps[index / numResults].lookupOrDefault(ifOp.getCondition());
        yielded.push_back(arith::SelectOp::create(
            sb, loc, condition, std::get<0>(values), std::get<1>(values)));
      }
      scf::YieldOp::create(sb, loc, yielded);
    };
    if (countOps(thenRegion) <= countOps(elseRegion)) {
      jammed = createIf(b, combine(b, /*all=*/true), /*withElse=*/true);
      jamRegion(jammed.thenBlock(), thenRegion);
      selectRows(jammed.elseBlock());
    } else {
      jammed = createIf(b, combine(b, /*all=*/false), /*withElse=*/true);
      selectRows(jammed.thenBlock());
      jamRegion(jammed.elseBlock(), elseRegion);
    }
  } else {
    jammed = createIf(b, combine(b, /*all=*/true), /*withElse=*/true);
    jamRegion(jammed.thenBlock(), thenRegion);
    OpBuilder eb = OpBuilder::atBlockEnd(jammed.elseBlock());
    scf::IfOp mixed = createIf(eb, combine(eb, /*all=*/false),
                               /*withElse=*/true);
    perRow(mixed.thenBlock());
    jamRegion(mixed.elseBlock(), elseRegion);
    scf::YieldOp::create(eb, loc, mixed.getResults());
  }
  for (auto [row, map] : llvm::enumerate(maps))
    map.map(ifOp.getResults(),
            jammed.getResults().slice(row * numResults, numResults));
}

/// Returns whether `op` (with the ops nested in it) may write memory that
/// `isWritten` accepts: it is called with the buffer each write goes to
/// (through views; null where not known) until it returns true. Ops with
/// unknown effects may write anything; prefetches write nothing.
static bool mayWrite(Operation *op,
                     llvm::function_ref<bool(Value buffer)> isWritten) {
  WalkResult result = op->walk([&](Operation *nested) {
    if (isa<memref::PrefetchOp>(nested))
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!effects)
      return nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
                     !isWritten(nullptr)
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      if (!isa<MemoryEffects::Write, MemoryEffects::Free>(instance.getEffect()))
        continue;
      Value value = instance.getValue();
      while (value)
        if (auto view = value.getDefiningOp<ViewLikeOpInterface>())
          value = view.getViewSource();
        else
          break;
      if (isWritten(value))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Returns whether `op` may write memory other than `buffers` (the row loop
/// body's own buffers, fresh in each iteration).
static bool writesOutside(Operation *op,
                          const llvm::SmallPtrSetImpl<Operation *> &buffers) {
  return mayWrite(op, [&](Value buffer) {
    return !buffer || !buffers.contains(buffer.getDefiningOp());
  });
}

/// Returns whether `ifOp` is a check for rare rows that a block of rows may
/// leave to the row-by-row loop: its condition differs between the rows of
/// `maps` and exactly one of its regions (the rare one) holds loops.
static bool isRareRowCheck(scf::IfOp ifOp, ArrayRef<IRMapping> maps) {
  return !isUniform(ifOp.getCondition(), maps) &&
         hasLoop(ifOp.getThenRegion()) != hasLoop(ifOp.getElseRegion());
}

/// Jams the ops from `op` to the end of the row loop's body (but its
/// terminator and `skip`) at `b`, like jamBlock, and returns an i1 that
/// holds where the block must be run again row by row (null: never). While
/// no op before it writes memory other than `skip` (the body's buffers,
/// `mayRedo`), a check for rare rows (isRareRowCheck) becomes
///   %redo = scf.if (some row takes the rare region) -> i1 {
///     scf.yield %true
///   } else {
///     the common region and the rest of the body, jammed; scf.yield %redo'
///   }
/// so the jammed code holds no copy of the rare region: a block with a rare
/// row is run again row by row, which writes every result of the block
/// (the code before the check wrote only the body's own buffers). The loops
/// of `oneStep` (loops over the row that run at most one step in a jammed
/// block) become their one step (jamOneStep).
static Value jamBody(OpBuilder &b, Block::iterator op, Block::iterator end,
                     MutableArrayRef<IRMapping> maps,
                     const llvm::SmallPtrSetImpl<Operation *> &skip,
                     const llvm::SmallPtrSetImpl<Operation *> &oneStep,
                     bool mayRedo) {
  for (; op != end; ++op) {
    if (skip.contains(&*op))
      continue;
    auto ifOp = dyn_cast<scf::IfOp>(*op);
    if (!mayRedo || !ifOp || !isRareRowCheck(ifOp, maps)) {
      mayRedo = mayRedo && !writesOutside(&*op, skip);
      if (oneStep.contains(&*op))
        jamOneStep(b, cast<scf::ForOp>(*op), maps, skip);
      else
        jamOp(b, *op, maps, skip);
      continue;
    }
    Location loc = ifOp.getLoc();
    bool rareThen = hasLoop(ifOp.getThenRegion());
    // The rare region is the then region: redo where some condition holds;
    // the else region: continue where all hold.
    auto check =
        scf::IfOp::create(b, loc, b.getI1Type(),
                          combineConditions(b, loc, ifOp.getCondition(), maps,
                                            /*all=*/!rareThen),
                          /*addThenBlock=*/true, /*addElseBlock=*/true);
    Block *redo = rareThen ? check.thenBlock() : check.elseBlock();
    Block *common = rareThen ? check.elseBlock() : check.thenBlock();
    OpBuilder rb = OpBuilder::atBlockEnd(redo);
    scf::YieldOp::create(
        rb, loc,
        arith::ConstantIntOp::create(rb, loc, rb.getI1Type(), 1).getResult());
    OpBuilder cb = OpBuilder::atBlockEnd(common);
    // Here every row's condition is known (false where the rare region is
    // the then region): later checks on the same condition are uniform.
    Value known = arith::ConstantIntOp::create(cb, loc, cb.getI1Type(),
                                               /*value=*/!rareThen);
    for (IRMapping &map : maps)
      map.map(ifOp.getCondition(), known);
    Region &commonRegion =
        rareThen ? ifOp.getElseRegion() : ifOp.getThenRegion();
    if (!commonRegion.empty()) {
      Block &body = commonRegion.front();
      jamBlock(cb, body, maps, skip);
      for (IRMapping &map : maps)
        for (auto [result, value] : llvm::zip_equal(
                 ifOp.getResults(), body.getTerminator()->getOperands()))
          map.map(result, map.lookupOrDefault(value));
      mayRedo = llvm::none_of(body.without_terminator(), [&](Operation &o) {
        return writesOutside(&o, skip);
      });
    }
    Value again = jamBody(cb, std::next(op), end, maps, skip, oneStep, mayRedo);
    if (!again)
      again = arith::ConstantIntOp::create(cb, loc, cb.getI1Type(), 0);
    scf::YieldOp::create(cb, loc, again);
    return check.getResult(0);
  }
  return nullptr;
}

/// Replaces the loads at the top level of `block` of a one-element buffer
/// of `buffers` by the value stored last into it at that level, where no op
/// in between may write it: after scalarizeSingleElementOps, the per-row
/// scalars are then SSA values, and the copies of a check that each
/// one-element op recomputed are equal (CSE merges them).
/// With `forwardVectors`, a one-element vector written whole (a horizontal
/// sum's result) is forwarded too, as its element (vector.extract), so that
/// the rows' sums reach their per-row scalar work (packJammedRows).
static void
forwardStoredScalars(Block &block,
                     const llvm::SmallPtrSetImpl<Operation *> &buffers,
                     bool forwardVectors) {
  llvm::DenseMap<Value, Value> stored;
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (auto store = dyn_cast<memref::StoreOp>(op);
        store && buffers.contains(store.getMemRef().getDefiningOp()) &&
        store.getMemRefType().hasStaticShape() &&
        store.getMemRefType().getNumElements() == 1) {
      stored[store.getMemRef()] = store.getValueToStore();
      continue;
    }
    // A one-element vector written whole (a horizontal sum's result).
    if (auto write = dyn_cast<vector::TransferWriteOp>(op);
        write && forwardVectors && !write.getMask() &&
        buffers.contains(write.getBase().getDefiningOp()) &&
        write.getVectorType().getNumElements() == 1 &&
        write.getVectorType().getRank() == 1) {
      auto type = dyn_cast<MemRefType>(write.getBase().getType());
      if (type && type.hasStaticShape() && type.getNumElements() == 1 &&
          type.getElementType() == write.getVectorType().getElementType()) {
        stored[write.getBase()] = write.getVector();
        continue;
      }
    }
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      auto it = stored.find(load.getMemRef());
      if (it != stored.end() && it->second.getType() == load.getType()) {
        load.replaceAllUsesWith(it->second);
        load.erase();
      } else if (it != stored.end() && isa<VectorType>(it->second.getType()) &&
                 getElementTypeOrSelf(it->second) == load.getType()) {
        OpBuilder lb(load);
        load.replaceAllUsesWith(vector::ExtractOp::create(lb, load.getLoc(),
                                                          it->second,
                                                          ArrayRef<int64_t>{0})
                                    .getResult());
        load.erase();
      }
      continue;
    }
    if (mayWrite(&op,
                 [&](Value buffer) { return !buffer || stored.count(buffer); }))
      for (Value buffer : llvm::to_vector(llvm::make_first_range(stored)))
        if (mayWrite(&op, [&](Value written) {
              return !written || written == buffer;
            }))
          stored.erase(buffer);
  }
}

/// Replaces each linalg op on buffers at the top level of `block` whose
/// loops all have static size 1 (a per-row scalar kept in a one-element
/// buffer) by its body on scalars: loads of its operands, the body, stores
/// of its results. Its scf.if regions can then be jammed.
static void scalarizeSingleElementOps(Block &block) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || !linalgOp.hasPureBufferSemantics() ||
        linalgOp.getNumLoops() == 0 ||
        !llvm::all_of(linalgOp.getStaticLoopRanges(),
                      [](int64_t size) { return size == 1; }) ||
        !linalgOp.getBlock())
      continue;
    OpBuilder b(&op);
    Location loc = op.getLoc();
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    auto indicesOf = [&](Value memref) {
      return SmallVector<Value>(cast<MemRefType>(memref.getType()).getRank(),
                                zero);
    };
    IRMapping map;
    Block *body = linalgOp.getBlock();
    for (OpOperand &operand : op.getOpOperands()) {
      Value value = operand.get();
      BlockArgument arg = linalgOp.getMatchingBlockArgument(&operand);
      if (!isa<MemRefType>(value.getType()))
        map.map(arg, value);
      else if (linalgOp.payloadUsesValueFromOperand(&operand))
        map.map(arg, memref::LoadOp::create(b, loc, value, indicesOf(value)));
    }
    for (Operation &inner : body->without_terminator()) {
      if (isa<linalg::IndexOp>(inner)) {
        map.map(inner.getResult(0), zero);
        continue;
      }
      b.clone(inner, map);
    }
    for (auto [value, init] : llvm::zip_equal(
             body->getTerminator()->getOperands(), linalgOp.getDpsInits()))
      memref::StoreOp::create(b, loc, map.lookupOrDefault(value), init,
                              indicesOf(init));
    op.erase();
  }
}

/// Returns the number of steps of `loop`, built at `b`:
/// ceildiv(max(ub - lb, 0), step).
static Value buildTripCount(OpBuilder &b, scf::ForOp loop) {
  Location loc = loop.getLoc();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value span = arith::MaxSIOp::create(
      b, loc,
      arith::SubIOp::create(b, loc, loop.getUpperBound(), loop.getLowerBound()),
      zero);
  return arith::CeilDivSIOp::create(b, loc, span, loop.getStep());
}

/// Adds to `switches` the long-row switches in the computation of `bound`
/// (a column loop's bound, defined above `loop`), looking through up to
/// `depth` pure ops: conditions `x > K` (or >=) of an arith.select with a
/// constant K of at least `span` elements. Rows short enough to be jammed
/// do not take that arm (a loop for long rows: LayerNorm's f64 sum of
/// squares); the jam is made conditional on it.
static void findLongRowSwitches(Value bound, int64_t span, Operation *loop,
                                unsigned depth,
                                llvm::SetVector<Value> &switches) {
  Operation *def = bound.getDefiningOp();
  if (!def || depth == 0 || loop->isAncestor(def) ||
      def->getNumRegions() != 0 || !isPure(def))
    return;
  if (auto select = dyn_cast<arith::SelectOp>(def))
    if (auto cmp = select.getCondition().getDefiningOp<arith::CmpIOp>()) {
      std::optional<int64_t> limit = getConstantIntValue(cmp.getRhs());
      arith::CmpIPredicate predicate = cmp.getPredicate();
      if (limit && *limit >= span &&
          llvm::is_contained(
              {arith::CmpIPredicate::ugt, arith::CmpIPredicate::uge,
               arith::CmpIPredicate::sgt, arith::CmpIPredicate::sge},
              predicate))
        switches.insert(cmp.getResult());
    }
  for (Value operand : def->getOperands())
    findLongRowSwitches(operand, span, loop, depth - 1, switches);
}

namespace {
struct JamRowsPass : public norm::impl::JamRowsPassBase<JamRowsPass> {
  using Base::Base;

  /// Rejects option values outside their ranges (Passes.td): the pass
  /// fails before it runs, with the option, its value, the range and why.
  LogicalResult initialize(MLIRContext *context) override {
    if (rows < 1 || rows > kMaxRows)
      return emitError(UnknownLoc::get(context))
             << kPass << ": rows must be 1 (no jam) to " << kMaxRows
             << " (rows per iteration, each with its own partial sums in "
                "vector registers), got "
             << static_cast<unsigned>(rows);
    return success();
  }

  void runOnOperation() override {
    if (rows < 2 || (maxSteps == 0 && cachedMaxSteps <= maxSteps))
      return;
    SmallVector<scf::ForallOp> loops;
    getOperation().walk([&](scf::ForallOp loop) {
      if (!loop->getParentOfType<scf::ForallOp>())
        loops.push_back(loop);
    });
    for (scf::ForallOp loop : loops)
      jam(loop);
  }

  /// Returns why `loop` is not jammed, or an empty string.
  std::string getRejection(scf::ForallOp loop) {
    if (loop.getRank() != 1)
      return "it is not one-dimensional";
    if (loop.getNumResults() != 0 ||
        !loop.getTerminator().getYieldingOps().empty())
      return "it is on tensors (it has results)";
    if (!loop.isNormalized())
      return "its lower bound is not 0 or its step not 1";
    for (Operation &op : loop.getBody()->without_terminator())
      if (auto alloc = dyn_cast<memref::AllocOp>(op);
          alloc && llvm::any_of(alloc->getOperands(), [&](Value v) {
            return loop->isAncestor(v.getParentRegion()->getParentOp());
          }))
        return "a buffer of its body has sizes computed in the body";
    bool nestedAlloc = false;
    loop.getBody()->walk([&](memref::AllocOp alloc) {
      if (alloc->getBlock() != loop.getBody())
        nestedAlloc = true;
    });
    if (nestedAlloc)
      return "its body allocates buffers in nested regions";
    return "";
  }

  void jam(scf::ForallOp loop) {
    std::string rejection = getRejection(loop);
    if (!rejection.empty()) {
      norm::remarkMissed(loop, kPass, "NotJammed", "{0}", rejection);
      return;
    }
    // Reductions over the row: each ends in one horizontal reduction of
    // the row's partial sums (vector.multi_reduction, or vector.reduction
    // on 1-D vectors) in the body itself (a masked remainder loop
    // continues its main loop's sums; a static one-step loop is folded
    // away, its reduction stays).
    unsigned numReductions =
        llvm::count_if(loop.getBody()->without_terminator(), [](Operation &op) {
          return isa<vector::MultiDimReductionOp, vector::ReductionOp>(op);
        });
    if (numReductions < minReductions) {
      norm::remarkMissed(loop, kPass, "NotJammed",
                         "its body reduces the row {0} times, fewer "
                         "than min-reductions ({1})",
                         numReductions, static_cast<unsigned>(minReductions));
      return;
    }

    // Loop-invariant code first, so that the column loops' bounds are
    // defined outside the row loop; the per-row scalars as scalars.
    moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
    scalarizeSingleElementOps(*loop.getBody());
    llvm::SmallPtrSet<Operation *, 16> buffers;
    for (Operation &op : *loop.getBody())
      if (isa<memref::AllocOp>(op))
        buffers.insert(&op);
    forwardStoredScalars(*loop.getBody(), buffers,
                         /*forwardVectors=*/packRows);
    IRRewriter rewriter(loop->getContext());
    DominanceInfo dominance;
    eliminateCommonSubExpressions(rewriter, dominance, loop);

    Block *body = loop.getBody();
    SmallVector<scf::ForOp> columnLoops;
    for (Operation &op : body->without_terminator())
      if (auto forOp = dyn_cast<scf::ForOp>(op))
        if (llvm::all_of(ValueRange{forOp.getLowerBound(),
                                    forOp.getUpperBound(), forOp.getStep()},
                         [&](Value v) {
                           return !loop->isAncestor(
                               v.getParentRegion()->getParentOp());
                         }))
          columnLoops.push_back(forOp);
    // Rows read as vectors: vector.transfer_read %X[%row, ...].
    Value rowIndex = loop.getInductionVar(0);
    bool readsRows = false;
    body->walk([&](vector::TransferReadOp read) {
      if (!read.getIndices().empty() && read.getIndices().front() == rowIndex)
        readsRows = true;
    });
    if (!readsRows) {
      norm::remarkMissed(loop, kPass, "NotJammed",
                         "its body reads no row as vectors "
                         "(vector.transfer_read %X[%row, ...])");
      return;
    }

    // The tiers: rows whose column loops each run at most max-steps steps,
    // at any size; then, where cached-max-steps is larger, rows whose loops
    // run at most cached-max-steps steps where the arrays whose rows the
    // body reads hold at most cached-max-bytes together.
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    SmallVector<Tier, 2> tiers;
    std::string tooLong;
    auto addTier = [&](unsigned steps, bool cached) {
      for (scf::ForOp column : columnLoops) {
        std::optional<APInt> tripCount = column.getStaticTripCount();
        if (tripCount && tripCount->ugt(steps)) {
          tooLong =
              llvm::formatv("a loop over the row runs {0} steps, more "
                            "than {1} ({2})",
                            tripCount->getZExtValue(),
                            cached ? "cached-max-steps" : "max-steps", steps)
                  .str();
          return;
        }
      }
      Tier tier;
      Value stepsValue;
      for (scf::ForOp column : columnLoops) {
        if (column.getStaticTripCount())
          continue;
        if (!stepsValue)
          stepsValue = arith::ConstantIndexOp::create(b, loc, steps);
        Value fits =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                  buildTripCount(b, column), stepsValue);
        tier.fits =
            tier.fits ? arith::AndIOp::create(b, loc, tier.fits, fits) : fits;
      }
      if (cached) {
        // bf16 rows: the jammed loops' sums keep their per-element
        // conversions (norm-deinterleave-bf16-sums rewrites the row-by-row
        // loops only) and their Y checks hold more constants than the
        // registers: measured slower on rows of 768 and more.
        bool bf16Rows = false;
        loop.getBody()->walk([&](vector::TransferReadOp read) {
          if (!read.getIndices().empty() &&
              read.getIndices().front() == loop.getInductionVar(0) &&
              getElementTypeOrSelf(read.getBase().getType()).isBF16())
            bf16Rows = true;
        });
        if (bf16Rows) {
          tooLong = "its rows are bf16, which the second tier (cached-max-"
                    "steps) does not jam";
          return;
        }
        Value small = buildFitsInBytes(b, loop, cachedMaxBytes);
        if (std::optional<int64_t> known = getConstantIntValue(small)) {
          if (!*known) {
            tooLong = llvm::formatv("the arrays whose rows it reads hold "
                                    "more than cached-max-bytes ({0})",
                                    static_cast<uint64_t>(cachedMaxBytes))
                          .str();
            return;
          }
        } else {
          tier.fits = tier.fits
                          ? arith::AndIOp::create(b, loc, tier.fits, small)
                          : small;
        }
      }
      // Long-row switches (findLongRowSwitches): off in the jammed rows,
      // checked with the trip counts.
      llvm::SetVector<Value> longRows;
      for (scf::ForOp column : columnLoops)
        if (std::optional<int64_t> step = getConstantIntValue(column.getStep()))
          for (Value bound : {column.getLowerBound(), column.getUpperBound()})
            findLongRowSwitches(bound, *step * steps, loop, /*depth=*/4,
                                longRows);
      if (tier.fits)
        for (Value longRow : longRows) {
          Value off = arith::XOrIOp::create(
              b, loc, longRow,
              arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
          tier.fits = arith::AndIOp::create(b, loc, tier.fits, off);
        }
      else
        longRows.clear();
      tier.longRows = longRows.takeVector();
      // With max-steps = 1, each column loop runs at most one step in a
      // jammed block: the main loops (0 to n - n mod T) become their one
      // step; the remainder loops that norm-vectorize-rows peeled from them
      // (from a main loop's upper bound, masked) stay loops, whose masked
      // step as straight-line code made short rows slower.
      if (steps == 1)
        for (scf::ForOp column : columnLoops)
          if (llvm::none_of(columnLoops, [&](scf::ForOp main) {
                return main != column &&
                       main.getUpperBound() == column.getLowerBound();
              }))
            tier.oneStep.insert(column);
      tiers.push_back(std::move(tier));
    };
    if (maxSteps != 0)
      addTier(maxSteps, /*cached=*/false);
    // A second tier only where the first is not taken by every block. Both
    // are one jammed copy of the body, with the loops kept (a second copy
    // for the one-step tier cost compile time: LLVM's codegen of a
    // LayerNorm module +35%): taken where either tier's condition holds,
    // each implying that the switches of the second tier are off.
    // Alone (no first tier: a static loop runs more than max-steps
    // steps), the second tier is taken only where its condition is
    // statically true: a copy built for a run-time condition that may never
    // hold doubled the code of a GroupNormalization module (its channel
    // loop) and its compile time.
    bool merged = false;
    if (cachedMaxSteps > maxSteps && (tiers.empty() || tiers.front().fits)) {
      bool alone = tiers.empty();
      std::string firstReason =
          tooLong.empty() ? "max-steps is 0 and the second tier's condition "
                            "is a run-time value"
                          : tooLong;
      addTier(cachedMaxSteps, /*cached=*/true);
      if (alone && !tiers.empty() && tiers.front().fits) {
        tiers.clear();
        tooLong = firstReason;
      }
      if (tiers.size() == 2) {
        merged = true;
        Tier &cached = tiers.back();
        if (cached.fits)
          cached.fits =
              arith::OrIOp::create(b, loc, tiers.front().fits, cached.fits);
        tiers.erase(tiers.begin());
      }
    }
    if (tiers.empty()) {
      norm::remarkMissed(loop, kPass, "NotJammed", "{0}", tooLong);
      return;
    }
    Tier &tier = tiers.front();
    norm::remarkPassed(
        loop, kPass, "Jammed",
        "{0} rows per iteration, {1} loops over the row jammed{2}",
        static_cast<unsigned>(rows), columnLoops.size(),
        !tier.fits ? ""
        : merged   ? ", where each runs at most max-steps steps, or at most "
                     "cached-max-steps steps and the rows read fit in "
                     "cached-max-bytes (else one row per iteration)"
                   : ", where each runs at most max-steps steps (else one row "
                     "per iteration)");
    buildJammedLoop(b, loop, tier);
    loop->erase();
  }

  /// Returns an i1 at `b` that holds where the arrays whose rows `loop`'s
  /// body reads (vector.transfer_read %X[%row, ...] of memrefs defined
  /// above it) hold at most `maxBytes` bytes together (a constant where
  /// their sizes are static).
  static Value buildFitsInBytes(OpBuilder &b, scf::ForallOp loop,
                                uint64_t maxBytes) {
    Location loc = loop.getLoc();
    Value row = loop.getInductionVar(0);
    SmallVector<Value> sources;
    loop.getBody()->walk([&](vector::TransferReadOp read) {
      Value source = read.getBase();
      if (!read.getIndices().empty() && read.getIndices().front() == row &&
          !loop->isAncestor(source.getParentRegion()->getParentOp()) &&
          isa<MemRefType>(source.getType()) &&
          !llvm::is_contained(sources, source))
        sources.push_back(source);
    });
    Value total = arith::ConstantIndexOp::create(b, loc, 0);
    for (Value source : sources) {
      auto type = cast<MemRefType>(source.getType());
      Value bytes = arith::ConstantIndexOp::create(
          b, loc, llvm::divideCeil(type.getElementTypeBitWidth(), 8));
      for (OpFoldResult size : memref::getMixedSizes(b, loc, source))
        bytes = b.createOrFold<arith::MulIOp>(
            loc, bytes, getValueOrCreateConstantIndexOp(b, loc, size));
      total = b.createOrFold<arith::AddIOp>(loc, total, bytes);
    }
    return b.createOrFold<arith::CmpIOp>(
        loc, arith::CmpIPredicate::ule, total,
        arith::ConstantIndexOp::create(b, loc, maxBytes));
  }

  /// Builds at `b` the loop over blocks of rows that replaces `loop` (see
  /// the file comment): a block is jammed where `tier.fits` holds (null:
  /// statically true) and the block is full; the switches `tier.longRows`
  /// are off in the jammed rows; the column loops of `tier.oneStep` run at
  /// most one step there (jamOneStep).
  void buildJammedLoop(OpBuilder &b, scf::ForallOp loop, const Tier &tier) {
    Location loc = loop.getLoc();
    unsigned numRows = rows;
    Value numRowsValue = arith::ConstantIndexOp::create(b, loc, numRows);
    Value total =
        getValueOrCreateConstantIndexOp(b, loc, loop.getMixedUpperBound()[0]);
    Value perBlock =
        tier.fits
            ? arith::SelectOp::create(b, loc, tier.fits, numRowsValue,
                                      arith::ConstantIndexOp::create(b, loc, 1))
                  .getResult()
            : numRowsValue;
    Block *body = loop.getBody();
    Value row = loop.getInductionVar(0);
    // The tiles of the arrays whose rows the body reads: sizes defined
    // here, outside the loop (see readThroughTiles).
    SmallVector<std::pair<Value, SmallVector<OpFoldResult>>> tiled;
    body->walk([&](vector::TransferReadOp read) {
      Value source = read.getBase();
      if (read.getIndices().empty() || read.getIndices().front() != row ||
          loop->isAncestor(source.getParentRegion()->getParentOp()) ||
          !isa<MemRefType>(source.getType()) ||
          llvm::any_of(tiled, [&](auto &t) { return t.first == source; }))
        return;
      SmallVector<OpFoldResult> sizes = memref::getMixedSizes(b, loc, source);
      sizes.front() = getAsOpFoldResult(perBlock);
      tiled.push_back({source, std::move(sizes)});
    });

    Value blocks = b.createOrFold<arith::CeilDivUIOp>(loc, total, perBlock);
    auto jammed = scf::ForallOp::create(
        b, loc, ArrayRef<OpFoldResult>{getAsOpFoldResult(blocks)}, ValueRange{},
        loop.getMapping() ? std::optional<ArrayAttr>(*loop.getMapping())
                          : std::nullopt);
    jammed->setDiscardableAttrs(loop->getDiscardableAttrDictionary());

    OpBuilder jb = OpBuilder::atBlockBegin(jammed.getBody());
    Value base =
        arith::MulIOp::create(jb, loc, jammed.getInductionVar(0), perBlock);
    // The buffers of the body: R sets, the first also for the rows run one
    // by one.
    SmallVector<IRMapping> maps(numRows);
    llvm::SmallPtrSet<Operation *, 16> allocs;
    for (Operation &op : body->without_terminator()) {
      if (!isa<memref::AllocOp>(op))
        continue;
      allocs.insert(&op);
      for (IRMapping &map : maps)
        jb.clone(op, map);
    }
    Value end = arith::AddIOp::create(jb, loc, base, perBlock);
    Value full =
        arith::CmpIOp::create(jb, loc, arith::CmpIPredicate::ule, end, total);
    if (tier.fits)
      full = arith::AndIOp::create(jb, loc, tier.fits, full);
    Value last = arith::MinUIOp::create(jb, loc, end, total);

    // Full blocks of short rows: the rows jammed, through tiles of the
    // arrays they read.
    auto blockIf = scf::IfOp::create(jb, loc, TypeRange{jb.getI1Type()}, full,
                                     /*addThenBlock=*/true,
                                     /*addElseBlock=*/true);
    OpBuilder tb = OpBuilder::atBlockEnd(blockIf.thenBlock());
    SmallVector<Value> rowValues;
    for (auto [r, map] : llvm::enumerate(maps)) {
      rowValues.push_back(
          r == 0
              ? base
              : arith::AddIOp::create(
                    tb, loc, base, arith::ConstantIndexOp::create(tb, loc, r))
                    .getResult());
      map.map(row, rowValues.back());
    }
    specializeLongRows(tb, loop, tier.longRows, maps);
    Value redo = jamBody(tb, body->begin(), std::prev(body->end()), maps,
                         allocs, tier.oneStep, /*mayRedo=*/true);
    if (packRows)
      packJammedRows(*blockIf.thenBlock(), numRows);
    readThroughTiles(tb, blockIf.thenBlock(), base, rowValues, tiled);

    // The other blocks (a last, partial block; rows too long to jam) and
    // full blocks with a rare row: row by row, with the first row's buffers.
    IRMapping rowMap;
    for (Operation *alloc : allocs)
      rowMap.map(alloc->getResult(0), maps.front().lookup(alloc->getResult(0)));
    auto buildRows = [&](OpBuilder &rb) {
      scf::ForOp::create(
          rb, loc, base, last, arith::ConstantIndexOp::create(rb, loc, 1),
          ValueRange{},
          [&](OpBuilder &fb, Location floc, Value iv, ValueRange) {
            rowMap.map(row, iv);
            for (Operation &op : body->without_terminator())
              if (!allocs.contains(&op))
                fb.clone(op, rowMap);
            scf::YieldOp::create(fb, floc);
          });
    };
    if (!redo) {
      // No block is run again: scf.if (full) { jammed } else { rows }.
      auto simple = scf::IfOp::create(jb, loc, full, /*withElseRegion=*/true);
      simple.thenBlock()->getOperations().splice(
          simple.thenBlock()->begin(), blockIf.thenBlock()->getOperations());
      blockIf.erase();
      OpBuilder eb(simple.elseBlock()->getTerminator());
      buildRows(eb);
      return;
    }
    scf::YieldOp::create(tb, loc, redo);
    OpBuilder ob = OpBuilder::atBlockEnd(blockIf.elseBlock());
    scf::YieldOp::create(
        ob, loc,
        arith::ConstantIntOp::create(ob, loc, ob.getI1Type(), 1).getResult());
    auto rowsIf = scf::IfOp::create(jb, loc, blockIf.getResult(0),
                                    /*withElseRegion=*/false);
    OpBuilder eb(rowsIf.thenBlock()->getTerminator());
    buildRows(eb);
  }

  /// Maps, in every row's mapping, the values defined above `loop` and used
  /// in it that depend on a switch of `longRows` to their value with the
  /// switches false, recomputed at `b` (pure ops only): in the jammed rows
  /// the loops for long rows fold away.
  static void specializeLongRows(OpBuilder &b, scf::ForallOp loop,
                                 ArrayRef<Value> longRows,
                                 MutableArrayRef<IRMapping> maps) {
    if (longRows.empty())
      return;
    llvm::DenseMap<Value, Value> specialized;
    Value off =
        arith::ConstantIntOp::create(b, loop.getLoc(), b.getI1Type(), 0);
    for (Value longRow : longRows)
      specialized[longRow] = off;
    std::function<Value(Value, unsigned)> specialize = [&](Value value,
                                                           unsigned depth) {
      if (auto it = specialized.find(value); it != specialized.end())
        return it->second;
      Value result = value;
      Operation *def = value.getDefiningOp();
      if (def && depth != 0 && !loop->isAncestor(def) &&
          def->getNumRegions() == 0 && def->getNumResults() == 1 &&
          isPure(def)) {
        IRMapping mapping;
        bool changed = false;
        for (Value operand : def->getOperands()) {
          Value operandValue = specialize(operand, depth - 1);
          changed |= operandValue != operand;
          mapping.map(operand, operandValue);
        }
        if (changed)
          result = b.clone(*def, mapping)->getResult(0);
      }
      specialized[value] = result;
      return result;
    };
    llvm::SetVector<Value> used;
    getUsedValuesDefinedAbove(loop.getRegion(), used);
    for (Value value : used)
      if (Value off = specialize(value, /*depth=*/6); off != value)
        for (IRMapping &map : maps)
          map.map(value, off);
  }

  /// Makes the jammed rows' vector reads of a row of an array of `tiled`
  /// (the source and its tile's sizes: `rows` rows, or one where the rows
  /// are too long to jam) reads of the block's tile of it, a subview at
  /// row `base` built at `b`: an iteration reads the tile, which
  /// norm-openmp-cleanup counts as the work of an iteration (it goes
  /// parallel at the same number of rows as the loop before the jam).
  static void readThroughTiles(
      OpBuilder &b, Block *block, Value base, ArrayRef<Value> rowValues,
      ArrayRef<std::pair<Value, SmallVector<OpFoldResult>>> tiled) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(block);
    for (const auto &entry : tiled) {
      Value source = entry.first;
      ArrayRef<OpFoldResult> sizes = entry.second;
      int64_t rank = sizes.size();
      SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
      offsets.front() = base;
      SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
      SmallVector<std::pair<vector::TransferReadOp, int64_t>> reads;
      block->walk([&](vector::TransferReadOp read) {
        if (read.getBase() != source || read.getIndices().empty())
          return;
        const Value *rowValue =
            llvm::find(rowValues, read.getIndices().front());
        if (rowValue != rowValues.end())
          reads.push_back({read, rowValue - rowValues.begin()});
      });
      if (reads.empty())
        continue;
      Location loc = reads.front().first.getLoc();
      Value tile =
          memref::SubViewOp::create(b, loc, source, offsets, sizes, strides);
      for (auto [read, row] : reads) {
        OpBuilder rb(read);
        Value index = arith::ConstantIndexOp::create(rb, loc, row);
        read.getBaseMutable().assign(tile);
        read.getIndicesMutable()[0].assign(index);
      }
    }
  }
};
} // namespace
