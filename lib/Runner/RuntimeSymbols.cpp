//===- RuntimeSymbols.cpp - what JIT-compiled code links against ---------===//
//
// The libraries a compiled module's external functions come from (the
// process, libomp, MLIR's C runner utilities), and the functions bound to
// the module's failed run-time checks, its `abort`, and its `malloc`/`free`
// (checked allocation, and the block allocator with reuse).
//
//===----------------------------------------------------------------------===//

#include "RuntimeSymbols.h"
#include "norm/Runner/ToolMain.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/DenseSet.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
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

/// The runner's function that the failure paths of lowered `cf.assert`s
/// call with their message: norm-to-llvm calls it where the module has a
/// `puts` or `abort` of its own that is not C's, and
/// routeRuntimeCheckFailures routes the others to it.
static constexpr llvm::StringLiteral kRuntimeCheckFailed =
    "__norm_runtime_check_failed";

/// The runner's function that the failure paths of checks with sizes call:
/// with the printf format of their message (`%lld` and `%%` only) and four
/// sizes. norm-to-llvm calls it where the module's `puts`, `abort` or
/// `printf` is not C's, and routeRuntimeCheckFailures routes the `printf`s
/// of the others to it.
static constexpr llvm::StringLiteral kRuntimeCheckFailedValues =
    "__norm_runtime_check_failed_values";

/// The number of sizes kRuntimeCheckFailedValues takes
/// (norm::CheckMessageOp::kMaxPlaceholders).
static constexpr unsigned kCheckValues = 4;

//===----------------------------------------------------------------------===//
// Libraries
//===----------------------------------------------------------------------===//

/// Returns whether `module` defines (not only declares) a function `name`.
static bool definesFunction(ModuleOp module, StringRef name) {
  auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
  return func && !func.isExternal();
}

