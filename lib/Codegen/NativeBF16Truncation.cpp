//===- NativeBF16Truncation.cpp - norm-native-bf16-truncation -------------===//
//
// f32 -> bf16 rounding of vectors by the CPU's conversion instruction
// (x86 AVX512-BF16 `vcvtneps2bf16`: one instruction per 16 lanes, or
// `vcvtne2ps2bf16` per 32 lanes with 512-bit vectors), with the
// exact integer expansion kept for the vectors that hold an f32 subnormal,
// which the instruction flushes to zero (see Passes.td).
//
// Remarks (category norm-native-bf16-truncation): NativeTruncation or
// NotNative (missed, with the reason) at each arith.truncf of an f32 vector
// to bf16.
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "BF16Conversions.h"
#include "Remarks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_NATIVEBF16TRUNCATIONPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-native-bf16-truncation";

/// Returns whether every use of `value` (through vector.extract,
/// vector.shape_cast, and the arith.bitcast / arith.xori / arith.bitcast
/// chain by which norm-nontemporal-stores keeps a streaming store of 16-bit
/// floats from being folded) is an unmasked store of it: vector.store, or
/// an in-bounds vector.transfer_write without a mask. LLVM 22's x86 backend
/// cannot select the `llvm.masked.store` of a bf16 vector with a constant
/// mask ("Cannot select: store (s16)") when the value is not integer code,
/// so the masked remainder stores keep the exact expansion.
static bool isOnlyStoredWhole(Value value) {
  for (Operation *user : value.getUsers()) {
    if (isa<vector::ExtractOp, vector::ShapeCastOp, arith::BitcastOp,
            arith::XOrIOp>(user)) {
      if (!isOnlyStoredWhole(user->getResult(0)))
        return false;
      continue;
    }
    if (auto store = dyn_cast<vector::StoreOp>(user)) {
      if (store.getValueToStore() != value)
        return false;
      continue;
    }
    auto write = dyn_cast<vector::TransferWriteOp>(user);
    if (!write || write.getVector() != value || write.getMask() ||
        write.hasOutOfBoundsDim())
      return false;
  }
  return true;
}

/// Returns whether `op` rounds a fixed-size vector of f32 with a power of two
/// lanes (2 or more) to bf16, to nearest even (no rounding-mode attribute,
/// or to_nearest_even). Other lane counts (static remainders) keep the exact
/// code: with 34 to 62 lanes the zero test, correct in MLIR, came out of
/// LLVM 22's x86 code generation never firing, and subnormal results were
/// flushed (found in review, not analyzed further;
/// test/Integration/LayerNormalization/fast-path/bf16-rounding-98.mlir).
/// Otherwise sets `whyNot` (if not null) to the reason.
static bool isVectorF32ToBF16(arith::TruncFOp op,
                              std::string *whyNot = nullptr) {
  auto reject = [&](const Twine &reason) {
    if (whyNot)
      *whyNot = reason.str();
    return false;
  };
  auto inType = dyn_cast<VectorType>(op.getIn().getType());
  auto outType = dyn_cast<VectorType>(op.getType());
  if (!inType || !outType || !inType.getElementType().isF32() ||
      !outType.getElementType().isBF16())
    return reject("not a truncation of an f32 vector to bf16");
  if (inType.isScalable())
    return reject("a scalable vector");
  if (inType.getNumElements() < 2 ||
      !llvm::isPowerOf2_64(inType.getNumElements()))
    return reject(Twine(inType.getNumElements()) +
                  " lanes, not a power of two of at least 2 (a static "
                  "remainder)");
  std::optional<arith::RoundingMode> mode = op.getRoundingmode();
  if (mode && *mode != arith::RoundingMode::to_nearest_even)
    return reject("rounding mode " + arith::stringifyRoundingMode(*mode) +
                  ", not to_nearest_even");
  if (!isOnlyStoredWhole(op.getResult()))
    return reject("a use is not an unmasked, in-bounds store of the whole "
                  "vector (LLVM 22's x86 backend cannot select the masked "
                  "store of native code)");
  return true;
}

