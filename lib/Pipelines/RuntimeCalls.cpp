//===- RuntimeCalls.cpp - C functions that norm-to-llvm calls -------------===//
//
// The pass `norm-to-llvm-runtime-calls` of the norm-to-llvm pipeline, run
// after scf -> cf and before the conversions to the LLVM dialect (which
// would lower `cf.assert` with upstream's pattern). It keeps the C functions
// the lowered code calls apart from the module's own functions of the same
// names:
//
// * `cf.assert` (the run-time checks) is lowered as upstream lowers it, a
//   `puts` of the message then `abort()`, but calls the module's own
//   declarations of `puts` and `abort` where they have C's parameters,
//   whatever their result type (C's `puts` returns int; upstream's pattern
//   rejects such a declaration and the whole lowering fails). Where the module
//   defines a function of one of these names, or declares one with other
//   parameters, the failure path calls `__norm_runtime_check_failed(message)`
//   instead, which the embedder provides (norm-runner does).
// * A check whose condition comes through a `norm.check_message` prints
//   that op's message with the sizes found: `printf(format, sizes...)` then
//   `abort()` (the format is the assert's message with the check's rule
//   replaced by the op's message, `{N}` as `%lld`), or, where the module's
//   `puts`, `abort` or `printf` cannot be used,
//   `__norm_runtime_check_failed_values(format, s0, s1, s2, s3)`, which the
//   embedder provides too. Every norm.check_message is then replaced by its
//   condition.
// * A function of the module named like a C function of the memref lowering
//   (malloc, free, ...) with another type made that lowering declare the C
//   function under another name (`malloc_0`), which links to nothing: an
//   error naming the function.
//
//===----------------------------------------------------------------------===//

#include "RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "norm/Dialect/Norm/IR/NormOps.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

/// The function a failed check calls where the module's `puts` or `abort`
/// cannot be used (a name reserved to the implementation: double
/// underscore).
static constexpr StringLiteral kRuntimeCheckFailed =
    "__norm_runtime_check_failed";

/// The function a failed check with sizes calls where the module's `puts`,
/// `abort` or `printf` cannot be used: the printf format (of `%lld` and
/// `%%` only) and four i64 sizes (those the format does not take are 0).
static constexpr StringLiteral kRuntimeCheckFailedValues =
    "__norm_runtime_check_failed_values";

/// The C functions the memref lowering declares for buffers.
static constexpr StringLiteral kMemRefFunctions[] = {"malloc", "aligned_alloc",
                                                     "free", "memrefCopy"};

namespace {
class RuntimeCallsPass
    : public PassWrapper<RuntimeCallsPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RuntimeCallsPass)

  StringRef getArgument() const override {
    return "norm-to-llvm-runtime-calls";
  }
  StringRef getDescription() const override {
    return "Lower cf.assert with the module's own puts/abort where they have "
           "C's parameters, else with __norm_runtime_check_failed; reject "
           "module functions that take the names of the memref lowering's C "
           "functions with another type";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, cf::ControlFlowDialect,
                    func::FuncDialect, LLVM::LLVMDialect>();
  }

  void runOnOperation() override;

private:
  LogicalResult checkMemRefFunctions(ModuleOp module);
};
} // namespace

/// Returns whether the module's symbol `op` is a declaration (no body) of a
/// function with `numParams` parameters, all pointers, and at most one
/// result, which can then stand for C's function of its name.
static bool isUsableDeclaration(Operation *op, unsigned numParams) {
  auto allPointers = [&](TypeRange params) {
    return params.size() == numParams &&
           llvm::all_of(params, llvm::IsaPred<LLVM::LLVMPointerType>);
  };
  if (auto func = dyn_cast<LLVM::LLVMFuncOp>(op))
    return func.isExternal() && !func.isVarArg() &&
           allPointers(func.getFunctionType().getParams());
  if (auto func = dyn_cast<func::FuncOp>(op))
    return func.isDeclaration() && func.getNumResults() <= 1 &&
           allPointers(func.getArgumentTypes());
  return false;
}

