//===- Pipelines.cpp - norm-to-llvm pass pipeline -------------------------===//

#include "norm/Pipelines/Pipelines.h"

#include "CheckBufferizable.h"
#include "CheckLowered.h"
#include "RuntimeCalls.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "norm/Codegen/Passes.h"
#include "norm/Conversion/Passes.h"
#include "norm/Dialect/Norm/Transforms/Passes.h"
#include "norm/InitAllNorm.h"
#include "llvm/TargetParser/Host.h"

#include <limits>
#include <string>

using namespace mlir;
using namespace mlir::norm;

/// Whether the host converts f32 to bf16 in one instruction (x86
/// AVX512-BF16), which the JIT's code may then use.
static bool hostHasNativeBF16() {
  return llvm::sys::getHostCPUFeatures().lookup("avx512bf16");
}

/// The pipeline's vector width in bits: `vectorBits`, or the host's (512
/// with AVX-512F, 256 with AVX, 128 otherwise) where it is 0.
static unsigned getVectorBits(const NormToLLVMPipelineOptions &options) {
  if (options.vectorBits)
    return options.vectorBits;
  const llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  return features.lookup("avx512f") ? 512 : features.lookup("avx") ? 256 : 128;
}

/// The pipeline on one module, not entering the modules nested in it.
static void buildModulePipeline(OpPassManager &pm,
                                const NormToLLVMPipelineOptions &options) {
  // Keep the tensor signature of public functions for runners.
  pm.addPass(createRecordEntrySignaturesPass());
  // Check at run time what the verifiers cannot check on dynamic sizes
  // (cf.assert; norm-runner reports a failed check as an error).
  if (options.runtimeVerification)
    pm.addPass(createGenerateRuntimeVerificationPass());
  // Elementwise ops on tensors (arith.addf, math.exp, ... with tensor
  // operands; ElementwiseMappable) have no bufferization: they become
  // linalg.generic, as if written with linalg elementwise ops.
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
  // norm -> linalg on tensors, then fuse elementwise producers into their
  // consumers (without moving reshapes: a LayerNormalization over several
  // dims is lowered on X collapsed to [O, n], and stays so).
  // The lowering may count on the partial sums norm-vectorize-rows keeps
  // below: `unroll` registers of at least 128 bits, 16 f32 lanes by default
  // (NormToLinalgOptions::reductionPartialSums).
  VectorizeRowsPassOptions vectorizeOptions;
  vectorizeOptions.vectorBits = options.vectorBits;
  ConvertNormToLinalgPassOptions conversionOptions;
  conversionOptions.reductionPartialSums = vectorizeOptions.unroll * 128 / 32;
  pm.addNestedPass<func::FuncOp>(
      createConvertNormToLinalgPass(conversionOptions));
  pm.addPass(createFuseElementwisePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // One loop nest per op: the elementwise tail tiled by slice (scf.forall),
  // its reductions fused in, so X is streamed from memory once.
  pm.addNestedPass<func::FuncOp>(createFuseRowsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Inner loops in the vector dialect: contiguous dims tiled by the host's
  // vector width (partial sums per lane for reductions), remainders peeled
  // and masked; the partial sums then live in registers across the loop.
  pm.addNestedPass<func::FuncOp>(createVectorizeRowsPass(vectorizeOptions));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createLoopInvariantSubsetHoistingPass());
  pm.addPass(createCanonicalizerPass());

  // Tensors -> buffers. Function results become caller-owned allocations
  // with identity layouts; the rest is freed. The per-slice temporaries (a
  // few scalars) must not be heap allocations per slice: sequentially they
  // are hoisted out of the slice loop (scf.for), then made allocas; in
  // parallel they are made allocas in the loop body, and
  // norm-openmp-cleanup moves them to the start of each thread's region.
  // A loop-carried tensor (scf.for/scf.while iter_arg) whose yielded value
  // is a new tensor, such as a norm op's result, becomes a new buffer per
  // iteration, freed by the deallocation pipeline below
  // (allow-return-allocs-from-loops only lifts the check that would reject
  // it; IR without such loops bufferizes the same either way).
  bufferization::OneShotBufferizePassOptions bufferizeOptions;
  bufferizeOptions.bufferizeFunctionBoundaries = true;
  bufferizeOptions.allowReturnAllocsFromLoops = true;
  bufferizeOptions.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // An op on tensors that has no bufferization named here: One-Shot
  // Bufferize's "op was not bufferized" names none.
  pm.addPass(createCheckBufferizablePass());
  // The tensor.empty inits that CSE merged across ops split again, one per
  // op: one shared by n ops made One-Shot Bufferize's analysis take time
  // cubic in n (a chain of norm ops in one function).
  pm.addNestedPass<func::FuncOp>(createSplitEmptyTensorsPass());
  pm.addPass(bufferization::createOneShotBufferizePass(bufferizeOptions));
  pm.addNestedPass<func::FuncOp>(createPrefetchRowsPass());
  // Rows jammed only where each pass over the row is one vector step: on
  // longer rows the jammed block reads and writes its rows interleaved,
  // step by step, which streamed from memory slower than row by row; and
  // only with two reductions or more (LayerNorm): after a single one, row
  // by row streamed faster too (docs/Pipeline.md, stage 7).
  // The jammed rows' sums reduced together and their statistics on vectors
  // of the rows where the target is x86 with AVX (256 or 512 bits; with 128
  // bits it may be AArch64, whose backend adds a reassociated sum's lanes
  // pairwise, not in the order of the transposed reduction).
  // Rows of up to 768 f32 (12 steps of 512 bits) jammed too where X holds
  // at most 2 MiB: in the caches the overlap of four rows' statistics pays,
  // which is the per-call time of small batches ([128, 768]). Four rows of
  // 4 KiB (1024 f32) in one block alias in the L1 sets of their columns,
  // which made [512, 1024] up to 40% slower jammed.
  JamRowsPassOptions jamOptions;
  jamOptions.maxSteps = 1;
  jamOptions.cachedMaxSteps = 12 * 512 / getVectorBits(options);
  jamOptions.cachedMaxBytes = 2 << 20;
  jamOptions.minReductions = 2;
  jamOptions.packRows = getVectorBits(options) > 128;
  pm.addNestedPass<func::FuncOp>(createJamRowsPass(jamOptions));
  // 16-bit rows read in two or more passes widened to f32 once, into a row
  // buffer that the later passes read: Y's pass of f16 RMSNormalization
  // was bound by the conversions, which share the add pipes.
  pm.addNestedPass<func::FuncOp>(createWidenRowsPass());
  if (!options.parallel) {
    pm.addNestedPass<func::FuncOp>(createForallToForLoopPass());
    pm.addNestedPass<func::FuncOp>(
        bufferization::createBufferLoopHoistingPass());
  }
  pm.addNestedPass<func::FuncOp>(
      bufferization::createPromoteBuffersToStackPass());
  // bufferization::buildBufferDeallocationPipeline, with the deallocations
  // of several buffers split before they are lowered (no dealloc_helper).
  pm.addPass(memref::createExpandReallocPass(
      memref::ExpandReallocPassOptions{/*emitDeallocs=*/false}));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(bufferization::createOwnershipBasedBufferDeallocationPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
  pm.addNestedPass<func::FuncOp>(createSplitDeallocationsPass());
  pm.addPass(bufferization::createLowerDeallocationsPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
  // Returned arguments and constants leave bufferization.clone behind.
  pm.addPass(createConvertBufferizationToMemRefPass());
  if (options.parallel) {
    // The slice loop on OpenMP threads (static schedule).
    pm.addNestedPass<func::FuncOp>(createForallToParallelLoopPass());
    pm.addPass(createConvertSCFToOpenMPPass());
    pm.addPass(createOpenMPCleanupPass());
  }

  // What was not vectorized becomes scalar loops; vector.multi_reduction
  // (the merge of the partial sums) becomes vector.reduction.
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // Copies that memref-to-llvm would make calls of MLIR's runtime
  // (memrefCopy) as loops: an object of norm-compile must not need it.
  pm.addPass(createCopiesToLoopsPass());
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMaskPass());
  // Inner reduction: one horizontal vector.reduction per merged row.
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMultiReductionPass(
      vector::VectorMultiReductionLowering::InnerReduction));
  // Transfers of vector<1xN> tiles as 1-D loads and stores.
  VectorTransferToSCFOptions transferOptions;
  transferOptions.enableFullUnroll();
  pm.addNestedPass<func::FuncOp>(createConvertVectorToSCFPass(transferOptions));
  pm.addPass(createCanonicalizerPass());
  // Large results written around the cache (whole-line stores, no read
  // for ownership), where aligned.
  if (options.nontemporalMinBytes) {
    NontemporalStoresPassOptions nontemporalOptions;
    nontemporalOptions.minBytes = options.nontemporalMinBytes;
    // With AVX-512, f16 Y as the 256-bit halves vcvtps2ph gives.
    if (getVectorBits(options) == 512)
      nontemporalOptions.f16StoreLanes = 16;
    pm.addNestedPass<func::FuncOp>(
        createNontemporalStoresPass(nontemporalOptions));
  }
  // Single-element vector writes into stack buffers of several elements
  // (the jammed rows' statistics) as scalar stores: LLVM 22's SROA builds
  // invalid IR from some blocks of single-element vector stores that cover
  // an alloca (ScalarUnitWrites.cpp). After norm-nontemporal-stores, which
  // matches the transfer_writes it rewrites.
  pm.addNestedPass<func::FuncOp>(createScalarUnitWritesPass());
  // One copy of each parallel row loop for the threads and the calling
  // thread (after the non-temporal versions, which need the result buffers
  // in the same function).
  if (options.parallel)
    pm.addPass(createOpenMPOutlineRowsPass());
  // expand_shape as reinterpret_cast first: expand-strided-metadata crashes
  // on one that splits a dim into several dynamic ones (MLIR 22).
  pm.addPass(createExpandShapeToReinterpretCastPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());

  // bf16 terms of sums widened two lanes at a time, in another lane order.
  pm.addNestedPass<func::FuncOp>(createDeinterleaveBF16SumsPass());
  // bf16 rows' (X * F) * R as X * R where the row's factor F is 1.
  pm.addNestedPass<func::FuncOp>(createVersionUnitFactorsPass());
  // bf16 <-> f32 conversions as integer arithmetic, so that code JITs on
  // x86 CPUs without AVX512-BF16 (no __truncsfbf2 from libgcc needed); with
  // it, f32 -> bf16 vector rounding uses vcvtneps2bf16, except for vectors
  // where it gives a +-0 (it flushes subnormals to zero).
  if (options.bf16Truncation == BF16Truncation::Native ||
      (options.bf16Truncation == BF16Truncation::Auto && hostHasNativeBF16())) {
    // The pipeline's vector width (0: the host's, 512 with AVX-512F): with
    // 512, one vcvtne2ps2bf16 per 32 lanes.
    NativeBF16TruncationPassOptions nativeOptions;
    nativeOptions.vectorBits =
        options.vectorBits ? unsigned(options.vectorBits)
        : llvm::sys::getHostCPUFeatures().lookup("avx512f") ? 512
                                                            : 256;
    // With 512: Normalized of bf16 X rounded by vcvtne2ps2bf16 too.
    if (nativeOptions.vectorBits == 512)
      pm.addNestedPass<func::FuncOp>(createNativeBF16RoundingPass());
    pm.addNestedPass<func::FuncOp>(
        createNativeBF16TruncationPass(nativeOptions));
  }
  // The reduction of row r + 1 inside Y's non-temporal loop of row r.
  pm.addNestedPass<func::FuncOp>(createPipelineRowsPass());
  arith::ArithExpandOpsPassOptions expandOptions;
  expandOptions.includeBf16 = true;
  pm.addNestedPass<func::FuncOp>(
      arith::createArithExpandOpsPass(expandOptions));

  // The loops of rare paths (marked by the lowerings) without LLVM's
  // interleaving and unrolling: less code to compile, none of it hot.
  pm.addNestedPass<func::FuncOp>(createAnnotateColdLoopsPass());

  // memref (with any alloca scopes left in OpenMP loop bodies) before scf
  // -> cf: an alloca scope must keep a single-block region until lowered.
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createSCFToControlFlowPass());
  // The run-time checks (cf.assert) with the module's own puts/abort or a
  // function of ours, before convert-openmp-to-llvm or convert-cf-to-llvm
  // would lower them with a `puts` of their own type; and the module's
  // functions that took the names of C's malloc or free rejected.
  pm.addPass(createRuntimeCallsPass());
  if (options.parallel)
    pm.addPass(createConvertOpenMPToLLVMPass());

  // To the LLVM dialect.
  // The final horizontal sums of partial sums may be reassociated (tree
  // reductions): the norm lowerings reassociate every reduction.
  ConvertVectorToLLVMPassOptions vectorOptions;
  vectorOptions.reassociateFPReductions = true;
  pm.addPass(createConvertVectorToLLVMPass(vectorOptions));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  // The conversions above are partial: an op none of them lowers (e.g.
  // linalg.softmax, math.erf) is left as it was. Fail here, naming it,
  // rather than at the translation to LLVM IR.
  pm.addPass(createCheckLoweredPass());
}

