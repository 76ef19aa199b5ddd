//===- JitSession.cpp - JIT-compile a module and call its functions -------===//

#include "norm/Runner/JitSession.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "norm/InitAllNorm.h"
#include "norm/Pipelines/Pipelines.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

// The OpenMP runtime of Debian's libomp-22-dev (scripts/install-deps.sh).
#ifndef NORM_LIBOMP_PATH
#define NORM_LIBOMP_PATH "/usr/lib/llvm-22/lib/libomp.so"
#endif

// MLIR's C runner utilities of Debian's libmlir-22 (a dependency of
// libmlir-22-dev): memrefCopy, which bufferization emits for copies between
// non-contiguous memrefs (tensor.pad, a collapse_shape of a strided slice),
// and the print functions of vector.print.
#ifndef NORM_C_RUNNER_UTILS_PATH
#define NORM_C_RUNNER_UTILS_PATH                                               \
  "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so.22.1"
#endif

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::runner;
using llvm::createStringError;

/// The `allocated` pointer memref.get_global puts in descriptors of constant
/// globals (MemRefToLLVM); such buffers must not be freed.
static constexpr uintptr_t kGlobalAllocatedPtr = 0xdeadbeef;

/// Returns the number of 8-byte words in the descriptor of a rank-`rank`
/// memref: allocated, aligned, offset, sizes, strides.
static int64_t getDescriptorWords(int64_t rank) { return 3 + 2 * rank; }

static std::string typeToString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

static llvm::Error withPrefix(const Twine &prefix, llvm::Error err) {
  if (!err)
    return err;
  return createStringError(prefix + llvm::toString(std::move(err)));
}

llvm::Error runner::checkTensorMatchesType(const HostTensor &tensor,
                                           RankedTensorType type) {
  std::optional<ElementType> elementType =
      getElementTypeFromMlir(type.getElementType());
  std::string expected = typeToString(type);
  std::string found = tensor.getTypeString();
  if (elementType != tensor.getElementType())
    return createStringError("element type mismatch: expected " + expected +
                             ", got " + found);
  if (type.getRank() != tensor.getRank())
    return createStringError("rank mismatch: expected rank " +
                             Twine(type.getRank()) + " (" + expected +
                             "), got rank " + Twine(tensor.getRank()) + " (" +
                             found + ")");
  for (auto [dim, size] : llvm::enumerate(type.getShape())) {
    if (ShapedType::isDynamic(size) || size == tensor.getShape()[dim])
      continue;
    return createStringError("size mismatch in dimension " + Twine(dim) +
                             ": expected " + Twine(size) + " (" + expected +
                             "), got " + Twine(tensor.getShape()[dim]) + " (" +
                             found + ")");
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

namespace {
/// Collects the error diagnostics emitted while it is alive as one-line
/// "file:line:col: message" strings (notes and warnings are dropped).
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) {
          if (diag.getSeverity() == DiagnosticSeverity::Error)
            messages.push_back(format(diag));
          return success();
        }) {}

  /// Returns an error "<what>: <diagnostics joined by '; '>".
  llvm::Error takeError(const Twine &what) {
    std::string joined = llvm::join(messages, "; ");
    messages.clear();
    if (joined.empty())
      return createStringError(what);
    return createStringError(what + ": " + joined);
  }

private:
  static std::string format(Diagnostic &diag) {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (auto loc = diag.getLocation()->findInstanceOf<FileLineColLoc>())
      os << loc.getFilename().getValue() << ':' << loc.getLine() << ':'
         << loc.getColumn() << ": ";
    os << diag.str();
    std::replace(text.begin(), text.end(), '\n', ' ');
    return text;
  }

  SmallVector<std::string> messages;
  ScopedDiagnosticHandler handler;
};
} // namespace

//===----------------------------------------------------------------------===//
// Failed run-time checks
//===----------------------------------------------------------------------===//

// `cf.assert` (emitted by generate-runtime-verification, e.g. for dynamic
// sizes that disagree) lowers to puts(message) followed by abort(). The JIT
// binds both to these functions, so that a failed check is one error on
// stderr and exit status 1, not a SIGABRT with a core dump.

static int reportFailedRuntimeCheck(const char *message) {
  std::fflush(stdout);
  llvm::errs() << "error: run-time check failed: " << message << "\n";
  return 0;
}

[[noreturn]] static void exitAfterFailedRuntimeCheck() {
  llvm::errs().flush();
  std::_Exit(1);
}

