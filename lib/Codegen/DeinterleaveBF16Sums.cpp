//===- DeinterleaveBF16Sums.cpp - norm-deinterleave-bf16-sums -------------===//
//
// Widening bf16 to f32 in registers takes a lane-crossing zero extension
// (x86 `vpmovzxwd`) and a shift per 16 lanes. A sum does not care in which
// lane each term lands, and read as i32 pairs of lanes, a bf16 vector gives
// its even lanes as f32 by one shift and its odd lanes by one and (see
// Passes.td): half the instructions, and no shuffle. In the loops of such
// sums (bf16 or f16 terms), the shift K - x of each widened term becomes a
// fused multiply-add by -1: the same value, computed by the multiply-add
// units instead of the adders that also add the term to the sum.
//
// Remarks (category norm-deinterleave-bf16-sums): Deinterleaved or
// NotDeinterleaved (missed, with the reason) at each arith.extf of a bf16
// vector to f32; FusedShift at each shift K - x made a multiply-add.
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_DEINTERLEAVEBF16SUMSPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-deinterleave-bf16-sums";

/// Returns whether `value` has the same value in every lane: a splat
/// constant, or a broadcast of a scalar or of a one-element vector.
static bool isLaneUniform(Value value) {
  if (auto broadcast = value.getDefiningOp<vector::BroadcastOp>()) {
    auto sourceType = dyn_cast<VectorType>(broadcast.getSourceType());
    return !sourceType || sourceType.getNumElements() == 1;
  }
  if (auto constant = value.getDefiningOp<arith::ConstantOp>())
    if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
      return dense.isSplat();
  return false;
}

/// Returns whether the lanes of the loop-carried sum `sum` (a result of an
/// scf.for) may be permuted: its only uses are a full add-reduction
/// (`vector.reduction <add>`, through `vector.extract` of a 1 x N vector),
/// or the init of another scf.for whose iter_arg only adds terms to its
/// lanes (`arith.addf`, and `arith.select` between the sum with and
/// without them, as in masked remainder loops) and yields it, with the
/// same condition on that loop's result.
static bool isPermutableSum(Value sum, unsigned depth = 0) {
  if (depth > 4)
    return false;
  for (OpOperand &use : sum.getUses()) {
    Operation *user = use.getOwner();
    if (auto extract = dyn_cast<vector::ExtractOp>(user)) {
      if (!llvm::all_of(extract->getUsers(), [](Operation *op) {
            auto reduction = dyn_cast<vector::ReductionOp>(op);
            return reduction &&
                   reduction.getKind() == vector::CombiningKind::ADD;
          }))
        return false;
      if (!isa<VectorType>(extract.getType()) ||
          cast<VectorType>(extract.getType()).getNumElements() !=
              cast<VectorType>(sum.getType()).getNumElements())
        return false;
      continue;
    }
    if (auto reduction = dyn_cast<vector::ReductionOp>(user)) {
      if (reduction.getKind() != vector::CombiningKind::ADD)
        return false;
      continue;
    }
    auto loop = dyn_cast<scf::ForOp>(user);
    if (!loop || use.getOperandNumber() < loop.getNumControlOperands())
      return false;
    unsigned index = use.getOperandNumber() - loop.getNumControlOperands();
    BlockArgument carried = loop.getRegionIterArgs()[index];
    Value yielded = loop.getYieldedValues()[index];
    for (Operation *carriedUser : carried.getUsers()) {
      if (auto add = dyn_cast<arith::AddFOp>(carriedUser)) {
        if (add.getLhs() != carried && add.getRhs() != carried)
          return false;
        continue;
      }
      auto select = dyn_cast<arith::SelectOp>(carriedUser);
      if (!select || select.getFalseValue() != carried)
        return false;
      auto add = select.getTrueValue().getDefiningOp<arith::AddFOp>();
      if (!add || (add.getLhs() != carried && add.getRhs() != carried))
        return false;
    }
    Operation *producer = yielded.getDefiningOp();
    if (!isa_and_nonnull<arith::AddFOp, arith::SelectOp>(producer) ||
        !carried.hasNUses(1 + isa<arith::SelectOp>(producer)))
      return false;
    if (!isPermutableSum(loop.getResult(index), depth + 1))
      return false;
  }
  return true;
}

