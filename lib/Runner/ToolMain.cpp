//===- ToolMain.cpp - run a tool on a fixed stack, report faults ----------===//
//
// The tool thread (pthread, for its stack and guard sizes and an alternate
// signal stack) and the fault handler. The handler runs in signal context:
// it only reads state prepared beforehand, writes with write(2) and leaves
// with _exit(1), or passes the signal on to the handler installed before it.
//
//===----------------------------------------------------------------------===//

#include "norm/Runner/ToolMain.h"
#include "norm/Support/StandardStreams.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sysexits.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <iterator>
#include <streambuf>
#include <system_error>

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::runner;

/// The guard below the tool stack: an overflow faults in it, and frames of
/// up to this size cannot jump over it.
static constexpr size_t kGuardSize = 1u << 20;
/// The stack the fault handler runs on (LLVM's crash report, which the
/// handler may pass a fault on to, symbolizes on it too).
static constexpr size_t kAltStackSize = 256u << 10;

namespace {
/// Text the handler writes, copied in before any fault can need it.
struct FixedText {
  char data[256];
  size_t size = 0;
  void set(StringRef text) {
    size = std::min(text.size(), sizeof(data));
    std::memcpy(data, text.data(), size);
  }
};
} // namespace

static FixedText toolName;
static FixedText runningFunction;
static std::atomic<bool> moduleCodeIsRunning{false};
/// The usable part of the tool thread's stack, [low, high); 0 outside it.
static std::atomic<uintptr_t> toolStackLow{0};
static std::atomic<uintptr_t> toolStackHigh{0};

static const int kFaultSignals[] = {SIGSEGV, SIGBUS,  SIGILL,
                                    SIGFPE,  SIGTRAP, SIGABRT};
static struct sigaction previousActions[std::size(kFaultSignals)];

//===----------------------------------------------------------------------===//
// Signal context
//===----------------------------------------------------------------------===//

static void writeBytes(const char *bytes, size_t size) {
  while (size) {
    ssize_t written = ::write(STDERR_FILENO, bytes, size);
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0)
      return;
    bytes += written;
    size -= written;
  }
}

static void writeString(const char *text) { writeBytes(text, strlen(text)); }

static void writeText(const FixedText &text) {
  writeBytes(text.data, text.size);
}

static void writeHex(uintptr_t value) {
  char digits[2 + 2 * sizeof(uintptr_t)];
  char *end = digits + sizeof(digits), *p = end;
  do {
    *--p = "0123456789abcdef"[value & 15];
    value >>= 4;
  } while (value);
  *--p = 'x';
  *--p = '0';
  writeBytes(p, end - p);
}

static void writeDecimal(unsigned value) {
  char digits[16];
  char *end = digits + sizeof(digits), *p = end;
  do {
    *--p = char('0' + value % 10);
    value /= 10;
  } while (value);
  writeBytes(p, end - p);
}

/// Returns the name of a fault signal and what it means for compiled code.
static const char *describeSignal(int signal, const char **description) {
  switch (signal) {
  case SIGSEGV:
    *description = "invalid memory access";
    return "SIGSEGV";
  case SIGBUS:
    *description = "bus error, an access to memory that cannot be mapped";
    return "SIGBUS";
  case SIGILL:
    *description = "illegal instruction, e.g. a trap or unreachable code";
    return "SIGILL";
  case SIGFPE:
    *description = "arithmetic exception, e.g. an integer division by zero";
    return "SIGFPE";
  case SIGTRAP:
    *description = "trap instruction";
    return "SIGTRAP";
  case SIGABRT:
    *description = "abort";
    return "SIGABRT";
  }
  *description = "fault";
  return "signal";
}

/// Returns true if `info` is an access just below the tool thread's stack:
/// into its guard, or the last pages before it.
static bool isToolStackOverflow(int signal, const siginfo_t *info) {
  // Only a fault the kernel raised has a meaningful address.
  if ((signal != SIGSEGV && signal != SIGBUS) || info->si_code <= 0)
    return false;
  uintptr_t low = toolStackLow.load();
  auto address = reinterpret_cast<uintptr_t>(info->si_addr);
  constexpr uintptr_t kSlack = 64u << 10;
  return low && address < low + kSlack && address + kGuardSize + kSlack >= low;
}

/// Passes `signal` on to the handler installed before ours, or terminates
/// by it.
static void passOn(int signal, siginfo_t *info, void *context) {
  for (size_t i = 0; i < std::size(kFaultSignals); ++i) {
    if (kFaultSignals[i] != signal)
      continue;
    const struct sigaction &previous = previousActions[i];
    if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction) {
      previous.sa_sigaction(signal, info, context);
      return;
    }
    if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
      previous.sa_handler(signal);
      return;
    }
  }
  // The default action: the signal is blocked while this handler runs, so
  // it is delivered, and terminates the process, when the handler returns.
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

