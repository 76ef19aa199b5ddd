//===- OpenMPCleanup.cpp - norm-openmp-cleanup ----------------------------===//
//
// convert-scf-to-openmp wraps each parallel loop body in a
// memref.alloca_scope, so the stack temporaries of a row (a few scalars:
// sums, means) are allocated and released per iteration with
// stacksave/stackrestore. LLVM cannot promote such dynamic allocas to
// registers and the per-row overhead dominates short rows. This pass moves
// statically shaped allocas of the scope to the start of the enclosing
// omp.parallel region (one copy per thread, in the outlined function's entry
// block, where SROA promotes them) and inlines scopes left without allocas.
// A freshly allocated buffer has undefined contents, so reusing it across
// iterations of one thread is valid.
//
// It also runs each omp.parallel whose loop is too small for threads on the
// calling thread (an scf.if with a sequential copy of the loop), and
// replaces the static work-sharing loop that ends such a region by the same
// partition computed in the region (Debian's libomp formats a debug string
// in every __kmpc_for_static_init; see replaceWorksharingLoop).
//
// norm-openmp-outline-rows, later in the pipeline (after the non-temporal
// versions), moves the row loop that then exists twice, in the region and
// as the sequential version, into one function that both call, so that LLVM
// compiles the body once.
//
// Remarks (category norm-openmp-cleanup): AllocasHoisted or ScopeKept
// (missed) at each alloca scope in a parallel loop; SequentialVersion or
// NotVersioned (missed) at each omp.parallel; StaticPartition or
// WorksharingLoopKept (missed) at its work-sharing loop. Category
// norm-openmp-outline-rows: RowsOutlined, or RowsKept (missed), at each
// versioned omp.parallel.
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
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

#include <functional>

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_OPENMPCLEANUPPASS
#define GEN_PASS_DEF_OPENMPOUTLINEROWSPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-openmp-cleanup";
static constexpr StringLiteral kOutlinePass = "norm-openmp-outline-rows";

/// Marks the two row loops of a versioned omp.parallel: the one in the
/// region (over the thread's part of the iterations) and the sequential one
/// in the else branch. norm-openmp-outline-rows looks for it.
static constexpr StringLiteral kRowsAttr = "norm.openmp_rows";

namespace {
struct OpenMPCleanupPass
    : public norm::impl::OpenMPCleanupPassBase<OpenMPCleanupPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<memref::AllocaScopeOp> scopes;
    getOperation().walk([&](memref::AllocaScopeOp scope) {
      if (scope->getParentOfType<omp::LoopNestOp>() &&
          scope.getNumResults() == 0)
        scopes.push_back(scope);
    });
    for (memref::AllocaScopeOp scope : scopes) {
      auto parallel = scope->getParentOfType<omp::ParallelOp>();
      if (!parallel) {
        norm::remarkMissed(scope, kPass, "ScopeKept",
                           "not in an omp.parallel region");
        continue;
      }
      Block &entry = parallel.getRegion().front();
      bool allHoisted = true;
      unsigned hoisted = 0;
      scope.walk([&](memref::AllocaOp alloca) {
        if (!alloca.getType().hasStaticShape() ||
            !alloca.getOperands().empty() ||
            alloca->getParentOfType<memref::AllocaScopeOp>() != scope) {
          allHoisted = false;
          return;
        }
        rewriter.moveOpBefore(alloca, &entry, entry.begin());
        ++hoisted;
      });
      bool inlined = allHoisted && scope.getBodyRegion().hasOneBlock();
      if (inlined)
        norm::remarkPassed(
            scope, kPass, "AllocasHoisted",
            "{0} static alloca{1} hoisted to the start of the omp.parallel "
            "region (one copy per thread), the scope inlined",
            hoisted, hoisted == 1 ? "" : "s");
      else
        norm::remarkMissed(
            scope, kPass, "ScopeKept",
            "{0} static alloca{1} hoisted; the scope stays: {2}", hoisted,
            hoisted == 1 ? "" : "s",
            allHoisted ? "its body has several blocks"
                       : "it holds a dynamically shaped alloca, or one in a "
                         "nested scope");
      if (inlined) {
        Block &body = scope.getBodyRegion().front();
        Operation *terminator = body.getTerminator();
        rewriter.eraseOp(terminator);
        rewriter.inlineBlockBefore(&body, scope);
        rewriter.eraseOp(scope);
      }
    }