/// Returns the module's `name` as a function to call with `numParams`
/// pointers, declaring it as `llvm.func @name(ptr...)` where the module has
/// no symbol of that name; null where the module's symbol cannot be used.
static Operation *getOrDeclare(ModuleOp module, SymbolTable &symbols,
                               StringRef name, unsigned numParams) {
  if (Operation *op = symbols.lookup(name))
    return isUsableDeclaration(op, numParams) ? op : nullptr;
  MLIRContext *context = module.getContext();
  auto builder = OpBuilder::atBlockBegin(module.getBody());
  SmallVector<Type> params(numParams, LLVM::LLVMPointerType::get(context));
  auto func = LLVM::LLVMFuncOp::create(
      builder, module.getLoc(), name,
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context), params));
  symbols.insert(func);
  return func;
}

/// Calls `callee` (an llvm.func or a func.func) with `args`, its result
/// unused.
static void createCall(OpBuilder &builder, Location loc, Operation *callee,
                       ValueRange args) {
  if (auto func = dyn_cast<LLVM::LLVMFuncOp>(callee)) {
    LLVM::CallOp::create(builder, loc, func, args);
    return;
  }
  auto func = cast<func::FuncOp>(callee);
  func::CallOp::create(builder, loc, func, args);
}

/// Returns the address of a new constant global holding `message` and a NUL,
/// as upstream's lowering makes it (private, i8 data, named `assert_msg`
/// made unique, which norm-runner recognizes).
static Value createMessage(OpBuilder &builder, Location loc, ModuleOp module,
                           SymbolTable &symbols, StringRef message) {
  MLIRContext *context = module.getContext();
  auto i8 = IntegerType::get(context, 8);
  SmallVector<APInt> bytes;
  for (char c : message)
    bytes.push_back(APInt(8, static_cast<uint8_t>(c)));
  bytes.push_back(APInt(8, 0));
  auto type = LLVM::LLVMArrayType::get(i8, bytes.size());
  auto data = DenseElementsAttr::get(
      RankedTensorType::get({static_cast<int64_t>(bytes.size())}, i8), bytes);
  OpBuilder::InsertPoint insertPoint = builder.saveInsertionPoint();
  builder.setInsertionPointToStart(module.getBody());
  auto global =
      LLVM::GlobalOp::create(builder, loc, type, /*isConstant=*/true,
                             LLVM::Linkage::Private, "assert_msg", data);
  symbols.insert(global);
  builder.restoreInsertionPoint(insertPoint);
  Value address = LLVM::AddressOfOp::create(builder, loc, global);
  return LLVM::GEPOp::create(builder, loc, LLVM::LLVMPointerType::get(context),
                             type, address, ArrayRef<LLVM::GEPArg>{0, 0});
}

/// Returns the module's `printf` (C's: `(ptr, ...)`, declared where the
/// module has no symbol of that name), or null where the module's `printf`
/// is another function.
static LLVM::LLVMFuncOp getOrDeclarePrintf(ModuleOp module,
                                           SymbolTable &symbols) {
  MLIRContext *context = module.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  if (Operation *op = symbols.lookup("printf")) {
    auto func = dyn_cast<LLVM::LLVMFuncOp>(op);
    if (!func || !func.isExternal() || !func.isVarArg() ||
        func.getFunctionType().getParams() != ArrayRef<Type>{ptr})
      return nullptr;
    return func;
  }
  auto builder = OpBuilder::atBlockBegin(module.getBody());
  auto func = LLVM::LLVMFuncOp::create(
      builder, module.getLoc(), "printf",
      LLVM::LLVMFunctionType::get(IntegerType::get(context, 32), {ptr},
                                  /*isVarArg=*/true));
  symbols.insert(func);
  return func;
}

