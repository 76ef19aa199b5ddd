//===- HostTensor.cpp - dense tensors in host memory ----------------------===//

#include "norm/Runner/HostTensor.h"
#include "norm/Support/AbbreviatedList.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::runner;

/// Alignment of tensor buffers (a cache line; enough for any vector load).
static constexpr size_t kBufferAlignment = 64;

StringRef runner::getElementTypeName(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return "f16";
  case ElementType::BF16:
    return "bf16";
  case ElementType::F32:
    return "f32";
  case ElementType::F64:
    return "f64";
  case ElementType::I32:
    return "i32";
  case ElementType::I64:
    return "i64";
  }
  llvm_unreachable("unknown ElementType");
}

size_t runner::getElementTypeSize(ElementType type) {
  switch (type) {
  case ElementType::F16:
  case ElementType::BF16:
    return 2;
  case ElementType::F32:
  case ElementType::I32:
    return 4;
  case ElementType::F64:
  case ElementType::I64:
    return 8;
  }
  llvm_unreachable("unknown ElementType");
}

bool runner::isFloatElementType(ElementType type) {
  return type != ElementType::I32 && type != ElementType::I64;
}

const llvm::fltSemantics &runner::getFloatSemantics(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return llvm::APFloat::IEEEhalf();
  case ElementType::BF16:
    return llvm::APFloat::BFloat();
  case ElementType::F32:
    return llvm::APFloat::IEEEsingle();
  case ElementType::F64:
    return llvm::APFloat::IEEEdouble();
  case ElementType::I32:
  case ElementType::I64:
    break;
  }
  llvm_unreachable("not a float element type");
}

std::optional<ElementType> runner::parseElementTypeName(StringRef name) {
  return llvm::StringSwitch<std::optional<ElementType>>(name)
      .Case("f16", ElementType::F16)
      .Case("bf16", ElementType::BF16)
      .Case("f32", ElementType::F32)
      .Case("f64", ElementType::F64)
      .Case("i32", ElementType::I32)
      .Case("i64", ElementType::I64)
      .Default(std::nullopt);
}

std::optional<ElementType> runner::getElementTypeFromMlir(Type type) {
  if (type.isF16())
    return ElementType::F16;
  if (type.isBF16())
    return ElementType::BF16;
  if (type.isF32())
    return ElementType::F32;
  if (type.isF64())
    return ElementType::F64;
  auto intType = dyn_cast<IntegerType>(type);
  if (!intType || intType.isUnsigned())
    return std::nullopt;
  if (intType.getWidth() == 32)
    return ElementType::I32;
  if (intType.getWidth() == 64)
    return ElementType::I64;
  return std::nullopt;
}

StringRef runner::getSupportedElementTypeNames() {
  return "f16, bf16, f32, f64, i32, i64";
}

/// Prints the whole "2x3xf32" text of a shape and element type.
static void printTensorType(raw_ostream &os, ArrayRef<int64_t> shape,
                            ElementType type) {
  for (int64_t dim : shape) {
    if (dim < 0)
      os << '?';
    else
      os << dim;
    os << 'x';
  }
  os << getElementTypeName(type);
}

std::string runner::formatTensorType(ArrayRef<int64_t> shape,
                                     ElementType type) {
  if (!isAbbreviated(shape.size())) {
    std::string text;
    llvm::raw_string_ostream os(text);
    printTensorType(os, shape, type);
    return text;
  }
  return formatDims(shape) + "x" + getElementTypeName(type).str() +
         formatRankSuffix(shape.size());
}

//===----------------------------------------------------------------------===//
// HostTensor
//===----------------------------------------------------------------------===//

void HostTensor::BufferDeleter::operator()(char *ptr) const { std::free(ptr); }

/// Returns a zero-filled buffer of `size` bytes aligned to kBufferAlignment,
/// or null where the memory is not there. The C allocator, since a failed
/// operator new, even std::nothrow's, calls the new-handler, which
/// llvm::InitLLVM sets to abort with "LLVM ERROR: out of memory".
static char *allocateBuffer(size_t size) {
  void *ptr = nullptr;
  if (posix_memalign(&ptr, kBufferAlignment, size) != 0)
    return nullptr;
  std::memset(ptr, 0, size);
  return static_cast<char *>(ptr);
}

std::optional<int64_t> HostTensor::getNumElements(ArrayRef<int64_t> shape) {
  // Bound the byte size (up to 8 bytes per element) by int64_t as well,
  // ignoring zero dims: an empty tensor whose other dims multiply beyond
  // that (4611686018427387904x0, in either order) is rejected too, as the
  // compiled loops would still iterate over those dims.
  std::optional<int64_t> count = 8;
  bool empty = false;
  for (int64_t dim : shape) {
    if (dim < 0)
      return std::nullopt;
    if (dim == 0) {
      empty = true;
      continue;
    }
    count = llvm::checkedMul<int64_t>(*count, dim);
    if (!count)
      return std::nullopt;
  }
  return empty ? 0 : *count / 8;
}