    // Small loops run sequentially, without the runtime.
    SmallVector<omp::ParallelOp> parallels;
    getOperation().walk([&](omp::ParallelOp op) { parallels.push_back(op); });
    for (omp::ParallelOp parallel : parallels)
      if (failed(addSequentialVersion(rewriter, parallel)))
        return signalPassFailure();
  }

  /// Rewrites `omp.parallel { allocas; omp.wsloop { omp.loop_nest } }` with
  /// a single 1-d loop into
  ///   scf.if (several iterations, enough work, more than one thread) {
  ///     omp.parallel ...
  ///   } else { allocas; scf.for ... }
  /// Forking a thread team costs microseconds (more when the other cores
  /// are busy), which small loops do not repay. "Enough work" is
  /// iterations * elements of the largest loop-invariant-sized subview in
  /// the body (a slice of X) >= kMinParallelElements. Other shapes of
  /// omp.parallel are left as they are.
  LogicalResult addSequentialVersion(IRRewriter &rewriter,
                                     omp::ParallelOp parallel) {
    auto notVersioned = [&](StringRef reason) {
      norm::remarkMissed(parallel, kPass, "NotVersioned",
                         "{0}: no sequential version", reason);
      return success();
    };
    if (parallel.getIfExpr())
      return notVersioned("it already has an if clause");
    if (parallel.getRegion().getBlocks().size() != 1)
      return notVersioned("its region has several blocks");
    Block &entry = parallel.getRegion().front();
    omp::WsloopOp wsloop;
    for (Operation &op : entry) {
      if (isa<memref::AllocaOp, omp::TerminatorOp>(op))
        continue;
      if (auto ws = dyn_cast<omp::WsloopOp>(op); ws && !wsloop) {
        wsloop = ws;
        continue;
      }
      return notVersioned("its region holds other ops than allocas and one "
                          "omp.wsloop");
    }
    if (!wsloop)
      return notVersioned("its region holds no omp.wsloop");
    // The work-sharing loop is the region's last work: its implicit barrier
    // only precedes the one that joins the team (nowait saves one barrier
    // per call, which shows on small, cache-resident calls). Where
    // replaceWorksharingLoop applies below, the loop is replaced by one
    // without a barrier anyway.
    wsloop.setNowait(true);
    auto loop = dyn_cast<omp::LoopNestOp>(wsloop.getWrappedLoop());
    if (!loop || loop.getLoopLowerBounds().size() != 1 ||
        !loop.getRegion().hasOneBlock())
      return notVersioned("its loop is not a 1-d omp.loop_nest with one "
                          "block");
    Value lb = loop.getLoopLowerBounds()[0];
    Value ub = loop.getLoopUpperBounds()[0];
    Value step = loop.getLoopSteps()[0];
    Region *outer = parallel->getParentRegion();
    auto definedOutside = [&](Value v) {
      return v.getParentRegion()->isAncestor(outer);
    };
    if (!definedOutside(lb) || !definedOutside(ub) || !definedOutside(step))
      return notVersioned("its loop bounds are defined in the region");

    if (!parallel->getParentOfType<FunctionOpInterface>())
      return notVersioned("it is not in a function");

    // Elements per iteration: the largest subview with loop-invariant sizes.
    Location loc = parallel.getLoc();
    rewriter.setInsertionPoint(parallel);
    Value perIteration;
    std::optional<int64_t> staticPer = 1;
    int64_t bestStatic = -1;
    loop.walk([&](memref::SubViewOp subview) {
      SmallVector<OpFoldResult> sizes = subview.getMixedSizes();
      if (!llvm::all_of(sizes, [&](OpFoldResult size) {
            auto value = dyn_cast<Value>(size);
            return !value || definedOutside(value);
          }))
        return;
      int64_t staticPart = 1;
      for (OpFoldResult size : sizes)
        if (auto attr = dyn_cast<Attribute>(size))
          staticPart *= cast<IntegerAttr>(attr).getInt();
      // Prefer more dynamic sizes, then larger static ones.
      int64_t score =
          staticPart +
          (int64_t(1) << 40) * llvm::count_if(sizes, [](OpFoldResult s) {
            return isa<Value>(s);
          });
      if (score <= bestStatic)
        return;
      bestStatic = score;
      staticPer = staticPart;
      if (llvm::any_of(sizes, [](OpFoldResult s) { return isa<Value>(s); }))
        staticPer = std::nullopt;
      Value product = arith::ConstantIndexOp::create(rewriter, loc, 1);
      for (OpFoldResult size : sizes) {
        Value v = isa<Value>(size)
                      ? cast<Value>(size)
                      : arith::ConstantIndexOp::create(
                            rewriter, loc,
                            cast<IntegerAttr>(cast<Attribute>(size)).getInt())
                            .getResult();
        product = arith::MulIOp::create(rewriter, loc, product, v);
      }
      perIteration = product;
    });
    if (!perIteration)
      perIteration = arith::ConstantIndexOp::create(rewriter, loc, 1);

    // Statically too small (e.g. a 5x7 tensor): only the sequential loop.
    std::optional<int64_t> staticLb = getConstantIntValue(lb);
    std::optional<int64_t> staticUb = getConstantIntValue(ub);
    std::optional<int64_t> staticStep = getConstantIntValue(step);
    bool neverParallel = false;
    if (staticLb && staticUb && staticStep && *staticStep > 0) {
      int64_t iters = (*staticUb - *staticLb) / *staticStep;
      neverParallel = iters <= 1 ||
                      (staticPer && iters * *staticPer < kMinParallelElements);
    }

    // iterations = (ub - lb) / step (steps are 1 here, but stay general).
    Value span = arith::SubIOp::create(rewriter, loc, ub, lb);
    Value iterations = arith::DivUIOp::create(rewriter, loc, span, step);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value several = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::sgt, iterations, one);
    Value work = arith::MulIOp::create(rewriter, loc, iterations, perIteration);
    Value minWork =
        arith::ConstantIndexOp::create(rewriter, loc, kMinParallelElements);
    Value enough = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::sge, work, minWork);
    Value manyThreads =
        arith::ConstantIntOp::create(rewriter, loc, rewriter.getI1Type(), 0);
    if (!neverParallel) {
      Value threads =
          func::CallOp::create(rewriter, loc, getMaxThreadsFunc(rewriter),
                               ValueRange{})
              .getResult(0);
      manyThreads = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::sgt, threads,
          arith::ConstantIntOp::create(rewriter, loc, rewriter.getI32Type(),
                                       1));
    }
    Value cond = arith::AndIOp::create(rewriter, loc, several, enough);
    cond = arith::AndIOp::create(rewriter, loc, cond, manyThreads);
    if (neverParallel)
      cond =
          arith::ConstantIntOp::create(rewriter, loc, rewriter.getI1Type(), 0);
    if (neverParallel)
      norm::remarkPassed(
          parallel, kPass, "SequentialVersion",
          "statically too small for threads (at most one iteration, or fewer "
          "than {0} elements in all): runs on the calling thread",
          kMinParallelElements);
    else
      norm::remarkPassed(
          parallel, kPass, "SequentialVersion",
          "runs on the calling thread unless it has several iterations, {0} "
          "elements or more in all, and more than one thread",
          kMinParallelElements);

    auto ifOp = scf::IfOp::create(rewriter, loc, cond, /*withElse=*/true);
    rewriter.moveOpBefore(parallel, ifOp.thenBlock()->getTerminator());

    // The sequential copy: the allocas at the start of the function (static
    // allocas, which LLVM promotes to registers), the loop body in an
    // scf.for.
    IRMapping mapping;
    auto func = parallel->getParentOfType<FunctionOpInterface>();
    if (!func)
      return success();
    rewriter.setInsertionPointToStart(&func.getFunctionBody().front());
    for (Operation &op : entry)
      if (isa<memref::AllocaOp>(op))
        rewriter.clone(op, mapping);
    rewriter.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    auto forOp = scf::ForOp::create(rewriter, loc, lb, ub, step);
    forOp->setAttr(kRowsAttr, rewriter.getUnitAttr());
    Block &body = loop.getRegion().front();
    mapping.map(body.getArgument(0), forOp.getInductionVar());
    rewriter.setInsertionPoint(forOp.getBody()->getTerminator());
    for (Operation &op : body.without_terminator())
      rewriter.clone(op, mapping);
    if (!isa<omp::YieldOp>(body.getTerminator()) ||
        body.getTerminator()->getNumOperands() != 0) {
      parallel->emitError("norm-openmp-cleanup: unexpected loop terminator");
      return failure();
    }
    replaceWorksharingLoop(rewriter, wsloop, loop);
    return success();
  }

  /// Replaces the static work-sharing loop `wsloop` (the last work of its
  /// omp.parallel region, so without its barrier) by the same partition of
  /// the iterations computed in the region: of N iterations over T threads,
  /// thread t runs N / T + (t < N % T) consecutive ones starting at
  /// t * (N / T) + min(t, N % T), what schedule(static) assigns. Debian's
  /// libomp (llvm-19, libomp5) is built with KMP_DEBUG: each
  /// __kmpc_for_static_init formats a trace string (malloc, vsnprintf,
  /// free) even with tracing off, on every thread of every call.
  void replaceWorksharingLoop(IRRewriter &rewriter, omp::WsloopOp wsloop,
                              omp::LoopNestOp loop) {
    if (loop.getLoopInclusive() || wsloop.getScheduleChunk() ||
        wsloop.getOrdered() || !wsloop.getReductionVars().empty() ||
        !wsloop.getLinearVars().empty() || !wsloop.getPrivateVars().empty()) {
      norm::remarkMissed(wsloop, kPass, "WorksharingLoopKept",
                         "an inclusive bound, a chunk size, or an ordered, "
                         "reduction, linear or private clause");
      return;
    }
    if (std::optional<omp::ClauseScheduleKind> kind = wsloop.getScheduleKind();
        kind && *kind != omp::ClauseScheduleKind::Static) {
      norm::remarkMissed(wsloop, kPass, "WorksharingLoopKept",
                         "a schedule other than static");
      return;
    }
    norm::remarkPassed(
        wsloop, kPass, "StaticPartition",
        "the static partition of the iterations computed in the region "
        "(no __kmpc_for_static_init)");
    Location loc = wsloop.getLoc();
    rewriter.setInsertionPoint(wsloop);
    Type index = rewriter.getIndexType();
    auto call = [&](StringRef name) -> Value {
      Value result =
          func::CallOp::create(rewriter, loc, getI32Func(rewriter, name),
                               ValueRange{})
              .getResult(0);
      return arith::IndexCastOp::create(rewriter, loc, index, result);
    };
    Value thread = call("omp_get_thread_num");
    Value threads = call("omp_get_num_threads");
    Value lb = loop.getLoopLowerBounds()[0];
    Value ub = loop.getLoopUpperBounds()[0];
    Value step = loop.getLoopSteps()[0];
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    // N = ceil((ub - lb) / step), 0 when ub <= lb.
    Value span = arith::MaxSIOp::create(
        rewriter, loc, arith::SubIOp::create(rewriter, loc, ub, lb), zero);
    Value count = arith::CeilDivUIOp::create(rewriter, loc, span, step);
    Value quotient = arith::DivUIOp::create(rewriter, loc, count, threads);
    Value remainder = arith::RemUIOp::create(rewriter, loc, count, threads);
    Value begin = arith::AddIOp::create(
        rewriter, loc, arith::MulIOp::create(rewriter, loc, thread, quotient),
        arith::MinUIOp::create(rewriter, loc, thread, remainder));
    Value extra = arith::SelectOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, thread,
                              remainder),
        one, zero);
    Value end = arith::AddIOp::create(
        rewriter, loc, begin,
        arith::AddIOp::create(rewriter, loc, quotient, extra));
    auto forOp = scf::ForOp::create(rewriter, loc, begin, end, one);
    forOp->setAttr(kRowsAttr, rewriter.getUnitAttr());
    rewriter.setInsertionPoint(forOp.getBody()->getTerminator());
    IRMapping mapping;
    Block &body = loop.getRegion().front();
    mapping.map(body.getArgument(0),
                arith::AddIOp::create(
                    rewriter, loc, lb,
                    arith::MulIOp::create(rewriter, loc,
                                          forOp.getInductionVar(), step)));
    for (Operation &op : body.without_terminator())
      rewriter.clone(op, mapping);
    rewriter.eraseOp(wsloop);
  }

  /// `func.func private @omp_get_max_threads() -> i32`, declared once.
  func::FuncOp getMaxThreadsFunc(IRRewriter &rewriter) {
    return getI32Func(rewriter, "omp_get_max_threads");
  }

  /// `func.func private @<name>() -> i32` (an OpenMP runtime query),
  /// declared once.
  func::FuncOp getI32Func(IRRewriter &rewriter, StringRef name) {
    ModuleOp module = getOperation();
    if (auto func = module.lookupSymbol<func::FuncOp>(name))
      return func;
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    auto func = func::FuncOp::create(
        rewriter, module.getLoc(), name,
        rewriter.getFunctionType({}, {rewriter.getI32Type()}));
    func.setPrivate();
    return func;
  }

  /// Elements (iterations * elements per iteration) below which a loop runs
  /// on the calling thread: 32Ki f32 are 128 KiB, a few microseconds of work,
  /// about what forking and joining a team of idle threads costs.
  static constexpr int64_t kMinParallelElements = 32 * 1024;
};
} // namespace

