//===- NontemporalStores.cpp - norm-nontemporal-stores --------------------===//
//
// A normalization reads X once from memory and writes Y once. A normal store
// to a line that is not in the cache first reads the line (read for
// ownership), so writing Y costs as much memory traffic as reading X, and Y
// evicts the rows of X still to be read. Non-temporal stores write whole
// lines straight to memory. They pay off only for results larger than the
// cache (a consumer of a small Y would read it from the cache), and x86's
// non-temporal vector stores need addresses aligned to the vector size, so
// the loop nest is versioned on both at run time (see Passes.td).
//
// x86 (LLVM 22) has no non-temporal store of bf16 vectors (nor of f16 vectors
// with AVX512-FP16): it writes them with a normal store. A store of integers
// is vmovntdq, but a bitcast to integers alone does not survive: InstCombine
// and the SelectionDAG combiner fold a store of a bitcast into a store of its
// operand. So the bits of a 16-bit float vector are xor-ed, as integers, with
// a zero that LLVM cannot see (the result of an empty inline asm, computed
// once per function): one integer op per vector, and the store is of the
// integer xor.
//
// Remarks (category norm-nontemporal-stores): NontemporalStore at each store
// made non-temporal; at the other vector.transfer_write ops UnsupportedWrite,
// PartialLine, NotAligned, NotResult, TooSmall or NotVersioned (missed, with
// the reason), and NoResultBuffer at a function that returns no buffer it
// allocates.
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
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

#include <limits>

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_NONTEMPORALSTORESPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-nontemporal-stores";

/// Alignment in bytes of the non-temporal stores: a cache line, and the
/// largest x86 vector (MOVNTPS zmm needs 64, ymm 32, xmm 16).
static constexpr int64_t kStoreAlignment = 64;

/// Returns whether `value` is a multiple of `factor` whenever it is
/// computed: a constant, an induction variable of a loop whose lower bound
/// and step are multiples, or a sum, difference or product (or affine.apply)
/// of such values. False when it cannot tell.
static bool isMultipleOf(Value value, int64_t factor, unsigned depth = 0);

static bool isMultipleOf(OpFoldResult ofr, int64_t factor, unsigned depth) {
  if (std::optional<int64_t> constant = getConstantIntValue(ofr))
    return *constant % factor == 0;
  return isMultipleOf(cast<Value>(ofr), factor, depth);
}

static bool isAffineMultipleOf(AffineExpr expr, ValueRange dims,
                               ValueRange symbols, int64_t factor,
                               unsigned depth) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return constant.getValue() % factor == 0;
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return isMultipleOf(dims[dim.getPosition()], factor, depth);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return isMultipleOf(symbols[symbol.getPosition()], factor, depth);
  auto binary = cast<AffineBinaryOpExpr>(expr);
  bool lhs = isAffineMultipleOf(binary.getLHS(), dims, symbols, factor, depth);
  if (expr.getKind() == AffineExprKind::Add)
    return lhs &&
           isAffineMultipleOf(binary.getRHS(), dims, symbols, factor, depth);
  if (expr.getKind() == AffineExprKind::Mul)
    return lhs ||
           isAffineMultipleOf(binary.getRHS(), dims, symbols, factor, depth);
  return false; // floordiv, ceildiv, mod
}

static bool isMultipleOf(Value value, int64_t factor, unsigned depth) {
  if (depth > 16)
    return false;
  ++depth;
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return *constant % factor == 0;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(owner))
      return arg == loop.getInductionVar() &&
             isMultipleOf(loop.getLowerBound(), factor, depth) &&
             isMultipleOf(loop.getStep(), factor, depth);
    if (auto loop = dyn_cast<scf::ParallelOp>(owner)) {
      unsigned i = arg.getArgNumber();
      return i < loop.getNumLoops() &&
             isMultipleOf(loop.getLowerBound()[i], factor, depth) &&
             isMultipleOf(loop.getStep()[i], factor, depth);
    }
    if (auto loop = dyn_cast<omp::LoopNestOp>(owner)) {
      unsigned i = arg.getArgNumber();
      return i < loop.getLoopLowerBounds().size() &&
             isMultipleOf(loop.getLoopLowerBounds()[i], factor, depth) &&
             isMultipleOf(loop.getLoopSteps()[i], factor, depth);
    }
    return false;
  }
  Operation *op = value.getDefiningOp();
  if (isa<arith::AddIOp, arith::SubIOp>(op))
    return isMultipleOf(op->getOperand(0), factor, depth) &&
           isMultipleOf(op->getOperand(1), factor, depth);
  if (isa<arith::MulIOp>(op))
    return isMultipleOf(op->getOperand(0), factor, depth) ||
           isMultipleOf(op->getOperand(1), factor, depth);
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op)) {
    AffineMap map = apply.getAffineMap();
    return isAffineMultipleOf(map.getResult(0), apply.getDimOperands(),
                              apply.getSymbolOperands(), factor, depth);
  }
  return false;
}

