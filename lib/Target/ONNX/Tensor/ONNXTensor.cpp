//===- ONNXTensor.cpp - decode and encode ONNX TensorProto data -----------===//
//
// This TU includes the protobuf-generated ONNX classes. Protobuf reports
// malformed input through return values, so it builds with LLVM's
// -fno-exceptions like the rest of the project.
//
//===----------------------------------------------------------------------===//

#include "norm/Target/ONNX/ONNXTensor.h"
#include "norm/Support/AbbreviatedList.h"
#include "norm/Support/EscapedText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SwapByteOrder.h"
#include "llvm/Support/raw_ostream.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>
#include <onnx/onnx_pb.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <string>

using namespace mlir;
using namespace mlir::norm;
using llvm::createStringError;

std::string norm::getONNXDataTypeName(int32_t dataType) {
  static constexpr const char *names[] = {
      "UNDEFINED",      "FLOAT",      "UINT8",
      "INT8",           "UINT16",     "INT16",
      "INT32",          "INT64",      "STRING",
      "BOOL",           "FLOAT16",    "DOUBLE",
      "UINT32",         "UINT64",     "COMPLEX64",
      "COMPLEX128",     "BFLOAT16",   "FLOAT8E4M3FN",
      "FLOAT8E4M3FNUZ", "FLOAT8E5M2", "FLOAT8E5M2FNUZ",
      "UINT4",          "INT4",       "FLOAT4E2M1",
      "FLOAT8E8M0",     "UINT2",      "INT2"};
  if (dataType >= 0 && dataType < static_cast<int32_t>(std::size(names)))
    return names[dataType];
  return std::to_string(dataType) + " (not a data type of IR " +
         std::to_string(kMaxONNXIrVersion) + ", " + kMaxONNXIrReleases.str() +
         ")";
}

std::optional<ONNXDataType> norm::getONNXDataType(int32_t dataType) {
  switch (static_cast<ONNXDataType>(dataType)) {
  case ONNXDataType::Float:
  case ONNXDataType::UInt8:
  case ONNXDataType::Int8:
  case ONNXDataType::UInt16:
  case ONNXDataType::Int16:
  case ONNXDataType::Int32:
  case ONNXDataType::Int64:
  case ONNXDataType::Bool:
  case ONNXDataType::Float16:
  case ONNXDataType::Double:
  case ONNXDataType::UInt32:
  case ONNXDataType::UInt64:
  case ONNXDataType::BFloat16:
    return static_cast<ONNXDataType>(dataType);
  }
  return std::nullopt;
}

size_t norm::getONNXElementSize(ONNXDataType dataType) {
  switch (dataType) {
  case ONNXDataType::Bool:
  case ONNXDataType::UInt8:
  case ONNXDataType::Int8:
    return 1;
  case ONNXDataType::UInt16:
  case ONNXDataType::Int16:
  case ONNXDataType::Float16:
  case ONNXDataType::BFloat16:
    return 2;
  case ONNXDataType::Float:
  case ONNXDataType::Int32:
  case ONNXDataType::UInt32:
    return 4;
  case ONNXDataType::Int64:
  case ONNXDataType::Double:
  case ONNXDataType::UInt64:
    return 8;
  }
  llvm_unreachable("unknown ONNXDataType");
}

StringRef norm::getONNXElementTypeMlirName(ONNXDataType dataType) {
  switch (dataType) {
  case ONNXDataType::Float:
    return "f32";
  case ONNXDataType::UInt8:
    return "ui8";
  case ONNXDataType::Int8:
    return "i8";
  case ONNXDataType::UInt16:
    return "ui16";
  case ONNXDataType::Int16:
    return "i16";
  case ONNXDataType::Int32:
    return "i32";
  case ONNXDataType::Int64:
    return "i64";
  case ONNXDataType::Bool:
    return "i1";
  case ONNXDataType::Float16:
    return "f16";
  case ONNXDataType::Double:
    return "f64";
  case ONNXDataType::UInt32:
    return "ui32";
  case ONNXDataType::UInt64:
    return "ui64";
  case ONNXDataType::BFloat16:
    return "bf16";
  }
  llvm_unreachable("unknown ONNXDataType");
}

