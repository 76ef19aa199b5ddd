//===- OutputErrors.h - write errors of a tool's output as one line -*- C++
//-*-===//
//
// MlirOptMain and mlirTranslateMain open their -o file as a ToolOutputFile
// and destroy it before returning; a raw_fd_ostream destroyed with a write
// error (a full disk, /dev/full) calls report_fatal_error ("LLVM ERROR: IO
// failure on output stream: ..."). installOutputErrorHandler turns that one
// fatal error into "<tool>: error: cannot write '<-o>': <reason>" (exit
// status 1, as report_fatal_error exits after the handler); every other
// fatal error is printed as LLVM prints it.
//
// Both drivers also delete their -o file when they fail, and read their input
// from a buffer that may map the file: an -o naming the input would lose it
// (or crash while reading a truncated mapping). rejectOutputThatIsAnInput
// refuses that before the driver runs. rejectUnreadableInput and
// rejectUnwritableOutput report an input or -o that cannot be opened as
// "<tool>: error: cannot read/write ..." before the driver would print its
// bare "cannot open ... file" line. Header-only: norm-opt and norm-translate
// share it without a library between them.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_SUPPORT_OUTPUTERRORS_H
#define NORM_SUPPORT_OUTPUTERRORS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <system_error>

namespace mlir {
namespace norm {

/// The -o path that the handler of installOutputErrorHandler names where it
/// is not empty, in place of the -o option's value: a tool that hands the
/// driver a temporary file (StagedOutput.h) sets it to the path given.
inline std::string &getOutputPathForErrors() {
  static std::string path;
  return path;
}

/// Installs the fatal error handler described above for the tool named
/// `toolName` (a string that lives as long as the process), in place of any
/// installed before.
inline void installOutputErrorHandler(const char *toolName) {
  llvm::remove_fatal_error_handler();
  llvm::install_fatal_error_handler(
      [](void *data, const char *reason, bool genCrashDiag) {
        llvm::StringRef text(reason);
        constexpr llvm::StringLiteral kIOFailure =
            "IO failure on output stream: ";
        llvm::raw_fd_ostream &errs = llvm::errs();
        if (genCrashDiag || !text.consume_front(kIOFailure)) {
          errs << "LLVM ERROR: " << reason << "\n";
          errs.flush();
          return;
        }
        // The -o option of MlirOptMain and mlirTranslateMain.
        std::string path = "-";
        auto &options = llvm::cl::getRegisteredOptions();
        auto it = options.find("o");
        if (!getOutputPathForErrors().empty())
          path = getOutputPathForErrors();
        else if (it != options.end())
          if (auto *opt =
                  static_cast<llvm::cl::opt<std::string> *>(it->second))
            path = opt->getValue();
        errs << static_cast<const char *>(data) << ": error: cannot write '"
             << (path == "-" ? llvm::StringRef("<stdout>")
                             : llvm::StringRef(path))
             << "': " << text << "\n";
        errs.flush();
      },
      const_cast<char *>(toolName));
}

/// Returns true, after printing "<toolName>: error: ..." to stderr, when the
/// -o file of the command line `argv` (`-o F`, `-o=F`, `--o F`, `--o=F`) is
/// an existing file that another operand (a positional argument: the input)
/// also names, as llvm::sys::fs::equivalent decides (links and other
/// spellings of one file included). Call it before MlirOptMain or
/// mlirTranslateMain, and exit with status 1 when it returns true.
/// Returns the -o file of the command line `argv` (`-o F`, `-o=F`, `--o F`,
/// `--o=F`; the last one given) and sets `outputIndex` to the index of its
/// argument, or returns "" and sets -1 where there is none.
inline llvm::StringRef findOutputArgument(int argc, char **argv,
                                          int &outputIndex) {
  llvm::StringRef output;
  outputIndex = -1;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if ((arg == "-o" || arg == "--o") && i + 1 < argc) {
      outputIndex = ++i;
      output = argv[i];
    } else if (arg.consume_front("-o=") || arg.consume_front("--o=")) {
      outputIndex = i;
      output = arg;
    }
  }
  return output;
}

inline bool rejectOutputThatIsAnInput(int argc, char **argv,
                                      llvm::StringRef toolName) {
  int outputIndex;
  llvm::StringRef output = findOutputArgument(argc, argv, outputIndex);
  if (outputIndex < 0 || output.empty() || output == "-")
    return false;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (i == outputIndex || arg.starts_with("-"))
      continue;
    bool same = false;
    if (llvm::sys::fs::equivalent(arg, output, same) || !same)
      continue;
    llvm::errs() << toolName << ": error: the output file '" << output
                 << "' (-o) is the input file '" << arg
                 << "': write the output to another file (a failed run "
                    "deletes its output file)\n";
    return true;
  }
  return false;
}

/// Returns true, after printing "<toolName>: error: cannot write '<path>':
/// <reason>" to stderr, where the -o file `path` cannot be opened for
/// writing; MlirOptMain and mlirTranslateMain would print only "cannot open
/// output file ..." (no tool name, no "error:"). The check changes nothing:
/// an existing regular file is opened without truncation, a new one is
/// created and removed again (the driver creates it anew); "-" and existing
/// files that are not regular files or directories (devices, FIFOs) are left
/// to the driver.
inline bool rejectUnwritableOutput(llvm::StringRef path,
                                   llvm::StringRef toolName) {
  if (path.empty() || path == "-")
    return false;
  namespace fs = llvm::sys::fs;
  fs::file_status status;
  bool exists = !fs::status(path, status);
  std::error_code error;
  if (exists && status.type() == fs::file_type::directory_file) {
    error = std::make_error_code(std::errc::is_a_directory);
  } else if (exists && status.type() != fs::file_type::regular_file) {
    return false;
  } else {
    int fd = -1;
    error = fs::openFileForWrite(
        path, fd, exists ? fs::CD_OpenExisting : fs::CD_CreateNew, fs::OF_None);
    if (!error) {
      llvm::sys::Process::SafelyCloseFileDescriptor(fd);
      if (!exists)
        fs::remove(path);
    }
  }
  if (!error)
    return false;
  llvm::errs() << toolName << ": error: cannot write '" << path
               << "': " << error.message() << "\n";
  return true;
}

/// Returns true, after printing "<toolName>: error: cannot read '<path>':
/// <reason>" to stderr, where the input file `path` cannot be opened for
/// reading ("-", standard input, is not checked).
inline bool rejectUnreadableInput(llvm::StringRef path,
                                  llvm::StringRef toolName) {
  if (path.empty() || path == "-")
    return false;
  int fd = -1;
  std::error_code error = llvm::sys::fs::openFileForRead(path, fd);
  if (!error) {
    llvm::sys::Process::SafelyCloseFileDescriptor(fd);
    return false;
  }
  llvm::errs() << toolName << ": error: cannot read '" << path
               << "': " << error.message() << "\n";
  return true;
}

} // namespace norm
} // namespace mlir

#endif // NORM_SUPPORT_OUTPUTERRORS_H
