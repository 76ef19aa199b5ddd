//===- AnnotateColdLoops.cpp - norm-annotate-cold-loops -------------------===//
//
// The lowerings mark the scf.for loops of paths that only rare slices take
// (the scalar f64 recomputation of LayerNormalization's statistics, of
// GroupNormalization's and InstanceNormalization's through the same
// builders, and of bf16 RMSNormalization's sum of squares) with
// `norm.cold_loop`. LLVM's loop vectorizer does not know that they are
// cold: it vectorizes each one interleaved four times, with a vectorized
// epilogue and a runtime-unrolled scalar remainder, and the JIT compiles
// that code for every module. This pass replaces the marker with LLVM loop
// metadata: interleave count 1 and no unrolling. The loop is still
// vectorized (one vector per step): where every slice takes the rare path
// (LayerNorm slices of about a million elements, whose error bound always
// asks for the recomputation) it stays about as fast as before; without
// vectorization such rows would be much slower. See
// Passes.td for why the attribute is named `loop_annotation`.
//
// The loops of the copies of Scale and B that the lowerings make once per
// call (LayerNormalization's broadcast or converted copies, the per-row
// copies of GroupNormalization and InstanceNormalization) get the same
// metadata: LLVM unswitched each copy, vectorized each version four times
// interleaved with a vectorized epilogue and unrolled its scalar remainder,
// the largest part of the entry function, for a loop that runs once per
// call. One vector per step keeps a copy of [768] about as fast. Those copies
// are tensor.generate ops, whose attributes bufferization drops, so the
// marker is their location's metadata (`norm.copy_loop`, a FusedLoc, which
// their loops keep).
// Remarks: Annotated (passed), at each marked loop.
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"
#include "norm/Conversion/NormToLinalg/LocationMarkers.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_ANNOTATECOLDLOOPSPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-annotate-cold-loops";

/// The marker that the lowerings put on the loops of rare paths.
static constexpr StringLiteral kColdLoopAttr = "norm.cold_loop";

/// Returns whether `loop` is a loop of a per-call copy: its location is
/// fused with the metadata kCopyLoopMarker (LocationMarkers.h).
static bool isCopyLoop(scf::ForOp loop) {
  return norm::hasLocationMarker(loop.getLoc(), norm::kCopyLoopMarker);
}

/// The name of llvm.br's loop metadata attribute, which convert-scf-to-cf
/// and convert-cf-to-llvm carry from an scf.for to its latch branch.
static constexpr StringLiteral kLoopAnnotationAttr = "loop_annotation";

namespace {
struct AnnotateColdLoopsPass
    : public norm::impl::AnnotateColdLoopsPassBase<AnnotateColdLoopsPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    auto annotation = LLVM::LoopAnnotationAttr::get(
        ctx, /*disableNonforced=*/nullptr, /*vectorize=*/{},
        /*interleave=*/
        LLVM::LoopInterleaveAttr::get(
            ctx, IntegerAttr::get(IntegerType::get(ctx, 32), 1)),
        /*unroll=*/
        LLVM::LoopUnrollAttr::get(ctx, /*disable=*/BoolAttr::get(ctx, true),
                                  /*count=*/{}, /*runtimeDisable=*/{},
                                  /*full=*/{}, /*followupUnrolled=*/{},
                                  /*followupRemainder=*/{}, /*followupAll=*/{}),
        /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{}, /*pipeline=*/{},
        /*peeled=*/{}, /*unswitch=*/{}, /*mustProgress=*/{},
        /*isVectorized=*/{}, /*startLoc=*/{}, /*endLoc=*/{},
        /*parallelAccesses=*/{});
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->removeAttr(kColdLoopAttr)) {
        loop->setAttr(kLoopAnnotationAttr, annotation);
        norm::remarkPassed(loop, kPass, "Annotated",
                           "cold loop: LLVM interleaving and unrolling "
                           "disabled");
      } else if (isCopyLoop(loop) && !loop->hasAttr(kLoopAnnotationAttr)) {
        loop->setAttr(kLoopAnnotationAttr, annotation);
        norm::remarkPassed(loop, kPass, "Annotated",
                           "per-call copy: LLVM interleaving and unrolling "
                           "disabled");
      }
    });
  }
};
} // namespace
