//===- ImportTensors.cpp - ONNX types and initializers to MLIR ------------===//
//
// The Importer's conversions of ONNX element types, value types and
// initializer tensors (decoded by NormONNXTensor, shared with norm-runner).
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

#include "norm/Support/EscapedText.h"
#include "norm/Target/ONNX/ONNXTensor.h"

using namespace mlir;
using namespace mlir::norm::onnx_importer;

FailureOr<Type> Importer::convertElementType(int32_t dataType, Location loc,
                                             const Twine &what) {
  auto intType = [&](unsigned width, bool isUnsigned) -> Type {
    return IntegerType::get(
        ctx, width, isUnsigned ? IntegerType::Unsigned : IntegerType::Signless);
  };
  switch (dataType) {
  case onnx::TensorProto_DataType_FLOAT:
    return Type(builder.getF32Type());
  case onnx::TensorProto_DataType_DOUBLE:
    return Type(builder.getF64Type());
  case onnx::TensorProto_DataType_FLOAT16:
    return Type(builder.getF16Type());
  case onnx::TensorProto_DataType_BFLOAT16:
    return Type(builder.getBF16Type());
  case onnx::TensorProto_DataType_BOOL:
    return intType(1, false);
  case onnx::TensorProto_DataType_INT8:
    return intType(8, false);
  case onnx::TensorProto_DataType_INT16:
    return intType(16, false);
  case onnx::TensorProto_DataType_INT32:
    return intType(32, false);
  case onnx::TensorProto_DataType_INT64:
    return intType(64, false);
  case onnx::TensorProto_DataType_UINT8:
    return intType(8, true);
  case onnx::TensorProto_DataType_UINT16:
    return intType(16, true);
  case onnx::TensorProto_DataType_UINT32:
    return intType(32, true);
  case onnx::TensorProto_DataType_UINT64:
    return intType(64, true);
  default:
    return emitError(loc) << what << " has element type "
                          << norm::getONNXDataTypeName(dataType)
                          << ", which the importer does not support";
  }
}

FailureOr<Type> Importer::convertType(const onnx::TypeProto &type, Location loc,
                                      const Twine &what) {
  if (type.value_case() != onnx::TypeProto::kTensorType)
    return emitError(loc) << what
                          << " is not a dense tensor (sequence, map, optional "
                             "and sparse tensor types are not supported)";
  const onnx::TypeProto::Tensor &tensorType = type.tensor_type();
  FailureOr<Type> elementType =
      convertElementType(tensorType.elem_type(), loc, what);
  if (failed(elementType))
    return failure();
  if (!tensorType.has_shape())
    return Type(UnrankedTensorType::get(*elementType));
  SmallVector<int64_t> shape;
  for (const onnx::TensorShapeProto::Dimension &dim :
       tensorType.shape().dim()) {
    // dim_param (a symbolic size) or nothing at all: a dynamic size.
    if (!dim.has_dim_value()) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    if (dim.dim_value() < 0)
      return emitError(loc)
             << what << " has a negative dimension " << dim.dim_value();
    shape.push_back(dim.dim_value());
  }
  return Type(RankedTensorType::get(shape, *elementType));
}

FailureOr<DenseElementsAttr>
Importer::convertTensor(const onnx::TensorProto &tensor, Location loc,
                        std::optional<StringRef> serialized) {
  // The decoding (all encodings, size checks) is shared with norm-runner's
  // .pb reader; it accepts exactly the element types convertElementType
  // maps.
  std::string what =
      "initializer '" + norm::escapeForMessage(tensor.name()) + "'";
  llvm::Expected<norm::ONNXTensor> decoded = norm::decodeONNXTensor(
      tensor, {what, "the model file", "the importer"}, serialized);
  if (!decoded)
    return emitError(loc) << llvm::toString(decoded.takeError());
  FailureOr<Type> elementType =
      convertElementType(static_cast<int32_t>(decoded->dataType), loc, what);
  if (failed(elementType))
    return failure();
  auto type = RankedTensorType::get(decoded->dims, *elementType);
  if (decoded->dataType == norm::ONNXDataType::Bool) {
    SmallVector<bool> bools;
    for (char byte : decoded->data)
      bools.push_back(byte != 0);
    return DenseElementsAttr::get(type, ArrayRef<bool>(bools));
  }
  return DenseElementsAttr::getFromRawBuffer(type, decoded->data);
}