/// Returns the printf format of the failed check `assertOp` whose condition
/// comes through `message`, and appends to `values` the sizes it prints, in
/// its order: the assert's message with the rule of generate-runtime-
/// verification's ("^ <rule>" line) or the whole of any other message
/// replaced by the message's format, `{N}` as `%lld`, `%` as `%%`, ending in
/// a newline (as `puts` ends it).
static std::string buildCheckFormat(cf::AssertOp assertOp,
                                    norm::CheckMessageOp message,
                                    SmallVectorImpl<Value> &values) {
  std::string formatted;
  auto escape = [&](StringRef text) {
    for (char c : text) {
      formatted += c;
      if (c == '%')
        formatted += '%';
    }
  };
  auto formatMessage = [&] {
    // The op's verifier has checked the format.
    (void)norm::CheckMessageOp::parseFormat(
        message.getFormat(), escape,
        [&](unsigned index) {
          formatted += "%lld";
          values.push_back(message.getValues()[index]);
        },
        [](const Twine &) {});
  };
  StringRef text = assertOp.getMsg();
  size_t rule = text.find("\n^ ");
  if (text.starts_with("ERROR: Runtime op verification failed\n") &&
      rule != StringRef::npos) {
    escape(text.take_front(rule + 3));
    formatMessage();
    StringRef rest = text.drop_front(rule + 3);
    escape(rest.drop_front(std::min(rest.find('\n'), rest.size())));
  } else {
    formatMessage();
  }
  if (!StringRef(formatted).ends_with("\n"))
    formatted += '\n';
  return formatted;
}

LogicalResult RuntimeCallsPass::checkMemRefFunctions(ModuleOp module) {
  SymbolTable symbols(module);
  for (auto declared : module.getOps<LLVM::LLVMFuncOp>()) {
    // The memref lowering names its declaration `<name>_<N>` where the
    // module has a `<name>` of another type.
    auto [base, suffix] = declared.getName().rsplit('_');
    if (!declared.isExternal() || suffix.empty() ||
        !llvm::all_of(suffix, llvm::isDigit) ||
        !llvm::is_contained(kMemRefFunctions, base))
      continue;
    Operation *own = symbols.lookup(base);
    if (!own)
      continue;
    auto ownLLVM = dyn_cast<LLVM::LLVMFuncOp>(own);
    if (ownLLVM && ownLLVM.getFunctionType() == declared.getFunctionType())
      continue; // Both are C's: the module declared `<name>_<N>` itself.
    InFlightDiagnostic diag =
        own->emitError() << "the module's '" << base << "' is not C's " << base
                         << ", which the lowering calls for buffers as "
                         << declared.getFunctionType();
    if (auto func = dyn_cast<func::FuncOp>(own))
      diag << ", but it has type " << func.getFunctionType();
    else if (ownLLVM)
      diag << ", but it has type " << ownLLVM.getFunctionType();
    return diag << "; rename it, or give it C's type";
  }
  return success();
}

