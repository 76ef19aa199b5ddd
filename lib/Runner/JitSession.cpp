//===- JitSession.cpp - JIT-compile a module and call its functions -------===//
//
// The session: parse a module, lower it to the LLVM dialect with the
// norm-to-llvm pipeline, JIT-compile it with mlir::ExecutionEngine, and
// choose the function to run. What the compiled code links against lives in
// RuntimeSymbols.cpp, how tensors cross into it in MemRefABI.cpp.
//
//===----------------------------------------------------------------------===//

#include "norm/Runner/JitSession.h"

#include "MemRefABI.h"
#include "RunnerSupport.h"
#include "RuntimeSymbols.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "norm/InitAllNorm.h"
#include "norm/Pipelines/Pipelines.h"
#include "norm/Runner/BytecodeCheck.h"
#include "norm/Runner/ToolFlags.h"
#include "norm/Support/CodegenDiagnostics.h"
#include "norm/Support/DiagnosticCollector.h"
#include "norm/Support/EscapedText.h"
#include "norm/Support/InputFiles.h"
#include "norm/Support/NestedModules.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/Target/TargetMachine.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::runner;
using llvm::createStringError;

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

/// Errors if a public function of the not yet lowered `module` has an
/// unranked tensor argument or result, or one of a type that is not a tensor
/// and that the LLVM lowering has no conversion of (a tuple, none), with
/// getSignature's message. The pipeline lowers a function with an unranked
/// tensor to calls of the `memrefCopy` runtime function, so it would fail
/// later, at link time, and leaves one with a tuple not lowered ("'func.func'
/// op was not lowered"): both misleading errors.
static llvm::Error checkNoUnrankedSignature(ModuleOp module) {
  LLVMTypeConverter converter(module.getContext());
  auto cannotLower = [&](Type type) {
    return isa<UnrankedTensorType>(type) ||
           (!isa<RankedTensorType>(type) && !converter.convertType(type));
  };
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func.isPublic())
      continue;
    FunctionType type = func.getFunctionType();
    for (auto [index, input] : llvm::enumerate(type.getInputs()))
      if (cannotLower(input))
        return createStringError("function '" + func.getName() +
                                 "': argument " + Twine(index) + " " +
                                 llvm::toString(checkSupportedType(input)));
    for (auto [index, result] : llvm::enumerate(type.getResults()))
      if (cannotLower(result))
        return createStringError("function '" + func.getName() + "': result " +
                                 Twine(index) + " " +
                                 llvm::toString(checkSupportedType(result)));
  }
  return llvm::Error::success();
}

/// Erases the public func.func ops of `module` that `entry` does not
/// reference, directly or through other symbols, so that only the function
/// to run is lowered and compiled. Leaves the module as it is if `entry` is
/// not one of its public func.func ops or a symbol use cannot be resolved.
static void keepOnlyEntryFunction(ModuleOp module, StringRef entry) {
  auto entryFunc = module.lookupSymbol<func::FuncOp>(entry);
  if (!entryFunc || !entryFunc.isPublic())
    return;
  llvm::SmallPtrSet<Operation *, 8> referenced = {entryFunc};
  SmallVector<Operation *> worklist = {entryFunc};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    std::optional<SymbolTable::UseRange> uses = SymbolTable::getSymbolUses(op);
    if (!uses)
      return;
    for (const SymbolTable::SymbolUse &use : *uses)
      if (Operation *symbol =
              SymbolTable::lookupNearestSymbolFrom(op, use.getSymbolRef()))
        if (referenced.insert(symbol).second)
          worklist.push_back(symbol);
  }
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (func.isPublic() && !referenced.contains(func))
      func.erase();
}

