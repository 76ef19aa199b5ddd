//===- TensorProtoIO.h - read and write ONNX TensorProto files --*- C++ -*-===//
//
// ONNX TensorProto (.pb) support for norm-runner: the `input_0.pb` /
// `output_0.pb` files of ONNX's backend node tests, given as `@FILE.pb` in a
// SPEC (TensorSpec.h) or in `--output`.
//
// Reading accepts every encoding onnx.proto allows (`raw_data`, or the typed
// field of the element type: `float_data`, `double_data`, `int32_data` (also
// FLOAT16/BFLOAT16 bit patterns), `int64_data`) for the element types
//
//   FLOAT16 f16   BFLOAT16 bf16   FLOAT f32   DOUBLE f64   INT32 i32
//   INT64 i64
//
// and any dims, including none (rank 0). The decoding is the importer's
// (norm/Target/ONNX/ONNXTensor.h). Writing produces `raw_data` tensors as
// onnx.numpy_helper.from_array does.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_RUNNER_TENSORPROTOIO_H
#define NORM_RUNNER_TENSORPROTOIO_H

#include "norm/Runner/HostTensor.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

namespace mlir {
namespace norm {
namespace runner {

/// Returns true if `path` names a TensorProto file, i.e. ends in ".pb" in
/// any case (".PB" too).
/// Other paths are .npy files.
bool isTensorProtoPath(StringRef path);

/// Decodes a serialized TensorProto. Errors (never crashes), each starting
/// with the quoted buffer identifier, on bytes that do not parse as a
/// TensorProto (malformed or truncated), a TensorProto without data_type
/// (for example an empty file), external data, an element type other than
/// the six above, a negative dimension, and data whose size does not match
/// the dims.
llvm::Expected<HostTensor> readTensorProto(llvm::MemoryBufferRef buffer);

/// Reads the TensorProto file at `path`; see readTensorProto().
llvm::Expected<HostTensor> readTensorProtoFile(StringRef path);

/// Writes `tensor` as a serialized TensorProto (dims, data_type, `name` if
/// not empty, little-endian raw_data) to `os`.
void writeTensorProto(raw_ostream &os, const HostTensor &tensor,
                      StringRef name = "");

/// Writes `tensor` to the file `path` (replacing it). Errors if the file
/// cannot be written.
llvm::Error writeTensorProtoFile(StringRef path, const HostTensor &tensor,
                                 StringRef name = "");

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_RUNNER_TENSORPROTOIO_H
