//===- NativeBF16Rounding.cpp - norm-native-bf16-rounding -----------------===//
//
// f32 vectors rounded to bf16 precision and kept in f32 (RMSNormalization's
// Normalized of bf16 X, which the lowering writes as integer code) by
// AVX512-BF16's `vcvtne2ps2bf16` and two in-lane unpacks per 32 lanes, with
// the exact integer code kept for the vectors where the conversion gives a
// +-0 (it flushes f32 subnormals). The unpacks interleave within 128-bit
// lanes; the bf16 X the rounded value is computed from is widened in the
// matching lane order, so that the result comes out in the original order
// (see Passes.td).
//
// Remarks (category norm-native-bf16-rounding): NativeRounding (passed) at
// each rewritten rounding, NotNative (missed, with the reason).
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
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_NATIVEBF16ROUNDINGPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-native-bf16-rounding";

/// The lanes one `vcvtne2ps2bf16` converts.
static constexpr int64_t kPairLanes = 32;

/// The deepest chain of lane-wise ops followed from the rounded value to
/// the widened bf16 vectors.
static constexpr int kMaxChainDepth = 8;

/// Returns whether `value` is a splat integer constant equal to `expected`
/// (compared on 32 bits).
static bool isSplatOf(Value value, uint32_t expected) {
  APInt splat;
  return matchPattern(value, m_ConstantInt(&splat)) &&
         splat.getBitWidth() == 32 && splat.getZExtValue() == expected;
}

/// If `op` is `arith.<Op>` with one operand a splat constant `constant`,
/// returns the other operand.
template <typename Op>
static Value matchWithConstant(Operation *op, uint32_t constant) {
  auto typed = dyn_cast_or_null<Op>(op);
  if (!typed)
    return {};
  if (isSplatOf(typed.getRhs(), constant))
    return typed.getLhs();
  if (isSplatOf(typed.getLhs(), constant))
    return typed.getRhs();
  return {};
}

/// The ops of one rounding to bf16 precision in f32 (RMSNormalization's
/// buildBF16Rounding): `out = bitcast((in_bits + 0x7fff + ((in_bits >> 16)
/// & 1)) & 0xffff0000)` with `in_bits = bitcast(in)`.
struct Rounding {
  Value input;                  // the f32 vector rounded
  SmallVector<Operation *> ops; // bitcast in .. bitcast out, in order
};

/// Matches the rounding whose last op is `out` (an `arith.bitcast` from an
/// i32 vector to f32).
static std::optional<Rounding> matchRounding(arith::BitcastOp out) {
  auto outType = dyn_cast<VectorType>(out.getType());
  if (!outType || !outType.getElementType().isF32())
    return std::nullopt;
  Operation *clear = out.getIn().getDefiningOp();
  Value sum = matchWithConstant<arith::AndIOp>(clear, 0xffff0000u);
  auto add = sum ? sum.getDefiningOp<arith::AddIOp>() : arith::AddIOp();
  if (!add)
    return std::nullopt;
  // add = (bits + 0x7fff) + lsb, in either order.
  for (int i = 0; i < 2; ++i) {
    Operation *biased = add->getOperand(i).getDefiningOp();
    Operation *lsbOp = add->getOperand(1 - i).getDefiningOp();
    Value bits = matchWithConstant<arith::AddIOp>(biased, 0x7fff);
    Value shifted = matchWithConstant<arith::AndIOp>(lsbOp, 1);
    auto shr =
        shifted ? shifted.getDefiningOp<arith::ShRUIOp>() : arith::ShRUIOp();
    if (!bits || !shr || shr.getLhs() != bits || !isSplatOf(shr.getRhs(), 16))
      continue;
    auto in = bits.getDefiningOp<arith::BitcastOp>();
    if (!in || in.getIn().getType() != outType)
      return std::nullopt;
    Rounding rounding;
    rounding.input = in.getIn();
    rounding.ops = {in, shr, lsbOp, biased, add, clear, out};
    return rounding;
  }
  return std::nullopt;
}