/// Returns whether `value` is norm-nontemporal-stores' opaque zero
/// broadcast: `vector.broadcast` of `arith.trunci` of an empty inline asm
/// (`"=r,0"`) of a constant 0.
static bool isOpaqueZeroBroadcast(Value value) {
  auto broadcast = value.getDefiningOp<vector::BroadcastOp>();
  auto trunc = broadcast
                   ? broadcast.getSource().getDefiningOp<arith::TruncIOp>()
                   : arith::TruncIOp();
  auto asmOp = trunc ? trunc.getIn().getDefiningOp<LLVM::InlineAsmOp>()
                     : LLVM::InlineAsmOp();
  if (!asmOp || !asmOp.getAsmString().empty() ||
      asmOp.getConstraints() != "=r,0" || asmOp.getOperands().size() != 1)
    return false;
  return matchPattern(asmOp.getOperands()[0], m_Zero());
}

/// Returns whether a use of `rounded` (through vector.extract and
/// vector.shape_cast) is the pass-through by which norm-nontemporal-stores
/// keeps a non-temporal store of 16-bit floats an integer store (see
/// isOnlyStoredWhole): `arith.bitcast` to integers, `arith.xori` with its
/// opaque zero broadcast. With `drop`, replaces each such xor by its bitcast
/// operand (the same bits) instead.
static bool findIntegerPassThroughs(Value rounded, bool drop) {
  bool found = false;
  for (Operation *user : llvm::make_early_inc_range(rounded.getUsers())) {
    if (isa<vector::ExtractOp, vector::ShapeCastOp>(user)) {
      found |= findIntegerPassThroughs(user->getResult(0), drop);
      continue;
    }
    auto bits = dyn_cast<arith::BitcastOp>(user);
    if (!bits)
      continue;
    for (Operation *bitsUser : llvm::make_early_inc_range(bits->getUsers())) {
      auto xorOp = dyn_cast<arith::XOrIOp>(bitsUser);
      if (!xorOp || xorOp.getLhs() != bits.getResult() ||
          !isOpaqueZeroBroadcast(xorOp.getRhs()))
        continue;
      found = true;
      if (!drop)
        continue;
      xorOp.getResult().replaceAllUsesWith(bits.getResult());
      xorOp.erase();
    }
  }
  return found;
}