namespace {

/// A write that may become non-temporal, and the result buffer it writes.
struct Candidate {
  vector::TransferWriteOp write;
  memref::AllocOp alloc;
};

/// Returns the result buffer that `write` stores into at an address that is
/// a multiple of kStoreAlignment whenever the buffer is aligned to it and,
/// for rank >= 2, its innermost size is a multiple of kStoreAlignment
/// bytes' worth of elements; null otherwise, with the remark's name and the
/// reason in `whyNot` (if not null). `results` are the function's returned
/// allocations.
static memref::AllocOp
matchAlignedResultWrite(vector::TransferWriteOp write,
                        const llvm::SmallPtrSetImpl<Operation *> &results,
                        std::pair<StringRef, std::string> *whyNot = nullptr) {
  auto reject = [&](StringRef name, const Twine &reason) {
    if (whyNot)
      *whyNot = {name, reason.str()};
    return memref::AllocOp();
  };
  auto vectorType = write.getVectorType();
  if (!vectorType.getElementType().isIntOrFloat() ||
      vectorType.getRank() != 1 || write.getMask() ||
      !write.getPermutationMap().isMinorIdentity() ||
      !llvm::all_of(write.getInBoundsValues(), [](bool b) { return b; }))
    return reject("UnsupportedWrite",
                  "not an unmasked, in-bounds, contiguous write of a 1-D "
                  "vector of integers or floats");
  unsigned bits = vectorType.getElementTypeBitWidth();
  if (bits % 8 || (vectorType.getNumElements() * bits / 8) % kStoreAlignment)
    return reject("PartialLine", "the vector is not a multiple of " +
                                     Twine(kStoreAlignment) + " bytes");
  int64_t lanes = kStoreAlignment / (bits / 8);
  if (!isMultipleOf(write.getIndices().back(), lanes))
    return reject("NotAligned",
                  "the innermost index is not known to be a multiple of " +
                      Twine(lanes) + " elements (" + Twine(kStoreAlignment) +
                      " bytes)");
  Value base = write.getBase();
  if (!isa<MemRefType>(base.getType()))
    return reject("NotResult", "it does not write a memref");
  // Unit-stride subviews that keep the innermost dim (they may drop unit
  // outer dims) add their innermost offset to the innermost index; offsets
  // in other dims move by multiples of the innermost size.
  while (auto subview = base.getDefiningOp<memref::SubViewOp>()) {
    int64_t sourceRank = subview.getSourceType().getRank();
    if (!subview.hasUnitStride() ||
        subview.getDroppedDims().test(sourceRank - 1) ||
        !isMultipleOf(subview.getMixedOffsets().back(), lanes, 0))
      return reject("NotAligned",
                    "it writes a subview whose innermost offset is not known "
                    "to be a multiple of " +
                        Twine(kStoreAlignment) +
                        " bytes, or with a non-unit stride or without the "
                        "innermost dim");
    base = subview.getSource();
  }
  auto alloc = base.getDefiningOp<memref::AllocOp>();
  if (!alloc || !results.contains(alloc) ||
      !alloc.getType().getLayout().isIdentity())
    return reject("NotResult", "it does not write a buffer with the identity "
                               "layout that the function allocates and "
                               "returns");
  return alloc;
}

struct NontemporalStoresPass
    : public norm::impl::NontemporalStoresPassBase<NontemporalStoresPass> {
  using Base::Base;

  /// Rejects a `min-bytes` outside its range (Passes.td): the pass fails
  /// before it runs, with the option, its value, the range and why.
  LogicalResult initialize(MLIRContext *context) override {
    constexpr uint64_t maxBytes = std::numeric_limits<int64_t>::max();
    if (minBytes > maxBytes)
      return emitError(UnknownLoc::get(context))
             << kPass << ": min-bytes must be 0 to " << maxBytes
             << " (2^63 - 1: it is compared with result sizes computed as "
                "signed 64-bit `index` values), got "
             << static_cast<uint64_t>(minBytes);
    if (f16StoreLanes != 0 && f16StoreLanes != 8 && f16StoreLanes != 16 &&
        f16StoreLanes != 32)
      return emitError(UnknownLoc::get(context))
             << kPass
             << ": f16-store-lanes must be 0, 8, 16 or 32 (the lanes of an "
                "f32 -> f16 conversion's result in a 128- to 512-bit x86 "
                "vector register), got "
             << static_cast<unsigned>(f16StoreLanes);
    return success();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    opaqueZero = nullptr;
    llvm::SmallPtrSet<Operation *, 4> results;
    func.walk([&](func::ReturnOp ret) {
      for (Value value : ret.getOperands()) {
        // A reshaped view of an allocation is returned as the same memory
        // (the collapsed LayerNormalization returns Y expanded).
        while (Operation *reshape = value.getDefiningOp()) {
          if (!isa<memref::ExpandShapeOp, memref::CollapseShapeOp>(reshape))
            break;
          value = reshape->getOperand(0);
        }
        if (auto alloc = value.getDefiningOp<memref::AllocOp>())
          if (alloc->getParentOp() == func)
            results.insert(alloc);
      }
    });
    if (results.empty()) {
      norm::remarkMissed(func, kPass, "NoResultBuffer",
                         "the function returns no buffer it allocates");
      return;
    }

    // Candidates grouped by the top-level op (in the function's entry
    // block) that holds them.
    llvm::MapVector<Operation *, SmallVector<Candidate>> groups;
    Block &entry = func.getBody().front();
    bool remarks = norm::remarksEnabled(&getContext());
    func.walk([&](vector::TransferWriteOp write) {
      std::pair<StringRef, std::string> whyNot;
      memref::AllocOp alloc =
          matchAlignedResultWrite(write, results, remarks ? &whyNot : nullptr);
      if (!alloc) {
        norm::remarkMissed(write, kPass, whyNot.first, "{0}", whyNot.second);
        return;
      }
      Operation *top = entry.findAncestorOpInBlock(*write);
      if (top && top->getNumResults() == 0 &&
          !top->hasTrait<OpTrait::IsTerminator>() &&
          alloc->isBeforeInBlock(top))
        groups[top].push_back({write, alloc});
      else
        norm::remarkMissed(write, kPass, "NotVersioned",
                           "the op of the function's body that holds it "
                           "has results, or precedes the allocation");
    });

    for (auto &[top, candidates] : groups)
      versionTopLevelOp(top, candidates);
  }

  /// An i16 zero that LLVM cannot fold (the result of an empty inline asm,
  /// whose register starts as 0, truncated), created at the start of the
  /// function on first use; null before.
  Value opaqueZero;

  /// Returns `value`, a vector of 16-bit floats, with the same bits computed
  /// by an integer op (xor with the opaque zero) and bitcast back: LLVM
  /// folds the bitcast into the store, which then stores the integers (x86:
  /// vmovntdq), where a store of the floats would not be non-temporal.
  Value asIntegerBits(OpBuilder &b, Location loc, Value value) {
    if (!opaqueZero) {
      Block &entry = getOperation().getBody().front();
      OpBuilder zb = OpBuilder::atBlockBegin(&entry);
      Type i32 = zb.getI32Type();
      Value zero = arith::ConstantIntOp::create(zb, loc, i32, 0);
      opaqueZero =
          LLVM::InlineAsmOp::create(
              zb, loc, i32, ValueRange{zero}, zb.getStringAttr(""),
              zb.getStringAttr("=r,0"), /*has_side_effects=*/nullptr,
              /*is_align_stack=*/nullptr,
              LLVM::TailCallKindAttr::get(
                  zb.getContext(), LLVM::tailcallkind::TailCallKind::None),
              /*asm_dialect=*/nullptr, /*operand_attrs=*/nullptr)
              .getRes();
      opaqueZero =
          arith::TruncIOp::create(zb, loc, zb.getI16Type(), opaqueZero);
    }
    auto type = cast<VectorType>(value.getType());
    Type i16 = b.getI16Type();
    Value bits = arith::BitcastOp::create(b, loc, type.clone(i16), value);
    Value zeros =
        vector::BroadcastOp::create(b, loc, type.clone(i16), opaqueZero);
    bits = arith::XOrIOp::create(b, loc, bits, zeros);
    return arith::BitcastOp::create(b, loc, type, bits);
  }

  /// Returns `value`, a vector of 16-bit floats of 128 to 512 bits, with
  /// the same bits passed as integers through an empty inline asm (`"=v,0"`,
  /// an x86 vector register, no instruction) and bitcast back: as with
  /// asIntegerBits LLVM stores the integers, without the xor.
  Value asOpaqueBits(OpBuilder &b, Location loc, Value value) {
    auto type = cast<VectorType>(value.getType());
    Value bits =
        arith::BitcastOp::create(b, loc, type.clone(b.getI16Type()), value);
    bits = LLVM::InlineAsmOp::create(
               b, loc, bits.getType(), ValueRange{bits}, b.getStringAttr(""),
               b.getStringAttr("=v,0"), /*has_side_effects=*/nullptr,
               /*is_align_stack=*/nullptr,
               LLVM::TailCallKindAttr::get(
                   b.getContext(), LLVM::tailcallkind::TailCallKind::None),
               /*asm_dialect=*/nullptr, /*operand_attrs=*/nullptr)
               .getRes();
    return arith::BitcastOp::create(b, loc, type, bits);
  }

  /// Versions the loops in `top` (an op of the function's entry block) that
  /// hold `candidates`: scf.if (every result buffer written is large enough
  /// and its rows are aligned) { the loop with non-temporal stores } else
  /// { the loop }; fences after `top` and in its OpenMP regions.
  void versionTopLevelOp(Operation *top, ArrayRef<Candidate> candidates) {
    llvm::SetVector<memref::AllocOp> allocs;
    for (const Candidate &candidate : candidates)
      allocs.insert(candidate.alloc);
    auto lanesOf = [](MemRefType type) {
      return kStoreAlignment / (type.getElementTypeBitWidth() / 8);
    };
    // Statically too small, or rows statically misaligned: nothing to do.
    auto missAll = [&](StringRef name, MemRefType type, const char *why) {
      if (!norm::remarksEnabled(&getContext()))
        return;
      for (const Candidate &candidate : candidates)
        norm::remarkMissed(candidate.write, kPass, name,
                           "the result buffer {0} {1}", type,
                           llvm::formatv(why, kStoreAlignment).str());
    };
    for (memref::AllocOp alloc : allocs) {
      MemRefType type = alloc.getType();
      if (type.hasStaticShape() &&
          static_cast<uint64_t>(type.getNumElements() *
                                (type.getElementTypeBitWidth() / 8)) <
              minBytes) {
        missAll("TooSmall", type,
                "is smaller than min-bytes: a consumer reads it from the "
                "cache");
        return;
      }
      int64_t last = type.getRank() - 1;
      if (last >= 1 && !type.isDynamicDim(last) &&
          type.getDimSize(last) % lanesOf(type)) {
        missAll("NotAligned", type,
                "has rows that are not a multiple of {0} bytes");
        return;
      }
    }

    // The run-time condition on dynamic sizes (null: always true).
    Location loc = top->getLoc();
    OpBuilder b(top);
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantIndexOp::create(b, loc, value);
    };
    Value condition;
    auto addCondition = [&](arith::CmpIPredicate predicate, Value lhs,
                            Value rhs) {
      Value cmp = arith::CmpIOp::create(b, loc, predicate, lhs, rhs);
      condition =
          condition ? arith::AndIOp::create(b, loc, condition, cmp) : cmp;
    };
    for (memref::AllocOp alloc : allocs) {
      MemRefType type = alloc.getType();
      if (alloc.getAlignment().value_or(0) < kStoreAlignment)
        alloc.setAlignment(kStoreAlignment);
      if (!type.hasStaticShape()) {
        Value bytes = constant(type.getElementTypeBitWidth() / 8);
        for (int64_t d = 0; d < type.getRank(); ++d)
          bytes = arith::MulIOp::create(
              b, loc, bytes, memref::DimOp::create(b, loc, alloc, d));
        addCondition(arith::CmpIPredicate::uge, bytes, constant(minBytes));
      }
      int64_t last = type.getRank() - 1;
      if (last >= 1 && type.isDynamicDim(last)) {
        Value size = memref::DimOp::create(b, loc, alloc, last);
        addCondition(
            arith::CmpIPredicate::eq,
            arith::RemUIOp::create(b, loc, size, constant(lanesOf(type))),
            constant(0));
      }
    }

    // Each scf.for without results directly around candidates is versioned:
    // scf.if (condition) { the loop with non-temporal stores } else { the
    // loop }. Only these innermost loops are duplicated, not the loop nest
    // (compile time); the branch runs once per execution of the loop. A
    // candidate elsewhere (e.g. directly in an omp.loop_nest, which must stay
    // in its wrapper) is versioned alone.
    llvm::MapVector<Operation *, SmallVector<vector::TransferWriteOp>> units;
    for (const Candidate &candidate : candidates) {
      Operation *unit = candidate.write->getParentOp();
      if (!isa<scf::ForOp>(unit) || unit->getNumResults() != 0)
        unit = candidate.write;
      units[unit].push_back(candidate.write);
    }
    auto makeNontemporal = [&](vector::TransferWriteOp write) {
      bool integerBits = isa<Float16Type, BFloat16Type>(
          write.getVectorType().getElementType());
      norm::remarkPassed(
          write, kPass, "NontemporalStore",
          "non-temporal store, aligned to {0} bytes{1}{2}", kStoreAlignment,
          condition ? ", in a copy of its loop taken when the result buffers "
                      "hold at least min-bytes and their rows are aligned"
                    : "",
          integerBits ? ", of the 16-bit floats' bits as integers" : "");
      OpBuilder wb(write);
      Value value = write.getVector();
      VectorType vectorType = write.getVectorType();
      int64_t lanes = vectorType.getNumElements();
      int64_t pieceLanes = f16StoreLanes;
      if (pieceLanes && vectorType.getElementType().isF16() &&
          vectorType.getRank() == 1 && lanes > pieceLanes &&
          lanes % pieceLanes == 0) {
        // Pieces of f16StoreLanes lanes, each stored by itself.
        Location wloc = write.getLoc();
        SmallVector<Value> indices(write.getIndices());
        Value last = indices.back();
        for (int64_t offset = 0; offset < lanes; offset += pieceLanes) {
          Value piece = vector::ExtractStridedSliceOp::create(
              wb, wloc, value, offset, pieceLanes, 1);
          indices.back() =
              offset ? arith::AddIOp::create(
                           wb, wloc, last,
                           arith::ConstantIndexOp::create(wb, wloc, offset))
                           .getResult()
                     : last;
          vector::StoreOp::create(
              wb, wloc, asOpaqueBits(wb, wloc, piece), write.getBase(), indices,
              /*nontemporal=*/true, llvm::MaybeAlign(pieceLanes * 2));
        }
        write.erase();
        return;
      }
      if (integerBits)
        value = asIntegerBits(wb, write.getLoc(), value);
      vector::StoreOp::create(
          wb, write.getLoc(), value, write.getBase(), write.getIndices(),
          /*nontemporal=*/true, llvm::MaybeAlign(kStoreAlignment));
      write.erase();
    };
    for (auto &[unit, writes] : units) {
      if (!condition) {
        for (vector::TransferWriteOp write : writes)
          makeNontemporal(write);
        continue;
      }
      OpBuilder ub(unit);
      auto ifOp =
          scf::IfOp::create(ub, unit->getLoc(), condition, /*withElse=*/true);
      ub.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      IRMapping mapping;
      ub.clone(*unit, mapping);
      for (vector::TransferWriteOp write : writes)
        makeNontemporal(cast<vector::TransferWriteOp>(
            mapping.lookup(write.getOperation())));
      unit->moveBefore(ifOp.elseBlock()->getTerminator());
    }

    // Non-temporal stores are weakly ordered: each OpenMP thread fences its
    // own before the threads join, and the function before it returns (an
    // x86 locked instruction, which also drains the write-combining
    // buffers). Where the condition decides at run time, the fences run
    // only when it holds.
    auto createFence = [&](OpBuilder &fb) {
      if (!condition) {
        LLVM::FenceOp::create(fb, loc, LLVM::AtomicOrdering::seq_cst);
        return;
      }
      auto ifOp = scf::IfOp::create(fb, loc, condition, /*withElse=*/false);
      OpBuilder tb = OpBuilder::atBlockBegin(ifOp.thenBlock());
      LLVM::FenceOp::create(tb, loc, LLVM::AtomicOrdering::seq_cst);
    };
    top->walk([&](omp::ParallelOp parallel) {
      OpBuilder fb(parallel.getRegion().back().getTerminator());
      createFence(fb);
    });
    b.setInsertionPointAfter(top);
    createFence(b);
  }
};

} // namespace
