//===- ImportONNX.cpp - ONNX model to MLIR importer -----------------------===//
//
// Translates an ONNX ModelProto into a module with one `func.func @main` whose
// body uses the norm dialect. docs/Importer.md documents the mapping. This
// file holds the entry points, the model and graph, and the dispatch of each
// node to its operator's import function (the table of ONNXOps.def); the
// rest of the importer is listed in ImporterImpl.h.
//
//===----------------------------------------------------------------------===//

#include "norm/Target/ONNX/ImportONNX.h"

#include "ImporterImpl.h"

#include "norm/Dialect/Norm/IR/NormDialect.h"
#include "norm/Support/AbbreviatedList.h"
#include "norm/Support/EscapedText.h"
#include "norm/Target/ONNX/ONNXTensor.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/SourceMgr.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

#include <climits>
#include <optional>
#include <vector>

using namespace mlir;
using namespace mlir::norm::onnx_importer;

namespace {

//===----------------------------------------------------------------------===//
// ONNX vocabulary
//===----------------------------------------------------------------------===//

/// The default ONNX operator domain; the empty string is an alias for it.
constexpr llvm::StringLiteral kOnnxDomain = "ai.onnx";
/// The ONNX-ML operator domain (Normalizer).
constexpr llvm::StringLiteral kOnnxMlDomain = "ai.onnx.ml";

/// ONNX Runtime's contrib operator domain (SkipLayerNormalization,
/// SkipSimplifiedLayerNormalization).
constexpr llvm::StringLiteral kMsDomain = "com.microsoft";
/// The newest ai.onnx opset whose operator versions this importer was checked
/// against (ONNX 1.18: opset 23 adds RMSNormalization and only widens
/// Identity's types). A newer opset may redefine an operator, so it is
/// rejected rather than guessed at.
constexpr int64_t kMaxOnnxOpset = 23;
/// The newest ModelProto.ir_version the importer knows: IR version 13 of
/// ONNX 1.20 to 1.22 (onnx.proto's IR_VERSION; kMaxONNXIrVersion of
/// norm/Target/ONNX/ONNXTensor.h, whose data type names are this version's).
/// Versions 12 and 13 only add element types (FLOAT8E8M0, UINT2, INT2),
/// which the importer rejects by name; a newer IR version may change the
/// format, so it is rejected as ONNX's checker does.
constexpr int64_t kMaxIrVersion = mlir::norm::kMaxONNXIrVersion;
/// The newest ai.onnx.ml opset this importer knows; Normalizer-1 is the
/// current Normalizer in all of 1..5.
constexpr int64_t kMaxOnnxMlOpset = 5;

/// The newest com.microsoft opset the importer knows: ONNX Runtime's contrib
/// operators are all version 1, and its models import com.microsoft 1.
constexpr int64_t kMaxMsOpset = 1;

/// Maps the empty domain to its canonical name "ai.onnx".
StringRef canonicalDomain(StringRef domain) {
  return domain.empty() ? StringRef(kOnnxDomain) : domain;
}

//===----------------------------------------------------------------------===//
// Supported operators
//===----------------------------------------------------------------------===//

/// How an (operator, domain) pair is imported.
struct OpInfo {
  llvm::StringLiteral domain;
  llvm::StringLiteral opType;
  /// The opset range (of `domain`) in which the importer accepts the op.
  int64_t minOpset, maxOpset;
  LogicalResult (Importer::*import)(const Node &);
};

/// The operators of ONNXOps.def.
const OpInfo kSupportedOps[] = {
#define NORM_ONNX_OP(DOMAIN, OP_TYPE, MIN_OPSET, MAX_OPSET)                    \
  {DOMAIN, #OP_TYPE, MIN_OPSET, MAX_OPSET, &Importer::import##OP_TYPE},
#include "ONNXOps.def"
};

} // namespace

//===----------------------------------------------------------------------===//
// Model and graph
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp>
Importer::importModel(const onnx::ModelProto &model,
                      ArrayRef<StringRef> serializedInitializers) {
  if (!model.has_graph()) {
    emitError(fileLoc) << "the ONNX model has no graph (is this an ONNX file?)";
    return nullptr;
  }
  // As ONNX's checker (check_model): the field must be set, and not newer
  // than the reader knows. A negative value is no IR version either.
  if (!model.has_ir_version() || model.ir_version() < 1) {
    InFlightDiagnostic diag = emitError(fileLoc)
                              << "the model does not have an ir_version set "
                                 "properly (ModelProto.ir_version is ";
    if (model.has_ir_version())
      diag << model.ir_version();
    else
      diag << "missing";
    diag << "; IR versions start at 1)";
    return nullptr;
  }
  if (model.ir_version() > kMaxIrVersion) {
    emitError(fileLoc) << "the model has IR version " << model.ir_version()
                       << ", newer than the newest the importer knows ("
                       << kMaxIrVersion << ", "
                       << mlir::norm::kMaxONNXIrReleases << ")";
    return nullptr;
  }
  if (failed(importOpsets(model)))
    return nullptr;
  irVersion = model.ir_version();
  if (serializedInitializers.size() ==
      static_cast<size_t>(model.graph().initializer_size()))
    initializerBytes = serializedInitializers;

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
      return emitError(fileLoc)
             << "the ONNX model imports domain '"
             << norm::escapeForMessage(domain) << "' twice, as opset "
             << it->second << " and " << opset.version();
  }
  return success();
}