static void handleFault(int signal, siginfo_t *info, void *context) {
  bool running = moduleCodeIsRunning.load();
  if (isToolStackOverflow(signal, info)) {
    writeText(toolName);
    if (running) {
      writeString(": error: function '");
      writeText(runningFunction);
      writeString("' overflowed the stack at run time (");
      writeDecimal(kToolStackSize >> 20);
      writeString(" MiB): unbounded recursion?\n");
    } else {
      writeString(": error: out of stack space (");
      writeDecimal(kToolStackSize >> 20);
      writeString(" MiB): the input nests regions, types or attributes too "
                  "deeply\n");
    }
    llvm::sys::RunInterruptHandlers();
    ::_exit(1);
  }
  if (running) {
    const char *description;
    const char *name = describeSignal(signal, &description);
    writeText(toolName);
    writeString(": error: function '");
    writeText(runningFunction);
    writeString("' faulted at run time: ");
    writeString(name);
    writeString(" (");
    writeString(description);
    if (signal == SIGSEGV || signal == SIGBUS) {
      // The kernel reports no address for a non-canonical one (SI_KERNEL).
      if (info->si_code != SI_KERNEL) {
        writeString(" at address ");
        writeHex(reinterpret_cast<uintptr_t>(info->si_addr));
      }
      writeString(", e.g. an out-of-bounds index");
    }
    writeString(")\n");
    // Remove the files registered for removal (a temporary output file).
    llvm::sys::RunInterruptHandlers();
    ::_exit(1);
  }
  passOn(signal, info, context);
}

//===----------------------------------------------------------------------===//
// The tool thread
//===----------------------------------------------------------------------===//

namespace {
struct ToolThread {
  llvm::function_ref<int()> body;
  int result = 1;
};
} // namespace