/// Errors if a symbol of `module` (a function, a global) has a NUL
/// character in its name: the JIT links symbols by C strings, and such a
/// name crashed it (a valid MLIR name, `@"a\00b"`).
static llvm::Error checkSymbolNames(ModuleOp module, StringRef sourceName) {
  llvm::Error result = llvm::Error::success();
  module.walk([&](Operation *op) {
    auto name = op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    if (!name || !name.getValue().contains('\0'))
      return WalkResult::advance();
    result = createStringError(
        "cannot compile '" + escapeForMessage(sourceName) + "': symbol '" +
        escapeForMessage(name.getValue()) +
        "' has a NUL character in its name, which the JIT's symbol names "
        "cannot hold");
    return WalkResult::interrupt();
  });
  return result;
}

/// Records in `unrunnable` the functions of `module` (top level) that exist
/// but cannot be run, with why: "is private" (a func.func that is not
/// public, whose declarations are all private; an llvm.func that is not
/// public or whose linkage is not external) or "is a declaration without a
/// body" (an llvm.func). The `_mlir_ciface_` wrappers are left out.
static void
collectUnrunnableFunctions(ModuleOp module,
                           llvm::StringMap<std::string> &unrunnable) {
  for (Operation &op : module.getOps()) {
    if (auto func = dyn_cast<func::FuncOp>(op)) {
      if (!func.isPublic())
        unrunnable[func.getName()] = "is private";
      continue;
    }
    auto func = dyn_cast<LLVM::LLVMFuncOp>(op);
    if (!func || isPublicEntry(func) ||
        func.getName().starts_with("_mlir_ciface_"))
      continue;
    unrunnable[func.getName()] =
        func.isExternal() ? "is a declaration without a body" : "is private";
  }
}

