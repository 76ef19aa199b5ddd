//===- CWrapper.cpp - C-callable wrappers of the lowered functions --------===//
//
// For each exported function, an LLVM-dialect function with the C interface
// of docs/AOT.md:
//
//   i32 @symbol(ptr arg0, ptr arg0_shape, ..., ptr result0, ...)
//
// It reads the argument sizes, rejects those whose tensors could not be
// addressed (their bytes overflow int64_t), calls the check function (shape
// rules, see KernelInterface.cpp) and returns 1 without touching the
// results where either fails, and 0 where every result is empty (nothing to
// write). Otherwise it builds a row-major memref descriptor per argument
// (allocated = aligned = the caller's pointer, offset 0), calls the compiled
// function and returns 0.
//
// A result whose buffer the compiled function allocates itself (a `malloc`
// stored in the returned descriptor) is written directly into the caller's
// buffer: the function gets a pointer argument for it, which replaces the
// allocation. Any other result (an argument or constant returned as is, a
// buffer chosen at run time) is copied into the caller's buffer, and freed
// unless it is not the compiled code's own allocation (an argument, a
// constant global, a caller's buffer, or a buffer already freed for an
// earlier result).
//
// The other heap allocations of the compiled function are checked: after a
// `malloc` that returns null for a non-zero size, the function frees what
// it certainly still holds and returns early, storing 1 to an i32 status
// the wrapper passes (a stack slot of the call); the wrapper then returns 2
// without copying any result. In an OpenMP parallel region that a thread
// may leave alone, the thread frees what its iteration holds, stores the
// status and leaves; the function checks the status after the region.
//
//===----------------------------------------------------------------------===//

#include "KernelInterface.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::compile;
using llvm::createStringError;

/// The allocated pointer MLIR's memref lowering gives memref.get_global.
static constexpr int64_t kGlobalAllocatedPointer = 0xdeadbeef;

/// Returns the `free` declaration of `module`, adding it if needed.
static LLVM::LLVMFuncOp getOrInsertFree(ModuleOp module, OpBuilder &builder) {
  if (auto free = module.lookupSymbol<LLVM::LLVMFuncOp>("free"))
    return free;
  MLIRContext *context = module.getContext();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(
      builder, module.getLoc(), "free",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                  {LLVM::LLVMPointerType::get(context)}));
}

/// Returns the value inserted at `position` into the struct `value` by a
/// chain of llvm.insertvalue ops, or null.
static Value findInserted(Value value, ArrayRef<int64_t> position) {
  while (auto insert = value.getDefiningOp<LLVM::InsertValueOp>()) {
    if (insert.getPosition() == position)
      return insert.getValue();
    value = insert.getContainer();
  }
  return {};
}

/// Returns whether control can flow from `block` back to it.
static bool isOnCycle(Block *block) {
  SmallVector<Block *> worklist(block->getSuccessors());
  llvm::SmallPtrSet<Block *, 16> seen;
  while (!worklist.empty()) {
    Block *next = worklist.pop_back_val();
    if (next == block)
      return true;
    if (seen.insert(next).second)
      llvm::append_range(worklist, next->getSuccessors());
  }
  return false;
}

