//===- HostTensor.h - dense tensors in host memory --------------*- C++ -*-===//
//
// The values norm-runner passes to and receives from JIT-compiled functions:
// a shape, an element type and a 64-byte-aligned, row-major (C order) buffer,
// plus the IREE-style text form used to print them.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_RUNNER_HOSTTENSOR_H
#define NORM_RUNNER_HOSTTENSOR_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace mlir {
class Type;
namespace norm {
namespace runner {

/// The element types norm-runner can pass in and out of functions.
/// f16 and bf16 are stored as their raw 16-bit patterns, integers as
/// two's complement, all in host (little-endian) byte order.
enum class ElementType { F16, BF16, F32, F64, I32, I64 };

/// Returns the MLIR spelling of `type`: "f16", "bf16", "f32", "f64", "i32" or
/// "i64".
StringRef getElementTypeName(ElementType type);

/// Returns the size of one element of `type` in bytes (2, 4 or 8).
size_t getElementTypeSize(ElementType type);

/// Returns true for f16, bf16, f32 and f64.
bool isFloatElementType(ElementType type);

/// Returns the APFloat semantics of a float element type. `type` must satisfy
/// isFloatElementType().
const llvm::fltSemantics &getFloatSemantics(ElementType type);

/// Parses an MLIR element type spelling ("f32", ...); std::nullopt if it is
/// not one of the supported names.
std::optional<ElementType> parseElementTypeName(StringRef name);

/// Maps an MLIR element type to an ElementType. Signless and signed 32/64-bit
/// integers map to i32/i64; anything else (i1, index, ui32, f8, complex...)
/// returns std::nullopt.
std::optional<ElementType> getElementTypeFromMlir(Type type);

/// Returns the comma-separated list of supported element type names, for
/// error messages.
StringRef getSupportedElementTypeNames();

/// Formats a shape and element type for messages, in the IREE/MLIR short
/// form: "2x3xf32", "?x4xf16" (a negative dimension prints as '?'), or "f32"
/// for rank 0. A shape of many dims is shortened, see
/// norm/Support/AbbreviatedList.h: "1x1x1x1x1x1x1x1x...x1xf32 (rank 100000)".
std::string formatTensorType(ArrayRef<int64_t> shape, ElementType type);

/// A dense, row-major tensor that owns its buffer. The buffer is 64-byte
/// aligned and never null (also for zero-element tensors). Move-only.
class HostTensor {
public:
  /// Allocates a zero-filled tensor. All dimensions must be non-negative and
  /// the byte size must fit in size_t (callers check element counts first,
  /// see getNumElements(ArrayRef<int64_t>)).
  HostTensor(ElementType type, ArrayRef<int64_t> shape);

  /// Like the constructor, but returns an error ("cannot allocate N bytes
  /// for a SHAPE tensor: out of memory") instead of aborting when the buffer
  /// cannot be allocated, or when the shape is invalid. Every buffer whose
  /// size comes from a file or a shape (not from values on the command line)
  /// is allocated here.
  static llvm::Expected<HostTensor> allocate(ElementType type,
                                             ArrayRef<int64_t> shape);

  HostTensor(HostTensor &&) = default;
  HostTensor &operator=(HostTensor &&) = default;

  /// Returns the number of elements of `shape` (1 for rank 0), or
  /// std::nullopt if a dimension is negative or the product of the non-zero
  /// dimensions (times 8 bytes) overflows int64_t.
  static std::optional<int64_t> getNumElements(ArrayRef<int64_t> shape);

  ElementType getElementType() const { return elementType; }
  ArrayRef<int64_t> getShape() const { return shape; }
  int64_t getRank() const { return shape.size(); }
  int64_t getNumElements() const { return numElements; }
  size_t getSizeInBytes() const {
    return numElements * getElementTypeSize(elementType);
  }
  /// Returns "2x3xf32"-style type text for messages, see formatTensorType().
  std::string getTypeString() const;

  /// The raw buffer: getSizeInBytes() bytes, row-major.
  char *getData() { return data.get(); }
  const char *getData() const { return data.get(); }

  /// Returns element `index` (flat, row-major) of a float tensor in its own
  /// semantics. Requires a float element type.
  llvm::APFloat getFloat(int64_t index) const;
  /// Stores `value` as element `index`; `value` must already have this
  /// tensor's float semantics.
  void setFloat(int64_t index, const llvm::APFloat &value);
  /// Stores `value` as element `index` of a float tensor, rounded once to
  /// the nearest value of the element type (ties to even).
  void setFloat(int64_t index, double value);
  /// Returns element `index` of an i32/i64 tensor, sign-extended.
  int64_t getInt(int64_t index) const;
  /// Stores `value` (which must fit the element type) as element `index`.
  void setInt(int64_t index, int64_t value);

  /// Returns element `index` as text: integers in decimal; floats as the
  /// shortest decimal that parses back to the same value in the element type
  /// ("0.2857143", "1e-07", "5"), or "nan", "inf", "-inf".
  std::string formatElement(int64_t index) const;

  /// Prints the tensor IREE style, without a trailing newline:
  /// "f32=5", "3xf32=1 2 3", "2x3xf32=[1 2 3][4 5 6]",
  /// "2x2x2xi32=[[1 2][3 4]][[5 6][7 8]]", and "0x3xf32=" when empty.
  void print(raw_ostream &os) const;

private:
  HostTensor(ElementType type, ArrayRef<int64_t> shape, int64_t numElements,
             char *buffer);

  /// Frees a buffer of the C allocator (posix_memalign).
  struct BufferDeleter {
    void operator()(char *ptr) const;
  };

  ElementType elementType;
  SmallVector<int64_t> shape;
  int64_t numElements = 0;
  std::unique_ptr<char[], BufferDeleter> data;
};

/// Formats a float as the shortest decimal (fewest significant digits, at
/// most 17) that converts back to exactly `value` in its own semantics. Like
/// Python's repr, decimal exponents in [-4, 16) print positionally
/// ("0.2857143", "21840", "-0"), others in scientific notation ("1e-05",
/// "1.004e+38"); NaN and infinities print as "nan", "inf", "-inf".
std::string formatShortestFloat(const llvm::APFloat &value);

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_RUNNER_HOSTTENSOR_H