/// Returns whether `widen` is an arith.extf of a bf16 vector to f32.
static bool isBF16Widening(arith::ExtFOp widen) {
  auto inType = dyn_cast<VectorType>(widen.getIn().getType());
  return inType && inType.getElementType().isBF16() &&
         getElementTypeOrSelf(widen.getType()).isF32();
}

/// Returns whether `value`, in the body of `loop`, is computed only from
/// widenings of bf16 vectors of type `inType` in that body and lane-uniform
/// values, through lane-wise arith.addf, subf, mulf and extf; adds those
/// widenings to `partners`.
static bool isComputedFromWidenings(Value value, scf::ForOp loop,
                                    VectorType inType,
                                    SmallPtrSetImpl<Operation *> &partners,
                                    unsigned depth = 0) {
  if (isLaneUniform(value))
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != loop.getBody() || depth > 8)
    return false;
  if (auto widen = dyn_cast<arith::ExtFOp>(def)) {
    if (isBF16Widening(widen) && widen.getIn().getType() == inType) {
      partners.insert(widen);
      return true;
    }
    return isComputedFromWidenings(widen.getIn(), loop, inType, partners,
                                   depth + 1);
  }
  if (!isa<arith::AddFOp, arith::SubFOp, arith::MulFOp>(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isComputedFromWidenings(operand, loop, inType, partners, depth + 1);
  });
}

/// Returns whether the lanes of `widened` (an arith.extf in the body of
/// `loop`) only reach a loop-carried sum of `loop` whose lanes may be
/// permuted: through lane-wise arith ops (addf, subf, mulf, and extf to a
/// wider float) whose other operands are lane-uniform or computed from other
/// widenings of the same bf16 vector type (`partners`, which must be
/// deinterleaved too: RMSNormalization's sums of four squares), into
/// `arith.addf %carried, %term` yielded as %carried's next value. Otherwise
/// sets `whyNot` (if not null) to the reason.
static bool onlyFeedsPermutableSum(Value widened, scf::ForOp loop,
                                   SmallPtrSetImpl<Operation *> &partners,
                                   std::string *whyNot = nullptr) {
  auto inType = cast<VectorType>(
      cast<arith::ExtFOp>(widened.getDefiningOp()).getIn().getType());
  auto reject = [&](const Twine &reason) {
    if (whyNot)
      *whyNot = reason.str();
    return false;
  };
  SmallVector<Value> worklist{widened};
  llvm::SmallPtrSet<Value, 8> terms{widened};
  bool reachedSum = false;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (user->getBlock() != loop.getBody())
        return reject("its lanes are used outside the loop body");
      if (auto add = dyn_cast<arith::AddFOp>(user)) {
        Value other = add.getLhs() == value ? add.getRhs() : add.getLhs();
        auto carried = dyn_cast<BlockArgument>(other);
        if (carried && carried.getOwner() == loop.getBody() &&
            carried.getArgNumber() > 0) {
          unsigned index = carried.getArgNumber() - 1;
          if (loop.getYieldedValues()[index] != add.getResult() ||
              !carried.hasOneUse() || !add->hasOneUse())
            return reject("the loop-carried sum it is added to is not "
                          "yielded as is, or has other uses (a masked "
                          "remainder's select)");
          if (!isPermutableSum(loop.getResult(index)))
            return reject("the lane order of the sum it feeds matters: the "
                          "sum is used other than by a full add-reduction");
          reachedSum = true;
          continue;
        }
      }
      if (!isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::ExtFOp>(
              user))
        return reject("its lanes reach " + user->getName().getStringRef() +
                      ", not only arith.addf, subf, mulf and extf");
      for (Value operand : user->getOperands())
        if (!terms.contains(operand) &&
            !isComputedFromWidenings(operand, loop, inType, partners))
          return reject("its lanes are combined with a value that differs "
                        "between lanes");
      if (terms.insert(user->getResult(0)).second)
        worklist.push_back(user->getResult(0));
    }
  }
  if (!reachedSum)
    return reject("its lanes reach no sum carried by the loop");
  return true;
}