/// Where result `index` of the `numResults` results of `impl` is a buffer
/// `impl` allocates with `malloc` and does not free, appends a pointer
/// argument to `impl` and makes it the result's buffer (its allocated and
/// aligned pointer) instead of the allocation. Returns whether it did.
static bool redirectResult(LLVM::LLVMFuncOp impl, unsigned index,
                           unsigned numResults) {
  SmallVector<LLVM::ReturnOp> returns;
  impl.walk([&](LLVM::ReturnOp ret) { returns.push_back(ret); });
  if (returns.size() != 1 || returns.front().getNumOperands() != 1)
    return false;
  Value descriptor = returns.front().getOperand(0);
  if (numResults > 1)
    descriptor = findInserted(descriptor, {static_cast<int64_t>(index)});
  if (!descriptor)
    return false;
  Value allocated = findInserted(descriptor, {0});
  Value aligned = findInserted(descriptor, {1});
  if (!allocated || !aligned)
    return false;
  auto malloc = allocated.getDefiningOp<LLVM::CallOp>();
  // Allocated once per call: in a block of the function's body that is on
  // no cycle of its control flow (not in a loop).
  if (!malloc || malloc.getCallee() != StringRef("malloc") ||
      malloc->getParentRegion() != &impl.getBody() ||
      isOnCycle(malloc->getBlock()))
    return false;
  for (Operation *user : allocated.getUsers())
    if (auto call = dyn_cast<LLVM::CallOp>(user);
        call && call.getCallee() == StringRef("free"))
      return false;

  Block &entry = impl.getBody().front();
  BlockArgument destination = entry.addArgument(
      LLVM::LLVMPointerType::get(impl.getContext()), impl.getLoc());
  LLVM::LLVMFunctionType type = impl.getFunctionType();
  SmallVector<Type> params(type.getParams());
  params.push_back(destination.getType());
  impl.setFunctionType(
      LLVM::LLVMFunctionType::get(type.getReturnType(), params));
  if (ArrayAttr argAttrs = impl.getArgAttrsAttr()) {
    SmallVector<Attribute> attrs(argAttrs.getValue());
    attrs.push_back(DictionaryAttr::get(impl.getContext()));
    impl.setArgAttrsAttr(ArrayAttr::get(impl.getContext(), attrs));
  }
  aligned.replaceAllUsesWith(destination);
  allocated.replaceAllUsesWith(destination);
  if (malloc->use_empty())
    malloc.erase();
  return true;
}

/// Returns whether `op` calls the C library's `malloc` or `aligned_alloc`.
static bool isAllocationCall(Operation *op) {
  auto call = dyn_cast<LLVM::CallOp>(op);
  std::optional<StringRef> callee = call ? call.getCallee() : std::nullopt;
  return callee && (*callee == "malloc" || *callee == "aligned_alloc");
}

/// Returns the value `value` is a copy of: through llvm.extractvalue of the
/// llvm.insertvalue chains that build memref descriptors.
static Value traceInserted(Value value) {
  while (auto extract = value.getDefiningOp<LLVM::ExtractValueOp>()) {
    Value inserted =
        findInserted(extract.getContainer(), extract.getPosition());
    if (!inserted)
      break;
    value = inserted;
  }
  return value;
}

/// Returns whether `from` may run before `to` in one call of the function
/// that holds both: earlier in the same block, or in a block from which
/// control can reach `to`'s.
static bool mayRunBefore(Operation *from, Operation *to) {
  if (from->getBlock() == to->getBlock() && from->isBeforeInBlock(to))
    return true;
  SmallVector<Block *> worklist(from->getBlock()->getSuccessors());
  llvm::SmallPtrSet<Block *, 16> seen;
  while (!worklist.empty()) {
    Block *next = worklist.pop_back_val();
    if (next == to->getBlock())
      return true;
    if (seen.insert(next).second)
      llvm::append_range(worklist, next->getSuccessors());
  }
  return false;
}

/// Returns whether control can flow, inside one region, from just after
/// `from` to just before `to` without executing `blocked` (which may be
/// `from` itself: then through no later execution of it).
static bool reachesWithout(Operation *from, Operation *to, Operation *blocked) {
  auto clear = [&](Block::iterator begin, Block::iterator end) {
    for (auto it = begin; it != end; ++it)
      if (&*it == blocked)
        return false;
    return true;
  };
  Block *fromBlock = from->getBlock();
  Block *toBlock = to->getBlock();
  if (toBlock == fromBlock && from->isBeforeInBlock(to))
    return clear(std::next(from->getIterator()), to->getIterator());
  if (!clear(std::next(from->getIterator()), fromBlock->end()))
    return false;
  SmallVector<Block *> worklist(fromBlock->getSuccessors());
  llvm::SmallPtrSet<Block *, 16> seen;
  while (!worklist.empty()) {
    Block *next = worklist.pop_back_val();
    if (next == toBlock && clear(next->begin(), to->getIterator()))
      return true;
    if (!seen.insert(next).second || !clear(next->begin(), next->end()))
      continue;
    llvm::append_range(worklist, next->getSuccessors());
  }
  return false;
}

