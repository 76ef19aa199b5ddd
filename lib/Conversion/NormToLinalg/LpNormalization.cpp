//===- LpNormalization.cpp - lower norm.lp_normalization to linalg --------===//
//
// Y = X / ||X||_p along `axis`, with ||x||_1 = sum(|x|) and
// ||x||_2 = sqrt(sum(x * x)); a zero slice gives 0.
//
// No spurious overflow or underflow (docs: semantics.md):
// * f16: the sum runs in f32. |x| <= 65504 and the smallest subnormal is
//   2^-24, so every x * x lies in [2^-48, 2^32]: no f32 sum can overflow or
//   underflow. The result is rounded once from f32 to f16.
// * f32 over the innermost axis (the fast path): the sum runs in f32, and a
//   slice whose f32 sum may have lost accuracy (p = 2: outside [2^-100,
//   2^100]; p = 1: not finite; a dynamic length above 1024) is summed again
//   in f64 (Utils.h, buildGuardedF32PowerSum); static slices longer than
//   1024 are summed in f64. Y = (X * Scale) * Reciprocal in f32 with
//   per-slice factors that neither overflow nor underflow
//   (buildScaledReciprocal).
// * bf16, and f32 over other axes: the sum runs in f64 (squares of f32
//   values lie in [2^-298, 2^256]); so does Y = X * (1 / Norm), rounded once
//   to the element type.
// * f64: no wider type exists, so the slice is scaled by its maximum:
//   m = max|x|, s = sum(|x / m|^p) in [1, n], Y = (x / m) / root(s).
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::norm;

/// Rows of X added per step of a reduction over a non-innermost axis. On
/// LpNorm axis 0 of [4096, 4096] f32 (1 thread, a loaded 2-core machine), 8
/// was 3-8% faster than 4 and 16 slower than 8.
static constexpr int64_t kRowsPerStep = 8;