HostTensor::HostTensor(ElementType type, ArrayRef<int64_t> shape)
    : elementType(type), shape(shape) {
  std::optional<int64_t> count = getNumElements(shape);
  assert(count && "invalid shape");
  numElements = *count;
  // Never allocate zero bytes: JIT code gets a valid, aligned pointer even
  // for empty tensors.
  char *ptr =
      allocateBuffer(std::max<size_t>(getSizeInBytes(), kBufferAlignment));
  if (!ptr)
    llvm::report_bad_alloc_error("cannot allocate a HostTensor buffer");
  data.reset(ptr);
}

HostTensor::HostTensor(ElementType type, ArrayRef<int64_t> shape,
                       int64_t numElements, char *buffer)
    : elementType(type), shape(shape), numElements(numElements), data(buffer) {}

llvm::Expected<HostTensor> HostTensor::allocate(ElementType type,
                                                ArrayRef<int64_t> shape) {
  std::optional<int64_t> count = getNumElements(shape);
  if (!count)
    return llvm::createStringError("shape '" + formatTensorType(shape, type) +
                                   "' has too many elements");
  size_t size = std::max<size_t>(
      static_cast<size_t>(*count) * getElementTypeSize(type), kBufferAlignment);
  char *ptr = allocateBuffer(size);
  if (!ptr)
    return llvm::createStringError(
        "cannot allocate " + llvm::Twine(size) + " bytes for a " +
        formatTensorType(shape, type) + " tensor: out of memory");
  return HostTensor(type, shape, *count, ptr);
}

std::string HostTensor::getTypeString() const {
  return formatTensorType(shape, elementType);
}

llvm::APFloat HostTensor::getFloat(int64_t index) const {
  size_t size = getElementTypeSize(elementType);
  uint64_t bits = 0;
  std::memcpy(&bits, data.get() + index * size, size);
  return llvm::APFloat(getFloatSemantics(elementType),
                       llvm::APInt(size * 8, bits));
}

void HostTensor::setFloat(int64_t index, const llvm::APFloat &value) {
  assert(&value.getSemantics() == &getFloatSemantics(elementType) &&
         "semantics mismatch");
  size_t size = getElementTypeSize(elementType);
  uint64_t bits = value.bitcastToAPInt().getZExtValue();
  std::memcpy(data.get() + index * size, &bits, size);
}