/// Formats the tensor type as MLIR prints it in diagnostics:
/// 'tensor<3x4xf32>', 'tensor<f32>'; many dims are shortened
/// (norm/Support/AbbreviatedList.h): 'tensor<1x1x1x1x1x1x1x1x...x1xf32>'
/// (rank 100000).
static std::string formatType(ArrayRef<int64_t> dims, ONNXDataType dataType) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "'tensor<" << formatDims(dims) << (dims.empty() ? "" : "x")
     << getONNXElementTypeMlirName(dataType) << ">'"
     << formatRankSuffix(dims.size());
  return text;
}

/// Appends the low `bytes` bytes of `bits` to `buffer` in host byte order.
static void appendBits(std::vector<char> &buffer, uint64_t bits, size_t bytes) {
  char storage[8];
  switch (bytes) {
  case 1: {
    uint8_t v = bits;
    std::memcpy(storage, &v, 1);
    break;
  }
  case 2: {
    uint16_t v = bits;
    std::memcpy(storage, &v, 2);
    break;
  }
  case 4: {
    uint32_t v = bits;
    std::memcpy(storage, &v, 4);
    break;
  }
  default:
    std::memcpy(storage, &bits, 8);
    break;
  }
  buffer.insert(buffer.end(), storage, storage + bytes);
}

/// The values that `int32_data` may hold for `dataType`, one of the types
/// stored there: the bit patterns of FLOAT16 and BFLOAT16, the range of the
/// narrower integers. BOOL takes any value (non-zero is true).
static std::pair<int64_t, int64_t> getInt32DataRange(ONNXDataType dataType) {
  switch (dataType) {
  case ONNXDataType::Float16:
  case ONNXDataType::BFloat16:
  case ONNXDataType::UInt16:
    return {0, UINT16_MAX};
  case ONNXDataType::UInt8:
    return {0, UINT8_MAX};
  case ONNXDataType::Int8:
    return {INT8_MIN, INT8_MAX};
  case ONNXDataType::Int16:
    return {INT16_MIN, INT16_MAX};
  default: // BOOL, INT32.
    return {INT32_MIN, INT32_MAX};
  }
}

/// Reads the `int32_data` values (TensorProto field 5, packed or not) of the
/// serialized TensorProto `serialized` as the wire holds them, 64-bit varints,
/// into `values`, in the order protobuf appends them. Returns false where the
/// bytes do not decode.
static bool readWireInt32Data(StringRef serialized,
                              SmallVectorImpl<int64_t> &values) {
  using google::protobuf::internal::WireFormatLite;
  if (serialized.size() > static_cast<size_t>(INT_MAX))
    return false;
  google::protobuf::io::CodedInputStream input(
      reinterpret_cast<const uint8_t *>(serialized.data()),
      static_cast<int>(serialized.size()));
  while (uint32_t tag = input.ReadTag()) {
    if (WireFormatLite::GetTagFieldNumber(tag) !=
        onnx::TensorProto::kInt32DataFieldNumber) {
      if (!WireFormatLite::SkipField(&input, tag))
        return false;
      continue;
    }
    uint64_t raw = 0;
    switch (WireFormatLite::GetTagWireType(tag)) {
    case WireFormatLite::WIRETYPE_VARINT:
      if (!input.ReadVarint64(&raw))
        return false;
      values.push_back(static_cast<int64_t>(raw));
      break;
    case WireFormatLite::WIRETYPE_LENGTH_DELIMITED: {
      uint32_t length = 0;
      if (!input.ReadVarint32(&length))
        return false;
      auto limit = input.PushLimit(static_cast<int>(length));
      while (input.BytesUntilLimit() > 0) {
        if (!input.ReadVarint64(&raw))
          return false;
        values.push_back(static_cast<int64_t>(raw));
      }
      input.PopLimit(limit);
      break;
    }
    default:
      if (!WireFormatLite::SkipField(&input, tag))
        return false;
      break;
    }
  }
  return true;
}

/// Reverses the bytes of each `elementSize`-byte element of `buffer`
/// (little-endian <-> host order on big-endian hosts).
static void swapElements(char *buffer, size_t size, size_t elementSize) {
  if (elementSize == 1)
    return;
  for (size_t i = 0; i < size; i += elementSize)
    std::reverse(buffer + i, buffer + i + elementSize);
}

