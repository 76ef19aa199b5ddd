//===- SplitDeallocations.cpp - norm-split-deallocations ------------------===//
//
// A `bufferization.dealloc` of several memrefs, with conditions, frees each
// buffer whose condition holds, once even where several of them are the
// same buffer. Upstream's `bufferization-lower-deallocations` lowers such an
// op to a call of a generic library function (`dealloc_helper`: loops over
// the memrefs and their aliases), emitted into the module. Where no memref
// is retained, this pass writes the op as one single-memref dealloc per
// memref, each condition also requiring that no earlier memref whose
// condition holds is the same buffer (a comparison of aligned pointers):
// the same buffers are freed, and the lowering of a single-memref dealloc
// is an `scf.if` around `memref.dealloc`, inline.
//
// Remarks (category norm-split-deallocations): Split at each op rewritten.
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_SPLITDEALLOCATIONSPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-split-deallocations";

/// The most memrefs of a dealloc that is split: the conditions grow with
/// the square of their number.
static constexpr unsigned kMaxMemrefs = 8;

/// Rewrites `dealloc` (several ranked memrefs, no retained ones) as one
/// single-memref dealloc per memref, in order: memref i is freed where its
/// condition holds and no memref j < i whose condition holds has the same
/// aligned pointer (that buffer was freed by j's dealloc).
static void splitDealloc(bufferization::DeallocOp dealloc) {
  OpBuilder b(dealloc);
  Location loc = dealloc.getLoc();
  SmallVector<Value> pointers;
  for (Value memref : dealloc.getMemrefs())
    pointers.push_back(
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref));
  Value trueValue = arith::ConstantIntOp::create(b, loc, 1, /*width=*/1);
  for (auto [i, memref] : llvm::enumerate(dealloc.getMemrefs())) {
    Value condition = dealloc.getConditions()[i];
    for (unsigned j = 0; j < i; ++j) {
      Value same = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         pointers[j], pointers[i]);
      Value freed =
          arith::AndIOp::create(b, loc, dealloc.getConditions()[j], same);
      condition = arith::AndIOp::create(
          b, loc, condition, arith::XOrIOp::create(b, loc, freed, trueValue));
    }
    bufferization::DeallocOp::create(b, loc, ValueRange{memref},
                                     ValueRange{condition}, ValueRange{});
  }
  dealloc.erase();
}

namespace {
struct SplitDeallocationsPass
    : public norm::impl::SplitDeallocationsPassBase<SplitDeallocationsPass> {
  void runOnOperation() override {
    SmallVector<bufferization::DeallocOp> deallocs;
    getOperation().walk([&](bufferization::DeallocOp dealloc) {
      if (!dealloc.getRetained().empty() || dealloc.getMemrefs().size() < 2 ||
          dealloc.getMemrefs().size() > kMaxMemrefs ||
          !llvm::all_of(dealloc.getMemrefs().getTypes(),
                        llvm::IsaPred<MemRefType>))
        return;
      deallocs.push_back(dealloc);
    });
    for (bufferization::DeallocOp dealloc : deallocs) {
      norm::remarkPassed(
          dealloc, kPass, "Split",
          "{0} memrefs deallocated one by one, each unless an earlier one "
          "is the same buffer (no dealloc_helper)",
          dealloc.getMemrefs().size());
      splitDealloc(dealloc);
    }
  }
};
} // namespace
