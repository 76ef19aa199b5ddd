//===- norm-opt.cpp - the norm-mlir optimizer driver ----------------------===//
//
// mlir-opt with the norm dialect, its passes and the norm-to-llvm pipeline,
// next to all upstream dialects, extensions and passes. It runs on a thread
// with a fixed, large stack (norm/Runner/ToolMain.h): MLIR's parser,
// verifier and printer recurse once per nesting level of the input. A
// failed write of the output is one error line (norm/Support/OutputErrors.h).
// An input in MLIR bytecode is read in a child process
// (norm/Runner/BytecodeCheck.h) and parsed from its text: a corrupted one is
// one error line.
//
//===----------------------------------------------------------------------===//

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "norm/InitAllNorm.h"
#include "norm/Runner/BytecodeCheck.h"
#include "norm/Runner/ToolMain.h"
#include "norm/Support/OutputErrors.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <sys/mman.h>
#include <unistd.h>

#include <optional>
#include <string>

/// Where the input `path` ("-": standard input) is MLIR bytecode, reads it
/// with readBytecodeInChildProcess in a context of `registry` with
/// MlirOptMain's choice on unregistered dialects, and hands MlirOptMain the
/// module as text on standard input instead: returns the input name to pass
/// on ("-" then), or nothing after printing the errors. Standard input is
/// read here, so it is handed on as a memory file in any case. An input
/// that cannot be read is left to MlirOptMain to report.
static std::optional<std::string>
readInputBytecode(llvm::StringRef path, mlir::DialectRegistry &registry,
                  const mlir::MlirOptMainConfig &config) {
  auto buffer =
      path == "-"
          ? llvm::MemoryBuffer::getSTDIN()
          : llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                        /*RequiresNullTerminator=*/false);
  if (!buffer || (path != "-" && !mlir::isBytecode(**buffer)))
    return path.str();
  llvm::StringRef data = (*buffer)->getBuffer();
  std::string text;
  if (mlir::isBytecode(**buffer)) {
    mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
    context.allowUnregisteredDialects(config.shouldAllowUnregisteredDialects());
    llvm::SourceMgr sourceMgr;
    mlir::SourceMgrDiagnosticHandler printer(sourceMgr, &context);
    mlir::FailureOr<std::string> read =
        mlir::norm::runner::readBytecodeInChildProcess(**buffer, &context);
    if (mlir::failed(read))
      return std::nullopt;
    text = std::move(*read);
    data = text;
  }
  int file = ::memfd_create("norm-opt-input", 0);
  bool copied = file >= 0;
  for (size_t done = 0; copied && done < data.size();) {
    ssize_t written = ::write(file, data.data() + done, data.size() - done);
    copied = written > 0;
    done += copied ? written : 0;
  }
  if (!copied || ::lseek(file, 0, SEEK_SET) != 0 ||
      ::dup2(file, STDIN_FILENO) < 0) {
    llvm::WithColor::error(llvm::errs(), "norm-opt")
        << "cannot hand the input on to the parser\n";
    return std::nullopt;
  }
  ::close(file);
  return std::string("-");
}

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::norm::registerNormPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::norm::registerNormDialects(registry);

  // An -o naming the input: an error, not a deleted input.
  if (mlir::norm::rejectOutputThatIsAnInput(argc, argv, "norm-opt"))
    return 1;
  // A failed write of -o: one error line, not "LLVM ERROR".
  mlir::norm::installOutputErrorHandler("norm-opt");
  // MlirOptMain sets up LLVM (InitLLVM) itself, on the tool thread.
  return mlir::norm::runner::runToolMain("norm-opt", [&] {
    auto [inputFile, outputFile] = mlir::registerAndParseCLIOptions(
        argc, argv, "norm-mlir optimizer driver\n", registry);
    mlir::MlirOptMainConfig config =
        mlir::MlirOptMainConfig::createFromCLOptions();
    // An unreadable input or unwritable -o: "norm-opt: error: ...", where
    // MlirOptMain would print "cannot open input file ..." alone.
    if (mlir::norm::rejectUnreadableInput(inputFile, "norm-opt") ||
        mlir::norm::rejectUnwritableOutput(outputFile, "norm-opt"))
      return 1;
    std::optional<std::string> input = inputFile;
    if (!config.shouldShowDialects() && !config.shouldListPasses())
      input = readInputBytecode(inputFile, registry, config);
    if (!input)
      return 1;
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, *input, outputFile, registry));
  });
}
