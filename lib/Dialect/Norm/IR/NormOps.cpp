//===- NormOps.cpp - norm dialect operations ------------------------------===//
//
// Verifiers for the rank- and shape-dependent rules of the ops; the
// element-type and attribute-value rules are ODS constraints (NormOps.td).
//
//===----------------------------------------------------------------------===//

#include "norm/Dialect/Norm/IR/NormOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/Format.h"

#include <limits>

using namespace mlir;
using namespace mlir::norm;

/// Prints a shape as `2x?x3` for diagnostics.
static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string str;
  llvm::raw_string_ostream os(str);
  llvm::interleave(
      shape, os,
      [&](int64_t dim) {
        if (ShapedType::isDynamic(dim))
          os << '?';
        else
          os << dim;
      },
      "x");
  return str;
}

/// Verifies the `epsilon` attribute of a normalization: finite and
/// non-negative. The ONNX texts give no range, but a NaN or infinite epsilon
/// makes every result NaN or 0, and a negative one a NaN for any slice
/// whose variance is below -epsilon (a constant slice), silently. A value
/// beyond f32's range is rounded to inf before the verifier sees it (the
/// attribute parser reads the literal 1.0e39 as inf, and so does an ONNX
/// producer storing it as a float attribute), so an infinite f32 epsilon
/// says so.
static LogicalResult verifyEpsilon(Operation *op, const APFloat &epsilon) {
  if (epsilon.isFinite() && (!epsilon.isNegative() || epsilon.isZero()))
    return success();
  std::string text;
  llvm::raw_string_ostream(text)
      << llvm::format("%g", epsilon.convertToDouble());
  InFlightDiagnostic diag = op->emitOpError()
                            << "attribute 'epsilon' = " << text
                            << " is out of range: expected a finite value >= 0";
  if (epsilon.isInfinity() && &epsilon.getSemantics() == &APFloat::IEEEsingle())
    diag << " (an infinite f32 epsilon usually comes from a value beyond "
            "f32's range, such as the literal 1.0e39, rounded to inf when read "
            "as f32; the largest f32 is 3.4028235e38)";
  return diag;
}

/// Checks that `axis` lies in [-rank, rank) for a tensor of rank >= 1 named
/// `operandName`.
static LogicalResult verifyAxis(Operation *op, StringRef operandName,
                                int64_t rank, int64_t axis) {
  if (rank == 0)
    return op->emitOpError()
           << "expects '" << operandName << "' of rank >= 1, but found rank 0";
  if (axis < -rank || axis >= rank)
    return op->emitOpError()
           << "attribute 'axis' = " << axis << " is out of range: expected a "
           << "value in [" << -rank << ", " << rank << ") for '" << operandName
           << "' of rank " << rank;
  return success();
}

/// Checks that the tensor type of the operand or result `name` (`result 'Y'`
/// or `'X'`) has a byte size that fits in int64_t: the product of its static
/// sizes other than 0 and its element's byte size. A dynamic size only grows
/// it (unless it is 0 at run time), and a size of 0 does not make the others
/// harmless: the lowered code still derives strides and loop bounds from them
/// (norm-runner's inputs follow the same rule).
static LogicalResult verifyByteSizeFits(Operation *op, const Twine &name,
                                        Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType || !tensorType.getElementType().isIntOrFloat())
    return success();
  int64_t elementBytes =
      llvm::divideCeil(tensorType.getElementTypeBitWidth(), 8);
  std::optional<int64_t> bytes = elementBytes;
  for (int64_t dim : tensorType.getShape()) {
    if (ShapedType::isDynamic(dim) || dim == 0)
      continue;
    bytes = llvm::checkedMul<int64_t>(*bytes, dim);
    if (!bytes)
      return op->emitOpError()
             << "expects " << name << " of at most "
             << std::numeric_limits<int64_t>::max()
             << " bytes (the product of its static sizes, zeros left out, "
             << "and of its " << elementBytes
             << "-byte element size must fit in int64), but found type "
             << type;
  }
  return success();
}

/// Checks that the tensor type of the operand or result `name` has no
/// encoding: the ops define dense, row-major semantics and lower to dense
/// buffers, so an encoded tensor (a #sparse_tensor.encoding, or any other
/// attribute) would be read as a dense array.
static LogicalResult verifyNoEncoding(Operation *op, const Twine &name,
                                      Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType || !tensorType.getEncoding())
    return success();
  return op->emitOpError()
         << "expects " << name
         << " to be a tensor without an encoding (the op is defined on dense "
            "tensors), but found type "
         << type;
}

/// Checks `operands` and every result type of `op` with verifyNoEncoding
/// and verifyByteSizeFits; `operandNames` and `resultNames` are their ODS
/// names, in order. An absent optional operand is a null value and is
/// skipped.
static LogicalResult verifyTensorTypes(Operation *op,
                                       ArrayRef<StringRef> operandNames,
                                       ArrayRef<StringRef> resultNames,
                                       ArrayRef<Value> operands) {
  for (auto [name, value] : llvm::zip_equal(operandNames, operands))
    if (value &&
        (failed(verifyNoEncoding(op, "'" + name + "'", value.getType())) ||
         failed(verifyByteSizeFits(op, "'" + name + "'", value.getType()))))
      return failure();
  for (auto [name, value] : llvm::zip_equal(resultNames, op->getResults()))
    if (failed(
            verifyNoEncoding(op, "result '" + name + "'", value.getType())) ||
        failed(
            verifyByteSizeFits(op, "result '" + name + "'", value.getType())))
      return failure();
  return success();
}

