//===- norm-runner-input-fuzzer.cpp - fuzz the runner's input parsers -----===//
//
// libFuzzer target: the first byte chooses what the rest of the input is:
// a SPEC string (`--input=` text, parseTensorSpec), a .npy image (readNpy,
// with every expected element type), or, where the runner has it, a
// TensorProto (.pb). Errors are expected; crashes and sanitizer reports are
// bugs. Run by scripts/fuzz.sh.
//
//===----------------------------------------------------------------------===//

#include "norm/Runner/HostTensor.h"
#include "norm/Runner/NpyIO.h"
#include "norm/Runner/TensorSpec.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cstdint>
#if __has_include("norm/Runner/TensorProtoIO.h")
#include "norm/Runner/TensorProtoIO.h"
#define NORM_FUZZ_TENSOR_PROTO 1
#endif

using namespace mlir::norm::runner;

template <typename T>
static void consume(llvm::Expected<T> value) {
  if (!value)
    llvm::consumeError(value.takeError());
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  llvm::StringRef rest(reinterpret_cast<const char *>(data) + 1, size - 1);
  // Copy into an exactly sized buffer so that ASan sees over-reads.
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      llvm::MemoryBuffer::getMemBufferCopy(rest, "fuzz");
  static const ElementType types[] = {ElementType::F16, ElementType::BF16,
                                      ElementType::F32, ElementType::F64,
                                      ElementType::I32, ElementType::I64};
  switch (data[0] % 3) {
  case 0: // SPEC text, never '@' (that would read files).
    if (!rest.starts_with("@"))
      consume(parseTensorSpec(buffer->getBuffer()));
    break;
  case 1:
    consume(readNpy(buffer->getMemBufferRef()));
    consume(readNpy(buffer->getMemBufferRef(), types[size % 6]));
    break;
  case 2:
#ifdef NORM_FUZZ_TENSOR_PROTO
    consume(readTensorProto(buffer->getMemBufferRef()));
#endif
    break;
  }
  return 0;
}
