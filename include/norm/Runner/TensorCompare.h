//===- TensorCompare.h - compare results with expected values ---*- C++ -*-===//
//
// The checks behind `norm-runner --expected-output`.
//
// An element matches when |actual - expected| <= atol + rtol * |expected|,
// computed in double, with rtol * |expected| = 0 for an expected 0 (also for
// rtol = inf, where the product would be NaN). NaN matches NaN (any payload or sign), an infinity
// matches only the same infinity, and integers compare exactly unless a
// tolerance is given explicitly.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_RUNNER_TENSORCOMPARE_H
#define NORM_RUNNER_TENSORCOMPARE_H

#include "norm/Runner/HostTensor.h"
#include "llvm/Support/Error.h"

namespace mlir {
namespace norm {
namespace runner {

/// Absolute and relative tolerance of a comparison.
struct Tolerance {
  double atol = 0.0;
  double rtol = 0.0;
};

/// Returns the default tolerance for results of `type` (docs/Runner.md):
///   f64   atol 1e-15, rtol 1e-12
///   f32   atol 1e-6,  rtol 1e-5
///   f16   atol 1e-4,  rtol 2^-9  (2 ulp of a value in [1, 2))
///   bf16  atol 1e-3,  rtol 2^-6  (2 ulp of a value in [1, 2))
///   i32, i64: exact (atol 0, rtol 0)
Tolerance getDefaultTolerance(ElementType type);

/// The first element at which two tensors differ.
struct ElementMismatch {
  /// Multi-dimensional index of the element (empty for rank 0).
  SmallVector<int64_t> index;
  /// Both values formatted as HostTensor::formatElement() does.
  std::string actual;
  std::string expected;
};

/// Errors unless `actual` and `expected` have the same element type and
/// shape; the message shows both types ("2x3xf32" vs "2x4xf32").
llvm::Error checkSameType(const HostTensor &actual, const HostTensor &expected);

/// Compares two tensors of the same type and shape (see checkSameType) in
/// row-major order and returns the first mismatching element, or
/// std::nullopt if all elements match within `tolerance`.
std::optional<ElementMismatch> findFirstMismatch(const HostTensor &actual,
                                                 const HostTensor &expected,
                                                 Tolerance tolerance);

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_RUNNER_TENSORCOMPARE_H
