//===- PipelineRows.cpp - norm-pipeline-rows: next row's sum during Y -----===//
//
// A row of 16-bit X that is read in two passes, a reduction (the sum) and then
// Y, which writes the row with non-temporal stores (bf16 RMSNormalization),
// keeps memory busy with stores only while Y's loop runs: those stores are
// what bounds it, and memory writes nothing while the sum's loop runs. This
// pass computes the main loop of the sum of row r + 1 inside Y's main loop of
// row r (software pipelining across rows), so that the reads of one row and
// the stores of the other share the whole row time:
//
//   (at the frame's entry)  held = none
//   row r: sum(r) = held == r ? buffer : its own loop; the row's other work;
//          one loop: Y's steps of row r and the sum's steps of row r + 1
//          (row r itself for X's last row), then the remainders of both;
//          buffer = sum(r + 1), held = r + 1
//
// Rows whose predecessor did not run the fused loop (a thread's first row,
// rows after a block of norm-jam-rows' jammed path, the normal-store
// version) find another row held and run their own loop.
// The sum of each row is computed by the same steps in the same order as
// before, so every value is unchanged. Row r + 2 is prefetched, to the outer
// cache levels, in the fused loop (in place of the row-ahead prefetches of
// norm-prefetch-rows, which the fused loop drops).
//
// Matched, in an `scf.for` over rows (step 1) with induction variable r:
// * the sum: the first `scf.for` of the row's body with results whose body
//   reads one rank-2 memref X of 16-bit elements at row r, writes no memory
//   and uses only values computed before it by ops without memory effects
//   (cloned for row r + 1);
// * Y: an `scf.if` of the row's body on a condition computed before the row
//   loop (norm-nontemporal-stores' version of the loops) whose then region
//   runs exactly one loop with non-temporal `vector.store`s per row (directly
//   or in both branches of `scf.if`s, such as norm-version-unit-factors'
//   versions); in the else region (normal stores) the sum keeps its loop;
// * the row's memory writes go to stack or heap buffers or to the buffers
//   stored non-temporally (results allocated by the function: they cannot
//   be X), so reading X earlier sees the same values.
//
// Remarks (category norm-pipeline-rows): PipelinedRows (passed) at the row
// loop; NotPipelined (missed) with the reason, at row loops whose body has
// non-temporal stores.
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_PIPELINEROWSPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-pipeline-rows";

/// Bytes per cache line prefetched (x86-64, AArch64 cores).
static constexpr int64_t kCacheLineBytes = 64;

/// The `memref.prefetch` locality of row r + 2 in the fused loop: the outer
/// cache levels (x86 `prefetcht2`); to L1 (`prefetcht0`) the row ahead
/// was slower (docs/Development.md, "bf16 rows pipelined").
static constexpr unsigned kLocalityOuter = 1;

/// Returns the memref that `value` views (through view-like ops and
/// extract_strided_metadata), up to a block argument or an allocation.
static Value getRootMemRef(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (auto view = dyn_cast<ViewLikeOpInterface>(def))
      value = view.getViewSource();
    else if (auto meta = dyn_cast<memref::ExtractStridedMetadataOp>(def))
      value = meta.getSource();
    else
      break;
  }
  return value;
}

/// Returns the op whose stack frame holds `op`'s allocas for the whole
/// call: the closest function or `omp.parallel` (one frame per thread)
/// around it. Loops and `memref.alloca_scope` are allocation scopes too, but
/// per iteration.
static Operation *getFrameScope(Operation *op) {
  Operation *scope = op->getParentOp();
  while (scope && !isa<FunctionOpInterface, omp::ParallelOp>(scope))
    scope = scope->getParentOp();
  return scope;
}

/// Returns the memref read by `op` (a vector.transfer_read, vector.load or
/// memref.load) and its indices, or a null value.
static std::pair<Value, ValueRange> getRead(Operation *op) {
  if (auto read = dyn_cast<vector::TransferReadOp>(op))
    return {read.getBase(), read.getIndices()};
  if (auto load = dyn_cast<vector::LoadOp>(op))
    return {load.getBase(), load.getIndices()};
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return {load.getMemRef(), load.getIndices()};
  return {Value(), ValueRange()};
}