/// Returns the error of norm-to-llvm's options `vectorBits` and
/// `nontemporalMinBytes` where one is outside its range (Pipelines.h): the
/// option, its range and why, and the value given; "" where both are in
/// range. Checked when a textual pipeline is parsed
/// (registerNormToLLVMPipelineVariant) and by the pipeline's first pass.
static std::string getPipelineOptionsError(unsigned vectorBits,
                                           uint64_t nontemporalMinBytes) {
  if (vectorBits != 0 && vectorBits != 128 && vectorBits != 256 &&
      vectorBits != 512)
    return "norm-to-llvm: vector-bits must be 0 (the host's), 128, 256 or 512 "
           "(the widths of CPU vector registers), got " +
           std::to_string(vectorBits);
  constexpr uint64_t maxBytes = std::numeric_limits<int64_t>::max();
  if (nontemporalMinBytes > maxBytes)
    return "norm-to-llvm: nontemporal-min-bytes must be 0 (never) to " +
           std::to_string(maxBytes) +
           " (2^63 - 1: it is compared with result sizes computed as signed "
           "64-bit `index` values), got " +
           std::to_string(nontemporalMinBytes);
  return "";
}

namespace {
/// The pipeline's first pass: fails, before any pass runs, where an option
/// of the pipeline is outside its range (Pipelines.h), with the option, its
/// value, the range and why. A pass, not a check in the option parser, so
/// that it holds for every caller of buildNormToLLVMPipeline (textual
/// pipelines and C++ alike). It changes nothing. Registered, with the
/// options it checks as its own, so that a dumped pipeline parses back.
class CheckPipelineOptionsPass
    : public PassWrapper<CheckPipelineOptionsPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckPipelineOptionsPass)

  CheckPipelineOptionsPass() = default;
  CheckPipelineOptionsPass(const CheckPipelineOptionsPass &other)
      : PassWrapper(other) {}
  explicit CheckPipelineOptionsPass(const NormToLLVMPipelineOptions &options) {
    vectorBits = options.vectorBits;
    nontemporalMinBytes = options.nontemporalMinBytes;
  }

  StringRef getArgument() const override {
    return "norm-to-llvm-check-options";
  }
  StringRef getDescription() const override {
    return "Check the options of norm-to-llvm";
  }

  /// Every dialect and interface model the pipeline relies on
  /// (registerNormDialects), so that it lowers the same IR to the same code
  /// whatever the caller's context registered: a missing model changes what
  /// a pass does (e.g. the deallocation of buffers in loops) instead of
  /// failing.
  void getDependentDialects(DialectRegistry &registry) const override {
    registerNormDialects(registry);
  }

  LogicalResult initialize(MLIRContext *context) override {
    std::string error =
        getPipelineOptionsError(vectorBits, nontemporalMinBytes);
    if (!error.empty())
      return emitError(UnknownLoc::get(context)) << error;
    return success();
  }

  void runOnOperation() override {}