/// Checks that a result shape equals `expected` where both are static.
static LogicalResult verifyResultShape(Operation *op, StringRef resultName,
                                       ArrayRef<int64_t> expected,
                                       ArrayRef<int64_t> actual) {
  if (failed(verifyCompatibleShape(expected, actual)))
    return op->emitOpError()
           << "expects result '" << resultName << "' of shape "
           << formatShape(expected) << ", but found " << formatShape(actual);
  return success();
}

/// Returns the size `dim` of `value` as an index: a constant if static.
static Value buildSize(OpBuilder &b, Location loc, Value value, int64_t dim) {
  auto type = cast<RankedTensorType>(value.getType());
  if (!type.isDynamicDim(dim))
    return arith::ConstantIndexOp::create(b, loc, type.getDimSize(dim));
  return tensor::DimOp::create(b, loc, value, dim);
}

namespace {
/// Where the size rules of a norm op go, as its run-time checks state them:
/// cf.asserts on the sizes found at run time (RuntimeSizeRules), or a check
/// of the sizes known at compile time (KnownSizeRules, verifyKnownSizes).
/// `message` is the rule without sizes (the cf.assert's), `format` the
/// message with the sizes found (norm.check_message: `{0}`, `{1}`).
class SizeRules {
public:
  virtual ~SizeRules() = default;

  /// dim(lhs, lhsDim) == dim(rhs, rhsDim), or with `allowLhsOne` also
  /// dim(lhs, lhsDim) == 1; `{0}` is the size of lhs, `{1}` that of rhs.
  virtual void same(Value lhs, int64_t lhsDim, Value rhs, int64_t rhsDim,
                    bool allowLhsOne, const Twine &message,
                    const Twine &format) = 0;

  /// dim(value, dim) is a multiple of `divisor` (>= 1); `{0}` is the size.
  virtual void divisible(Value value, int64_t dim, int64_t divisor,
                         const Twine &message, const Twine &format) = 0;
};

/// The rules as cf.asserts, each with its norm.check_message.
class RuntimeSizeRules : public SizeRules {
public:
  RuntimeSizeRules(
      OpBuilder &b, Location loc, Operation *op,
      function_ref<std::string(Operation *, StringRef)> generateErrorMessage)
      : b(b), loc(loc), op(op), generateErrorMessage(generateErrorMessage) {}

  /// Emits `cf.assert(dim(lhs, lhsDim) == dim(rhs, rhsDim))`, or with
  /// `allowLhsOne` `... || dim(lhs, lhsDim) == 1`, unless both sizes are
  /// static (the verifier has then checked them already).
  void same(Value lhs, int64_t lhsDim, Value rhs, int64_t rhsDim,
            bool allowLhsOne, const Twine &message,
            const Twine &format) override {
    auto lhsType = cast<RankedTensorType>(lhs.getType());
    auto rhsType = cast<RankedTensorType>(rhs.getType());
    if (!lhsType.isDynamicDim(lhsDim) && !rhsType.isDynamicDim(rhsDim))
      return;
    Value lhsSize = buildSize(b, loc, lhs, lhsDim);
    Value rhsSize = buildSize(b, loc, rhs, rhsDim);
    Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhsSize,
                                     rhsSize);
    if (allowLhsOne && lhsType.isDynamicDim(lhsDim)) {
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      Value isOne =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhsSize, one);
      ok = arith::OrIOp::create(b, loc, ok, isOne);
    }
    assertWithValues(ok, message, format, {lhsSize, rhsSize});
  }

  /// Emits `cf.assert(dim(value, dim) % divisor == 0)` unless the size is
  /// static (the verifier has then checked it).
  void divisible(Value value, int64_t dim, int64_t divisor,
                 const Twine &message, const Twine &format) override {
    if (!cast<RankedTensorType>(value.getType()).isDynamicDim(dim))
      return;
    Value size = buildSize(b, loc, value, dim);
    Value rest = arith::RemUIOp::create(
        b, loc, size, arith::ConstantIndexOp::create(b, loc, divisor));
    Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rest,
                                     arith::ConstantIndexOp::create(b, loc, 0));
    assertWithValues(ok, message, format, {size});
  }

private:
  /// Emits `cf.assert(ok)` with `message`, its condition carried through a
  /// norm.check_message of `format` and `values` (the sizes found, which a
  /// failed check prints).
  void assertWithValues(Value ok, const Twine &message, const Twine &format,
                        ValueRange values) {
    Value checked = CheckMessageOp::create(b, loc, ok, format.str(), values);
    cf::AssertOp::create(b, loc, checked,
                         generateErrorMessage(op, message.str()));
  }

  OpBuilder &b;
  Location loc;
  Operation *op;
  function_ref<std::string(Operation *, StringRef)> generateErrorMessage;
};