//===----------------------------------------------------------------------===//
// Failed allocations
//===----------------------------------------------------------------------===//

// The lowered code does not check malloc's result: the JIT binds malloc to
// checkedMalloc (or reusingMalloc), which ends the process with one error
// and exit status 1 instead of letting the code write through null.

[[noreturn]] static void exitOutOfMemory(size_t size) {
  std::fflush(stdout);
  llvm::errs() << "error: out of memory: the compiled function could not "
                  "allocate "
               << size << " bytes\n";
  llvm::errs().flush();
  std::_Exit(1);
}

static void *checkedMalloc(size_t size) {
  void *block = std::malloc(size);
  if (!block && size != 0)
    exitOutOfMemory(size);
  return block;
}

//===----------------------------------------------------------------------===//
// Allocator with reuse (JitOptions::reuseAllocations)
//===----------------------------------------------------------------------===//

namespace {
/// Blocks handed out by reusingMalloc: size of each live block, and freed
/// blocks by size.
struct ReusePool {
  std::mutex mutex;
  llvm::DenseMap<void *, size_t> liveSizes;
  std::multimap<size_t, void *> freeBlocks;
};
} // namespace

static ReusePool &getReusePool() {
  static ReusePool *pool = new ReusePool(); // never destroyed
  return *pool;
}

static void *reusingMalloc(size_t size) {
  ReusePool &pool = getReusePool();
  std::lock_guard<std::mutex> lock(pool.mutex);
  void *block;
  auto it = pool.freeBlocks.find(size);
  if (it != pool.freeBlocks.end()) {
    block = it->second;
    pool.freeBlocks.erase(it);
  } else {
    block = checkedMalloc(size);
  }
  pool.liveSizes[block] = size;
  return block;
}

static void reusingFree(void *block) {
  if (!block)
    return;
  ReusePool &pool = getReusePool();
  std::lock_guard<std::mutex> lock(pool.mutex);
  auto it = pool.liveSizes.find(block);
  if (it == pool.liveSizes.end()) {
    std::free(block);
    return;
  }
  pool.freeBlocks.insert({it->second, block});
  pool.liveSizes.erase(it);
}

//===----------------------------------------------------------------------===//
// JitSession
//===----------------------------------------------------------------------===//

JitSession::JitSession() = default;
JitSession::~JitSession() = default;

/// Returns true if `module` needs no lowering: it has ops, and all of them
/// are LLVM dialect ops.
static bool isLLVMDialectOnly(ModuleOp module) {
  Block &body = module.getBodyRegion().front();
  return !body.empty() && llvm::all_of(body, [](Operation &op) {
    return isa_and_nonnull<LLVM::LLVMDialect>(op.getDialect());
  });
}

/// If `module` has OpenMP ops (parallel loops lowered by
/// convert-scf-to-openmp), loads libomp into the process so that the JIT
/// resolves __kmpc_* from it, and sets its thread count unless `numThreads`
/// is 0.
static llvm::Error loadOpenMPIfNeeded(ModuleOp module, unsigned numThreads) {
  // omp ops become __kmpc_* calls only in the translation to LLVM IR.
  bool usesOpenMP = module
                        .walk([](Operation *op) {
                          if (op->getName().getDialectNamespace() == "omp")
                            return WalkResult::interrupt();
                          // Calls of the runtime's API (norm-openmp-cleanup
                          // asks omp_get_max_threads).
                          auto func = dyn_cast<LLVM::LLVMFuncOp>(op);
                          if (func && func.isExternal() &&
                              (func.getName().starts_with("omp_") ||
                               func.getName().starts_with("__kmpc_")))
                            return WalkResult::interrupt();
                          return WalkResult::advance();
                        })
                        .wasInterrupted();
  if (!usesOpenMP)
    return llvm::Error::success();
  std::string error;
  if (!llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(
          "__kmpc_fork_call") &&
      llvm::sys::DynamicLibrary::LoadLibraryPermanently(NORM_LIBOMP_PATH,
                                                        &error))
    return createStringError("cannot load the OpenMP runtime '" +
                             Twine(NORM_LIBOMP_PATH) + "': " + error);
  if (numThreads == 0)
    return llvm::Error::success();
  auto *setNumThreads = reinterpret_cast<void (*)(int)>(
      llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(
          "omp_set_num_threads"));
  if (!setNumThreads)
    return createStringError("the OpenMP runtime has no omp_set_num_threads");
  setNumThreads(static_cast<int>(numThreads));
  return llvm::Error::success();
}