llvm::Expected<std::unique_ptr<JitSession>>
JitSession::create(std::unique_ptr<llvm::MemoryBuffer> source,
                   const JitOptions &options) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  // Inline asm with text is assembled through the target's parser: without
  // it, LLVM stops with a fatal error at the first such op.
  llvm::InitializeNativeTargetAsmParser();

  // norm-opt's registry: a module that parses there parses here.
  DialectRegistry registry;
  norm::registerNormToolDialects(registry);
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
  session->module = parseModuleCheckingBytecode(sourceMgr, context);
  if (!session->module) {
    // The module is MLIR (text or bytecode); an ONNX model is imported
    // first, which the error says where the file name suggests one.
    return diagnostics.takeError(
        "cannot parse '" + escapeForMessage(sourceName) + "'" +
        getONNXModelHint(sourceName,
                         sourceMgr.getMemoryBuffer(1)->getBuffer()));
  }
  ModuleOp module = *session->module;
  if (llvm::Error err = checkSymbolNames(module, sourceName))
    return std::move(err);

  collectUnrunnableFunctions(module, session->unrunnableFunctions);
  auto loweringStart = std::chrono::steady_clock::now();
  if (!isLLVMDialectOnly(module)) {
    if (!options.entryFunction.empty()) {
      // A --function that names no function to run is that error, before
      // the rest of the module is lowered and compiled: a function of it
      // that cannot be compiled would otherwise hide the misspelled name.
      Operation *entry = module.lookupSymbol(options.entryFunction);
      auto entryFunc = dyn_cast_or_null<func::FuncOp>(entry);
      bool runnable = entryFunc
                          ? entryFunc.isPublic() && !entryFunc.isExternal()
                          : isa_and_nonnull<LLVM::LLVMFuncOp>(entry);
      if (!runnable) {
        for (Operation &op : module.getOps()) {
          auto func = dyn_cast<func::FuncOp>(op);
          auto llvmFunc = dyn_cast<LLVM::LLVMFuncOp>(op);
          if ((func && func.isPublic() && !func.isExternal()) ||
              (llvmFunc && isPublicEntry(llvmFunc)))
            session->functionNames.push_back(
                SymbolTable::getSymbolName(&op).str());
        }
        llvm::Expected<std::string> name =
            session->resolveFunctionName(options.entryFunction);
        if (!name)
          return name.takeError();
        session->functionNames.clear();
      }
      keepOnlyEntryFunction(module, options.entryFunction);
    }
    if (llvm::Error err = checkNoUnrankedSignature(module))
      return std::move(err);
    PassManager pm(context, ModuleOp::getOperationName());
    // By default the lowered module is verified once, not after each of
    // the pipeline's passes (verifying every intermediate module took longer
    // than most passes). `norm-opt --norm-to-llvm` and --verify-each run the
    // same pipeline with the verifier after each pass, which names a pass
    // that breaks the IR.
    pm.enableVerifier(options.verifyEach);
    norm::NormToLLVMPipelineOptions pipelineOptions;
    pipelineOptions.vectorBits = options.vectorBits;
    norm::buildNormToLLVMPipeline(pm, pipelineOptions);
    if (failed(pm.run(module)) || failed(verify(module)))
      return diagnostics.takeError("cannot lower '" +
                                   escapeForMessage(sourceName) +
                                   "' to the LLVM dialect");
  }
  auto codegenStart = std::chrono::steady_clock::now();
  session->loweringSeconds =
      std::chrono::duration<double>(codegenStart - loweringStart).count();
  for (auto func : module.getOps<LLVM::LLVMFuncOp>())
    if (isPublicEntry(func))
      session->functionNames.push_back(func.getName().str());

  session->usesOpenMP = moduleUsesOpenMP(module);
  session->numThreads = options.numThreads;
  routeRuntimeCheckFailures(module);
  if (llvm::Error err = loadRuntimeLibraries(module, options.numThreads))
    return withPrefix("cannot JIT-compile '" + escapeForMessage(sourceName) +
                          "': ",
                      std::move(err));

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
  auto optimize =
      makeOptimizingTransformer(/*optLevel=*/3,
                                /*sizeLevel=*/0, targetMachine->get());
  // The optimized module is verified before code generation, which may
  // crash on invalid IR (describeInvalidModule). The engine takes a
  // transformer's error as fatal (cantFail): the verifier's is kept here
  // and the module's function bodies are dropped, so that nothing of it is
  // compiled, and the error is reported once the engine is created.
  auto invalidIR = std::make_shared<std::string>();
  auto transformer = [optimize,
                      invalidIR](llvm::Module *llvmModule) -> llvm::Error {
    if (llvm::Error err = optimize(llvmModule))
      return err;
    *invalidIR = describeInvalidModule(*llvmModule);
    if (!invalidIR->empty())
      for (llvm::Function &function : *llvmModule)
        if (!function.isDeclaration())
          function.deleteBody();
    return llvm::Error::success();
  };
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  // ExecutionEngine enables LLVM's perf jitdump listener by default, which
  // leaves a directory .debug/jit/llvm-IR-jit-* with a jit-<pid>.dump file
  // under $JITDUMPDIR, else the temporary directory ($TMPDIR or /tmp), for
  // every process and never removes it. Only a non-empty JITDUMPDIR asks for
  // the dumps (for perf inject --jit; docs/Runner.md).
  const char *jitDumpDir = std::getenv("JITDUMPDIR");
  engineOptions.enablePerfNotificationListener = jitDumpDir && *jitDumpDir;
  // The errors LLVM reports through the module's context while it compiles
  // (inline asm) are collected and reported after the compilation.
  std::shared_ptr<std::string> codegenErrors;
  auto buildModule = [&](Operation *op, llvm::LLVMContext &llvmContext) {
    codegenErrors = collectCodegenErrors(llvmContext);
    return translateModuleToLLVMIR(op, llvmContext);
  };
  engineOptions.llvmModuleBuilder = buildModule;
  auto engine =
      ExecutionEngine::create(module, engineOptions, std::move(*targetMachine));
  if (!engine) {
    std::string reason = llvm::toString(engine.takeError());
    return diagnostics.takeError("cannot JIT-compile '" +
                                 escapeForMessage(sourceName) + "' (" + reason +
                                 ")");
  }
  if (!invalidIR->empty())
    return createStringError("cannot JIT-compile '" +
                             escapeForMessage(sourceName) + "': " + *invalidIR);
  session->engine = std::move(*engine);
  session->reuseAllocations = options.reuseAllocations;
  registerRuntimeSymbols(*session->engine, options.reuseAllocations, module);
  // The engine compiles the whole module on the first lookup: do it here so
  // that compile time is not part of the first call.
  if (!session->functionNames.empty())
    if (auto packed =
            session->engine->lookupPacked(session->functionNames.front());
        !packed)
      return withPrefix("cannot JIT-compile '" + escapeForMessage(sourceName) +
                            "': ",
                        packed.takeError());
  if (codegenErrors && !codegenErrors->empty())
    return createStringError(
        "cannot JIT-compile '" + escapeForMessage(sourceName) +
        "': LLVM's code generation failed: " + *codegenErrors);
  session->codegenSeconds = std::chrono::duration<double>(
                                std::chrono::steady_clock::now() - codegenStart)
                                .count();
  return std::move(session);
}