/// The rules checked on the sizes that `knownSize` gives: the first rule
/// that fails on them (it would fail on every execution) is an error on the
/// op, the run-time check's `format` with those sizes.
class KnownSizeRules : public SizeRules {
public:
  KnownSizeRules(Operation *op, KnownSizeFn knownSize)
      : op(op), knownSize(knownSize) {}

  void same(Value lhs, int64_t lhsDim, Value rhs, int64_t rhsDim,
            bool allowLhsOne, const Twine &, const Twine &format) override {
    if (failed)
      return;
    std::optional<int64_t> lhsSize = knownSize(lhs, lhsDim);
    if (!lhsSize || (allowLhsOne && *lhsSize == 1))
      return;
    std::optional<int64_t> rhsSize = knownSize(rhs, rhsDim);
    if (!rhsSize || *lhsSize == *rhsSize)
      return;
    fail(format, {*lhsSize, *rhsSize});
  }

  void divisible(Value value, int64_t dim, int64_t divisor, const Twine &,
                 const Twine &format) override {
    if (failed)
      return;
    std::optional<int64_t> size = knownSize(value, dim);
    if (size && *size % divisor != 0)
      fail(format, {*size});
  }

  LogicalResult result() const { return failure(failed); }

private:
  /// Emits `format` with `values` in its placeholders as an error on the op.
  void fail(const Twine &format, ArrayRef<int64_t> values) {
    failed = true;
    std::string text;
    (void)CheckMessageOp::parseFormat(
        format.str(), [&](StringRef part) { text += part; },
        [&](unsigned index) { text += std::to_string(values[index]); },
        [](const Twine &) {});
    op->emitOpError() << text;
  }

  Operation *op;
  KnownSizeFn knownSize;
  bool failed = false;
};
} // namespace

//===----------------------------------------------------------------------===//
// LpNormalizationOp
//===----------------------------------------------------------------------===//

int64_t LpNormalizationOp::getNormalizedAxis() {
  int64_t rank = getInput().getType().getRank();
  int64_t axis = getAxis();
  return axis < 0 ? axis + rank : axis;
}

LogicalResult LpNormalizationOp::verify() {
  if (failed(verifyTensorTypes(*this, {"input"}, {"output"}, {getInput()})))
    return failure();
  return verifyAxis(*this, "input", getInput().getType().getRank(), getAxis());
}

//===----------------------------------------------------------------------===//
// NormalizerOp
//===----------------------------------------------------------------------===//

LogicalResult NormalizerOp::verify() {
  if (failed(verifyTensorTypes(*this, {"X"}, {"Y"}, {getX()})))
    return failure();
  auto xType = cast<RankedTensorType>(getX().getType());
  auto yType = cast<RankedTensorType>(getY().getType());
  if (xType.getRank() != yType.getRank())
    return emitOpError() << "expects result 'Y' of rank " << xType.getRank()
                         << " (the rank of 'X'), but found rank "
                         << yType.getRank();
  return verifyResultShape(*this, "Y", xType.getShape(), yType.getShape());
}

/// The size rules of a Normalizer: a Y more static than X has X's sizes.
static void collectSizeRules(NormalizerOp op, SizeRules &rules) {
  int64_t rank = op.getX().getType().getRank();
  for (int64_t i = 0; i < rank; ++i)
    if (!op.getY().getType().isDynamicDim(i))
      rules.same(op.getY(), i, op.getX(), i, /*allowLhsOne=*/false,
                 "dimension " + Twine(i) + " of 'X' differs from the " +
                     "static size of result 'Y'",
                 "dimension " + Twine(i) + " of 'X' is {1}, expected {0} " +
                     "(the static size of result 'Y')");
}

void NormalizerOp::generateRuntimeVerification(
    OpBuilder &builder, Location loc,
    function_ref<std::string(Operation *, StringRef)> generateErrorMessage) {
  RuntimeSizeRules rules(builder, loc, *this, generateErrorMessage);
  collectSizeRules(*this, rules);
}

//===----------------------------------------------------------------------===//
// LayerNormalizationOp
//===----------------------------------------------------------------------===//

int64_t LayerNormalizationOp::getNormalizedAxis() {
  int64_t rank = getX().getType().getRank();
  int64_t axis = getAxis();
  return axis < 0 ? axis + rank : axis;
}

FloatType LayerNormalizationOp::getStashElementType() {
  Builder b(getContext());
  if (getStashType() == 16)
    return b.getBF16Type();
  return b.getF32Type();
}

/// Checks that `operand` is unidirectionally broadcastable to `xShape`
/// (right-aligned NumPy rules: rank <= rank(X), each dim equal to X's or 1).
static LogicalResult verifyBroadcastable(Operation *op, StringRef name,
                                         RankedTensorType type,
                                         ArrayRef<int64_t> xShape) {
  ArrayRef<int64_t> shape = type.getShape();
  auto fail = [&]() {
    return op->emitOpError()
           << "expects '" << name << "' to be unidirectionally broadcastable "
           << "to 'X' of shape " << formatShape(xShape) << ", but found shape "
           << formatShape(shape);
  };
  if (shape.size() > xShape.size())
    return fail();
  size_t offset = xShape.size() - shape.size();
  for (auto [i, dim] : llvm::enumerate(shape)) {
    int64_t xDim = xShape[offset + i];
    if (ShapedType::isDynamic(dim) || ShapedType::isDynamic(xDim))
      continue;
    if (dim != 1 && dim != xDim)
      return fail();
  }
  return success();
}

