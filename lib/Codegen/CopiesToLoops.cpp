//===- CopiesToLoops.cpp - norm-copies-to-loops
//----------------------------===//
//
// memref-to-llvm lowers a memref.copy between layouts it cannot prove
// contiguous (a strided view with a dynamic size, such as a row block of a
// buffer) as a call of `memrefCopy`, a function of MLIR's C runner
// utilities: the JIT resolves it from that library, an object file of
// norm-compile cannot (it must need libc and libm only). This pass rewrites
// those copies as scf.for loops of memref.load and memref.store before the
// lowering, so that every copy is inline code (see Passes.td).
// Remarks: Rewritten (passed), NotRewritten (missed, a copy left to
// memref-to-llvm's memcpy).
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_COPIESTOLOOPSPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-copies-to-loops";

/// Whether memref-to-llvm copies a memref of `type` with one memcpy (its
/// condition for both operands of memref.copy): an identity layout, or a
/// static, non-empty shape laid out contiguously in row-major order.
static bool isCopiedByMemcpy(Type type) {
  auto memrefType = dyn_cast<MemRefType>(type);
  return memrefType &&
         (memrefType.getLayout().isIdentity() ||
          (memrefType.hasStaticShape() && memrefType.getNumElements() > 0 &&
           memref::isStaticShapeAndContiguousRowMajor(memrefType)));
}

/// Rewrites `op`, where memref-to-llvm would lower it to a `memrefCopy`
/// call, as one scf.for per dim (outermost first) around a memref.load of
/// the source and a memref.store to the target at the same indices.
static void lowerCopy(memref::CopyOp op, RewriterBase &rewriter) {
  Type sourceType = op.getSource().getType();
  Type targetType = op.getTarget().getType();
  if (isCopiedByMemcpy(sourceType) && isCopiedByMemcpy(targetType))
    return norm::remarkMissed(op, kPass, "NotRewritten",
                              "both layouts are contiguous: left to "
                              "memref-to-llvm (one memcpy)");
  if (!isa<MemRefType>(sourceType) || !isa<MemRefType>(targetType))
    return norm::remarkMissed(op, kPass, "NotRewritten",
                              "an operand is unranked: left to memref-to-llvm");
  Location loc = op.getLoc();
  auto type = cast<MemRefType>(sourceType);
  rewriter.setInsertionPoint(op);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  // The sizes are the same on both sides (memref.copy's rule); the source's
  // are taken, all before the loops.
  SmallVector<Value> sizes;
  for (int64_t dim = 0, rank = type.getRank(); dim < rank; ++dim)
    sizes.push_back(
        type.isDynamicDim(dim)
            ? memref::DimOp::create(rewriter, loc, op.getSource(), dim)
                  .getResult()
            : arith::ConstantIndexOp::create(rewriter, loc,
                                             type.getDimSize(dim))
                  .getResult());
  SmallVector<Value> indices;
  for (Value size : sizes) {
    auto loop = scf::ForOp::create(rewriter, loc, zero, size, one);
    indices.push_back(loop.getInductionVar());
    rewriter.setInsertionPoint(loop.getBody()->getTerminator());
  }
  Value element =
      memref::LoadOp::create(rewriter, loc, op.getSource(), indices);
  memref::StoreOp::create(rewriter, loc, element, op.getTarget(), indices);
  norm::remarkPassed(op, kPass, "Rewritten",
                     "rewritten as loops (memref-to-llvm would call "
                     "memrefCopy of MLIR's runner utilities)");
  rewriter.eraseOp(op);
}

namespace {
struct CopiesToLoopsPass
    : public norm::impl::CopiesToLoopsPassBase<CopiesToLoopsPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation()->walk([&](memref::CopyOp op) { copies.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (memref::CopyOp op : copies)
      lowerCopy(op, rewriter);
  }
};
} // namespace