LogicalResult Importer::importGraph(const onnx::GraphProto &graph,
                                    ModuleOp module) {
  if (graph.sparse_initializer_size() != 0)
    return emitError(valueLoc(graph.sparse_initializer(0).values().name()))
           << "graph '" << norm::escapeForMessage(graph.name())
           << "': sparse initializers are not supported";

  // ONNX's checker requires at least one graph output: a graph without one
  // would import to a @main that returns nothing, and run to no output.
  if (graph.output_size() == 0)
    return emitError(graph.name().empty() ? fileLoc : valueLoc(graph.name()))
           << "graph '" << norm::escapeForMessage(graph.name())
           << "' has no outputs: expected at least one graph output, as ONNX "
              "requires";

  // Initializers, by name. Graph inputs that name an initializer are
  // constants, not arguments (ONNX IR < 4 lists them in both places).
  llvm::StringMap<const onnx::TensorProto *> initializers;
  for (const onnx::TensorProto &tensor : graph.initializer()) {
    if (tensor.name().empty())
      return emitError(fileLoc)
             << "graph '" << norm::escapeForMessage(graph.name())
             << "' has an initializer without a name";
    if (!initializers.try_emplace(tensor.name(), &tensor).second)
      return emitError(valueLoc(tensor.name()))
             << "initializer '" << norm::escapeForMessage(tensor.name())
             << "' is defined twice";
  }

  // Arguments: the graph inputs that are not initializers.
  SmallVector<Type> argTypes;
  SmallVector<StringRef> argNames;
  SmallVector<Location> argLocs;
  // Graph inputs that name an initializer (its default value): their
  // declared types, checked against the initializers' below.
  llvm::StringMap<const onnx::ValueInfoProto *> initializerInputs;
  for (const onnx::ValueInfoProto &input : graph.input()) {
    if (initializers.count(input.name())) {
      initializerInputs.try_emplace(input.name(), &input);
      continue;
    }
    Location loc = valueLoc(input.name());
    if (input.name().empty())
      return emitError(loc) << "graph '" << norm::escapeForMessage(graph.name())
                            << "' has an input without a name";
    if (llvm::is_contained(argNames, input.name()))
      return emitError(loc)
             << "graph input '" << norm::escapeForMessage(input.name())
             << "' is declared twice";
    if (!input.has_type())
      return emitError(loc)
             << "graph input '" << norm::escapeForMessage(input.name())
             << "' has no type";
    FailureOr<Type> type = convertType(
        input.type(), loc,
        "graph input '" + norm::escapeForMessage(input.name()) + "'");
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
  for (auto [index, tensor] : llvm::enumerate(graph.initializer())) {
    Location loc = valueLoc(tensor.name());
    FailureOr<DenseElementsAttr> attr = convertTensor(
        tensor, loc,
        initializerBytes.empty() ? std::nullopt
                                 : std::optional(initializerBytes[index]));
    if (failed(attr))
      return failure();
    if (const onnx::ValueInfoProto *input =
            initializerInputs.lookup(tensor.name());
        input && input->has_type()) {
      std::string what =
          "graph input '" + norm::escapeForMessage(tensor.name()) + "'";
      FailureOr<Type> declared = convertType(input->type(), loc, what);
      if (failed(declared))
        return failure();
      auto declaredType = dyn_cast<ShapedType>(*declared);
      ShapedType initializerType = attr->getType();
      if (!declaredType ||
          declaredType.getElementType() != initializerType.getElementType() ||
          failed(verifyCompatibleShape(declaredType, initializerType)))
        return emitError(loc) << what << " is declared as " << *declared
                              << ", but its initializer is " << initializerType;
    }
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
      return emitError(loc) << "graph '" << norm::escapeForMessage(graph.name())
                            << "' has an output without a name";
    Value value = values.lookup(output.name());
    if (!value)
      return emitError(loc)
             << "graph output '" << norm::escapeForMessage(output.name())
             << "' is not defined by any node, graph input or initializer";
    // A declared type is only checked: the returned type is the one derived
    // from the inputs (it may be more or less static than the declaration).
    if (output.has_type()) {
      FailureOr<Type> declared = convertType(
          output.type(), loc,
          "graph output '" + norm::escapeForMessage(output.name()) + "'");
      if (failed(declared))
        return failure();
      if (getElementTypeOrSelf(*declared) != getElementTypeOrSelf(value) ||
          failed(verifyCompatibleShape(*declared, value.getType())))
        return emitError(loc)
               << "graph output '" << norm::escapeForMessage(output.name())
               << "' is declared as "
               << norm::formatTypeForMessage(*declared, /*quote=*/true)
               << ", but the imported value has type "
               << norm::formatTypeForMessage(value.getType(), /*quote=*/true);
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
      (name.empty() ? "node #" + Twine(index)
                    : "node '" + norm::escapeForMessage(name) + "'")
          .str() +
      " (" + norm::escapeForMessage(opType) + ", domain '" +
      norm::escapeForMessage(domain) + "')";
  if (opType.empty())
    return emitError(loc) << (name.empty()
                                  ? "node #" + Twine(index)
                                  : "node '" + norm::escapeForMessage(name) +
                                        "'")
                          << " (domain '" << norm::escapeForMessage(domain)
                          << "') has no op_type (NodeProto.op_type is empty)";
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
      diag << "; " << norm::escapeForMessage(opType)
           << " is supported in domain '" << other->domain << "'";
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
    return node.emitError()
           << "the model does not import domain '"
           << norm::escapeForMessage(domain) << "' (no opset_import entry)";
  node.opset = opset->second;
  if (node.opset < info->minOpset)
    return node.emitError()
           << norm::escapeForMessage(opType) << " needs "
           << norm::escapeForMessage(domain) << " opset >= " << info->minOpset
           << ", but the model imports " << norm::escapeForMessage(domain)
           << " opset " << node.opset;
  if (node.opset > info->maxOpset)
    return node.emitError()
           << norm::escapeForMessage(domain) << " opset " << node.opset
           << " is newer than the newest the importer knows "
           << "for " << norm::escapeForMessage(opType) << " (" << info->maxOpset
           << ")";
  Block *block = builder.getInsertionBlock();
  Operation *last = block->empty() ? nullptr : &block->back();
  if (failed((this->*info->import)(node)))
    return failure();
  return verifyNodeOps(node, block,
                       last ? std::next(last->getIterator()) : block->begin());
}

LogicalResult Importer::verifyNodeOps(const Node &node, Block *block,
                                      Block::iterator begin) {
  // The op verifiers check what the import functions leave to them (the
  // shapes of Scale and B, a NaN epsilon, ...); their error, with its "see
  // current operation" note, becomes one error naming the node.
  std::optional<std::string> message;
  Operation *failedOp = nullptr;
  {
    ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error && !message)
        message = diag.str();
      return success();
    });
    for (Operation &op : llvm::make_range(begin, block->end())) {
      if (failed(verify(&op))) {
        failedOp = &op;
        break;
      }
    }
  }
  if (!failedOp)
    return success();
  StringRef text = message ? StringRef(*message) : StringRef("invalid op");
  // "'norm.layer_normalization' op attribute ..." -> "attribute ...": the
  // node label names what was imported.
  if (isa<norm::NormDialect>(failedOp->getDialect()))
    text.consume_front(
        ("'" + failedOp->getName().getStringRef() + "' op ").str());
  return node.emitError() << text;
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

/// Appends to `slices` the bytes of each occurrence of the length-delimited
/// field `fieldNumber` in the serialized message `message`, in order.
/// Returns false where the bytes do not decode.
static bool collectMessageFields(StringRef message, int fieldNumber,
                                 std::vector<StringRef> &slices) {
  using google::protobuf::internal::WireFormatLite;
  google::protobuf::io::CodedInputStream input(
      reinterpret_cast<const uint8_t *>(message.data()),
      static_cast<int>(message.size()));
  while (uint32_t tag = input.ReadTag()) {
    if (WireFormatLite::GetTagFieldNumber(tag) != fieldNumber ||
        WireFormatLite::GetTagWireType(tag) !=
            WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
      if (!WireFormatLite::SkipField(&input, tag))
        return false;
      continue;
    }
    uint32_t length = 0;
    if (!input.ReadVarint32(&length))
      return false;
    size_t begin = input.CurrentPosition();
    if (length > message.size() - begin || !input.Skip(length))
      return false;
    slices.push_back(message.substr(begin, length));
  }
  return true;
}

/// Returns the serialized bytes of each GraphProto.initializer of the
/// serialized ModelProto `model`, in the order of the parsed
/// `graph.initializer()` (occurrences of the graph field are merged, so
/// their initializers follow each other), or an empty vector where the bytes
/// do not decode.
static std::vector<StringRef> getInitializerBytes(StringRef model) {
  std::vector<StringRef> graphs, initializers;
  if (!collectMessageFields(model, onnx::ModelProto::kGraphFieldNumber, graphs))
    return {};
  for (StringRef graph : graphs)
    if (!collectMessageFields(graph, onnx::GraphProto::kInitializerFieldNumber,
                              initializers))
      return {};
  return initializers;
}

/// Returns, for the serialized message `data` that is not an ONNX model (it
/// does not parse as a ModelProto, or has no graph), what it holds where it
/// is a TensorProto, an ONNX test data file such as
/// test_data_set_0/input_0.pb: "a FLOAT tensor of shape 1x3x4 named 'x'".
/// It is one where it parses as a TensorProto with a data_type of the IR
/// version the importer knows, no field that TensorProto does not have (the
/// bytes of most other messages parse as a TensorProto, with unknown
/// fields), no segment, and dims that its data fills where the importer
/// decodes the type (a SequenceProto parses with its name's bytes as dims).
/// Returns std::nullopt otherwise.
static std::optional<std::string> describeTensorProto(StringRef data) {
  onnx::TensorProto tensor;
  if (data.empty() || data.size() > static_cast<size_t>(INT_MAX) ||
      !tensor.ParseFromArray(data.data(), static_cast<int>(data.size())) ||
      !tensor.has_data_type() ||
      tensor.data_type() == onnx::TensorProto_DataType_UNDEFINED ||
      !onnx::TensorProto_DataType_IsValid(tensor.data_type()) ||
      !tensor.GetReflection()->GetUnknownFields(tensor).empty() ||
      tensor.has_segment() ||
      llvm::any_of(tensor.dims(), [](int64_t dim) { return dim < 0; }))
    return std::nullopt;
  if (norm::getONNXDataType(tensor.data_type())) {
    llvm::Expected<norm::ONNXTensor> decoded = norm::decodeONNXTensor(
        tensor, {"the tensor", "the file", "the importer"}, data);
    if (!decoded) {
      llvm::consumeError(decoded.takeError());
      return std::nullopt;
    }
  }
  SmallVector<int64_t> dims(tensor.dims().begin(), tensor.dims().end());
  std::string text = "a " + norm::getONNXDataTypeName(tensor.data_type());
  text += dims.empty() ? " scalar"
                       : " tensor of shape " + norm::formatDims(dims) +
                             norm::formatRankSuffix(dims.size());
  if (!tensor.name().empty())
    text += " named '" + norm::escapeForMessage(tensor.name()) + "'";
  return text;
}

/// Emits the error for the serialized message `data` of `fileName`, which
/// is not an ONNX model, where it is a TensorProto (describeTensorProto),
/// and returns whether it did.
static bool emitTensorProtoError(MLIRContext *context, StringRef fileName,
                                 StringRef data) {
  std::optional<std::string> tensor = describeTensorProto(data);
  if (!tensor)
    return false;
  emitError(FileLineColLoc::get(context, fileName, 0, 0))
      << "not an ONNX model: the file looks like an ONNX TensorProto ("
      << *tensor
      << "), test data such as a test_data_set_0/input_0.pb, which "
         "norm-runner reads as --input=@FILE.pb; import the model (a "
         "ModelProto, .onnx) instead";
  return true;
}

OwningOpRef<ModuleOp> mlir::norm::importONNXModel(llvm::MemoryBufferRef buffer,
                                                  MLIRContext *context) {
  context->loadDialect<func::FuncDialect, arith::ArithDialect,
                       norm::NormDialect>();
  StringRef fileName = buffer.getBufferIdentifier();
  StringRef data = buffer.getBuffer();
  onnx::ModelProto model;
  if (data.size() > static_cast<size_t>(INT_MAX) ||
      !model.ParseFromArray(data.data(), static_cast<int>(data.size()))) {
    if (emitTensorProtoError(context, fileName, data))
      return nullptr;
    InFlightDiagnostic diag =
        emitError(FileLineColLoc::get(context, fileName, 0, 0))
        << "failed to parse ONNX ModelProto from '"
        << norm::escapeForMessage(fileName) << "'";
    // Where the top-level fields show why (a cut file).
    if (data.size() <= static_cast<size_t>(INT_MAX))
      if (std::string why =
              describeMalformedONNXMessage(data, ONNXMessageKind::Model);
          !why.empty())
        diag << ": " << why;
    return nullptr;
  }
  // The bytes of most TensorProtos parse as a ModelProto too (with unknown
  // fields), one without a graph.
  if (!model.has_graph() && emitTensorProtoError(context, fileName, data))
    return nullptr;
  // The initializers' bytes, for the int32_data values protobuf truncates.
  return Importer(context, fileName)
      .importModel(model, getInitializerBytes(data));
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
