//===- StagedOutput.h - an output file replaced only on success -*- C++ -*-===//
//
// The output files of the norm-mlir tools (norm-opt's and norm-translate's
// -o, norm-compile's object and header, norm-runner's --output=@FILE,
// norm-benchmark's --benchmark_out) are written all or nothing: to a
// temporary file beside the target (llvm::sys::fs::TempFile, created 0600
// as `<target>-XXXXXX.tmp` in the target's directory, so that the rename is
// atomic), renamed over the target only when the run succeeded. A failed run
// leaves an existing file as it was and creates none. The temporary file is
// removed where the StagedOutput is destroyed without commit(), and on a
// signal or an `_Exit` path that calls llvm::sys::RunInterruptHandlers
// (TempFile registers it for removal). Header-only, as the other Support
// headers: the five tools share it without a library between them.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_SUPPORT_STAGEDOUTPUT_H
#define NORM_SUPPORT_STAGEDOUTPUT_H

#include "norm/Support/EscapedText.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <system_error>

#include <unistd.h>
#if defined(__linux__)
#include <sys/vfs.h>
#endif

namespace mlir {
namespace norm {

/// An output file staged in a temporary file beside it (see above). Make one
/// with stage(); write getPath() (or getStream()); call commit() once the
/// run succeeded. Movable; a moved-from StagedOutput holds no file and
/// removes none.
class StagedOutput {
public:
  /// Stages `path`. Returns none where `path` is written directly, as a
  /// shell redirection would: "-" (standard output), an existing path that
  /// is not a regular file (a device, a FIFO or a socket), the name of an
  /// open descriptor (namesOpenDescriptor: /dev/stdout, /dev/fd/N, also
  /// where the descriptor is open on a regular file), and an existing file
  /// in a directory where no file can be created. Any other path is staged,
  /// in /dev or /proc too: a new file in a file system mounted there
  /// (/dev/shm/out.txt) is created by the rename as anywhere else. A directory,
  /// an existing file that is not writable, and a new file in a directory that
  /// is missing or not writable are an error "cannot write '<path>'<what>:
  /// <reason>" (`what`: e.g. " (-o)"; the path escaped as escapeForMessage
  /// escapes it). A symlink stays a link: its target is replaced. An existing
  /// file keeps its permissions; one with other hard links keeps its inode
  /// (commit() copies the bytes into it).
  static llvm::Expected<std::optional<StagedOutput>>
  stage(llvm::StringRef path, const llvm::Twine &what = "") {
    namespace fs = llvm::sys::fs;
    auto cannotWrite = [&](std::error_code error) {
      return llvm::createStringError("cannot write '" +
                                     escapeForMessage(path) + "'" + what +
                                     ": " + error.message());
    };
    if (path.empty() || path == "-")
      return std::nullopt;
    fs::file_status status;
    bool exists = !fs::status(path, status);
    if (exists && status.type() == fs::file_type::directory_file)
      return cannotWrite(std::make_error_code(std::errc::is_a_directory));
    if (exists && status.type() != fs::file_type::regular_file)
      return std::nullopt;
    if (namesOpenDescriptor(path))
      return std::nullopt;
    StagedOutput staged;
    staged.path = path.str();
    staged.what = what.str();
    staged.target = path.str();
    llvm::SmallString<256> real;
    if (exists && !fs::real_path(path, real))
      staged.target = real.str().str();
    // A symlink to a file that does not exist yet: the file it names is
    // created, and the link stays.
    fs::file_status linkStatus;
    if (!exists && !fs::status(path, linkStatus, /*follow=*/false) &&
        linkStatus.type() == fs::file_type::symlink_file) {
      char buffer[4096];
      ssize_t size = ::readlink(staged.path.c_str(), buffer, sizeof(buffer));
      if (size > 0 && size < static_cast<ssize_t>(sizeof(buffer))) {
        llvm::SmallString<256> linked(llvm::StringRef(buffer, size));
        if (llvm::sys::path::is_relative(linked)) {
          llvm::SmallString<256> dir = llvm::sys::path::parent_path(path);
          llvm::sys::path::append(dir, linked);
          linked = dir;
        }
        staged.target = linked.str().str();
      }
    }
    if (exists && fs::access(staged.target, fs::AccessMode::Write))
      return cannotWrite(std::make_error_code(std::errc::permission_denied));
    staged.copyOnCommit = exists && status.getLinkCount() > 1;
    llvm::Expected<fs::TempFile> temp =
        fs::TempFile::create(staged.target + "-%%%%%%.tmp");
    if (!temp) {
      std::error_code error = llvm::errorToErrorCode(temp.takeError());
      // A writable file in a directory that is not: written directly.
      if (exists)
        return std::nullopt;
      return cannotWrite(error);
    }
    staged.temp = std::make_unique<fs::TempFile>(std::move(*temp));
    // The replaced file's permissions, not the temporary file's 0600.
    if (exists)
      (void)fs::setPermissions(staged.temp->FD, status.permissions());
    return std::optional<StagedOutput>(std::move(staged));
  }

