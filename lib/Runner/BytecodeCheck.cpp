//===- BytecodeCheck.cpp - read MLIR bytecode in a child process ----------===//
//
// The child is forked from the tool thread; its copy of the parent's memory
// holds the context, so it parses with the parent's dialects. It runs
// nothing but the parse and the printing, and leaves with _exit, reporting
// by its exit status and what it writes to a pipe: the module as text, its
// error diagnostics, or a fatal error's message. Limits it cannot leave
// (RLIMIT_CPU, alarm, RLIMIT_AS) end a reader that runs without bound.
//
//===----------------------------------------------------------------------===//

#include "norm/Runner/BytecodeCheck.h"
#include "norm/Runner/ToolMain.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::runner;

namespace {
/// The child's exit statuses, and what it wrote to the pipe: the module as
/// text; its diagnostics (records of severity 'E' or 'N', file, line,
/// column and message, each ended by a NUL); the message of a fatal error.
/// A status of 1 comes from the tool's handler of a stack overflow
/// (norm/Runner/ToolMain.h).
enum ChildStatus : int {
  kParsed = 0,
  kOverflowed = 1,
  kParseFailed = 3,
  kFatalError = 4,
};
} // namespace

/// The write end of the pipe for a fatal error's message, in the child.
static int fatalMessageFd = -1;

/// The child's handler of LLVM's fatal and allocation errors: the message
/// to the parent, then exit.
static void reportFatalInChild(void *, const char *reason, bool) {
  if (fatalMessageFd >= 0 && reason) {
    size_t size = std::min<size_t>(std::strlen(reason), 400);
    (void)!::write(fatalMessageFd, reason, size);
  }
  ::_exit(kFatalError);
}

/// Writes all of `data` to `fd`.
static void writeAll(int fd, llvm::StringRef data) {
  while (!data.empty()) {
    ssize_t written = ::write(fd, data.data(), data.size());
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0)
      return;
    data = data.drop_front(written);
  }
}

/// Appends a diagnostic record (see ChildStatus) for `diag` to `out`.
static void appendRecord(std::string &out, char severity, Diagnostic &diag,
                         llvm::StringRef bufferName) {
  std::string file = bufferName.str();
  unsigned line = 0, column = 0;
  if (auto loc = diag.getLocation()->findInstanceOf<FileLineColLoc>()) {
    file = loc.getFilename().str();
    line = loc.getLine();
    column = loc.getColumn();
  }
  for (const std::string &field :
       {std::string(1, severity), file, std::to_string(line),
        std::to_string(column), diag.str()}) {
    out += field;
    out += '\0';
  }
}

/// Runs in the child: parses `buffer` with `context`, writes the module or
/// the diagnostics to `messageFd` and exits.
[[noreturn]] static void parseInChild(llvm::MemoryBufferRef buffer,
                                      MLIRContext *context, unsigned cpuSeconds,
                                      unsigned wallSeconds, int messageFd) {
  // Nothing the child writes reaches the user.
  int devNull = ::open("/dev/null", O_WRONLY);
  if (devNull >= 0) {
    ::dup2(devNull, STDOUT_FILENO);
    ::dup2(devNull, STDERR_FILENO);
  }
  fatalMessageFd = messageFd;
  llvm::remove_fatal_error_handler();
  llvm::install_fatal_error_handler(reportFatalInChild);
  llvm::remove_bad_alloc_error_handler();
  llvm::install_bad_alloc_error_handler(reportFatalInChild);
  // A crash ends the child by its signal, which the parent reports: no
  // crash report of LLVM's (or of a sanitizer's runtime, in a sanitizer
  // build) in the child.
  terminateOnFaults();
  // No core files, no symbolizer run by LLVM's crash report.
  struct rlimit noCore = {0, 0};
  ::setrlimit(RLIMIT_CORE, &noCore);
  ::setenv("LLVM_DISABLE_SYMBOLIZATION", "1", /*overwrite=*/1);
  // CPU time (SIGXCPU), then SIGKILL one second later.
  struct rlimit cpu = {cpuSeconds, cpuSeconds + 1};
  ::setrlimit(RLIMIT_CPU, &cpu);
  ::signal(SIGXCPU, SIG_DFL);
  ::signal(SIGALRM, SIG_DFL);
  ::alarm(wallSeconds);
  // Address space: what the parent maps, and room for the parse.
  if (FILE *statm = std::fopen("/proc/self/statm", "r")) {
    unsigned long pages = 0;
    if (std::fscanf(statm, "%lu", &pages) == 1) {
      rlim_t limit = static_cast<rlim_t>(pages) * ::sysconf(_SC_PAGESIZE) +
                     (rlim_t(1) << 30) + rlim_t(64) * buffer.getBufferSize();
      struct rlimit current;
      if (::getrlimit(RLIMIT_AS, &current) == 0 &&
          (current.rlim_max == RLIM_INFINITY || limit < current.rlim_max)) {
        struct rlimit space = {limit, current.rlim_max};
        ::setrlimit(RLIMIT_AS, &space);
      }
    }
    std::fclose(statm);
  }

  std::string diagnostics;
  ScopedDiagnosticHandler collect(context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error) {
      appendRecord(diagnostics, 'E', diag, buffer.getBufferIdentifier());
      for (Diagnostic &note : diag.getNotes())
        appendRecord(diagnostics, 'N', note, buffer.getBufferIdentifier());
    }
    return success();
  });
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(buffer,
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, context);
  if (!module) {
    writeAll(messageFd, diagnostics);
    ::_exit(kParseFailed);
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().printGenericOpForm().enableDebugInfo());
  writeAll(messageFd, text);
  ::_exit(kParsed);
}

