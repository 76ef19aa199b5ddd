//===- ONNXTensor.h - decode and encode ONNX TensorProto data ---*- C++ -*-===//
//
// The TensorProto handling shared by the ONNX importer (initializers) and
// norm-runner (`--input=@input_0.pb`, `--expected-output=@output_0.pb`,
// `--output=@result.pb`): the element data of a TensorProto, in any of the
// encodings onnx.proto allows, as one contiguous host-order buffer, and the
// reverse for writing.
//
// The header does not include the protobuf-generated ONNX classes, so that
// users other than the importer need neither their include path nor their
// compile definitions; the library (NormONNXTensor) links them.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_TARGET_ONNX_ONNXTENSOR_H
#define NORM_TARGET_ONNX_ONNXTENSOR_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace onnx {
class TensorProto;
} // namespace onnx

namespace mlir {
namespace norm {

/// The TensorProto.DataType values (onnx.proto) whose elements the decoder
/// handles: every fixed-size type of at least one byte that ONNX stores in
/// `raw_data` or one of the typed fields. The values are ONNX's.
enum class ONNXDataType : int32_t {
  Float = 1,
  UInt8 = 2,
  Int8 = 3,
  UInt16 = 4,
  Int16 = 5,
  Int32 = 6,
  Int64 = 7,
  Bool = 9,
  Float16 = 10,
  Double = 11,
  UInt32 = 12,
  UInt64 = 13,
  BFloat16 = 16,
};

/// The newest ModelProto.ir_version the importer knows, and the ONNX
/// releases whose onnx.proto has it as IR_VERSION. getONNXDataTypeName
/// names the TensorProto.DataType values of this IR version.
constexpr int64_t kMaxONNXIrVersion = 13;
constexpr llvm::StringLiteral kMaxONNXIrReleases = "ONNX 1.20 to 1.22";

/// Returns ONNX's name of a TensorProto.DataType value ("FLOAT", "STRING",
/// "FLOAT8E4M3FN", ..., "FLOAT8E8M0", "UINT2", "INT2"), or "N (not a data
/// type of IR 13, ONNX 1.20 to 1.22)" (kMaxONNXIrVersion) for a value that
/// IR version does not define. Messages use it after "element type".
std::string getONNXDataTypeName(int32_t dataType);

/// Returns `dataType` as an ONNXDataType if the decoder handles it.
std::optional<ONNXDataType> getONNXDataType(int32_t dataType);

/// Returns the size of one element in the decoded buffer: 1 for BOOL (one
/// byte, 0 or 1), otherwise the type's width in bytes.
size_t getONNXElementSize(ONNXDataType dataType);

/// Returns the MLIR spelling of the element type ("f32", "ui8", "i1", ...),
/// used in messages.
StringRef getONNXElementTypeMlirName(ONNXDataType dataType);

/// A decoded TensorProto.
struct ONNXTensor {
  /// TensorProto.name (may be empty).
  std::string name;
  ONNXDataType dataType;
  /// TensorProto.dims; empty for a scalar.
  SmallVector<int64_t> dims;
  /// The product of `dims` (1 for a scalar).
  int64_t numElements = 0;
  /// numElements * getONNXElementSize(dataType) bytes, row-major, each
  /// element in host byte order; BOOL elements are single bytes 0 or 1.
  std::vector<char> data;
};

/// How messages name the tensor being decoded. Every message starts with
/// `what`, e.g. "initializer 'W'" or "'input_0.pb'". Unsupported features
/// end with ", which <reader> does not support".
struct ONNXTensorContext {
  /// The subject of every message.
  std::string what;
  /// What external data would be outside of: "the model file", "the file".
  StringRef container;
  /// Who does not support a feature: "the importer", "norm-runner".
  StringRef reader;
  /// Where set, the reader's own check of the element type and the dims
  /// (all >= 0), made before the decoder's: an error it returns is the
  /// decoder's error. norm-runner checks its element-count limit here, so
  /// that dims whose product overflows are reported by the reader's rule
  /// rather than as a product that does not fit in 64 bits.
  std::function<llvm::Error(ArrayRef<int64_t> dims, ONNXDataType dataType)>
      checkShape = nullptr;
};

/// Decodes the data of `tensor`: `raw_data` (little-endian) or the typed
/// field onnx.proto assigns to its type (`float_data` FLOAT, `double_data`
/// DOUBLE, `int64_data` INT64, `uint64_data` UINT32/UINT64, `int32_data`
/// the others, FLOAT16 and BFLOAT16 as 16-bit patterns). Errors (one line,
/// see ONNXTensorContext) on external data, tensor segments, an element type
/// outside ONNXDataType, a negative dimension, dims or a type the context's
/// checkShape rejects, an element count that overflows, `raw_data` together
/// with a typed field (ONNX keeps the values in exactly one), data whose size
/// does not match the dims, and an `int32_data` value the element cannot hold
/// (a FLOAT16/BFLOAT16 pattern outside 0..65535, an INT8 outside -128..127,
/// ...). The size is checked before anything is allocated for the claimed
/// shape.
///
/// `serialized`, where the caller has it, holds the bytes `tensor` was parsed
/// from. Protobuf keeps only the low 32 bits of each `int32_data` varint
/// (2^40 + 3 parses as 3); with the bytes, the values are checked as the wire
/// holds them (64-bit two's complement), so that a value outside int32 is
/// the error above rather than truncated.
llvm::Expected<ONNXTensor>
decodeONNXTensor(const onnx::TensorProto &tensor,
                 const ONNXTensorContext &context,
                 std::optional<StringRef> serialized = std::nullopt);

/// The ONNX messages describeMalformedONNXMessage knows the fields of.
enum class ONNXMessageKind { Model, Tensor };

/// Returns what makes the serialized ONNX message `data` (a ModelProto or a
/// TensorProto, as `kind` says), which protobuf did not parse, malformed
/// where its top-level fields tell: a length-delimited field announcing more
/// bytes than follow it ("field 9 (raw_data) at byte 6 announces 3000000000
/// bytes, but 24 follow: the data is truncated"), a byte that starts no valid
/// field ("byte 0 does not start a valid field (wire type 7)"), or a field
/// that cannot be read. Returns an empty string where they do not (the fault
/// is inside a field).
std::string describeMalformedONNXMessage(StringRef data, ONNXMessageKind kind);

/// Parses a serialized TensorProto (the contents of an ONNX test data file
/// such as `input_0.pb`) and decodes it as decodeONNXTensor does. Errors
/// also when the bytes do not parse as a TensorProto, or parse but set no
/// element type (an empty file, or not a TensorProto at all).
llvm::Expected<ONNXTensor> parseONNXTensor(llvm::MemoryBufferRef buffer,
                                           const ONNXTensorContext &context);

/// Serializes a TensorProto with `name` (left unset when empty), `dims`,
/// `dataType` and `data` (row-major, host byte order, getONNXElementSize()
/// bytes per element) stored as little-endian `raw_data`, as
/// onnx.numpy_helper.from_array writes it.
std::string serializeONNXTensor(StringRef name, ONNXDataType dataType,
                                ArrayRef<int64_t> dims, StringRef data);

} // namespace norm
} // namespace mlir

#endif // NORM_TARGET_ONNX_ONNXTENSOR_H
