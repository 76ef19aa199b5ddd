//===- ImportSkipLayerNormalization.cpp - import ORT's SkipLayerNorm ------===//
//
// Importer::importSkipLayerNormalization: ONNX Runtime's
// com.microsoft.SkipLayerNormalization (version 1) to a linalg.generic that
// forms input + skip (+ bias), feeding norm.layer_normalization over the last
// axis (docs/semantics.md, RMSNormalization and ONNX Runtime's spellings).
// Also Importer::importSkipOperands, which SkipSimplifiedLayerNormalization
// (ImportSkipSimplifiedLayerNormalization.cpp) shares: the attribute, the
// operand checks and the sum.
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "norm/Dialect/Norm/IR/NormOps.h"
#include "llvm/Support/Format.h"

#include <cmath>

using namespace mlir;
using namespace mlir::norm::onnx_importer;

/// True where two dimension sizes may be equal (either is dynamic).
static bool compatibleDims(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
}

/// Returns input + skip (+ bias) with input's type: one linalg.generic whose
/// additions are formed in f32 (f64 for f64 inputs) and whose result is
/// rounded once to the element type. A skip of rank 2 ((S, H)) or of static
/// batch 1 ((1, S, H), collapsed to (S, H)) is broadcast over input's batch;
/// bias ([H]) over all rows.
static Value buildSkipSum(OpBuilder &b, Location loc, Value input, Value skip,
                          Value bias) {
  auto type = cast<RankedTensorType>(input.getType());
  auto skipType = cast<RankedTensorType>(skip.getType());
  int64_t rank = type.getRank();
  MLIRContext *ctx = b.getContext();
  AffineMap identity = b.getMultiDimIdentityMap(rank);

  // A (1, S, H) skip against an input whose batch is not statically 1 is
  // broadcast: collapsed to (S, H), then indexed like one.
  if (skipType.getRank() == 3 && skipType.getDimSize(0) == 1 &&
      type.getDimSize(0) != 1) {
    SmallVector<ReassociationIndices> reassociation = {{0, 1}, {2}};
    skip = tensor::CollapseShapeOp::create(b, loc, skip, reassociation);
    skipType = cast<RankedTensorType>(skip.getType());
  }
  SmallVector<Value> operands = {input, skip};
  SmallVector<AffineMap> maps = {
      identity, AffineMap::getMinorIdentityMap(rank, skipType.getRank(), ctx)};
  if (bias) {
    operands.push_back(bias);
    maps.push_back(AffineMap::getMinorIdentityMap(rank, 1, ctx));
  }
  maps.push_back(identity);

  Type elementType = type.getElementType();
  Type computeType = elementType.isF64() ? elementType : b.getF32Type();
  Value init = tensor::EmptyOp::create(
      b, loc, tensor::getMixedSizes(b, loc, input), elementType);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, operands, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        auto widen = [&](Value v) -> Value {
          return v.getType() == computeType
                     ? v
                     : arith::ExtFOp::create(nb, nloc, computeType, v)
                           .getResult();
        };
        Value sum =
            arith::AddFOp::create(nb, nloc, widen(args[0]), widen(args[1]));
        if (bias)
          sum = arith::AddFOp::create(nb, nloc, sum, widen(args[2]));
        if (computeType != elementType)
          sum = arith::TruncFOp::create(nb, nloc, elementType, sum);
        linalg::YieldOp::create(nb, nloc, sum);
      });
  return generic.getResult(0);
}

