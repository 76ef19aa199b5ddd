//===- Compile.cpp - norm-compile: objects and C headers ------------------===//
//
// The driver of compileKernels: resolve the target (triple, CPU, features),
// read the input (MLIR, or ONNX through the importer), prepare the exported
// functions (KernelInterface.cpp), lower with norm-to-llvm at the target's
// vector width, add the C wrappers (CWrapper.cpp), translate to LLVM IR,
// optimize at O3 for the target, check what the code links against, and
// write the object (or assembly, or IR) and the header (CHeader.cpp).
//
//===----------------------------------------------------------------------===//

#include "norm/Compile/Compile.h"
#include "norm/Support/CodegenDiagnostics.h"
#include "norm/Support/DiagnosticCollector.h"
#include "norm/Support/InputFiles.h"
#include "norm/Support/NestedModules.h"

#include "KernelInterface.h"

#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/LLVMIR/Transforms/InlinerInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/TensorInferTypeOpInterfaceImpl.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "norm/InitAllNorm.h"
#include "norm/Pipelines/Pipelines.h"
#include "norm/Runner/BytecodeCheck.h"
#include "norm/Support/StagedOutput.h"
#include "norm/Target/ONNX/ImportONNX.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <unistd.h>

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::compile;
using llvm::createStringError;

//===----------------------------------------------------------------------===//
// Target
//===----------------------------------------------------------------------===//

namespace {
/// The resolved target of a compilation.
struct Target {
  llvm::Triple triple;
  std::string cpu;
  std::string features;
  std::unique_ptr<llvm::TargetMachine> machine;
};
} // namespace

/// Whether `name` (without its +/-) is a feature of `subtarget`'s target.
static bool isKnownFeature(const llvm::MCSubtargetInfo &subtarget,
                           StringRef name) {
  return llvm::any_of(
      subtarget.getAllProcessorFeatures(),
      [&](const llvm::SubtargetFeatureKV &kv) { return name == kv.Key; });
}

/// Returns the host's features in LLVM's `+a,-b` syntax.
static std::string getHostFeatures() {
  SmallVector<std::string> features;
  for (const auto &feature : llvm::sys::getHostCPUFeatures())
    features.push_back((feature.getValue() ? "+" : "-") +
                       feature.getKey().str());
  llvm::sort(features);
  return llvm::join(features, ",");
}

/// Errors unless pointers are 64 bits wide: the lowering indexes with 64-bit
/// integers and declares malloc(i64).
static llvm::Error checkPointerBits(const llvm::Triple &triple,
                                    unsigned pointerBits) {
  if (pointerBits == 64)
    return llvm::Error::success();
  return createStringError("target '" + triple.str() + "' has " +
                           Twine(pointerBits) +
                           "-bit pointers; norm-compile supports 64-bit "
                           "targets only");
}

/// Errors unless `triple` is one norm-compile supports: x86_64 or aarch64
/// with ELF objects. Checked before anything is compiled: on other targets
/// the object needs symbols that only their toolchains provide (the
/// compiler runtime's 64-bit division on riscv64, `.TOC.` on powerpc64le,
/// `_fltused` on Windows) or names them differently (Mach-O's leading
/// underscore), and the suite tests none of them.
static llvm::Error checkSupportedTriple(const llvm::Triple &triple) {
  if (llvm::Error err =
          checkPointerBits(triple, triple.getArchPointerBitWidth()))
    return err;
  bool supportedArch = triple.getArch() == llvm::Triple::x86_64 ||
                       triple.getArch() == llvm::Triple::aarch64;
  if (supportedArch && triple.isOSBinFormatELF())
    return llvm::Error::success();
  return createStringError("target '" + triple.str() +
                           "' is not supported: norm-compile emits ELF "
                           "objects for x86_64 and aarch64 (see docs/AOT.md)");
}