private:
  // As NormToLLVMPipelineOptions declares them.
  Option<unsigned> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("Vector register width in bits: 128, 256 or 512 (0: the "
                     "host's)"),
      llvm::cl::init(0)};
  Option<uint64_t> nontemporalMinBytes{
      *this, "nontemporal-min-bytes",
      llvm::cl::desc("Smallest result in bytes written with non-temporal "
                     "stores (0: never; at most 2^63 - 1)"),
      llvm::cl::init(16u << 20)};
};

/// Runs the pipeline of buildModulePipeline on every `builtin.module` nested
/// in the one it runs on, at any depth, innermost first. A nested module is
/// a symbol table of its own (its functions cannot call the enclosing
/// module's), so each is lowered as a module by itself; its functions then
/// are `llvm.func`s of that nested module. Registered, with the pipeline's
/// options as its own, so that a dumped pipeline
/// (`norm-to-llvm-nested-modules{parallel=true ...}`) parses back.
class LowerNestedModulesPass
    : public PassWrapper<LowerNestedModulesPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerNestedModulesPass)

  LowerNestedModulesPass() = default;
  LowerNestedModulesPass(const LowerNestedModulesPass &other)
      : PassWrapper(other) {}
  explicit LowerNestedModulesPass(const NormToLLVMPipelineOptions &options) {
    runtimeVerification = options.runtimeVerification;
    parallel = options.parallel;
    vectorBits = options.vectorBits;
    nontemporalMinBytes = options.nontemporalMinBytes;
    bf16Truncation = options.bf16Truncation;
  }

  StringRef getArgument() const override {
    return "norm-to-llvm-nested-modules";
  }
  StringRef getDescription() const override {
    return "Run norm-to-llvm on each nested builtin.module";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    NormToLLVMPipelineOptions options;
    getPipelineOptions(options);
    OpPassManager pipeline(ModuleOp::getOperationName());
    buildModulePipeline(pipeline, options);
    pipeline.getDependentDialects(registry);
  }

  void runOnOperation() override {
    SmallVector<ModuleOp> nested;
    getOperation()->walk<WalkOrder::PostOrder>([&](ModuleOp module) {
      if (module != getOperation())
        nested.push_back(module);
    });
    if (nested.empty())
      return;
    NormToLLVMPipelineOptions options;
    getPipelineOptions(options);
    OpPassManager pipeline(ModuleOp::getOperationName());
    buildModulePipeline(pipeline, options);
    for (ModuleOp module : nested)
      if (failed(runPipeline(pipeline, module)))
        return signalPassFailure();
  }