/// Errors unless `type` is a ranked tensor of a supported element type.
static llvm::Error checkSupportedType(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (tensorType && getElementTypeFromMlir(tensorType.getElementType()))
    return llvm::Error::success();
  return createStringError("has type " + typeToString(type) +
                           "; norm-runner passes only ranked tensors of " +
                           getSupportedElementTypeNames());
}

/// Errors if a public function of the not yet lowered `module` has an
/// unranked tensor argument or result, with getSignature's message. The
/// pipeline lowers such a function to calls of the `memrefCopy` runtime
/// function, so it would fail later, at link time, with a misleading error.
static llvm::Error checkNoUnrankedSignature(ModuleOp module) {
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func.isPublic())
      continue;
    FunctionType type = func.getFunctionType();
    for (auto [index, input] : llvm::enumerate(type.getInputs()))
      if (isa<UnrankedTensorType>(input))
        return createStringError("function '" + func.getName() +
                                 "': argument " + Twine(index) + " " +
                                 llvm::toString(checkSupportedType(input)));
    for (auto [index, result] : llvm::enumerate(type.getResults()))
      if (isa<UnrankedTensorType>(result))
        return createStringError("function '" + func.getName() + "': result " +
                                 Twine(index) + " " +
                                 llvm::toString(checkSupportedType(result)));
  }
  return llvm::Error::success();
}

static bool isPublicEntry(LLVM::LLVMFuncOp func) {
  return !func.isExternal() && func.isPublic() &&
         func.getLinkage() == LLVM::Linkage::External &&
         !func.getName().starts_with("_mlir_ciface_");
}

