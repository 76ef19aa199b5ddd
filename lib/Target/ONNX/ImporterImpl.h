//===- ImporterImpl.h - the ONNX importer's shared pieces -------*- C++ -*-===//
//
// Private to lib/Target/ONNX: the Importer, which builds the module for one
// ONNX ModelProto, and the Node being imported. Its members live by concern:
// model, graph and dispatch in ImportONNX.cpp; types and initializers in
// ImportTensors.cpp; the checks every operator's import function uses
// (arity, attributes, inputs, axes, outputs) in NodeHelpers.cpp; one import
// function per operator in Import<OpType>.cpp, listed in ONNXOps.def.
//
// This header includes the protobuf-generated ONNX classes. Protobuf reports
// malformed input through return values, so the importer builds with LLVM's
// -fno-exceptions like the rest of the project.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_TARGET_ONNX_IMPORTERIMPL_H
#define NORM_LIB_TARGET_ONNX_IMPORTERIMPL_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <onnx/onnx_pb.h>

#include <optional>
#include <string>

namespace mlir {
namespace norm {
namespace onnx_importer {

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

/// Returns `type` quoted as diagnostics print it ('tensor<?x4xf32>'), for
/// the messages of run-time checks.
std::string quotedType(Type type);

/// Builds the module for one ModelProto. Every failing member emits exactly
/// one error and returns failure; the caller stops at the first one.
class Importer {
public:
  Importer(MLIRContext *ctx, StringRef fileName)
      : ctx(ctx), builder(ctx),
        fileLoc(FileLineColLoc::get(ctx, fileName, /*line=*/0,
                                    /*column=*/0)) {}

  /// Imports `model`. `serializedInitializers` holds the bytes of each of
  /// its graph's initializers as the file holds them (decodeONNXTensor reads
  /// `int32_data` from them), or is empty where they are not known.
  OwningOpRef<ModuleOp>
  importModel(const onnx::ModelProto &model,
              ArrayRef<StringRef> serializedInitializers = {});

  // One function per supported operator (ONNXOps.def), each defined in its
  // own Import<OpType>.cpp.
#define NORM_ONNX_OP(DOMAIN, OP_TYPE, MIN_OPSET, MAX_OPSET)                    \
  LogicalResult import##OP_TYPE(const Node &node);
#include "ONNXOps.def"

private:
  // The shared part of RMSNormalization and SimplifiedLayerNormalization
  // (ImportRMSNormalization.cpp; the caller checks the arity): X and scale
  // of the four float types, axis, epsilon and stash_type (1, 10, 11, 16),
  // norm.rms_normalization with Y of scale's element type; `opVersion`
  // names the operator in type errors.
  LogicalResult importRMSNormalizationNode(const Node &node,
                                           StringRef opVersion);

  /// The operands of ONNX Runtime's SkipLayerNormalization and
  /// SkipSimplifiedLayerNormalization, checked (ImportSkipLayerNormalization
  /// .cpp): `sum` is input + skip (+ bias), already built.
  struct SkipOperands {
    Value sum;
    Value gamma;
    /// Null where the node has no beta (and always for the Simplified op).
    Value beta;
    float epsilon;
  };
  // The shared part of the two Skip operators (ImportSkipLayerNormalization
  // .cpp; the caller checks the arity): the epsilon attribute, input and
  // skip of one type T in {f16, bf16, f32, f64}, input of rank 2 or 3, skip
  // of input's shape, (1, S, H) or (S, H), gamma, beta (at `betaIndex`, or
  // -1 for none) and bias (at `biasIndex`) of shape [H] (sizes dynamic on
  // either side checked at run time, assertDimSize), and the elementwise sum
  // that the norm op normalizes.
  FailureOr<SkipOperands> importSkipOperands(const Node &node, StringRef opName,
                                             int betaIndex, int biasIndex);
  /// Returns the type of the statistics (Mean, InvStdDev) of a norm over the
  /// dims of `x` from `axis` (in [-rank, rank)) on: `x`'s shape with those
  /// dims 1, element type `elementType` (LayerNormalization-17's Mean).
  RankedTensorType statisticsType(RankedTensorType x, int64_t axis,
                                  Type elementType);

  // Model-level pieces (ImportONNX.cpp).
  LogicalResult importOpsets(const onnx::ModelProto &model);
  LogicalResult importGraph(const onnx::GraphProto &graph, ModuleOp module);
  LogicalResult verifyModule(ModuleOp module);
  /// Verifies the ops that importing `node` added to `block` (from `begin`
  /// on); a verifier error becomes one error naming the node, without the
  /// verifier's notes and the op name of a norm op.
  LogicalResult verifyNodeOps(const Node &node, Block *block,
                              Block::iterator begin);

  // Types and constants (ImportTensors.cpp).
  FailureOr<Type> convertElementType(int32_t dataType, Location loc,
                                     const Twine &what);
  FailureOr<Type> convertType(const onnx::TypeProto &type, Location loc,
                              const Twine &what);
  /// Decodes the initializer `tensor` (parsed from `serialized`, where
  /// known) into a constant attribute.
  FailureOr<DenseElementsAttr>
  convertTensor(const onnx::TensorProto &tensor, Location loc,
                std::optional<StringRef> serialized = std::nullopt);
  Location valueLoc(StringRef name) {
    return NameLoc::get(builder.getStringAttr(name), fileLoc);
  }