bool runner::moduleUsesOpenMP(ModuleOp module) {
  return module
      .walk([](Operation *op) {
        if (op->getName().getDialectNamespace() == "omp")
          return WalkResult::interrupt();
        auto func = dyn_cast<LLVM::LLVMFuncOp>(op);
        if (func && func.isExternal() &&
            (func.getName().starts_with("omp_") ||
             func.getName().starts_with("__kmpc_")))
          return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

/// If `module` has OpenMP ops (parallel loops lowered by
/// convert-scf-to-openmp), loads libomp into the process so that the JIT
/// resolves __kmpc_* from it, and sets its thread count unless `numThreads`
/// is 0.
static llvm::Error loadOpenMPIfNeeded(ModuleOp module, unsigned numThreads) {
  bool usesOpenMP = moduleUsesOpenMP(module);
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

llvm::Error runner::loadRuntimeLibraries(ModuleOp module, unsigned numThreads) {
  // The compiled code's malloc and free are the runner's (checked
  // allocation, reuse, results freed by the runner): a module that defines
  // its own cannot be linked with them.
  for (StringRef name : {"malloc", "free"})
    if (definesFunction(module, name))
      return createStringError(
          "the module defines a function '" + name +
          "', but norm-runner provides the compiled code's malloc and free "
          "(checked allocation; the results are freed by the runner): "
          "rename the module's function");
  // Functions the module declares must come from this process (libc, libm):
  // check here, as ORC would print its own message for a missing symbol.
  llvm::sys::DynamicLibrary::LoadLibraryPermanently(nullptr);
  if (llvm::Error err = loadOpenMPIfNeeded(module, numThreads))
    return err;
  bool loadedRunnerUtils = false;
  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    if (!func.isExternal() || func.symbolKnownUseEmpty(module) ||
        func.getName() == kRuntimeCheckFailed ||
        func.getName() == kRuntimeCheckFailedValues ||
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
        "function '" + func.getName() +
        "' is declared but neither defined in the module nor provided by "
        "norm-runner" +
        (runnerUtilsError.empty()
             ? std::string()
             : " (cannot load '" NORM_C_RUNNER_UTILS_PATH "': " +
                   runnerUtilsError + ")"));
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Failed run-time checks
//===----------------------------------------------------------------------===//

// `cf.assert` (emitted by generate-runtime-verification, e.g. for dynamic
// sizes that disagree) lowers to puts(message) followed by abort(). The
// runner routes that pair to its own function (kRuntimeCheckFailed), so that a
// failed check is one error on stderr and exit status 1, not a SIGABRT with a
// core dump, while the module's own `puts` prints as usual.

/// Returns whether `op` is a direct call of the function named `callee`.
static bool isCallTo(Operation *op, StringRef callee) {
  auto call = dyn_cast_or_null<LLVM::CallOp>(op);
  return call && call.getCallee() == callee;
}

/// Returns whether `message` is the address of a message global of the
/// `cf.assert` lowering (`assert_msg`, `assert_msg_0`, ...), possibly
/// through getelementptrs.
static bool isAssertMessage(Value message, SymbolTableCollection &symbols) {
  // The message may reach the puts through block arguments, where the
  // failure blocks of several checks were merged: every incoming value must
  // be an assert message.
  SmallVector<Value> worklist{message};
  llvm::DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    while (auto gep = value.getDefiningOp<LLVM::GEPOp>())
      value = gep.getBase();
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      Block *block = arg.getOwner();
      if (block->isEntryBlock())
        return false;
      for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
        auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
        if (!branch)
          return false;
        Value incoming = branch.getSuccessorOperands(
            it.getSuccessorIndex())[arg.getArgNumber()];
        if (!incoming)
          return false;
        worklist.push_back(incoming);
      }
      continue;
    }
    auto address = value.getDefiningOp<LLVM::AddressOfOp>();
    if (!address)
      return false;
    LLVM::GlobalOp global = address.getGlobal(symbols);
    if (!global || !global.getConstant() ||
        !global.getSymName().starts_with("assert_msg"))
      return false;
  }
  return true;
}

void runner::routeRuntimeCheckFailures(ModuleOp module) {
  // The lowering emits `puts(message); abort(); unreachable` in a block of
  // its own, or for a check with sizes `printf(format, sizes...); abort();
  // unreachable`: find each `abort` between such a call and an
  // `unreachable`.
  SymbolTableCollection symbols;
  SmallVector<std::pair<LLVM::CallOp, LLVM::CallOp>> failurePaths;
  auto i64 = IntegerType::get(module.getContext(), 64);
  module.walk([&](LLVM::CallOp abortCall) {
    if (!isCallTo(abortCall, "abort") || abortCall.getNumOperands() != 0 ||
        !isa_and_nonnull<LLVM::UnreachableOp>(abortCall->getNextNode()))
      return;
    Operation *prev = abortCall->getPrevNode();
    bool isPuts = isCallTo(prev, "puts") && prev->getNumOperands() == 1;
    bool isPrintf = isCallTo(prev, "printf") && prev->getNumOperands() >= 1 &&
                    prev->getNumOperands() <= 1 + kCheckValues &&
                    llvm::all_of(llvm::drop_begin(prev->getOperandTypes()),
                                 [&](Type type) { return type == i64; });
    if ((isPuts || isPrintf) && isAssertMessage(prev->getOperand(0), symbols))
      failurePaths.push_back({cast<LLVM::CallOp>(prev), abortCall});
  });
  if (failurePaths.empty())
    return;

  // The names are reserved (a leading double underscore): a declaration of
  // one that the module already has is reused.
  MLIRContext *context = module.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  auto voidType = LLVM::LLVMVoidType::get(context);
  auto builder = OpBuilder::atBlockBegin(module.getBody());
  auto getOrDeclare = [&](StringRef name, ArrayRef<Type> params) {
    if (auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
      return func;
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    return LLVM::LLVMFuncOp::create(
        builder, module.getLoc(), name,
        LLVM::LLVMFunctionType::get(voidType, params));
  };
  for (auto [printCall, abortCall] : failurePaths) {
    builder.setInsertionPoint(printCall);
    Location loc = printCall.getLoc();
    if (isCallTo(printCall, "puts")) {
      LLVM::CallOp::create(builder, loc,
                           getOrDeclare(kRuntimeCheckFailed, {ptr}),
                           printCall.getOperands());
    } else {
      SmallVector<Value> args(printCall.getOperands());
      while (args.size() < 1 + kCheckValues)
        args.push_back(LLVM::ConstantOp::create(builder, loc, i64, 0));
      LLVM::CallOp::create(
          builder, loc,
          getOrDeclare(kRuntimeCheckFailedValues, {ptr, i64, i64, i64, i64}),
          args);
    }
    printCall.erase();
    abortCall.erase();
  }
}

/// Returns the message of a failed run-time check as one line. Upstream's
/// generate-runtime-verification writes four: "ERROR: Runtime op
/// verification failed", the op, "^ <the broken rule>" and "Location:
/// loc(<where>)"; they become "<where>: '<op name>' op <the broken rule>", as
/// MLIR's verifier words its errors ("file":3:5 as file:3:5). Any other
/// message (the importer's checks, one line already) is returned as it is.
static std::string formatRuntimeCheckMessage(llvm::StringRef message) {
  llvm::SmallVector<llvm::StringRef> lines;
  message.split(lines, '\n');
  if (lines.size() < 3 ||
      lines.front().trim() != "ERROR: Runtime op verification failed")
    return message.str();
  llvm::StringRef rule, where;
  for (llvm::StringRef line : llvm::drop_begin(lines)) {
    if (line.starts_with("^ "))
      rule = line.drop_front(2).trim();
    else if (line.consume_front("Location: "))
      where = line.trim();
  }
  if (rule.empty() || where.empty())
    return message.str();
  // The op's name: its first word after the results ("%a, %b = "), without
  // the quotes of the generic form.
  llvm::StringRef op = lines[1].trim();
  if (op.starts_with("%"))
    op = op.split(" = ").second;
  op = op.take_until([](char c) { return c == ' ' || c == '('; }).trim('"');
  std::string location = where.str();
  if (where.consume_front("loc(\"") && where.consume_back(")")) {
    auto [file, position] = where.split('"');
    location = (file + position).str();
  }
  return (location + ": '" + op + "' op " + rule).str();
}

/// Ends the process after a failed run-time check: what the module printed
/// so far, then `message` (the op, the broken rule and its location) as one
/// error line (formatRuntimeCheckMessage), then exit status 1.
[[noreturn]] static void reportFailedRuntimeCheck(const char *message) {
  std::fflush(stdout);
  llvm::WithColor::error(llvm::errs(), getToolName())
      << "run-time check failed: " << formatRuntimeCheckMessage(message)
      << "\n";
  llvm::errs().flush();
  // Files registered for removal (the temporary file of a tool's output).
  llvm::sys::RunInterruptHandlers();
  std::_Exit(1);
}

/// Returns the printf `format` of a failed check with sizes (`%lld` for the
/// next of `values`, `%%` for `%`; nothing else is generated) as printf
/// would print it, without the final newline.
static std::string formatCheckValues(llvm::StringRef format,
                                     llvm::ArrayRef<int64_t> values) {
  std::string text;
  size_t next = 0;
  while (!format.empty()) {
    if (format.consume_front("%%")) {
      text += '%';
    } else if (format.consume_front("%lld")) {
      text += next < values.size() ? std::to_string(values[next++]) : "?";
    } else {
      text += format.front();
      format = format.drop_front();
    }
  }
  if (llvm::StringRef(text).ends_with("\n"))
    text.pop_back();
  return text;
}

/// A failed run-time check with sizes: as reportFailedRuntimeCheck, with the
/// sizes printed into its message.
[[noreturn]] static void reportFailedRuntimeCheckValues(const char *format,
                                                        int64_t v0, int64_t v1,
                                                        int64_t v2,
                                                        int64_t v3) {
  std::string message = formatCheckValues(format, {v0, v1, v2, v3});
  reportFailedRuntimeCheck(message.c_str());
}

/// The module's own calls of `abort`: one error and exit status 1 instead of
/// SIGABRT with a core dump.
[[noreturn]] static void reportModuleAbort() {
  std::fflush(stdout);
  llvm::WithColor::error(llvm::errs(), getToolName())
      << "the compiled module called abort()\n";
  llvm::errs().flush();
  // Files registered for removal (the temporary file of a tool's output).
  llvm::sys::RunInterruptHandlers();
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
  llvm::WithColor::error(llvm::errs(), getToolName())
      << "out of memory: the compiled function could not allocate " << size
      << " bytes\n";
  llvm::errs().flush();
  // Files registered for removal (the temporary file of a tool's output).
  llvm::sys::RunInterruptHandlers();
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
// Symbol bindings
//===----------------------------------------------------------------------===//

void runner::registerRuntimeSymbols(ExecutionEngine &engine,
                                    bool reuseAllocations, ModuleOp module) {
  // A module's own `abort` is its function, not C's: a second definition
  // would make the whole module fail to link.
  bool bindAbort = !definesFunction(module, "abort");
  engine.registerSymbols(
      [reuseAllocations, bindAbort](llvm::orc::MangleAndInterner interner) {
        llvm::orc::SymbolMap symbols;
        symbols[interner(kRuntimeCheckFailed)] = {
            llvm::orc::ExecutorAddr::fromPtr(&reportFailedRuntimeCheck),
            llvm::JITSymbolFlags::Exported};
        symbols[interner(kRuntimeCheckFailedValues)] = {
            llvm::orc::ExecutorAddr::fromPtr(&reportFailedRuntimeCheckValues),
            llvm::JITSymbolFlags::Exported};
        if (bindAbort)
          symbols[interner("abort")] = {
              llvm::orc::ExecutorAddr::fromPtr(&reportModuleAbort),
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
}

FreeFunction runner::getResultFreeFunction(bool reuseAllocations) {
  return reuseAllocations ? &reusingFree : &std::free;
}