/// Returns S = sum of term(x) over `axis`, which is not the innermost axis:
/// the loop along `axis` is outside the one along the innermost axis, so
/// every step of it loads and stores the whole row of partial sums (one
/// accumulator per slice). kRowsPerStep rows are added per step instead
/// (that many strided views of X), which divides that load/store traffic by
/// kRowsPerStep; the first rows % kRowsPerStep rows are reduced by a plain
/// reduction whose result initializes the other one. The order of the
/// additions changes, not the accumulation type. Only for shapes without a
/// static zero size (the caller checks; tensor.extract_slice rejects a
/// static offset outside a static dim even for an empty slice). `dest`, if
/// set, is the tensor (of the result's shape) to accumulate into, e.g. a
/// loop's destination slice; it is zeroed first. `wholeSteps`: the caller
/// guarantees that the rows are a multiple of kRowsPerStep, and the plain
/// reduction is left out (less code to compile).
static Value
buildMultiRowAxisSum(OpBuilder &b, Location loc, Value input, int64_t axis,
                     FloatType accType,
                     function_ref<Value(OpBuilder &, Location, Value)> term,
                     Value dest = {}, bool wholeSteps = false) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  MLIRContext *ctx = b.getContext();
  SmallVector<int64_t, 1> reducedDims{axis};

  // The first r = rows % kRowsPerStep rows, then rows r + kRowsPerStep * i
  // + k (k < kRowsPerStep). The offsets stay in bounds when a part is empty
  // (tensor.extract_slice requires offset < size even for an empty slice):
  // the strided parts start at 0 when there is no full step.
  Value rows = tensor::DimOp::create(b, loc, input, axis);
  Value step = arith::ConstantIndexOp::create(b, loc, kRowsPerStep);
  Value restRows = wholeSteps
                       ? arith::ConstantIndexOp::create(b, loc, 0).getResult()
                       : arith::RemUIOp::create(b, loc, rows, step).getResult();
  Value groups = arith::DivUIOp::create(b, loc, rows, step);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value noGroups =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, groups, zero);
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, input);
  auto slice = [&](OpFoldResult offset, OpFoldResult size,
                   int64_t stride) -> Value {
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    SmallVector<OpFoldResult> sliceSizes = sizes;
    SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
    offsets[axis] = offset;
    sliceSizes[axis] = size;
    strides[axis] = b.getIndexAttr(stride);
    return tensor::ExtractSliceOp::create(b, loc, input, offsets, sliceSizes,
                                          strides)
        .getResult();
  };

  auto restBody = [&](OpBuilder &nb, Location nloc, ValueRange elements,
                      Value acc) -> Value {
    return createReassocAdd(nb, nloc, acc, term(nb, nloc, elements[0]));
  };
  Value zeroAcc = createFloatConstant(b, loc, accType, 0.0);
  Value rest;
  if (wholeSteps && dest) {
    rest = linalg::FillOp::create(b, loc, zeroAcc, dest).getResult(0);
  } else if (wholeSteps) {
    rest = createFilledTensor(b, loc, getKeptSizes(b, loc, input, reducedDims),
                              b.getFloatAttr(accType, 0.0));
  } else {
    Value restInput = slice(b.getIndexAttr(0), restRows, 1);
    rest =
        dest
            ? buildReduction(
                  b, loc, restInput, /*sliceInputs=*/{}, reducedDims,
                  linalg::FillOp::create(b, loc, zeroAcc, dest).getResult(0),
                  restBody)
            : buildReduction(b, loc, restInput, /*sliceInputs=*/{}, reducedDims,
                             b.getFloatAttr(accType, 0.0), restBody);
  }

  SmallVector<Value> inputs;
  for (int64_t k = 0; k < kRowsPerStep; ++k) {
    Value start = arith::AddIOp::create(
        b, loc, restRows, arith::ConstantIndexOp::create(b, loc, k));
    // With whole steps (dynamic rows, or static ones of at least one step),
    // offset k < rows whenever there are rows: no select needed.
    Value offset = wholeSteps
                       ? start
                       : arith::SelectOp::create(b, loc, noGroups, zero, start)
                             .getResult();
    inputs.push_back(slice(offset, groups, kRowsPerStep));
  }
  SmallVector<AffineMap> maps(kRowsPerStep,
                              AffineMap::getMultiDimIdentityMap(rank, ctx));
  maps.push_back(getKeptDimsMap(ctx, rank, reducedDims));
  auto generic = linalg::GenericOp::create(
      b, loc, rest.getType(), inputs, rest, maps,
      getReductionIteratorTypes(rank, reducedDims),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> terms;
        for (Value x : args.drop_back())
          terms.push_back(term(nb, nloc, x));
        // Pairwise: ((t0 + t1) + (t2 + t3)) + ...
        while (terms.size() > 1) {
          SmallVector<Value> pairs;
          for (size_t i = 0; i + 1 < terms.size(); i += 2)
            pairs.push_back(createReassocAdd(nb, nloc, terms[i], terms[i + 1]));
          if (terms.size() % 2)
            pairs.push_back(terms.back());
          terms = std::move(pairs);
        }
        linalg::YieldOp::create(
            nb, nloc, createReassocAdd(nb, nloc, args.back(), terms[0]));
      });
  return generic.getResult(0);
}

/// Chunks of rows whose sums a leading-axis reduction computes in parallel
/// (buildChunkedLeadingSum): enough for the threads of a small machine, and
/// few enough that merging the per-chunk sums (kRowChunks rows of partial
/// sums) costs little next to reading X.
static constexpr int64_t kRowChunks = 8;

