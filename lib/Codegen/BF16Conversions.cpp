//===- BF16Conversions.cpp - Native bf16 conversions on x86 ---------------===//
//
// Helpers shared by norm-native-bf16-truncation and
// norm-native-bf16-rounding (BF16Conversions.h).
//
//===----------------------------------------------------------------------===//

#include "BF16Conversions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <numeric>

using namespace mlir;

/// The fewest 16-bit lanes of a value given to an inline asm's "v"
/// constraint: one 128-bit register.
static constexpr int64_t kMinAsmLanes = 8;

Value mlir::norm::buildAnyZero(OpBuilder &b, Location loc, Value y,
                               Value &opaqueY) {
  auto type = cast<VectorType>(y.getType());
  int64_t lanes = type.getNumElements();
  auto wordsType = VectorType::get({lanes}, b.getI16Type());
  Value words = vector::BitCastOp::create(b, loc, wordsType, y);
  int64_t partLanes = std::min<int64_t>(lanes, 32);
  auto partType = VectorType::get({partLanes}, b.getI16Type());
  auto splat = [&](int16_t value) -> Value {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(partType, b.getI16IntegerAttr(value)));
  };
  Value magnitudeBits = splat(0x7fff), zero = splat(0);
  Value anyZero;
  SmallVector<Value> opaqueParts;
  for (int64_t offset = 0; offset < lanes; offset += partLanes) {
    Value part = words;
    if (partLanes != lanes)
      part = vector::ExtractStridedSliceOp::create(b, loc, words, offset,
                                                   partLanes, 1);
    // A part narrower than a 128-bit register goes through the asm in the
    // low lanes of one (x86's "v" has no register for vector<2xi16> or
    // vector<4xi16>: "couldn't allocate output register").
    Value asmInput = part;
    if (partLanes < kMinAsmLanes)
      asmInput = vector::InsertStridedSliceOp::create(
          b, loc, part,
          arith::ConstantOp::create(
              b, loc,
              DenseElementsAttr::get(
                  VectorType::get({kMinAsmLanes}, b.getI16Type()),
                  b.getI16IntegerAttr(0))),
          /*offsets=*/0, /*strides=*/1);
    Value opaque =
        LLVM::InlineAsmOp::create(
            b, loc, asmInput.getType(), ValueRange{asmInput},
            b.getStringAttr(""), b.getStringAttr("=v,0"),
            /*has_side_effects=*/nullptr,
            /*is_align_stack=*/nullptr,
            LLVM::TailCallKindAttr::get(b.getContext(),
                                        LLVM::tailcallkind::TailCallKind::None),
            /*asm_dialect=*/nullptr, /*operand_attrs=*/nullptr)
            .getRes();
    if (partLanes < kMinAsmLanes)
      opaque = vector::ExtractStridedSliceOp::create(b, loc, opaque,
                                                     /*offsets=*/0, partLanes,
                                                     /*strides=*/1);
    opaqueParts.push_back(opaque);
    Value magnitudes = arith::AndIOp::create(b, loc, opaque, magnitudeBits);
    Value isZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         magnitudes, zero);
    anyZero = anyZero
                  ? arith::OrIOp::create(b, loc, anyZero, isZero).getResult()
                  : isZero;
  }
  Value opaqueWords = opaqueParts.front();
  if (opaqueParts.size() > 1) {
    opaqueWords = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(wordsType, b.getI16IntegerAttr(0)));
    for (auto [index, part] : llvm::enumerate(opaqueParts))
      opaqueWords = vector::InsertStridedSliceOp::create(
          b, loc, part, opaqueWords, int64_t(index) * partLanes, 1);
  }
  opaqueY = vector::BitCastOp::create(b, loc, type, opaqueWords);
  return vector::ReductionOp::create(b, loc, vector::CombiningKind::OR,
                                     anyZero);
}

Value mlir::norm::buildConcat(OpBuilder &b, Location loc,
                              ArrayRef<Value> parts) {
  SmallVector<Value> current(parts);
  while (current.size() > 1) {
    SmallVector<Value> joined;
    for (size_t i = 0; i + 1 < current.size(); i += 2) {
      int64_t lanes =
          cast<VectorType>(current[i].getType()).getNumElements() * 2;
      SmallVector<int64_t> order(lanes);
      std::iota(order.begin(), order.end(), 0);
      joined.push_back(
          vector::ShuffleOp::create(b, loc, current[i], current[i + 1], order));
    }
    if (current.size() % 2)
      joined.push_back(current.back());
    current = std::move(joined);
  }
  return current.front();
}

Value mlir::norm::buildPairConversions(OpBuilder &b, Location loc, Value flat) {
  auto type = cast<VectorType>(flat.getType());
  int64_t lanes = type.getNumElements();
  auto pairType = VectorType::get({32}, b.getBF16Type());
  auto half = [&](int64_t offset) -> Value {
    return vector::ExtractStridedSliceOp::create(b, loc, flat, offset, 16, 1);
  };
  SmallVector<Value> parts;
  for (int64_t offset = 0; offset < lanes; offset += 32) {
    Value high = half(offset + 16), low = half(offset);
    parts.push_back(
        LLVM::CallIntrinsicOp::create(b, loc, pairType,
                                      b.getStringAttr(kConvertPairIntrinsic),
                                      ValueRange{high, low})
            .getResult(0));
  }
  return buildConcat(b, loc, parts);
}