llvm::Expected<std::unique_ptr<JitSession>>
JitSession::create(std::unique_ptr<llvm::MemoryBuffer> source,
                   const JitOptions &options) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();

  DialectRegistry registry;
  norm::registerNormDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);

  std::unique_ptr<JitSession> session(new JitSession());
  session->context =
      std::make_unique<MLIRContext>(registry, MLIRContext::Threading::DISABLED);
  MLIRContext *context = session->context.get();
  DiagnosticCollector diagnostics(context);

  std::string sourceName = source->getBufferIdentifier().str();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(source), llvm::SMLoc());
  session->module = parseSourceFile<ModuleOp>(sourceMgr, context);
  if (!session->module)
    return diagnostics.takeError("cannot parse '" + sourceName + "'");
  ModuleOp module = *session->module;

  auto loweringStart = std::chrono::steady_clock::now();
  if (!isLLVMDialectOnly(module)) {
    if (llvm::Error err = checkNoUnrankedSignature(module))
      return std::move(err);
    PassManager pm(context, ModuleOp::getOperationName());
    norm::NormToLLVMPipelineOptions pipelineOptions;
    pipelineOptions.vectorBits = options.vectorBits;
    norm::buildNormToLLVMPipeline(pm, pipelineOptions);
    if (failed(pm.run(module)))
      return diagnostics.takeError("cannot lower '" + sourceName +
                                   "' to the LLVM dialect");
  }
  auto codegenStart = std::chrono::steady_clock::now();
  session->loweringSeconds =
      std::chrono::duration<double>(codegenStart - loweringStart).count();
  for (auto func : module.getOps<LLVM::LLVMFuncOp>())
    if (isPublicEntry(func))
      session->functionNames.push_back(func.getName().str());

  // Functions the module declares must come from this process (libc, libm):
  // check here, as ORC would print its own message for a missing symbol.
  llvm::sys::DynamicLibrary::LoadLibraryPermanently(nullptr);
  if (llvm::Error err = loadOpenMPIfNeeded(module, options.numThreads))
    return withPrefix("cannot JIT-compile '" + sourceName + "': ",
                      std::move(err));
  bool loadedRunnerUtils = false;
  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    if (!func.isExternal() || func.symbolKnownUseEmpty(module) ||
        llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(
            func.getName().str()))
      continue;
    // Not in the process: MLIR's runtime library may have it (memrefCopy).
    std::string runnerUtilsError;
    if (!loadedRunnerUtils) {
      loadedRunnerUtils = true;
      if (!llvm::sys::DynamicLibrary::LoadLibraryPermanently(
              NORM_C_RUNNER_UTILS_PATH, &runnerUtilsError) &&
          llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(
              func.getName().str()))
        continue;
    }
    return createStringError(
        "cannot JIT-compile '" + sourceName + "': function '" + func.getName() +
        "' is declared but neither defined in the module nor provided by "
        "norm-runner" +
        (runnerUtilsError.empty()
             ? std::string()
             : " (cannot load '" NORM_C_RUNNER_UTILS_PATH "': " +
                   runnerUtilsError + ")"));
  }

  // Host CPU and features, aggressive codegen, and O3 on the LLVM IR (the
  // engine does not optimize IR without a transformer).
  auto machineBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machineBuilder)
    return withPrefix("cannot target the host CPU: ",
                      machineBuilder.takeError());
  machineBuilder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  auto targetMachine = machineBuilder->createTargetMachine();
  if (!targetMachine)
    return withPrefix("cannot target the host CPU: ",
                      targetMachine.takeError());
  auto transformer =
      makeOptimizingTransformer(/*optLevel=*/3,
                                /*sizeLevel=*/0, targetMachine->get());
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  auto engine =
      ExecutionEngine::create(module, engineOptions, std::move(*targetMachine));
  if (!engine) {
    std::string reason = llvm::toString(engine.takeError());
    return diagnostics.takeError("cannot JIT-compile '" + sourceName + "' (" +
                                 reason + ")");
  }
  session->engine = std::move(*engine);
  session->reuseAllocations = options.reuseAllocations;
  bool reuseAllocations = options.reuseAllocations;
  session->engine->registerSymbols(
      [reuseAllocations](llvm::orc::MangleAndInterner interner) {
        llvm::orc::SymbolMap symbols;
        symbols[interner("puts")] = {
            llvm::orc::ExecutorAddr::fromPtr(&reportFailedRuntimeCheck),
            llvm::JITSymbolFlags::Exported};
        symbols[interner("abort")] = {
            llvm::orc::ExecutorAddr::fromPtr(&exitAfterFailedRuntimeCheck),
            llvm::JITSymbolFlags::Exported};
        symbols[interner("malloc")] = {
            llvm::orc::ExecutorAddr::fromPtr(reuseAllocations ? &reusingMalloc
                                                              : &checkedMalloc),
            llvm::JITSymbolFlags::Exported};
        if (reuseAllocations) {
          symbols[interner("free")] = {
              llvm::orc::ExecutorAddr::fromPtr(&reusingFree),
              llvm::JITSymbolFlags::Exported};
        }
        return symbols;
      });
  // The engine compiles the whole module on the first lookup: do it here so
  // that compile time is not part of the first call.
  if (!session->functionNames.empty())
    if (auto packed =
            session->engine->lookupPacked(session->functionNames.front());
        !packed)
      return withPrefix("cannot JIT-compile '" + sourceName + "': ",
                        packed.takeError());
  session->codegenSeconds = std::chrono::duration<double>(
                                std::chrono::steady_clock::now() - codegenStart)
                                .count();
  return std::move(session);
}

llvm::Expected<std::string>
JitSession::resolveFunctionName(StringRef requested) const {
  std::string available = functionNames.empty()
                              ? std::string("none")
                              : llvm::join(functionNames, ", ");
  if (!requested.empty()) {
    if (llvm::is_contained(functionNames, requested))
      return requested.str();
    return createStringError("function '" + requested +
                             "' not found; public functions: " + available);
  }
  if (functionNames.empty())
    return createStringError("the module has no public function to run");
  if (functionNames.size() == 1)
    return functionNames.front();
  if (llvm::is_contained(functionNames, "main"))
    return std::string("main");
  return createStringError("the module has several public functions (" +
                           available +
                           ") and none is 'main'; choose one "
                           "with --function");
}

/// Returns true if `type` looks like the LLVM struct of a memref descriptor.
static bool isDescriptorStruct(Type type, int64_t rank) {
  auto structType = dyn_cast<LLVM::LLVMStructType>(type);
  return structType && static_cast<int64_t>(structType.getBody().size()) ==
                           (rank == 0 ? 3 : 5);
}