/// Returns the [Q] tensor S = sum over the rows of term(x) for the [A, Q]
/// tensor `input` (no static zero size), in `accType`. The first
/// kRowChunks * c rows, c = kRowsPerStep * (A / (kRowChunks * kRowsPerStep)),
/// are split into kRowChunks chunks of c contiguous rows, each reduced by
/// buildMultiRowAxisSum (whole steps only) in one iteration of an
/// scf.forall (threads; each chunk streams its own part of X) into its row
/// of a [kRowChunks, Q] tensor; those rows and the remaining
/// A mod (kRowChunks * kRowsPerStep) rows are then added. The order of the
/// additions changes, not the accumulation type. A static A below
/// kRowChunks * kRowsPerStep is reduced by one plain reduction.
static Value
buildChunkedLeadingSum(OpBuilder &b, Location loc, Value input,
                       FloatType accType,
                       function_ref<Value(OpBuilder &, Location, Value)> term) {
  auto reassocAdd = [&](OpBuilder &nb, Location nloc, ValueRange elements,
                        Value acc) -> Value {
    return createReassocAdd(nb, nloc, acc, term(nb, nloc, elements[0]));
  };
  OpFoldResult columns = tensor::getMixedSize(b, loc, input, 1);
  int64_t staticRows = cast<RankedTensorType>(input.getType()).getDimSize(0);
  if (!ShapedType::isDynamic(staticRows) &&
      staticRows < kRowChunks * kRowsPerStep)
    return buildReduction(b, loc, input, /*sliceInputs=*/{},
                          /*reducedDims=*/{0}, b.getFloatAttr(accType, 0.0),
                          reassocAdd);
  Value rows = tensor::DimOp::create(b, loc, input, 0);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  // Chunks of a multiple of kRowsPerStep rows.
  Value chunkRows = arith::MulIOp::create(
      b, loc,
      arith::DivUIOp::create(
          b, loc, rows,
          arith::ConstantIndexOp::create(b, loc, kRowChunks * kRowsPerStep)),
      arith::ConstantIndexOp::create(b, loc, kRowsPerStep));
  Value covered = arith::MulIOp::create(
      b, loc, chunkRows, arith::ConstantIndexOp::create(b, loc, kRowChunks));
  Value restRows = arith::SubIOp::create(b, loc, rows, covered);
  auto rowSlice = [&](OpBuilder &nb, Value offset, Value size) -> Value {
    return tensor::ExtractSliceOp::create(
               nb, loc, input,
               ArrayRef<OpFoldResult>{offset, nb.getIndexAttr(0)},
               ArrayRef<OpFoldResult>{size, columns},
               ArrayRef<OpFoldResult>{nb.getIndexAttr(1), nb.getIndexAttr(1)})
        .getResult();
  };

  // Per chunk k: rows [k * chunkRows, (k + 1) * chunkRows). No chunks (a
  // [0, Q] tensor of partial sums) when there are fewer rows than one step
  // per chunk: then Q is not bounded by X's size (X may be empty), and the
  // byte size of a [kRowChunks, Q] f64 tensor could wrap around (Q >= 2^58).
  Value hasChunks =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, chunkRows, zero);
  Value numChunks = arith::SelectOp::create(
      b, loc, hasChunks, arith::ConstantIndexOp::create(b, loc, kRowChunks),
      zero);
  Value partialInit = tensor::EmptyOp::create(
      b, loc, ArrayRef<OpFoldResult>{numChunks, columns}, accType);
  auto forall = scf::ForallOp::create(b, loc, ArrayRef<OpFoldResult>{numChunks},
                                      ValueRange{partialInit},
                                      /*mapping=*/std::nullopt);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(forall.getTerminator());
    Value k = forall.getInductionVar(0);
    Value chunk =
        rowSlice(b, arith::MulIOp::create(b, loc, k, chunkRows), chunkRows);
    // Row k of the destination, as a [Q] tensor: the sum is computed in
    // place.
    SmallVector<OpFoldResult> offsets{k, b.getIndexAttr(0)};
    SmallVector<OpFoldResult> sizes{b.getIndexAttr(1), columns};
    SmallVector<OpFoldResult> strides(2, b.getIndexAttr(1));
    auto rowType = RankedTensorType::get(
        {cast<RankedTensorType>(input.getType()).getDimSize(1)}, accType);
    Value dest = tensor::ExtractSliceOp::create(b, loc, rowType,
                                                forall.getRegionIterArgs()[0],
                                                offsets, sizes, strides);
    Value sum =
        buildMultiRowAxisSum(b, loc, chunk, /*axis=*/0, accType, term, dest,
                             /*wholeSteps=*/true);
    b.setInsertionPointToStart(forall.getTerminator().getBody());
    tensor::ParallelInsertSliceOp::create(
        b, loc, sum, forall.getRegionIterArgs()[0], offsets, sizes, strides);
  }

  // S = (sum of the last rows) + (sum of the chunks' sums). The last rows'
  // offset is 0 when there are none (tensor.extract_slice requires offset <
  // size for a static size, even for an empty slice).
  Value noRest =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, restRows, zero);
  Value restOffset = arith::SelectOp::create(b, loc, noRest, zero, covered);
  Value rest = buildReduction(b, loc, rowSlice(b, restOffset, restRows),
                              /*sliceInputs=*/{}, /*reducedDims=*/{0},
                              b.getFloatAttr(accType, 0.0), reassocAdd);
  auto mergeMaps = SmallVector<AffineMap>{
      AffineMap::getMultiDimIdentityMap(2, b.getContext()),
      getKeptDimsMap(b.getContext(), 2, {0})};
  return linalg::GenericOp::create(
             b, loc, rest.getType(), forall.getResult(0), rest, mergeMaps,
             getReductionIteratorTypes(2, {0}),
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               linalg::YieldOp::create(
                   nb, nloc, createReassocAdd(nb, nloc, args[1], args[0]));
             })
      .getResult(0);
}

