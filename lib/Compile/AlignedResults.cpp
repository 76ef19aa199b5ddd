//===- AlignedResults.cpp - non-temporal stores into the caller's buffers -===//
//
// `norm-nontemporal-stores` writes large results with x86's non-temporal
// vector stores, which need 64-byte aligned addresses; it versions the
// loops on the result sizes, and counts on the alignment of the buffers the
// compiled code allocates. An object writes results into the caller's
// buffers instead (CWrapper.cpp), whose alignment only the call knows. So
// on x86 each function is compiled twice (Compile.cpp): once with the pass
// (the "aligned" variant) and once without (the "any" variant), and the
// exported symbol calls the aligned variant when every result buffer is
// 64-byte aligned, the other one otherwise.
//
//===----------------------------------------------------------------------===//

#include "KernelInterface.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::compile;

std::string compile::getAlignedVariantSymbol(StringRef symbol) {
  return (symbol + "__aligned").str();
}

std::string compile::getAnyAlignmentVariantSymbol(StringRef symbol) {
  return (symbol + "__any").str();
}

bool compile::hasNontemporalStores(const llvm::Module &module) {
  for (const llvm::Function &function : module)
    for (const llvm::Instruction &inst : llvm::instructions(function))
      if (isa<llvm::StoreInst>(inst) &&
          inst.getMetadata(llvm::LLVMContext::MD_nontemporal))
        return true;
  return false;
}

llvm::Error compile::addAlignmentDispatchers(llvm::Module &module,
                                             ArrayRef<Kernel> kernels) {
  llvm::LLVMContext &context = module.getContext();
  for (const Kernel &kernel : kernels) {
    llvm::Function *aligned =
        module.getFunction(getAlignedVariantSymbol(kernel.symbol));
    llvm::Function *any =
        module.getFunction(getAnyAlignmentVariantSymbol(kernel.symbol));
    if (!aligned || !any ||
        aligned->getFunctionType() != any->getFunctionType())
      return llvm::createStringError("no aligned and unaligned variants of '" +
                                     kernel.symbol + "'");
    aligned->setLinkage(llvm::GlobalValue::InternalLinkage);
    any->setLinkage(llvm::GlobalValue::InternalLinkage);
    llvm::FunctionType *type = aligned->getFunctionType();
    auto *dispatcher = llvm::Function::Create(
        type, llvm::GlobalValue::ExternalLinkage, kernel.symbol, module);
    dispatcher->addFnAttr(llvm::Attribute::NoUnwind);
    llvm::BasicBlock *entry =
        llvm::BasicBlock::Create(context, "entry", dispatcher);
    llvm::BasicBlock *toAligned =
        llvm::BasicBlock::Create(context, "aligned", dispatcher);
    llvm::BasicBlock *toAny =
        llvm::BasicBlock::Create(context, "any", dispatcher);
    llvm::IRBuilder<> builder(entry);
    // The result pointers are the last parameters; their low bits or-ed.
    llvm::Type *intPtr = builder.getInt64Ty();
    llvm::Value *lowBits = builder.getInt64(0);
    unsigned first = dispatcher->arg_size() - kernel.results.size();
    for (unsigned i = first, e = dispatcher->arg_size(); i < e; ++i)
      lowBits = builder.CreateOr(
          lowBits, builder.CreatePtrToInt(dispatcher->getArg(i), intPtr));
    llvm::Value *isAligned = builder.CreateICmpEQ(
        builder.CreateAnd(lowBits, builder.getInt64(kResultAlignment - 1)),
        builder.getInt64(0));
    builder.CreateCondBr(isAligned, toAligned, toAny);
    SmallVector<llvm::Value *> args;
    for (llvm::Argument &arg : dispatcher->args())
      args.push_back(&arg);
    for (auto [block, callee] :
         {std::pair(toAligned, aligned), std::pair(toAny, any)}) {
      builder.SetInsertPoint(block);
      llvm::CallInst *call = builder.CreateCall(callee, args);
      call->setTailCall();
      builder.CreateRet(call);
    }
  }
  return llvm::Error::success();
}