llvm::Expected<ONNXTensor>
norm::decodeONNXTensor(const onnx::TensorProto &tensor,
                       const ONNXTensorContext &context,
                       std::optional<StringRef> serialized) {
  const std::string &what = context.what;
  if (tensor.data_location() == onnx::TensorProto_DataLocation_EXTERNAL ||
      tensor.external_data_size() != 0)
    return createStringError(what + " stores its data outside " +
                             context.container + " (external data), which " +
                             context.reader + " does not support");
  if (tensor.has_segment())
    return createStringError(what + " is a segment of a tensor, which " +
                             context.reader + " does not support");
  std::optional<ONNXDataType> dataType = getONNXDataType(tensor.data_type());
  if (!dataType)
    return createStringError(what + " has element type " +
                             getONNXDataTypeName(tensor.data_type()) +
                             ", which " + context.reader + " does not support");

  ONNXTensor result;
  result.name = tensor.name();
  result.dataType = *dataType;
  int64_t numElements = 1;
  auto tooLarge = [&](StringRef count) {
    return createStringError(
        what + " has shape " +
        formatType(ArrayRef<int64_t>(tensor.dims().data(), tensor.dims_size()),
                   *dataType) +
        ", whose " + count + " does not fit in 64 bits");
  };
  for (int64_t dim : tensor.dims()) {
    if (dim < 0)
      return createStringError(what + " has a negative dimension " +
                               Twine(dim));
    result.dims.push_back(dim);
  }
  if (context.checkShape)
    if (llvm::Error err = context.checkShape(result.dims, *dataType))
      return std::move(err);
  for (int64_t dim : result.dims)
    if (llvm::MulOverflow(numElements, dim, numElements))
      return tooLarge("element count");
  size_t elementSize = getONNXElementSize(*dataType);
  int64_t numBytes;
  if (llvm::MulOverflow(numElements, static_cast<int64_t>(elementSize),
                        numBytes))
    return tooLarge("size in bytes");
  result.numElements = numElements;
  bool isBool = *dataType == ONNXDataType::Bool;

  // ONNX keeps a tensor's values in exactly one field: raw_data or the
  // typed field of its type. Both set is an error, not raw_data winning.
  if (tensor.has_raw_data()) {
    std::pair<int, StringRef> typedFields[] = {
        {tensor.float_data_size(), "float_data"},
        {tensor.int32_data_size(), "int32_data"},
        {tensor.string_data_size(), "string_data"},
        {tensor.int64_data_size(), "int64_data"},
        {tensor.double_data_size(), "double_data"},
        {tensor.uint64_data_size(), "uint64_data"}};
    for (auto [count, name] : typedFields) {
      if (count == 0)
        continue;
      // The subject names the tensor where `what` does not (a file).
      std::string quotedName = "'" + escapeForMessage(tensor.name()) + "'";
      std::string subject = what;
      if (!tensor.name().empty() && !StringRef(what).contains(quotedName))
        subject += " (tensor " + quotedName + ")";
      return createStringError(
          subject + " holds its values in both 'raw_data' and '" + name +
          "': expected exactly one of them, as ONNX requires");
    }
  }

  // raw_data: the elements in little-endian byte order, one byte per bool.
  if (tensor.has_raw_data()) {
    const std::string &raw = tensor.raw_data();
    if (static_cast<uint64_t>(raw.size()) != static_cast<uint64_t>(numBytes))
      return createStringError(what + " holds " + Twine(raw.size()) +
                               " bytes in 'raw_data', but its shape " +
                               formatType(result.dims, *dataType) + " needs " +
                               Twine(numBytes));
    result.data.assign(raw.begin(), raw.end());
    if (isBool)
      for (char &byte : result.data)
        byte = byte != 0;
    else if (llvm::sys::IsBigEndianHost)
      swapElements(result.data.data(), result.data.size(), elementSize);
    return std::move(result);
  }

  // Typed fields, as onnx.proto assigns them: FLOAT16, BFLOAT16 (bit
  // patterns), BOOL and the integers narrower than 64 bits except UINT32
  // live in int32_data.
  std::pair<int64_t, StringRef> field;
  switch (*dataType) {
  case ONNXDataType::Float:
    field = {tensor.float_data_size(), "float_data"};
    break;
  case ONNXDataType::Double:
    field = {tensor.double_data_size(), "double_data"};
    break;
  case ONNXDataType::Int64:
    field = {tensor.int64_data_size(), "int64_data"};
    break;
  case ONNXDataType::UInt32:
  case ONNXDataType::UInt64:
    field = {tensor.uint64_data_size(), "uint64_data"};
    break;
  default: // BOOL, INT8/16/32, UINT8/16, FLOAT16, BFLOAT16.
    field = {tensor.int32_data_size(), "int32_data"};
    break;
  }
  // Checked before anything is allocated for the claimed shape.
  if (field.first != numElements)
    return createStringError(
        what + " holds " + Twine(field.first) + " values in '" + field.second +
        "', but its shape " + formatType(result.dims, *dataType) + " needs " +
        Twine(numElements));

  std::vector<char> &buffer = result.data;
  buffer.reserve(numBytes);
  switch (*dataType) {
  case ONNXDataType::Float:
    for (float value : tensor.float_data()) {
      uint32_t bits;
      std::memcpy(&bits, &value, 4);
      appendBits(buffer, bits, 4);
    }
    break;
  case ONNXDataType::Double:
    for (double value : tensor.double_data()) {
      uint64_t bits;
      std::memcpy(&bits, &value, 8);
      appendBits(buffer, bits, 8);
    }
    break;
  case ONNXDataType::Int64:
    for (int64_t value : tensor.int64_data())
      appendBits(buffer, static_cast<uint64_t>(value), 8);
    break;
  case ONNXDataType::UInt32:
  case ONNXDataType::UInt64:
    for (uint64_t value : tensor.uint64_data())
      appendBits(buffer, value, elementSize);
    break;
  default: { // BOOL, INT8/16/32, UINT8/16, FLOAT16, BFLOAT16.
    // A value the element cannot hold is an error, not truncated.
    auto [min, max] = getInt32DataRange(*dataType);
    bool isFloat = *dataType == ONNXDataType::Float16 ||
                   *dataType == ONNXDataType::BFloat16;
    // Protobuf keeps the low 32 bits of each varint (2^32 + 0x3C00 parses
    // as 0x3C00); the values of the wire, where known, are checked instead.
    SmallVector<int64_t> wide;
    if (serialized &&
        (!readWireInt32Data(*serialized, wide) ||
         wide.size() != static_cast<size_t>(tensor.int32_data_size())))
      return createStringError(what + " is not a valid ONNX TensorProto "
                                      "(its 'int32_data' does not decode)");
    for (auto [index, parsed] : llvm::enumerate(tensor.int32_data())) {
      int64_t value = serialized ? wide[index] : parsed;
      if (value < min || value > max)
        return createStringError(what + " holds " + Twine(value) +
                                 " at index " + Twine(index) +
                                 " of 'int32_data', outside the range of " +
                                 getONNXDataTypeName(tensor.data_type()) +
                                 (isFloat ? " bit patterns, " : ", ") +
                                 Twine(min) + " to " + Twine(max));
      appendBits(buffer, isBool ? value != 0 : static_cast<uint32_t>(value),
                 elementSize);
    }
    break;
  }
  }
  return std::move(result);
}

