//===- TensorProtoIO.cpp - read and write ONNX TensorProto files ----------===//
//
// A thin layer over the importer's TensorProto decoding (ONNXTensor.h): it
// maps ONNX element types to the runner's and copies the data into a
// HostTensor.
//
//===----------------------------------------------------------------------===//

#include "norm/Runner/TensorProtoIO.h"

#include "RunnerSupport.h"

#include "norm/Support/EscapedText.h"
#include "norm/Support/InputFiles.h"
#include "norm/Target/ONNX/ONNXTensor.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <sys/mman.h>

#include <climits>
#include <cstring>

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::runner;
using llvm::createStringError;

static std::optional<ElementType> toElementType(ONNXDataType type) {
  switch (type) {
  case ONNXDataType::Float16:
    return ElementType::F16;
  case ONNXDataType::BFloat16:
    return ElementType::BF16;
  case ONNXDataType::Float:
    return ElementType::F32;
  case ONNXDataType::Double:
    return ElementType::F64;
  case ONNXDataType::Int32:
    return ElementType::I32;
  case ONNXDataType::Int64:
    return ElementType::I64;
  default:
    return std::nullopt;
  }
}

static ONNXDataType toONNXDataType(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return ONNXDataType::Float16;
  case ElementType::BF16:
    return ONNXDataType::BFloat16;
  case ElementType::F32:
    return ONNXDataType::Float;
  case ElementType::F64:
    return ONNXDataType::Double;
  case ElementType::I32:
    return ONNXDataType::Int32;
  case ElementType::I64:
    return ONNXDataType::Int64;
  }
  llvm_unreachable("unknown ElementType");
}

bool runner::isTensorProtoPath(StringRef path) {
  return llvm::sys::path::extension(path).equals_insensitive(".pb");
}

llvm::Expected<HostTensor>
runner::readTensorProto(llvm::MemoryBufferRef buffer) {
  std::string what = "'" + escapeForMessage(buffer.getBufferIdentifier()) + "'";
  // The reader is chosen by the extension.
  if (buffer.getBuffer().starts_with("\x93NUMPY"))
    return createStringError(what + " is a .npy file, not an ONNX "
                                    "TensorProto as its extension '.pb' "
                                    "says: name it '.npy'");
  // The type and the element count are checked before the decoder
  // multiplies the dims, by the rule of the other inputs (zeros left out):
  // 2^62 x 2^62 x 0 has too many elements, not a product beyond 64 bits.
  auto checkShape = [&](ArrayRef<int64_t> dims,
                        ONNXDataType dataType) -> llvm::Error {
    std::optional<ElementType> type = toElementType(dataType);
    if (!type)
      return createStringError(
          what + " has element type " +
          getONNXDataTypeName(static_cast<int32_t>(dataType)) +
          ", which norm-runner does not support; supported: FLOAT16, "
          "BFLOAT16, FLOAT, DOUBLE, INT32, INT64");
    if (!HostTensor::getNumElements(dims))
      return createStringError(
          what + " has shape '" + formatTensorType(dims, *type) +
          "', which has too many elements: " + describeSizeLimit("its sizes"));
    return llvm::Error::success();
  };
  llvm::Expected<ONNXTensor> decoded =
      parseONNXTensor(buffer, {what, "the file", "norm-runner", checkShape});
  if (!decoded)
    return decoded.takeError();
  std::optional<ElementType> type = toElementType(decoded->dataType);
  assert(type && HostTensor::getNumElements(decoded->dims) &&
         "checkShape checked the type and the element count");
  llvm::Expected<HostTensor> tensor =
      HostTensor::allocate(*type, decoded->dims);
  if (!tensor)
    return createStringError(what + ": " + llvm::toString(tensor.takeError()));
  assert(tensor->getSizeInBytes() == decoded->data.size() &&
         "the decoder checked the data size");
  // An empty std::vector may have a null data(); memcpy's arguments must not
  // be null even for zero bytes (UBSan: nonnull-attribute).
  if (!decoded->data.empty())
    std::memcpy(tensor->getData(), decoded->data.data(), decoded->data.size());
  return tensor;
}

llvm::Expected<HostTensor> runner::readTensorProtoFile(StringRef path) {
  // A pipe or device (/dev/zero) is read to at most protobuf's limit, not
  // without end.
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      readInputFile(path, "protobuf's limit on a message such as a TensorProto",
                    /*requiresNullTerminator=*/false);
  if (!buffer)
    return buffer.takeError();
  // Decoding holds the file's data three times: in protobuf's message, in
  // the decoded buffer and in the tensor. The first two allocations abort
  // the process where they fail (operator new calls llvm::InitLLVM's
  // new-handler): check that the memory can be mapped first. Protobuf
  // limits a message to 2 GiB.
  uint64_t size = (*buffer)->getBufferSize();
  if (size > static_cast<uint64_t>(INT_MAX))
    return createStringError(
        "'" + escapeForMessage(path) + "' is " + Twine(size) +
        " bytes, more than an ONNX TensorProto can be: protobuf limits a "
        "message to " +
        Twine(INT_MAX) + " bytes (2 GiB - 1); give a larger tensor as .npy");
  if (size > 0) {
    size_t needed = 3 * size;
    void *probe = mmap(nullptr, needed, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (probe == MAP_FAILED)
      return createStringError("'" + escapeForMessage(path) +
                               "': cannot allocate " + Twine(needed) +
                               " bytes to decode the file: out of memory");
    munmap(probe, needed);
  }
  return readTensorProto((*buffer)->getMemBufferRef());
}

void runner::writeTensorProto(raw_ostream &os, const HostTensor &tensor,
                              StringRef name) {
  os << serializeONNXTensor(
      name, toONNXDataType(tensor.getElementType()), tensor.getShape(),
      StringRef(tensor.getData(), tensor.getSizeInBytes()));
}

llvm::Error runner::writeTensorProtoFile(StringRef path,
                                         const HostTensor &tensor,
                                         StringRef name) {
  return writeFileThrough(
      path, [&](llvm::raw_ostream &os) { writeTensorProto(os, tensor, name); });
}
