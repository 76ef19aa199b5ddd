//===- CWrapper.cpp - C-callable wrappers of the lowered functions --------===//
//
// For each exported function, an LLVM-dialect function with the C interface
// of docs/AOT.md:
//
//   i32 @symbol(ptr arg0, ptr arg0_shape, ..., ptr result0, ...)
//
// It reads the argument sizes, calls the check function (shape rules, see
// KernelInterface.cpp) and returns 1 without touching the results where it
// fails. Otherwise it builds a row-major memref descriptor per argument
// (allocated = aligned = the caller's pointer, offset 0), calls the compiled
// function, copies each result into the caller's buffer and frees the
// result's buffer unless it is not the compiled code's own allocation (an
// argument, a constant global, or a buffer already freed for an earlier
// result), and returns 0.
//
//===----------------------------------------------------------------------===//

#include "KernelInterface.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::compile;
using llvm::createStringError;

/// The allocated pointer MLIR's memref lowering gives memref.get_global.
static constexpr int64_t kGlobalAllocatedPointer = 0xdeadbeef;

/// Returns the `free` declaration of `module`, adding it if needed.
static LLVM::LLVMFuncOp getOrInsertFree(ModuleOp module, OpBuilder &builder) {
  if (auto free = module.lookupSymbol<LLVM::LLVMFuncOp>("free"))
    return free;
  MLIRContext *context = module.getContext();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(
      builder, module.getLoc(), "free",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                  {LLVM::LLVMPointerType::get(context)}));
}

/// Builds the body of `wrapper` for `kernel`.
static llvm::Error buildWrapperBody(ModuleOp module, LLVM::LLVMFuncOp wrapper,
                                    const Kernel &kernel, LLVM::LLVMFuncOp impl,
                                    LLVM::LLVMFuncOp check,
                                    OpBuilder &builder) {
  MLIRContext *context = module.getContext();
  Location loc = wrapper.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  auto i64 = builder.getI64Type();
  auto i32 = builder.getI32Type();
  auto i8 = builder.getI8Type();
  LLVM::LLVMFuncOp free = getOrInsertFree(module, builder);

  Block *entry = wrapper.addEntryBlock(builder);
  builder.setInsertionPointToStart(entry);
  auto constant = [&](Type type, int64_t value) -> Value {
    return LLVM::ConstantOp::create(builder, loc, type,
                                    builder.getIntegerAttr(type, value));
  };

  // The argument sizes, and the shape rules.
  SmallVector<SmallVector<Value>> sizes;
  SmallVector<Value> allSizes;
  for (auto [index, type] : llvm::enumerate(kernel.arguments)) {
    Value shape = entry->getArgument(2 * index + 1);
    SmallVector<Value> argSizes;
    for (int64_t i = 0; i < type.getRank(); ++i) {
      Value address =
          LLVM::GEPOp::create(builder, loc, ptrType, i64, shape,
                              ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(i)});
      argSizes.push_back(LLVM::LoadOp::create(builder, loc, i64, address));
    }
    allSizes.append(argSizes);
    sizes.push_back(std::move(argSizes));
  }
  if (check.getNumArguments() != allSizes.size())
    return createStringError("function '" + kernel.name +
                             "': the lowered check function takes " +
                             Twine(check.getNumArguments()) +
                             " sizes, expected " + Twine(allSizes.size()));
  Value ok = LLVM::CallOp::create(builder, loc, check, allSizes).getResult();
  Block *compute = new Block();
  Block *reject = new Block();
  wrapper.getBody().push_back(compute);
  wrapper.getBody().push_back(reject);
  LLVM::CondBrOp::create(builder, loc, ok, compute, ValueRange{}, reject,
                         ValueRange{});
  builder.setInsertionPointToStart(reject);
  LLVM::ReturnOp::create(builder, loc, constant(i32, 1));

  // The call, on row-major descriptors of the caller's buffers.
  builder.setInsertionPointToStart(compute);
  Value zero = constant(i64, 0);
  Value one = constant(i64, 1);
  SmallVector<Value> implArgs;
  SmallVector<Value> argPointers;
  for (auto [index, argSizes] : llvm::enumerate(sizes)) {
    Value pointer = entry->getArgument(2 * index);
    argPointers.push_back(pointer);
    implArgs.append({pointer, pointer, zero});
    implArgs.append(argSizes);
    SmallVector<Value> strides(argSizes.size(), one);
    for (int64_t i = static_cast<int64_t>(argSizes.size()) - 2; i >= 0; --i)
      strides[i] =
          LLVM::MulOp::create(builder, loc, strides[i + 1], argSizes[i + 1]);
    implArgs.append(strides);
  }
  if (impl.getNumArguments() != implArgs.size())
    return createStringError(
        "function '" + kernel.name + "': the lowered function takes " +
        Twine(impl.getNumArguments()) + " parameters, expected " +
        Twine(implArgs.size()) + " (memref descriptors of the arguments)");
  auto call = LLVM::CallOp::create(builder, loc, impl, implArgs);

  // Each result into the caller's buffer; its own buffer freed.
  unsigned numArgs = kernel.arguments.size();
  Value globalPointer = LLVM::IntToPtrOp::create(
      builder, loc, ptrType, constant(i64, kGlobalAllocatedPointer));
  Value null = LLVM::ZeroOp::create(builder, loc, ptrType);
  SmallVector<Value> notOwned(argPointers);
  notOwned.push_back(globalPointer);
  for (auto [index, type] : llvm::enumerate(kernel.results)) {
    Value descriptor = call.getResult();
    if (kernel.results.size() > 1)
      descriptor = LLVM::ExtractValueOp::create(
          builder, loc, descriptor,
          ArrayRef<int64_t>{static_cast<int64_t>(index)});
    Value allocated = LLVM::ExtractValueOp::create(builder, loc, descriptor,
                                                   ArrayRef<int64_t>{0});
    Value aligned = LLVM::ExtractValueOp::create(builder, loc, descriptor,
                                                 ArrayRef<int64_t>{1});
    Value offset = LLVM::ExtractValueOp::create(builder, loc, descriptor,
                                                ArrayRef<int64_t>{2});
    int64_t elementBytes = type.getElementTypeBitWidth() / 8;
    Value bytes = constant(i64, elementBytes);
    for (int64_t i = 0; i < type.getRank(); ++i)
      bytes = LLVM::MulOp::create(
          builder, loc, bytes,
          LLVM::ExtractValueOp::create(builder, loc, descriptor,
                                       ArrayRef<int64_t>{3, i}));
    Value offsetBytes =
        LLVM::MulOp::create(builder, loc, offset, constant(i64, elementBytes));
    Value source = LLVM::GEPOp::create(builder, loc, ptrType, i8, aligned,
                                       ValueRange{offsetBytes});
    Value destination = entry->getArgument(2 * numArgs + index);
    LLVM::MemcpyOp::create(builder, loc, destination, source, bytes,
                           /*isVolatile=*/false);
    Value shared = constant(builder.getI1Type(), 0);
    for (Value other : notOwned)
      shared = LLVM::OrOp::create(builder, loc, shared,
                                  LLVM::ICmpOp::create(builder, loc,
                                                       LLVM::ICmpPredicate::eq,
                                                       allocated, other));
    Value freed = LLVM::SelectOp::create(builder, loc, shared, null, allocated);
    LLVM::CallOp::create(builder, loc, free, ValueRange{freed});
    notOwned.push_back(allocated);
  }
  LLVM::ReturnOp::create(builder, loc, constant(i32, 0));
  return llvm::Error::success();
}