llvm::Expected<FunctionType> JitSession::getSignature(StringRef name) const {
  auto func = module.get().lookupSymbol<LLVM::LLVMFuncOp>(name);
  if (!func || !isPublicEntry(func))
    return createStringError("function '" + name + "' not found");
  Attribute attr = func->getAttr(kEntrySignatureAttrName);
  if (!attr)
    return createStringError(
        "function '" + name + "' has no '" + kEntrySignatureAttrName +
        "' attribute, so its tensor signature is unknown; LLVM-dialect input "
        "must come from 'norm-opt --norm-to-llvm' (or pass the module before "
        "lowering)");
  auto typeAttr = dyn_cast<TypeAttr>(attr);
  auto signature =
      typeAttr ? dyn_cast<FunctionType>(typeAttr.getValue()) : FunctionType();
  if (!signature) {
    std::string found;
    llvm::raw_string_ostream os(found);
    os << attr;
    return createStringError("'" + kEntrySignatureAttrName + "' of function '" +
                             name + "' must be a function type, got " + found);
  }
  for (auto [index, type] : llvm::enumerate(signature.getInputs()))
    if (llvm::Error err = checkSupportedType(type))
      return withPrefix("function '" + name + "': argument " + Twine(index) +
                            " ",
                        std::move(err));
  for (auto [index, type] : llvm::enumerate(signature.getResults()))
    if (llvm::Error err = checkSupportedType(type))
      return withPrefix("function '" + name + "': result " + Twine(index) + " ",
                        std::move(err));

  // The lowered signature must consist of memref descriptors for these
  // tensors, or calls would read and write out of bounds.
  LLVM::LLVMFunctionType llvmType = func.getFunctionType();
  int64_t numParams = 0;
  for (Type type : signature.getInputs())
    numParams += getDescriptorWords(cast<RankedTensorType>(type).getRank());
  Type returnType = llvmType.getReturnType();
  bool returnMatches = false;
  TypeRange results = signature.getResults();
  if (results.empty()) {
    returnMatches = isa<LLVM::LLVMVoidType>(returnType);
  } else if (results.size() == 1) {
    returnMatches = isDescriptorStruct(
        returnType, cast<RankedTensorType>(results[0]).getRank());
  } else if (auto structType = dyn_cast<LLVM::LLVMStructType>(returnType)) {
    ArrayRef<Type> body = structType.getBody();
    returnMatches = body.size() == results.size() &&
                    llvm::all_of(llvm::zip(body, results), [](auto pair) {
                      return isDescriptorStruct(
                          std::get<0>(pair),
                          cast<RankedTensorType>(std::get<1>(pair)).getRank());
                    });
  }
  if (llvmType.isVarArg() ||
      static_cast<int64_t>(llvmType.getNumParams()) != numParams ||
      !returnMatches)
    return createStringError(
        "function '" + name + "': its LLVM signature " +
        typeToString(llvmType) + " does not lower the tensor signature " +
        typeToString(signature) + " to memref descriptors");
  return signature;
}

/// Copies the memref described by `words` (allocated, aligned, offset,
/// sizes, strides) into a new HostTensor of `type`.
static llvm::Expected<HostTensor> copyResult(ArrayRef<int64_t> words,
                                             RankedTensorType type) {
  int64_t rank = type.getRank();
  ArrayRef<int64_t> sizes = words.slice(3, rank);
  ArrayRef<int64_t> strides = words.slice(3 + rank, rank);
  ElementType elementType = *getElementTypeFromMlir(type.getElementType());
  if (!HostTensor::getNumElements(sizes) ||
      !llvm::all_of(llvm::zip(type.getShape(), sizes), [](auto pair) {
        return ShapedType::isDynamic(std::get<0>(pair)) ||
               std::get<0>(pair) == std::get<1>(pair);
      }))
    return createStringError(
        "the returned sizes " + formatTensorType(sizes, elementType) +
        " contradict the signature type " + typeToString(type));
  HostTensor tensor(elementType, sizes);
  if (tensor.getNumElements() == 0)
    return std::move(tensor);

  const char *aligned = reinterpret_cast<const char *>(words[1]);
  int64_t offset = words[2];
  size_t elementSize = getElementTypeSize(elementType);
  // Row-major contiguous results (the usual case) are one memcpy.
  bool contiguous = true;
  for (int64_t d = rank - 1, expected = 1; d >= 0; --d) {
    if (sizes[d] != 1 && strides[d] != expected)
      contiguous = false;
    expected *= sizes[d];
  }
  if (contiguous) {
    std::memcpy(tensor.getData(), aligned + offset * elementSize,
                tensor.getSizeInBytes());
    return std::move(tensor);
  }
  SmallVector<int64_t> index(rank, 0);
  for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i) {
    int64_t position = offset;
    for (int64_t d = 0; d < rank; ++d)
      position += index[d] * strides[d];
    std::memcpy(tensor.getData() + i * elementSize,
                aligned + position * elementSize, elementSize);
    for (int64_t d = rank - 1; d >= 0 && ++index[d] == sizes[d]; --d)
      index[d] = 0;
  }
  return std::move(tensor);
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