/// Replaces `widen` (bf16 -> f32 of a vector with an even number of lanes)
/// by its lanes in the order 0, 2, 4, ..., 1, 3, 5, ...: the even lanes are
/// the i32 pairs shifted left by 16, the odd lanes the pairs with their low
/// half cleared (little-endian lane order, as in LLVM's vector bitcasts).
static void deinterleave(arith::ExtFOp widen) {
  OpBuilder b(widen);
  Location loc = widen.getLoc();
  auto type = cast<VectorType>(widen.getIn().getType());
  int64_t lanes = type.getNumElements();
  auto flatType = VectorType::get({lanes}, b.getBF16Type());
  auto pairType = VectorType::get({lanes / 2}, b.getI32Type());
  auto halfType = VectorType::get({lanes / 2}, b.getF32Type());
  auto splat = [&](uint32_t value) -> Value {
    return arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(
            pairType, b.getI32IntegerAttr(static_cast<int32_t>(value))));
  };
  Value flat = widen.getIn();
  if (type != flatType)
    flat = vector::ShapeCastOp::create(b, loc, flatType, flat);
  Value pairs = vector::BitCastOp::create(b, loc, pairType, flat);
  Value even = arith::BitcastOp::create(
      b, loc, halfType, arith::ShLIOp::create(b, loc, pairs, splat(16)));
  Value odd = arith::BitcastOp::create(
      b, loc, halfType,
      arith::AndIOp::create(b, loc, pairs, splat(0xffff0000u)));
  SmallVector<int64_t> concat = llvm::to_vector(llvm::seq<int64_t>(0, lanes));
  Value both = vector::ShuffleOp::create(b, loc, even, odd, concat);
  if (both.getType() != widen.getType())
    both = vector::ShapeCastOp::create(b, loc, widen.getType(), both);
  widen.getResult().replaceAllUsesWith(both);
  widen.erase();
}

/// Returns whether `sub` is `arith.subf %k, %x` in the body of an scf.for
/// that carries values, with %k the same in every lane and %x a vector of
/// bf16 or f16 widened to f32 by `arith.extf` in that body (a shifted
/// row's terms, K - x, of LayerNormalization's sums).
static bool isShiftOfWidenedTerm(arith::SubFOp sub) {
  auto loop = dyn_cast<scf::ForOp>(sub->getParentOp());
  if (!loop || loop.getNumRegionIterArgs() == 0 || !isLaneUniform(sub.getLhs()))
    return false;
  auto widen = sub.getRhs().getDefiningOp<arith::ExtFOp>();
  if (!widen || widen->getParentOp() != loop.getOperation())
    return false;
  auto inType = dyn_cast<VectorType>(widen.getIn().getType());
  return inType && !inType.isScalable() &&
         (inType.getElementType().isBF16() ||
          inType.getElementType().isF16()) &&
         getElementTypeOrSelf(widen.getType()).isF32();
}

/// Replaces `sub` (%k - %x, isShiftOfWidenedTerm) by `math.fma %x, %m, %k`
/// with %m = -1 in every lane: the product is exact, so the fused
/// multiply-add rounds %k - %x once, as the subtraction does (the same
/// value, signed zeros included; a NaN may keep another payload). The -1
/// is the bits 0xbf800000 passed through an empty inline asm (`"=r,0"`, a
/// general-purpose register: no instruction, valid on every target) before
/// the loop, and broadcast: LLVM folds an fma by a constant -1 back into
/// the subtraction. The terms of such a loop go through two additions each
/// (the shift, then the sum); a CPU whose additions and multiply-adds run
/// on different units gets them from both.
static void rewriteAsFusedMultiplyAdd(arith::SubFOp sub) {
  auto loop = cast<scf::ForOp>(sub->getParentOp());
  OpBuilder b(loop);
  Location loc = sub.getLoc();
  Type i32 = b.getI32Type();
  Value bits = arith::ConstantIntOp::create(b, loc, i32,
                                            static_cast<int32_t>(0xbf800000u));
  Value opaque =
      LLVM::InlineAsmOp::create(
          b, loc, i32, ValueRange{bits}, b.getStringAttr(""),
          b.getStringAttr("=r,0"), /*has_side_effects=*/nullptr,
          /*is_align_stack=*/nullptr,
          LLVM::TailCallKindAttr::get(b.getContext(),
                                      LLVM::tailcallkind::TailCallKind::None),
          /*asm_dialect=*/nullptr, /*operand_attrs=*/nullptr)
          .getRes();
  Value minusOne = vector::BroadcastOp::create(
      b, loc, sub.getType(),
      arith::BitcastOp::create(b, loc, b.getF32Type(), opaque));
  b.setInsertionPoint(sub);
  Value fused =
      math::FmaOp::create(b, loc, sub.getRhs(), minusOne, sub.getLhs());
  sub.getResult().replaceAllUsesWith(fused);
  sub.erase();
}

