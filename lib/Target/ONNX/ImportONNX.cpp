//===- ImportONNX.cpp - ONNX model to MLIR importer -----------------------===//
//
// Translates an ONNX ModelProto into a module with one `func.func @main` whose
// body uses the norm dialect. docs/Importer.md documents the mapping.
//
// This TU includes the protobuf-generated ONNX classes. Protobuf reports
// malformed input through return values, so it builds with LLVM's
// -fno-exceptions like the rest of the project.
//
//===----------------------------------------------------------------------===//

#include "norm/Target/ONNX/ImportONNX.h"

#include "norm/Dialect/Norm/IR/NormDialect.h"
#include "norm/Dialect/Norm/IR/NormOps.h"
#include "norm/Target/ONNX/ONNXTensor.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/SourceMgr.h"

#include <onnx/onnx_pb.h>

#include <climits>

using namespace mlir;

namespace {

//===----------------------------------------------------------------------===//
// ONNX vocabulary
//===----------------------------------------------------------------------===//

/// The default ONNX operator domain; the empty string is an alias for it.
constexpr llvm::StringLiteral kOnnxDomain = "ai.onnx";
/// The ONNX-ML operator domain (Normalizer).
constexpr llvm::StringLiteral kOnnxMlDomain = "ai.onnx.ml";

/// The newest ai.onnx opset whose operator versions this importer was checked
/// against (ONNX 1.17). A newer opset may redefine an operator, so it is
/// rejected rather than guessed at.
constexpr int64_t kMaxOnnxOpset = 22;
/// The newest ai.onnx.ml opset this importer knows; Normalizer-1 is the
/// current Normalizer in all of 1..5.
constexpr int64_t kMaxOnnxMlOpset = 5;

/// Maps the empty domain to its canonical name "ai.onnx".
StringRef canonicalDomain(StringRef domain) {
  return domain.empty() ? StringRef(kOnnxDomain) : domain;
}

/// Prints a list of types as `f16, f32, f64`.
std::string formatTypes(ArrayRef<Type> types) {
  std::string str;
  llvm::raw_string_ostream os(str);
  llvm::interleaveComma(types, os);
  return str;
}

//===----------------------------------------------------------------------===//
// Importer
//===----------------------------------------------------------------------===//

/// One ONNX node being imported, with what its diagnostics need.
struct Node {
  const onnx::NodeProto &proto;
  /// Position in GraphProto.node.
  unsigned index;
  /// NameLoc of the node name (or `<op_type>#<index>` for unnamed nodes).
  Location loc;
  /// Canonical domain ("ai.onnx" for "").
  StringRef domain;
  /// The version of `domain` that the model imports.
  int64_t opset;
  /// "node 'name' (OpType, domain 'ai.onnx')", the prefix of every message.
  std::string label;

  InFlightDiagnostic emitError() const {
    return mlir::emitError(loc) << label << ": ";
  }
};

/// Builds the module for one ModelProto. Every failing member emits exactly
/// one error and returns failure; the caller stops at the first one.
class Importer {
public:
  Importer(MLIRContext *ctx, StringRef fileName)
      : ctx(ctx), builder(ctx),
        fileLoc(FileLineColLoc::get(ctx, fileName, /*line=*/0,
                                    /*column=*/0)) {}

  OwningOpRef<ModuleOp> importModel(const onnx::ModelProto &model);

  // One function per supported operator (the table kSupportedOps names them).
  LogicalResult importIdentity(const Node &node);
  LogicalResult importLayerNormalization(const Node &node);
  LogicalResult importLpNormalization(const Node &node);
  LogicalResult importNormalizer(const Node &node);

private:
  // Model-level pieces.
  LogicalResult importOpsets(const onnx::ModelProto &model);
  LogicalResult importGraph(const onnx::GraphProto &graph, ModuleOp module);
  LogicalResult verifyModule(ModuleOp module);

  // Types and constants.
  FailureOr<Type> convertElementType(int32_t dataType, Location loc,
                                     const Twine &what);
  FailureOr<Type> convertType(const onnx::TypeProto &type, Location loc,
                              const Twine &what);
  FailureOr<DenseElementsAttr> convertTensor(const onnx::TensorProto &tensor,
                                             Location loc);
  Location valueLoc(StringRef name) {
    return NameLoc::get(builder.getStringAttr(name), fileLoc);
  }

