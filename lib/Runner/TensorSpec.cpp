//===- TensorSpec.cpp - parse tensors given on the command line -----------===//

#include "norm/Runner/TensorSpec.h"
#include "norm/Support/EscapedText.h"

#include "RunnerSupport.h"
#include "norm/Runner/NpyIO.h"
#include "norm/Runner/TensorProtoIO.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

#include <cstdio>
#include <limits>

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::runner;
using llvm::createStringError;

/// Errors on the first whitespace character in `typeText`, a part of
/// `whole` (the SPEC, or the SHAPExTYPE itself): "2 xf32" is not "2xf32".
/// `example` completes the hint.
static llvm::Error checkNoWhitespace(StringRef typeText, StringRef whole,
                                     StringRef example) {
  const char *space = llvm::find_if(typeText, llvm::isSpace);
  if (space == typeText.end())
    return llvm::Error::success();
  return createStringError(
      "unexpected whitespace '" + escapeForMessage(StringRef(space, 1)) +
      "' at offset " + Twine(space - whole.data()) + " in " +
      (whole.size() == typeText.size() ? "SHAPExTYPE '"
                                       : "the SHAPExTYPE of '") +
      escapeForMessage(whole) + "': write it without spaces, e.g. '" + example +
      "'");
}

llvm::Expected<TensorTypeSpec> runner::parseTensorType(StringRef text) {
  if (llvm::Error err = checkNoWhitespace(text, text, "2x2xf32"))
    return std::move(err);
  SmallVector<StringRef> parts;
  text.split(parts, 'x');
  std::optional<ElementType> elementType = parseElementTypeName(parts.back());
  if (!elementType)
    return createStringError("unknown element type '" +
                             escapeForMessage(parts.back()) + "' in '" +
                             escapeForMessage(text) +
                             "'; supported: " + getSupportedElementTypeNames());
  TensorTypeSpec spec;
  spec.elementType = *elementType;
  for (StringRef part : ArrayRef(parts).drop_back()) {
    int64_t dim;
    if (part == "?")
      return createStringError("dynamic dimension '?' in '" +
                               escapeForMessage(text) +
                               "': give the actual size");
    StringRef digits = part;
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
  // A nonzero decimal of at most half the smallest subnormal rounds to zero
  // (to even at the tie): as much an error as one above the largest finite
  // value. A zero literal is exact, without opUnderflow; one that rounds to
  // a subnormal is not zero.
  if ((*status & llvm::APFloat::opUnderflow) && value.isZero()) {
    llvm::APFloat smallest = llvm::APFloat::getSmallest(semantics);
    llvm::APFloat asDouble = smallest;
    bool losesInfo = false;
    asDouble.convert(llvm::APFloat::IEEEdouble(),
                     llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    char approx[32];
    std::snprintf(approx, sizeof(approx), "%.9g", asDouble.convertToDouble());
    return createStringError(
        "value '" + escapeForMessage(text) + "' (element " + Twine(index) +
        ") underflows to 0 in " + typeName +
        ": its magnitude is at most half the smallest " + typeName +
        " subnormal, 2^" + Twine(smallest.getExactLog2()) + " (about " +
        approx + "); write 0 for zero");
  }
  tensor.setFloat(index, value);
  return llvm::Error::success();
}

namespace {
/// Checks the layout of VALUES (the text after '=' in `spec`) against
/// `type` and collects the values, in order, into `values`.
///
/// Without brackets the values are a flat list of the right count. With
/// brackets, they must nest as the shape does: one pair per dimension
/// (`[[1 2][3 4]]` for 2x2, as numpy writes it), or all but the outermost
/// pair (`[1 2][3 4]`, as HostTensor::print writes it). Inside a dimension
/// of size 0 nothing nests, so `[]` is a 0x3 tensor written in full.
class ValueLayout {
public:
  ValueLayout(StringRef spec, StringRef valueText, const TensorTypeSpec &type)
      : spec(spec), valueText(valueText), shape(type.shape),
        typeText(formatTensorType(type.shape, type.elementType)) {}

  llvm::Error check(SmallVectorImpl<StringRef> &values);

private:
  enum class Kind { Open, Close, Value };
  struct Token {
    Kind kind;
    StringRef text;
  };
  /// A pair of brackets being read, or the top level of the shortened form.
  struct Group {
    int64_t count = 0;          // entries so far
    std::optional<size_t> open; // offset of its '[' in `spec`
  };

  size_t offsetOf(StringRef text) const { return text.data() - spec.data(); }
  std::string quoted() const { return "in '" + escapedSpec + "', "; }
  std::string describe(ArrayRef<Group> stack) const;

  StringRef spec, valueText;
  ArrayRef<int64_t> shape;
  std::string typeText, escapedSpec;
  SmallVector<Token> tokens;
};
} // namespace

/// Names the innermost group of `stack`: by the indices of the elements it
/// holds ("group [1, 0]"), or as the outer pair or the top level.
std::string ValueLayout::describe(ArrayRef<Group> stack) const {
  if (stack.size() == 1)
    return stack.front().open ? "the outer pair" : "the top level";
  std::string text = "group [";
  for (auto [i, group] : llvm::enumerate(stack.drop_back()))
    text += (i ? ", " : "") + std::to_string(group.count - 1);
  return text + "] (at offset " + std::to_string(*stack.back().open) + ")";
}

llvm::Error ValueLayout::check(SmallVectorImpl<StringRef> &values) {
  escapedSpec = escapeForMessage(spec);
  // Split into brackets and values; spaces and commas separate. A comma
  // needs a value or a group on each side: `1,,2`, `,1`, `1,`, `[,1]` and
  // `[1,]` have an empty value (whitespace around a comma is fine).
  auto emptyValue = [&](size_t comma) {
    return createStringError(quoted() + "empty value at offset " +
                             Twine(offsetOf(valueText.substr(comma, 1))) +
                             ": a comma needs a value or a group on each side");
  };
  // The last comma not yet followed by a value or group, if any.
  std::optional<size_t> pendingComma;
  // Whether a value or a ']' is the last thing read (a comma may follow).
  bool afterEntry = false;
  for (size_t i = 0, e = valueText.size(); i < e;) {
    char c = valueText[i];
    if (c == ',') {
      if (!afterEntry)
        return emptyValue(i);
      pendingComma = i;
      afterEntry = false;
      ++i;
      continue;
    }
    if (c == '[' || c == ']') {
      if (c == ']' && pendingComma)
        return emptyValue(*pendingComma);
      if (c == '[')
        pendingComma.reset();
      afterEntry = c == ']';
      tokens.push_back(
          {c == '[' ? Kind::Open : Kind::Close, valueText.substr(i, 1)});
      ++i;
      continue;
    }
    size_t end = valueText.find_first_of(" \t\r\n,[]", i);
    if (end == i) {
      ++i;
      continue;
    }
    pendingComma.reset();
    afterEntry = true;
    end = std::min(end, e);
    tokens.push_back({Kind::Value, valueText.slice(i, end)});
    values.push_back(tokens.back().text);
    i = end;
  }
  if (pendingComma)
    return emptyValue(*pendingComma);

  // Balance and depth.
  SmallVector<size_t> open;
  size_t depth = 0;
  // The first entry of the top level after its first one: in the full
  // form, outside the outer pair.
  const Token *outside = nullptr;
  bool topLevelEntry = false;
  for (const Token &token : tokens) {
    if (open.empty() && token.kind != Kind::Close) {
      if (topLevelEntry && !outside)
        outside = &token;
      topLevelEntry = true;
    }
    if (token.kind == Kind::Open) {
      open.push_back(offsetOf(token.text));
      depth = std::max(depth, open.size());
    } else if (token.kind == Kind::Close) {
      if (open.empty())
        return createStringError(quoted() + "']' at offset " +
                                 Twine(offsetOf(token.text)) +
                                 " closes no '['");
      open.pop_back();
    }
  }
  if (!open.empty())
    return createStringError(quoted() + "'[' at offset " + Twine(open.front()) +
                             " is not closed");

  int64_t numElements = *HostTensor::getNumElements(shape);
  if (depth == 0) {
    if (static_cast<int64_t>(values.size()) != numElements)
      return createStringError(typeText + " needs " + Twine(numElements) +
                               (numElements == 1 ? " value" : " values") +
                               ", got " + Twine(values.size()));
    return llvm::Error::success();
  }

  // One level per dimension, down to the first of size 0 (which is empty).
  size_t rank = shape.size();
  size_t full = rank;
  for (size_t dim = 0; dim < rank; ++dim)
    if (shape[dim] == 0) {
      full = dim + 1;
      break;
    }
  if (depth != full && depth + 1 != full) {
    std::string message =
        (quoted() + "brackets nest " + Twine(depth) + " deep, but " + typeText +
         " has rank " + Twine(rank))
            .str();
    if (full < rank)
      message += " and size 0 in dimension " + std::to_string(full - 1);
    if (full == 0)
      return createStringError(message + ": write the value without brackets");
    message += ": nest them " + std::to_string(full) + " deep";
    if (full >= 2)
      message += ", " + std::to_string(full - 1) +
                 " deep (as printed: no pair around all values)";
    return createStringError(message + " or leave them out");
  }

  bool shortened = depth + 1 == full;
  if (!shortened && outside)
    return createStringError(
        quoted() + "'" + escapeForMessage(outside->text) + "' at offset " +
        Twine(offsetOf(outside->text)) + " is outside the outer pair: " +
        "brackets nested " + Twine(depth) + " deep put all values in one pair");

  // Walk the groups; stack[k] holds the entries of dimension k. Where a
  // group has too many entries, its own count is the error, not that of the
  // extra entries: `numOver` counts the groups in `stack` with too many.
  SmallVector<Group> stack;
  if (shortened)
    stack.emplace_back();
  int64_t numOver = 0;
  auto addEntry = [&] {
    if (++stack.back().count == shape[stack.size() - 1] + 1)
      ++numOver;
  };
  auto checkCount = [&]() -> llvm::Error {
    size_t dim = stack.size() - 1;
    int64_t count = stack.back().count;
    bool over = count > shape[dim];
    if (over)
      --numOver;
    if (count == shape[dim] || numOver > 0)
      return llvm::Error::success();
    bool holdsValues = dim + 1 == rank;
    return createStringError(
        quoted() + describe(stack) + " holds " + Twine(count) +
        (holdsValues ? (count == 1 ? " value" : " values")
                     : (count == 1 ? " group" : " groups")) +
        ", but dimension " + Twine(dim) + " of " + typeText + " has size " +
        Twine(shape[dim]));
  };
  for (const Token &token : tokens) {
    if (stack.empty()) {
      // The outer pair of the full form (nothing else is at the top level).
      stack.push_back({0, offsetOf(token.text)});
      continue;
    }
    size_t dim = stack.size() - 1;
    switch (token.kind) {
    case Kind::Open:
      // Deeper nesting than `full` was rejected above.
      assert(dim + 1 < rank && "a group where values belong");
      addEntry();
      stack.push_back({0, offsetOf(token.text)});
      break;
    case Kind::Close:
      if (llvm::Error err = checkCount())
        return err;
      stack.pop_back();
      break;
    case Kind::Value:
      // In a dimension of size 0 the count is the error.
      if (dim + 1 < rank && shape[dim] != 0)
        return createStringError(quoted() + describe(stack) +
                                 " holds the value '" +
                                 escapeForMessage(token.text) + "' at offset " +
                                 Twine(offsetOf(token.text)) + " where " +
                                 typeText + " needs a group '[...]'");
      addEntry();
      break;
    }
  }
  if (shortened)
    return checkCount();
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
  if (llvm::Error err = checkNoWhitespace(typeText, spec, "2x2xf32=1 2 3 4"))
    return std::move(err);
  llvm::Expected<TensorTypeSpec> type = parseTensorType(typeText);
  if (!type)
    return type.takeError();

  SmallVector<StringRef> values;
  if (llvm::Error layoutError =
          ValueLayout(spec, valueText, *type).check(values)) {
    // A value that is not a number ('1;2;3;4': ';' separates nothing) is
    // the error to report, not the count or nesting it made wrong.
    HostTensor scratch(type->elementType,
                       {static_cast<int64_t>(values.size())});
    for (auto [index, value] : llvm::enumerate(values))
      if (llvm::Error err = parseElement(value, scratch, index)) {
        llvm::consumeError(std::move(layoutError));
        return std::move(err);
      }
    return std::move(layoutError);
  }

  HostTensor tensor(type->elementType, type->shape);
  for (auto [index, value] : llvm::enumerate(values))
    if (llvm::Error err = parseElement(value, tensor, index))
      return std::move(err);
  return std::move(tensor);
}