static void *runToolThread(void *argument) {
  auto *thread = static_cast<ToolThread *>(argument);
  // The handler of an overflow cannot run on the overflowed stack.
  void *altStack = ::mmap(nullptr, kAltStackSize, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (altStack != MAP_FAILED) {
    stack_t stack = {};
    stack.ss_sp = altStack;
    stack.ss_size = kAltStackSize;
    ::sigaltstack(&stack, nullptr);
  }
  pthread_attr_t attributes;
  if (::pthread_getattr_np(::pthread_self(), &attributes) == 0) {
    void *low;
    size_t size;
    if (::pthread_attr_getstack(&attributes, &low, &size) == 0) {
      toolStackHigh.store(reinterpret_cast<uintptr_t>(low) + size);
      toolStackLow.store(reinterpret_cast<uintptr_t>(low));
    }
    ::pthread_attr_destroy(&attributes);
  }
  thread->result = thread->body();
  toolStackLow.store(0);
  toolStackHigh.store(0);
  if (altStack != MAP_FAILED) {
    stack_t disable = {};
    disable.ss_flags = SS_DISABLE;
    ::sigaltstack(&disable, nullptr);
    ::munmap(altStack, kAltStackSize);
  }
  return nullptr;
}

namespace {
/// std::cout's buffer while a tool runs (Google Benchmark's reports go
/// there). As libstdc++'s own in its default mode (synced with stdio), it
/// keeps nothing: every write goes on to C's stdout at once, in order with
/// what the compiled code prints there. It also keeps the error of the first
/// write or flush that failed (errno, read right after the call), which
/// std::cout's state does not: a failure there is only its badbit, and was
/// reported as "Input/output error" where the cause was a full device.
class StdoutBuffer : public std::streambuf {
public:
  /// The first error of a write or a flush of C's stdout through this
  /// buffer (none: every one succeeded).
  std::error_code getError() const { return error; }

protected:
  int_type overflow(int_type c) override {
    errno = 0;
    if (traits_type::eq_int_type(c, traits_type::eof())) {
      if (std::fflush(stdout) == 0)
        return traits_type::not_eof(c);
      note();
      return traits_type::eof();
    }
    if (std::putc(c, stdout) != EOF)
      return c;
    note();
    return traits_type::eof();
  }

  std::streamsize xsputn(const char *text, std::streamsize size) override {
    errno = 0;
    size_t written = std::fwrite(text, 1, size, stdout);
    if (written < static_cast<size_t>(size))
      note();
    return static_cast<std::streamsize>(written);
  }

  int sync() override {
    errno = 0;
    if (std::fflush(stdout) == 0)
      return 0;
    note();
    return -1;
  }

private:
  /// Keeps errno as the first error (EIO where the call left none).
  void note() {
    if (!error)
      error = std::error_code(errno ? errno : EIO, std::generic_category());
  }

  std::error_code error;
};
} // namespace

/// std::cout's buffer, installed by runToolMain. Never destroyed: std::cout
/// is flushed again at exit.
static StdoutBuffer *stdoutBuffer = nullptr;

/// Flushes standard output (llvm::outs(), std::cout and C's stdout) and
/// returns `result`, or 1 after one "<tool>: error: cannot write
/// '<stdout>': <reason>" line where the output could not be written (a full
/// disk, /dev/full: "No space left on device"): llvm::outs() would otherwise
/// report the failure as "LLVM ERROR" when it is destroyed, and std::cout
/// and C's stdout not at all.
static int checkStandardOutput(StringRef name, int result) {
  llvm::raw_fd_ostream &out = llvm::outs();
  out.flush();
  std::error_code error = out.error();
  out.clear_error();
  std::cout.flush();
  if (!error && stdoutBuffer)
    error = stdoutBuffer->getError();
  if (!error && !std::cout.good())
    error = std::make_error_code(std::errc::io_error);
  std::cout.clear();
  // What was written to C's stdout directly (the compiled code's printf).
  errno = 0;
  bool flushed = std::fflush(stdout) == 0;
  if (!error && (!flushed || std::ferror(stdout)))
    error = std::error_code(!flushed && errno ? errno : EIO,
                            std::generic_category());
  std::clearerr(stdout);
  if (!error)
    return result;
  llvm::errs() << name
               << ": error: cannot write '<stdout>': " << error.message()
               << "\n";
  return 1;
}

/// LLVM's fatal error handler (llvm::report_fatal_error, e.g. from code
/// generation): one error line with the tool's name instead of "LLVM ERROR:"
/// and, where LLVM asks for a crash report, an abort with a stack dump. Then
/// it removes the files registered for removal on a signal (a partly written
/// output) and ends the process with status 1, without exit-time destructors
/// (another thread may hold a lock one of them takes).
static void handleFatalError(void *, const char *reason, bool) {
  writeText(toolName);
  writeString(": error: LLVM stopped with a fatal error: ");
  writeString(reason ? reason : "(no reason)");
  writeString("\n");
  llvm::sys::RunInterruptHandlers();
  ::_exit(1);
}

int runner::runToolMain(StringRef name, llvm::function_ref<int()> body) {
  // Before anything opens a file: a closed stdout must not be a file opened
  // later (norm/Support/StandardStreams.h).
  reserveClosedStandardStreams();
  toolName.set(name);
  // std::cout's writes keep their error (StdoutBuffer).
  if (!stdoutBuffer) {
    stdoutBuffer = new StdoutBuffer();
    std::cout.rdbuf(stdoutBuffer);
  }
  // Have LLVM install its crash handlers now, as InitLLVM does (it does not
  // install them twice), so that ours replace them and run first.
  // A write to a closed pipe ends the process with EX_IOERR as LLVM's
  // default does, but with _exit, not exit: the signal may interrupt a
  // thread that holds a lock an exit-time destructor takes (libomp's, while
  // OMP_DISPLAY_ENV prints), and exit would then wait for it forever.
  llvm::sys::SetOneShotPipeSignalFunction(+[] { ::_exit(EX_IOERR); });
  llvm::remove_fatal_error_handler();
  llvm::install_fatal_error_handler(handleFatalError);
  for (size_t i = 0; i < std::size(kFaultSignals); ++i) {
    struct sigaction action = {};
    action.sa_sigaction = handleFault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    ::sigaction(kFaultSignals[i], &action, &previousActions[i]);
  }

  // The body's result, unless what it printed could not be written.
  auto bodyAndFlush = [&] { return checkStandardOutput(name, body()); };
  ToolThread thread{bodyAndFlush};
  pthread_attr_t attributes;
  ::pthread_attr_init(&attributes);
  ::pthread_attr_setstacksize(&attributes, kToolStackSize);
  ::pthread_attr_setguardsize(&attributes, kGuardSize);
  pthread_t handle;
  int error = ::pthread_create(&handle, &attributes, runToolThread, &thread);
  ::pthread_attr_destroy(&attributes);
  if (error != 0)
    return bodyAndFlush();
  ::pthread_join(handle, nullptr);
  return thread.result;
}

StringRef runner::getToolName() {
  return StringRef(toolName.data, toolName.size);
}

void runner::terminateOnFaults() {
  for (size_t i = 0; i < std::size(kFaultSignals); ++i) {
    struct sigaction current = {};
    ::sigaction(kFaultSignals[i], nullptr, &current);
    if ((current.sa_flags & SA_SIGINFO) &&
        current.sa_sigaction == handleFault) {
      // Ours stays (it reports a stack overflow); it passes every other
      // fault on to the default action.
      previousActions[i] = {};
      previousActions[i].sa_handler = SIG_DFL;
      continue;
    }
    ::signal(kFaultSignals[i], SIG_DFL);
  }
}

RunningModuleCode::RunningModuleCode(StringRef function) {
  runningFunction.set(function);
  moduleCodeIsRunning.store(true);
}

RunningModuleCode::~RunningModuleCode() { moduleCodeIsRunning.store(false); }