/// Replaces `op` by the native conversion (`llvm.fptrunc`, or with
/// `pairConversions` one `vcvtne2ps2bf16` per 32 lanes where the lane count
/// is a multiple of 32), on the vector flattened to 1-D (LLVM's vectors are
/// 1-D). The instruction differs from
/// `op` only where it flushes an f32 subnormal to +-0. A +-0 result is
/// rare, and one test finds it (on x86 a `vptestnmw` per 32 lanes); only
/// vectors with one take `op` (the exact integer expansion, later). Testing
/// the inputs for subnormals instead costs three vector ops per 16 lanes, as
/// much as the conversion saves.
static void rewriteTruncation(arith::TruncFOp op, bool pairConversions) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto inType = cast<VectorType>(op.getIn().getType());
  auto flatInType = VectorType::get({inType.getNumElements()}, b.getF32Type());
  auto flatOutType = flatInType.clone(b.getBF16Type());
  Value flat = op.getIn();
  if (inType != flatInType)
    flat = vector::ShapeCastOp::create(b, loc, flatInType, flat);
  Value flatNative =
      pairConversions && flatInType.getNumElements() % 32 == 0
          ? norm::buildPairConversions(b, loc, flat)
          : LLVM::FPTruncOp::create(b, loc, flatOutType, flat).getResult();
  Value opaqueNative;
  Value anyZero = norm::buildAnyZero(b, loc, flatNative, opaqueNative);

  // A non-temporal store of the result (norm-nontemporal-stores' integer
  // pass-through) takes the rounded bits as integers from both branches:
  // the store of their phi is then an integer store, which stays
  // non-temporal without the pass-through's xor (one instruction per
  // vector less). LLVM 22's x86 backend writes a non-temporal store of a
  // phi of bf16 vectors as a normal store.
  if (findIntegerPassThroughs(op.getResult(), /*drop=*/false)) {
    Value opaqueWords =
        opaqueNative.getDefiningOp<vector::BitCastOp>().getSource();
    auto ifOp = scf::IfOp::create(b, loc, opaqueWords.getType(), anyZero,
                                  /*withElseRegion=*/true);
    OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
    Value exact = thenBuilder.clone(*op)->getResult(0);
    if (flatOutType != op.getType())
      exact = vector::ShapeCastOp::create(thenBuilder, loc, flatOutType, exact);
    scf::YieldOp::create(thenBuilder, loc,
                         ValueRange{arith::BitcastOp::create(
                             thenBuilder, loc, opaqueWords.getType(), exact)});
    OpBuilder elseBuilder = ifOp.getElseBodyBuilder();
    scf::YieldOp::create(elseBuilder, loc, opaqueWords);
    Value rounded =
        arith::BitcastOp::create(b, loc, flatOutType, ifOp.getResult(0));
    if (flatOutType != op.getType())
      rounded = vector::ShapeCastOp::create(b, loc, op.getType(), rounded);
    op.getResult().replaceAllUsesWith(rounded);
    op.erase();
    findIntegerPassThroughs(rounded, /*drop=*/true);
    return;
  }

  Value native = opaqueNative;
  if (flatOutType != op.getType())
    native = vector::ShapeCastOp::create(b, loc, op.getType(), opaqueNative);
  auto ifOp = scf::IfOp::create(b, loc, op.getType(), anyZero,
                                /*withElseRegion=*/true);
  OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
  Operation *exact = thenBuilder.clone(*op);
  scf::YieldOp::create(thenBuilder, loc, exact->getResults());
  OpBuilder elseBuilder = ifOp.getElseBodyBuilder();
  scf::YieldOp::create(elseBuilder, loc, native);

  op.getResult().replaceAllUsesWith(ifOp.getResult(0));
  op.erase();
}

namespace {
struct NativeBF16TruncationPass
    : public norm::impl::NativeBF16TruncationPassBase<
          NativeBF16TruncationPass> {
  using Base::Base;

  /// Rejects a vector-bits that is not a vector register width: the pass
  /// fails before it runs, with the option, its value and the widths.
  LogicalResult initialize(MLIRContext *context) override {
    if (vectorBits != 128 && vectorBits != 256 && vectorBits != 512)
      return emitError(UnknownLoc::get(context))
             << kPass
             << ": vector-bits must be 128, 256 or 512 (the widths of CPU "
                "vector registers), got "
             << static_cast<unsigned>(vectorBits);
    return success();
  }

  void runOnOperation() override {
    SmallVector<arith::TruncFOp> truncations;
    bool remarks = norm::remarksEnabled(&getContext());
    getOperation().walk([&](arith::TruncFOp op) {
      std::string whyNot;
      if (isVectorF32ToBF16(op, remarks ? &whyNot : nullptr)) {
        truncations.push_back(op);
        return;
      }
      // The remark, for truncations of f32 vectors to bf16 only.
      auto inType = dyn_cast<VectorType>(op.getIn().getType());
      if (remarks && inType && inType.getElementType().isF32() &&
          getElementTypeOrSelf(op.getType()).isBF16())
        norm::remarkMissed(op, kPass, "NotNative",
                           "{0}: the exact integer expansion stays", whyNot);
    });
    for (arith::TruncFOp op : truncations) {
      norm::remarkPassed(
          op, kPass, "NativeTruncation",
          "the CPU's conversion instruction (llvm.fptrunc), with the exact "
          "expansion only for vectors with a +-0 result");
      rewriteTruncation(op, vectorBits == 512);
    }
  }
};
} // namespace
