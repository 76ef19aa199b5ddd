//===- WidenRows.cpp - norm-widen-rows: f16 rows widened once -------------===//
//
// After norm-vectorize-rows and bufferization, a normalization of f16 X is a
// loop over rows whose body makes two or more passes over one row, each
// reading it as vectors of f16 and widening them to f32 (`arith.extf`): the
// sum of squares, then Y (RMSNormalization). On x86 each widening is a
// `vcvtph2ps`, which shares the floating-point add pipes with the rest of
// the pass: Y's pass of an f16 RMSNormalization converts four times per
// vector (X widened, Normalized rounded to f16 and widened back, Y rounded)
// and is bound by those pipes. This pass widens the row once: the first
// pass also stores each widened tile into an f32 row buffer, and the later
// passes read the buffer (a plain load from L1 or L2) instead of X. Values
// are unchanged: the widening is exact.
//
// It applies to a loop over rows (a 1-D `scf.forall`, or an `scf.for` in
// one: the rows of norm-jam-rows' version that does not jam) whose body
// reads the current row of one memref X of f16 elements (directly or through
// unit-stride subviews) only in column loops directly in the body or in the
// body itself, each read used only by `arith.extf` to f32, where:
// - the reads of the first column loops cover the row exactly: each reads
//   at column `offset + iv` (offset invariant in the loop), either full
//   tiles of the loop's step between bounds that are multiples of it (a
//   peeled loop's main part) or masked tiles of `ub - iv` lanes (its
//   remainder); a read in the body itself is one full tile (a static
//   remainder); the intervals, in some order, chain from 0 to X's row
//   length, as MLIR's ValueBoundsConstraintSet proves (the quarters and
//   remainder of RMSNormalization's sum of squares);
// - nothing in the body writes to X's buffer.
// The buffer is a heap allocation at the start of the forall's body, sized
// before the forall (so that buffer-loop-hoisting and
// norm-openmp-outline-rows allocate it once per call and per thread): the
// row length where it is at most `max-row-bytes` / 4 elements, else 0. The
// body is versioned on that test: longer rows, whose buffer would leave the
// caches, keep reading X. In the widened version the prefetches of X (of
// the rows ahead, norm-prefetch-rows) go to the outer cache levels, which
// leaves the buffer in L1. bf16 rows are left as they are: their widening
// is a shift, and the buffer measured no faster.
//
// Remarks (category norm-widen-rows): WidenedRow (passed) per loop over rows
// whose row is widened once, with the numbers of reads that store and read
// the buffer; NotWidened (missed) at a forall with the reason.
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_WIDENROWSPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;
using Variable = ValueBoundsConstraintSet::Variable;

static constexpr StringLiteral kPass = "norm-widen-rows";

/// The `memref.prefetch` locality hint of the outer cache levels (LLVM's
/// llvm.prefetch locality 1: x86 `prefetcht2`, AArch64 `prfm pldl3keep`).
static constexpr uint32_t kLocalityOuter = 1;

/// The largest `max-row-bytes`, 1 GiB.
static constexpr int64_t kMaxRowBytes = int64_t(1) << 30;

namespace {

/// A `vector.transfer_read` of vector<1xWxT> from row `row` of memref
/// `root` (rank 2), directly or through unit-stride subviews of rank 2: its
/// first lane is at column `sum(columnTerms)`.
struct RowRead {
  vector::TransferReadOp read;
  Value root;
  SmallVector<OpFoldResult> columnTerms;
};

/// A column interval [begin, end) of the row, as affine expressions of
/// index values.
struct Piece {
  Variable begin;
  Variable end;
};

} // namespace

/// The affine map of the sum of `terms` (constants and index values), with
/// its symbol operands appended to `operands`.
static AffineMap getSumMap(MLIRContext *context, ArrayRef<OpFoldResult> terms,
                           SmallVectorImpl<Value> &operands) {
  AffineExpr sum = getAffineConstantExpr(0, context);
  for (OpFoldResult term : terms) {
    if (std::optional<int64_t> constant = getConstantIntValue(term)) {
      sum = sum + *constant;
      continue;
    }
    sum = sum + getAffineSymbolExpr(operands.size(), context);
    operands.push_back(cast<Value>(term));
  }
  return AffineMap::get(0, operands.size(), sum);
}

