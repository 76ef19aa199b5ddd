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
// on scalars first, so that their scf.ifs are jammed too: with the same
// condition for every row, one scf.if over the rows' regions; otherwise one
// scf.if on the conditions or-ed, whose else region (no row's condition
// holds: LayerNorm's exactness checks, which rarely fail) has the rows'
// else regions jammed. So the statistics of the rows of a block are one
// branch-free stretch of code, which the backend does not serialize.
//
// Iterations of an scf.forall are independent (none reads what another
// writes), so any interleaving of their operations gives the same results:
// the jam changes no value.
//
//   scf.forall (%i) in (%n) { body(%i) }
//
// becomes, where the column loops' trip counts are run-time values,
//
//   scf.if (every column loop runs at most max-steps steps) {
//     scf.forall (%b) in (ceildiv(%n, R)) {
//       scf.if (%b * R + R <= %n) { jam(body(%b * R), ..., body(%b * R + R -
//       1)) } else { scf.for %i = %b * R to %n { body(%i) } }
//     }
//   } else {
//     scf.forall (%i) in (%n) { body(%i) }
//   }
//
// (without the outer scf.if where the trip counts are static; nothing where
// they are statically too large). The loop-invariant code of the body is
// hoisted first, so that the column loops' bounds are defined outside the
// loop. The body's buffers (memref.alloc of the per-row scalars) are
// allocated at the start of the new body, R sets (the remainder rows reuse
// the first): inside the scf.if, buffer-loop-hoisting would not move them
// out of the row loop.
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
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

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

/// Clones the ops of `block` (but its terminator) at `b`'s insertion point
/// for every row of `maps` (one mapping per row), jammed: a loop whose
/// bounds are the same for all rows becomes one loop whose body is the rows'
/// bodies jammed in turn, with each row's loop-carried values; an op without
/// regions or side effects whose operands are the same for all rows is
/// cloned once; any other op once per row, the copies consecutive. Ops in
/// `skip` are not cloned (their results are mapped already).
static void jamIf(OpBuilder &b, scf::IfOp ifOp, MutableArrayRef<IRMapping> maps,
                  const llvm::SmallPtrSetImpl<Operation *> &skip);

static void jamBlock(OpBuilder &b, Block &block,
                     MutableArrayRef<IRMapping> maps,
                     const llvm::SmallPtrSetImpl<Operation *> &skip) {
  unsigned numRows = maps.size();
  for (Operation &op : block.without_terminator()) {
    if (skip.contains(&op))
      continue;
    if (auto loop = dyn_cast<scf::ForOp>(op); loop && isJammable(loop, maps)) {
      unsigned numCarried = loop.getNumRegionIterArgs();
      SmallVector<Value> inits;
      for (IRMapping &map : maps)
        for (Value init : loop.getInitArgs())
          inits.push_back(map.lookupOrDefault(init));
      IRMapping &first = maps.front();
      auto jammed = scf::ForOp::create(
          b, loop.getLoc(), first.lookupOrDefault(loop.getLowerBound()),
          first.lookupOrDefault(loop.getUpperBound()),
          first.lookupOrDefault(loop.getStep()), inits,
          [&](OpBuilder &lb, Location loc, Value iv, ValueRange carried) {
            for (auto [row, map] : llvm::enumerate(maps)) {
              map.map(loop.getInductionVar(), iv);
              map.map(loop.getRegionIterArgs(),
                      carried.slice(row * numCarried, numCarried));
            }
            jamBlock(lb, *loop.getBody(), maps, skip);
            SmallVector<Value> yielded;
            Operation *yield = loop.getBody()->getTerminator();
            for (IRMapping &map : maps)
              for (Value value : yield->getOperands())
                yielded.push_back(map.lookupOrDefault(value));
            scf::YieldOp::create(lb, loc, yielded);
          });
      jammed->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
      for (auto [row, map] : llvm::enumerate(maps))
        map.map(loop.getResults(),
                jammed.getResults().slice(row * numCarried, numCarried));
      continue;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      jamIf(b, ifOp, maps, skip);
      continue;
    }
    if (op.getNumRegions() == 0 && isPure(&op) &&
        llvm::all_of(op.getOperands(),
                     [&](Value v) { return isUniform(v, maps); })) {
      Operation *clone = b.clone(op, maps.front());
      for (IRMapping &map : maps.drop_front())
        map.map(op.getResults(), clone->getResults());
      continue;
    }
    for (unsigned row = 0; row < numRows; ++row)
      b.clone(op, maps[row]);
  }
}