namespace {
/// A tensor whose static sizes fix dims of X (verifyAgreeingSizes).
struct SizeSource {
  StringRef name;
  RankedTensorType type;
  bool broadcasts;   // Scale and B: right-aligned, a static 1 fixes nothing.
  int64_t fixedRank; // X's dims [0, fixedRank) that the source fixes.
};
} // namespace

/// Checks that the static sizes which `sources` (Scale, B, Y and the
/// statistics results) give for a dynamic dim of X agree with each other:
/// a result's dim i below its fixedRank and each broadcast operand dim
/// aligned with i that is not 1 all equal X's dim i at run time. (Each of
/// them was checked against a static dim of X before.)
static LogicalResult verifyAgreeingSizes(Operation *op, RankedTensorType xType,
                                         ArrayRef<SizeSource> sources) {
  int64_t rank = xType.getRank();
  for (int64_t i = 0; i < rank; ++i) {
    if (!xType.isDynamicDim(i))
      continue;
    const SizeSource *first = nullptr;
    int64_t firstSize = 0;
    for (const SizeSource &source : sources) {
      // The dim of `source` that lies on X's dim i, if any.
      int64_t dim = source.broadcasts ? i - (rank - source.type.getRank()) : i;
      if (dim < 0 || i >= source.fixedRank)
        continue;
      int64_t size = source.type.getDimSize(dim);
      if (ShapedType::isDynamic(size) || (source.broadcasts && size == 1))
        continue;
      if (!first) {
        first = &source;
        firstSize = size;
        continue;
      }
      if (size != firstSize)
        return op->emitOpError()
               << "expects dimension " << dim << " of " << source.name
               << " to be " << (source.broadcasts ? "1 or " : "") << firstSize
               << " (dynamic dimension " << i << " of 'X', which "
               << first->name << " gives as " << firstSize << "), but found "
               << size;
    }
  }
  return success();
}

/// Checks the statistics results `stats` (name, value) of a normalization
/// of X over [axis, rank): element type `stashType` (from `stashTypeAttr`)
/// and shape [d0, ..., d(axis-1), 1, ..., 1].
static LogicalResult
verifyStatResults(Operation *op, RankedTensorType xType, int64_t axis,
                  Type stashType, int64_t stashTypeAttr,
                  ArrayRef<std::pair<StringRef, Value>> stats) {
  int64_t rank = xType.getRank();
  SmallVector<int64_t> statsShape(xType.getShape());
  for (int64_t i = axis; i < rank; ++i)
    statsShape[i] = 1;
  for (auto [name, value] : stats) {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getElementType() != stashType)
      return op->emitOpError()
             << "expects result '" << name << "' to have element type "
             << stashType << " (stash_type = " << stashTypeAttr
             << "), but found " << type.getElementType();
    if (type.getRank() != rank)
      return op->emitOpError()
             << "expects result '" << name << "' of rank " << rank
             << " (the rank of 'X'), but found rank " << type.getRank();
    if (failed(verifyResultShape(op, name, statsShape, type.getShape())))
      return failure();
  }
  return success();
}

/// Checks that result 'Y' has X's rank and (where static) shape.
static LogicalResult verifyYShape(Operation *op, RankedTensorType xType,
                                  RankedTensorType yType) {
  if (yType.getRank() != xType.getRank())
    return op->emitOpError()
           << "expects result 'Y' of rank " << xType.getRank()
           << " (the rank of 'X'), but found rank " << yType.getRank();
  return verifyResultShape(op, "Y", xType.getShape(), yType.getShape());
}

/// The size rules of a normalization of `x` over [axis, rank): each size of
/// the `broadcastOperands` (name, value; absent ones null) that is not a
/// static 1 is 1 or X's size, and each static size of result 'Y' (X's
/// shape) and of the `stats` results (X's dims before axis) is X's.
static void collectNormalizationSizeRules(
    SizeRules &rules, Value x, int64_t axis,
    ArrayRef<std::pair<StringRef, Value>> broadcastOperands, Value y,
    ArrayRef<std::pair<StringRef, Value>> stats) {
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();

  // Scale and B broadcast right-aligned: each size that is not a static 1
  // must equal X's size at run time.
  for (auto [name, operand] : broadcastOperands) {
    if (!operand)
      continue;
    auto type = cast<RankedTensorType>(operand.getType());
    int64_t offset = rank - type.getRank();
    for (int64_t i = 0; i < type.getRank(); ++i) {
      if (type.getDimSize(i) == 1)
        continue;
      rules.same(operand, i, x, offset + i, /*allowLhsOne=*/true,
                 "dimension " + Twine(i) + " of '" + name +
                     "' is not broadcastable to dimension " +
                     Twine(offset + i) + " of 'X' (sizes differ and are not 1)",
                 "dimension " + Twine(i) + " of '" + name +
                     "' is {0}, expected {1} (dimension " + Twine(offset + i) +
                     " of 'X') or 1");
    }
  }

  // Static result sizes must be X's (Y), or X's outer sizes (the statistics)
  // at run time.
  SmallVector<std::pair<StringRef, Value>> results{{"Y", y}};
  llvm::append_range(results, stats);
  for (auto [name, result] : results) {
    int64_t checkedRank = name == "Y" ? rank : axis;
    auto type = cast<RankedTensorType>(result.getType());
    for (int64_t i = 0; i < checkedRank; ++i)
      if (!type.isDynamicDim(i))
        rules.same(result, i, x, i, /*allowLhsOne=*/false,
                   "dimension " + Twine(i) + " of 'X' differs from the " +
                       "static size of result '" + name + "'",
                   "dimension " + Twine(i) + " of 'X' is {1}, expected " +
                       "{0} (the static size of result '" + name + "')");
  }
}