/// Returns whether `value` is the same in every lane: a `vector.broadcast`
/// of a scalar or of a one-element vector, or a splat constant.
static bool isLaneUniform(Value value) {
  if (auto broadcast = value.getDefiningOp<vector::BroadcastOp>()) {
    auto sourceType = dyn_cast<VectorType>(broadcast.getSourceType());
    return !sourceType || sourceType.getNumElements() == 1;
  }
  Attribute attr;
  if (matchPattern(value, m_Constant(&attr)))
    if (auto dense = dyn_cast<DenseElementsAttr>(attr))
      return dense.isSplat();
  return false;
}

/// The lane-wise computation of a rounded value from bf16 vectors: its
/// `arith.extf`s of bf16 vectors (the leaves) and the ops between them and
/// the rounding, each after its operands' (collectChain's post-order).
struct Chain {
  SmallVector<arith::ExtFOp> leaves;
  SmallVector<Operation *> ops;
};

/// Collects into `chain` the computation of `value` (of vector type `type`)
/// in `block`; returns false with `whyNot` set where a value is neither
/// lane-uniform nor a widened bf16 vector nor an elementwise arith op of
/// such values.
static bool collectChain(Value value, VectorType type, Block *block, int depth,
                         Chain &chain, std::string &whyNot) {
  if (isLaneUniform(value))
    return true;
  Operation *op = value.getDefiningOp();
  if (!op || op->getBlock() != block) {
    whyNot = "an operand is not computed in the rounding's block";
    return false;
  }
  if (llvm::is_contained(chain.ops, op))
    return true;
  if (auto ext = dyn_cast<arith::ExtFOp>(op)) {
    auto inType = dyn_cast<VectorType>(ext.getIn().getType());
    if (inType && inType.getElementType().isBF16() &&
        inType.getShape() == type.getShape()) {
      if (!llvm::is_contained(chain.leaves, ext))
        chain.leaves.push_back(ext);
      return true;
    }
  }
  // Float ops only: a chain never passes through integer code (such as
  // another rounding, whose ops the rewrite replaces).
  auto isFloat = [](Value v) {
    return isa<FloatType>(getElementTypeOrSelf(v.getType()));
  };
  if (depth >= kMaxChainDepth || op->getDialect()->getNamespace() != "arith" ||
      !op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
      !isMemoryEffectFree(op) || !llvm::all_of(op->getOperands(), isFloat) ||
      !isFloat(op->getResult(0))) {
    whyNot = ("'" + op->getName().getStringRef() +
              "' is not an elementwise arith op on floats of widened bf16 "
              "vectors and lane-uniform values")
                 .str();
    return false;
  }
  for (Value operand : op->getOperands()) {
    auto operandType = dyn_cast<VectorType>(operand.getType());
    if (!operandType || operandType.getShape() != type.getShape()) {
      whyNot = "an operand has another shape";
      return false;
    }
    if (!collectChain(operand, type, block, depth + 1, chain, whyNot))
      return false;
  }
  chain.ops.push_back(op);
  return true;
}

/// Returns the 1-D i16 vector of `lanes` words that interleaves, within each
/// 128-bit lane, zero words with the words of `words` (32 lanes): the low
/// half of each 128-bit lane (`high` false, x86 `vpunpcklwd` of zeros and
/// `words`) or its high half. As 16 f32 lanes, these are the bf16 words
/// widened.
static Value buildUnpackWithZeros(OpBuilder &b, Location loc, Value words,
                                  Value zeros, bool high) {
  SmallVector<int64_t> mask;
  for (int64_t lane = 0; lane < 4; ++lane)
    for (int64_t i = 0; i < 4; ++i) {
      mask.push_back(0);
      mask.push_back(kPairLanes + 8 * lane + (high ? 4 : 0) + i);
    }
  return vector::ShuffleOp::create(b, loc, zeros, words, mask);
}

