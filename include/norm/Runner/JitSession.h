//===- JitSession.h - JIT-compile a module and call its functions -*- C++
//-*-===//
//
// A JitSession parses a module, lowers it to the LLVM dialect with the
// norm-to-llvm pipeline (unless it already is LLVM dialect only), compiles it
// with mlir::ExecutionEngine at -O3 for the host CPU and calls its public
// functions on HostTensors.
//
// Calling convention: each function is called through the packed wrapper
// ExecutionEngine generates (`_mlir_<name>`, invoked by invokePacked). A
// tensor argument of rank N is lowered to the 3+2N scalar parameters of a
// memref descriptor {allocated, aligned, offset, sizes[N], strides[N]}; the
// wrapper gets one pointer per scalar parameter, then one pointer to storage
// for the return value: the descriptor of a single result, or the
// descriptors of several results back to back (all fields are 8 bytes, so
// there is no padding). Result buffers are malloc'ed by the JIT code; the
// session copies them into HostTensors and frees them, except buffers that
// alias an input, another result or a constant global (allocated pointer
// 0xdeadbeef).
//
//===----------------------------------------------------------------------===//

#ifndef NORM_RUNNER_JITSESSION_H
#define NORM_RUNNER_JITSESSION_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OwningOpRef.h"
#include "norm/Runner/HostTensor.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class MemoryBuffer;
} // namespace llvm

namespace mlir {
class ExecutionEngine;
class MLIRContext;
namespace norm {
namespace runner {

/// Errors unless `tensor` can be passed as `type`: same element type, same
/// rank, and equal sizes in every static dimension (a dynamic dimension
/// accepts any size). The message names expected and found types.
llvm::Error checkTensorMatchesType(const HostTensor &tensor,
                                   RankedTensorType type);

/// Options of JitSession::create.
struct JitOptions {
  /// Threads the parallel row loops run on (OpenMP); 0 = the OpenMP default
  /// (OMP_NUM_THREADS, else all cores).
  unsigned numThreads = 0;
  /// Resolve `malloc`/`free` of the compiled code to an allocator that keeps
  /// freed blocks for reuse by allocations of the same size, so that repeated
  /// calls (benchmarks) get already touched result buffers instead of fresh
  /// pages from the OS. Memory is released when the process exits.
  bool reuseAllocations = false;
  /// Vector register width in bits for the pipeline's vectorization
  /// (NormToLLVMPipelineOptions::vectorBits); 0 = the host's. A narrower
  /// width than the host's runs the code other CPUs get (256: AVX2).
  unsigned vectorBits = 0;
  /// Verify the module after each pass of the lowering pipeline, as
  /// `norm-opt --norm-to-llvm` does, so that invalid IR from a pass is an
  /// error naming that pass. Off by default: the lowered module is verified
  /// once (verifying every intermediate module took longer than most
  /// passes), which lets an invalid intermediate module through where the
  /// later passes happen to make it valid again.
  bool verifyEach = false;
  /// If it names a public func.func of a module that still needs lowering,
  /// the public func.func ops it does not reference (directly or through
  /// other symbols) are erased before lowering, so that only what this
  /// function needs is compiled. Empty, or no such function: the whole
  /// module.
  std::string entryFunction;
};

/// A function call with its arguments bound once, for repeated timing: each
/// invoke() runs the compiled function and frees its result buffers, without
/// copying them anywhere.
class PreparedCall {
public:
  /// Calls the function once; errors only if it cannot be called.
  void invoke();
  ~PreparedCall();

private:
  friend class JitSession;
  PreparedCall() = default;
  void freeResults();

  void (*function)(void **) = nullptr;
  void (*freeFunction)(void *) = nullptr;
  SmallVector<int64_t> argWords;
  SmallVector<int64_t> resultWords;
  SmallVector<int64_t> resultOffsets;
  SmallVector<void *> packedArgs;
  SmallVector<intptr_t> notOwned;
};

/// A compiled module whose public functions can be called on HostTensors.
class JitSession {
public:
  /// Parses and verifies the module in `source`, lowers it to the LLVM
  /// dialect with buildNormToLLVMPipeline unless every top-level op already
  /// is an LLVM dialect op, and JIT-compiles it (O3 IR optimization,
  /// CodeGenOptLevel::Aggressive, host CPU and features). Diagnostics of each
  /// step are returned in the Error as one line, `file:line:col: message`
  /// items joined by "; ".
  static llvm::Expected<std::unique_ptr<JitSession>>
  create(std::unique_ptr<llvm::MemoryBuffer> source,
         const JitOptions &options = JitOptions());