LogicalResult LayerNormalizationOp::verify() {
  if (failed(verifyTensorTypes(*this, {"X", "Scale", "B"},
                               {"Y", "Mean", "InvStdDev"},
                               {getX(), getScale(), getB()})))
    return failure();
  if (failed(verifyEpsilon(*this, getEpsilon())))
    return failure();
  RankedTensorType xType = getX().getType();
  int64_t rank = xType.getRank();
  if (failed(verifyAxis(*this, "X", rank, getAxis())))
    return failure();

  Type elementType = xType.getElementType();
  auto checkElementType = [&](StringRef name, Type type) -> LogicalResult {
    if (getElementTypeOrSelf(type) != elementType)
      return emitOpError() << "expects '" << name << "' to have the element "
                           << "type of 'X' (" << elementType << "), but found "
                           << getElementTypeOrSelf(type);
    return success();
  };
  if (failed(checkElementType("Scale", getScale().getType())) ||
      failed(verifyBroadcastable(*this, "Scale", getScale().getType(),
                                 xType.getShape())))
    return failure();
  if (Value b = getB()) {
    auto bType = cast<RankedTensorType>(b.getType());
    if (failed(checkElementType("B", bType)) ||
        failed(verifyBroadcastable(*this, "B", bType, xType.getShape())))
      return failure();
  }

  // Y has X's shape and element type.
  RankedTensorType yType = getY().getType();
  if (failed(checkElementType("Y", yType)) ||
      failed(verifyYShape(*this, xType, yType)))
    return failure();

  // Mean and InvStdDev: [d0, ..., d(axis-1), 1, ..., 1] of the stash type.
  int64_t axis = getNormalizedAxis();
  if (failed(verifyStatResults(
          *this, xType, axis, getStashElementType(), getStashType(),
          {{"Mean", getMean()}, {"InvStdDev", getInvStdDev()}})))
    return failure();

  SmallVector<SizeSource> sources = {
      {"'Scale'", getScale().getType(), true, rank}};
  if (Value b = getB())
    sources.push_back({"'B'", cast<RankedTensorType>(b.getType()), true, rank});
  sources.push_back({"result 'Y'", yType, false, rank});
  sources.push_back({"result 'Mean'", getMean().getType(), false, axis});
  sources.push_back(
      {"result 'InvStdDev'", getInvStdDev().getType(), false, axis});
  return verifyAgreeingSizes(*this, xType, sources);
}

static void collectSizeRules(LayerNormalizationOp op, SizeRules &rules) {
  collectNormalizationSizeRules(
      rules, op.getX(), op.getNormalizedAxis(),
      {{"Scale", op.getScale()}, {"B", op.getB()}}, op.getY(),
      {{"Mean", op.getMean()}, {"InvStdDev", op.getInvStdDev()}});
}

void LayerNormalizationOp::generateRuntimeVerification(
    OpBuilder &builder, Location loc,
    function_ref<std::string(Operation *, StringRef)> generateErrorMessage) {
  RuntimeSizeRules rules(builder, loc, *this, generateErrorMessage);
  collectSizeRules(*this, rules);
}

//===----------------------------------------------------------------------===//
// RMSNormalizationOp
//===----------------------------------------------------------------------===//

int64_t RMSNormalizationOp::getNormalizedAxis() {
  int64_t rank = getX().getType().getRank();
  int64_t axis = getAxis();
  return axis < 0 ? axis + rank : axis;
}

FloatType RMSNormalizationOp::getStashElementType() {
  Builder b(getContext());
  switch (getStashType()) {
  case 10:
    return b.getF16Type();
  case 11:
    return b.getF64Type();
  case 16:
    return b.getBF16Type();
  default:
    return b.getF32Type();
  }
}

