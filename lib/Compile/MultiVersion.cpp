//===- MultiVersion.cpp - one object, a variant per x86-64 level ----------===//
//
// With `--mcpu=x86-64-v3,x86-64-v4`, each exported function is compiled once
// per CPU (Compile.cpp) and its C symbol becomes a dispatcher: at the first
// call it picks the last listed variant whose features the running CPU has
// (CPUID, and XGETBV for the register state the OS saves), the first listed
// one otherwise, caches the choice in a pointer of its own and calls it. The
// environment variable NORM_KERNELS_CPU, naming one of the listed CPUs,
// forces that variant (a test hook: it is read at the first call only), and
// `const char *<symbol>_cpu(void)` returns the CPU of the variant in use.
// Only the x86-64 micro-architecture levels are accepted, whose features
// are all checked here.
//
//===----------------------------------------------------------------------===//

#include "KernelInterface.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Module.h"

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::compile;

namespace {
/// A CPUID feature bit: leaf, subleaf, register (0 eax .. 3 edx), bit.
struct FeatureBit {
  uint32_t leaf;
  uint32_t subleaf;
  unsigned reg;
  unsigned bit;
};
} // namespace

// CPUID bits of the x86-64 levels (Intel SDM vol. 2, CPUID; the levels as
// the x86-64 psABI defines them).
static constexpr FeatureBit kV2[] = {{1, 0, 2, 0},           // sse3
                                     {1, 0, 2, 9},           // ssse3
                                     {1, 0, 2, 13},          // cx16
                                     {1, 0, 2, 19},          // sse4.1
                                     {1, 0, 2, 20},          // sse4.2
                                     {1, 0, 2, 23},          // popcnt
                                     {0x80000001, 0, 2, 0}}; // lahf/sahf
static constexpr FeatureBit kV3[] = {{1, 0, 2, 12},          // fma
                                     {1, 0, 2, 22},          // movbe
                                     {1, 0, 2, 27},          // osxsave
                                     {1, 0, 2, 28},          // avx
                                     {1, 0, 2, 29},          // f16c
                                     {7, 0, 1, 3},           // bmi1
                                     {7, 0, 1, 5},           // avx2
                                     {7, 0, 1, 8},           // bmi2
                                     {0x80000001, 0, 2, 5}}; // lzcnt
static constexpr FeatureBit kV4[] = {{7, 0, 1, 16},          // avx512f
                                     {7, 0, 1, 17},          // avx512dq
                                     {7, 0, 1, 28},          // avx512cd
                                     {7, 0, 1, 30},          // avx512bw
                                     {7, 0, 1, 31}};         // avx512vl

/// Returns the level (1 to 4) of an x86-64 level CPU name, or 0.
static unsigned getLevel(StringRef cpu) {
  return llvm::StringSwitch<unsigned>(cpu)
      .Case("x86-64", 1)
      .Case("x86-64-v2", 2)
      .Case("x86-64-v3", 3)
      .Case("x86-64-v4", 4)
      .Default(0);
}

bool compile::isMultiVersionCPU(StringRef cpu) { return getLevel(cpu) != 0; }

std::string compile::getCPUQuerySymbol(StringRef symbol) {
  return (symbol + "_cpu").str();
}

std::string compile::getVariantSymbol(StringRef symbol, StringRef cpu) {
  std::string name = (symbol + "__").str();
  for (char c : cpu)
    name += llvm::isAlnum(c) ? c : '_';
  return name;
}

