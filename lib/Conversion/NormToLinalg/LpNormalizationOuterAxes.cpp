//===- LpNormalizationOuterAxes.cpp - LpNorm over outer axes --------------===//
//
// LpNormalization over an axis other than the innermost one, whose loop
// is outside the contiguous one: sums that add several rows per step,
// the leading axis in parallel row chunks with Y row by row, and the
// per-slice reciprocal of the norm (LpNormalization.h).
//
//===----------------------------------------------------------------------===//

#include "FloatArithmetic.h"
#include "LpNormalization.h"
#include "ScaledNorms.h"
#include "StructuredBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::norm;

//===----------------------------------------------------------------------===//
// Sums over an outer axis
//===----------------------------------------------------------------------===//

Value mlir::norm::buildMultiRowAxisSum(
    OpBuilder &b, Location loc, Value input, int64_t axis, FloatType accType,
    function_ref<Value(OpBuilder &, Location, Value)> term, Value dest,
    bool wholeSteps) {
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

//===----------------------------------------------------------------------===//
// Per-slice reciprocal of the norm
//===----------------------------------------------------------------------===//

Value mlir::norm::buildReciprocalNorm(OpBuilder &b, Location loc, Value sum,
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

Value mlir::norm::buildReciprocalQuotient(OpBuilder &b, Location loc, Value x,
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

//===----------------------------------------------------------------------===//
// The leading axis
//===----------------------------------------------------------------------===//

Value mlir::norm::buildLeadingAxisLpNorm(OpBuilder &b, Location loc,
                                         Value input, int64_t p,
                                         FloatType elementType,
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