LogicalResult RMSNormalizationOp::verify() {
  if (failed(verifyTensorTypes(*this, {"X", "Scale"}, {"Y", "InvStdDev"},
                               {getX(), getScale()})))
    return failure();
  if (failed(verifyEpsilon(*this, getEpsilon())))
    return failure();
  RankedTensorType xType = getX().getType();
  int64_t rank = xType.getRank();
  if (failed(verifyAxis(*this, "X", rank, getAxis())))
    return failure();
  RankedTensorType scaleType = getScale().getType();
  if (failed(verifyBroadcastable(*this, "Scale", scaleType, xType.getShape())))
    return failure();

  // Y has X's shape and Scale's element type (V).
  RankedTensorType yType = getY().getType();
  if (yType.getElementType() != scaleType.getElementType())
    return emitOpError() << "expects result 'Y' to have the element type of "
                         << "'Scale' (" << scaleType.getElementType()
                         << "), but found " << yType.getElementType();
  if (failed(verifyYShape(*this, xType, yType)))
    return failure();

  // InvStdDev: [d0, ..., d(axis-1), 1, ..., 1] of the stash type.
  int64_t axis = getNormalizedAxis();
  if (failed(verifyStatResults(*this, xType, axis, getStashElementType(),
                               getStashType(),
                               {{"InvStdDev", getInvStdDev()}})))
    return failure();

  SmallVector<SizeSource> sources = {
      {"'Scale'", scaleType, true, rank},
      {"result 'Y'", yType, false, rank},
      {"result 'InvStdDev'", getInvStdDev().getType(), false, axis}};
  return verifyAgreeingSizes(*this, xType, sources);
}

static void collectSizeRules(RMSNormalizationOp op, SizeRules &rules) {
  collectNormalizationSizeRules(rules, op.getX(), op.getNormalizedAxis(),
                                {{"Scale", op.getScale()}}, op.getY(),
                                {{"InvStdDev", op.getInvStdDev()}});
}

void RMSNormalizationOp::generateRuntimeVerification(
    OpBuilder &builder, Location loc,
    function_ref<std::string(Operation *, StringRef)> generateErrorMessage) {
  RuntimeSizeRules rules(builder, loc, *this, generateErrorMessage);
  collectSizeRules(*this, rules);
}

//===----------------------------------------------------------------------===//
// Channel normalizations: BatchNormalizationOp, InstanceNormalizationOp,
// GroupNormalizationOp
//===----------------------------------------------------------------------===//

/// Checks the operands of a channel normalization of `xType` [N, C, ...]
/// (or [N, ..., C] where `channelsLast`) named `xName`: rank >= `minRank`,
/// each of `channelOperands` (name, type) of shape [C] (where static, and
/// agreeing with each other where C is dynamic), and result `yName` of X's
/// shape and element type.
static LogicalResult verifyChannelNormalization(
    Operation *op, StringRef xName, RankedTensorType xType, int64_t minRank,
    ArrayRef<std::pair<StringRef, RankedTensorType>> channelOperands,
    StringRef yName, RankedTensorType yType, bool channelsLast = false) {
  int64_t rank = xType.getRank();
  if (rank < minRank)
    return op->emitOpError()
           << "expects '" << xName << "' of rank >= " << minRank
           << (channelsLast ? " ([N, D1, ..., Dn, C], channels_last)"
                            : " ([N, C, D1, ..., Dn])")
           << ", but found rank " << rank;
  int64_t channelDim = channelsLast ? rank - 1 : 1;
  int64_t channels = xType.getDimSize(channelDim);
  StringRef channelsFrom = xName;
  for (auto [name, type] : channelOperands) {
    if (type.getRank() != 1)
      return op->emitOpError()
             << "expects '" << name << "' of rank 1 (shape [C], C = dimension "
             << channelDim << " of '" << xName << "'), but found shape "
             << formatShape(type.getShape());
    int64_t size = type.getDimSize(0);
    if (ShapedType::isDynamic(size))
      continue;
    if (ShapedType::isDynamic(channels)) {
      channels = size;
      channelsFrom = name;
      continue;
    }
    if (size != channels)
      return op->emitOpError()
             << "expects '" << name << "' of shape [" << channels
             << "] (C, given by '" << channelsFrom << "'), but found shape ["
             << size << "]";
  }
  if (yType.getElementType() != xType.getElementType())
    return op->emitOpError()
           << "expects result '" << yName << "' to have the element type of '"
           << xName << "' (" << xType.getElementType() << "), but found "
           << yType.getElementType();
  if (yType.getRank() != rank)
    return op->emitOpError()
           << "expects result '" << yName << "' of rank " << rank
           << " (the rank of '" << xName << "'), but found rank "
           << yType.getRank();
  return verifyResultShape(op, yName, xType.getShape(), yType.getShape());
}

/// Checks that the operands `names` have the element type of `xName`.
static LogicalResult
verifySameElementType(Operation *op, StringRef xName, Type xElementType,
                      ArrayRef<std::pair<StringRef, RankedTensorType>> others) {
  for (auto [name, type] : others)
    if (type.getElementType() != xElementType)
      return op->emitOpError()
             << "expects '" << name << "' to have the element type of '"
             << xName << "' (" << xElementType << "), but found "
             << type.getElementType();
  return success();
}

/// The size rules of a channel normalization of `x`: each of the
/// `channelOperands` has X's size C (dimension `channelDim`), and each
/// static size of `y` is X's.
static void
collectChannelSizeRules(SizeRules &rules, StringRef xName, Value x,
                        ArrayRef<std::pair<StringRef, Value>> channelOperands,
                        StringRef yName, Value y, int64_t channelDim = 1) {
  for (auto [name, operand] : channelOperands)
    rules.same(operand, 0, x, channelDim, /*allowLhsOne=*/false,
               "the size of '" + name + "' differs from C (dimension " +
                   Twine(channelDim) + " of '" + xName + "')",
               "the size of '" + name + "' is {0}, expected C = {1} " +
                   "(dimension " + Twine(channelDim) + " of '" + xName + "')");
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  auto yType = cast<RankedTensorType>(y.getType());
  for (int64_t i = 0; i < rank; ++i)
    if (!yType.isDynamicDim(i))
      rules.same(y, i, x, i, /*allowLhsOne=*/false,
                 "dimension " + Twine(i) + " of '" + xName +
                     "' differs from the static size of result '" + yName + "'",
                 "dimension " + Twine(i) + " of '" + xName +
                     "' is {1}, expected {0} (the static size of result '" +
                     yName + "')");
}