/// Emits code that is true when the running CPU has the features of `level`
/// and the OS saves the register state they need.
static llvm::Value *emitLevelCheck(llvm::IRBuilder<> &builder, unsigned level) {
  llvm::LLVMContext &context = builder.getContext();
  llvm::Type *i32 = builder.getInt32Ty();
  auto *cpuidType = llvm::FunctionType::get(
      llvm::StructType::get(context, {i32, i32, i32, i32}), {i32, i32}, false);
  auto *cpuid = llvm::InlineAsm::get(
      cpuidType, "cpuid",
      "={ax},={bx},={cx},={dx},{ax},{cx},~{dirflag},~{fpsr},~{flags}",
      /*hasSideEffects=*/true);
  llvm::Value *ok = builder.getTrue();
  auto require = [&](ArrayRef<FeatureBit> bits) {
    for (const FeatureBit &feature : bits) {
      llvm::Value *regs = builder.CreateCall(
          cpuidType, cpuid,
          {builder.getInt32(feature.leaf), builder.getInt32(feature.subleaf)});
      llvm::Value *word = builder.CreateExtractValue(regs, feature.reg);
      llvm::Value *bit = builder.CreateAnd(
          builder.CreateLShr(word, feature.bit), builder.getInt32(1));
      ok =
          builder.CreateAnd(ok, builder.CreateICmpNE(bit, builder.getInt32(0)));
    }
  };
  // The register state in XCR0 (XGETBV 0), read only where OSXSAVE is set.
  auto requireState = [&](uint32_t mask) {
    llvm::Function *function = builder.GetInsertBlock()->getParent();
    llvm::BasicBlock *read =
        llvm::BasicBlock::Create(context, "xgetbv", function);
    llvm::BasicBlock *join =
        llvm::BasicBlock::Create(context, "state", function);
    llvm::BasicBlock *from = builder.GetInsertBlock();
    builder.CreateCondBr(ok, read, join);
    builder.SetInsertPoint(read);
    auto *xgetbvType = llvm::FunctionType::get(
        llvm::StructType::get(context, {i32, i32}), {i32}, false);
    auto *xgetbv = llvm::InlineAsm::get(
        xgetbvType, "xgetbv", "={ax},={dx},{cx},~{dirflag},~{fpsr},~{flags}",
        /*hasSideEffects=*/true);
    llvm::Value *xcr0 = builder.CreateExtractValue(
        builder.CreateCall(xgetbvType, xgetbv, {builder.getInt32(0)}), 0);
    llvm::Value *hasState =
        builder.CreateICmpEQ(builder.CreateAnd(xcr0, builder.getInt32(mask)),
                             builder.getInt32(mask));
    builder.CreateBr(join);
    builder.SetInsertPoint(join);
    llvm::PHINode *phi = builder.CreatePHI(builder.getInt1Ty(), 2);
    phi->addIncoming(builder.getFalse(), from);
    phi->addIncoming(hasState, read);
    ok = phi;
  };
  if (level >= 2)
    require(kV2);
  if (level >= 3) {
    require(kV3);
    requireState(0x6); // SSE and AVX state
  }
  if (level >= 4) {
    require(kV4);
    requireState(0xe6); // and the opmask and ZMM state
  }
  return ok;
}

/// Emits `strcmp(value, name) == 0` without libc: a byte loop.
static llvm::Value *emitStringEquals(llvm::IRBuilder<> &builder,
                                     llvm::Value *value, StringRef name) {
  llvm::Value *equal = builder.getTrue();
  for (size_t i = 0; i <= name.size(); ++i) {
    // Stop reading at the first difference: select keeps later loads in
    // bounds of a shorter string only if guarded, so branch per byte.
    llvm::Function *function = builder.GetInsertBlock()->getParent();
    llvm::BasicBlock *from = builder.GetInsertBlock();
    llvm::BasicBlock *next =
        llvm::BasicBlock::Create(builder.getContext(), "byte", function);
    llvm::BasicBlock *join =
        llvm::BasicBlock::Create(builder.getContext(), "bytes", function);
    builder.CreateCondBr(equal, next, join);
    builder.SetInsertPoint(next);
    llvm::Value *byte = builder.CreateLoad(
        builder.getInt8Ty(),
        builder.CreateConstGEP1_64(builder.getInt8Ty(), value, i));
    llvm::Value *same = builder.CreateICmpEQ(
        byte, builder.getInt8(i < name.size() ? name[i] : 0));
    llvm::BasicBlock *nextEnd = builder.GetInsertBlock();
    builder.CreateBr(join);
    builder.SetInsertPoint(join);
    llvm::PHINode *phi = builder.CreatePHI(builder.getInt1Ty(), 2);
    phi->addIncoming(builder.getFalse(), from);
    phi->addIncoming(same, nextEnd);
    equal = phi;
  }
  return equal;
}

