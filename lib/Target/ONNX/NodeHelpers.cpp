//===- NodeHelpers.cpp - checks shared by the ONNX op importers -----------===//
//
// What every operator's import function uses: arity and attribute checks,
// typed attribute reading with ONNX defaults, input lookup and type checks,
// axis checks, and defining the node's outputs. Each emits exactly one
// error, prefixed with the node's label, and returns failure. Also the
// run-time size checks (cf.assert) of rules on dynamic sizes, whose message
// carries the same label.
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "norm/Dialect/Norm/IR/NormOps.h"
#include "norm/Support/EscapedText.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::norm::onnx_importer;

/// Prints a list of types as `f16, f32, f64`.
static std::string formatTypes(ArrayRef<Type> types) {
  std::string str;
  llvm::raw_string_ostream os(str);
  llvm::interleaveComma(types, os);
  return str;
}

LogicalResult Importer::checkArity(const Node &node, int minInputs,
                                   int maxInputs, int minOutputs,
                                   int maxOutputs) {
  auto check = [&](int count, int min, int max,
                   StringRef what) -> LogicalResult {
    if (count >= min && count <= max)
      return success();
    InFlightDiagnostic diag = node.emitError() << "expects " << min;
    if (min != max)
      diag << " to " << max;
    return diag << " " << what << (max == 1 ? "" : "s") << ", but has "
                << count;
  };
  if (failed(check(node.proto.input_size(), minInputs, maxInputs, "input")))
    return failure();
  return check(node.proto.output_size(), minOutputs, maxOutputs, "output");
}

using AttributeType = onnx::AttributeProto_AttributeType;

namespace {
/// A value field of AttributeProto and the type that it holds.
struct AttributeField {
  StringLiteral name;
  AttributeType type;
};
} // namespace

/// Returns the value fields that `attr` sets, in the order of onnx.proto
/// (a repeated field counts where it is not empty, as ONNX's checker
/// counts it).
static SmallVector<AttributeField, 1>
getValueFields(const onnx::AttributeProto &attr) {
  using Proto = onnx::AttributeProto;
  SmallVector<AttributeField, 1> fields;
  auto add = [&](bool isSet, StringLiteral name, AttributeType type) {
    if (isSet)
      fields.push_back({name, type});
  };
  add(attr.has_f(), "f", Proto::FLOAT);
  add(attr.has_i(), "i", Proto::INT);
  add(attr.has_s(), "s", Proto::STRING);
  add(attr.has_t(), "t", Proto::TENSOR);
  add(attr.has_g(), "g", Proto::GRAPH);
  add(attr.floats_size() > 0, "floats", Proto::FLOATS);
  add(attr.ints_size() > 0, "ints", Proto::INTS);
  add(attr.strings_size() > 0, "strings", Proto::STRINGS);
  add(attr.tensors_size() > 0, "tensors", Proto::TENSORS);
  add(attr.graphs_size() > 0, "graphs", Proto::GRAPHS);
  add(attr.has_tp(), "tp", Proto::TYPE_PROTO);
  add(attr.type_protos_size() > 0, "type_protos", Proto::TYPE_PROTOS);
  add(attr.has_sparse_tensor(), "sparse_tensor", Proto::SPARSE_TENSOR);
  add(attr.sparse_tensors_size() > 0, "sparse_tensors", Proto::SPARSE_TENSORS);
  return fields;
}

/// Returns the type of `attr`: its `type` field, or where that is unset
/// (UNDEFINED), the type of its one value field (IR version 1 models may
/// leave `type` unset); UNDEFINED if it has neither.
static AttributeType getAttributeType(const onnx::AttributeProto &attr) {
  if (attr.type() != onnx::AttributeProto_AttributeType_UNDEFINED)
    return attr.type();
  SmallVector<AttributeField, 1> fields = getValueFields(attr);
  return fields.size() == 1 ? fields.front().type
                            : onnx::AttributeProto_AttributeType_UNDEFINED;
}

