//===- FuseRows.h - norm-fuse-rows: shared declarations ---------*- C++ -*-===//
//
// What FuseRows.cpp (the loops over slices) uses from FuseRowsEmpty.cpp (the
// rewrites for empty tensors), and the category of the pass's remarks.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_CODEGEN_FUSEROWS_H
#define NORM_LIB_CODEGEN_FUSEROWS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::norm {

/// The flag of norm-fuse-rows: the category of its remarks.
inline constexpr StringLiteral kFuseRowsPass = "norm-fuse-rows";

/// Replaces the results of linalg ops on tensors with a static iteration
/// space of size 0, or with an operand of a static size 0, by their inits:
/// such an op runs no iteration, so each result is its init. They come from
/// statically empty X, from slices whose run-time size folded to 0 (the
/// unused one of two reductions selected by the slice length, when X is a
/// constant), and from a Scale or B with a static size 0 where X's size is
/// dynamic (Scale [0, 1] for X [3, ?, ?] with axis 1): fusing them crashes
/// MLIR 22's tiling or builds slices its verifier rejects, and they have no
/// work to do.
void foldEmptyIterationSpaces(RewriterBase &rewriter, func::FuncOp func);

/// Makes `loop` run no iteration when every tensor it yields is empty (its
/// first upper bound becomes 0): X [2^40, 0] gives an empty Y, and the loop
/// would otherwise run 2^40 times for nothing. A loop that also yields a
/// per-slice value (LayerNorm's Mean, NaN for an empty row) still runs.
void skipWhenResultsEmpty(RewriterBase &rewriter, scf::ForallOp loop);

/// Skips `op`, a linalg op on tensors with at least two loops outside the
/// slice loops, when its iteration space is empty: its results are then its
/// inits. Its loop nest would otherwise iterate over the non-zero outer dims
/// (X [2^40, 0] reduced along axis 0). The op moves into the else-branch of
/// an scf.if whose then-branch yields the inits, which are defined outside
/// the scf.if, so that bufferization gives both branches the same buffer.
void skipWhenIterationSpaceEmpty(RewriterBase &rewriter, linalg::LinalgOp op);

} // namespace mlir::norm

#endif // NORM_LIB_CODEGEN_FUSEROWS_H