LogicalResult BatchNormalizationOp::verify() {
  if (failed(verifyTensorTypes(
          *this, {"X", "scale", "B", "input_mean", "input_var"}, {"Y"},
          {getX(), getScale(), getB(), getInputMean(), getInputVar()})))
    return failure();
  if (failed(verifyEpsilon(*this, getEpsilon())))
    return failure();
  RankedTensorType xType = getX().getType();
  if (failed(verifyChannelNormalization(
          *this, "X", xType, 2,
          {{"scale", getScale().getType()},
           {"B", getB().getType()},
           {"input_mean", getInputMean().getType()},
           {"input_var", getInputVar().getType()}},
          "Y", getY().getType())))
    return failure();
  // T1: scale and B share one element type; T2: input_mean and input_var.
  if (failed(verifySameElementType(*this, "scale",
                                   getScale().getType().getElementType(),
                                   {{"B", getB().getType()}})) ||
      failed(verifySameElementType(*this, "input_mean",
                                   getInputMean().getType().getElementType(),
                                   {{"input_var", getInputVar().getType()}})))
    return failure();
  return success();
}

static void collectSizeRules(BatchNormalizationOp op, SizeRules &rules) {
  collectChannelSizeRules(rules, "X", op.getX(),
                          {{"scale", op.getScale()},
                           {"B", op.getB()},
                           {"input_mean", op.getInputMean()},
                           {"input_var", op.getInputVar()}},
                          "Y", op.getY());
}

void BatchNormalizationOp::generateRuntimeVerification(
    OpBuilder &builder, Location loc,
    function_ref<std::string(Operation *, StringRef)> generateErrorMessage) {
  RuntimeSizeRules rules(builder, loc, *this, generateErrorMessage);
  collectSizeRules(*this, rules);
}

LogicalResult InstanceNormalizationOp::verify() {
  if (failed(verifyTensorTypes(*this, {"input", "scale", "B"}, {"output"},
                               {getInput(), getScale(), getB()})))
    return failure();
  if (failed(verifyEpsilon(*this, getEpsilon())))
    return failure();
  RankedTensorType xType = getInput().getType();
  if (failed(verifyChannelNormalization(
          *this, "input", xType, 3,
          {{"scale", getScale().getType()}, {"B", getB().getType()}}, "output",
          getOutput().getType())))
    return failure();
  return verifySameElementType(
      *this, "input", xType.getElementType(),
      {{"scale", getScale().getType()}, {"B", getB().getType()}});
}

static void collectSizeRules(InstanceNormalizationOp op, SizeRules &rules) {
  collectChannelSizeRules(rules, "input", op.getInput(),
                          {{"scale", op.getScale()}, {"B", op.getB()}},
                          "output", op.getOutput());
}

void InstanceNormalizationOp::generateRuntimeVerification(
    OpBuilder &builder, Location loc,
    function_ref<std::string(Operation *, StringRef)> generateErrorMessage) {
  RuntimeSizeRules rules(builder, loc, *this, generateErrorMessage);
  collectSizeRules(*this, rules);
}

LogicalResult GroupNormalizationOp::verify() {
  if (failed(verifyTensorTypes(*this, {"X", "scale", "B"}, {"Y"},
                               {getX(), getScale(), getB()})))
    return failure();
  if (failed(verifyEpsilon(*this, getEpsilon())))
    return failure();
  int64_t numGroups = getNumGroups();
  if (numGroups < 1)
    return emitOpError() << "attribute 'num_groups' = " << numGroups
                         << " is out of range: expected a value >= 1";
  if (getActivationKind() != 0 && getActivationKind() != 1)
    return emitOpError() << "attribute 'activation' = " << getActivationKind()
                         << " is not supported: expected 0 (none) or 1 (SiLU)";
  RankedTensorType xType = getX().getType();
  if (failed(verifyChannelNormalization(
          *this, "X", xType, 2,
          {{"scale", getScale().getType()}, {"B", getB().getType()}}, "Y",
          getY().getType(), getChannelsLast())))
    return failure();
  if (failed(verifySameElementType(
          *this, "X", xType.getElementType(),
          {{"scale", getScale().getType()}, {"B", getB().getType()}})))
    return failure();
  // C: X's channel dim, or the static size of scale or B where it is
  // dynamic.
  int64_t channelDim = getChannelDim();
  int64_t channels = xType.getDimSize(channelDim);
  std::string channelsFrom =
      ("dimension " + Twine(channelDim) + " of 'X'").str();
  if (ShapedType::isDynamic(channels)) {
    channels = getScale().getType().getDimSize(0);
    channelsFrom = "the size of 'scale'";
  }
  if (ShapedType::isDynamic(channels)) {
    channels = getB().getType().getDimSize(0);
    channelsFrom = "the size of 'B'";
  }
  if (!ShapedType::isDynamic(channels) && channels % numGroups != 0)
    return emitOpError() << "expects C (" << channelsFrom << ", " << channels
                         << ") to be divisible by 'num_groups' (" << numGroups
                         << ")";
  return success();
}