/// Whether `op` (with its regions) writes, allocates or frees memory, or has
/// effects that are not known. LLVM inline asm without side effects (the
/// optimization barriers of the codegen) and LLVM intrinsic calls of the
/// x86 conversions have none.
static bool hasWriteOrUnknownEffects(Operation *op) {
  WalkResult result = op->walk([](Operation *nested) {
    if (auto asmOp = dyn_cast<LLVM::InlineAsmOp>(nested))
      return asmOp.getHasSideEffects() ? WalkResult::interrupt()
                                       : WalkResult::advance();
    if (auto call = dyn_cast<LLVM::CallIntrinsicOp>(nested))
      return call.getIntrin().starts_with("llvm.x86.")
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    if (isa<memref::PrefetchOp>(nested))
      return WalkResult::advance();
    if (nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!effects)
      return WalkResult::interrupt();
    if (effects.hasEffect<MemoryEffects::Write>() ||
        effects.hasEffect<MemoryEffects::Allocate>() ||
        effects.hasEffect<MemoryEffects::Free>())
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Whether `loop` has a non-temporal `vector.store` in its body.
static bool storesNontemporally(Operation *op) {
  return op
      ->walk([](vector::StoreOp store) {
        return store.getNontemporal() ? WalkResult::interrupt()
                                      : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Collects in `loops` the loops that `region` runs exactly once per
/// execution and that store non-temporally: its block holds one such loop
/// and no other op storing non-temporally, or one `scf.if` whose regions
/// both satisfy this. Returns false where `region` does not have that form.
static bool collectOncePerRowLoops(Region &region,
                                   SmallVectorImpl<scf::ForOp> &loops) {
  if (!region.hasOneBlock())
    return false;
  Operation *only = nullptr;
  for (Operation &op : region.front()) {
    if (!storesNontemporally(&op))
      continue;
    if (only)
      return false;
    only = &op;
  }
  if (!only)
    return false;
  if (auto loop = dyn_cast<scf::ForOp>(only)) {
    // An innermost loop with constant step.
    if (loop.getNumResults() != 0 || !getConstantIntValue(loop.getStep()) ||
        loop.getBody()
            ->walk([](LoopLikeOpInterface) { return WalkResult::interrupt(); })
            .wasInterrupted())
      return false;
    loops.push_back(loop);
    return true;
  }
  auto ifOp = dyn_cast<scf::IfOp>(only);
  return ifOp && ifOp.getNumResults() == 0 && !ifOp.getElseRegion().empty() &&
         collectOncePerRowLoops(ifOp.getThenRegion(), loops) &&
         collectOncePerRowLoops(ifOp.getElseRegion(), loops);
}

namespace {
/// A row loop that this pass transforms.
struct Match {
  scf::ForOp rowLoop;
  scf::ForOp sumLoop;
  /// The memref the sum reads (rank 2, 16-bit elements).
  Value x;
  /// Ops of the row's body before the sum that it uses (in order).
  SmallVector<Operation *> slice;
  /// The version of the Y loops that stores non-temporally.
  scf::IfOp phase;
  SmallVector<scf::ForOp> yLoops;
  /// Elements of X the sum reads per step.
  int64_t sumStepElements = 0;
};
} // namespace

/// Returns the reason `rowLoop` cannot be pipelined, or "" with `match`
/// filled in.
static std::string matchRowLoop(scf::ForOp rowLoop, Match &match) {
  std::optional<int64_t> step = getConstantIntValue(rowLoop.getStep());
  if (!step || *step != 1 || rowLoop.getNumResults() != 0)
    return "the row loop has a step other than 1 or results";
  Value row = rowLoop.getInductionVar();
  Block *body = rowLoop.getBody();
  match.rowLoop = rowLoop;

  // The sum: the first loop with results.
  for (Operation &op : body->without_terminator()) {
    auto loop = dyn_cast<scf::ForOp>(&op);
    if (loop && loop.getNumResults() > 0) {
      match.sumLoop = loop;
      break;
    }
  }
  if (!match.sumLoop)
    return "the row's body has no reduction loop";
  scf::ForOp sum = match.sumLoop;
  if (!getConstantIntValue(sum.getStep()))
    return "the reduction's step is not a constant";
  Value x;
  bool otherReads = false;
  sum.getBody()->walk([&](Operation *op) {
    auto [memref, indices] = getRead(op);
    if (!memref)
      return;
    auto vectorRead = dyn_cast<vector::TransferReadOp>(op);
    if (!indices.empty() && indices.front() == row && (!x || x == memref)) {
      x = memref;
      if (vectorRead)
        match.sumStepElements += vectorRead.getVectorType().getNumElements();
      return;
    }
    otherReads = true;
  });
  if (!x || otherReads)
    return "the reduction reads other memory than one row of X";
  auto xType = dyn_cast<MemRefType>(x.getType());
  if (!xType || xType.getRank() != 2 || xType.getElementTypeBitWidth() != 16)
    return "X is not a rank-2 memref of 16-bit elements";
  if (match.sumStepElements == 0)
    return "the reduction reads no vectors of X";
  if (hasWriteOrUnknownEffects(sum))
    return "the reduction writes memory";
  match.x = x;

  // What the sum uses from the row's body: ops without memory effects.
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> worklist;
  auto visitOperands = [&](Operation *op) {
    if (isa<memref::PrefetchOp>(op))
      return;
    for (Value operand : op->getOperands())
      worklist.push_back(operand);
  };
  sum->walk([&](Operation *op) { visitOperands(op); });
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != body || slice.contains(def))
      continue;
    if (def->getNumRegions() != 0 || !isMemoryEffectFree(def))
      return "the reduction uses a value computed with memory effects in the "
             "row's body";
    slice.insert(def);
    visitOperands(def);
  }
  match.slice.assign(slice.begin(), slice.end());
  llvm::sort(match.slice,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });

  // No later pass over the row depends on the sum other than through the
  // sum's own continuation (a loop taking it as its initial value) or the
  // row's per-row values: two passes, not LayerNormalization's three.
  llvm::DenseSet<Value> dependent(sum.getResults().begin(),
                                  sum.getResults().end());
  Value xRootForPasses = getRootMemRef(x);
  auto readsX = [&](scf::ForOp loop) {
    return loop.getBody()
        ->walk([&](Operation *op) {
          Value memref = getRead(op).first;
          return memref && getRootMemRef(memref) == xRootForPasses
                     ? WalkResult::interrupt()
                     : WalkResult::advance();
        })
        .wasInterrupted();
  };
  for (Operation *op = sum->getNextNode(); op; op = op->getNextNode()) {
    bool uses = false;
    op->walk([&](Operation *nested) {
      if (auto loop = dyn_cast<scf::ForOp>(nested);
          loop && loop.getNumResults() > 0 && readsX(loop)) {
        // Uses in the body (not as the initial values).
        bool inBody = loop.getBody()
                          ->walk([&](Operation *inner) {
                            return llvm::any_of(inner->getOperands(),
                                                [&](Value v) {
                                                  return dependent.contains(v);
                                                })
                                       ? WalkResult::interrupt()
                                       : WalkResult::advance();
                          })
                          .wasInterrupted();
        if (inBody)
          uses = true;
      }
    });
    if (uses)
      return "a later pass over the row depends on the reduction";
    bool usesAny =
        op->walk([&](Operation *nested) {
            return llvm::any_of(nested->getOperands(),
                                [&](Value v) { return dependent.contains(v); })
                       ? WalkResult::interrupt()
                       : WalkResult::advance();
          }).wasInterrupted();
    if (usesAny)
      dependent.insert(op->getResults().begin(), op->getResults().end());
  }

  // Y: a version on a condition computed before the row loop that runs
  // exactly one loop storing non-temporally per row.
  for (Operation &op : body->without_terminator()) {
    auto ifOp = dyn_cast<scf::IfOp>(&op);
    if (!ifOp || !storesNontemporally(ifOp))
      continue;
    if (match.phase)
      return "the row stores non-temporally in more than one place";
    match.phase = ifOp;
  }
  if (!match.phase)
    return "the row's non-temporal stores are not in a version of Y's loops";
  if (match.phase->isBeforeInBlock(sum) ||
      rowLoop->isAncestor(
          match.phase.getCondition().getParentRegion()->getParentOp()))
    return "the version of Y's loops does not follow the reduction on a "
           "condition fixed for all rows";
  if (!collectOncePerRowLoops(match.phase.getThenRegion(), match.yLoops))
    return "the version of Y's loops does not run exactly one loop of "
           "non-temporal stores per row";
  for (scf::ForOp loop : match.yLoops) {
    if (loop.getInductionVar().getType() != sum.getInductionVar().getType())
      return "Y's loop and the reduction count in different types";
    // A reduction of several tiles per step (RMSNormalization's four
    // pieces): fused with a one-tile sum, bf16 LpNormalization's loops
    // (bound by their arithmetic, not by the stores) measured slower.
    if (match.sumStepElements < 2 * *getConstantIntValue(loop.getStep()))
      return "the reduction reads fewer elements per step than two of Y's "
             "steps";
  }

  // The row's writes: to allocations, or to buffers stored non-temporally.
  Value xRoot = getRootMemRef(x);
  if (!isa<BlockArgument>(xRoot) &&
      !isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(
          xRoot.getDefiningOp()))
    return "X is not a function argument or an allocation";
  Operation *scope = getFrameScope(rowLoop);
  if (!scope || scope->getNumRegions() != 1 || scope->getRegion(0).empty())
    return "the row loop is not in an allocation scope with one region";
  llvm::SmallPtrSet<Value, 4> nontemporalRoots;
  scope->walk([&](vector::StoreOp store) {
    if (store.getNontemporal())
      nontemporalRoots.insert(getRootMemRef(store.getBase()));
  });
  // Writes between a row's iteration that stores the sums of the next row
  // and the one that uses them: in the outermost loop around the row loop
  // in the scope.
  Operation *outer = rowLoop;
  for (Operation *parent = rowLoop->getParentOp(); parent != scope;
       parent = parent->getParentOp())
    if (isa<LoopLikeOpInterface>(parent))
      outer = parent;
  std::string whyNot;
  outer->walk([&](Operation *op) {
    if (isa<LLVM::InlineAsmOp, LLVM::CallIntrinsicOp, memref::PrefetchOp>(op) ||
        op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects) {
      whyNot = "the loops over rows have an op with unknown memory effects";
      return WalkResult::interrupt();
    }
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (MemoryEffects::EffectInstance &instance : instances) {
      if (!isa<MemoryEffects::Write>(instance.getEffect()))
        continue;
      Value target = instance.getValue();
      if (!target) {
        whyNot = "the loops over rows write memory they do not name";
        return WalkResult::interrupt();
      }
      Value root = getRootMemRef(target);
      bool allocated = isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(
          root.getDefiningOp());
      if (root == xRoot || (!allocated && !nontemporalRoots.contains(root))) {
        whyNot = "the loops over rows write memory that may be X";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return whyNot;
}

/// Clones `match.sumLoop` at `builder`'s insertion point with `mapping`,
/// without its prefetches, and returns the clone.
static scf::ForOp cloneSum(OpBuilder &builder, Match &match,
                           IRMapping &mapping) {
  auto clone = cast<scf::ForOp>(builder.clone(*match.sumLoop, mapping));
  clone->walk([](memref::PrefetchOp prefetch) { prefetch.erase(); });
  return clone;
}

/// Maps to clones for row `next` the ops of the slice that depend on the
/// row (the others dominate every use in the row's body).
static void cloneRowDependentSlice(OpBuilder &builder, Match &match, Value next,
                                   IRMapping &mapping) {
  Value row = match.rowLoop.getInductionVar();
  mapping.map(row, next);
  llvm::SmallPtrSet<Operation *, 8> dependent;
  for (Operation *op : match.slice) {
    bool depends = llvm::any_of(op->getOperands(), [&](Value operand) {
      return operand == row || (operand.getDefiningOp() &&
                                dependent.contains(operand.getDefiningOp()));
    });
    if (!depends) {
      mapping.map(op->getResults(), op->getResults());
      continue;
    }
    dependent.insert(op);
    builder.clone(*op, mapping);
  }
}

/// Returns `value` times the constant `factor`, plus `offset`.
static Value buildAffine(OpBuilder &builder, Location loc, Value value,
                         int64_t factor, Value offset) {
  Value product =
      factor == 1 ? value
                  : arith::MulIOp::create(
                        builder, loc, value,
                        arith::ConstantIndexOp::create(builder, loc, factor));
  if (!offset || isZeroInteger(offset))
    return product;
  return arith::AddIOp::create(builder, loc, product, offset);
}

/// Fuses the sum's main loop for row `next` into `yLoop` (row r), stores
/// the sums into `buffers` and `next` into `heldRow` after it, and
/// prefetches row `ahead`.
static void fuseIntoY(Match &match, scf::ForOp yLoop, Value next, Value ahead,
                      ArrayRef<Value> buffers, Value heldRow) {
  scf::ForOp sum = match.sumLoop;
  Location loc = yLoop.getLoc();
  OpBuilder builder(yLoop);
  IRMapping mapping;
  cloneRowDependentSlice(builder, match, next, mapping);
  auto lookup = [&](Value value) { return mapping.lookupOrDefault(value); };

  int64_t sumStep = *getConstantIntValue(sum.getStep());
  int64_t yStep = *getConstantIntValue(yLoop.getStep());
  int64_t ySteps = std::max<int64_t>(1, match.sumStepElements / yStep);
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  Value sumLower = lookup(sum.getLowerBound());
  Value yLower = yLoop.getLowerBound();
  // Steps of each loop, rounded down; the fused loop runs min(S, Y / m).
  auto steps = [&](Value lower, Value upper, int64_t step) -> Value {
    Value span =
        isZeroInteger(lower)
            ? upper
            : arith::SubIOp::create(builder, loc, upper, lower).getResult();
    Value positive = arith::MaxSIOp::create(builder, loc, span, zero);
    return arith::DivUIOp::create(
        builder, loc, positive,
        arith::ConstantIndexOp::create(builder, loc, step));
  };
  Value sumSteps = steps(sumLower, lookup(sum.getUpperBound()), sumStep);
  Value ySteps0 = steps(yLower, yLoop.getUpperBound(), yStep);
  Value fusedSteps = arith::MinUIOp::create(
      builder, loc, sumSteps,
      arith::DivUIOp::create(
          builder, loc, ySteps0,
          arith::ConstantIndexOp::create(builder, loc, ySteps)));

  SmallVector<Value> inits = llvm::map_to_vector(sum.getInitArgs(), lookup);
  int64_t elementBytes =
      cast<MemRefType>(match.x.getType()).getElementTypeBitWidth() / 8;
  int64_t lineElements = kCacheLineBytes / elementBytes;
  auto fused = scf::ForOp::create(
      builder, loc, zero, fusedSteps, one, inits,
      [&](OpBuilder &b, Location nloc, Value i, ValueRange accs) {
        // Row `ahead`, the elements of X the sum reads per step.
        Value column = buildAffine(b, nloc, i, match.sumStepElements, Value());
        for (int64_t offset = 0; offset < match.sumStepElements;
             offset += lineElements) {
          Value index =
              offset ? arith::AddIOp::create(
                           b, nloc, column,
                           arith::ConstantIndexOp::create(b, nloc, offset))
                           .getResult()
                     : column;
          memref::PrefetchOp::create(b, nloc, match.x, ValueRange{ahead, index},
                                     /*isWrite=*/false, kLocalityOuter,
                                     /*isDataCache=*/true);
        }
        // One step of the sum of row `next`.
        IRMapping sumMapping = mapping;
        sumMapping.map(sum.getInductionVar(),
                       buildAffine(b, nloc, i, sumStep, sumLower));
        sumMapping.map(sum.getRegionIterArgs(), accs);
        for (Operation &op : sum.getBody()->without_terminator())
          if (!isa<memref::PrefetchOp>(op))
            b.clone(op, sumMapping);
        auto yield = cast<scf::YieldOp>(sum.getBody()->getTerminator());
        SmallVector<Value> nextAccs =
            llvm::map_to_vector(yield.getOperands(), [&](Value v) {
              return sumMapping.lookupOrDefault(v);
            });
        // m steps of Y of this row.
        for (int64_t j = 0; j < ySteps; ++j) {
          IRMapping yMapping;
          Value stepIndex = buildAffine(
              b, nloc, i, ySteps,
              j ? arith::ConstantIndexOp::create(b, nloc, j).getResult()
                : Value());
          yMapping.map(yLoop.getInductionVar(),
                       buildAffine(b, nloc, stepIndex, yStep, yLower));
          for (Operation &op : yLoop.getBody()->without_terminator())
            if (!isa<memref::PrefetchOp>(op))
              b.clone(op, yMapping);
        }
        scf::YieldOp::create(b, nloc, nextAccs);
      });

  // The rest of the sum of row `next`, then the rest of Y's loop.
  Value restLower = buildAffine(builder, loc, fusedSteps, sumStep, sumLower);
  IRMapping restMapping = mapping;
  auto rest = cloneSum(builder, match, restMapping);
  rest.getLowerBoundMutable().assign(restLower);
  rest.getInitArgsMutable().assign(fused.getResults());
  builder.setInsertionPoint(yLoop);
  yLoop.getLowerBoundMutable().assign(
      buildAffine(builder, loc, fusedSteps, ySteps * yStep, yLower));
  builder.setInsertionPointAfter(yLoop);
  for (auto [result, buffer] : llvm::zip(rest.getResults(), buffers))
    memref::StoreOp::create(builder, loc, result, buffer);
  memref::StoreOp::create(builder, loc, next, heldRow);
}

/// Pipelines the rows of `match` (see the file comment).
static void pipelineRows(Match &match) {
  scf::ForOp rowLoop = match.rowLoop;
  scf::ForOp sum = match.sumLoop;
  Location loc = rowLoop.getLoc();
  Value condition = match.phase.getCondition();

  // One buffer per sum and the row whose sums they hold (none: -1), where
  // the function's (or thread's) stack frame is allocated: they carry the
  // sums across the loops around the row loop too (norm-jam-rows' blocks).
  Operation *scope = getFrameScope(rowLoop);
  OpBuilder builder = OpBuilder::atBlockBegin(&scope->getRegion(0).front());
  SmallVector<Value> buffers;
  for (Type type : sum.getResultTypes())
    buffers.push_back(
        memref::AllocaOp::create(builder, loc, MemRefType::get({}, type)));
  Value heldRow = memref::AllocaOp::create(
      builder, loc, MemRefType::get({}, builder.getIndexType()));
  memref::StoreOp::create(
      builder, loc, arith::ConstantIndexOp::create(builder, loc, -1), heldRow);

  // In the row's body: the sums from the buffers where they hold the row's.
  Value row = rowLoop.getInductionVar();
  builder.setInsertionPoint(sum);
  Value held = arith::AndIOp::create(
      builder, loc, condition,
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                            memref::LoadOp::create(builder, loc, heldRow),
                            row));
  auto carried = scf::IfOp::create(builder, loc, sum.getResultTypes(), held,
                                   /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(carried.thenBlock());
    SmallVector<Value> loaded = llvm::map_to_vector(buffers, [&](Value buffer) {
      return memref::LoadOp::create(builder, loc, buffer).getResult();
    });
    scf::YieldOp::create(builder, loc, loaded);
    builder.setInsertionPointToStart(carried.elseBlock());
    auto yield = scf::YieldOp::create(builder, loc, sum.getResults());
    sum->replaceUsesWithIf(carried.getResults(), [&](OpOperand &use) {
      return use.getOwner() != yield;
    });
    sum->moveBefore(yield);
  }

  // The next row (the last row of X itself) and the row after it.
  Block *body = rowLoop.getBody();
  builder.setInsertionPointToStart(body);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  Value two = arith::ConstantIndexOp::create(builder, loc, 2);
  Value lastRow = arith::SubIOp::create(
      builder, loc, memref::DimOp::create(builder, loc, match.x, 0), one);
  Value next = arith::MinSIOp::create(
      builder, loc, arith::AddIOp::create(builder, loc, row, one), lastRow);
  Value ahead = arith::MinSIOp::create(
      builder, loc, arith::AddIOp::create(builder, loc, row, two), lastRow);
  for (scf::ForOp yLoop : match.yLoops)
    fuseIntoY(match, yLoop, next, ahead, buffers, heldRow);
}

namespace {
struct PipelineRowsPass
    : public norm::impl::PipelineRowsPassBase<PipelineRowsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> rowLoops;
    getOperation().walk([&](scf::ForOp loop) {
      if (!loop.getBody()
               ->walk([](vector::StoreOp store) {
                 return store.getNontemporal() ? WalkResult::interrupt()
                                               : WalkResult::advance();
               })
               .wasInterrupted())
        return;
      // Innermost loops over rows: a loop that holds another loop holding
      // non-temporal stores and reductions is a candidate itself.
      rowLoops.push_back(loop);
    });
    for (scf::ForOp loop : rowLoops) {
      // Only loops whose body holds the reduction and Y's versions.
      bool holdsLoops =
          llvm::any_of(loop.getBody()->without_terminator(),
                       [](Operation &op) { return isa<scf::ForOp>(op); });
      if (!holdsLoops)
        continue;
      Match match;
      std::string whyNot = matchRowLoop(loop, match);
      if (!whyNot.empty()) {
        norm::remarkMissed(loop, kPass, "NotPipelined", "{0}", whyNot);
        continue;
      }
      norm::remarkPassed(
          loop, kPass, "PipelinedRows",
          "the reduction of row r + 1 runs in Y's loop of row r ({0} loop{1} "
          "of non-temporal stores), {2} elements of X per step; row r + 2 "
          "prefetched to the outer cache levels",
          match.yLoops.size(), match.yLoops.size() == 1 ? "" : "s",
          match.sumStepElements);
      pipelineRows(match);
    }
  }
};
} // namespace