namespace {
struct DeinterleaveBF16SumsPass
    : public norm::impl::DeinterleaveBF16SumsPassBase<
          DeinterleaveBF16SumsPass> {
  void runOnOperation() override {
    // The shifts K - x of widened terms, found before the widenings of bf16
    // sums below are rewritten, as fused multiply-adds after them.
    SmallVector<arith::SubFOp> shifts;
    getOperation().walk([&](arith::SubFOp sub) {
      if (isShiftOfWidenedTerm(sub))
        shifts.push_back(sub);
    });
    SmallVector<arith::ExtFOp> widenings;
    // The other widenings each one is combined with lane by lane.
    DenseMap<Operation *, SmallPtrSet<Operation *, 4>> partnersOf;
    bool remarks = norm::remarksEnabled(&getContext());
    getOperation().walk([&](arith::ExtFOp widen) {
      auto inType = dyn_cast<VectorType>(widen.getIn().getType());
      auto loop = dyn_cast<scf::ForOp>(widen->getParentOp());
      // Power-of-two lane counts only (full tiles), as in
      // norm-native-bf16-truncation: LLVM mishandles some bitcasts of other
      // bf16 vector lengths.
      std::string whyNot;
      bool bf16ToF32 = isBF16Widening(widen);
      if (bf16ToF32 && !inType.isScalable() && inType.getNumElements() >= 2 &&
          llvm::isPowerOf2_64(inType.getNumElements()) && loop &&
          onlyFeedsPermutableSum(widen.getResult(), loop, partnersOf[widen],
                                 remarks ? &whyNot : nullptr)) {
        widenings.push_back(widen);
        return;
      }
      partnersOf.erase(widen);
      // The remark, for widenings of bf16 vectors to f32 only.
      if (!remarks || !bf16ToF32)
        return;
      if (inType.isScalable())
        whyNot = "a scalable vector";
      else if (inType.getNumElements() < 2 ||
               !llvm::isPowerOf2_64(inType.getNumElements()))
        whyNot = llvm::formatv("{0} lanes, not a power of two of at least 2 "
                               "(a remainder tile)",
                               inType.getNumElements());
      else if (!loop)
        whyNot = "not directly in the body of an scf.for";
      norm::remarkMissed(widen, kPass, "NotDeinterleaved", "{0}", whyNot);
    });
    // A widening combined with one that is not deinterleaved keeps its
    // lane order too (until no such pair is left).
    for (bool changed = true; changed;) {
      changed = false;
      for (auto it = widenings.begin(); it != widenings.end();) {
        bool partnerKeepsOrder =
            llvm::any_of(partnersOf[*it], [&](Operation *partner) {
              return !partnersOf.contains(partner);
            });
        if (!partnerKeepsOrder) {
          ++it;
          continue;
        }
        if (remarks)
          norm::remarkMissed(*it, kPass, "NotDeinterleaved",
                             "its lanes are combined with those of a "
                             "widening that keeps its lane order");
        partnersOf.erase(*it);
        it = widenings.erase(it);
        changed = true;
      }
    }
    for (arith::ExtFOp widen : widenings) {
      norm::remarkPassed(
          widen, kPass, "Deinterleaved",
          "bf16 widened to f32 as the even lanes, then the odd lanes, of "
          "the sum it feeds (shift and mask of i32 lane pairs)");
      deinterleave(widen);
    }
    for (arith::SubFOp sub : shifts) {
      norm::remarkPassed(sub, kPass, "FusedShift",
                         "K - x of a widened 16-bit term as a fused "
                         "multiply-add by -1 (the same value)");
      rewriteAsFusedMultiplyAdd(sub);
    }
  }
};
} // namespace
