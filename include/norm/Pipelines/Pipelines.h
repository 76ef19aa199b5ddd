//===- Pipelines.h - norm-mlir pass pipelines -------------------*- C++ -*-===//
//
// The `norm-to-llvm` pipeline, for compilers that build it into their own
// pass manager (docs/embedding.md). Link
// NormMLIR::NormPipelines.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_PIPELINES_PIPELINES_H
#define NORM_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

#include <functional>

namespace mlir {
namespace norm {

/// How `norm-to-llvm` rounds f32 vectors to bf16 (Y of bf16 ops).
enum class BF16Truncation {
  /// Native where the host has AVX512-BF16, integer code elsewhere.
  Auto,
  /// `norm-native-bf16-truncation`: the CPU's conversion instruction, exact
  /// integer code only for vectors holding an f32 subnormal.
  Native,
  /// `arith-expand{include-bf16}`'s integer code for every vector.
  Integer,
};

/// Options of the `norm-to-llvm` pipeline. In textual pipelines they are
/// written `norm-to-llvm{name=value ...}`; in C++ set the fields (each is a
/// PassOptions::Option) before calling buildNormToLLVMPipeline. A
/// default-constructed struct gives the pipeline that `--norm-to-llvm`
/// runs. Values outside an option's range make the pipeline's first pass
/// fail (an error naming the option, before anything is lowered); in a
/// textual pipeline (registerNormToLLVMPipelineVariant) the same error
/// fails the parse of the pipeline text already.
struct NormToLLVMPipelineOptions
    : public PassPipelineOptions<NormToLLVMPipelineOptions> {
  /// Run `generate-runtime-verification` first: dynamic sizes that the
  /// verifiers cannot check (Scale/B broadcast, static result sizes) are
  /// checked by `cf.assert` at run time. Spelled
  /// `norm-to-llvm{runtime-verification=false}` in a pipeline string.
  PassOptions::Option<bool> runtimeVerification{
      *this, "runtime-verification",
      llvm::cl::desc("Check dynamic sizes at run time (cf.assert)"),
      llvm::cl::init(true)};
  /// Run the slice (row) loop of each op on OpenMP threads
  /// (`convert-scf-to-openmp`): the lowered module then calls `__kmpc_*`
  /// functions of an OpenMP runtime (libomp), which the JIT must be able to
  /// resolve (norm-runner loads it; with mlir-runner add libomp.so to
  /// `-shared-libs`), and needs the OpenMP dialect translation to LLVM IR.
  /// The thread count is the runtime's (OMP_NUM_THREADS,
  /// omp_set_num_threads). `norm-to-llvm{parallel=false}` keeps sequential
  /// loops and needs no runtime.
  PassOptions::Option<bool> parallel{
      *this, "parallel",
      llvm::cl::desc("Run the slice loops on OpenMP threads (libomp)"),
      llvm::cl::init(true)};
  /// Vector register width in bits for `norm-vectorize-rows`: 128, 256 or
  /// 512; 0 (the default) takes the host's: 512 with AVX-512F, 256 with
  /// AVX/AVX2, 128 otherwise. Set it when compiling for another CPU than the
  /// one running the compiler (the JIT always targets the host). Other
  /// values make the pipeline fail before it runs.
  PassOptions::Option<unsigned> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("Vector register width in bits: 128, 256 or 512 (0: the "
                     "host's)"),
      llvm::cl::init(0)};
  /// Smallest function result, in bytes, that `norm-nontemporal-stores`
  /// writes with non-temporal stores (bypassing the cache; see Passes.td);
  /// 0 turns the pass off. At most 2^63 - 1 (the largest size an `index`
  /// holds): larger values make the pipeline fail before it runs. The
  /// default, 16 MiB, is about half the last-level cache of a current server
  /// core complex; set it to half of the target's last-level cache.
  PassOptions::Option<uint64_t> nontemporalMinBytes{
      *this, "nontemporal-min-bytes",
      llvm::cl::desc("Smallest result in bytes written with non-temporal "
                     "stores (0: never; at most 2^63 - 1)"),
      llvm::cl::init(16u << 20)};
  /// How f32 vectors are rounded to bf16. Both ways give the same results
  /// (round to nearest even, subnormals kept; a NaN may keep its sign and
  /// payload with `native`); `native` is faster on CPUs with AVX512-BF16
  /// and is what `auto` (the default) picks there. Elsewhere `native` makes
  /// LLVM call `__truncsfbf2`, which the JIT does not provide. Spelled
  /// `norm-to-llvm{bf16-truncation=integer}`.
  PassOptions::Option<BF16Truncation> bf16Truncation{
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

/// Builds the pipeline from a module with `norm` ops (or linalg on tensors)
/// to the LLVM dialect: norm -> linalg, bufferization with identity-layout
/// memrefs at function boundaries (results are heap-allocated and owned by
/// the caller), lowering of loops and vectors, and conversion to LLVM.
/// Public functions keep their original `function_type` in the
/// `norm.entry_signature` attribute so that runners can call the lowered
/// module. `pm` must be anchored on `builtin.module` (a PassManager built
/// with ModuleOp::getOperationName(), or an OpPassManager nested on it).
/// The input may mix norm ops with other ops of the func, linalg, tensor,
/// arith, math and scf dialects on ranked tensors, including `scf.for` and
/// `scf.while` loops that carry tensors (each iteration's new value gets a
/// buffer of its own; the previous iteration's is freed); the dialects of the
/// lowering must be registered (registerNormDialects). `builtin.module`s
/// nested in the module, at any depth, are lowered the same way, each as a
/// module of its own, innermost first. Afterwards the module holds only
/// `llvm` dialect ops (plus `omp` ops with `parallel`, the
/// `norm.entry_signature` attributes, and the nested modules holding
/// theirs), ready for mlir::translateModuleToLLVMIR or mlir::ExecutionEngine
/// (with the builtin, LLVM and OpenMP dialect translations registered),
/// which translate the top-level module's functions only. Where it would
/// leave another op (one it has no lowering for, such as linalg.softmax, or
/// an op on tensors without a bufferization), the pipeline fails with one
/// error at that op: "'linalg.softmax' op was not lowered to the LLVM
/// dialect by norm-to-llvm".
void buildNormToLLVMPipeline(OpPassManager &pm,
                             const NormToLLVMPipelineOptions &options);

/// Builds a pipeline on `pm` from NormToLLVMPipelineOptions, as
/// buildNormToLLVMPipeline does.
using NormToLLVMPipelineBuilder =
    std::function<void(OpPassManager &, const NormToLLVMPipelineOptions &)>;

/// Registers `arg` in the global registry as a pass pipeline that parses
/// NormToLLVMPipelineOptions and calls `builder`, whose passes run on
/// `builtin.module` (as buildNormToLLVMPipeline's do). Unlike
/// PassPipelineRegistration, nesting it in another op, e.g.
/// `builtin.module(func.func(ARG))`, is an error reported through the
/// pipeline parser's error handler ("'ARG' runs on 'builtin.module', not
/// nested in 'func.func'"), not a fatal error of the PassManager. So is an
/// option outside its range (`ARG{vector-bits=7}`), with the error of the
/// pipeline's first pass ("norm-to-llvm: vector-bits must be 0 (the
/// host's), 128, 256 or 512 (...), got 7"): the parse fails (norm-opt's
/// --pass-pipeline, the C API's mlirParsePassPipeline), before any pass
/// manager runs.
void registerNormToLLVMPipelineVariant(StringRef arg, StringRef description,
                                       NormToLLVMPipelineBuilder builder);

/// Registers `norm-to-llvm` as a pass pipeline (with the options above) in
/// the global registry, and its own steps, `norm-to-llvm-check-options` and
/// `norm-to-llvm-nested-modules` (with the options they use),
/// `norm-to-llvm-runtime-calls`, `norm-to-llvm-check-bufferizable` and
/// `norm-to-llvm-check-lowered`, as passes, so that a dumped pipeline
/// (`--dump-pass-pipeline`) parses back.
/// registerNormPasses already calls it.
void registerNormToLLVMPipeline();

} // namespace norm
} // namespace mlir

#endif // NORM_PIPELINES_PIPELINES_H
