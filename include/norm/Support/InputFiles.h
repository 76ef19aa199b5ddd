//===- InputFiles.h - read a tool's input files with a size cap -*- C++ -*-===//
//
// llvm::MemoryBuffer::getFile and getFileOrSTDIN read a file that is not a
// regular file (a pipe, a device such as /dev/zero, standard input) to its
// end: an endless one takes memory until the allocation aborts the process
// ("LLVM ERROR: out of memory"). readInputFile reads such a file to at most
// kMaxStreamInputBytes (protobuf's limit on a message), and a longer one is
// one error line; a regular file is mapped as before, whatever its size.
// handOnAsStandardInput gives what was read to a driver that opens its
// input itself (mlirTranslateMain) as its standard input.
// getONNXModelHint is the hint of the tools that read MLIR when they are
// given an ONNX model. Header-only: norm-opt, norm-translate and NormRunner
// share it without a library between them.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_SUPPORT_INPUTFILES_H
#define NORM_SUPPORT_INPUTFILES_H

#include "norm/Support/EscapedText.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

namespace mlir {
namespace norm {

/// The most bytes readInputFile reads from a file that is not a regular file:
/// 2 GiB - 1, protobuf's limit on a message (an ONNX ModelProto or a .pb
/// TensorProto), used for MLIR input too.
constexpr uint64_t kMaxStreamInputBytes = INT_MAX;

/// The `limitReason` of readInputFile for an MLIR module (text or bytecode).
constexpr llvm::StringLiteral kModuleLimitReason =
    "the most read from a pipe, a device or standard input; read a larger "
    "module from a regular file";

/// Prints to standard error, where `path` is "-" and standard input is a
/// terminal, that `tool` reads its module from it, as mlir-opt does: a
/// command without a module file would otherwise wait without a word.
inline void noteModuleFromTerminal(llvm::StringRef tool,
                                   llvm::StringRef path) {
  if (path == "-" && llvm::sys::Process::FileDescriptorIsDisplayed(0))
    llvm::errs() << tool
                 << ": reading the module from standard input (no module "
                    "file given); end it with ctrl-d\n";
}

/// Reads the input file `path` ("-": standard input). A regular file is read
/// by llvm::MemoryBuffer (mapped where it is large) whatever its size; any
/// other file is read to its end, and one of more than kMaxStreamInputBytes
/// is the error "cannot read '<path>': it is not a regular file and is longer
/// than 2 GiB (2147483647 bytes), <limitReason>". Other errors are "cannot
/// read '<path>': <reason>". The buffer is null-terminated where
/// `requiresNullTerminator` is set (as parsers need).
inline llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(llvm::StringRef path, llvm::StringRef limitReason,
              bool requiresNullTerminator = true) {
  namespace fs = llvm::sys::fs;
  bool isStdin = path == "-";
  auto cannotRead = [&](const llvm::Twine &why) {
    return llvm::createStringError("cannot read '" + escapeForMessage(path) +
                                   "': " + why);
  };
  fs::file_t file = fs::getStdinHandle();
  if (!isStdin) {
    llvm::Expected<fs::file_t> opened = fs::openNativeFileForRead(path);
    if (!opened)
      return cannotRead(llvm::toString(opened.takeError()));
    file = *opened;
  }
  struct Closer {
    fs::file_t file;
    bool owned;
    ~Closer() {
      if (owned)
        fs::closeFile(file);
    }
  } closer{file, !isStdin};

  fs::file_status status;
  if (std::error_code error = fs::status(file, status))
    return cannotRead(error.message());
  if (status.type() == fs::file_type::regular_file) {
    auto buffer =
        isStdin ? llvm::MemoryBuffer::getSTDIN()
                : llvm::MemoryBuffer::getOpenFile(file, path, /*FileSize=*/-1,
                                                  requiresNullTerminator);
    if (!buffer)
      return cannotRead(buffer.getError().message());
    return std::move(*buffer);
  }

  // A pipe, a device, a socket: read it in chunks that grow to 64 MiB (no
  // reallocation of what was read), then copy them into one buffer.
  llvm::SmallVector<std::unique_ptr<char[]>> chunks;
  llvm::SmallVector<size_t> chunkSizes;
  uint64_t total = 0;
  size_t chunkSize = size_t(1) << 16;
  for (bool atEnd = false; !atEnd;) {
    // Not value-initialized: each chunk is overwritten by the read.
    std::unique_ptr<char[]> chunk(new char[chunkSize]);
    size_t filled = 0;
    while (filled < chunkSize) {
      llvm::Expected<size_t> read = fs::readNativeFile(
          file, llvm::MutableArrayRef<char>(chunk.get() + filled,
                                            chunkSize - filled));
      if (!read)
        return cannotRead(llvm::toString(read.takeError()));
      if (*read == 0) {
        atEnd = true;
        break;
      }
      filled += *read;
      total += *read;
      if (total > kMaxStreamInputBytes)
        return cannotRead(
            "it is not a regular file and is longer than 2 GiB (" +
            llvm::Twine(kMaxStreamInputBytes) + " bytes), " + limitReason);
    }
    chunks.push_back(std::move(chunk));
    chunkSizes.push_back(filled);
    chunkSize = std::min<size_t>(chunkSize * 2, size_t(1) << 26);
  }
  // getNewUninitMemBuffer null-terminates the buffer.
  std::unique_ptr<llvm::WritableMemoryBuffer> buffer =
      llvm::WritableMemoryBuffer::getNewUninitMemBuffer(
          total, isStdin ? llvm::Twine("<stdin>") : llvm::Twine(path));
  if (!buffer)
    return cannotRead("cannot allocate " + llvm::Twine(total) + " bytes");
  char *out = buffer->getBufferStart();
  for (size_t i = 0; i < chunks.size(); ++i) {
    if (chunkSizes[i])
      std::memcpy(out, chunks[i].get(), chunkSizes[i]);
    out += chunkSizes[i];
    chunks[i].reset();
  }
  return std::unique_ptr<llvm::MemoryBuffer>(std::move(buffer));
}

/// Returns whether `path` ("-": standard input) is a regular file, as
/// readInputFile decides; false where it cannot be told.
inline bool isRegularInputFile(llvm::StringRef path) {
  namespace fs = llvm::sys::fs;
  fs::file_status status;
  std::error_code error = path == "-" ? fs::status(fs::getStdinHandle(), status)
                                      : fs::status(path, status);
  return !error && status.type() == fs::file_type::regular_file;
}

/// Makes `data` the process's standard input (a memory file), for a driver
/// that then reads its input "-". Returns false where that fails.
inline bool handOnAsStandardInput(llvm::StringRef data) {
  int file = ::memfd_create("norm-input", 0);
  bool copied = file >= 0;
  for (size_t done = 0; copied && done < data.size();) {
    ssize_t written = ::write(file, data.data() + done, data.size() - done);
    copied = written > 0;
    done += copied ? written : 0;
  }
  bool handedOn = copied && ::lseek(file, 0, SEEK_SET) == 0 &&
                  ::dup2(file, STDIN_FILENO) >= 0;
  if (file >= 0)
    ::close(file);
  return handedOn;
}

/// Returns " (an ONNX model is MLIR only after 'norm-translate
/// --import-onnx'; norm-compile reads it directly)" where the file name
/// `fileName` ends in ".onnx" (any case) or its `contents` start as a
/// serialized ONNX ModelProto does (byte 0x08: field 1, ir_version, which
/// ONNX writers put first and no MLIR starts with; standard input has no
/// name), otherwise "": the hint that tools reading MLIR add to "cannot
/// parse '<file>'".
inline std::string getONNXModelHint(llvm::StringRef fileName,
                                    llvm::StringRef contents = {}) {
  if (!llvm::sys::path::extension(fileName).equals_insensitive(".onnx") &&
      !contents.starts_with("\x08"))
    return "";
  return " (an ONNX model is MLIR only after 'norm-translate "
         "--import-onnx'; norm-compile reads it directly)";
}

} // namespace norm
} // namespace mlir

#endif // NORM_SUPPORT_INPUTFILES_H