/// Returns R = 1 / Norm per slice (Norm = S or sqrt(S) from the per-slice
/// sums `sum`) in `accType`, by a linalg.map (elementwise fusion, which
/// works on linalg.generic only, would put the square root and division
/// back into Y's loop). A zero slice is the one where R = 1 / 0 = +inf
/// (S = +inf gives R = 0 and S = NaN gives R = NaN).
static Value buildReciprocalNorm(OpBuilder &b, Location loc, Value sum,
                                 int64_t p, FloatType accType) {
  Value init = tensor::EmptyOp::create(
      b, loc, tensor::getMixedSizes(b, loc, sum), accType);
  return linalg::MapOp::create(
             b, loc, ValueRange{sum}, init,
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               Value norm = createRoot(nb, nloc, args[0], p);
               Value one = createFloatConstant(nb, nloc, accType, 1.0);
               linalg::YieldOp::create(
                   nb, nloc,
                   arith::DivFOp::create(nb, nloc, one, norm).getResult());
             })
      .getResult()[0];
}

/// Returns y = R == +inf ? 0 : x * R in `accType`, rounded once to
/// `elementType`, for an element x of X and its slice's R
/// (buildReciprocalNorm).
static Value buildReciprocalQuotient(OpBuilder &b, Location loc, Value x,
                                     Value reciprocal, FloatType accType,
                                     FloatType elementType) {
  Value wide = convertToFloat(b, loc, x, accType);
  Value zero = createFloatConstant(b, loc, accType, 0.0);
  Value inf = arith::ConstantOp::create(
      b, loc,
      b.getFloatAttr(accType, APFloat::getInf(accType.getFloatSemantics())));
  Value quotient = arith::MulFOp::create(b, loc, wide, reciprocal);
  Value isZero =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, reciprocal, inf);
  Value y = arith::SelectOp::create(b, loc, isZero, zero, quotient);
  return createTruncF(b, loc, y, elementType);
}