LogicalResult Importer::checkAttributes(const Node &node,
                                        ArrayRef<StringRef> knownNames) {
  llvm::StringSet<> seen;
  for (const onnx::AttributeProto &attr : node.proto.attribute()) {
    if (!llvm::is_contained(knownNames, attr.name())) {
      InFlightDiagnostic diag = node.emitError()
                                << "unknown attribute '"
                                << norm::escapeForMessage(attr.name()) << "'";
      if (knownNames.empty())
        return diag << " (the operator takes none)";
      diag << " (the operator takes ";
      llvm::interleave(
          knownNames, diag, [&](StringRef n) { diag << "'" << n << "'"; },
          ", ");
      return diag << ")";
    }
    if (!seen.insert(attr.name()).second)
      return node.emitError()
             << "attribute '" << norm::escapeForMessage(attr.name())
             << "' is given twice";
    if (!attr.ref_attr_name().empty())
      return node.emitError()
             << "attribute '" << norm::escapeForMessage(attr.name())
             << "' refers to a function attribute ('"
             << norm::escapeForMessage(attr.ref_attr_name())
             << "'), which the importer does not support";
    // ONNX's checker (check_attribute): at most one value field, of the
    // type that `type` names; `type` is required from IR version 2 on.
    SmallVector<AttributeField, 1> fields = getValueFields(attr);
    if (fields.size() > 1) {
      InFlightDiagnostic diag =
          node.emitError() << "attribute '"
                           << norm::escapeForMessage(attr.name()) << "' sets "
                           << fields.size() << " value fields (";
      llvm::interleave(
          fields, diag,
          [&](const AttributeField &field) {
            diag << "'" << field.name << "'";
          },
          ", ");
      return diag << "), but an AttributeProto holds one value";
    }
    if (attr.type() != onnx::AttributeProto_AttributeType_UNDEFINED) {
      if (!fields.empty() && fields.front().type != attr.type())
        return node.emitError()
               << "attribute '" << norm::escapeForMessage(attr.name())
               << "' has type "
               << onnx::AttributeProto_AttributeType_Name(attr.type())
               << ", but its value is in field '" << fields.front().name
               << "' ("
               << onnx::AttributeProto_AttributeType_Name(fields.front().type)
               << ")";
    } else if (irVersion >= 2) {
      InFlightDiagnostic diag = node.emitError()
                                << "attribute '"
                                << norm::escapeForMessage(attr.name())
                                << "' has no type";
      if (fields.empty())
        diag << " and no value";
      else
        diag << ": expected "
             << onnx::AttributeProto_AttributeType_Name(fields.front().type)
             << ", the type of its value field '" << fields.front().name << "'";
      return diag << " (AttributeProto.type is required from IR version 2; "
                     "the model has IR version "
                  << irVersion << ")";
    }
  }
  return success();
}

const onnx::AttributeProto *Importer::findAttribute(const Node &node,
                                                    StringRef name) {
  for (const onnx::AttributeProto &attr : node.proto.attribute())
    if (attr.name() == name)
      return &attr;
  return nullptr;
}

FailureOr<int64_t> Importer::getIntAttribute(const Node &node, StringRef name,
                                             int64_t defaultValue) {
  const onnx::AttributeProto *attr = findAttribute(node, name);
  if (!attr)
    return defaultValue;
  if (getAttributeType(*attr) != onnx::AttributeProto_AttributeType_INT)
    return node.emitError()
           << "attribute '" << norm::escapeForMessage(name)
           << "' must be an INT, but is "
           << onnx::AttributeProto_AttributeType_Name(getAttributeType(*attr));
  return attr->i();
}

FailureOr<float> Importer::getFloatAttribute(const Node &node, StringRef name,
                                             float defaultValue) {
  const onnx::AttributeProto *attr = findAttribute(node, name);
  if (!attr)
    return defaultValue;
  if (getAttributeType(*attr) != onnx::AttributeProto_AttributeType_FLOAT)
    return node.emitError()
           << "attribute '" << norm::escapeForMessage(name)
           << "' must be a FLOAT, but is "
           << onnx::AttributeProto_AttributeType_Name(getAttributeType(*attr));
  return attr->f();
}

FailureOr<std::string> Importer::getStringAttribute(const Node &node,
                                                    StringRef name,
                                                    StringRef defaultValue) {
  const onnx::AttributeProto *attr = findAttribute(node, name);
  if (!attr)
    return defaultValue.str();
  if (getAttributeType(*attr) != onnx::AttributeProto_AttributeType_STRING)
    return node.emitError()
           << "attribute '" << norm::escapeForMessage(name)
           << "' must be a STRING, but is "
           << onnx::AttributeProto_AttributeType_Name(getAttributeType(*attr));
  return attr->s();
}

FailureOr<Value> Importer::getInput(const Node &node, int index,
                                    StringRef role) {
  if (index >= node.proto.input_size() || node.proto.input(index).empty())
    return node.emitError() << "input '" << role << "' (#" << index
                            << ") is required, but not given";
  const std::string &name = node.proto.input(index);
  Value value = values.lookup(name);
  if (!value)
    return node.emitError() << "input '" << role << "' (#" << index << ") is '"
                            << norm::escapeForMessage(name)
                            << "', which is not a graph input, an "
                               "initializer or the output of an earlier node";
  return value;
}

FailureOr<RankedTensorType>
Importer::checkTensorInput(const Node &node, Value value, StringRef role,
                           ArrayRef<Type> allowed, const Twine &opVersion) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return node.emitError()
           << "input '" << role << "' has type " << value.getType()
           << "; the importer needs tensors of known rank";
  if (!llvm::is_contained(allowed, type.getElementType()))
    return node.emitError() << "input '" << role << "' has element type "
                            << type.getElementType() << ", but " << opVersion
                            << " takes one of " << formatTypes(allowed);
  return type;
}

