//===- FloatArithmetic.cpp - scalar float ops of the lowerings ------------===//
//
// Conversions, rounding, constants and Lp terms on scalars
// (FloatArithmetic.h).
//
//===----------------------------------------------------------------------===//

#include "FloatArithmetic.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::norm;

Value mlir::norm::convertToFloat(OpBuilder &b, Location loc, Value value,
                                 FloatType type) {
  Type from = value.getType();
  if (from == type)
    return value;
  if (isa<IntegerType>(from))
    return arith::SIToFPOp::create(b, loc, type, value);
  auto fromFloat = cast<FloatType>(from);
  if (fromFloat.getWidth() > type.getWidth())
    return createTruncF(b, loc, value, type);
  // 16-bit -> f64 through f32 (exact): bf16 -> f32 has an integer expansion
  // (arith-expand) and f16 -> f32 is native on x86; the direct forms would
  // need compiler-rt calls.
  if (fromFloat.getWidth() == 16 && type.getWidth() > 32)
    value = arith::ExtFOp::create(b, loc, b.getF32Type(), value);
  return arith::ExtFOp::create(b, loc, type, value);
}

Value mlir::norm::createTruncF(OpBuilder &b, Location loc, Value value,
                               FloatType type) {
  auto from = cast<FloatType>(value.getType());
  if (from == type)
    return value;
  if (!(from.isF64() && type.getWidth() == 16))
    return arith::TruncFOp::create(b, loc, type, value);

  // Round to odd from f64 to f32: RNE, then, where that was inexact and gave
  // an even significand, step to the odd neighbour on x's side. Rounding
  // this f32 (24 bits >= 11 + 2) to nearest-even then equals rounding x
  // once. NaN compares unordered and passes through unchanged.
  Type f32 = b.getF32Type();
  Type i32 = b.getI32Type();
  Value rne = arith::TruncFOp::create(b, loc, f32, value);
  Value back = arith::ExtFOp::create(b, loc, from, rne);
  Value inexact =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE, back, value);
  Value bits = arith::BitcastOp::create(b, loc, i32, rne);
  Value one = arith::ConstantIntOp::create(b, loc, i32, 1);
  Value zero = arith::ConstantIntOp::create(b, loc, i32, 0);
  Value lowBit = arith::AndIOp::create(b, loc, bits, one);
  Value even =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lowBit, zero);
  Value fix = arith::AndIOp::create(b, loc, inexact, even);
  // |rne| > |x|: RNE rounded away from zero, the odd neighbour toward zero
  // is bits - 1; otherwise bits + 1 (sign-magnitude encoding).
  Value awayFromZero = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OGT, math::AbsFOp::create(b, loc, back),
      math::AbsFOp::create(b, loc, value));
  Value down = arith::SubIOp::create(b, loc, bits, one);
  Value up = arith::AddIOp::create(b, loc, bits, one);
  Value oddBits = arith::SelectOp::create(
      b, loc, fix, arith::SelectOp::create(b, loc, awayFromZero, down, up),
      bits);
  Value odd = arith::BitcastOp::create(b, loc, f32, oddBits);
  return arith::TruncFOp::create(b, loc, type, odd);
}

Value mlir::norm::createReassocAdd(OpBuilder &b, Location loc, Value lhs,
                                   Value rhs) {
  return arith::AddFOp::create(b, loc, lhs, rhs, arith::FastMathFlags::reassoc);
}

Value mlir::norm::createFloatConstant(OpBuilder &b, Location loc,
                                      FloatType type, double value) {
  return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
}

Value mlir::norm::createPowerTerm(OpBuilder &b, Location loc, Value x,
                                  int64_t p) {
  if (p == 1)
    return math::AbsFOp::create(b, loc, x);
  return arith::MulFOp::create(b, loc, x, x);
}

Value mlir::norm::createRoot(OpBuilder &b, Location loc, Value sum, int64_t p) {
  if (p == 1)
    return sum;
  return math::SqrtOp::create(b, loc, sum);
}