static llvm::Expected<Target> resolveTarget(const CompileOptions &options) {
  llvm::InitializeAllTargetInfos();
  llvm::InitializeAllTargets();
  llvm::InitializeAllTargetMCs();
  llvm::InitializeAllAsmPrinters();
  // Inline assembly (the CPUID checks of MultiVersion.cpp) in objects.
  llvm::InitializeAllAsmParsers();

  Target result;
  llvm::Triple host(llvm::sys::getDefaultTargetTriple());
  result.triple =
      options.targetTriple.empty()
          ? host
          : llvm::Triple(llvm::Triple::normalize(options.targetTriple));
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(result.triple, error);
  if (!target || result.triple.getArch() == llvm::Triple::UnknownArch)
    return createStringError("unknown target triple '" +
                             (options.targetTriple.empty()
                                  ? result.triple.str()
                                  : options.targetTriple) +
                             "'" + (error.empty() ? "" : ": " + error));
  if (llvm::Error err = checkSupportedTriple(result.triple))
    return std::move(err);

  bool isHost = result.triple.getArch() == host.getArch() &&
                result.triple.getOS() == host.getOS();
  SmallVector<std::string> features;
  if (options.cpu == "native" || (options.cpu.empty() && isHost)) {
    if (!isHost)
      return createStringError("--mcpu=native needs the host's triple (" +
                               host.str() + "), not '" + result.triple.str() +
                               "'");
    result.cpu = llvm::sys::getHostCPUName().str();
    features.push_back(getHostFeatures());
  } else {
    result.cpu = options.cpu.empty() ? "generic" : options.cpu;
  }

  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(result.triple, "", ""));
  if (!subtarget)
    return createStringError("cannot describe the CPUs of '" +
                             result.triple.str() + "'");
  if (result.cpu != "generic" && !subtarget->isCPUStringValid(result.cpu))
    return createStringError("unknown CPU '" + result.cpu + "' for '" +
                             result.triple.str() + "'");
  SmallVector<StringRef> requested;
  StringRef(options.features).split(requested, ',', -1, false);
  for (StringRef feature : requested) {
    feature = feature.trim();
    StringRef name =
        feature.drop_while([](char c) { return c == '+' || c == '-'; });
    if (name.empty() || (feature.front() != '+' && feature.front() != '-') ||
        !isKnownFeature(*subtarget, name))
      return createStringError("unknown feature '" + feature + "' for '" +
                               result.triple.str() +
                               "' (--mattr takes +name,-name)");
    features.push_back(feature.str());
  }
  result.features = llvm::join(features, ",");

  llvm::TargetOptions targetOptions;
  result.machine.reset(target->createTargetMachine(
      result.triple, result.cpu, result.features, targetOptions,
      llvm::Reloc::PIC_, std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  if (!result.machine)
    return createStringError("cannot create a target machine for '" +
                             result.triple.str() + "'");
  // A 64-bit architecture with a 32-bit ABI (x86_64-linux-gnux32) passes
  // checkSupportedTriple; its data layout has the pointer size.
  if (llvm::Error err = checkPointerBits(
          result.triple,
          result.machine->createDataLayout().getPointerSizeInBits()))
    return std::move(err);
  // The lowering's f32/f64 arithmetic needs the target's floating-point
  // unit: without it LLVM calls soft-float routines that libc and libm do
  // not have, or cannot select the f16/bf16 conversions at all.
  std::unique_ptr<llvm::MCSubtargetInfo> chosen(target->createMCSubtargetInfo(
      result.triple, result.cpu == "generic" ? "" : result.cpu,
      result.features));
  // checkFeatures aborts on a name the target does not know.
  auto has = [&](StringRef feature) {
    return chosen && isKnownFeature(*chosen, feature.drop_front()) &&
           chosen->checkFeatures(feature);
  };
  // The chosen CPU in the errors below: "CPU 'x' [with --mattr='...'] of
  // 'triple'".
  std::string cpuDescription =
      ("CPU '" + result.cpu + "'" +
       (options.features.empty() ? Twine("")
                                 : " with --mattr='" + options.features + "'") +
       " of '" + result.triple.str() + "'")
          .str();
  // A 32-bit x86 CPU (`pentium`, `i686`, `prescott`) or `--mattr=-64bit`:
  // LLVM would stop with a fatal error when it creates the subtarget.
  if (result.triple.isX86() && chosen && !has("+64bit"))
    return createStringError(cpuDescription +
                             " cannot run 64-bit code (needs +64bit)");
  StringRef fpUnit = result.triple.isX86()       ? "+sse2"
                     : result.triple.isAArch64() ? "+fp-armv8"
                                                 : "";
  if (has("+soft-float") || (chosen && !fpUnit.empty() && !has(fpUnit)))
    return createStringError(
        cpuDescription + " has no hardware floating point" +
        (fpUnit.empty() ? Twine("") : " (needs " + fpUnit + ")") +
        "; norm-compile's code computes in it");
  // LLVM's AArch64 instruction selection aborts on the fixed-width vectors
  // of the lowering with SVE but without NEON (--mattr=+sve,-neon).
  if (result.triple.isAArch64() && has("+sve") && !has("+neon"))
    return createStringError(
        cpuDescription +
        " has SVE without NEON (needs +neon), which LLVM cannot compile "
        "norm-compile's vector code for");

  return std::move(result);
}

/// The vector width norm-vectorize-rows uses on the target: 512 bits with
/// AVX-512F, 256 with AVX, else 128 (SSE, NEON, and SVE at its minimum).
static unsigned getVectorBits(const Target &target) {
  const llvm::MCSubtargetInfo *subtarget = target.machine->getMCSubtargetInfo();
  if (target.triple.isX86()) {
    if (subtarget->checkFeatures("+avx512f"))
      return 512;
    if (subtarget->checkFeatures("+avx"))
      return 256;
  }
  return 128;
}

/// Whether the target rounds f32 to bf16 in one instruction (AVX512-BF16).
static bool hasNativeBF16(const Target &target) {
  return target.triple.isX86() &&
         target.machine->getMCSubtargetInfo()->checkFeatures("+avx512bf16");
}

//===----------------------------------------------------------------------===//
// What the object links against
//===----------------------------------------------------------------------===//

/// libc functions the lowered code may call.
static constexpr llvm::StringLiteral kLibcFunctions[] = {
    "malloc", "free", "aligned_alloc", "memcpy", "memmove", "memset", "getenv"};

/// libm functions the math dialect's lowering may call.
static constexpr llvm::StringLiteral kLibmFunctions[] = {
    "sqrt",     "sqrtf",     "pow",       "powf",      "exp",   "expf",
    "exp2",     "exp2f",     "log",       "logf",      "log2",  "log2f",
    "log10",    "log10f",    "fabs",      "fabsf",     "floor", "floorf",
    "ceil",     "ceilf",     "round",     "roundf",    "trunc", "truncf",
    "fma",      "fmaf",      "fmin",      "fminf",     "fmax",  "fmaxf",
    "tanh",     "tanhf",     "erf",       "erff",      "cbrt",  "cbrtf",
    "expm1",    "expm1f",    "log1p",     "log1pf",    "fmod",  "fmodf",
    "copysign", "copysignf", "roundeven", "roundevenf"};

namespace {
/// What the optimized code calls besides its own functions.
struct ExternalCalls {
  /// The OpenMP runtime (`__kmpc_*`, `omp_*`).
  bool openMP = false;
  /// `malloc`: some buffer is allocated per call.
  bool malloc = false;
};
} // namespace

/// Errors if `module` calls a function that is not libc's, libm's or the
/// OpenMP runtime's; returns which of them it calls.
static llvm::Expected<ExternalCalls>
checkExternalFunctions(llvm::Module &module) {
  ExternalCalls calls;
  for (llvm::Function &function : module) {
    if (!function.isDeclaration() || function.isIntrinsic() ||
        function.use_empty())
      continue;
    StringRef name = function.getName();
    if (name.starts_with("__kmpc_") || name.starts_with("omp_")) {
      calls.openMP = true;
      continue;
    }
    if (name == "malloc" || name == "aligned_alloc")
      calls.malloc = true;
    if (llvm::is_contained(kLibcFunctions, name) ||
        llvm::is_contained(kLibmFunctions, name))
      continue;
    return createStringError(
        "the compiled code calls '" + name +
        "', which is neither in libc, libm nor the OpenMP runtime (the "
        "object must not need MLIR's or LLVM's libraries)");
  }
  return calls;
}

/// The compiler runtime's (libgcc's or compiler-rt's) routines that
/// instruction selection calls where the CPU has no instruction: f16/bf16
/// conversions (x86-64 without F16C) and the 128-bit multiply of overflow
/// checks (some 64-bit targets). Every C compiler driver links that library
/// by default.
static constexpr llvm::StringLiteral kRuntimeHelpers[] = {
    "__extendhfsf2", "__truncsfhf2", "__truncdfhf2", "__extendbfsf2",
    "__truncsfbf2",  "__truncdfbf2", "__multi3"};

/// Compiles `module` for `machine` into an object file in memory.
static llvm::Expected<SmallString<0>> emitObject(llvm::TargetMachine &machine,
                                                 llvm::Module &module) {
  SmallString<0> object;
  llvm::raw_svector_ostream stream(object);
  llvm::legacy::PassManager codegen;
  if (machine.addPassesToEmitFile(codegen, stream, nullptr,
                                  llvm::CodeGenFileType::ObjectFile))
    return createStringError("the target cannot emit object files");
  codegen.run(module);
  return std::move(object);
}

/// Errors if the object `bytes` leaves a symbol undefined that is not
/// libc's, libm's, the OpenMP runtime's or one of kRuntimeHelpers (what
/// `nm -u` lists); returns whether it uses kRuntimeHelpers.
static llvm::Expected<bool> checkObjectSymbols(StringRef bytes) {
  auto file = llvm::object::ObjectFile::createObjectFile(
      llvm::MemoryBufferRef(bytes, "object"));
  if (!file)
    return file.takeError();
  bool usesHelpers = false;
  for (const llvm::object::SymbolRef &symbol : (*file)->symbols()) {
    auto flags = symbol.getFlags();
    if (!flags)
      return flags.takeError();
    if (!(*flags & llvm::object::SymbolRef::SF_Undefined))
      continue;
    auto name = symbol.getName();
    if (!name)
      return name.takeError();
    if (name->empty() || *name == "_GLOBAL_OFFSET_TABLE_" ||
        name->starts_with("__kmpc_") || name->starts_with("omp_") ||
        llvm::is_contained(kLibcFunctions, *name) ||
        llvm::is_contained(kLibmFunctions, *name))
      continue;
    if (llvm::is_contained(kRuntimeHelpers, *name)) {
      usesHelpers = true;
      continue;
    }
    // Soft-float configurations and other targets are refused before code
    // generation (resolveTarget); what remains is an operation that the CPU
    // has no instruction for, such as an i128 division in the input.
    return createStringError(
        "the object calls '" + *name +
        "', which is neither in libc, libm, the OpenMP runtime nor among the "
        "C compiler's runtime routines norm-compile allows (f16/bf16 "
        "conversions, 128-bit multiply): the code generator calls it for an "
        "operation that the CPU has no instruction for");
  }
  return usesHelpers;
}

//===----------------------------------------------------------------------===//
// 16-bit floats in masked loads and stores
//===----------------------------------------------------------------------===//

/// Rewrites masked loads and stores of bf16 and f16 vectors, and selects of
/// bf16 and f16 values, as the same operations on i16 with bitcasts. Where
/// the target has no masked 16-bit accesses (x86 before AVX-512) or no
/// 16-bit float registers (x86 without AVX512-BF16), the backend rebuilds
/// such values through f32 and back, calling `__truncsfbf2` (bf16), which
/// libgcc does not have, or `__truncsfhf2` (f16). The bits are the same
/// either way.
static void maskedAccessesAsIntegers(llvm::Module &module) {
  auto is16BitFloat = [](llvm::Type *type) {
    llvm::Type *element = type->getScalarType();
    return element->isBFloatTy() || element->isHalfTy();
  };
  auto asInteger = [&](llvm::Type *type) -> llvm::Type * {
    llvm::Type *i16 = llvm::Type::getInt16Ty(module.getContext());
    if (auto *vectorType = dyn_cast<llvm::VectorType>(type))
      return llvm::VectorType::get(i16, vectorType);
    return i16;
  };
  SmallVector<llvm::IntrinsicInst *> accesses;
  SmallVector<llvm::SelectInst *> selects;
  for (llvm::Function &function : module)
    for (llvm::Instruction &inst : llvm::instructions(function)) {
      if (auto *intrinsic = dyn_cast<llvm::IntrinsicInst>(&inst))
        if (intrinsic->getIntrinsicID() == llvm::Intrinsic::masked_load ||
            intrinsic->getIntrinsicID() == llvm::Intrinsic::masked_store)
          accesses.push_back(intrinsic);
      if (auto *select = dyn_cast<llvm::SelectInst>(&inst))
        if (is16BitFloat(select->getType()))
          selects.push_back(select);
    }
  for (llvm::SelectInst *select : selects) {
    llvm::IRBuilder<> builder(select);
    llvm::Type *intType = asInteger(select->getType());
    llvm::Value *replacement = builder.CreateBitCast(
        builder.CreateSelect(
            select->getCondition(),
            builder.CreateBitCast(select->getTrueValue(), intType),
            builder.CreateBitCast(select->getFalseValue(), intType)),
        select->getType());
    select->replaceAllUsesWith(replacement);
    select->eraseFromParent();
  }
  for (llvm::IntrinsicInst *access : accesses) {
    bool isLoad = access->getIntrinsicID() == llvm::Intrinsic::masked_load;
    llvm::Type *dataType =
        isLoad ? access->getType() : access->getArgOperand(0)->getType();
    auto *vectorType = dyn_cast<llvm::VectorType>(dataType);
    if (!vectorType || !(vectorType->getElementType()->isBFloatTy() ||
                         vectorType->getElementType()->isHalfTy()))
      continue;
    auto *intType = llvm::VectorType::get(
        llvm::Type::getInt16Ty(module.getContext()), vectorType);
    llvm::IRBuilder<> builder(access);
    unsigned pointerIndex = isLoad ? 0 : 1;
    llvm::Align alignment = access->getParamAlign(pointerIndex).valueOrOne();
    llvm::Value *pointer = access->getArgOperand(pointerIndex);
    llvm::Value *mask = access->getArgOperand(pointerIndex + 1);
    if (isLoad) {
      llvm::Value *passThrough =
          builder.CreateBitCast(access->getArgOperand(2), intType);
      llvm::Value *load = builder.CreateMaskedLoad(intType, pointer, alignment,
                                                   mask, passThrough);
      access->replaceAllUsesWith(builder.CreateBitCast(load, vectorType));
    } else {
      builder.CreateMaskedStore(
          builder.CreateBitCast(access->getArgOperand(0), intType), pointer,
          alignment, mask);
    }
    access->eraseFromParent();
  }
}

//===----------------------------------------------------------------------===//
// compileKernels
//===----------------------------------------------------------------------===//

/// Reads the input module: ONNX (`.onnx`, or any input that starts as a
/// serialized ModelProto) through the importer, else MLIR (bytecode read in
/// a child process, norm/Runner/BytecodeCheck.h). `error` is set where the
/// file cannot be read; `isONNX` says which reader took the contents.
static OwningOpRef<ModuleOp> readInput(StringRef inputFile,
                                       MLIRContext *context, std::string &error,
                                       bool &isONNX) {
  isONNX = llvm::sys::path::extension(inputFile).equals_insensitive(".onnx");
  noteModuleFromTerminal("norm-compile", inputFile);
  // A pipe or a device is read to at most 2 GiB (InputFiles.h), not without
  // end.
  auto buffer = readInputFile(
      inputFile,
      isONNX ? "protobuf's limit on a message such as an ONNX ModelProto"
             : kModuleLimitReason);
  if (!buffer) {
    error = llvm::toString(buffer.takeError());
    return nullptr;
  }
  // A model from standard input or a pipe has no name to tell it by: it
  // starts with byte 0x08 (field 1, ir_version, which ONNX writers put
  // first), which no MLIR text or bytecode does.
  isONNX = isONNX || (*buffer)->getBuffer().starts_with("\x08");
  if (isONNX)
    return importONNXModel((*buffer)->getMemBufferRef(), context);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  return runner::parseModuleCheckingBytecode(sourceMgr, context);
}

namespace {
/// An output file (the object or the header) prepared before anything is
/// compiled, so that one that cannot be written is an error before either
/// output is touched. A regular file (or a new one) is staged
/// (norm/Support/StagedOutput.h): written to a temporary file beside it,
/// renamed over it by commit() only once both outputs were written, so
/// that a failed run leaves an existing file (a previous run's) as it was
/// and creates none. Others (a device, a FIFO, `/dev/stdout`, a file in a
/// directory where no file can be created) are opened without truncation
/// and written directly.
class PendingOutput {
public:
  PendingOutput() = default;
  PendingOutput(const PendingOutput &) = delete;
  PendingOutput &operator=(const PendingOutput &) = delete;
  ~PendingOutput() {
    if (fd >= 0)
      llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  }

  /// Prepares `path` ("-": stdout, which is opened only by take()).
  llvm::Error open(StringRef path, bool text) {
    this->path = path.str();
    this->text = text;
    if (path == "-") {
      // Stdout's file, for isSameFile (`-o - --header=/dev/stdout`).
      llvm::sys::fs::file_status status;
      if (!llvm::sys::fs::status(fileno(stdout), status)) {
        hasID = true;
        id = status.getUniqueID();
      }
      return llvm::Error::success();
    }
    llvm::Expected<std::optional<StagedOutput>> stage =
        StagedOutput::stage(path);
    if (!stage)
      return stage.takeError();
    llvm::sys::fs::file_status status;
    if (!llvm::sys::fs::status(path, status)) {
      hasID = true;
      id = status.getUniqueID();
    }
    if (*stage) {
      staged = std::move(*stage);
      // A new file has no ID yet: it is told by its absolute path.
      SmallString<256> absolute(staged->getTargetPath());
      (void)llvm::sys::fs::make_absolute(absolute);
      llvm::sys::path::remove_dots(absolute, /*remove_dot_dot=*/true);
      absolutePath = absolute.str().str();
      return llvm::Error::success();
    }
    if (std::error_code ec = llvm::sys::fs::openFileForWrite(
            path, fd, llvm::sys::fs::CD_OpenAlways,
            text ? llvm::sys::fs::OF_Text : llvm::sys::fs::OF_None))
      return createStringError("cannot write '" + path + "': " + ec.message());
    if (!llvm::sys::fs::status(fd, status)) {
      regular = llvm::sys::fs::is_regular_file(status);
      hasID = true;
      id = status.getUniqueID();
    }
    return llvm::Error::success();
  }

  /// Whether this and `other` are one file (by any name or link; `-` is
  /// stdout, whatever it is).
  bool isSameFile(const PendingOutput &other) const {
    return (path == "-" && other.path == "-") ||
           (hasID && other.hasID && id == other.id) ||
           (!absolutePath.empty() && absolutePath == other.absolutePath);
  }

  /// Returns the file for writing: the temporary file of a staged output,
  /// else the file itself, truncated where it is a regular one. The
  /// ToolOutputFile is kept whatever happens: a staged output's temporary
  /// file is removed by the StagedOutput unless committed, and a file
  /// written directly is not removed.
  llvm::Expected<std::unique_ptr<llvm::ToolOutputFile>> take() {
    std::error_code ec;
    if (path == "-") {
      auto file = std::make_unique<llvm::ToolOutputFile>(
          path, ec, text ? llvm::sys::fs::OF_Text : llvm::sys::fs::OF_None);
      if (ec)
        return createStringError("cannot write '<stdout>': " + ec.message());
      return std::move(file);
    }
    if (staged) {
      // A descriptor of its own: the TempFile closes its own at commit.
      int copy = ::dup(staged->getFD());
      if (copy < 0)
        return createStringError(
            "cannot write '" + path +
            "': " + std::error_code(errno, std::generic_category()).message());
      auto file =
          std::make_unique<llvm::ToolOutputFile>(staged->getPath(), copy);
      file->keep();
      return std::move(file);
    }
    if (regular)
      if ((ec = llvm::sys::fs::resize_file(fd, 0)))
        return createStringError("cannot write '" + path +
                                 "': " + ec.message());
    // The ToolOutputFile closes the descriptor.
    auto file = std::make_unique<llvm::ToolOutputFile>(path, fd);
    fd = -1;
    file->keep();
    return std::move(file);
  }

  /// Whether the output is a file of its own, named by its path: a regular
  /// file (or a new one), not stdout, a device or a FIFO, nor the name of an
  /// open descriptor (/dev/stdout names stdout, even where that is a file;
  /// StagedOutput::namesOpenDescriptor).
  bool isNamedFile() const {
    return staged || (regular && !StagedOutput::namesOpenDescriptor(path));
  }

  /// Renames a staged output's temporary file over the file (once every
  /// output was written and closed).
  llvm::Error commit() {
    return staged ? staged->commit() : llvm::Error::success();
  }

private:
  std::string path;
  bool text = false;
  int fd = -1;
  bool regular = false;
  bool hasID = false;
  llvm::sys::fs::UniqueID id;
  /// The staged output, and the absolute path of its file.
  std::optional<StagedOutput> staged;
  std::string absolutePath;
};
} // namespace

/// Writes out what is buffered for `file` and closes it (stdout is only
/// flushed); a write that failed (a full disk, `/dev/full`) is an error
/// naming `path`, not the fatal error the stream would report when
/// destroyed.
static llvm::Error closeOutput(llvm::ToolOutputFile &file, StringRef path) {
  llvm::raw_fd_ostream &os = file.os();
  if (path == "-")
    os.flush();
  else
    os.close();
  if (std::error_code ec = os.error()) {
    os.clear_error();
    return createStringError("cannot write '" +
                             (path == "-" ? StringRef("<stdout>") : path) +
                             "': " + ec.message());
  }
  return llvm::Error::success();
}

/// Lowers a copy of the prepared `module` for `target`, with non-temporal
/// stores for results of at least `nontemporalMinBytes` bytes (0: none),
/// adds the C wrappers of `kernels` (named by their Kernel::symbol) and
/// translates it to LLVM IR. `uncheckedAllocations` counts the heap
/// allocations the wrappers cannot check (buildCWrappers).
static llvm::Expected<std::unique_ptr<llvm::Module>>
lowerToLLVMIR(ModuleOp module, ArrayRef<Kernel> kernels, const Target &target,
              const CompileOptions &options, uint64_t nontemporalMinBytes,
              llvm::LLVMContext &llvmContext, DiagnosticCollector &diagnostics,
              unsigned &uncheckedAllocations) {
  OwningOpRef<ModuleOp> copy = module.clone();
  // The shapes are checked by the wrappers before the call, so the compiled
  // functions need no run-time checks (which would print and abort).
  NormToLLVMPipelineOptions pipelineOptions;
  pipelineOptions.runtimeVerification = false;
  pipelineOptions.parallel = options.parallel;
  pipelineOptions.vectorBits = getVectorBits(target);
  pipelineOptions.nontemporalMinBytes = nontemporalMinBytes;
  pipelineOptions.bf16Truncation =
      hasNativeBF16(target) ? BF16Truncation::Native : BF16Truncation::Integer;
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  buildNormToLLVMPipeline(pm, pipelineOptions);
  if (failed(pm.run(*copy)))
    return diagnostics.takeError("cannot lower '" + options.inputFile +
                                 "' to the LLVM dialect");
  if (llvm::Error err = buildCWrappers(*copy, kernels, uncheckedAllocations))
    return std::move(err);

  std::unique_ptr<llvm::Module> llvmModule = translateModuleToLLVMIR(
      *copy, llvmContext, llvm::sys::path::filename(options.inputFile));
  if (!llvmModule)
    return diagnostics.takeError("cannot translate '" + options.inputFile +
                                 "' to LLVM IR");
  llvmModule->setTargetTriple(target.triple);
  llvmModule->setDataLayout(target.machine->createDataLayout());
  return std::move(llvmModule);
}

/// Returns `kernels` with each symbol renamed by `rename`.
static std::vector<Kernel>
renameKernels(ArrayRef<Kernel> kernels,
              llvm::function_ref<std::string(StringRef)> rename) {
  std::vector<Kernel> renamed(kernels.begin(), kernels.end());
  for (Kernel &kernel : renamed)
    kernel.symbol = rename(kernel.symbol);
  return renamed;
}

/// Lowers a copy of the prepared `module` for `target`, adds the C wrappers
/// (named for the variant of `variantCPU` where it is not empty),
/// translates it to LLVM IR and optimizes it. On x86, where the lowering
/// writes some result with non-temporal stores, each wrapper is compiled
/// twice, with and without them, and picks one by the alignment of the
/// result buffers (AlignedResults.cpp); then `alignedVariants` is set.
static llvm::Expected<std::unique_ptr<llvm::Module>>
compileVariant(ModuleOp module, ArrayRef<Kernel> kernels, const Target &target,
               const CompileOptions &options, StringRef variantCPU,
               llvm::LLVMContext &llvmContext, DiagnosticCollector &diagnostics,
               unsigned &uncheckedAllocations, bool &alignedVariants) {
  std::vector<Kernel> variants =
      variantCPU.empty() ? std::vector<Kernel>(kernels.begin(), kernels.end())
                         : renameKernels(kernels, [&](StringRef symbol) {
                             return getVariantSymbol(symbol, variantCPU);
                           });
  std::unique_ptr<llvm::Module> llvmModule;
  if (target.triple.isX86()) {
    // The JIT's threshold (the pipeline's default).
    uint64_t minBytes = NormToLLVMPipelineOptions().nontemporalMinBytes;
    auto aligned = lowerToLLVMIR(
        module, renameKernels(variants, getAlignedVariantSymbol), target,
        options, minBytes, llvmContext, diagnostics, uncheckedAllocations);
    if (!aligned)
      return aligned.takeError();
    if (hasNontemporalStores(**aligned)) {
      auto any = lowerToLLVMIR(
          module, renameKernels(variants, getAnyAlignmentVariantSymbol), target,
          options, /*nontemporalMinBytes=*/0, llvmContext, diagnostics,
          uncheckedAllocations);
      if (!any)
        return any.takeError();
      llvmModule = std::move(*any);
      if (llvm::Linker::linkModules(*llvmModule, std::move(*aligned)))
        return createStringError("cannot link the variants with and without "
                                 "non-temporal stores");
      if (llvm::Error err = addAlignmentDispatchers(*llvmModule, variants))
        return std::move(err);
      alignedVariants = true;
    } else {
      // No store to version: the code without them, under the wrappers'
      // own names.
      llvmModule = std::move(*aligned);
      for (const Kernel &kernel : variants)
        if (llvm::Function *wrapper =
                llvmModule->getFunction(getAlignedVariantSymbol(kernel.symbol)))
          wrapper->setName(kernel.symbol);
    }
  }
  if (!llvmModule) {
    auto plain = lowerToLLVMIR(module, variants, target, options,
                               /*nontemporalMinBytes=*/0, llvmContext,
                               diagnostics, uncheckedAllocations);
    if (!plain)
      return plain.takeError();
    llvmModule = std::move(*plain);
  }
  // In an object of several variants, each function is compiled for its
  // variant's CPU.
  if (!variantCPU.empty())
    for (llvm::Function &function : *llvmModule)
      if (!function.isDeclaration()) {
        function.addFnAttr("target-cpu", target.cpu);
        if (!target.features.empty())
          function.addFnAttr("target-features", target.features);
      }
  auto optimize = makeOptimizingTransformer(/*optLevel=*/3, /*sizeLevel=*/0,
                                            target.machine.get());
  maskedAccessesAsIntegers(*llvmModule);
  if (llvm::Error err = optimize(llvmModule.get()))
    return std::move(err);
  // Invalid IR after the optimizations is an error, not a crash of the code
  // generator (describeInvalidModule).
  std::string invalidIR = describeInvalidModule(*llvmModule);
  if (!invalidIR.empty())
    return createStringError("cannot compile '" +
                             escapeForMessage(options.inputFile) +
                             "': " + invalidIR);
  maskedAccessesAsIntegers(*llvmModule);
  return std::move(llvmModule);
}

/// Errors if a name the object defines for one kernel (its exported symbol,
/// and the names norm-compile generates from it: the CPU accessor and the
/// per-CPU variants of an object of several `cpus`, the variants by result
/// alignment on x86) is also a name of another kernel, or a symbol of the
/// prepared `module` (its functions that are not exported).
static llvm::Error checkGeneratedNames(ModuleOp module,
                                       ArrayRef<Kernel> kernels,
                                       ArrayRef<std::string> cpus, bool x86) {
  struct Owner {
    const Kernel *kernel;
    std::string what;
  };
  llvm::StringMap<Owner> owners;
  for (const Kernel &kernel : kernels) {
    SmallVector<std::pair<std::string, std::string>> names;
    names.emplace_back(kernel.symbol, "the exported function");
    auto addAligned = [&](const std::string &variant, const Twine &of) {
      if (!x86)
        return;
      names.emplace_back(
          getAlignedVariantSymbol(variant),
          ("the internal variant for aligned results" + of).str());
      names.emplace_back(
          getAnyAlignmentVariantSymbol(variant),
          ("the internal variant for unaligned results" + of).str());
    };
    if (cpus.size() > 1) {
      names.emplace_back(getCPUQuerySymbol(kernel.symbol),
                         "the CPU accessor (--mcpu with several CPUs)");
      for (const std::string &cpu : cpus) {
        std::string variant = getVariantSymbol(kernel.symbol, cpu);
        names.emplace_back(variant, "the internal variant for " + cpu);
        addAligned(variant, " for " + cpu);
      }
    } else {
      addAligned(kernel.symbol, "");
    }
    for (auto &[name, what] : names) {
      if (module.lookupSymbol(name))
        return createStringError("the module's symbol '" + name +
                                 "' is the name of " + what +
                                 " that norm-compile generates for function '" +
                                 kernel.name + "'; rename one of them");
      auto [it, inserted] = owners.try_emplace(name, Owner{&kernel, what});
      if (inserted)
        continue;
      const Owner &other = it->second;
      return createStringError("functions '" + other.kernel->name + "' and '" +
                               kernel.name + "' clash on the name '" + name +
                               "': " + other.what + " of '" +
                               other.kernel->name + "' and " + what + " of '" +
                               kernel.name + "'; rename one of them");
    }
  }
  return llvm::Error::success();
}

llvm::Error norm::compileKernels(const CompileOptions &options) {
  std::string headerFile = options.headerFile;
  if (headerFile.empty()) {
    if (options.outputFile == "-")
      return createStringError("writing the output to stdout needs "
                               "--header=PATH for the header");
    // The header's path is the output's with the extension `.h`: only for
    // an output that is a file of its own. A device, FIFO or socket
    // (/dev/null), or the name of an open descriptor (/dev/stdout, also
    // where it is a file) would put the header in a new file beside it
    // (`/dev/null.h`). A regular or new file in /dev (/dev/shm/ln.o) is a
    // file of its own.
    llvm::sys::fs::file_status status;
    StringRef output(options.outputFile);
    if (StagedOutput::namesOpenDescriptor(output) ||
        (!llvm::sys::fs::status(output, status) &&
         status.type() != llvm::sys::fs::file_type::regular_file &&
         status.type() != llvm::sys::fs::file_type::directory_file))
      return createStringError(
          "writing the output to '" + options.outputFile +
          "', which is not a file of its own (a device, a pipe or the name "
          "of an open descriptor such as /dev/stdout), needs --header=PATH "
          "for the header");
    SmallString<128> path(options.outputFile);
    llvm::sys::path::replace_extension(path, "h");
    headerFile = path.str().str();
  }

  // Neither the output nor the header may overwrite the input (by any path
  // naming the same file), checked before anything is written.
  bool inputIsFile = false;
  if (options.inputFile != "-" &&
      !llvm::sys::fs::is_regular_file(options.inputFile, inputIsFile) &&
      inputIsFile)
    for (auto [what, path] :
         {std::pair(StringRef("output"), StringRef(options.outputFile)),
          std::pair(StringRef("header"), StringRef(headerFile))}) {
      bool equivalent = false;
      if (path != "-" &&
          !llvm::sys::fs::equivalent(options.inputFile, path, equivalent) &&
          equivalent)
        return createStringError("the " + what + " '" + path +
                                 "' would overwrite the input '" +
                                 options.inputFile + "'");
    }

  // Both outputs are opened (not truncated) before anything is compiled,
  // and written only once both are open and the compilation succeeded:
  // where one cannot be written, neither is touched.
  PendingOutput pendingOutput, pendingHeader;
  if (llvm::Error err = pendingOutput.open(options.outputFile,
                                           options.emit != EmitKind::Object))
    return err;
  if (llvm::Error err = pendingHeader.open(headerFile, /*text=*/true))
    return err;
  // The header must not overwrite the output: the same file by any name.
  if (pendingOutput.isSameFile(pendingHeader))
    return createStringError("the header '" + headerFile +
                             "' would overwrite the output '" +
                             options.outputFile + "'");

  // One CPU, or several x86-64 levels (one variant each).
  SmallVector<std::string> cpus;
  {
    SmallVector<StringRef> names;
    StringRef(options.cpu).split(names, ',');
    for (StringRef name : names)
      cpus.push_back(name.trim().str());
  }
  // --mattr would apply to every variant, the baseline included, while the
  // dispatcher picks a variant by its level's features only: a CPU without
  // the added features would run code that needs them.
  if (cpus.size() > 1 && !StringRef(options.features).trim().empty())
    return createStringError(
        "--mattr cannot be combined with several CPUs in --mcpu: it would "
        "apply to every variant, the baseline included, and the dispatcher "
        "checks only each level's features");
  std::vector<Target> targets;
  for (const std::string &cpu : cpus) {
    if (cpus.size() > 1 && !isMultiVersionCPU(cpu))
      return createStringError(
          "--mcpu with several CPUs takes x86-64 levels (x86-64, x86-64-v2, "
          "x86-64-v3, x86-64-v4), got '" +
          cpu + "'");
    if (llvm::count(cpus, cpu) > 1)
      return createStringError("--mcpu lists '" + cpu + "' twice");
    CompileOptions single = options;
    single.cpu = cpu;
    auto target = resolveTarget(single);
    if (!target)
      return target.takeError();
    if (cpus.size() > 1 && !target->triple.isX86())
      return createStringError("--mcpu with several CPUs needs an x86-64 "
                               "triple, not '" +
                               target->triple.str() + "'");
    targets.push_back(std::move(*target));
  }
  bool multiVersion = targets.size() > 1;

  // norm-opt's registry: a module that parses there parses here.
  DialectRegistry registry;
  registerNormToolDialects(registry);
  registerImportONNXDialects(registry);
  // Result sizes of tensor reshapes, for the result dimensions.
  tensor::registerInferTypeOpInterfaceExternalModels(registry);
  // func.call and func.return, and the llvm ops a module may hold, for the
  // inlining of calls (prepareKernels); the other dialects of the input
  // (arith, math, tensor, linalg, scf, cf, bufferization, memref, vector,
  // affine, norm) register their inliner interfaces themselves.
  func::registerInlinerExtension(registry);
  LLVM::registerInlinerInterface(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  DiagnosticCollector diagnostics(&context);

  std::string readError;
  bool isONNX = false;
  OwningOpRef<ModuleOp> module =
      readInput(options.inputFile, &context, readError, isONNX);
  if (!module)
    // The file was read, but its contents were rejected: as norm-runner and
    // norm-opt say, "cannot parse" MLIR that does not parse or verify, and
    // "cannot import" an ONNX model the importer rejects; "cannot read" is
    // kept for I/O errors (readError).
    return readError.empty()
               ? diagnostics.takeError(
                     Twine(isONNX ? "cannot import '" : "cannot parse '") +
                     escapeForMessage(options.inputFile) + "'")
               : createStringError(readError);
  if (llvm::Error err =
          checkNoNestedFunctions(*module, "norm-compile", "exports"))
    return err;

  auto kernels = prepareKernels(*module, options.functions, options.prefix);
  if (!kernels)
    return diagnostics.takeError(kernels.takeError());
  if (llvm::Error err = checkGeneratedNames(*module, *kernels, cpus,
                                            targets.front().triple.isX86()))
    return err;

  llvm::LLVMContext llvmContext;
  // The errors LLVM reports through the context while it generates code
  // (inline asm) are collected, and reported after it.
  std::shared_ptr<std::string> codegenErrors =
      collectCodegenErrors(llvmContext);
  auto codegenFailed = [&] {
    return createStringError(
        "cannot compile '" + escapeForMessage(options.inputFile) +
        "': LLVM's code generation failed: " + *codegenErrors);
  };
  std::unique_ptr<llvm::Module> llvmModule;
  unsigned uncheckedAllocations = 0;
  bool alignedVariants = false;
  for (auto [cpu, target] : llvm::zip_equal(cpus, targets)) {
    auto variant =
        compileVariant(*module, *kernels, target, options,
                       multiVersion ? StringRef(cpu) : StringRef(), llvmContext,
                       diagnostics, uncheckedAllocations, alignedVariants);
    if (!variant)
      return variant.takeError();
    if (!llvmModule)
      llvmModule = std::move(*variant);
    else if (llvm::Linker::linkModules(*llvmModule, std::move(*variant)))
      return createStringError("cannot link the variant for '" + cpu + "'");
  }
  if (multiVersion)
    if (llvm::Error err =
            addDispatchers(*llvmModule, *kernels,
                           std::vector<std::string>(cpus.begin(), cpus.end())))
      return err;
  const Target &target = targets.front();
  auto externalCalls = checkExternalFunctions(*llvmModule);
  if (!externalCalls)
    return externalCalls.takeError();
  // Instruction selection may add calls of its own (the compiler runtime's
  // helpers): the object's undefined symbols are checked too, for
  // --emit=asm on an object built from a copy of the module.
  std::optional<SmallString<0>> object;
  bool usesRuntimeHelpers = false;
  if (options.emit != EmitKind::LLVMIR) {
    std::unique_ptr<llvm::Module> copy;
    if (options.emit != EmitKind::Object)
      copy = llvm::CloneModule(*llvmModule);
    auto emitted = emitObject(*target.machine, copy ? *copy : *llvmModule);
    if (!emitted)
      return emitted.takeError();
    if (!codegenErrors->empty())
      return codegenFailed();
    auto helpers = checkObjectSymbols(*emitted);
    if (!helpers)
      return helpers.takeError();
    usesRuntimeHelpers = *helpers;
    object = std::move(*emitted);
  }

  // Both are written to temporary files (for regular files) and renamed
  // over the outputs only once both were written: a write that fails
  // leaves both files as they were.
  auto output = pendingOutput.take();
  if (!output)
    return output.takeError();
  auto header = pendingHeader.take();
  if (!header)
    return header.takeError();
  if (options.emit == EmitKind::LLVMIR) {
    llvmModule->print((*output)->os(), nullptr);
  } else if (options.emit == EmitKind::Object) {
    (*output)->os() << *object;
  } else {
    // Assembly is written with seeks; to a pipe (`-o -`) it is built in
    // memory first.
    std::optional<llvm::buffer_ostream> buffered;
    if (!(*output)->os().supportsSeeking())
      buffered.emplace((*output)->os());
    llvm::raw_pwrite_stream &stream =
        buffered ? static_cast<llvm::raw_pwrite_stream &>(*buffered)
                 : (*output)->os();
    llvm::legacy::PassManager codegen;
    if (target.machine->addPassesToEmitFile(
            codegen, stream, nullptr, llvm::CodeGenFileType::AssemblyFile))
      return createStringError("the target cannot emit assembly");
    codegen.run(*llvmModule);
    if (!codegenErrors->empty())
      return codegenFailed();
  }
  if (llvm::Error err = closeOutput(**output, options.outputFile))
    return err;

  HeaderInfo info;
  if (pendingHeader.isNamedFile())
    info.headerName = llvm::sys::path::filename(headerFile).str();
  if (pendingOutput.isNamedFile())
    info.outputName = llvm::sys::path::filename(options.outputFile).str();
  info.prefix = options.prefix;
  info.inputName = options.inputFile == "-"
                       ? std::string("<stdin>")
                       : llvm::sys::path::filename(options.inputFile).str();
  info.triple = target.triple.str();
  SmallVector<std::string> cpuNames;
  for (const Target &each : targets)
    cpuNames.push_back(each.cpu);
  info.cpu = llvm::join(cpuNames, ", ");
  info.features = target.features;
  info.usesOpenMP = externalCalls->openMP;
  info.usesRuntimeHelpers = usesRuntimeHelpers;
  info.parallel = options.parallel;
  info.allocates = externalCalls->malloc;
  info.uncheckedAllocations = uncheckedAllocations != 0;
  info.variants = multiVersion;
  info.alignedVariants = alignedVariants;
  writeCHeader((*header)->os(), *kernels, info);
  if (llvm::Error err = closeOutput(**header, headerFile))
    return err;

  if (llvm::Error err = pendingOutput.commit())
    return err;
  return pendingHeader.commit();
}