private:
  /// Sets `options` to the pipeline options this pass's options give.
  void getPipelineOptions(NormToLLVMPipelineOptions &options) const {
    options.runtimeVerification = runtimeVerification;
    options.parallel = parallel;
    options.vectorBits = vectorBits;
    options.nontemporalMinBytes = nontemporalMinBytes;
    options.bf16Truncation = bf16Truncation;
  }

  // As NormToLLVMPipelineOptions declares them (Pipelines.h); a new option
  // there is added here and in the constructor and getPipelineOptions.
  Option<bool> runtimeVerification{
      *this, "runtime-verification",
      llvm::cl::desc("Check dynamic sizes at run time (cf.assert)"),
      llvm::cl::init(true)};
  Option<bool> parallel{
      *this, "parallel",
      llvm::cl::desc("Run the slice loops on OpenMP threads (libomp)"),
      llvm::cl::init(true)};
  Option<unsigned> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("Vector register width in bits: 128, 256 or 512 (0: the "
                     "host's)"),
      llvm::cl::init(0)};
  Option<uint64_t> nontemporalMinBytes{
      *this, "nontemporal-min-bytes",
      llvm::cl::desc("Smallest result in bytes written with non-temporal "
                     "stores (0: never; at most 2^63 - 1)"),
      llvm::cl::init(16u << 20)};
  Option<BF16Truncation> bf16Truncation{
      *this, "bf16-truncation",
      llvm::cl::desc("f32 -> bf16 vector rounding: auto, native, integer"),
      llvm::cl::init(BF16Truncation::Auto),
      llvm::cl::values(
          clEnumValN(BF16Truncation::Auto, "auto",
                     "native where the host has AVX512-BF16"),
          clEnumValN(BF16Truncation::Native, "native",
                     "conversion instruction, integer code for subnormals"),
          clEnumValN(BF16Truncation::Integer, "integer",
                     "integer code (arith-expand) everywhere"))};
};
} // namespace