FailureOr<Importer::SkipOperands> Importer::importSkipOperands(const Node &node,
                                                               StringRef opName,
                                                               int betaIndex,
                                                               int biasIndex) {
  if (failed(checkAttributes(node, {"epsilon"})))
    return failure();
  // ONNX Runtime's default (kDefaultSkipLayerNormEpsilon); its kernels
  // reject a negative epsilon.
  FailureOr<float> epsilon = getFloatAttribute(node, "epsilon", 1e-12f);
  if (failed(epsilon))
    return failure();
  // Worded and printed (%g) as the norm ops' verifier does for a
  // LayerNormalization node.
  if (!(std::isfinite(*epsilon) && *epsilon >= 0.0f)) {
    std::string text;
    llvm::raw_string_ostream(text)
        << llvm::format("%g", static_cast<double>(*epsilon));
    return node.emitError() << "attribute 'epsilon' = " << text
                            << " is out of range: expected a finite value >= 0";
  }

  SmallVector<Type> allowed = {builder.getF16Type(), builder.getBF16Type(),
                               builder.getF32Type(), builder.getF64Type()};
  FailureOr<Value> input = getInput(node, 0, "input");
  if (failed(input))
    return failure();
  FailureOr<RankedTensorType> inputType =
      checkTensorInput(node, *input, "input", allowed, opName);
  if (failed(inputType))
    return failure();
  int64_t rank = inputType->getRank();
  if (rank != 2 && rank != 3)
    return node.emitError()
           << "input 'input' has rank " << rank << ", but " << opName
           << " takes (batch_size, sequence_length, hidden_size) or "
              "(token_count, hidden_size)";
  int64_t hidden = inputType->getDimSize(rank - 1);

  // Every other operand is a ranked tensor of input's element type T.
  auto checkOperand = [&](Value value,
                          StringRef role) -> FailureOr<RankedTensorType> {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      return node.emitError()
             << "input '" << role << "' has type " << value.getType()
             << "; the importer needs tensors of known rank";
    if (type.getElementType() != inputType->getElementType())
      return node.emitError() << "input '" << role << "' has element type "
                              << type.getElementType() << ", but 'input' has "
                              << inputType->getElementType() << " (" << opName
                              << " takes one type T for all its inputs)";
    return type;
  };
  ctx->getOrLoadDialect<linalg::LinalgDialect>();
  ctx->getOrLoadDialect<tensor::TensorDialect>();
  // gamma, beta and bias: [hidden_size].
  auto getVector = [&](int index, StringRef role,
                       bool optional) -> FailureOr<Value> {
    if (optional &&
        (index >= node.proto.input_size() || node.proto.input(index).empty()))
      return Value();
    FailureOr<Value> value = getInput(node, index, role);
    if (failed(value))
      return failure();
    FailureOr<RankedTensorType> type = checkOperand(*value, role);
    if (failed(type))
      return failure();
    if (type->getRank() != 1 || !compatibleDims(type->getDimSize(0), hidden))
      return node.emitError()
             << "input '" << role << "' has type " << *type << ", but "
             << opName << " takes '" << role
             << "' of shape [hidden_size] (the last dimension of 'input', "
             << *inputType << ")";
    if (!type->isDynamicDim(0) && !ShapedType::isDynamic(hidden))
      return *value;
    // A size known only at run time must be hidden_size too (the norm op
    // alone would broadcast a [1] gamma or beta): a run-time check naming
    // the node and the input, then a cast to input's static hidden_size.
    std::string expected = ShapedType::isDynamic(hidden)
                               ? ""
                               : " (" + std::to_string(hidden) + ")";
    std::string shapeRule =
        opName.str() + " takes '" + role.str() +
        "' of shape [hidden_size] (the last dimension of 'input', " +
        quotedType(*inputType) + ")";
    assertDimSize(node, *value, 0, getDimSize(node, *input, rank - 1),
                  "input '" + role + "' (" + quotedType(*type) +
                      ") has a size other than hidden_size" + expected +
                      " at run time; " + shapeRule,
                  "input '" + role + "' (" +
                      CheckMessageOp::escapeFormatText(quotedType(*type)) +
                      ") has size {0}, expected hidden_size = {1}; " +
                      CheckMessageOp::escapeFormatText(shapeRule));
    if (ShapedType::isDynamic(hidden))
      return *value;
    return tensor::CastOp::create(
               builder, node.loc,
               RankedTensorType::get({hidden}, type->getElementType()), *value)
        .getResult();
  };

  FailureOr<Value> skip = getInput(node, 1, "skip");
  if (failed(skip))
    return failure();
  FailureOr<RankedTensorType> skipType = checkOperand(*skip, "skip");
  if (failed(skipType))
    return failure();
  // skip: input's shape; for a 3-D input also (1, S, H) or (S, H).
  ArrayRef<int64_t> inShape = inputType->getShape();
  ArrayRef<int64_t> skipShape = skipType->getShape();
  auto trailingMatch = [&](size_t count) {
    return skipShape.size() >= count &&
           llvm::all_of(llvm::seq<size_t>(0, count), [&](size_t i) {
             return compatibleDims(skipShape[skipShape.size() - 1 - i],
                                   inShape[inShape.size() - 1 - i]);
           });
  };
  bool skipOk = false;
  if (skipType->getRank() == rank)
    skipOk =
        trailingMatch(rank - 1) && (compatibleDims(skipShape[0], inShape[0]) ||
                                    (rank == 3 && skipShape[0] == 1));
  else if (rank == 3 && skipType->getRank() == 2)
    skipOk = trailingMatch(2);
  if (!skipOk) {
    InFlightDiagnostic diag =
        node.emitError() << "input 'skip' has type " << *skipType << ", but "
                         << opName << " takes 'skip' of the shape of 'input' ("
                         << *inputType << ")";
    if (rank == 3)
      diag << ", (1, sequence_length, hidden_size) or (sequence_length, "
              "hidden_size)";
    return diag;
  }

  // The sizes of skip that are dynamic, or whose counterpart in input is,
  // must be input's at run time (a skip whose batch is dynamic is taken to
  // have input's batch: only a static 1 broadcasts, as in buildSkipSum);
  // then skip takes input's static sizes.
  int64_t skipRank = skipType->getRank();
  bool broadcastBatch = skipRank == 3 && skipShape[0] == 1 && inShape[0] != 1;
  static constexpr StringLiteral kDimNames3[] = {
      "batch_size", "sequence_length", "hidden_size"};
  static constexpr StringLiteral kDimNames2[] = {"token_count", "hidden_size"};
  SmallVector<int64_t> refinedShape(skipShape);
  for (int64_t i = broadcastBatch ? 1 : 0; i < skipRank; ++i) {
    int64_t inputDim = i + rank - skipRank;
    StringRef dimName = rank == 3 ? kDimNames3[inputDim] : kDimNames2[inputDim];
    std::string rule =
        (Twine(opName) + " takes 'skip' of the shape of 'input'").str();
    if (rank == 3)
      rule += ", (1, sequence_length, hidden_size) or (sequence_length, "
              "hidden_size)";
    if (rank == 3 && skipRank == 3 && i == 0 && skipType->isDynamicDim(0))
      rule += " (a 'skip' whose batch is dynamic must have input's "
              "batch_size: one that broadcasts needs a static 1)";
    std::string message =
        ("dimension " + Twine(i) + " of input 'skip' (" +
         quotedType(*skipType) + ") differs from dimension " + Twine(inputDim) +
         " of 'input' (" + dimName + ", " + quotedType(*inputType) +
         ") at run time; " + rule)
            .str();
    std::string format =
        ("dimension " + Twine(i) + " of input 'skip' (" +
         CheckMessageOp::escapeFormatText(quotedType(*skipType)) +
         ") is {0}, expected {1} (dimension " + Twine(inputDim) +
         " of 'input', " + dimName + ", " +
         CheckMessageOp::escapeFormatText(quotedType(*inputType)) + "); " +
         CheckMessageOp::escapeFormatText(rule))
            .str();
    assertDimSize(node, *skip, i, getDimSize(node, *input, inputDim), message,
                  format);
    if (ShapedType::isDynamic(refinedShape[i]))
      refinedShape[i] = inShape[inputDim];
  }
  if (ArrayRef<int64_t>(refinedShape) != skipShape)
    *skip = tensor::CastOp::create(
        builder, node.loc,
        RankedTensorType::get(refinedShape, skipType->getElementType()), *skip);

  FailureOr<Value> gamma = getVector(2, "gamma", /*optional=*/false);
  if (failed(gamma))
    return failure();
  Value beta;
  if (betaIndex >= 0) {
    FailureOr<Value> value = getVector(betaIndex, "beta", /*optional=*/true);
    if (failed(value))
      return failure();
    beta = *value;
  }
  FailureOr<Value> bias = getVector(biasIndex, "bias", /*optional=*/true);
  if (failed(bias))
    return failure();

  Value sum = buildSkipSum(builder, node.loc, *input, *skip, *bias);
  return SkipOperands{sum, *gamma, beta, *epsilon};
}