/// Returns the omp.parallel op directly in `body` whose region directly
/// holds `call`, where that region holds no other region and no OpenMP op
/// but its terminators: each thread runs its share of the loop on its own
/// (norm-openmp-cleanup's static schedule), with no worksharing loop or
/// barrier that every thread must reach, so a thread may leave the region
/// early. Else null.
static omp::ParallelOp getLeavableParallel(LLVM::CallOp call, Region &body) {
  auto parallel = dyn_cast<omp::ParallelOp>(call->getParentOp());
  if (!parallel || parallel->getParentRegion() != &body)
    return {};
  for (Block &block : parallel.getRegion())
    for (Operation &op : block)
      if (op.getNumRegions() != 0 ||
          (isa<omp::OpenMPDialect>(op.getDialect()) &&
           !isa<omp::TerminatorOp>(op)))
        return {};
  return parallel;
}

/// Makes the heap allocations of `impl` checked: after each `malloc` (or
/// `aligned_alloc`) of a non-zero size that returns null, the function
/// frees the allocations that may hold memory there (those that may have
/// been made before it, not on a loop, and freed on no path before it; one
/// made on some paths only, such as the copy of an operand made where it is
/// needed, through a stack slot that holds null until it is made: freeing
/// null does nothing), stores 1 to a new last parameter (a pointer to an
/// i32 status) and
/// returns. An allocation in an OpenMP parallel region whose threads may
/// leave it early (getLeavableParallel) is checked in the region: the
/// thread frees the allocations of its current iteration that certainly
/// hold memory (made before it in the region on every path since they were
/// last made, and not freed since), stores 1 to the status (atomically) and
/// leaves the region; the other threads finish their shares; after the
/// region the function sees the status and frees and returns as above.
/// Where there is no allocation it changes nothing and returns false.
/// `unchecked` counts the allocations it cannot check: those in other
/// nested regions (a worksharing loop, a nested region), from which a
/// thread cannot leave alone.
static bool checkAllocations(LLVM::LLVMFuncOp impl, LLVM::LLVMFuncOp free,
                             unsigned &unchecked) {
  Region &body = impl.getBody();
  SmallVector<LLVM::CallOp> sites;
  SmallVector<LLVM::CallOp> parallelSites;
  SmallVector<LLVM::CallOp> frees;
  impl.walk([&](LLVM::CallOp call) {
    if (isAllocationCall(call)) {
      if (call->getParentRegion() == &body)
        sites.push_back(call);
      else if (getLeavableParallel(call, body))
        parallelSites.push_back(call);
      else
        ++unchecked;
    } else if (call.getCallee() == StringRef("free")) {
      frees.push_back(call);
    }
  });
  if (sites.empty() && parallelSites.empty())
    return false;

  // What each failure path frees, decided before the blocks are split.
  DominanceInfo dominance(impl);
  // Allocations of the body that may have been made before some failure
  // point without dominating it (in one branch of an scf.if: the copy of an
  // operand made only where it is needed): their pointers are kept in a
  // stack slot, null until the allocation is made.
  SmallVector<LLVM::CallOp> slotted;
  // In the function's body, at `point` (an allocation, or a parallel
  // region after which the status is read): the pointers to free, as
  // values, or as the allocations whose slots hold them.
  struct Live {
    SmallVector<Value> pointers;
    SmallVector<LLVM::CallOp> inSlots;
  };
  auto liveInBody = [&](Operation *point) {
    Live live;
    // A free of a pointer that is not one of the allocations (chosen at run
    // time) may have freed any of them: free none (a leak, not a double
    // free).
    bool unknownFree = llvm::any_of(frees, [&](LLVM::CallOp freeCall) {
      Value freed = traceInserted(freeCall.getArgOperands().front());
      return mayRunBefore(freeCall, point) &&
             !llvm::any_of(sites, [&](LLVM::CallOp other) {
               return other.getResult() == freed;
             });
    });
    if (unknownFree)
      return live;
    for (LLVM::CallOp other : sites) {
      if (other == point || !mayRunBefore(other, point) ||
          isOnCycle(other->getBlock()))
        continue;
      bool freedBefore = llvm::any_of(frees, [&](LLVM::CallOp freeCall) {
        return traceInserted(freeCall.getArgOperands().front()) ==
                   other.getResult() &&
               mayRunBefore(freeCall, point);
      });
      if (freedBefore)
        continue;
      if (dominance.properlyDominates(other, point)) {
        live.pointers.push_back(other.getResult());
        continue;
      }
      live.inSlots.push_back(other);
      if (!llvm::is_contained(slotted, other))
        slotted.push_back(other);
    }
    return live;
  };
  // In a parallel region, at allocation `site`: the allocations of the
  // region that dominate it and that no free of them may have followed
  // since they were last made.
  auto liveInRegion = [&](LLVM::CallOp site) {
    SmallVector<Value> live;
    Region *region = site->getParentRegion();
    SmallVector<LLVM::CallOp> regionFrees;
    for (LLVM::CallOp freeCall : frees)
      if (freeCall->getParentRegion() == region)
        regionFrees.push_back(freeCall);
    auto isRegionSite = [&](Value pointer) {
      return llvm::any_of(parallelSites, [&](LLVM::CallOp other) {
        return other->getParentRegion() == region &&
               other.getResult() == pointer;
      });
    };
    if (llvm::any_of(regionFrees, [&](LLVM::CallOp freeCall) {
          return !isRegionSite(traceInserted(freeCall.getArgOperands()[0]));
        }))
      return live;
    for (LLVM::CallOp other : parallelSites) {
      if (other == site || other->getParentRegion() != region ||
          !dominance.properlyDominates(other, site))
        continue;
      bool freedSince = llvm::any_of(regionFrees, [&](LLVM::CallOp freeCall) {
        return traceInserted(freeCall.getArgOperands()[0]) ==
                   other.getResult() &&
               reachesWithout(other, freeCall, other) &&
               reachesWithout(freeCall, site, other);
      });
      if (!freedSince)
        live.push_back(other.getResult());
    }
    return live;
  };
  SmallVector<Live> toFree;
  for (LLVM::CallOp site : sites)
    toFree.push_back(liveInBody(site));
  SmallVector<SmallVector<Value>> toFreeInRegion;
  for (LLVM::CallOp site : parallelSites)
    toFreeInRegion.push_back(liveInRegion(site));
  SmallVector<omp::ParallelOp> parallels;
  SmallVector<Live> toFreeAfterParallel;
  for (LLVM::CallOp site : parallelSites) {
    omp::ParallelOp parallel = getLeavableParallel(site, body);
    if (llvm::is_contained(parallels, parallel))
      continue;
    parallels.push_back(parallel);
    toFreeAfterParallel.push_back(liveInBody(parallel));
  }

  MLIRContext *context = impl.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  Block &entry = body.front();
  BlockArgument status = entry.addArgument(ptrType, impl.getLoc());
  LLVM::LLVMFunctionType type = impl.getFunctionType();
  SmallVector<Type> params(type.getParams());
  params.push_back(ptrType);
  impl.setFunctionType(
      LLVM::LLVMFunctionType::get(type.getReturnType(), params));
  if (ArrayAttr argAttrs = impl.getArgAttrsAttr()) {
    SmallVector<Attribute> attrs(argAttrs.getValue());
    attrs.push_back(DictionaryAttr::get(context));
    impl.setArgAttrsAttr(ArrayAttr::get(context, attrs));
  }
  OpBuilder builder(context);
  Type resultType = type.getReturnType();
  auto createReturn = [&](Location loc) {
    if (isa<LLVM::LLVMVoidType>(resultType))
      LLVM::ReturnOp::create(builder, loc, ValueRange{});
    else
      LLVM::ReturnOp::create(
          builder, loc,
          ValueRange{LLVM::PoisonOp::create(builder, loc, resultType)});
  };
  // Splits the block of allocation `site` after it; branches to a new
  // block of `region`, left for the caller to fill, where it returned null
  // for a non-zero size. Returns that block.
  auto branchOnFailure = [&](LLVM::CallOp site, Region &region) {
    Location loc = site.getLoc();
    Block *block = site->getBlock();
    Block *rest = block->splitBlock(std::next(site->getIterator()));
    auto *failed = new Block();
    region.push_back(failed);
    builder.setInsertionPointToEnd(block);
    Value size = site.getArgOperands().back();
    Value zeroSize =
        LLVM::ConstantOp::create(builder, loc, size.getType(),
                                 builder.getIntegerAttr(size.getType(), 0));
    Value null = LLVM::ZeroOp::create(builder, loc, ptrType);
    Value isNull = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq,
                                        site.getResult(), null);
    Value nonEmpty = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ne,
                                          size, zeroSize);
    LLVM::CondBrOp::create(builder, loc,
                           LLVM::AndOp::create(builder, loc, isNull, nonEmpty),
                           failed, ValueRange{}, rest, ValueRange{});
    builder.setInsertionPointToStart(failed);
    return failed;
  };
  auto storeFailed = [&](Location loc, bool atomic) {
    Value one = LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                         builder.getI32IntegerAttr(1));
    LLVM::StoreOp::create(builder, loc, one, status, /*alignment=*/4,
                          /*isVolatile=*/false, /*isNonTemporal=*/false,
                          /*isInvariantGroup=*/false,
                          atomic ? LLVM::AtomicOrdering::monotonic
                                 : LLVM::AtomicOrdering::not_atomic);
  };

  // The slots: null at the start of the call, the pointer once allocated.
  DenseMap<Operation *, Value> slots;
  for (LLVM::CallOp site : slotted) {
    Location loc = site.getLoc();
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(&entry);
      Value slot = LLVM::AllocaOp::create(
          builder, loc, ptrType, ptrType,
          LLVM::ConstantOp::create(builder, loc, builder.getI64Type(),
                                   builder.getI64IntegerAttr(1)));
      LLVM::StoreOp::create(builder, loc,
                            LLVM::ZeroOp::create(builder, loc, ptrType), slot);
      slots[site] = slot;
    }
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointAfter(site);
    LLVM::StoreOp::create(builder, loc, site.getResult(), slots[site]);
  }
  // Frees what `live` holds (free of a null slot does nothing).
  auto freeLive = [&](Location loc, const Live &live) {
    for (Value pointer : live.pointers)
      LLVM::CallOp::create(builder, loc, free, ValueRange{pointer});
    for (LLVM::CallOp site : live.inSlots)
      LLVM::CallOp::create(
          builder, loc, free,
          ValueRange{LLVM::LoadOp::create(builder, loc, ptrType, slots[site])});
  };

  for (auto [site, live] : llvm::zip_equal(sites, toFree)) {
    branchOnFailure(site, body);
    freeLive(site.getLoc(), live);
    storeFailed(site.getLoc(), /*atomic=*/false);
    createReturn(site.getLoc());
  }

  // In the parallel regions: the thread leaves through a block of its own.
  DenseMap<Region *, Block *> exits;
  for (auto [site, live] : llvm::zip_equal(parallelSites, toFreeInRegion)) {
    Region &region = *site->getParentRegion();
    Block *&exit = exits[&region];
    if (!exit) {
      exit = new Block();
      region.push_back(exit);
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(exit);
      omp::TerminatorOp::create(builder, site.getLoc());
    }
    branchOnFailure(site, region);
    for (Value pointer : live)
      LLVM::CallOp::create(builder, site.getLoc(), free, ValueRange{pointer});
    storeFailed(site.getLoc(), /*atomic=*/true);
    LLVM::BrOp::create(builder, site.getLoc(), ValueRange{}, exit);
  }
  // After each such region, the status: where a thread failed, free and
  // return.
  for (auto [parallel, live] :
       llvm::zip_equal(parallels, toFreeAfterParallel)) {
    Location loc = parallel.getLoc();
    Block *block = parallel->getBlock();
    Block *rest = block->splitBlock(std::next(parallel->getIterator()));
    auto *failed = new Block();
    body.push_back(failed);
    builder.setInsertionPointToEnd(block);
    Value current =
        LLVM::LoadOp::create(builder, loc, builder.getI32Type(), status);
    Value zero = LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                          builder.getI32IntegerAttr(0));
    LLVM::CondBrOp::create(builder, loc,
                           LLVM::ICmpOp::create(builder, loc,
                                                LLVM::ICmpPredicate::ne,
                                                current, zero),
                           failed, ValueRange{}, rest, ValueRange{});
    builder.setInsertionPointToStart(failed);
    freeLive(loc, live);
    createReturn(loc);
  }
  return true;
}