  // Nodes.
  LogicalResult importNode(const onnx::NodeProto &proto, unsigned index);
  LogicalResult checkArity(const Node &node, int minInputs, int maxInputs,
                           int minOutputs, int maxOutputs);
  LogicalResult checkAttributes(const Node &node,
                                ArrayRef<StringRef> knownNames);
  const onnx::AttributeProto *findAttribute(const Node &node, StringRef name);
  FailureOr<int64_t> getIntAttribute(const Node &node, StringRef name,
                                     int64_t defaultValue);
  FailureOr<float> getFloatAttribute(const Node &node, StringRef name,
                                     float defaultValue);
  FailureOr<std::string> getStringAttribute(const Node &node, StringRef name,
                                            StringRef defaultValue);
  FailureOr<Value> getInput(const Node &node, int index, StringRef role);
  FailureOr<RankedTensorType> checkTensorInput(const Node &node, Value value,
                                               StringRef role,
                                               ArrayRef<Type> allowed,
                                               const Twine &opVersion);
  LogicalResult checkAxis(const Node &node, int64_t axis, int64_t rank,
                          StringRef role);
  LogicalResult defineValue(StringRef name, Value value, Location loc);
  LogicalResult defineOutputs(const Node &node, ValueRange results);

  MLIRContext *ctx;
  OpBuilder builder;
  /// `<file>:0:0`; ONNX files are binary, so there is no line or column.
  Location fileLoc;
  /// Canonical domain -> imported opset version.
  llvm::StringMap<int64_t> opsets;
  /// ONNX value name -> SSA value (graph inputs, initializers, node outputs).
  llvm::StringMap<Value> values;
  /// Node location -> node label, for notes on verifier errors.
  DenseMap<Location, std::string> nodeLabels;
};

/// How an (operator, domain) pair is imported.
struct OpInfo {
  llvm::StringLiteral domain;
  llvm::StringLiteral opType;
  /// The opset range (of `domain`) in which the importer accepts the op.
  int64_t minOpset, maxOpset;
  LogicalResult (Importer::*import)(const Node &);
};

const OpInfo kSupportedOps[] = {
    {kOnnxDomain, "Identity", 1, kMaxOnnxOpset, &Importer::importIdentity},
    {kOnnxDomain, "LayerNormalization", 17, kMaxOnnxOpset,
     &Importer::importLayerNormalization},
    {kOnnxDomain, "LpNormalization", 1, kMaxOnnxOpset,
     &Importer::importLpNormalization},
    {kOnnxMlDomain, "Normalizer", 1, kMaxOnnxMlOpset,
     &Importer::importNormalizer},
};

//===----------------------------------------------------------------------===//
// Model and graph
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp> Importer::importModel(const onnx::ModelProto &model) {
  if (!model.has_graph()) {
    emitError(fileLoc) << "the ONNX model has no graph (is this an ONNX file?)";
    return nullptr;
  }
  if (failed(importOpsets(model)))
    return nullptr;

  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  // Provenance, kept as discardable attributes (docs/Importer.md).
  module->getOperation()->setAttr(
      "onnx.ir_version", builder.getI64IntegerAttr(model.ir_version()));
  SmallVector<NamedAttribute> opsetAttrs;
  for (const auto &entry : opsets)
    opsetAttrs.push_back(builder.getNamedAttr(
        entry.getKey(), builder.getI64IntegerAttr(entry.getValue())));
  module->getOperation()->setAttr("onnx.opset_import",
                                  builder.getDictionaryAttr(opsetAttrs));
  if (!model.producer_name().empty())
    module->getOperation()->setAttr(
        "onnx.producer_name", builder.getStringAttr(model.producer_name()));

  if (failed(importGraph(model.graph(), *module)) ||
      failed(verifyModule(*module)))
    return nullptr;
  return module;
}

LogicalResult Importer::importOpsets(const onnx::ModelProto &model) {
  if (model.opset_import_size() == 0)
    return emitError(fileLoc)
           << "the ONNX model imports no opset (opset_import is empty)";
  for (const onnx::OperatorSetIdProto &opset : model.opset_import()) {
    StringRef domain = canonicalDomain(opset.domain());
    auto [it, inserted] = opsets.try_emplace(domain, opset.version());
    if (!inserted && it->second != opset.version())
      return emitError(fileLoc) << "the ONNX model imports domain '" << domain
                                << "' twice, as opset " << it->second << " and "
                                << opset.version();
  }
  return success();
}

LogicalResult Importer::importGraph(const onnx::GraphProto &graph,
                                    ModuleOp module) {
  if (graph.sparse_initializer_size() != 0)
    return emitError(valueLoc(graph.sparse_initializer(0).values().name()))
           << "graph '" << graph.name()
           << "': sparse initializers are not supported";

  // Initializers, by name. Graph inputs that name an initializer are
  // constants, not arguments (ONNX IR < 4 lists them in both places).
  llvm::StringMap<const onnx::TensorProto *> initializers;
  for (const onnx::TensorProto &tensor : graph.initializer()) {
    if (tensor.name().empty())
      return emitError(fileLoc) << "graph '" << graph.name()
                                << "' has an initializer without a name";
    if (!initializers.try_emplace(tensor.name(), &tensor).second)
      return emitError(valueLoc(tensor.name()))
             << "initializer '" << tensor.name() << "' is defined twice";
  }

  // Arguments: the graph inputs that are not initializers.
  SmallVector<Type> argTypes;
  SmallVector<StringRef> argNames;
  SmallVector<Location> argLocs;
  for (const onnx::ValueInfoProto &input : graph.input()) {
    if (initializers.count(input.name()))
      continue;
    Location loc = valueLoc(input.name());
    if (input.name().empty())
      return emitError(loc)
             << "graph '" << graph.name() << "' has an input without a name";
    if (llvm::is_contained(argNames, input.name()))
      return emitError(loc)
             << "graph input '" << input.name() << "' is declared twice";
    if (!input.has_type())
      return emitError(loc)
             << "graph input '" << input.name() << "' has no type";
    FailureOr<Type> type =
        convertType(input.type(), loc, "graph input '" + input.name() + "'");
    if (failed(type))
      return failure();
    argTypes.push_back(*type);
    argNames.push_back(input.name());
    argLocs.push_back(loc);
  }

  // func.func @main; the result types are set once the outputs are known.
  builder.setInsertionPointToEnd(module.getBody());
  Location funcLoc = graph.name().empty() ? fileLoc : valueLoc(graph.name());
  auto func = func::FuncOp::create(builder, funcLoc, "main",
                                   builder.getFunctionType(argTypes, {}));
  if (!graph.name().empty())
    func->setAttr("onnx.graph_name", builder.getStringAttr(graph.name()));
  Block *entry = func.addEntryBlock();
  for (auto [i, name] : llvm::enumerate(argNames)) {
    entry->getArgument(i).setLoc(argLocs[i]);
    func.setArgAttr(i, "onnx.name", builder.getStringAttr(name));
    values[name] = entry->getArgument(i);
  }
  builder.setInsertionPointToStart(entry);

  // Initializers become arith.constant in their graph order.
  for (const onnx::TensorProto &tensor : graph.initializer()) {
    Location loc = valueLoc(tensor.name());
    FailureOr<DenseElementsAttr> attr = convertTensor(tensor, loc);
    if (failed(attr))
      return failure();
    Value constant = arith::ConstantOp::create(builder, loc, *attr);
    if (failed(defineValue(tensor.name(), constant, loc)))
      return failure();
  }

  for (auto [index, node] : llvm::enumerate(graph.node()))
    if (failed(importNode(node, index)))
      return failure();

  // Results: the graph outputs, with the types of the values returned.
  SmallVector<Value> results;
  for (const onnx::ValueInfoProto &output : graph.output()) {
    Location loc = valueLoc(output.name());
    if (output.name().empty())
      return emitError(loc)
             << "graph '" << graph.name() << "' has an output without a name";
    Value value = values.lookup(output.name());
    if (!value)
      return emitError(loc)
             << "graph output '" << output.name()
             << "' is not defined by any node, graph input or initializer";
    // A declared type is only checked: the returned type is the one derived
    // from the inputs (it may be more or less static than the declaration).
    if (output.has_type()) {
      FailureOr<Type> declared = convertType(
          output.type(), loc, "graph output '" + output.name() + "'");
      if (failed(declared))
        return failure();
      if (getElementTypeOrSelf(*declared) != getElementTypeOrSelf(value) ||
          failed(verifyCompatibleShape(*declared, value.getType())))
        return emitError(loc)
               << "graph output '" << output.name() << "' is declared as "
               << *declared << ", but the imported value has type "
               << value.getType();
    }
    results.push_back(value);
  }
  func::ReturnOp::create(builder, funcLoc, results);
  func.setFunctionType(
      builder.getFunctionType(argTypes, ValueRange(results).getTypes()));
  for (auto [i, output] : llvm::enumerate(graph.output()))
    func.setResultAttr(i, "onnx.name", builder.getStringAttr(output.name()));

  // Drop the initializers no node or output uses.
  for (Operation &op : llvm::make_early_inc_range(*entry))
    if (isa<arith::ConstantOp>(op) && op.use_empty())
      op.erase();
  return success();
}

LogicalResult Importer::verifyModule(ModuleOp module) {
  // The verifier reports the op; name the ONNX node it came from as well.
  ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error) {
      auto it = nodeLabels.find(diag.getLocation());
      if (it != nodeLabels.end())
        diag.attachNote() << "while importing ONNX " << it->second;
    }
    return failure(); // Let the next handler print it.
  });
  return verify(module);
}