llvm::Error compile::buildCWrappers(ModuleOp module, ArrayRef<Kernel> kernels) {
  MLIRContext *context = module.getContext();
  // Only the wrappers are exported; the rest may be inlined into them.
  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    func->removeAttr("norm.entry_signature");
    if (!func.isExternal())
      func.setLinkage(LLVM::Linkage::Internal);
  }
  OpBuilder builder(context);
  auto ptrType = LLVM::LLVMPointerType::get(context);
  for (const Kernel &kernel : kernels) {
    auto impl = module.lookupSymbol<LLVM::LLVMFuncOp>(kernel.implName);
    auto check = module.lookupSymbol<LLVM::LLVMFuncOp>(kernel.checkName);
    if (!impl || !check || impl.isExternal() || check.isExternal())
      return createStringError("function '" + kernel.name +
                               "' was not lowered to an llvm.func");
    if (module.lookupSymbol(kernel.symbol))
      return createStringError("exported name '" + kernel.symbol +
                               "' is already a symbol of the module");
    SmallVector<Type> params(
        2 * kernel.arguments.size() + kernel.results.size(), ptrType);
    builder.setInsertionPointToEnd(module.getBody());
    auto wrapper = LLVM::LLVMFuncOp::create(
        builder, impl.getLoc(), kernel.symbol,
        LLVM::LLVMFunctionType::get(builder.getI32Type(), params));
    if (llvm::Error err =
            buildWrapperBody(module, wrapper, kernel, impl, check, builder))
      return err;
  }
  return llvm::Error::success();
}