std::string JitSession::getNestedModuleNote() const {
  std::string nested = describeNestedModuleWithFunctions(*module);
  if (nested.empty())
    return {};
  return "; the " + nested +
         " has functions, which are not run: the JIT runs the functions of "
         "the top-level module only";
}

llvm::Expected<std::string>
JitSession::resolveFunctionName(StringRef requested) const {
  std::string available = functionNames.empty()
                              ? std::string("none")
                              : llvm::join(functionNames, ", ");
  if (!requested.empty()) {
    if (llvm::is_contained(functionNames, requested))
      return requested.str();
    // One of the module that cannot be run: why, and what can.
    auto unrunnable = unrunnableFunctions.find(requested);
    if (unrunnable != unrunnableFunctions.end())
      return createStringError(
          "function '" + requested + "' " + unrunnable->second +
          ": only public functions with a body can be run; public "
          "functions: " +
          available + getNestedModuleNote());
    return createStringError("function '" + requested +
                             "' not found; public functions: " + available +
                             getNestedModuleNote());
  }
  if (functionNames.empty())
    return createStringError("the module has no public function to run" +
                             getNestedModuleNote());
  if (functionNames.size() == 1)
    return functionNames.front();
  if (llvm::is_contained(functionNames, "main"))
    return std::string("main");
  return createStringError("the module has several public functions (" +
                           available +
                           ") and none is 'main'; choose one "
                           "with --function");
}

unsigned JitSession::getThreadCount() const {
  if (!usesOpenMP)
    return 1;
  // libomp was loaded into the process with the module (RuntimeSymbols.h).
  using CountFunction = int (*)();
  auto lookup = [](const char *name) {
    return reinterpret_cast<CountFunction>(
        llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(name));
  };
  CountFunction maxThreads = lookup("omp_get_max_threads");
  CountFunction threadLimit = lookup("omp_get_thread_limit");
  if (!maxThreads)
    return std::max(numThreads, 1u);
  int threads = maxThreads();
  if (threadLimit)
    threads = std::min(threads, threadLimit());
  return static_cast<unsigned>(std::max(threads, 1));
}

llvm::Error JitSession::checkThreadResources() const {
  if (!usesOpenMP)
    return llvm::Error::success();
  // The threads the runtime starts: the count requested (--threads, else
  // OMP_NUM_THREADS, else the CPUs) at most OMP_THREAD_LIMIT, as the
  // runtime reads them (getThreadCount). Before, the requested count alone:
  // OMP_THREAD_LIMIT=2 --threads=4096 was refused for 4095 worker stacks the
  // runtime never maps.
  if (llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(
          "omp_get_max_threads"))
    return checkOpenMPThreadResources(getThreadCount());
  unsigned threads = numThreads;
  // OMP_NUM_THREADS was checked by the tools (checkOpenMPThreadsEnvironment);
  // a count that does not parse leaves the runtime's default.
  if (const char *env = std::getenv("OMP_NUM_THREADS"); !threads && env)
    StringRef(env).split(',').first.trim().getAsInteger(10, threads);
  if (!threads)
    threads = llvm::hardware_concurrency().compute_thread_count();
  return checkOpenMPThreadResources(threads);
}