namespace {
/// Moves the row loop that norm-openmp-cleanup put both in an omp.parallel
/// region and, as its sequential version, in the else branch of the scf.if
/// around it, into one private function called from both places (see
/// Passes.td).
struct OpenMPOutlineRowsPass
    : public norm::impl::OpenMPOutlineRowsPassBase<OpenMPOutlineRowsPass> {
  void runOnOperation() override {
    SmallVector<scf::IfOp> candidates;
    getOperation().walk([&](scf::IfOp ifOp) {
      if (ifOp.getNumResults() == 0 && ifOp.elseBlock() &&
          ifOp->getParentOfType<func::FuncOp>())
        candidates.push_back(ifOp);
    });
    for (scf::IfOp ifOp : candidates)
      outline(ifOp);
  }

  /// The last function outlined from each function.
  llvm::DenseMap<Operation *, Operation *> lastOutlined;

  /// The only op of `block` besides its terminator, if it is an `OpTy`.
  template <typename OpTy>
  static OpTy onlyOp(Block *block) {
    if (!block || block->getOperations().size() != 2)
      return nullptr;
    return dyn_cast<OpTy>(block->front());
  }

  /// Whether `loop` is a row loop of norm-openmp-cleanup without results.
  static bool isRowsLoop(scf::ForOp loop) {
    return loop && loop->hasAttr(kRowsAttr) && loop.getNumResults() == 0;
  }

  /// Whether the buffer `value` (or a view of it) is only read, written,
  /// queried or freed (by one memref.dealloc, returned in `dealloc`): it
  /// does not leave the iteration.
  static bool staysInIteration(Value value, memref::DeallocOp &dealloc) {
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (auto free = dyn_cast<memref::DeallocOp>(user)) {
        if (dealloc)
          return false;
        dealloc = free;
        continue;
      }
      if (isa<ViewLikeOpInterface>(user) && user->getNumResults() == 1 &&
          use.getOperandNumber() == 0) {
        memref::DeallocOp none;
        if (!staysInIteration(user->getResult(0), none) || none)
          return false;
        continue;
      }
      if (auto store = dyn_cast<memref::StoreOp>(user)) {
        if (store.getValueToStore() == value)
          return false;
        continue;
      }
      if (isa<memref::LoadOp, memref::CopyOp, memref::DimOp, memref::PrefetchOp,
              memref::ExtractStridedMetadataOp, vector::LoadOp, vector::StoreOp,
              vector::MaskedLoadOp, vector::MaskedStoreOp,
              vector::TransferReadOp, vector::TransferWriteOp>(user))
        continue;
      return false;
    }
    return true;
  }