void HostTensor::setFloat(int64_t index, double value) {
  // f32 and f64 directly (the hardware conversion rounds to nearest even),
  // f16 and bf16 through APFloat.
  if (elementType == ElementType::F64) {
    std::memcpy(data.get() + index * 8, &value, 8);
    return;
  }
  if (elementType == ElementType::F32) {
    auto narrow = static_cast<float>(value);
    std::memcpy(data.get() + index * 4, &narrow, 4);
    return;
  }
  llvm::APFloat converted(value);
  bool losesInfo = false;
  converted.convert(getFloatSemantics(elementType),
                    llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  setFloat(index, converted);
}

int64_t HostTensor::getInt(int64_t index) const {
  if (elementType == ElementType::I32) {
    int32_t value;
    std::memcpy(&value, data.get() + index * 4, 4);
    return value;
  }
  assert(elementType == ElementType::I64 && "not an integer tensor");
  int64_t value;
  std::memcpy(&value, data.get() + index * 8, 8);
  return value;
}

void HostTensor::setInt(int64_t index, int64_t value) {
  if (elementType == ElementType::I32) {
    auto narrow = static_cast<int32_t>(value);
    std::memcpy(data.get() + index * 4, &narrow, 4);
    return;
  }
  assert(elementType == ElementType::I64 && "not an integer tensor");
  std::memcpy(data.get() + index * 8, &value, 8);
}

/// Returns the number of significant digits of the shortest decimal that
/// reads back as `value` (std::to_chars, Ryu): no decimal of fewer digits
/// reads back as it, so the search below starts there. 1 for a type without
/// std::to_chars (f16, bf16).
static int getShortestDigits(const llvm::APFloat &value) {
  char buffer[64];
  std::to_chars_result end{buffer, std::errc()};
  if (&value.getSemantics() == &llvm::APFloat::IEEEsingle())
    end = std::to_chars(buffer, buffer + sizeof(buffer), value.convertToFloat(),
                        std::chars_format::scientific);
  else if (&value.getSemantics() == &llvm::APFloat::IEEEdouble())
    end = std::to_chars(buffer, buffer + sizeof(buffer),
                        value.convertToDouble(), std::chars_format::scientific);
  else
    return 1;
  if (end.ec != std::errc())
    return 1;
  StringRef mantissa = StringRef(buffer, end.ptr - buffer).split('e').first;
  return std::max<int>(1, llvm::count_if(mantissa, llvm::isDigit));
}

/// Returns whether the decimal `text` (NUL-terminated) reads back as `value`
/// in `value`'s own semantics, rounding to nearest even. f32 and f64 through
/// strtof/strtod (correctly rounded in glibc, as APFloat's parser is, and
/// much faster: APFloat's parse was most of the time of printing a large
/// f32 tensor), f16 and bf16 through APFloat.
static bool readsBackAs(const char *text, const llvm::APFloat &value) {
  if (&value.getSemantics() == &llvm::APFloat::IEEEsingle()) {
    float parsed = std::strtof(text, nullptr);
    float expected = value.convertToFloat();
    return std::memcmp(&parsed, &expected, sizeof(float)) == 0;
  }
  if (&value.getSemantics() == &llvm::APFloat::IEEEdouble()) {
    double parsed = std::strtod(text, nullptr);
    double expected = value.convertToDouble();
    return std::memcmp(&parsed, &expected, sizeof(double)) == 0;
  }
  llvm::APFloat parsed(value.getSemantics());
  auto status =
      parsed.convertFromString(text, llvm::APFloat::rmNearestTiesToEven);
  if (!status) {
    llvm::consumeError(status.takeError());
    return false;
  }
  return parsed.bitwiseIsEqual(value);
}

std::string runner::formatShortestFloat(const llvm::APFloat &value) {
  if (value.isNaN())
    return "nan";
  if (value.isInfinity())
    return value.isNegative() ? "-inf" : "inf";
  // Every supported type converts to double exactly.
  llvm::APFloat asDouble = value;
  bool losesInfo = false;
  asDouble.convert(llvm::APFloat::IEEEdouble(),
                   llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  double d = asDouble.convertToDouble();
  // Fewest significant digits whose decimal (d rounded to that many digits,
  // as printf's %e rounds) reads back as the same value in the element's own
  // semantics; 17 digits always round-trip a double. Ryu's shortest decimal
  // may be one digit shorter (at a power of two, whose rounding interval is
  // narrower below it than above, e.g. f32 2^-96): the search keeps
  // printf's digits.
  char text[32];
  int precision = getShortestDigits(value);
  for (; precision <= 17; ++precision) {
    std::snprintf(text, sizeof(text), "%.*e", precision - 1, d);
    if (readsBackAs(text, value))
      break;
  }
  // Same digits, laid out as Python's repr does: positional for decimal
  // exponents in [-4, 16), scientific otherwise.
  StringRef scientific = text;
  auto [mantissa, exponentText] = scientific.split('e');
  int exponent = 0;
  exponentText.consume_front("+");
  exponentText.getAsInteger(10, exponent);
  if (exponent < -4 || exponent >= 16)
    return std::string(text);
  std::string result;
  if (mantissa.consume_front("-"))
    result = "-";
  std::string digits = mantissa.str();
  llvm::erase(digits, '.');
  if (exponent < 0)
    return result + "0." + std::string(-exponent - 1, '0') + digits;
  size_t integerDigits = exponent + 1;
  if (digits.size() <= integerDigits)
    return result + digits + std::string(integerDigits - digits.size(), '0');
  return result + digits.substr(0, integerDigits) + "." +
         digits.substr(integerDigits);
}

std::string HostTensor::formatElement(int64_t index) const {
  if (isFloatElementType(elementType))
    return formatShortestFloat(getFloat(index));
  return std::to_string(getInt(index));
}

namespace {
/// The text of a tensor, written to a stream in pieces of about 64 KiB: the
/// stream may be unbuffered (llvm::outs() on a terminal makes a system call
/// per <<, which took seconds for a million elements).
class ChunkedOutput {
public:
  explicit ChunkedOutput(raw_ostream &os) : os(os) { text.reserve(kChunk); }
  ~ChunkedOutput() { os << text; }

  ChunkedOutput &operator<<(StringRef piece) {
    text.append(piece.begin(), piece.end());
    if (text.size() >= kChunk) {
      os << text;
      text.clear();
    }
    return *this;
  }

private:
  static constexpr size_t kChunk = 64 * 1024;
  raw_ostream &os;
  SmallString<0> text;
};
} // namespace

/// Prints the elements of dimensions [dim, rank) starting at flat element
/// `offset`: the innermost dimension space-separated, each outer one as a
/// sequence of bracketed groups.
static void printDims(ChunkedOutput &out, const HostTensor &tensor, int64_t dim,
                      int64_t offset) {
  ArrayRef<int64_t> shape = tensor.getShape();
  int64_t rank = shape.size();
  if (dim == rank - 1) {
    for (int64_t i = 0; i < shape[dim]; ++i)
      out << (i ? " " : "") << tensor.formatElement(offset + i);
    return;
  }
  int64_t stride = 1;
  for (int64_t d = dim + 1; d < rank; ++d)
    stride *= shape[d];
  for (int64_t i = 0; i < shape[dim]; ++i) {
    out << "[";
    printDims(out, tensor, dim + 1, offset + i * stride);
    out << "]";
  }
}

void HostTensor::print(raw_ostream &os) const {
  // The whole type, also for a shape of many dims: this is a SPEC that
  // parses back.
  printTensorType(os, shape, elementType);
  os << '=';
  if (numElements == 0)
    return;
  if (shape.empty()) {
    os << formatElement(0);
    return;
  }
  ChunkedOutput out(os);
  printDims(out, *this, 0, 0);
}