PreparedCall::~PreparedCall() = default;

void PreparedCall::freeResults() {
  // Free every result buffer once, unless it is not owned.
  // A few results and inputs: a linear search is cheaper than a set, which
  // matters for benchmarks of tiny tensors.
  SmallVector<intptr_t, 8> skip(notOwned.begin(), notOwned.end());
  for (int64_t offset : resultOffsets) {
    intptr_t allocated = resultWords[offset];
    if (llvm::is_contained(skip, allocated))
      continue;
    skip.push_back(allocated);
    freeFunction(reinterpret_cast<void *>(allocated));
  }
}

void PreparedCall::invoke() {
  std::fill(resultWords.begin(), resultWords.end(), 0);
  function(packedArgs.data());
  freeResults();
}

llvm::Expected<std::unique_ptr<PreparedCall>>
JitSession::prepare(StringRef name, ArrayRef<HostTensor> inputs) {
  llvm::Expected<FunctionType> signature = getSignature(name);
  if (!signature)
    return signature.takeError();
  if (inputs.size() != signature->getNumInputs())
    return createStringError("function '" + name + "' takes " +
                             Twine(signature->getNumInputs()) +
                             " input(s), got " + Twine(inputs.size()));
  for (auto [index, input] : llvm::enumerate(inputs))
    if (llvm::Error err = checkTensorMatchesType(
            input, cast<RankedTensorType>(signature->getInput(index))))
      return withPrefix("input " + Twine(index) + ": ", std::move(err));

  std::unique_ptr<PreparedCall> prepared(new PreparedCall());
  // One 8-byte word per scalar parameter of the lowered function.
  SmallVector<int64_t> &argWords = prepared->argWords;
  for (const HostTensor &input : inputs) {
    auto data = reinterpret_cast<intptr_t>(input.getData());
    argWords.append({data, data, /*offset=*/0});
    llvm::append_range(argWords, input.getShape());
    SmallVector<int64_t> strides(input.getRank(), 1);
    for (int64_t d = input.getRank() - 2; d >= 0; --d)
      strides[d] = strides[d + 1] * input.getShape()[d + 1];
    llvm::append_range(argWords, strides);
    prepared->notOwned.push_back(data);
  }
  prepared->notOwned.append({0, static_cast<intptr_t>(kGlobalAllocatedPtr)});
  for (int64_t &word : argWords)
    prepared->packedArgs.push_back(&word);
  int64_t numResultWords = 0;
  for (Type type : signature->getResults()) {
    prepared->resultOffsets.push_back(numResultWords);
    numResultWords +=
        getDescriptorWords(cast<RankedTensorType>(type).getRank());
  }
  prepared->resultWords.assign(numResultWords, 0);
  if (!prepared->resultWords.empty())
    prepared->packedArgs.push_back(prepared->resultWords.data());

  // Look the function up first: JIT materialization errors (unresolved
  // symbols) are returned here instead of aborting inside the call.
  auto packed = engine->lookupPacked(name);
  if (!packed)
    return withPrefix("cannot JIT-compile '" + name + "': ",
                      packed.takeError());
  prepared->function = *packed;
  prepared->freeFunction = reuseAllocations ? &reusingFree : &std::free;
  return std::move(prepared);
}

llvm::Expected<SmallVector<HostTensor>>
JitSession::call(StringRef name, ArrayRef<HostTensor> inputs) {
  llvm::Expected<std::unique_ptr<PreparedCall>> prepared =
      prepare(name, inputs);
  if (!prepared)
    return prepared.takeError();
  PreparedCall &call = **prepared;
  call.function(call.packedArgs.data());
  llvm::scope_exit freeResults([&] { call.freeResults(); });

  FunctionType signature = *getSignature(name);
  SmallVector<HostTensor> results;
  for (auto [index, type] : llvm::enumerate(signature.getResults())) {
    auto tensorType = cast<RankedTensorType>(type);
    llvm::Expected<HostTensor> result =
        copyResult(ArrayRef(call.resultWords)
                       .slice(call.resultOffsets[index],
                              getDescriptorWords(tensorType.getRank())),
                   tensorType);
    if (!result)
      return withPrefix("result " + Twine(index) + ": ", result.takeError());
    results.push_back(std::move(*result));
  }
  return std::move(results);
}