//===----------------------------------------------------------------------===//
// Types and constants
//===----------------------------------------------------------------------===//

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
Importer::convertTensor(const onnx::TensorProto &tensor, Location loc) {
  // The decoding (all encodings, size checks) is shared with norm-runner's
  // .pb reader; it accepts exactly the element types convertElementType
  // maps.
  std::string what = "initializer '" + tensor.name() + "'";
  llvm::Expected<norm::ONNXTensor> decoded =
      norm::decodeONNXTensor(tensor, {what, "the model file", "the importer"});
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

//===----------------------------------------------------------------------===//
// Nodes: common checks
//===----------------------------------------------------------------------===//

LogicalResult Importer::importNode(const onnx::NodeProto &proto,
                                   unsigned index) {
  StringRef name = proto.name();
  StringRef opType = proto.op_type();
  StringRef domain = canonicalDomain(proto.domain());
  std::string locName =
      name.empty() ? (opType + "#" + Twine(index)).str() : name.str();
  Location loc = NameLoc::get(builder.getStringAttr(locName), fileLoc);
  std::string label =
      (name.empty() ? "node #" + Twine(index) : "node '" + name + "'").str() +
      " (" + opType.str() + ", domain '" + domain.str() + "')";
  nodeLabels.try_emplace(loc, label);
  Node node{proto, index, loc, domain, /*opset=*/0, label};

  const OpInfo *info = llvm::find_if(kSupportedOps, [&](const OpInfo &op) {
    return op.domain == domain && op.opType == opType;
  });
  if (info == std::end(kSupportedOps)) {
    InFlightDiagnostic diag = node.emitError() << "unsupported operator";
    const OpInfo *other = llvm::find_if(
        kSupportedOps, [&](const OpInfo &op) { return op.opType == opType; });
    if (other != std::end(kSupportedOps)) {
      diag << "; " << opType << " is supported in domain '" << other->domain
           << "'";
      return diag;
    }
    diag << "; the importer supports";
    llvm::interleave(
        kSupportedOps, diag,
        [&](const OpInfo &op) {
          diag << " " << op.opType << " (" << op.domain << " opset "
               << op.minOpset << "-" << op.maxOpset << ")";
        },
        ",");
    return diag;
  }

  auto opset = opsets.find(domain);
  if (opset == opsets.end())
    return node.emitError() << "the model does not import domain '" << domain
                            << "' (no opset_import entry)";
  node.opset = opset->second;
  if (node.opset < info->minOpset)
    return node.emitError()
           << opType << " needs " << domain << " opset >= " << info->minOpset
           << ", but the model imports " << domain << " opset " << node.opset;
  if (node.opset > info->maxOpset)
    return node.emitError()
           << domain << " opset " << node.opset
           << " is newer than the newest the importer knows "
           << "for " << opType << " (" << info->maxOpset << ")";
  return (this->*info->import)(node);
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

LogicalResult Importer::checkAttributes(const Node &node,
                                        ArrayRef<StringRef> knownNames) {
  llvm::StringSet<> seen;
  for (const onnx::AttributeProto &attr : node.proto.attribute()) {
    if (!llvm::is_contained(knownNames, attr.name())) {
      InFlightDiagnostic diag = node.emitError()
                                << "unknown attribute '" << attr.name() << "'";
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
             << "attribute '" << attr.name() << "' is given twice";
    if (!attr.ref_attr_name().empty())
      return node.emitError()
             << "attribute '" << attr.name()
             << "' refers to a function attribute ('" << attr.ref_attr_name()
             << "'), which the importer does not support";
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

/// Checks that `attr` has type `expected`; IR version 1 models may leave the
/// type unset when the matching value field is present.
static bool hasAttributeType(const onnx::AttributeProto &attr,
                             onnx::AttributeProto_AttributeType expected,
                             bool hasValue) {
  return attr.type() == expected ||
         (attr.type() == onnx::AttributeProto_AttributeType_UNDEFINED &&
          hasValue);
}

FailureOr<int64_t> Importer::getIntAttribute(const Node &node, StringRef name,
                                             int64_t defaultValue) {
  const onnx::AttributeProto *attr = findAttribute(node, name);
  if (!attr)
    return defaultValue;
  if (!hasAttributeType(*attr, onnx::AttributeProto_AttributeType_INT,
                        attr->has_i()))
    return node.emitError()
           << "attribute '" << name << "' must be an INT, but is "
           << onnx::AttributeProto_AttributeType_Name(attr->type());
  return attr->i();
}

FailureOr<float> Importer::getFloatAttribute(const Node &node, StringRef name,
                                             float defaultValue) {
  const onnx::AttributeProto *attr = findAttribute(node, name);
  if (!attr)
    return defaultValue;
  if (!hasAttributeType(*attr, onnx::AttributeProto_AttributeType_FLOAT,
                        attr->has_f()))
    return node.emitError()
           << "attribute '" << name << "' must be a FLOAT, but is "
           << onnx::AttributeProto_AttributeType_Name(attr->type());
  return attr->f();
}

FailureOr<std::string> Importer::getStringAttribute(const Node &node,
                                                    StringRef name,
                                                    StringRef defaultValue) {
  const onnx::AttributeProto *attr = findAttribute(node, name);
  if (!attr)
    return defaultValue.str();
  if (!hasAttributeType(*attr, onnx::AttributeProto_AttributeType_STRING,
                        attr->has_s()))
    return node.emitError()
           << "attribute '" << name << "' must be a STRING, but is "
           << onnx::AttributeProto_AttributeType_Name(attr->type());
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
    return node.emitError()
           << "input '" << role << "' (#" << index << ") is '" << name
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

LogicalResult Importer::defineValue(StringRef name, Value value, Location loc) {
  if (!values.try_emplace(name, value).second)
    return emitError(loc) << "value '" << name
                          << "' is defined twice (ONNX graphs are in SSA form)";
  return success();
}

LogicalResult Importer::defineOutputs(const Node &node, ValueRange results) {
  for (auto [index, name] : llvm::enumerate(node.proto.output())) {
    if (name.empty()) // An omitted optional output.
      continue;
    if (!values.try_emplace(name, results[index]).second)
      return node.emitError() << "output '" << name
                              << "' is already defined (ONNX graphs are in SSA "
                                 "form)";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Nodes: one function per operator
//===----------------------------------------------------------------------===//

/// Identity (every ai.onnx opset): the output names the input value.
LogicalResult Importer::importIdentity(const Node &node) {
  if (failed(checkArity(node, 1, 1, 1, 1)) || failed(checkAttributes(node, {})))
    return failure();
  FailureOr<Value> input = getInput(node, 0, "input");
  if (failed(input))
    return failure();
  return defineOutputs(node, *input);
}

/// LayerNormalization-17 -> norm.layer_normalization. Y has X's type; Mean and
/// InvStdDev have X's leading dims up to `axis`, then 1s, in the stash type.
LogicalResult Importer::importLayerNormalization(const Node &node) {
  if (failed(checkArity(node, 2, 3, 1, 3)) ||
      failed(checkAttributes(node, {"axis", "epsilon", "stash_type"})))
    return failure();
  SmallVector<Type> allowed = {builder.getF16Type(), builder.getBF16Type(),
                               builder.getF32Type(), builder.getF64Type()};
  FailureOr<Value> x = getInput(node, 0, "X");
  if (failed(x))
    return failure();
  FailureOr<RankedTensorType> xType =
      checkTensorInput(node, *x, "X", allowed, "LayerNormalization-17");
  if (failed(xType))
    return failure();
  FailureOr<Value> scale = getInput(node, 1, "Scale");
  if (failed(scale))
    return failure();
  // B is optional: absent, or given as "".
  Value b;
  if (node.proto.input_size() > 2 && !node.proto.input(2).empty()) {
    FailureOr<Value> bias = getInput(node, 2, "B");
    if (failed(bias))
      return failure();
    b = *bias;
  }
  // Scale and B share X's element type T; their shapes (unidirectionally
  // broadcastable to X) are left to the op verifier.
  for (auto [role, value] : {std::pair<StringRef, Value>{"Scale", *scale},
                             std::pair<StringRef, Value>{"B", b}}) {
    if (!value)
      continue;
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      return node.emitError()
             << "input '" << role << "' has type " << value.getType()
             << "; the importer needs tensors of known rank";
    if (type.getElementType() != xType->getElementType())
      return node.emitError()
             << "input '" << role << "' has element type "
             << type.getElementType() << ", but 'X' has "
             << xType->getElementType()
             << " (LayerNormalization-17 takes one type T for X, Scale and B)";
  }

  FailureOr<int64_t> axis = getIntAttribute(node, "axis", -1);
  FailureOr<float> epsilon = getFloatAttribute(node, "epsilon", 1e-5f);
  FailureOr<int64_t> stashType = getIntAttribute(node, "stash_type", 1);
  if (failed(axis) || failed(epsilon) || failed(stashType) ||
      failed(checkAxis(node, *axis, xType->getRank(), "X")))
    return failure();
  Type stashElementType;
  if (*stashType == onnx::TensorProto_DataType_FLOAT)
    stashElementType = builder.getF32Type();
  else if (*stashType == onnx::TensorProto_DataType_BFLOAT16)
    stashElementType = builder.getBF16Type();
  else
    return node.emitError() << "attribute 'stash_type' = " << *stashType
                            << " is not supported: expected 1 (FLOAT) or 16 "
                               "(BFLOAT16)";

  int64_t rank = xType->getRank();
  int64_t firstNormalized = *axis < 0 ? *axis + rank : *axis;
  SmallVector<int64_t> statsShape(xType->getShape());
  for (int64_t i = firstNormalized; i < rank; ++i)
    statsShape[i] = 1;
  auto statsType = RankedTensorType::get(statsShape, stashElementType);
  auto op = norm::LayerNormalizationOp::create(
      builder, node.loc, *xType, statsType, statsType, *x, *scale, b,
      builder.getI64IntegerAttr(*axis), builder.getF32FloatAttr(*epsilon),
      builder.getI64IntegerAttr(*stashType));
  return defineOutputs(node, op->getResults());
}

/// LpNormalization-1 (opset 1-21) and -22 (adds bf16) ->
/// norm.lp_normalization.
LogicalResult Importer::importLpNormalization(const Node &node) {
  if (failed(checkArity(node, 1, 1, 1, 1)) ||
      failed(checkAttributes(node, {"axis", "p"})))
    return failure();
  int64_t sinceVersion = node.opset >= 22 ? 22 : 1;
  SmallVector<Type> allowed = {builder.getF16Type(), builder.getF32Type(),
                               builder.getF64Type()};
  if (sinceVersion >= 22)
    allowed.push_back(builder.getBF16Type());
  FailureOr<Value> input = getInput(node, 0, "input");
  if (failed(input))
    return failure();
  FailureOr<RankedTensorType> type =
      checkTensorInput(node, *input, "input", allowed,
                       "LpNormalization-" + Twine(sinceVersion) + " (opset " +
                           Twine(node.opset) + ")");
  if (failed(type))
    return failure();

  FailureOr<int64_t> axis = getIntAttribute(node, "axis", -1);
  FailureOr<int64_t> p = getIntAttribute(node, "p", 2);
  if (failed(axis) || failed(p) ||
      failed(checkAxis(node, *axis, type->getRank(), "input")))
    return failure();
  if (*p != 1 && *p != 2)
    return node.emitError()
           << "attribute 'p' = " << *p << " is not supported: expected 1 or 2";
  auto op = norm::LpNormalizationOp::create(builder, node.loc, *type, *input,
                                            builder.getI64IntegerAttr(*axis),
                                            builder.getI64IntegerAttr(*p));
  return defineOutputs(node, op->getResults());
}

/// ai.onnx.ml Normalizer-1 -> norm.normalizer; Y is f32 of X's shape.
LogicalResult Importer::importNormalizer(const Node &node) {
  if (failed(checkArity(node, 1, 1, 1, 1)) ||
      failed(checkAttributes(node, {"norm"})))
    return failure();
  SmallVector<Type> allowed = {builder.getF32Type(), builder.getF64Type(),
                               builder.getI32Type(), builder.getI64Type()};
  FailureOr<Value> x = getInput(node, 0, "X");
  if (failed(x))
    return failure();
  FailureOr<RankedTensorType> type =
      checkTensorInput(node, *x, "X", allowed, "Normalizer-1");
  if (failed(type))
    return failure();
  if (type->getRank() != 1 && type->getRank() != 2)
    return node.emitError() << "input 'X' has rank " << type->getRank()
                            << ", but Normalizer takes [C] or [N, C]";
  FailureOr<std::string> norm = getStringAttribute(node, "norm", "MAX");
  if (failed(norm))
    return failure();
  if (*norm != "MAX" && *norm != "L1" && *norm != "L2")
    return node.emitError() << "attribute 'norm' = \"" << *norm
                            << "\" is not supported: expected \"MAX\", "
                               "\"L1\" or \"L2\"";
  auto op = norm::NormalizerOp::create(
      builder, node.loc,
      RankedTensorType::get(type->getShape(), builder.getF32Type()), *x,
      builder.getStringAttr(*norm));
  return defineOutputs(node, op->getResults());
}

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp> mlir::norm::importONNXModel(llvm::MemoryBufferRef buffer,
                                                  MLIRContext *context) {
  context->loadDialect<func::FuncDialect, arith::ArithDialect,
                       norm::NormDialect>();
  StringRef fileName = buffer.getBufferIdentifier();
  StringRef data = buffer.getBuffer();
  onnx::ModelProto model;
  if (data.size() > static_cast<size_t>(INT_MAX) ||
      !model.ParseFromArray(data.data(), static_cast<int>(data.size()))) {
    emitError(FileLineColLoc::get(context, fileName, 0, 0))
        << "failed to parse ONNX ModelProto from '" << fileName << "'";
    return nullptr;
  }
  return Importer(context, fileName).importModel(model);
}

void mlir::norm::registerImportONNXDialects(DialectRegistry &registry) {
  registry.insert<func::FuncDialect, arith::ArithDialect, norm::NormDialect>();
}

void mlir::norm::registerImportONNXTranslation() {
  static TranslateToMLIRRegistration registration(
      "import-onnx", "import an ONNX model (.onnx) into the norm dialect",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        OwningOpRef<ModuleOp> module =
            importONNXModel(buffer->getMemBufferRef(), context);
        return OwningOpRef<Operation *>(module.release());
      },
      registerImportONNXDialects);
}