/// Builds the body of `wrapper` for `kernel`.
static llvm::Error buildWrapperBody(ModuleOp module, LLVM::LLVMFuncOp wrapper,
                                    const Kernel &kernel, LLVM::LLVMFuncOp impl,
                                    LLVM::LLVMFuncOp check, OpBuilder &builder,
                                    unsigned &uncheckedAllocations) {
  MLIRContext *context = module.getContext();
  Location loc = wrapper.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  auto i64 = builder.getI64Type();
  auto i32 = builder.getI32Type();
  auto i8 = builder.getI8Type();
  LLVM::LLVMFuncOp free = getOrInsertFree(module, builder);

  Block *entry = wrapper.addEntryBlock(builder);
  builder.setInsertionPointToStart(entry);
  auto constant = [&](Type type, int64_t value) -> Value {
    return LLVM::ConstantOp::create(builder, loc, type,
                                    builder.getIntegerAttr(type, value));
  };

  // The argument sizes, and the shape rules.
  SmallVector<SmallVector<Value>> sizes;
  SmallVector<Value> allSizes;
  for (auto [index, type] : llvm::enumerate(kernel.arguments)) {
    Value shape = entry->getArgument(2 * index + 1);
    SmallVector<Value> argSizes;
    for (int64_t i = 0; i < type.getRank(); ++i) {
      Value address =
          LLVM::GEPOp::create(builder, loc, ptrType, i64, shape,
                              ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(i)});
      argSizes.push_back(LLVM::LoadOp::create(builder, loc, i64, address));
    }
    allSizes.append(argSizes);
    sizes.push_back(std::move(argSizes));
  }
  if (check.getNumArguments() != allSizes.size())
    return createStringError("function '" + kernel.name +
                             "': the lowered check function takes " +
                             Twine(check.getNumArguments()) +
                             " sizes, expected " + Twine(allSizes.size()));
  Block *reject = new Block();
  wrapper.getBody().push_back(reject);

  // First, sizes that no buffer can have: where the bytes of an argument or
  // a result (its element size times its sizes, a size 0 counted as 1, the
  // sizes read as unsigned) do not fit in int64_t, the shapes are rejected
  // before any other arithmetic on them. Then every product of sizes of one
  // tensor that the compiled code forms (element counts, strides, offsets)
  // fits, whatever the order; and a negative size is rejected too.
  auto boolConstant = [&](bool value) {
    return constant(builder.getI1Type(), value);
  };
  auto i64PairType =
      LLVM::LLVMStructType::getLiteral(context, {i64, builder.getI1Type()});
  Value tooLarge = boolConstant(false);
  auto addByteCount = [&](ArrayRef<Value> tensorSizes, Type elementType) {
    Value bytes = constant(i64, elementType.getIntOrFloatBitWidth() / 8);
    for (Value size : tensorSizes) {
      Value isZero = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq,
                                          size, constant(i64, 0));
      Value factor =
          LLVM::SelectOp::create(builder, loc, isZero, constant(i64, 1), size);
      Value product = LLVM::UMulWithOverflowOp::create(
          builder, loc, i64PairType, bytes, factor);
      bytes = LLVM::ExtractValueOp::create(builder, loc, product,
                                           ArrayRef<int64_t>{0});
      tooLarge =
          LLVM::OrOp::create(builder, loc, tooLarge,
                             LLVM::ExtractValueOp::create(
                                 builder, loc, product, ArrayRef<int64_t>{1}));
    }
    tooLarge = LLVM::OrOp::create(
        builder, loc, tooLarge,
        LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::slt, bytes,
                             constant(i64, 0)));
  };
  for (auto [type, argSizes] : llvm::zip_equal(kernel.arguments, sizes))
    addByteCount(argSizes, type.getElementType());
  for (auto [type, dims] : llvm::zip_equal(kernel.results, kernel.resultDims)) {
    SmallVector<Value> resultSizes;
    for (const DimExpr &dim : dims)
      resultSizes.push_back(dim.constant ? constant(i64, *dim.constant)
                                         : sizes[dim.arg][dim.dim]);
    addByteCount(resultSizes, type.getElementType());
  }
  Block *checkRules = new Block();
  wrapper.getBody().push_back(checkRules);
  LLVM::CondBrOp::create(builder, loc, tooLarge, reject, ValueRange{},
                         checkRules, ValueRange{});
  builder.setInsertionPointToStart(checkRules);

  Value ok = LLVM::CallOp::create(builder, loc, check, allSizes).getResult();
  Block *compute = new Block();
  wrapper.getBody().push_back(compute);
  LLVM::CondBrOp::create(builder, loc, ok, compute, ValueRange{}, reject,
                         ValueRange{});
  builder.setInsertionPointToStart(reject);
  LLVM::ReturnOp::create(builder, loc, constant(i32, kStatusBadShape));

  // Where every result is empty there is nothing to write: return before
  // the call, whose working buffers (sized by the other dimensions) may be
  // larger than any allocation can be.
  builder.setInsertionPointToStart(compute);
  Value zero = constant(i64, 0);
  Value one = constant(i64, 1);
  if (!kernel.results.empty()) {
    Value allEmpty = constant(builder.getI1Type(), 1);
    for (ArrayRef<DimExpr> dims : kernel.resultDims) {
      Value empty = constant(builder.getI1Type(), 0);
      for (const DimExpr &dim : dims) {
        if (dim.constant && *dim.constant != 0)
          continue;
        Value size = dim.constant ? zero : sizes[dim.arg][dim.dim];
        empty = LLVM::OrOp::create(builder, loc, empty,
                                   LLVM::ICmpOp::create(builder, loc,
                                                        LLVM::ICmpPredicate::eq,
                                                        size, zero));
      }
      allEmpty = LLVM::AndOp::create(builder, loc, allEmpty, empty);
    }
    Block *nothing = new Block();
    Block *run = new Block();
    wrapper.getBody().push_back(nothing);
    wrapper.getBody().push_back(run);
    LLVM::CondBrOp::create(builder, loc, allEmpty, nothing, ValueRange{}, run,
                           ValueRange{});
    builder.setInsertionPointToStart(nothing);
    LLVM::ReturnOp::create(builder, loc, constant(i32, 0));
    builder.setInsertionPointToStart(run);
  }

  // The call, on row-major descriptors of the caller's buffers.
  SmallVector<Value> implArgs;
  SmallVector<Value> argPointers;
  for (auto [index, argSizes] : llvm::enumerate(sizes)) {
    Value pointer = entry->getArgument(2 * index);
    argPointers.push_back(pointer);
    implArgs.append({pointer, pointer, zero});
    implArgs.append(argSizes);
    SmallVector<Value> strides(argSizes.size(), one);
    for (int64_t i = static_cast<int64_t>(argSizes.size()) - 2; i >= 0; --i)
      strides[i] =
          LLVM::MulOp::create(builder, loc, strides[i + 1], argSizes[i + 1]);
    implArgs.append(strides);
  }
  // Results written in place: their buffers are the caller's.
  unsigned numArgs = kernel.arguments.size();
  SmallVector<bool> direct;
  for (unsigned i = 0, e = kernel.results.size(); i < e; ++i) {
    direct.push_back(redirectResult(impl, i, e));
    if (direct.back())
      implArgs.push_back(entry->getArgument(2 * numArgs + i));
  }
  // Heap allocations checked: a failed one makes the call return 2.
  Value status;
  if (checkAllocations(impl, free, uncheckedAllocations)) {
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(entry);
      status =
          LLVM::AllocaOp::create(builder, loc, ptrType, i32, constant(i64, 1));
    }
    LLVM::StoreOp::create(builder, loc, constant(i32, 0), status);
    implArgs.push_back(status);
  }
  if (impl.getNumArguments() != implArgs.size())
    return createStringError(
        "function '" + kernel.name + "': the lowered function takes " +
        Twine(impl.getNumArguments()) + " parameters, expected " +
        Twine(implArgs.size()) + " (memref descriptors of the arguments)");
  auto call = LLVM::CallOp::create(builder, loc, impl, implArgs);
  if (status) {
    Block *outOfMemory = new Block();
    Block *done = new Block();
    wrapper.getBody().push_back(outOfMemory);
    wrapper.getBody().push_back(done);
    Value failed = LLVM::ICmpOp::create(
        builder, loc, LLVM::ICmpPredicate::ne,
        LLVM::LoadOp::create(builder, loc, i32, status), constant(i32, 0));
    LLVM::CondBrOp::create(builder, loc, failed, outOfMemory, ValueRange{},
                           done, ValueRange{});
    builder.setInsertionPointToStart(outOfMemory);
    LLVM::ReturnOp::create(builder, loc, constant(i32, kStatusOutOfMemory));
    builder.setInsertionPointToStart(done);
  }

  // Each other result into the caller's buffer; its own buffer freed.
  Value globalPointer = LLVM::IntToPtrOp::create(
      builder, loc, ptrType, constant(i64, kGlobalAllocatedPointer));
  Value null = LLVM::ZeroOp::create(builder, loc, ptrType);
  SmallVector<Value> notOwned(argPointers);
  notOwned.push_back(globalPointer);
  for (auto [index, type] : llvm::enumerate(kernel.results))
    if (direct[index])
      notOwned.push_back(entry->getArgument(2 * numArgs + index));
  for (auto [index, type] : llvm::enumerate(kernel.results)) {
    if (direct[index])
      continue;
    Value descriptor = call.getResult();
    if (kernel.results.size() > 1)
      descriptor = LLVM::ExtractValueOp::create(
          builder, loc, descriptor,
          ArrayRef<int64_t>{static_cast<int64_t>(index)});
    Value allocated = LLVM::ExtractValueOp::create(builder, loc, descriptor,
                                                   ArrayRef<int64_t>{0});
    Value aligned = LLVM::ExtractValueOp::create(builder, loc, descriptor,
                                                 ArrayRef<int64_t>{1});
    Value offset = LLVM::ExtractValueOp::create(builder, loc, descriptor,
                                                ArrayRef<int64_t>{2});
    int64_t elementBytes = type.getElementTypeBitWidth() / 8;
    Value bytes = constant(i64, elementBytes);
    for (int64_t i = 0; i < type.getRank(); ++i)
      bytes = LLVM::MulOp::create(
          builder, loc, bytes,
          LLVM::ExtractValueOp::create(builder, loc, descriptor,
                                       ArrayRef<int64_t>{3, i}));
    Value offsetBytes =
        LLVM::MulOp::create(builder, loc, offset, constant(i64, elementBytes));
    Value source = LLVM::GEPOp::create(builder, loc, ptrType, i8, aligned,
                                       ValueRange{offsetBytes});
    Value destination = entry->getArgument(2 * numArgs + index);
    LLVM::MemcpyOp::create(builder, loc, destination, source, bytes,
                           /*isVolatile=*/false);
    Value shared = constant(builder.getI1Type(), 0);
    for (Value other : notOwned)
      shared = LLVM::OrOp::create(builder, loc, shared,
                                  LLVM::ICmpOp::create(builder, loc,
                                                       LLVM::ICmpPredicate::eq,
                                                       allocated, other));
    Value freed = LLVM::SelectOp::create(builder, loc, shared, null, allocated);
    LLVM::CallOp::create(builder, loc, free, ValueRange{freed});
    notOwned.push_back(allocated);
  }
  LLVM::ReturnOp::create(builder, loc, constant(i32, 0));
  return llvm::Error::success();
}