/// SkipLayerNormalization (input, skip, gamma, optional beta, optional bias)
/// -> (output, optional mean, optional inv_std_var, optional
/// input_skip_bias_sum): LayerNormalization of input + skip (+ bias) over
/// the last axis with gamma and beta; mean and inv_std_var are f32 with the
/// last dimension 1.
LogicalResult Importer::importSkipLayerNormalization(const Node &node) {
  StringRef opName = "SkipLayerNormalization";
  if (failed(checkArity(node, 3, 5, 1, 4)))
    return failure();
  FailureOr<SkipOperands> operands =
      importSkipOperands(node, opName, /*betaIndex=*/3, /*biasIndex=*/4);
  if (failed(operands))
    return failure();
  auto sumType = cast<RankedTensorType>(operands->sum.getType());
  RankedTensorType statsType =
      statisticsType(sumType, -1, builder.getF32Type());
  auto op = norm::LayerNormalizationOp::create(
      builder, node.loc, sumType, statsType, statsType, operands->sum,
      operands->gamma, operands->beta, builder.getI64IntegerAttr(-1),
      builder.getF32FloatAttr(operands->epsilon),
      builder.getI64IntegerAttr(onnx::TensorProto_DataType_FLOAT));
  SmallVector<Value> results(op->getResults());
  results.push_back(operands->sum);
  return defineOutputs(node, results);
}