/// The affine sum of `terms` (constants and index values), as a Variable.
static Variable makeSum(MLIRContext *context, ArrayRef<OpFoldResult> terms) {
  SmallVector<Value> operands;
  AffineMap map = getSumMap(context, terms, operands);
  return Variable(map, operands);
}

/// Collects the terms of `expr` over `operands` into `terms` where it is a
/// sum of dims, symbols and constants (each once); returns false otherwise.
static bool collectSumTerms(AffineExpr expr, ValueRange dims,
                            ValueRange symbols,
                            SmallVectorImpl<OpFoldResult> &terms) {
  if (auto sum = dyn_cast<AffineBinaryOpExpr>(expr)) {
    return sum.getKind() == AffineExprKind::Add &&
           collectSumTerms(sum.getLHS(), dims, symbols, terms) &&
           collectSumTerms(sum.getRHS(), dims, symbols, terms);
  }
  Builder builder(expr.getContext());
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    terms.push_back(builder.getIndexAttr(constant.getValue()));
  else if (auto dim = dyn_cast<AffineDimExpr>(expr))
    terms.push_back(dims[dim.getPosition()]);
  else if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    terms.push_back(symbols[symbol.getPosition()]);
  else
    return false;
  return true;
}

/// Appends `term` to `terms`, as the terms of its sum where it is an
/// `affine.apply` of a sum (the column of a quarter: `offset + iv`).
static void appendSumTerms(OpFoldResult term,
                           SmallVectorImpl<OpFoldResult> &terms) {
  auto apply = dyn_cast_if_present<affine::AffineApplyOp>(
      dyn_cast<Value>(term) ? cast<Value>(term).getDefiningOp() : nullptr);
  if (apply) {
    AffineMap map = apply.getAffineMap();
    SmallVector<OpFoldResult> expanded;
    if (collectSumTerms(map.getResult(0), apply.getDimOperands(),
                        apply.getSymbolOperands(), expanded)) {
      for (OpFoldResult inner : expanded)
        appendSumTerms(inner, terms);
      return;
    }
  }
  terms.push_back(term);
}

/// Resolves `read` as a read of row `row` (the loop's induction variable)
/// of a rank-2 memref, or returns std::nullopt.
static std::optional<RowRead> resolveRowRead(vector::TransferReadOp read,
                                             Value row) {
  auto vectorType = read.getVectorType();
  if (vectorType.getRank() != 2 || vectorType.getDimSize(0) != 1 ||
      vectorType.isScalable() || !read.getPermutationMap().isIdentity())
    return std::nullopt;
  Value source = read.getBase();
  if (!isa<MemRefType>(source.getType()) ||
      cast<MemRefType>(source.getType()).getRank() != 2)
    return std::nullopt;
  SmallVector<OpFoldResult> rowTerms{read.getIndices()[0]};
  RowRead result{read, Value(), {}};
  appendSumTerms(read.getIndices()[1], result.columnTerms);
  while (auto subview = source.getDefiningOp<memref::SubViewOp>()) {
    if (subview.getSourceType().getRank() != 2 ||
        subview.getType().getRank() != 2 ||
        !llvm::all_of(subview.getMixedStrides(), [](OpFoldResult stride) {
          return isConstantIntValue(stride, 1);
        }))
      return std::nullopt;
    rowTerms.push_back(subview.getMixedOffsets()[0]);
    appendSumTerms(subview.getMixedOffsets()[1], result.columnTerms);
    source = subview.getSource();
  }
  // The row: the induction variable once, every other offset 0.
  unsigned rowUses = 0;
  for (OpFoldResult term : rowTerms) {
    if (isConstantIntValue(term, 0))
      continue;
    if (dyn_cast<Value>(term) != row)
      return std::nullopt;
    ++rowUses;
  }
  if (rowUses != 1)
    return std::nullopt;
  result.root = source;
  return result;
}

/// Whether every use of `read` is an `arith.extf` to f32 elements.
static bool isWidenedToF32(vector::TransferReadOp read) {
  return !read->use_empty() && llvm::all_of(read->getUsers(), [](Operation *u) {
    auto extf = dyn_cast<arith::ExtFOp>(u);
    return extf && getElementTypeOrSelf(extf.getType()).isF32();
  });
}