void RuntimeCallsPass::runOnOperation() {
  ModuleOp module = getOperation();
  if (failed(checkMemRefFunctions(module)))
    return signalPassFailure();

  // The checks of this module only: nested modules are lowered apart.
  SmallVector<cf::AssertOp> asserts;
  SmallVector<norm::CheckMessageOp> messages;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<ModuleOp>(op) && op != module)
      return WalkResult::skip();
    if (auto assertOp = dyn_cast<cf::AssertOp>(op))
      asserts.push_back(assertOp);
    if (auto message = dyn_cast<norm::CheckMessageOp>(op))
      messages.push_back(message);
    return WalkResult::advance();
  });
  // The messages go once their asserts are lowered (or where a check went
  // away without them).
  llvm::scope_exit eraseMessages([&] {
    for (norm::CheckMessageOp message : messages) {
      message.replaceAllUsesWith(message.getCondition());
      message.erase();
    }
  });
  if (asserts.empty())
    return;

  SymbolTable symbols(module);
  // Declared only where a check calls them.
  bool withValues = false, withoutValues = false;
  for (cf::AssertOp assertOp : asserts)
    (assertOp.getArg().getDefiningOp<norm::CheckMessageOp>() ? withValues
                                                              : withoutValues) =
        true;
  // `puts` and `abort` only together: either both are C's, or neither is
  // used.
  bool useC = false;
  if (Operation *op = symbols.lookup("puts"); !op || isUsableDeclaration(op, 1))
    if (Operation *abortOp = symbols.lookup("abort");
        !abortOp || isUsableDeclaration(abortOp, 0))
      useC = true;
  // The checks with sizes: `printf` where `puts` and `abort` are C's and
  // `printf` is too, else the embedder's function.
  LLVM::LLVMFuncOp printf, checkFailedValues;
  if (withValues && useC)
    printf = getOrDeclarePrintf(module, symbols);
  Operation *puts = nullptr, *abort = nullptr, *checkFailed = nullptr;
  if (useC && withoutValues)
    puts = getOrDeclare(module, symbols, "puts", 1);
  if (useC && (withoutValues || printf))
    abort = getOrDeclare(module, symbols, "abort", 0);
  if (!useC && withoutValues) {
    checkFailed = getOrDeclare(module, symbols, kRuntimeCheckFailed, 1);
    if (!checkFailed) {
      symbols.lookup(kRuntimeCheckFailed)->emitError()
          << "'" << kRuntimeCheckFailed
          << "' is reserved for the run-time checks (a declaration taking "
             "the message, a pointer), which call it because the module "
             "has its own 'puts' or 'abort'";
      return signalPassFailure();
    }
  }

  if (withValues && !printf) {
    MLIRContext *context = module.getContext();
    auto i64 = IntegerType::get(context, 64);
    auto type = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(context),
        {LLVM::LLVMPointerType::get(context), i64, i64, i64, i64});
    Operation *op = symbols.lookup(kRuntimeCheckFailedValues);
    checkFailedValues = dyn_cast_or_null<LLVM::LLVMFuncOp>(op);
    if (op && (!checkFailedValues || !checkFailedValues.isExternal() ||
               checkFailedValues.getFunctionType() != type)) {
      op->emitError() << "'" << kRuntimeCheckFailedValues
                      << "' is reserved for the run-time checks (a "
                         "declaration of type "
                      << type
                      << "), which call it because the module has its own "
                         "'puts', 'abort' or 'printf'";
      return signalPassFailure();
    }
    if (!op) {
      auto builder = OpBuilder::atBlockBegin(module.getBody());
      checkFailedValues = LLVM::LLVMFuncOp::create(
          builder, module.getLoc(), kRuntimeCheckFailedValues, type);
      symbols.insert(checkFailedValues);
    }
  }

  OpBuilder builder(module.getContext());
  for (cf::AssertOp assertOp : asserts) {
    Location loc = assertOp.getLoc();
    // As upstream's lowering: the ops after the check continue in a block
    // of their own, the failure path is a block at the end of the region.
    Block *block = assertOp->getBlock();
    Block *continuation = block->splitBlock(assertOp);
    Block *failure = builder.createBlock(block->getParent());
    if (auto checkMessage =
            assertOp.getArg().getDefiningOp<norm::CheckMessageOp>()) {
      // The sizes as i64 (index is 64-bit in this lowering), in the failure
      // path only.
      SmallVector<Value> sizes;
      std::string format = buildCheckFormat(assertOp, checkMessage, sizes);
      Value message = createMessage(builder, loc, module, symbols, format);
      auto i64 = builder.getI64Type();
      SmallVector<Value> args{message};
      for (Value size : sizes)
        args.push_back(arith::IndexCastOp::create(builder, loc, i64, size));
      if (printf) {
        LLVM::CallOp::create(builder, loc, printf, args);
        createCall(builder, loc, abort, {});
      } else {
        while (args.size() < 1 + norm::CheckMessageOp::kMaxPlaceholders)
          args.push_back(LLVM::ConstantOp::create(builder, loc, i64, 0));
        LLVM::CallOp::create(builder, loc, checkFailedValues, args);
      }
    } else {
      Value message =
          createMessage(builder, loc, module, symbols, assertOp.getMsg());
      if (checkFailed) {
        createCall(builder, loc, checkFailed, message);
      } else {
        createCall(builder, loc, puts, message);
        createCall(builder, loc, abort, {});
      }
    }
    LLVM::UnreachableOp::create(builder, loc);
    builder.setInsertionPointToEnd(block);
    cf::CondBranchOp::create(builder, loc, assertOp.getArg(), continuation,
                             failure);
    assertOp.erase();
  }
}

std::unique_ptr<Pass> mlir::norm::createRuntimeCallsPass() {
  return std::make_unique<RuntimeCallsPass>();
}

void mlir::norm::registerRuntimeCallsPass() {
  PassRegistration<RuntimeCallsPass>();
}