  /// Returns true if `path` names an open descriptor rather than a file:
  /// one of its symlinks (followed from the last component, as open() would)
  /// is a link of /proc/<pid>/fd, which /dev/stdin, /dev/stdout,
  /// /dev/stderr, /dev/fd/N and /proc/self/fd/N lead to. Such a path is
  /// written through the descriptor's file (with O_TRUNC, as a shell
  /// redirection would): renaming a new file over the file the descriptor
  /// is open on would leave the descriptor, and what the shell writes to
  /// it, on the replaced file. A path that exists as a regular file, or not
  /// at all, in /dev or /proc is not one. Linux (procfs); elsewhere, the
  /// prefixes /dev/fd/ and /dev/std.
  static bool namesOpenDescriptor(llvm::StringRef path) {
#if defined(__linux__)
    namespace fs = llvm::sys::fs;
    llvm::SmallString<256> current(path);
    // At most 40 links, as the kernel follows (ELOOP).
    for (int links = 0; links < 40; ++links) {
      fs::file_status linkStatus;
      if (fs::status(current, linkStatus, /*follow=*/false) ||
          linkStatus.type() != fs::file_type::symlink_file)
        return false;
      llvm::SmallString<256> dir = llvm::sys::path::parent_path(current);
      if (dir.empty())
        dir = ".";
      struct statfs fileSystem;
      if (::statfs(dir.c_str(), &fileSystem) == 0 &&
          fileSystem.f_type == kProcSuperMagic)
        return true;
      char buffer[4096];
      ssize_t size = ::readlink(current.c_str(), buffer, sizeof(buffer));
      if (size <= 0 || size >= static_cast<ssize_t>(sizeof(buffer)))
        return false;
      llvm::SmallString<256> linked(llvm::StringRef(buffer, size));
      if (llvm::sys::path::is_relative(linked)) {
        llvm::sys::path::append(dir, linked);
        linked = dir;
      }
      current = linked;
    }
    return false;
#else
    return path.starts_with("/dev/fd/") || path.starts_with("/dev/std");
#endif
  }

  StagedOutput(StagedOutput &&) = default;
  StagedOutput &operator=(StagedOutput &&) = default;
  /// Removes the temporary file unless commit() renamed it.
  ~StagedOutput() {
    if (temp)
      llvm::consumeError(temp->discard());
  }

  /// The path as given.
  llvm::StringRef getGivenPath() const { return path; }
  /// The file that commit() replaces or creates (a symlink's target).
  llvm::StringRef getTargetPath() const { return target; }
  /// The temporary file to write (empty after commit()).
  llvm::StringRef getPath() const {
    return temp ? llvm::StringRef(temp->TmpName) : llvm::StringRef();
  }
  /// The descriptor of the temporary file, open for writing (-1 after
  /// commit()); it stays owned by the StagedOutput.
  int getFD() const { return temp ? temp->FD : -1; }

  /// Renames the temporary file over the target, or, for a target with
  /// other hard links, copies its bytes into the target and removes it.
  /// An error names the path as given (and stage()'s `what`).
  llvm::Error commit() {
    if (!temp)
      return llvm::Error::success();
    std::unique_ptr<llvm::sys::fs::TempFile> file = std::move(temp);
    auto cannotWrite = [&](const llvm::Twine &reason) {
      return llvm::createStringError("cannot write '" +
                                     escapeForMessage(path) + "'" + what +
                                     ": " + reason);
    };
    if (!copyOnCommit) {
      if (llvm::Error err = file->keep(target))
        return cannotWrite(llvm::toString(std::move(err)));
      return llvm::Error::success();
    }
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> bytes =
        llvm::MemoryBuffer::getFile(file->TmpName, /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false);
    llvm::consumeError(file->discard());
    if (!bytes)
      return cannotWrite(bytes.getError().message());
    std::error_code error;
    llvm::raw_fd_ostream os(target, error);
    if (!error) {
      os << (*bytes)->getBuffer();
      os.close();
      error = os.error();
      os.clear_error();
    }
    if (error)
      return cannotWrite(error.message());
    return llvm::Error::success();
  }

private:
  StagedOutput() = default;

#if defined(__linux__)
  /// statfs's f_type of procfs (PROC_SUPER_MAGIC of <linux/magic.h>).
  static constexpr long kProcSuperMagic = 0x9fa0;
#endif

  /// The path as given, for messages.
  std::string path;
  /// What the path is, after it in messages (stage()'s `what`).
  std::string what;
  /// The file the temporary file replaces (a symlink's target).
  std::string target;
  /// Whether the target has other hard links: its bytes are replaced in
  /// place at commit(), the temporary file only having shown that they fit.
  bool copyOnCommit = false;
  /// (A pointer: a moved-from StagedOutput holds none, and removes none.)
  std::unique_ptr<llvm::sys::fs::TempFile> temp;
};

} // namespace norm
} // namespace mlir

#endif // NORM_SUPPORT_STAGEDOUTPUT_H