/// The size rules of a GroupNormalization: those of a channel
/// normalization, and C a multiple of num_groups.
static void collectSizeRules(GroupNormalizationOp op, SizeRules &rules) {
  int64_t channelDim = op.getChannelDim();
  collectChannelSizeRules(rules, "X", op.getX(),
                          {{"scale", op.getScale()}, {"B", op.getB()}}, "Y",
                          op.getY(), channelDim);
  int64_t numGroups = std::max<int64_t>(op.getNumGroups(), 1);
  std::string channelsText =
      "dimension " + std::to_string(channelDim) + " of 'X'";
  rules.divisible(
      op.getX(), channelDim, numGroups,
      "C (" + channelsText + ") is not divisible by 'num_groups' (" +
          Twine(op.getNumGroups()) + ")",
      "C = {0} (" + channelsText +
          ") is not divisible by 'num_groups' = " + Twine(op.getNumGroups()));
}

void GroupNormalizationOp::generateRuntimeVerification(
    OpBuilder &builder, Location loc,
    function_ref<std::string(Operation *, StringRef)> generateErrorMessage) {
  RuntimeSizeRules rules(builder, loc, *this, generateErrorMessage);
  collectSizeRules(*this, rules);
}

LogicalResult mlir::norm::verifyKnownSizes(Operation *op,
                                           KnownSizeFn knownSize) {
  KnownSizeRules rules(op, knownSize);
  llvm::TypeSwitch<Operation *>(op)
      .Case<NormalizerOp, LayerNormalizationOp, RMSNormalizationOp,
            BatchNormalizationOp, InstanceNormalizationOp,
            GroupNormalizationOp>(
          [&](auto normOp) { collectSizeRules(normOp, rules); });
  return rules.result();
}

//===----------------------------------------------------------------------===//
// CheckMessageOp
//===----------------------------------------------------------------------===//

LogicalResult CheckMessageOp::parseFormat(
    StringRef format, function_ref<void(StringRef)> text,
    function_ref<void(unsigned)> placeholder,
    function_ref<void(const Twine &)> error) {
  while (!format.empty()) {
    size_t brace = format.find('{');
    if (brace == StringRef::npos) {
      text(format);
      return success();
    }
    if (brace != 0)
      text(format.take_front(brace));
    format = format.drop_front(brace + 1);
    if (format.consume_front("{")) {
      text("{");
      continue;
    }
    StringRef digits = format.take_while(llvm::isDigit);
    unsigned index;
    if (digits.empty() || digits.getAsInteger(10, index) ||
        !format.drop_front(digits.size()).starts_with("}")) {
      error("'{' at offset " + Twine(brace) +
            " starts neither a placeholder '{N}' nor '{{'");
      return failure();
    }
    placeholder(index);
    format = format.drop_front(digits.size() + 1);
  }
  return success();
}

std::string CheckMessageOp::escapeFormatText(StringRef text) {
  std::string escaped;
  for (char c : text) {
    escaped += c;
    if (c == '{')
      escaped += '{';
  }
  return escaped;
}

LogicalResult CheckMessageOp::verify() {
  unsigned count = 0;
  std::string problem;
  if (failed(parseFormat(
          getFormat(), [](StringRef) {},
          [&](unsigned index) {
            if (problem.empty() && index >= getValues().size())
              problem = "placeholder {" + std::to_string(index) +
                        "} refers to no value (the op has " +
                        std::to_string(getValues().size()) + ")";
            ++count;
          },
          [&](const Twine &what) { problem = what.str(); })) ||
      !problem.empty())
    return emitOpError() << "has an invalid 'format': " << problem;
  if (count > kMaxPlaceholders)
    return emitOpError() << "has " << count
                         << " placeholders in 'format'; at most "
                         << kMaxPlaceholders;
  return success();
}

OpFoldResult CheckMessageOp::fold(FoldAdaptor adaptor) {
  // A check proven true needs no message: the assert then goes away.
  auto condition = dyn_cast_or_null<IntegerAttr>(adaptor.getCondition());
  if (condition && condition.getValue().isOne())
    return condition;
  return {};
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `custom<AnyType>(type($x))` reads and writes the type as `type($x)` does,
/// but accepts any type: the operand's ODS constraint then reports a wrong one
/// ("operand #0 must be ranked tensor of ..., but got 'tensor<*xf32>'").
/// `type($x)` of a RankedTensorOf operand would instead fail in the parser
/// with "invalid kind of type specified: expected builtin.tensor".
static ParseResult parseAnyType(OpAsmParser &parser, Type &type) {
  return parser.parseType(type);
}

static void printAnyType(OpAsmPrinter &printer, Operation *, Type type) {
  printer.printType(type);
}

#define GET_OP_CLASSES
#include "norm/Dialect/Norm/IR/NormOps.cpp.inc"