  // Nodes: dispatch (ImportONNX.cpp) and the checks and helpers the import
  // functions share (NodeHelpers.cpp).
  LogicalResult importNode(const onnx::NodeProto &proto, unsigned index);
  /// Errors unless the node has [minInputs, maxInputs] inputs and
  /// [minOutputs, maxOutputs] outputs (omitted optional ones count).
  LogicalResult checkArity(const Node &node, int minInputs, int maxInputs,
                           int minOutputs, int maxOutputs);
  /// Errors on an attribute not in `knownNames`, one given twice, one that
  /// refers to a function attribute, or one that breaks ONNX's checker rules
  /// for AttributeProto: more than one value field, a value field of another
  /// type than `type`, or no `type` from IR version 2 on.
  LogicalResult checkAttributes(const Node &node,
                                ArrayRef<StringRef> knownNames);
  /// Returns the attribute `name`, or null where the node leaves it out.
  const onnx::AttributeProto *findAttribute(const Node &node, StringRef name);
  /// Return attribute `name` (`defaultValue` where it is left out); error if
  /// it has another type (for IR version 1, where `type` may be unset, the
  /// type of its value field). Call checkAttributes first.
  FailureOr<int64_t> getIntAttribute(const Node &node, StringRef name,
                                     int64_t defaultValue);
  FailureOr<float> getFloatAttribute(const Node &node, StringRef name,
                                     float defaultValue);
  FailureOr<std::string> getStringAttribute(const Node &node, StringRef name,
                                            StringRef defaultValue);
  /// Returns the value of input `index` (called `role` in messages); errors
  /// if it is not given or not defined yet.
  FailureOr<Value> getInput(const Node &node, int index, StringRef role);
  /// Returns the type of `value` if it is a ranked tensor with one of the
  /// `allowed` element types of `opVersion` ("LpNormalization-22 ...").
  FailureOr<RankedTensorType> checkTensorInput(const Node &node, Value value,
                                               StringRef role,
                                               ArrayRef<Type> allowed,
                                               const Twine &opVersion);
  /// Inputs 0 .. roles.size() - 1 of `node` (input `i` called `roles[i]` in
  /// messages), each through getInput and checkTensorInput, appended to
  /// `values` and `types`. With `oneType`, errors unless they all have the
  /// first one's element type ("`opVersion` takes one type T for X, scale
  /// and B").
  LogicalResult getTensorInputs(const Node &node, ArrayRef<StringLiteral> roles,
                                ArrayRef<Type> allowed, StringRef opVersion,
                                bool oneType, SmallVectorImpl<Value> &values,
                                SmallVectorImpl<RankedTensorType> &types);
  /// Errors unless `rank` >= 1 and `axis` is in [-rank, rank).
  LogicalResult checkAxis(const Node &node, int64_t axis, int64_t rank,
                          StringRef role);
  /// Emits a run-time check that dimension `dim` of `value` is `size`:
  /// `cf.assert` at the node's location with the message "<node label>:
  /// `message`" (norm-runner: `error: run-time check failed: ...`;
  /// norm-compile: one of the C wrapper's shape rules). For rules on sizes
  /// that the import cannot check because one of them is dynamic; nothing is
  /// emitted where both are static. `format` is the message with the sizes
  /// found (norm.check_message): `{0}` the size of `value`, `{1}` `size`.
  void assertDimSize(const Node &node, Value value, int64_t dim,
                     OpFoldResult size, const Twine &message,
                     const Twine &format);
  /// Emits `cf.assert(condition)` at the node's location with the message
  /// "<node label>: `message`", for assertDimSize's and other run-time rules
  /// on sizes (`condition` must depend on the graph inputs' sizes only); its
  /// condition goes through a norm.check_message of "<node label>:
  /// `format`" and `values`, the message a failed check prints (`{N}`:
  /// `values[N]`).
  void assertAtRunTime(const Node &node, Value condition, const Twine &message,
                       const Twine &format, ValueRange values);
  /// Returns dimension `dim` of the ranked tensor `value`: an index
  /// attribute where it is static, else a tensor.dim.
  OpFoldResult getDimSize(const Node &node, Value value, int64_t dim);
  /// Names `value`; errors if `name` is already defined.
  LogicalResult defineValue(StringRef name, Value value, Location loc);
  /// Names the node's (non-omitted) outputs `results`, in order.
  LogicalResult defineOutputs(const Node &node, ValueRange results);

  MLIRContext *ctx;
  OpBuilder builder;
  /// `<file>:0:0`; ONNX files are binary, so there is no line or column.
  Location fileLoc;
  /// ModelProto.ir_version.
  int64_t irVersion = 0;
  /// The serialized bytes of each GraphProto.initializer (see importModel);
  /// empty where not known.
  ArrayRef<StringRef> initializerBytes;
  /// Canonical domain -> imported opset version.
  llvm::StringMap<int64_t> opsets;
  /// ONNX value name -> SSA value (graph inputs, initializers, node outputs).
  llvm::StringMap<Value> values;
  /// Node location -> node label, for notes on verifier errors.
  DenseMap<Location, std::string> nodeLabels;
};

} // namespace onnx_importer
} // namespace norm
} // namespace mlir

#endif // NORM_LIB_TARGET_ONNX_IMPORTERIMPL_H