/// The name and meaning of `signal`, e.g. "SIGSEGV, invalid memory access".
static std::string describeSignal(int signal) {
  switch (signal) {
  case SIGSEGV:
    return "SIGSEGV, an invalid memory access";
  case SIGBUS:
    return "SIGBUS, an access to memory that cannot be mapped";
  case SIGABRT:
    return "SIGABRT, an abort";
  case SIGILL:
    return "SIGILL, an illegal instruction";
  case SIGFPE:
    return "SIGFPE, an arithmetic exception";
  case SIGKILL:
    return "SIGKILL, e.g. out of memory";
  }
  const char *name = ::strsignal(signal);
  return "signal " + std::to_string(signal) +
         (name ? std::string(", ") + name : std::string());
}

/// Emits the diagnostic records `records` (see ChildStatus) on `context`.
static void emitRecords(llvm::StringRef records, MLIRContext *context) {
  SmallVector<llvm::StringRef> fields;
  records.split(fields, '\0');
  std::optional<InFlightDiagnostic> error;
  for (size_t i = 0; i + 5 <= fields.size(); i += 5) {
    unsigned line = 0, column = 0;
    fields[i + 2].getAsInteger(10, line);
    fields[i + 3].getAsInteger(10, column);
    Location loc = FileLineColLoc::get(context, fields[i + 1], line, column);
    if (fields[i] == "E") {
      error.reset();
      error.emplace(emitError(loc, fields[i + 4]));
    } else if (error) {
      error->attachNote(loc) << fields[i + 4];
    }
  }
}

FailureOr<std::string>
runner::readBytecodeInChildProcess(llvm::MemoryBufferRef buffer,
                                   MLIRContext *context) {
  Location bufferLoc =
      FileLineColLoc::get(context, buffer.getBufferIdentifier(), 0, 0);
  auto corrupted = [&](const llvm::Twine &what) {
    emitError(bufferLoc,
              "corrupted MLIR bytecode: the input starts with the bytecode "
              "magic number, but MLIR's bytecode reader " +
                  what);
    return failure();
  };
  unsigned cpuSeconds = 10 + buffer.getBufferSize() / (16u << 20);
  unsigned wallSeconds = 10 * cpuSeconds;

  int message[2];
  if (::pipe2(message, O_CLOEXEC) != 0)
    return emitError(bufferLoc, "cannot read the MLIR bytecode: pipe: ")
           << std::strerror(errno);
  // What is buffered would otherwise be written by both processes.
  llvm::outs().flush();
  llvm::errs().flush();
  std::fflush(nullptr);
  pid_t child = ::fork();
  if (child < 0) {
    int error = errno;
    ::close(message[0]);
    ::close(message[1]);
    return emitError(bufferLoc, "cannot read the MLIR bytecode: fork: ")
           << std::strerror(error);
  }
  if (child == 0) {
    ::close(message[0]);
    parseInChild(buffer, context, cpuSeconds, wallSeconds, message[1]);
  }
  ::close(message[1]);
  // Read to the end first: the child blocks on a full pipe.
  std::string received;
  char chunk[1 << 16];
  ssize_t size;
  while ((size = ::read(message[0], chunk, sizeof(chunk))) > 0 ||
         (size < 0 && errno == EINTR))
    if (size > 0)
      received.append(chunk, size);
  ::close(message[0]);
  int status = 0;
  pid_t waited;
  do
    waited = ::waitpid(child, &status, 0);
  while (waited < 0 && errno == EINTR);
  if (waited < 0)
    return emitError(bufferLoc, "cannot read the MLIR bytecode: waitpid: ")
           << std::strerror(errno);

  if (WIFEXITED(status)) {
    switch (WEXITSTATUS(status)) {
    case kParsed:
      return received;
    case kParseFailed:
      emitRecords(received, context);
      return failure();
    case kOverflowed:
      return emitError(bufferLoc,
                       "out of stack space while reading the MLIR bytecode: "
                       "the input nests regions, types or attributes too "
                       "deeply");
    case kFatalError:
      return corrupted("stopped with a fatal error" +
                       (received.empty()
                            ? std::string()
                            : ": " + llvm::StringRef(received).trim().str()));
    default:
      return corrupted("exited with status " +
                       llvm::Twine(WEXITSTATUS(status)));
    }
  }
  if (WIFSIGNALED(status)) {
    int signal = WTERMSIG(status);
    if (signal == SIGXCPU)
      return corrupted("did not finish within " + llvm::Twine(cpuSeconds) +
                       " s of CPU time");
    if (signal == SIGALRM)
      return corrupted("did not finish within " + llvm::Twine(wallSeconds) +
                       " s");
    return corrupted("crashed on it (" + describeSignal(signal) + ")");
  }
  return corrupted("stopped unexpectedly");
}

OwningOpRef<ModuleOp>
runner::parseModuleCheckingBytecode(llvm::SourceMgr &sourceMgr,
                                    MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  if (!isBytecode(buffer->getMemBufferRef()))
    return parseSourceFile<ModuleOp>(sourceMgr, context);
  FailureOr<std::string> text =
      readBytecodeInChildProcess(buffer->getMemBufferRef(), context);
  if (failed(text))
    return nullptr;
  return parseSourceString<ModuleOp>(*text, context,
                                     buffer->getBufferIdentifier());
}
