//===- TensorSpec.cpp - parse tensors given on the command line -----------===//

#include "norm/Runner/TensorSpec.h"
#include "norm/Support/EscapedText.h"

#include "RunnerSupport.h"
#include "norm/Runner/NpyIO.h"
#include "norm/Runner/TensorProtoIO.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

#include <limits>

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::runner;
using llvm::createStringError;

llvm::Expected<TensorTypeSpec> runner::parseTensorType(StringRef text) {
  SmallVector<StringRef> parts;
  text.split(parts, 'x');
  std::optional<ElementType> elementType =
      parseElementTypeName(parts.back().trim());
  if (!elementType)
    return createStringError("unknown element type '" +
                             escapeForMessage(parts.back()) + "' in '" +
                             escapeForMessage(text) +
                             "'; supported: " + getSupportedElementTypeNames());
  TensorTypeSpec spec;
  spec.elementType = *elementType;
  for (StringRef part : ArrayRef(parts).drop_back()) {
    int64_t dim;
    if (part.trim() == "?")
      return createStringError("dynamic dimension '?' in '" +
                               escapeForMessage(text) +
                               "': give the actual size");
    StringRef digits = part.trim();
    if (!digits.empty() && llvm::all_of(digits, llvm::isDigit) &&
        digits.getAsInteger(10, dim))
      return createStringError(
          "dimension '" + escapeForMessage(part) + "' in '" +
          escapeForMessage(text) +
          "' is too large: " + describeSizeLimit("the sizes"));
    if (digits.getAsInteger(10, dim) || dim < 0)
      return createStringError("invalid dimension '" + escapeForMessage(part) +
                               "' in '" + escapeForMessage(text) + "'");
    spec.shape.push_back(dim);
  }
  if (!HostTensor::getNumElements(spec.shape))
    return createStringError(
        "shape '" + escapeForMessage(text) +
        "' has too many elements: " + describeSizeLimit("its sizes"));
  return spec;
}

/// Matches decimal float text ("1", "-2.", ".5", "1e-3"); the special values
/// are handled separately. APFloat alone would also accept "1.5e" and hex.
static bool isDecimalFloat(StringRef text) {
  static const llvm::Regex decimal(
      "^[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?$");
  return decimal.match(text);
}

llvm::Error runner::parseElement(StringRef text, HostTensor &tensor,
                                 int64_t index) {
  ElementType type = tensor.getElementType();
  StringRef typeName = getElementTypeName(type);
  auto invalid = [&](const Twine &detail = "") {
    return createStringError("invalid " + typeName + " value '" +
                             escapeForMessage(text) + "' (element " +
                             Twine(index) + ")" + detail);
  };
  auto outOfRange = [&] {
    return createStringError("value '" + escapeForMessage(text) +
                             "' (element " + Twine(index) +
                             ") is out of range for " + typeName);
  };

  if (!isFloatElementType(type)) {
    // getAsInteger rejects a leading '+', but it is harmless to accept.
    StringRef digits = text.starts_with("+") ? text.drop_front() : text;
    int64_t value;
    if (digits.getAsInteger(10, value)) {
      // Well-formed but too wide for int64_t is a range error.
      llvm::APInt wide;
      if (!digits.drop_front(digits.starts_with("-")).getAsInteger(10, wide))
        return outOfRange();
      return invalid();
    }
    if (type == ElementType::I32 &&
        (value < std::numeric_limits<int32_t>::min() ||
         value > std::numeric_limits<int32_t>::max()))
      return outOfRange();
    tensor.setInt(index, value);
    return llvm::Error::success();
  }

  const llvm::fltSemantics &semantics = getFloatSemantics(type);
  std::string lower = text.lower();
  StringRef special = lower;
  bool negative = special.consume_front("-");
  if (!negative)
    special.consume_front("+");
  if (special == "nan") {
    tensor.setFloat(index, llvm::APFloat::getQNaN(semantics));
    return llvm::Error::success();
  }
  if (special == "inf" || special == "infinity") {
    tensor.setFloat(index, llvm::APFloat::getInf(semantics, negative));
    return llvm::Error::success();
  }
  if (!isDecimalFloat(text))
    return invalid();
  llvm::APFloat value(semantics);
  auto status =
      value.convertFromString(text, llvm::APFloat::rmNearestTiesToEven);
  if (!status)
    return invalid(": " + llvm::toString(status.takeError()));
  if (*status & llvm::APFloat::opOverflow)
    return outOfRange();
  tensor.setFloat(index, value);
  return llvm::Error::success();
}

llvm::Expected<HostTensor>
runner::parseTensorSpec(StringRef spec,
                        std::optional<ElementType> expectedType) {
  if (spec.starts_with("@")) {
    StringRef path = spec.drop_front();
    if (isTensorProtoPath(path))
      return readTensorProtoFile(path);
    return readNpyFile(path, expectedType);
  }

  auto [typeText, valueText] = spec.split('=');
  if (typeText.size() == spec.size())
    return createStringError(
        "expected 'SHAPExTYPE=VALUES' (e.g. "
        "'2x2xf32=1 2 3 4'), '@FILE.npy' or '@FILE.pb', got '" +
        escapeForMessage(spec) + "'");
  if (typeText.trim().empty())
    return createStringError("missing SHAPExTYPE before '=' in '" +
                             escapeForMessage(spec) +
                             "' (e.g. '2x2xf32=1 2 3 4')");
  llvm::Expected<TensorTypeSpec> type = parseTensorType(typeText.trim());
  if (!type)
    return type.takeError();

  // Values are separated by whitespace, commas and brackets.
  SmallVector<StringRef> tokens;
  llvm::SplitString(valueText, tokens, " \t\r\n,[]");
  int64_t numElements = *HostTensor::getNumElements(type->shape);
  if (static_cast<int64_t>(tokens.size()) != numElements) {
    // A value that is not a number ('1;2;3;4': ';' separates nothing) is
    // the error to report, not the count it made wrong.
    HostTensor scratch(type->elementType,
                       {static_cast<int64_t>(tokens.size())});
    for (auto [index, token] : llvm::enumerate(tokens))
      if (llvm::Error err = parseElement(token, scratch, index))
        return std::move(err);
    return createStringError(formatTensorType(type->shape, type->elementType) +
                             " needs " + Twine(numElements) +
                             (numElements == 1 ? " value" : " values") +
                             ", got " + Twine(tokens.size()));
  }

  HostTensor tensor(type->elementType, type->shape);
  for (auto [index, token] : llvm::enumerate(tokens))
    if (llvm::Error err = parseElement(token, tensor, index))
      return std::move(err);
  return std::move(tensor);
}