  /// Seconds spent in create() lowering the module to the LLVM dialect
  /// (the norm-to-llvm pipeline) and compiling it to machine code (LLVM O3
  /// and codegen).
  double getLoweringSeconds() const { return loweringSeconds; }
  double getCodegenSeconds() const { return codegenSeconds; }

  ~JitSession();

  /// Returns the names of the public functions, in module order: defined
  /// llvm.funcs with public visibility and external linkage, except
  /// `_mlir_ciface_` wrappers.
  ArrayRef<std::string> getFunctionNames() const { return functionNames; }

  /// Resolves the --function choice: `requested` if non-empty, else the only
  /// public function, else `main`. Errors if the function does not exist or
  /// cannot be run (private, or a declaration; the message says which and
  /// lists the public functions) or the choice is ambiguous.
  llvm::Expected<std::string> resolveFunctionName(StringRef requested) const;

  /// Returns the tensor signature of public function `name`, read from its
  /// `norm.entry_signature` attribute. Errors if the attribute is missing
  /// (LLVM-dialect input not produced by `norm-opt --norm-to-llvm`), if an
  /// argument or result is not a ranked tensor of a supported element type,
  /// or if the lowered LLVM signature does not match it.
  llvm::Expected<FunctionType> getSignature(StringRef name) const;

  /// Calls `name` on `inputs` and returns its results. Inputs are checked
  /// against the signature first (count, then checkTensorMatchesType; errors
  /// start with "input <i>: "). Errors also if the JIT cannot resolve a
  /// symbol or a result descriptor has sizes that contradict the signature.
  llvm::Expected<SmallVector<HostTensor>> call(StringRef name,
                                               ArrayRef<HostTensor> inputs);

  /// Checks `inputs` as call() does and binds them to function `name` for
  /// repeated calls. `inputs` must outlive the returned object.
  llvm::Expected<std::unique_ptr<PreparedCall>>
  prepare(StringRef name, ArrayRef<HostTensor> inputs);

  /// Errors if the module has parallel loops and the OpenMP runtime could
  /// not start their threads (checkOpenMPThreadResources with
  /// getThreadCount(): JitOptions::numThreads, else OMP_NUM_THREADS, else
  /// the number of CPUs, at most OMP_THREAD_LIMIT where the runtime takes
  /// it). The runtime aborts when it cannot create a thread; call this
  /// before the first call(), on the thread that runs the calls.
  llvm::Error checkThreadResources() const;

  /// Returns the number of threads the module's parallel loops run on: 1
  /// where it has none (everything runs on the calling thread), else the
  /// OpenMP runtime's omp_get_max_threads() (JitOptions::numThreads where
  /// given, else OMP_NUM_THREADS, else the CPUs) at most
  /// omp_get_thread_limit() (OMP_THREAD_LIMIT): the runtime forms no larger
  /// team, but omp_get_max_threads() does not show that limit. Asked on the
  /// thread that runs the calls (the count is per thread); it starts the
  /// runtime (no threads yet). Loops too small for threads still run on the
  /// calling thread.
  unsigned getThreadCount() const;

private:
  JitSession();
  /// "; the nested module '@inner' (at FILE:LINE:COL) has functions, ..."
  /// where a nested module holds functions (which cannot be run), else "":
  /// appended to the errors of resolveFunctionName.
  std::string getNestedModuleNote() const;

  std::unique_ptr<MLIRContext> context;
  OwningOpRef<ModuleOp> module;
  std::unique_ptr<ExecutionEngine> engine;
  std::vector<std::string> functionNames;
  /// The functions of the module that cannot be run, with why ("is
  /// private", "is a declaration without a body"), for
  /// resolveFunctionName's error.
  llvm::StringMap<std::string> unrunnableFunctions;
  bool reuseAllocations = false;
  bool usesOpenMP = false;
  unsigned numThreads = 0;
  double loweringSeconds = 0;
  double codegenSeconds = 0;
};

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_RUNNER_JITSESSION_H
