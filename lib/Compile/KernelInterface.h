//===- KernelInterface.h - the C interface of exported functions -*- C++
//-*-===//
//
// Private to lib/Compile: what norm-compile knows about each exported
// function (its tensor signature, the run-time rules on its argument shapes,
// its result dimensions in terms of argument dimensions), how that is
// prepared on the tensor-level module (KernelInterface.cpp), turned into
// C-callable wrappers in the LLVM dialect (CWrapper.cpp) and into the C
// header (CHeader.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_COMPILE_KERNELINTERFACE_H
#define NORM_LIB_COMPILE_KERNELINTERFACE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace mlir {
namespace norm {
namespace compile {

/// One result dimension: a constant, or dimension `dim` of argument `arg`.
struct DimExpr {
  std::optional<int64_t> constant;
  unsigned arg = 0;
  unsigned dim = 0;
};

/// An exported function.
struct Kernel {
  /// The function's name in the input module.
  std::string name;
  /// The exported C symbol: the prefix, then `name`.
  std::string symbol;
  /// The name of the compiled function in the lowered module.
  std::string implName;
  /// The name of the function that checks the argument shapes.
  std::string checkName;
  SmallVector<RankedTensorType> arguments;
  SmallVector<RankedTensorType> results;
  /// Per result, per dimension: its size in terms of the arguments.
  SmallVector<SmallVector<DimExpr>> resultDims;
  /// Per argument and per result: its value's name in the ONNX model it
  /// was imported from (the importer's `onnx.name` attribute), or empty.
  SmallVector<std::string> argumentNames;
  SmallVector<std::string> resultNames;
};

/// Picks the functions to export from the tensor-level `module` (`names`,
/// or every public function with a body where empty), checks their
/// signatures, inlines every call of a function with a body in `module` (so
/// that a callee's run-time checks are its callers'; a call left, recursive,
/// `no_inline` or of an op the inliner cannot inline, is an error naming
/// the reason) and derives their run-time shape rules and
/// result dimensions (on a copy of the module, with
/// generate-runtime-verification and convert-norm-to-linalg). Then prepares
/// `module` for the pipeline: each
/// exported function is renamed to Kernel::implName, and a private
/// `func.func` Kernel::checkName taking every argument dimension (index)
/// and returning whether all rules hold (i1) is added.
llvm::Expected<std::vector<Kernel>>
prepareKernels(ModuleOp module, ArrayRef<std::string> names, StringRef prefix);

/// The status an exported function returns when the argument shapes break
/// the signature or a run-time rule of an op, or give an argument or result
/// more bytes than int64_t holds.
constexpr int32_t kStatusBadShape = 1;
/// The status an exported function returns when a heap allocation of the
/// compiled code fails.
constexpr int32_t kStatusOutOfMemory = 2;

/// Adds to the lowered (LLVM dialect) `module` the C wrapper of each kernel,
/// an external function named Kernel::symbol, and gives every other
/// function internal linkage. Heap allocations of a compiled function are
/// checked (a failed one makes the wrapper return kStatusOutOfMemory), in
/// its body and in OpenMP parallel regions that a thread may leave alone;
/// `uncheckedAllocations` is increased by the number of those it cannot
/// check (in other OpenMP regions: worksharing loops, barriers, nested
/// regions).
llvm::Error buildCWrappers(ModuleOp module, ArrayRef<Kernel> kernels,
                           unsigned &uncheckedAllocations);

/// What the header says about the object it declares.
struct HeaderInfo {
  /// The header's file name; empty where it is not written to a file of its
  /// own (`-`: stdout; a device such as /dev/stderr, a FIFO).
  std::string headerName;
  /// The output's file name (the object's), empty likewise: where the
  /// header has no name, its comment and include guard name the output.
  std::string outputName;
  /// The --prefix of the exported names (in the include guard).
  std::string prefix;
  std::string inputName;
  std::string triple;
  std::string cpu;
  std::string features;
  bool usesOpenMP = false;
  /// Whether it was built with --parallel=true (its loops may still all be
  /// serial).
  bool parallel = false;
  /// Whether the code calls malloc (per call, freed before it returns).
  bool allocates = false;
  /// Whether some of those allocations are not checked (a failed one is
  /// not returned as kStatusOutOfMemory).
  bool uncheckedAllocations = false;
  /// Whether `cpu` lists several CPUs, one variant each (MultiVersion.cpp).
  bool variants = false;
  /// Whether the object calls the C compiler's runtime library (libgcc or
  /// compiler-rt): f16/bf16 conversions or 128-bit multiplication.
  bool usesRuntimeHelpers = false;
  /// Whether the functions have a variant with non-temporal stores for
  /// 64-byte aligned result buffers (AlignedResults.cpp).
  bool alignedVariants = false;
};

/// Writes the C header declaring `kernels`.
void writeCHeader(llvm::raw_ostream &os, ArrayRef<Kernel> kernels,
                  const HeaderInfo &info);

/// Whether `cpu` may be one of several variants of an object
/// (`--mcpu=x86-64-v3,x86-64-v4`): the x86-64 levels.
bool isMultiVersionCPU(StringRef cpu);

/// The internal name of the variant of exported `symbol` for `cpu`.
std::string getVariantSymbol(StringRef symbol, StringRef cpu);

/// The exported `const char *(void)` that names the CPU of the variant of
/// `symbol` in use.
std::string getCPUQuerySymbol(StringRef symbol);

/// Adds to `module`, which holds for each kernel one variant per CPU of
/// `cpus` (named by getVariantSymbol), the exported dispatcher of each
/// kernel (MultiVersion.cpp), and makes the variants internal.
llvm::Error addDispatchers(llvm::Module &module, ArrayRef<Kernel> kernels,
                           ArrayRef<std::string> cpus);

/// The alignment, in bytes, of the result buffers that the variant with
/// non-temporal stores needs (x86's MOVNTPS of a zmm register).
constexpr int64_t kResultAlignment = 64;

/// The internal name of the variant of exported `symbol` that may write
/// results with non-temporal stores (every result buffer kResultAlignment
/// aligned).
std::string getAlignedVariantSymbol(StringRef symbol);

/// The internal name of the variant of exported `symbol` for result buffers
/// of any alignment.
std::string getAnyAlignmentVariantSymbol(StringRef symbol);

/// Whether `module` has a non-temporal store.
bool hasNontemporalStores(const llvm::Module &module);

/// Adds to `module`, which holds for each kernel the two variants named by
/// getAlignedVariantSymbol and getAnyAlignmentVariantSymbol, the exported
/// function Kernel::symbol that calls the aligned variant when every result
/// pointer is a multiple of kResultAlignment and the other one otherwise
/// (AlignedResults.cpp), and makes the variants internal.
llvm::Error addAlignmentDispatchers(llvm::Module &module,
                                    ArrayRef<Kernel> kernels);

/// Returns the C element type of `type` (`float`, `int64_t`, `uint16_t`
/// for f16 and bf16, ...), or an empty string if the C interface does not
/// support it.
StringRef getCElementType(Type type);

} // namespace compile
} // namespace norm
} // namespace mlir

#endif // NORM_LIB_COMPILE_KERNELINTERFACE_H