/// The memref that `value` views (through view-like ops), or `value`.
static Value getViewRoot(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

/// Whether an op in `body` may write to the buffer of `root`, or has effects
/// that are not known.
static bool mayWriteTo(Block &body, Value root) {
  WalkResult result = body.walk([&](Operation *op) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    // Prefetches (norm-prefetch-rows) declare no effects but are only cache
    // hints.
    if (isa<memref::PrefetchOp>(op))
      return WalkResult::advance();
    if (!effects) {
      if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
          op->hasTrait<OpTrait::IsTerminator>())
        return WalkResult::advance();
      return WalkResult::interrupt();
    }
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (MemoryEffects::EffectInstance &instance : instances) {
      if (!isa<MemoryEffects::Write, MemoryEffects::Free>(instance.getEffect()))
        continue;
      Value written = instance.getValue();
      if (!written || getViewRoot(written) == root)
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Whether `lhs` == `rhs` is proven.
static bool provenEqual(const Variable &lhs, const Variable &rhs) {
  FailureOr<bool> equal = ValueBoundsConstraintSet::areEqual(lhs, rhs);
  return succeeded(equal) && *equal;
}

/// Whether `value` is a multiple of `factor`: a constant, or an
/// `affine.apply` whose expression is one.
static bool isMultipleOf(Value value, int64_t factor) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return *constant % factor == 0;
  auto apply = value.getDefiningOp<affine::AffineApplyOp>();
  return apply && apply.getAffineMap().getResult(0).isMultipleOf(factor);
}

/// The column interval that the reads `read` of `loop` cover over all its
/// iterations, or failure: `read` at column `offset + iv`, either full tiles
/// of the loop's step with bounds that are multiples of it, or masked tiles
/// of `ub - iv` lanes (clamped to the width). Without a loop (a read in the
/// body of the loop over rows), the one full tile that `read` reads.
static FailureOr<Piece> getCoveredPiece(const RowRead &rowRead,
                                        scf::ForOp loop) {
  vector::TransferReadOp read = rowRead.read;
  MLIRContext *context = read.getContext();
  int64_t width = read.getVectorType().getDimSize(1);
  if (!loop) {
    // A read in the body itself (the static remainder of a peeled loop):
    // one full tile.
    if (read.getMask())
      return failure();
    SmallVector<OpFoldResult> endTerms(rowRead.columnTerms);
    endTerms.push_back(Builder(context).getIndexAttr(width));
    return Piece{makeSum(context, rowRead.columnTerms),
                 makeSum(context, endTerms)};
  }
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step != width)
    return failure();
  // offset + iv, offset invariant in the loop.
  SmallVector<OpFoldResult> offsetTerms;
  unsigned ivUses = 0;
  for (OpFoldResult term : rowRead.columnTerms) {
    auto value = dyn_cast<Value>(term);
    if (value == loop.getInductionVar()) {
      ++ivUses;
      continue;
    }
    if (value && loop.getRegion().isAncestor(value.getParentRegion()))
      return failure();
    offsetTerms.push_back(term);
  }
  if (ivUses != 1)
    return failure();
  SmallVector<OpFoldResult> beginTerms(offsetTerms);
  beginTerms.push_back(loop.getLowerBound());
  SmallVector<OpFoldResult> endTerms(offsetTerms);
  endTerms.push_back(loop.getUpperBound());
  Piece piece{makeSum(context, beginTerms), makeSum(context, endTerms)};

  AffineExpr s0 = getAffineSymbolExpr(0, context);
  AffineExpr s1 = getAffineSymbolExpr(1, context);
  Value mask = read.getMask();
  if (!mask) {
    // Full tiles: lb and ub multiples of the width (the bounds of a peeled
    // main loop: 0 and (n floordiv width) * width).
    if (!isMultipleOf(loop.getLowerBound(), width) ||
        !isMultipleOf(loop.getUpperBound(), width))
      return failure();
    return piece;
  }
  auto createMask = mask.getDefiningOp<vector::CreateMaskOp>();
  if (!createMask || !isConstantIntValue(createMask.getOperand(0), 1))
    return failure();
  Variable lanes(createMask.getOperand(1));
  Variable left(AffineMap::get(0, 2, s1 - s0),
                ValueRange{loop.getInductionVar(), loop.getUpperBound()});
  if (!provenEqual(lanes, left))
    return failure();
  return piece;
}

/// Whether `pieces` chain exactly from 0 to `length`, in some order.
static bool chainsToLength(ArrayRef<Piece> pieces, const Variable &length,
                           MLIRContext *context) {
  Variable position(AffineMap::get(0, 0, getAffineConstantExpr(0, context)),
                    ValueRange{});
  SmallVector<bool> used(pieces.size(), false);
  for (size_t step = 0; step < pieces.size(); ++step) {
    bool found = false;
    for (auto [index, piece] : llvm::enumerate(pieces)) {
      if (used[index] || !provenEqual(piece.begin, position))
        continue;
      used[index] = true;
      position = piece.end;
      found = true;
      break;
    }
    if (!found)
      return false;
  }
  return provenEqual(position, length);
}

namespace {

/// The plan for one forall: the reads of the first pass (widened and
/// stored) and of the later passes (read from the buffer).
struct Plan {
  Value root;
  SmallVector<RowRead> firstPass;
  SmallVector<RowRead> laterPasses;
};

} // namespace

/// Finds the plan for the row loop `forall` (an `scf.forall` or `scf.for`)
/// over `row`, or returns the reason why there is none.
static FailureOr<Plan> findPlan(Operation *forall, Value row,
                                std::string &reason) {
  Block &body = forall->getRegion(0).front();
  // The reads of f16 rows, by memref, with the column loops holding them.
  llvm::MapVector<Value, SmallVector<std::pair<scf::ForOp, RowRead>>> reads;
  bool stray = false;
  body.walk([&](vector::TransferReadOp read) {
    std::optional<RowRead> rowRead = resolveRowRead(read, row);
    if (!rowRead)
      return;
    if (!getElementTypeOrSelf(rowRead->root.getType()).isF16())
      return;
    // In a column loop directly in the body, or in the body itself.
    auto loop = dyn_cast<scf::ForOp>(read->getParentOp());
    if (read->getBlock() != &body && (!loop || loop->getBlock() != &body))
      stray = true;
    reads[rowRead->root].push_back({loop, *rowRead});
  });
  if (reads.empty()) {
    reason = "it reads no row of f16 elements";
    return failure();
  }
  if (reads.size() != 1 || stray) {
    reason = "it reads rows of several memrefs, or in nested regions other "
             "than column loops directly in its body";
    return failure();
  }
  Plan plan;
  plan.root = reads.front().first;
  auto &rootReads = reads.front().second;
  if (!llvm::all_of(rootReads, [](auto &entry) {
        return isWidenedToF32(entry.second.read);
      })) {
    reason = "a read of the row is used other than widened to f32";
    return failure();
  }
  Operation *outer = isa<scf::ForallOp>(forall)
                         ? forall
                         : forall->getParentOfType<scf::ForallOp>();
  if (!DominanceInfo().properlyDominates(plan.root, outer)) {
    reason = "the memref is defined in the loop over rows";
    return failure();
  }
  if (mayWriteTo(body, getViewRoot(plan.root))) {
    reason = "the body may write to the memref read";
    return failure();
  }

  // The first pass: the reads of the first loops, until they cover the row.
  MLIRContext *context = forall->getContext();
  Variable length(plan.root, 1);
  SmallVector<Piece> pieces;
  size_t index = 0;
  bool covered = false;
  while (index < rootReads.size() && !covered) {
    scf::ForOp loop = rootReads[index].first;
    for (; index < rootReads.size() && rootReads[index].first == loop;
         ++index) {
      FailureOr<Piece> piece = getCoveredPiece(rootReads[index].second, loop);
      if (failed(piece)) {
        reason = "a read of the first pass is not a tile of a column loop "
                 "at its induction variable";
        return failure();
      }
      pieces.push_back(*piece);
      plan.firstPass.push_back(rootReads[index].second);
    }
    covered = chainsToLength(pieces, length, context);
  }
  if (!covered) {
    reason = "the reads of its column loops do not cover the row exactly "
             "(as far as ValueBoundsConstraintSet proves)";
    return failure();
  }
  for (; index < rootReads.size(); ++index)
    plan.laterPasses.push_back(rootReads[index].second);
  if (plan.laterPasses.empty()) {
    reason = "the row is read in one pass";
    return failure();
  }
  return plan;
}

/// The column of `rowRead`'s first lane, built with `builder`.
static Value buildColumn(OpBuilder &builder, const RowRead &rowRead) {
  SmallVector<Value> operands;
  AffineMap map =
      getSumMap(builder.getContext(), rowRead.columnTerms, operands);
  SmallVector<OpFoldResult> foldOperands(operands.begin(), operands.end());
  Location loc = vector::TransferReadOp(rowRead.read).getLoc();
  return getValueOrCreateConstantIndexOp(
      builder, loc,
      affine::makeComposedFoldedAffineApply(builder, loc, map, foldOperands));
}

/// Rewrites the body of row loop `forall` (its ops but the terminator) for
/// `plan`:
/// `scf.if (row length <= maxElements) { alloca_scope { buffer; widened
/// body } } else { body }`.
static void widenRows(Operation *forall, Plan &plan, int64_t maxElements) {
  Block &body = forall->getRegion(0).front();
  Location loc = forall->getLoc();
  // The row length and the buffer's size before the forall (values from
  // outside the loop: norm-openmp-outline-rows and buffer-loop-hoisting
  // allocate such a buffer once per thread), the buffer at the start of the
  // forall's body.
  auto outer = isa<scf::ForallOp>(forall)
                   ? cast<scf::ForallOp>(forall)
                   : forall->getParentOfType<scf::ForallOp>();
  OpBuilder builder(outer);
  Value length = memref::DimOp::create(builder, loc, plan.root, 1);
  Value limit = arith::ConstantIndexOp::create(builder, loc, maxElements);
  Value small = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ule,
                                      length, limit);
  Value size =
      arith::SelectOp::create(builder, loc, small, length,
                              arith::ConstantIndexOp::create(builder, loc, 0));
  builder.setInsertionPointToStart(outer.getBody());
  auto bufferType =
      MemRefType::get({1, ShapedType::kDynamic}, builder.getF32Type());
  Value buffer =
      memref::AllocOp::create(builder, loc, bufferType, ValueRange{size},
                              builder.getI64IntegerAttr(64));

  // The original body into the else branch of `scf.if %small`.
  if (outer != forall)
    builder.setInsertionPointToStart(&body);
  auto ifOp = scf::IfOp::create(builder, loc, small, /*withElseRegion=*/true);
  Block *elseBlock = ifOp.elseBlock();
  Operation *terminator = body.getTerminator();
  elseBlock->getOperations().splice(elseBlock->begin(), body.getOperations(),
                                    std::next(ifOp->getIterator()),
                                    terminator->getIterator());

  // A copy into the then branch.
  builder.setInsertionPointToStart(ifOp.thenBlock());
  IRMapping mapping;
  for (Operation &op : elseBlock->without_terminator())
    builder.clone(op, mapping);

  auto mapped = [&](const RowRead &rowRead) {
    RowRead copy = rowRead;
    copy.read =
        cast<vector::TransferReadOp>(mapping.lookup(copy.read.getOperation()));
    for (OpFoldResult &term : copy.columnTerms)
      if (auto value = dyn_cast<Value>(term))
        term = mapping.lookupOrDefault(value);
    return copy;
  };
  auto getZero = [&](OpBuilder &b) {
    return arith::ConstantIndexOp::create(b, loc, 0).getResult();
  };
  for (const RowRead &original : plan.firstPass) {
    RowRead rowRead = mapped(original);
    vector::TransferReadOp read = rowRead.read;
    for (Operation *user : llvm::make_early_inc_range(read->getUsers())) {
      auto extf = cast<arith::ExtFOp>(user);
      OpBuilder after(extf->getContext());
      after.setInsertionPointAfter(extf);
      Value column = buildColumn(after, rowRead);
      vector::TransferWriteOp::create(
          after, read.getLoc(), extf.getResult(), buffer,
          ValueRange{getZero(after), column}, read.getPermutationMapAttr(),
          read.getMask(), read.getInBoundsAttr());
      break; // One store per read.
    }
  }
  for (const RowRead &original : plan.laterPasses) {
    RowRead rowRead = mapped(original);
    vector::TransferReadOp read = rowRead.read;
    OpBuilder before(read);
    Value column = buildColumn(before, rowRead);
    auto vectorType =
        VectorType::get(read.getVectorType().getShape(), before.getF32Type());
    Value padding = arith::ConstantOp::create(before, read.getLoc(),
                                              before.getF32FloatAttr(0.0f));
    auto widened = vector::TransferReadOp::create(
        before, read.getLoc(), vectorType, buffer,
        ValueRange{getZero(before), column}, read.getPermutationMapAttr(),
        padding, read.getMask(), read.getInBoundsAttr());
    for (Operation *user : llvm::make_early_inc_range(read->getUsers())) {
      user->getResult(0).replaceAllUsesWith(widened.getResult());
      user->erase();
    }
    read->erase();
  }
  // The rows ahead that norm-prefetch-rows prefetches during these passes to
  // every cache level would evict the buffer from L1: they go to the outer
  // levels (x86 `prefetcht2`).
  Value root = getViewRoot(plan.root);
  ifOp.thenBlock()->walk([&](memref::PrefetchOp prefetch) {
    if (getViewRoot(prefetch.getMemref()) == root &&
        prefetch.getLocalityHint() > kLocalityOuter)
      prefetch.setLocalityHintAttr(builder.getI32IntegerAttr(kLocalityOuter));
  });
}