void mlir::norm::buildNormToLLVMPipeline(
    OpPassManager &pm, const NormToLLVMPipelineOptions &options) {
  // Nested modules first: the passes below that run on the whole module
  // (canonicalize, the conversions) would otherwise also rewrite the
  // unlowered nested modules' contents part way.
  // Options out of range fail here, before any pass runs.
  pm.addPass(std::make_unique<CheckPipelineOptionsPass>(options));
  pm.addPass(std::make_unique<LowerNestedModulesPass>(options));
  buildModulePipeline(pm, options);
}

void mlir::norm::registerNormToLLVMPipeline() {
  // The pipeline's own steps, so that its dump (--dump-pass-pipeline) parses
  // back as a --pass-pipeline.
  PassRegistration<CheckPipelineOptionsPass>();
  PassRegistration<LowerNestedModulesPass>();
  registerRuntimeCallsPass();
  registerCheckBufferizablePass();
  registerCheckLoweredPass();
  registerNormToLLVMPipelineVariant(
      "norm-to-llvm",
      "Lower norm ops (or linalg on tensors) to the LLVM dialect: "
      "convert-norm-to-linalg, fusion, bufferization, loops, LLVM",
      buildNormToLLVMPipeline);
}

void mlir::norm::registerNormToLLVMPipelineVariant(
    StringRef arg, StringRef description, NormToLLVMPipelineBuilder builder) {
  // As PassPipelineRegistration<NormToLLVMPipelineOptions>, plus the anchor
  // check: OpPassManager::addPass aborts the process when a pass restricted
  // to builtin.module is added to a pass manager nested on another op. An
  // op-agnostic (`any`) pass manager is left to the pass manager, which
  // reports a pass it cannot schedule when it runs.
  std::string name = arg.str();
  registerPassPipeline(
      arg, description,
      [name, builder](OpPassManager &pm, StringRef optionsStr,
                      function_ref<LogicalResult(const Twine &)> errorHandler)
          -> LogicalResult {
        std::optional<StringRef> anchor = pm.getOpName();
        if (anchor && *anchor != ModuleOp::getOperationName())
          return errorHandler("'" + name + "' runs on '" +
                              ModuleOp::getOperationName() +
                              "', not nested in '" + *anchor + "'");
        NormToLLVMPipelineOptions options;
        if (failed(options.parseFromString(optionsStr)))
          return failure();
        // Options out of range fail the parse of the pipeline text, with the
        // error of the pipeline's first pass: norm-opt's --pass-pipeline,
        // mlirParsePassPipeline and mlirOpPassManagerAddPipeline of the C
        // API (to their callback), before any pass manager runs.
        std::string error = getPipelineOptionsError(
            options.vectorBits, options.nontemporalMinBytes);
        if (!error.empty())
          return errorHandler(error);
        builder(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(NormToLLVMPipelineOptions());
      });
}