/// Returns Y = X / ||X||_p over axis 0 of the f32/f16/bf16 tensor `input`
/// of rank >= 2 without static zero sizes, viewed as [A, Q] (the trailing
/// dims collapsed): S by buildChunkedLeadingSum in `accType`, per-column
/// factors by linalg.map, then Y in an scf.forall over the rows (threads),
/// each row one contiguous stream of X and of Y:
/// * f32: Y = (X * Scale) * Reciprocal in f32 (Utils.h, ScaledReciprocal);
/// * f16/bf16: R = 1 / Norm in `accType`, Y = R == +inf ? 0 : X * R
///   rounded once (R = +inf marks a zero column).
static Value buildLeadingAxisLpNorm(OpBuilder &b, Location loc, Value input,
                                    int64_t p, FloatType elementType,
                                    FloatType accType) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  Value matrix = input;
  SmallVector<ReassociationIndices> reassociation;
  if (rank > 2) {
    reassociation.push_back({0});
    reassociation.push_back(llvm::to_vector(llvm::seq<int64_t>(1, rank)));
    matrix = tensor::CollapseShapeOp::create(b, loc, input, reassociation)
                 .getResult();
  }
  auto term = [&](OpBuilder &nb, Location nloc, Value element) -> Value {
    return createPowerTerm(nb, nloc, convertToFloat(nb, nloc, element, accType),
                           p);
  };
  Value sum = buildChunkedLeadingSum(b, loc, matrix, accType, term);

  // Per-column factors, and the per-element quotient.
  SmallVector<Value, 2> factors;
  std::function<Value(OpBuilder &, Location, ValueRange)> quotient;
  if (elementType.isF32()) {
    ScaledReciprocal scaled = buildScaledReciprocal(
        b, loc, sum,
        [&](OpBuilder &nb, Location nloc, Value s) -> Value {
          return createRoot(nb, nloc, s, p);
        },
        /*scalarLoops=*/true);
    factors = {scaled.scale, scaled.reciprocal};
    quotient = [](OpBuilder &nb, Location nloc, ValueRange elements) {
      return buildScaledF32Quotient(nb, nloc, elements[0], elements[1],
                                    elements[2], /*zeroResult=*/{});
    };
  } else {
    factors.push_back(buildReciprocalNorm(b, loc, sum, p, accType));
    quotient = [accType, elementType](OpBuilder &nb, Location nloc,
                                      ValueRange elements) {
      return buildReciprocalQuotient(nb, nloc, elements[0], elements[1],
                                     accType, elementType);
    };
  }

  // Y, one row per iteration.
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, matrix);
  Value yInit = tensor::EmptyOp::create(b, loc, sizes, elementType);
  auto forall = scf::ForallOp::create(b, loc, ArrayRef<OpFoldResult>{sizes[0]},
                                      ValueRange{yInit},
                                      /*mapping=*/std::nullopt);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(forall.getTerminator());
    // Row `row` of X and of the destination as [Q] tensors, and Y's row by
    // a linalg.map into the latter (in place; linalg-fuse-elementwise-ops
    // would give a linalg.generic a new tensor.empty as destination).
    Value row = forall.getInductionVar(0);
    SmallVector<OpFoldResult> offsets{row, b.getIndexAttr(0)};
    SmallVector<OpFoldResult> rowSizes{b.getIndexAttr(1), sizes[1]};
    SmallVector<OpFoldResult> strides(2, b.getIndexAttr(1));
    int64_t columns = cast<RankedTensorType>(matrix.getType()).getDimSize(1);
    Value x = tensor::ExtractSliceOp::create(
        b, loc, RankedTensorType::get({columns}, inputType.getElementType()),
        matrix, offsets, rowSizes, strides);
    Value dest = tensor::ExtractSliceOp::create(
        b, loc, RankedTensorType::get({columns}, elementType),
        forall.getRegionIterArgs()[0], offsets, rowSizes, strides);
    SmallVector<Value> inputs{x};
    llvm::append_range(inputs, factors);
    Value y = linalg::MapOp::create(
                  b, loc, inputs, dest,
                  [&](OpBuilder &nb, Location nloc, ValueRange args) {
                    linalg::YieldOp::create(nb, nloc, quotient(nb, nloc, args));
                  })
                  .getResult()[0];
    b.setInsertionPointToStart(forall.getTerminator().getBody());
    tensor::ParallelInsertSliceOp::create(
        b, loc, y, forall.getRegionIterArgs()[0], offsets, rowSizes, strides);
  }
  Value result = forall.getResult(0);
  if (rank > 2)
    result =
        tensor::ExpandShapeOp::create(
            b, loc, RankedTensorType::get(inputType.getShape(), elementType),
            result, reassociation, tensor::getMixedSizes(b, loc, input))
            .getResult();
  return result;
}

namespace {

/// Lowers norm.lp_normalization to a reduction along the axis followed by an
/// elementwise, zero-guarded division (see the file comment for the
/// accumulation types).
struct LpNormalizationLowering : public OpConversionPattern<LpNormalizationOp> {
  LpNormalizationLowering(MLIRContext *context, const NormToLinalgOptions &options)
      : OpConversionPattern(context), options(options) {}