/// Returns the value of TensorProto's data_type (field 2, a varint) in the
/// serialized message `data` as the wire holds it, 64 bits, or nullopt where
/// the field is absent (the last occurrence wins, as in parsing). Protobuf
/// keeps only the low 32 bits of an int32 field, so that 2^40 parses as 0
/// (UNDEFINED) and 2^40 + 1 as 1 (FLOAT).
static std::optional<int64_t> getWireDataType(StringRef data) {
  using google::protobuf::internal::WireFormatLite;
  google::protobuf::io::CodedInputStream input(
      reinterpret_cast<const uint8_t *>(data.data()),
      static_cast<int>(data.size()));
  std::optional<int64_t> value;
  while (uint32_t tag = input.ReadTag()) {
    if (WireFormatLite::GetTagFieldNumber(tag) ==
            onnx::TensorProto::kDataTypeFieldNumber &&
        WireFormatLite::GetTagWireType(tag) ==
            WireFormatLite::WIRETYPE_VARINT) {
      uint64_t raw = 0;
      if (!input.ReadVarint64(&raw))
        break;
      value = static_cast<int64_t>(raw);
      continue;
    }
    if (!WireFormatLite::SkipField(&input, tag))
      break;
  }
  return value;
}

std::string norm::describeMalformedONNXMessage(StringRef data,
                                               ONNXMessageKind kind) {
  const google::protobuf::Descriptor *descriptor =
      kind == ONNXMessageKind::Model ? onnx::ModelProto::descriptor()
                                     : onnx::TensorProto::descriptor();
  using google::protobuf::internal::WireFormatLite;
  google::protobuf::io::CodedInputStream input(
      reinterpret_cast<const uint8_t *>(data.data()),
      static_cast<int>(data.size()));
  auto describeField = [&](int number, int offset) {
    const google::protobuf::FieldDescriptor *field =
        descriptor->FindFieldByNumber(number);
    std::string text = "field " + std::to_string(number);
    if (field)
      text += " (" + field->name() + ")";
    return text + " at byte " + std::to_string(offset);
  };
  while (true) {
    int offset = input.CurrentPosition();
    uint32_t tag = input.ReadTag();
    if (!tag)
      return offset < static_cast<int>(data.size())
                 ? "byte " + std::to_string(offset) +
                       " does not start a valid field"
                 : std::string();
    int number = WireFormatLite::GetTagFieldNumber(tag);
    int wireType = WireFormatLite::GetTagWireType(tag);
    if (wireType > WireFormatLite::WIRETYPE_FIXED32)
      return "byte " + std::to_string(offset) +
             " does not start a valid field (wire type " +
             std::to_string(wireType) + ")";
    if (wireType != WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
      if (!WireFormatLite::SkipField(&input, tag))
        return describeField(number, offset) + " cannot be read";
      continue;
    }
    uint32_t length;
    if (!input.ReadVarint32(&length))
      return describeField(number, offset) + " has no valid length";
    uint64_t left = data.size() - input.CurrentPosition();
    if (length > left)
      return describeField(number, offset) + " announces " +
             std::to_string(length) + " bytes, but " + std::to_string(left) +
             " follow: the data is truncated";
    if (!input.Skip(static_cast<int>(length)))
      return describeField(number, offset) + " cannot be read";
  }
}

