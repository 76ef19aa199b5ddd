//===- VersionUnitFactors.cpp - norm-version-unit-factors -----------------===//
//
// Versions an scf.for whose body forms (A * F) * R, A a bf16 vector widened
// to f32 and F a factor that is the same in every lane and every iteration,
// on F == 1: the loop runs as it is where some F differs from 1, and as a
// copy computing A * R where every F is 1. A * 1 is A for every A (NaN
// included, which stays NaN), so both versions give the same values.
//
// The lowering of RMSNormalization forms Normalized as (X * F) * R with a
// per-row power of two F that keeps 1 / D from overflowing or underflowing
// (ScaledNorms.h); F is 1 in all but rows of extreme magnitude. In the loop
// that writes Y of a bf16 row the multiplies bound the loop (AVX-512, 64
// lanes: 12 vmulps for X * F, * R and * Scale), so one fewer per 16 lanes
// is measurable; rows of f32 are bound by memory, and their loops are left
// as they are (less code to compile).
//
// Remarks (category norm-version-unit-factors): Versioned (passed) at each
// versioned loop, with the number of products.
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_VERSIONUNITFACTORSPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-version-unit-factors";

/// Returns whether every use of the memref `memref` inside `loop` reads it
/// (vector.transfer_read, memref.load) and no use anywhere makes a view of
/// it or passes it on, so that nothing in `loop` writes it. Only
/// memref.alloca results qualify (no other name for the memory exists).
static bool isReadOnlyIn(Value memref, scf::ForOp loop) {
  if (!memref.getDefiningOp<memref::AllocaOp>())
    return false;
  for (Operation *user : memref.getUsers()) {
    bool inLoop = loop->isProperAncestor(user);
    if (isa<vector::TransferReadOp, memref::LoadOp>(user))
      continue;
    if (!inLoop && isa<vector::TransferWriteOp, memref::StoreOp>(user))
      continue;
    return false;
  }
  return true;
}

/// Returns whether the lane-uniform vector `factor` holds one f32 value in
/// every lane and every iteration of `loop` that can be read before `loop`:
/// `factor` is a vector.broadcast of a scalar or one-element vector defined
/// before the loop, or of a one-element vector.transfer_read (in bounds, no
/// mask, indices defined before the loop) of an alloca that the loop only
/// reads.
static bool isAvailableBefore(Value factor, scf::ForOp loop) {
  auto broadcast = factor.getDefiningOp<vector::BroadcastOp>();
  if (!broadcast || !getElementTypeOrSelf(factor.getType()).isF32())
    return false;
  Value source = broadcast.getSource();
  auto sourceType = dyn_cast<VectorType>(source.getType());
  if (sourceType && sourceType.getNumElements() != 1)
    return false;
  if (loop.isDefinedOutsideOfLoop(source))
    return true;
  auto read = source.getDefiningOp<vector::TransferReadOp>();
  return read && !read.getMask() && !read.hasOutOfBoundsDim() &&
         isa<MemRefType>(read.getBase().getType()) &&
         isReadOnlyIn(read.getBase(), loop) &&
         llvm::all_of(read.getIndices(), [&](Value index) {
           return loop.isDefinedOutsideOfLoop(index);
         });
}

/// Returns the value of `factor` (isAvailableBefore holds), built at `b`'s
/// insertion point before `loop`.
static Value buildScalarBefore(OpBuilder &b, Value factor, scf::ForOp loop) {
  Value source = factor.getDefiningOp<vector::BroadcastOp>().getSource();
  Location loc = factor.getLoc();
  if (loop.isDefinedOutsideOfLoop(source)) {
    auto sourceType = dyn_cast<VectorType>(source.getType());
    if (!sourceType)
      return source;
    SmallVector<int64_t> zeros(sourceType.getRank(), 0);
    return vector::ExtractOp::create(b, loc, source, zeros);
  }
  auto read = source.getDefiningOp<vector::TransferReadOp>();
  return memref::LoadOp::create(b, loc, read.getBase(), read.getIndices());
}

/// A product (A * F) * R in a loop's body: `inner` = A * F.
struct Product {
  arith::MulFOp inner;
  Value a;
  Value factor;
};

/// Returns the products (A * F) * R directly in `loop`'s body whose A is an
/// arith.extf of a bf16 vector to f32 and whose F is lane-uniform (a
/// vector.broadcast); A * F has no other use.
static SmallVector<Product> findProducts(scf::ForOp loop) {
  SmallVector<Product> products;
  for (auto inner : loop.getBody()->getOps<arith::MulFOp>()) {
    if (!inner->hasOneUse() || !isa<arith::MulFOp>(*inner->user_begin()))
      continue;
    for (unsigned i = 0; i < 2; ++i) {
      Value a = inner->getOperand(i), factor = inner->getOperand(1 - i);
      auto widen = a.getDefiningOp<arith::ExtFOp>();
      auto inType =
          widen ? dyn_cast<VectorType>(widen.getIn().getType()) : VectorType();
      if (!inType || !inType.getElementType().isBF16() ||
          !factor.getDefiningOp<vector::BroadcastOp>())
        continue;
      products.push_back({inner, a, factor});
      break;
    }
  }
  return products;
}

namespace {
struct VersionUnitFactorsPass
    : public norm::impl::VersionUnitFactorsPassBase<VersionUnitFactorsPass> {
  void runOnOperation() override {
    // Innermost loops only (those of the columns of a row).
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (!loop.getBody()
               ->walk([](scf::ForOp) { return WalkResult::interrupt(); })
               .wasInterrupted())
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      version(loop);
  }

  /// Versions `loop` on its products' factors all being 1, if it has such
  /// products and every factor is available before the loop.
  void version(scf::ForOp loop) {
    SmallVector<Product> products = findProducts(loop);
    if (products.empty())
      return;
    if (!llvm::all_of(products, [&](const Product &product) {
          return isAvailableBefore(product.factor, loop);
        })) {
      norm::remarkMissed(loop, kPass, "NotVersioned",
                         "a factor is not available before the loop");
      return;
    }
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    // One test per distinct factor.
    llvm::MapVector<Value, Value> scalars;
    for (const Product &product : products)
      if (!scalars.count(product.factor))
        scalars[product.factor] = buildScalarBefore(b, product.factor, loop);
    Value one = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f));
    Value allOne;
    for (auto &entry : scalars) {
      Value isOne = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ,
                                          entry.second, one);
      allOne = allOne ? arith::AndIOp::create(b, loc, allOne, isOne).getResult()
                      : isOne;
    }
    auto ifOp = scf::IfOp::create(
        b, loc, allOne,
        [&](OpBuilder &tb, Location tloc) {
          IRMapping mapping;
          Operation *copy = tb.clone(*loop, mapping);
          for (Product &product : products) {
            auto inner = cast<arith::MulFOp>(
                mapping.lookup(product.inner.getOperation()));
            inner.getResult().replaceAllUsesWith(mapping.lookup(product.a));
            inner.erase();
          }
          scf::YieldOp::create(tb, tloc, copy->getResults());
        },
        [&](OpBuilder &eb, Location eloc) {
          Operation *copy = eb.clone(*loop);
          scf::YieldOp::create(eb, eloc, copy->getResults());
        });
    loop.replaceAllUsesWith(ifOp.getResults());
    norm::remarkPassed(ifOp, kPass, "Versioned",
                       "{0} product(s) (A * F) * R of widened bf16 A: A * R "
                       "where all {1} factor(s) F are 1",
                       products.size(), scalars.size());
    loop.erase();
  }
};
} // namespace