/// Returns the bf16 vector `x` (shape `type`, a multiple of 32 lanes)
/// widened to f32 with the lanes of each 32 in the order
/// [0-3, 16-19, 4-7, 20-23, 8-11, 24-27, 12-15, 28-31]: the order whose
/// pair conversion and in-lane unpacks give the lanes back in order.
static Value buildPermutedWidening(OpBuilder &b, Location loc, Value x,
                                   VectorType type) {
  int64_t lanes = type.getNumElements();
  auto flatType = VectorType::get({lanes}, b.getBF16Type());
  Value flat = x;
  if (cast<VectorType>(x.getType()) != flatType)
    flat = vector::ShapeCastOp::create(b, loc, flatType, x);
  Value words = vector::BitCastOp::create(
      b, loc, VectorType::get({lanes}, b.getI16Type()), flat);
  auto pairWords = VectorType::get({kPairLanes}, b.getI16Type());
  auto chunks = VectorType::get({kPairLanes / 4}, b.getI64Type());
  auto wideHalf = VectorType::get({kPairLanes / 2}, b.getF32Type());
  Value zeros = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(pairWords, b.getI16IntegerAttr(0)));
  SmallVector<Value> parts;
  for (int64_t offset = 0; offset < lanes; offset += kPairLanes) {
    Value part = vector::ExtractStridedSliceOp::create(b, loc, words, offset,
                                                       kPairLanes, 1);
    // 64-bit chunks [0, 2, 4, 6, 1, 3, 5, 7] (x86 vpermq): the low halves of
    // the 128-bit lanes then hold chunks 0, 4, 1, 5 and the high ones 2, 6,
    // 3, 7.
    Value asChunks = vector::BitCastOp::create(b, loc, chunks, part);
    Value permuted = vector::ShuffleOp::create(
        b, loc, asChunks, asChunks, ArrayRef<int64_t>{0, 2, 4, 6, 1, 3, 5, 7});
    Value permutedWords =
        vector::BitCastOp::create(b, loc, pairWords, permuted);
    for (bool high : {false, true})
      parts.push_back(vector::BitCastOp::create(
          b, loc, wideHalf,
          buildUnpackWithZeros(b, loc, permutedWords, zeros, high)));
  }
  Value joined = norm::buildConcat(b, loc, parts);
  auto wideType = type.clone(b.getF32Type());
  if (cast<VectorType>(joined.getType()) != wideType)
    joined = vector::ShapeCastOp::create(b, loc, wideType, joined);
  return joined;
}

/// Returns why `rounding` (of vector type `type`) keeps its integer code, or
/// an empty string, having collected its input's computation into `chain`
/// (operands before users).
static std::string whyNotNative(const Rounding &rounding, VectorType type,
                                Block *block, Chain &chain) {
  if (type.isScalable())
    return "a scalable vector";
  if (type.getNumElements() % kPairLanes != 0)
    return llvm::formatv("{0} lanes, not a multiple of {1}",
                         type.getNumElements(), kPairLanes)
        .str();
  std::string whyNot;
  if (!collectChain(rounding.input, type, block, 0, chain, whyNot))
    return whyNot;
  if (chain.leaves.empty())
    return "no widened bf16 vector in its operand";
  return {};
}