llvm::Expected<ONNXTensor>
norm::parseONNXTensor(llvm::MemoryBufferRef buffer,
                      const ONNXTensorContext &context) {
  StringRef data = buffer.getBuffer();
  onnx::TensorProto tensor;
  if (data.size() > static_cast<size_t>(INT_MAX))
    return createStringError(
        context.what + " is not a valid ONNX TensorProto: it is " +
        Twine(data.size()) + " bytes, and protobuf limits a message to " +
        Twine(INT_MAX) + " bytes (2 GiB - 1)");
  if (!tensor.ParseFromArray(data.data(), static_cast<int>(data.size()))) {
    std::string why =
        describeMalformedONNXMessage(data, ONNXMessageKind::Tensor);
    if (!why.empty())
      return createStringError(context.what +
                               " is not a valid ONNX TensorProto: " + why);
    return createStringError(context.what +
                             " is not a valid ONNX TensorProto (the protobuf "
                             "data is malformed or truncated)");
  }
  // A value beyond int32 (TensorProto.DataType is an int32 enum) would be
  // read as its low 32 bits: 0 (no data_type) or even a valid type.
  std::optional<int64_t> wireDataType = getWireDataType(data);
  if (wireDataType && (*wireDataType < INT32_MIN || *wireDataType > INT32_MAX))
    return createStringError(context.what +
                             " is not an ONNX TensorProto: its data_type " +
                             Twine(*wireDataType) +
                             " is out of range (TensorProto.DataType is an "
                             "int32 enum)");
  if (!tensor.has_data_type() ||
      tensor.data_type() == onnx::TensorProto_DataType_UNDEFINED)
    return createStringError(context.what +
                             " is not an ONNX TensorProto: it sets no "
                             "data_type" +
                             (data.empty() ? " (the file is empty)" : ""));
  return decodeONNXTensor(tensor, context, data);
}

std::string norm::serializeONNXTensor(StringRef name, ONNXDataType dataType,
                                      ArrayRef<int64_t> dims, StringRef data) {
  onnx::TensorProto tensor;
  for (int64_t dim : dims)
    tensor.add_dims(dim);
  tensor.set_data_type(static_cast<int32_t>(dataType));
  if (!name.empty())
    tensor.set_name(name.str());
  std::string *raw = tensor.mutable_raw_data();
  raw->assign(data.begin(), data.end());
  if (llvm::sys::IsBigEndianHost)
    swapElements(raw->data(), raw->size(), getONNXElementSize(dataType));
  return tensor.SerializeAsString();
}