/// Returns whether `region` holds a loop (the costly, rare path of a check).
static bool hasLoop(Region &region) {
  return region
      .walk([](LoopLikeOpInterface) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// Clones `ifOp` for every row of `maps`, jammed. With the same condition
/// for all rows: one scf.if whose regions are the rows' regions jammed.
/// Otherwise the common case, where all rows take the same region, is one
/// scf.if over the rows' conditions with that region jammed, and the mixed
/// case runs each row's scf.if in turn:
///   * a then region with loops and an else region without (a check for
///     rare rows, LayerNorm's exact recomputation):
///     scf.if (or of the conditions) { each row's scf.if } else { elses }
///   * the reverse (LpNormalization's f32 sum in range, else recomputed):
///     scf.if (and of the conditions) { thens } else { each row's scf.if }
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
    Value combined;
    for (IRMapping &map : maps) {
      Value condition = map.lookupOrDefault(ifOp.getCondition());
      combined =
          !combined ? condition
          : all
              ? arith::AndIOp::create(cb, loc, combined, condition).getResult()
              : arith::OrIOp::create(cb, loc, combined, condition).getResult();
    }
    return combined;
  };
  auto createIf = [&](OpBuilder &cb, Value condition, bool withElse) {
    return scf::IfOp::create(cb, loc, types, condition, /*addThenBlock=*/true,
                             /*addElseBlock=*/withElse);
  };

  scf::IfOp jammed;
  Region &thenRegion = ifOp.getThenRegion();
  Region &elseRegion = ifOp.getElseRegion();
  if (isUniform(ifOp.getCondition(), maps)) {
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
    if (rows < 2 || maxSteps == 0)
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
    // Loop-invariant code first, so that the column loops' bounds are
    // defined outside the row loop; the per-row scalars as scalars.
    moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
    scalarizeSingleElementOps(*loop.getBody());

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

    // The run-time condition: every column loop runs at most max-steps
    // steps (null: statically true).
    for (scf::ForOp column : columnLoops) {
      std::optional<APInt> tripCount = column.getStaticTripCount();
      if (tripCount && tripCount->ugt(maxSteps)) {
        norm::remarkMissed(loop, kPass, "NotJammed",
                           "a loop over the row runs {0} steps, more than "
                           "max-steps ({1})",
                           tripCount->getZExtValue(),
                           static_cast<unsigned>(maxSteps));
        return;
      }
    }
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    Value condition;
    Value maxStepsValue;
    for (scf::ForOp column : columnLoops) {
      if (column.getStaticTripCount())
        continue;
      if (!maxStepsValue)
        maxStepsValue = arith::ConstantIndexOp::create(b, loc, maxSteps);
      Value fits =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                buildTripCount(b, column), maxStepsValue);
      condition =
          condition ? arith::AndIOp::create(b, loc, condition, fits) : fits;
    }
    norm::remarkPassed(
        loop, kPass, "Jammed",
        "{0} rows per iteration, {1} loops over the row jammed{2}",
        static_cast<unsigned>(rows), columnLoops.size(),
        condition ? ", where each runs at most max-steps steps (else the "
                    "loop as it was)"
                  : "");

    if (condition) {
      auto version =
          scf::IfOp::create(b, loc, condition, /*withElseRegion=*/true);
      b.setInsertionPoint(version.elseBlock()->getTerminator());
      b.clone(*loop);
      b.setInsertionPoint(version.thenBlock()->getTerminator());
    }
    buildJammedLoop(b, loop);
    loop->erase();
  }

  /// Builds at `b` the loop over blocks of `rows` rows that replaces
  /// `loop` (see the file comment).
  void buildJammedLoop(OpBuilder &b, scf::ForallOp loop) {
    Location loc = loop.getLoc();
    unsigned numRows = rows;
    Value numRowsValue = arith::ConstantIndexOp::create(b, loc, numRows);
    Value total =
        getValueOrCreateConstantIndexOp(b, loc, loop.getMixedUpperBound()[0]);
    Value blocks = b.createOrFold<arith::CeilDivUIOp>(loc, total, numRowsValue);
    auto jammed = scf::ForallOp::create(
        b, loc, ArrayRef<OpFoldResult>{getAsOpFoldResult(blocks)}, ValueRange{},
        loop.getMapping() ? std::optional<ArrayAttr>(*loop.getMapping())
                          : std::nullopt);
    jammed->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
    Block *body = loop.getBody();
    Value row = loop.getInductionVar(0);

    OpBuilder jb = OpBuilder::atBlockBegin(jammed.getBody());
    Value base =
        arith::MulIOp::create(jb, loc, jammed.getInductionVar(0), numRowsValue);
    // The buffers of the body: R sets, the first also for the remainder.
    SmallVector<IRMapping> maps(numRows);
    llvm::SmallPtrSet<Operation *, 16> allocs;
    for (Operation &op : body->without_terminator()) {
      if (!isa<memref::AllocOp>(op))
        continue;
      allocs.insert(&op);
      for (IRMapping &map : maps)
        jb.clone(op, map);
    }
    Value end = arith::AddIOp::create(jb, loc, base, numRowsValue);
    Value full =
        arith::CmpIOp::create(jb, loc, arith::CmpIPredicate::ule, end, total);
    auto ifOp = scf::IfOp::create(jb, loc, full, /*withElseRegion=*/true);

    // Full blocks: the rows jammed.
    OpBuilder tb(ifOp.thenBlock()->getTerminator());
    for (auto [r, map] : llvm::enumerate(maps))
      map.map(row, r == 0 ? base
                          : arith::AddIOp::create(
                                tb, loc, base,
                                arith::ConstantIndexOp::create(tb, loc, r))
                                .getResult());
    jamBlock(tb, *body, maps, allocs);

    // The last, partial block: row by row.
    OpBuilder eb(ifOp.elseBlock()->getTerminator());
    IRMapping remainderMap;
    for (Operation *alloc : allocs)
      remainderMap.map(alloc->getResult(0),
                       maps.front().lookup(alloc->getResult(0)));
    scf::ForOp::create(eb, loc, base, total,
                       arith::ConstantIndexOp::create(eb, loc, 1), ValueRange{},
                       [&](OpBuilder &fb, Location floc, Value iv, ValueRange) {
                         remainderMap.map(row, iv);
                         for (Operation &op : body->without_terminator())
                           if (!allocs.contains(&op))
                             fb.clone(op, remainderMap);
                         scf::YieldOp::create(fb, floc);
                       });
  }
};
} // namespace