  /// The heap buffers of `loop`'s body that can be allocated once per call
  /// of the loop instead of once per iteration, with their deallocations:
  /// allocated in the body's block with sizes from outside the loop, freed
  /// there by one memref.dealloc, not leaving the iteration otherwise. A
  /// freshly allocated buffer has undefined contents, so reusing one across
  /// iterations is valid.
  static SmallVector<std::pair<memref::AllocOp, memref::DeallocOp>>
  getPerIterationBuffers(scf::ForOp loop) {
    SmallVector<std::pair<memref::AllocOp, memref::DeallocOp>> buffers;
    for (auto alloc : loop.getBody()->getOps<memref::AllocOp>()) {
      if (!llvm::all_of(alloc->getOperands(), [&](Value size) {
            return loop.isDefinedOutsideOfLoop(size);
          }))
        continue;
      memref::DeallocOp dealloc;
      if (!staysInIteration(alloc.getResult(), dealloc) || !dealloc ||
          dealloc->getBlock() != loop.getBody())
        continue;
      buffers.push_back({alloc, dealloc});
    }
    return buffers;
  }

  /// Moves `buffers`' allocations before `loop` and their deallocations
  /// after it.
  static void hoistBuffers(
      scf::ForOp loop,
      ArrayRef<std::pair<memref::AllocOp, memref::DeallocOp>> buffers) {
    Operation *after = loop;
    for (auto [alloc, dealloc] : buffers) {
      alloc->moveBefore(loop);
      dealloc->moveAfter(after);
      after = dealloc;
    }
  }

