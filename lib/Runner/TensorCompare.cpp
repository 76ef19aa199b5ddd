//===- TensorCompare.cpp - compare results with expected values -----------===//

#include "norm/Runner/TensorCompare.h"

#include <cmath>

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::runner;

Tolerance runner::getDefaultTolerance(ElementType type) {
  switch (type) {
  case ElementType::F64:
    return {1e-15, 1e-12};
  case ElementType::F32:
    return {1e-6, 1e-5};
  case ElementType::F16:
    return {1e-4, std::ldexp(1.0, -9)};
  case ElementType::BF16:
    return {1e-3, std::ldexp(1.0, -6)};
  case ElementType::I32:
  case ElementType::I64:
    return {0.0, 0.0};
  }
  llvm_unreachable("unknown ElementType");
}

llvm::Error runner::checkSameType(const HostTensor &actual,
                                  const HostTensor &expected) {
  if (actual.getElementType() == expected.getElementType() &&
      actual.getShape() == expected.getShape())
    return llvm::Error::success();
  StringRef what = actual.getElementType() != expected.getElementType()
                       ? "element type"
                       : "shape";
  return llvm::createStringError(what + " mismatch: result is " +
                                 actual.getTypeString() + ", expected " +
                                 expected.getTypeString());
}

/// Returns the element at `index` as a double (exact for all types but
/// i64 beyond 2^53, where only tolerant comparisons use it).
static double getAsDouble(const HostTensor &tensor, int64_t index) {
  if (!isFloatElementType(tensor.getElementType()))
    return static_cast<double>(tensor.getInt(index));
  llvm::APFloat value = tensor.getFloat(index);
  bool losesInfo = false;
  value.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
                &losesInfo);
  return value.convertToDouble();
}

static bool elementsMatch(const HostTensor &actual, const HostTensor &expected,
                          int64_t index, Tolerance tolerance) {
  if (!isFloatElementType(actual.getElementType())) {
    int64_t a = actual.getInt(index), e = expected.getInt(index);
    if (a == e)
      return true;
    if (tolerance.atol == 0.0 && tolerance.rtol == 0.0)
      return false;
  }
  double a = getAsDouble(actual, index), e = getAsDouble(expected, index);
  if (std::isnan(a) || std::isnan(e))
    return std::isnan(a) && std::isnan(e);
  if (std::isinf(a) || std::isinf(e))
    return a == e;
  // rtol * |expected| is 0 for an expected 0 also with rtol = inf (where the
  // product would be NaN and fail every comparison, an exact match included).
  double relative = e == 0.0 ? 0.0 : tolerance.rtol * std::fabs(e);
  return std::fabs(a - e) <= tolerance.atol + relative;
}

std::optional<ElementMismatch>
runner::findFirstMismatch(const HostTensor &actual, const HostTensor &expected,
                          Tolerance tolerance) {
  assert(actual.getElementType() == expected.getElementType() &&
         actual.getShape() == expected.getShape() && "type mismatch");
  for (int64_t i = 0, e = actual.getNumElements(); i < e; ++i) {
    if (elementsMatch(actual, expected, i, tolerance))
      continue;
    ElementMismatch mismatch;
    ArrayRef<int64_t> shape = actual.getShape();
    mismatch.index.resize(shape.size());
    int64_t rest = i;
    for (int64_t d = shape.size() - 1; d >= 0; --d) {
      mismatch.index[d] = rest % shape[d];
      rest /= shape[d];
    }
    mismatch.actual = actual.formatElement(i);
    mismatch.expected = expected.formatElement(i);
    return mismatch;
  }
  return std::nullopt;
}