/// Rewrites `rounding` (of a vector with a multiple of 32 lanes, whose input
/// is computed by `chain`) as Passes.td describes.
static void rewriteRounding(const Rounding &rounding, const Chain &chain) {
  Operation *out = rounding.ops.back();
  OpBuilder b(out);
  Location loc = out->getLoc();
  auto type = cast<VectorType>(out->getResult(0).getType());
  int64_t lanes = type.getNumElements();

  // The chain on X widened in the permuted order.
  IRMapping permutedMap;
  for (arith::ExtFOp leaf : chain.leaves)
    permutedMap.map(leaf.getResult(),
                    buildPermutedWidening(b, loc, leaf.getIn(), type));
  for (Operation *op : chain.ops)
    b.clone(*op, permutedMap);
  Value permuted = permutedMap.lookupOrDefault(rounding.input);

  // One conversion per 32 lanes: the first 16 permuted lanes are the low
  // operand.
  auto flatType = VectorType::get({lanes}, b.getF32Type());
  Value flat = permuted;
  if (type != flatType)
    flat = vector::ShapeCastOp::create(b, loc, flatType, permuted);
  Value native = norm::buildPairConversions(b, loc, flat);
  Value opaqueNative;
  Value anyZero = norm::buildAnyZero(b, loc, native, opaqueNative);

  auto ifOp = scf::IfOp::create(b, loc, type, anyZero, /*withElseRegion=*/true);
  // Then: the exact integer code on the lanes in their order.
  OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
  IRMapping exactMap;
  for (arith::ExtFOp leaf : chain.leaves)
    thenBuilder.clone(*leaf, exactMap);
  for (Operation *op : chain.ops)
    thenBuilder.clone(*op, exactMap);
  for (Operation *op : rounding.ops)
    thenBuilder.clone(*op, exactMap);
  scf::YieldOp::create(thenBuilder, loc, exactMap.lookup(out->getResult(0)));
  // Else: the converted words unpacked, lanes back in order.
  OpBuilder elseBuilder = ifOp.getElseBodyBuilder();
  Value words = vector::BitCastOp::create(
      elseBuilder, loc, VectorType::get({lanes}, elseBuilder.getI16Type()),
      opaqueNative);
  auto pairWords = VectorType::get({kPairLanes}, elseBuilder.getI16Type());
  auto wideHalf = VectorType::get({kPairLanes / 2}, elseBuilder.getF32Type());
  Value zeros = arith::ConstantOp::create(
      elseBuilder, loc,
      DenseElementsAttr::get(pairWords, elseBuilder.getI16IntegerAttr(0)));
  SmallVector<Value> parts;
  for (int64_t offset = 0; offset < lanes; offset += kPairLanes) {
    Value part = vector::ExtractStridedSliceOp::create(elseBuilder, loc, words,
                                                       offset, kPairLanes, 1);
    for (bool high : {false, true})
      parts.push_back(vector::BitCastOp::create(
          elseBuilder, loc, wideHalf,
          buildUnpackWithZeros(elseBuilder, loc, part, zeros, high)));
  }
  Value unpacked = norm::buildConcat(elseBuilder, loc, parts);
  if (type != flatType)
    unpacked = vector::ShapeCastOp::create(elseBuilder, loc, type, unpacked);
  scf::YieldOp::create(elseBuilder, loc, unpacked);

  out->getResult(0).replaceAllUsesWith(ifOp.getResult(0));
  // The original ops, now unused unless something else reads them.
  SmallVector<Operation *> dead(rounding.ops);
  dead.append(chain.ops.begin(), chain.ops.end());
  for (arith::ExtFOp leaf : chain.leaves)
    dead.push_back(leaf);
  bool erased = true;
  while (erased) {
    erased = false;
    for (Operation *&op : dead)
      if (op && op->use_empty()) {
        op->erase();
        op = nullptr;
        erased = true;
      }
  }
}

namespace {
struct NativeBF16RoundingPass
    : public norm::impl::NativeBF16RoundingPassBase<NativeBF16RoundingPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<std::pair<Rounding, Chain>> rewrites;
    getOperation().walk([&](arith::BitcastOp out) {
      std::optional<Rounding> rounding = matchRounding(out);
      if (!rounding)
        return;
      Chain chain;
      std::string whyNot = whyNotNative(
          *rounding, cast<VectorType>(out.getType()), out->getBlock(), chain);
      if (!whyNot.empty()) {
        norm::remarkMissed(out, kPass, "NotNative",
                           "{0}: the integer code stays", whyNot);
        return;
      }
      rewrites.emplace_back(std::move(*rounding), std::move(chain));
    });
    for (auto &[rounding, chain] : rewrites) {
      norm::remarkPassed(rounding.ops.back(), kPass, "NativeRounding",
                         "vcvtne2ps2bf16 and in-lane unpacks per 32 lanes, "
                         "X widened in their lane order; the integer code "
                         "only for vectors with a +-0 result");
      rewriteRounding(rounding, chain);
    }
  }
};
} // namespace