llvm::Error compile::buildCWrappers(ModuleOp module, ArrayRef<Kernel> kernels,
                                    unsigned &uncheckedAllocations) {
  MLIRContext *context = module.getContext();
  // Only the wrappers are exported; the rest may be inlined into them.
  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    func->removeAttr("norm.entry_signature");
    if (!func.isExternal())
      func.setLinkage(LLVM::Linkage::Internal);
  }
  OpBuilder builder(context);
  auto ptrType = LLVM::LLVMPointerType::get(context);
  for (const Kernel &kernel : kernels) {
    auto impl = module.lookupSymbol<LLVM::LLVMFuncOp>(kernel.implName);
    auto check = module.lookupSymbol<LLVM::LLVMFuncOp>(kernel.checkName);
    if (!impl || !check || impl.isExternal() || check.isExternal())
      return createStringError("function '" + kernel.name +
                               "' was not lowered to an llvm.func");
    if (module.lookupSymbol(kernel.symbol))
      return createStringError("exported name '" + kernel.symbol +
                               "' is already a symbol of the module");
    SmallVector<Type> params(
        2 * kernel.arguments.size() + kernel.results.size(), ptrType);
    builder.setInsertionPointToEnd(module.getBody());
    auto wrapper = LLVM::LLVMFuncOp::create(
        builder, impl.getLoc(), kernel.symbol,
        LLVM::LLVMFunctionType::get(builder.getI32Type(), params));
    if (llvm::Error err = buildWrapperBody(module, wrapper, kernel, impl, check,
                                           builder, uncheckedAllocations))
      return err;
  }
  return llvm::Error::success();
}