  void outline(scf::IfOp ifOp) {
    auto parallel = onlyOp<omp::ParallelOp>(ifOp.thenBlock());
    auto sequential = onlyOp<scf::ForOp>(ifOp.elseBlock());
    if (!parallel || !isRowsLoop(sequential) ||
        !parallel.getRegion().hasOneBlock())
      return;
    scf::ForOp loop;
    for (auto forOp : parallel.getRegion().front().getOps<scf::ForOp>()) {
      if (!isRowsLoop(forOp))
        continue;
      if (loop)
        return;
      loop = forOp;
    }
    if (!loop)
      return;
    auto missed = [&](StringRef reason) {
      norm::remarkMissed(ifOp, kOutlinePass, "RowsKept",
                         "the parallel and the sequential row loop stay two "
                         "copies: {0}",
                         reason);
    };
    // norm-compile checks the heap allocations of a function and of its
    // omp.parallel regions for failure, not those of a function they call:
    // the buffers of an iteration are allocated by the caller, once per
    // thread (and once for the sequential call), and passed as arguments;
    // the body must allocate nothing else.
    auto buffers = getPerIterationBuffers(loop);
    auto seqBuffers = getPerIterationBuffers(sequential);
    if (buffers.size() != seqBuffers.size() ||
        llvm::any_of(llvm::zip(buffers, seqBuffers), [](auto pair) {
          return std::get<0>(pair).first.getType() !=
                 std::get<1>(pair).first.getType();
        }))
      return missed("its sequential version allocates other buffers");
    llvm::SmallPtrSet<Operation *, 8> perIteration;
    for (auto [alloc, dealloc] : buffers)
      perIteration.insert(alloc);
    if (loop->walk([&](Operation *op) {
              return isa<memref::AllocOp, memref::ReallocOp>(op) &&
                             !perIteration.contains(op)
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
            .wasInterrupted())
      return missed("its body allocates on the heap (other than buffers "
                    "freed in the same iteration)");
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (!step || *step != 1)
      return missed("the parallel loop's step is not 1");
    hoistBuffers(loop, buffers);
    hoistBuffers(sequential, seqBuffers);
    // The parallel loop's buffers, and the sequential loop's in their place.
    IRMapping seqBufferOf;
    for (auto [buffer, seqBuffer] : llvm::zip(buffers, seqBuffers))
      seqBufferOf.map(buffer.first.getResult(), seqBuffer.first.getResult());

    // func.func private @<function>_rows(%begin, %end, arguments...).
    auto func = ifOp->getParentOfType<func::FuncOp>();
    Location loc = loop.getLoc();
    IRRewriter rewriter(&getContext());
    Type index = rewriter.getIndexType();
    OpBuilder detached(&getContext());
    auto rows =
        func::FuncOp::create(detached, loc, (func.getName() + "_rows").str(),
                             rewriter.getFunctionType({index, index}, {}));
    Block *entry = rows.addEntryBlock();
    rewriter.setInsertionPointToStart(entry);

    // What the loop uses from above: constants and the region's allocas are
    // recreated in the function, and so are the memory-effect-free ops
    // (views, sizes, index arithmetic) computed before the scf.if, from
    // their own operands: the function then sees the relations that the
    // calling function knows (a row stride that is the row length, a view
    // of X), which it would not as separate arguments. The leaves, defined
    // outside the scf.if, are its arguments.
    Region &parallelRegion = parallel.getRegion();
    IRMapping mapping;
    SmallVector<Operation *> recreated;
    SmallVector<Value> arguments;
    SmallVector<Value> seqArguments;
    std::function<Value(Value)> materialize = [&](Value value) -> Value {
      if (Value mapped = mapping.lookupOrNull(value))
        return mapped;
      if (Value seqBuffer = seqBufferOf.lookupOrNull(value)) {
        Value argument = entry->addArgument(value.getType(), value.getLoc());
        arguments.push_back(value);
        seqArguments.push_back(seqBuffer);
        mapping.map(value, argument);
        return argument;
      }
      Operation *def = value.getDefiningOp();
      if (def && def->getNumOperands() == 0 && def->getNumRegions() == 0 &&
          (def->hasTrait<OpTrait::ConstantLike>() ||
           (isa<memref::AllocaOp>(def) &&
            def->getParentRegion() == &parallelRegion))) {
        recreated.push_back(def);
        rewriter.clone(*def, mapping);
        return mapping.lookup(value);
      }
      if (!value.getParentRegion()->isProperAncestor(&ifOp.getThenRegion()))
        return nullptr;
      if (def && def->getNumRegions() == 0 && isMemoryEffectFree(def) &&
          !isa<memref::AllocaOp, memref::AllocOp>(def)) {
        for (Value operand : def->getOperands())
          if (!materialize(operand))
            return nullptr;
        rewriter.clone(*def, mapping);
        return mapping.lookup(value);
      }
      Value argument = entry->addArgument(value.getType(), value.getLoc());
      arguments.push_back(value);
      seqArguments.push_back(value);
      mapping.map(value, argument);
      return argument;
    };
    llvm::SetVector<Value> used;
    getUsedValuesDefinedAbove(loop.getRegion(), loop.getRegion(), used);
    used.insert(loop.getStep());
    for (Value value : used) {
      if (!materialize(value)) {
        rows->destroy();
        return missed("its body uses a value computed in the omp.parallel "
                      "region");
      }
    }
    rows.setFunctionType(
        rewriter.getFunctionType(entry->getArgumentTypes(), {}));
    rows.setPrivate();
    // One copy of the rows in the object: LLVM would otherwise be free to
    // inline it at both calls (llvm.func's passthrough attribute, which
    // convert-func-to-llvm keeps).
    rows->setAttr("passthrough",
                  rewriter.getArrayAttr({rewriter.getStringAttr("noinline")}));
    // Internal linkage (a private func.func is an external LLVM symbol):
    // not exported from norm-compile's objects, and open to LLVM's
    // interprocedural constant propagation.
    rows->setAttr("llvm.linkage", LLVM::LinkageAttr::get(
                                      &getContext(), LLVM::Linkage::Internal));
    auto copy = cast<scf::ForOp>(rewriter.clone(*loop, mapping));
    copy.getLowerBoundMutable().assign(entry->getArgument(0));
    copy.getUpperBoundMutable().assign(entry->getArgument(1));
    copy->removeAttr(kRowsAttr);
    func::ReturnOp::create(rewriter, loc);
    // After the function and the ones outlined from it before.
    SymbolTable symbols(func->getParentOp());
    Operation *&previous = lastOutlined[func];
    symbols.insert(rows,
                   std::next(Block::iterator(previous ? previous : func)));
    previous = rows;

    // The thread's part of the rows: a call.
    SmallVector<Value> operands = {loop.getLowerBound(), loop.getUpperBound()};
    operands.append(arguments);
    rewriter.setInsertionPoint(loop);
    func::CallOp::create(rewriter, loc, rows, operands);
    rewriter.eraseOp(loop);

    // All of the rows on the calling thread: the same call over
    // ceil((ub - lb) / step) iterations.
    rewriter.setInsertionPoint(sequential);
    Location seqLoc = sequential.getLoc();
    Value zero = arith::ConstantIndexOp::create(rewriter, seqLoc, 0);
    Value span = arith::MaxSIOp::create(
        rewriter, seqLoc,
        arith::SubIOp::create(rewriter, seqLoc, sequential.getUpperBound(),
                              sequential.getLowerBound()),
        zero);
    Value count = arith::CeilDivUIOp::create(rewriter, seqLoc, span,
                                             sequential.getStep());
    SmallVector<Value> seqOperands = {zero, count};
    seqOperands.append(seqArguments);
    func::CallOp::create(rewriter, seqLoc, rows, seqOperands);
    llvm::SetVector<Value> seqUsed;
    getUsedValuesDefinedAbove(sequential.getRegion(), sequential.getRegion(),
                              seqUsed);
    rewriter.eraseOp(sequential);

    // Allocas left without uses: the region's, and the sequential
    // version's at the start of the function.
    for (Operation *def : recreated)
      if (isa<memref::AllocaOp>(def) && def->use_empty())
        rewriter.eraseOp(def);
    for (Value value : seqUsed)
      if (auto alloca = value.getDefiningOp<memref::AllocaOp>();
          alloca && alloca->use_empty())
        rewriter.eraseOp(alloca);
    norm::remarkPassed(ifOp, kOutlinePass, "RowsOutlined",
                       "the parallel and the sequential row loop are one "
                       "function, @{0}, called from both",
                       rows.getName());
  }
};
} // namespace