namespace {

struct WidenRowsPass : public norm::impl::WidenRowsPassBase<WidenRowsPass> {
  using WidenRowsPassBase::WidenRowsPassBase;

  /// Rejects a `max-row-bytes` outside its range (Passes.td): the pass fails
  /// before it runs, with the option, its value, the range and why.
  LogicalResult initialize(MLIRContext *context) override {
    if (maxRowBytes < 0 || maxRowBytes > kMaxRowBytes)
      return emitError(UnknownLoc::get(context))
             << kPass << ": max-row-bytes must be 0 (no row widened) to "
             << kMaxRowBytes
             << " bytes (1 GiB: a buffer beyond the caches is slower than "
                "reading X again), got "
             << static_cast<int64_t>(maxRowBytes);
    return success();
  }

  void runOnOperation() override {
    if (maxRowBytes < 4)
      return;
    // Row loops: 1-D foralls, and the loops over rows in their bodies (the
    // rows of an iteration of norm-jam-rows' version that does not jam).
    SmallVector<std::pair<Operation *, Value>> rowLoops;
    getOperation().walk([&](Operation *op) {
      if (auto forall = dyn_cast<scf::ForallOp>(op);
          forall && forall.getRank() == 1 && forall->getNumResults() == 0)
        rowLoops.push_back({forall, forall.getInductionVar(0)});
      if (auto loop = dyn_cast<scf::ForOp>(op);
          loop && loop.getNumRegionIterArgs() == 0 &&
          loop->getParentOfType<scf::ForallOp>())
        rowLoops.push_back({loop, loop.getInductionVar()});
    });
    int64_t maxElements = maxRowBytes / 4;
    for (auto [forall, row] : rowLoops) {
      std::string reason;
      FailureOr<Plan> plan = findPlan(forall, row, reason);
      if (failed(plan)) {
        // The column loops of a forall are loops too: only foralls report.
        if (isa<scf::ForallOp>(forall))
          norm::remarkMissed(forall, kPass, "NotWidened", "{0}", reason);
        continue;
      }
      int64_t rowLength = cast<MemRefType>(plan->root.getType()).getDimSize(1);
      if (!ShapedType::isDynamic(rowLength) && rowLength > maxElements) {
        norm::remarkMissed(forall, kPass, "NotWidened",
                           "rows of {0} elements are longer than max-row-bytes",
                           rowLength);
        continue;
      }
      norm::remarkPassed(forall, kPass, "WidenedRow",
                         "row widened to f32 once by {0} reads, read by {1}",
                         plan->firstPass.size(), plan->laterPasses.size());
      widenRows(forall, *plan, maxElements);
    }
  }
};

} // namespace