LogicalResult
Importer::getTensorInputs(const Node &node, ArrayRef<StringLiteral> roles,
                          ArrayRef<Type> allowed, StringRef opVersion,
                          bool oneType, SmallVectorImpl<Value> &values,
                          SmallVectorImpl<RankedTensorType> &types) {
  size_t first = types.size();
  for (auto [index, role] : llvm::enumerate(roles)) {
    FailureOr<Value> value = getInput(node, index, role);
    if (failed(value))
      return failure();
    FailureOr<RankedTensorType> type =
        checkTensorInput(node, *value, role, allowed, opVersion);
    if (failed(type))
      return failure();
    if (oneType && index > 0 &&
        type->getElementType() != types[first].getElementType()) {
      InFlightDiagnostic diag = node.emitError();
      diag << "input '" << role << "' has element type "
           << type->getElementType() << ", but '" << roles[0] << "' has "
           << types[first].getElementType() << " (" << opVersion
           << " takes one type T for ";
      for (auto [i, name] : llvm::enumerate(roles))
        diag << (i == 0 ? "" : i + 1 == roles.size() ? " and " : ", ") << name;
      return diag << ")";
    }
    values.push_back(*value);
    types.push_back(*type);
  }
  return success();
}

RankedTensorType Importer::statisticsType(RankedTensorType x, int64_t axis,
                                          Type elementType) {
  int64_t rank = x.getRank();
  SmallVector<int64_t> shape(x.getShape());
  for (int64_t i = axis < 0 ? axis + rank : axis; i < rank; ++i)
    shape[i] = 1;
  return RankedTensorType::get(shape, elementType);
}

LogicalResult Importer::checkAxis(const Node &node, int64_t axis, int64_t rank,
                                  StringRef role) {
  if (rank == 0)
    return node.emitError() << "input '" << role
                            << "' has rank 0, but the operator needs rank >= 1";
  if (axis < -rank || axis >= rank)
    return node.emitError()
           << "attribute 'axis' = " << axis << " is out of range [" << -rank
           << ", " << rank << ") for input '" << role << "' of rank " << rank;
  return success();
}

std::string mlir::norm::onnx_importer::quotedType(Type type) {
  std::string str;
  llvm::raw_string_ostream os(str);
  os << "'" << type << "'";
  return str;
}

OpFoldResult Importer::getDimSize(const Node &node, Value value, int64_t dim) {
  auto type = cast<RankedTensorType>(value.getType());
  if (!type.isDynamicDim(dim))
    return builder.getIndexAttr(type.getDimSize(dim));
  ctx->getOrLoadDialect<tensor::TensorDialect>();
  return tensor::DimOp::create(builder, node.loc, value, dim).getResult();
}

void Importer::assertDimSize(const Node &node, Value value, int64_t dim,
                             OpFoldResult size, const Twine &message,
                             const Twine &format) {
  if (!cast<RankedTensorType>(value.getType()).isDynamicDim(dim) &&
      isa<Attribute>(size))
    return;
  Value found = getValueOrCreateConstantIndexOp(builder, node.loc,
                                                getDimSize(node, value, dim));
  Value expected = getValueOrCreateConstantIndexOp(builder, node.loc, size);
  Value equal = arith::CmpIOp::create(builder, node.loc,
                                      arith::CmpIPredicate::eq, found, expected);
  assertAtRunTime(node, equal, message, format, {found, expected});
}

void Importer::assertAtRunTime(const Node &node, Value condition,
                               const Twine &message, const Twine &format,
                               ValueRange values) {
  ctx->getOrLoadDialect<cf::ControlFlowDialect>();
  // The label is the model's text: its braces are not placeholders.
  Value checked = CheckMessageOp::create(
      builder, node.loc, condition,
      CheckMessageOp::escapeFormatText(node.label) + ": " + format.str(),
      values);
  cf::AssertOp::create(builder, node.loc, checked,
                       (node.label + ": " + message).str());
}

LogicalResult Importer::defineValue(StringRef name, Value value, Location loc) {
  if (!values.try_emplace(name, value).second)
    return emitError(loc) << "value '" << norm::escapeForMessage(name)
                          << "' is defined twice (ONNX graphs are in SSA form)";
  return success();
}

LogicalResult Importer::defineOutputs(const Node &node, ValueRange results) {
  for (auto [index, name] : llvm::enumerate(node.proto.output())) {
    if (name.empty()) // An omitted optional output.
      continue;
    if (!values.try_emplace(name, results[index]).second)
      return node.emitError() << "output '" << norm::escapeForMessage(name)
                              << "' is already defined (ONNX graphs are in SSA "
                                 "form)";
  }
  return success();
}