llvm::Error compile::addDispatchers(llvm::Module &module,
                                    ArrayRef<Kernel> kernels,
                                    ArrayRef<std::string> cpus) {
  llvm::LLVMContext &context = module.getContext();
  llvm::Type *ptrType = llvm::PointerType::get(context, 0);
  llvm::FunctionCallee getenv = module.getOrInsertFunction(
      "getenv", llvm::FunctionType::get(ptrType, {ptrType}, false));
  for (const Kernel &kernel : kernels) {
    SmallVector<llvm::Function *> variants;
    for (const std::string &cpu : cpus) {
      llvm::Function *variant =
          module.getFunction(getVariantSymbol(kernel.symbol, cpu));
      if (!variant)
        return llvm::createStringError("no variant of '" + kernel.symbol +
                                       "' for " + cpu);
      variant->setLinkage(llvm::GlobalValue::InternalLinkage);
      variants.push_back(variant);
    }
    llvm::FunctionType *type = variants.front()->getFunctionType();
    auto *chosen = new llvm::GlobalVariable(
        module, ptrType, /*isConstant=*/false,
        llvm::GlobalValue::InternalLinkage,
        llvm::ConstantPointerNull::get(llvm::PointerType::get(context, 0)),
        "__norm_variant_" + kernel.symbol);

    // The selection: the cached variant, or the choice (NORM_KERNELS_CPU
    // where it names a listed CPU, else the last variant the CPU runs, else
    // the first), cached. Threads racing on the first call choose the same.
    auto *selectFunction =
        llvm::Function::Create(llvm::FunctionType::get(ptrType, false),
                               llvm::GlobalValue::InternalLinkage,
                               "__norm_select_" + kernel.symbol, module);
    selectFunction->addFnAttr(llvm::Attribute::NoUnwind);
    llvm::BasicBlock *entry =
        llvm::BasicBlock::Create(context, "entry", selectFunction);
    llvm::BasicBlock *select =
        llvm::BasicBlock::Create(context, "select", selectFunction);
    llvm::BasicBlock *done =
        llvm::BasicBlock::Create(context, "done", selectFunction);
    llvm::IRBuilder<> builder(entry);
    llvm::LoadInst *cached = builder.CreateLoad(ptrType, chosen);
    cached->setAtomic(llvm::AtomicOrdering::Acquire);
    cached->setAlignment(llvm::Align(8));
    builder.CreateCondBr(builder.CreateIsNull(cached), select, done);
    builder.SetInsertPoint(select);
    llvm::Value *forced = builder.CreateCall(
        getenv, {builder.CreateGlobalString("NORM_KERNELS_CPU")});
    llvm::Value *pick = variants.front();
    for (size_t i = 1; i < cpus.size(); ++i) {
      llvm::Value *runs = emitLevelCheck(builder, getLevel(cpus[i]));
      pick = builder.CreateSelect(runs, variants[i], pick);
    }
    llvm::BasicBlock *fromAuto = builder.GetInsertBlock();
    llvm::BasicBlock *readForced =
        llvm::BasicBlock::Create(context, "forced", selectFunction);
    llvm::BasicBlock *store =
        llvm::BasicBlock::Create(context, "store", selectFunction);
    builder.CreateCondBr(builder.CreateIsNull(forced), store, readForced);
    builder.SetInsertPoint(readForced);
    llvm::Value *forcedPick = pick;
    for (size_t i = 0; i < cpus.size(); ++i)
      forcedPick = builder.CreateSelect(
          emitStringEquals(builder, forced, cpus[i]), variants[i], forcedPick);
    llvm::BasicBlock *fromForced = builder.GetInsertBlock();
    builder.CreateBr(store);
    builder.SetInsertPoint(store);
    llvm::PHINode *picked = builder.CreatePHI(ptrType, 2);
    picked->addIncoming(pick, fromAuto);
    picked->addIncoming(forcedPick, fromForced);
    llvm::StoreInst *save = builder.CreateStore(picked, chosen);
    save->setAtomic(llvm::AtomicOrdering::Release);
    save->setAlignment(llvm::Align(8));
    builder.CreateBr(done);
    builder.SetInsertPoint(done);
    llvm::PHINode *result = builder.CreatePHI(ptrType, 2);
    result->addIncoming(cached, entry);
    result->addIncoming(picked, store);
    builder.CreateRet(result);

    // The exported function calls the selected variant.
    auto *dispatcher = llvm::Function::Create(
        type, llvm::GlobalValue::ExternalLinkage, kernel.symbol, module);
    dispatcher->addFnAttr(llvm::Attribute::NoUnwind);
    builder.SetInsertPoint(
        llvm::BasicBlock::Create(context, "entry", dispatcher));
    llvm::Value *target = builder.CreateCall(selectFunction, {});
    SmallVector<llvm::Value *> args;
    for (llvm::Argument &arg : dispatcher->args())
      args.push_back(&arg);
    llvm::CallInst *call = builder.CreateCall(type, target, args);
    call->setTailCall();
    builder.CreateRet(call);

    // `const char *<symbol>_cpu(void)`: the CPU of the selected variant.
    auto *cpuFunction =
        llvm::Function::Create(llvm::FunctionType::get(ptrType, false),
                               llvm::GlobalValue::ExternalLinkage,
                               getCPUQuerySymbol(kernel.symbol), module);
    cpuFunction->addFnAttr(llvm::Attribute::NoUnwind);
    builder.SetInsertPoint(
        llvm::BasicBlock::Create(context, "entry", cpuFunction));
    llvm::Value *selected = builder.CreateCall(selectFunction, {});
    llvm::Value *name = builder.CreateGlobalString(cpus.front());
    for (size_t i = 1; i < cpus.size(); ++i)
      name = builder.CreateSelect(builder.CreateICmpEQ(selected, variants[i]),
                                  builder.CreateGlobalString(cpus[i]), name);
    builder.CreateRet(name);
  }
  return llvm::Error::success();
}