  LogicalResult
  matchAndRewrite(LpNormalizationOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkDependentDialectsLoaded(op)))
      return failure();
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!inputType || inputType.getRank() < 1)
      return rewriter.notifyMatchFailure(op, "expects a ranked input of "
                                             "rank >= 1");
    auto elementType = dyn_cast<FloatType>(inputType.getElementType());
    if (!elementType)
      return rewriter.notifyMatchFailure(op, "expects a float element type");
    int64_t p = op.getP();
    if (p != 1 && p != 2)
      return rewriter.notifyMatchFailure(op, "expects p = 1 or p = 2");
    int64_t axis = op.getNormalizedAxis();
    if (axis < 0 || axis >= inputType.getRank())
      return rewriter.notifyMatchFailure(op, "axis out of range");
    SmallVector<int64_t, 1> reducedDims{axis};

    Value result;
    if (elementType.isF64()) {
      // M = ReduceMax(|X|), S = ReduceSum(|X / M|^p)
      ScaledPowerSum norm = buildScaledPowerSum(rewriter, loc, input,
                                                reducedDims, p, elementType);
      // Y = M == 0 ? 0 : (X / M) / root(S)
      result = buildSliceElementwise(
          rewriter, loc, input, {norm.maxAbs, norm.sum}, reducedDims,
          elementType,
          [&](OpBuilder &b, Location nloc, ValueRange elements) -> Value {
            return buildScaledQuotient(b, nloc, elements[0], elements[1],
                                       elements[2], p, /*zeroResult=*/{});
          });
    } else {
      FloatType accType =
          elementType.isF16() ? rewriter.getF32Type() : rewriter.getF64Type();
      auto term = [&](OpBuilder &b, Location nloc, Value element) -> Value {
        Value x = convertToFloat(b, nloc, element, accType);
        return createPowerTerm(b, nloc, x, p);
      };
      ArrayRef<int64_t> shape = inputType.getShape();
      if (axis == 0 && inputType.getRank() >= 2 &&
          !llvm::is_contained(shape, 0) &&
          (inputType.getRank() == 2 ||
           llvm::none_of(shape.drop_front(), ShapedType::isDynamic) ||
           llvm::all_of(shape.drop_front(), ShapedType::isDynamic))) {
        // The leading axis: per-column sums in parallel row chunks, then Y
        // row by row. Trailing dims are collapsed into one, all static or
        // all dynamic (the expand_shape of Y into several dynamic dims needs
        // norm-expand-shape-to-reinterpret-cast): with one dynamic and
        // static ones (?x?x64) bufferization copies partial sums through
        // memref.copy (a call of the runtime's generic memrefCopy, which
        // norm-runner resolves but other JITs may not). Those shapes keep
        // the general path below.
        result = buildLeadingAxisLpNorm(rewriter, loc, input, p, elementType,
                                        accType);
        rewriter.replaceOp(op, castToType(rewriter, loc, result, op.getType()));
        return success();
      }
      if (axis != inputType.getRank() - 1) {
        // S = ReduceSum(|X|^p) in the accumulator type, kRowsPerStep rows
        // per step unless the static shape has no full step or is empty.
        bool multiRow =
            !llvm::is_contained(shape, 0) &&
            (ShapedType::isDynamic(shape[axis]) || shape[axis] >= kRowsPerStep);
        Value sum = multiRow
                        ? buildMultiRowAxisSum(rewriter, loc, input, axis,
                                               accType, term)
                        : buildReduction(
                              rewriter, loc, input, /*sliceInputs=*/{},
                              reducedDims, rewriter.getFloatAttr(accType, 0.0),
                              [&](OpBuilder &b, Location nloc,
                                  ValueRange elements, Value acc) -> Value {
                                return createReassocAdd(
                                    b, nloc, acc, term(b, nloc, elements[0]));
                              });
        // A middle axis (or a leading one that the path above does not
        // take): the per-slice values vary along the innermost loop, so
        // R = 1 / Norm is computed once per slice
        // (buildReciprocalNorm). Y's loop reads R only, not S too: one f64
        // side stream instead of two (with two, the per-column arrays of a
        // 4096-column X no longer fit in L1).
        // Y = R == +inf ? 0 : X * R
        Value reciprocal = buildReciprocalNorm(rewriter, loc, sum, p, accType);
        result = buildSliceElementwise(
            rewriter, loc, input, reciprocal, reducedDims, elementType,
            [&](OpBuilder &b, Location nloc, ValueRange elements) -> Value {
              return buildReciprocalQuotient(b, nloc, elements[0], elements[1],
                                             accType, elementType);
            });
        rewriter.replaceOp(op, castToType(rewriter, loc, result, op.getType()));
        return success();
      }
      if (elementType.isF32()) {
        // S = ReduceSum(|X|^p): in f32 with an exact f64 fallback per slice
        // (Utils.h, buildGuardedF32PowerSum), or in f64 for static slices
        // longer than getMaxF32SumLength(options).
        int64_t length = inputType.getShape()[axis];
        int64_t maxLength = getMaxF32SumLength(options);
        Value sum;
        if (ShapedType::isDynamic(length) || length <= maxLength) {
          sum = buildGuardedF32PowerSum(rewriter, loc, input, p, maxLength);
        } else {
          sum = buildReduction(rewriter, loc, input, /*sliceInputs=*/{},
                               reducedDims, rewriter.getFloatAttr(accType, 0.0),
                               [&](OpBuilder &b, Location nloc,
                                   ValueRange elements, Value acc) -> Value {
                                 return createReassocAdd(
                                     b, nloc, acc, term(b, nloc, elements[0]));
                               });
        }
        // Norm = S (p = 1) or sqrt(S) (p = 2), in f64; per slice, the f32
        // factors of Y = (X * Scale) * Reciprocal (Utils.h).
        ScaledReciprocal factors = buildScaledReciprocal(
            rewriter, loc, sum,
            [&](OpBuilder &b, Location nloc, Value s) -> Value {
              return createRoot(b, nloc, s, p);
            });
        // Y = Norm == 0 ? 0 : (X * Scale) * Reciprocal, in f32
        result = buildSliceElementwise(
            rewriter, loc, input, {factors.scale, factors.reciprocal},
            reducedDims, elementType,
            [&](OpBuilder &b, Location nloc, ValueRange elements) -> Value {
              return buildScaledF32Quotient(b, nloc, elements[0], elements[1],
                                            elements[2], /*zeroResult=*/{});
            });
        rewriter.replaceOp(op, castToType(rewriter, loc, result, op.getType()));
        return success();
      }
      // S = ReduceSum(|X|^p) in the accumulator type
      Value sum = buildReduction(
          rewriter, loc, input, /*sliceInputs=*/{}, reducedDims,
          rewriter.getFloatAttr(accType, 0.0),
          [&](OpBuilder &b, Location nloc, ValueRange elements,
              Value acc) -> Value {
            return createReassocAdd(b, nloc, acc, term(b, nloc, elements[0]));
          });
      // Norm = S (p = 1) or sqrt(S) (p = 2)
      // Y = Norm == 0 ? 0 : X / Norm (ordered compare: NaN stays NaN)
      result = buildSliceElementwise(
          rewriter, loc, input, sum, reducedDims, elementType,
          [&](OpBuilder &b, Location nloc, ValueRange elements) -> Value {
            Value x = convertToFloat(b, nloc, elements[0], accType);
            Value norm = createRoot(b, nloc, elements[1], p);
            Value zero = createFloatConstant(b, nloc, accType, 0.0);
            // X * (1 / Norm): the reciprocal is per slice (LLVM hoists it out
            // of the row loop), a multiply per element is much cheaper than
            // a division. In the accumulator type it neither overflows nor
            // underflows (Norm >= 2^-149 for bf16/f32 in f64, >= 2^-24 for
            // f16 in f32) and differs from X / Norm by one rounding of the
            // wider type, below the final rounding to the element type.
            Value one = createFloatConstant(b, nloc, accType, 1.0);
            Value reciprocal = arith::DivFOp::create(b, nloc, one, norm);
            Value quotient = arith::MulFOp::create(b, nloc, x, reciprocal);
            Value isZero = arith::CmpFOp::create(
                b, nloc, arith::CmpFPredicate::OEQ, norm, zero);
            Value y = arith::SelectOp::create(b, nloc, isZero, zero, quotient);
            return createTruncF(b, nloc, y, elementType);
          });
    }
    rewriter.replaceOp(op, castToType(rewriter, loc, result, op.getType()));
    return success();
  }

private:
  NormToLinalgOptions options;
};

} // namespace

void mlir::norm::populateLpNormalizationToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options) {
  patterns.add<LpNormalizationLowering>(patterns.getContext(), options);
}
