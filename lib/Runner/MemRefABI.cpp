//===- MemRefABI.cpp - pass HostTensors to lowered functions -------------===//
//
// The calling convention between HostTensors and the functions of a lowered
// module (see JitSession.h): reading and checking a function's tensor
// signature against its memref-descriptor parameters, binding inputs as
// descriptors (PreparedCall), and copying and freeing result descriptors.
//
//===----------------------------------------------------------------------===//

#include "MemRefABI.h"
#include "RunnerSupport.h"
#include "RuntimeSymbols.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "norm/Dialect/Norm/IR/NormDialect.h"
#include "norm/Runner/JitSession.h"
#include "norm/Runner/ToolMain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"

#include <cstring>

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

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//

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

llvm::Error runner::checkSupportedType(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (tensorType && getElementTypeFromMlir(tensorType.getElementType())) {
    // The static sizes alone must fit a host tensor (a dynamic size counts
    // as 1 here and is checked when the arguments or results arrive): the
    // lowered code's strides would wrap otherwise.
    SmallVector<int64_t> staticShape =
        llvm::map_to_vector(tensorType.getShape(), [](int64_t size) {
          return ShapedType::isDynamic(size) ? 1 : size;
        });
    if (HostTensor::getNumElements(staticShape))
      return llvm::Error::success();
    return createStringError(
        "has type " + typeToString(type) +
        ", whose static sizes, zeros left out, multiply to more than " +
        Twine(std::numeric_limits<int64_t>::max() / 8) +
        " (2^60 - 1) elements");
  }
  // The tool that runs (norm-runner or norm-benchmark) names itself.
  StringRef tool = getToolName();
  return createStringError("has type " + typeToString(type) + "; " +
                           (tool.empty() ? StringRef("norm-runner") : tool) +
                           " passes only ranked tensors of " +
                           getSupportedElementTypeNames());
}

bool runner::isPublicEntry(LLVM::LLVMFuncOp func) {
  return !func.isExternal() && func.isPublic() &&
         func.getLinkage() == LLVM::Linkage::External &&
         !func.getName().starts_with("_mlir_ciface_");
}

/// The attribute holding the tensor FunctionType of a lowered function (set
/// by the norm-to-llvm pipeline on public functions).
static constexpr StringLiteral kEntrySignatureAttrName =
    NormDialect::EntrySignatureAttrHelper::getNameStr();

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

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

/// Copies the memref described by `words` (allocated, aligned, offset,
/// sizes, strides) into a new HostTensor of `type`.
static llvm::Expected<HostTensor> copyResult(ArrayRef<int64_t> words,
                                             RankedTensorType type) {
  int64_t rank = type.getRank();
  ArrayRef<int64_t> sizes = words.slice(3, rank);
  ArrayRef<int64_t> strides = words.slice(3 + rank, rank);
  ElementType elementType = *getElementTypeFromMlir(type.getElementType());
  for (auto [dim, size] : llvm::enumerate(sizes))
    if (size < 0)
      return createStringError("the function returned the negative size " +
                               Twine(size) + " in dimension " + Twine(dim));
  if (!HostTensor::getNumElements(sizes) ||
      !llvm::all_of(llvm::zip(type.getShape(), sizes), [](auto pair) {
        return ShapedType::isDynamic(std::get<0>(pair)) ||
               std::get<0>(pair) == std::get<1>(pair);
      }))
    return createStringError(
        "the returned sizes " + formatTensorType(sizes, elementType) +
        " contradict the signature type " + typeToString(type));
  llvm::Expected<HostTensor> allocated =
      HostTensor::allocate(elementType, sizes);
  if (!allocated)
    return allocated.takeError();
  HostTensor &tensor = *allocated;
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
  prepared->freeFunction = getResultFreeFunction(reuseAllocations);
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
