//===- norm-opt.cpp - the norm-mlir optimizer driver ----------------------===//
//
// mlir-opt with the norm dialect, its passes and the norm-to-llvm pipeline,
// next to all upstream dialects, extensions and passes. It runs on a thread
// with a fixed, large stack (norm/Runner/ToolMain.h): MLIR's parser,
// verifier and printer recurse once per nesting level of the input. A
// failed write of the output is one error line (norm/Support/OutputErrors.h).
// An input in MLIR bytecode is read in a child process
// (norm/Runner/BytecodeCheck.h) and parsed from its text: a corrupted one is
// one error line. An input that is not a regular file is read to at most
// 2 GiB, and an ONNX model gets norm-runner's hint (norm/Support/InputFiles.h).
//
//===----------------------------------------------------------------------===//

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "norm/InitAllNorm.h"
#include "norm/Runner/BytecodeCheck.h"
#include "norm/Runner/ToolMain.h"
#include "norm/Support/DiagnosticCollector.h"
#include "norm/Support/InputFiles.h"
#include "norm/Support/OutputErrors.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

/// Reads the input `path` ("-": standard input) for MlirOptMain, which
/// opens it again itself, and returns the input name to hand on, or nothing
/// after printing the errors. A file that is not a regular file (standard
/// input, a pipe, a device such as /dev/zero) is read here, to at most 2 GiB
/// (readInputFile), and handed on as standard input ("-"): MlirOptMain would
/// read an endless one until the allocation aborts, and a pipe cannot be
/// read twice. MLIR bytecode is read with readBytecodeInChildProcess in a
/// context of `registry` with MlirOptMain's choice on unregistered dialects,
/// and handed on as text on standard input. A file named *.onnx that does
/// not parse as MLIR is one error line with the runner's hint
/// (getONNXModelHint), not the parser's echo of its binary bytes.
static std::optional<std::string>
readInput(llvm::StringRef path, mlir::DialectRegistry &registry,
          const mlir::MlirOptMainConfig &config) {
  bool regular = path != "-" && mlir::norm::isRegularInputFile(path);
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      mlir::norm::readInputFile(path, mlir::norm::kModuleLimitReason);
  if (!buffer) {
    llvm::WithColor::error(llvm::errs(), "norm-opt")
        << llvm::toString(buffer.takeError()) << "\n";
    return std::nullopt;
  }
  bool bytecode = mlir::isBytecode(**buffer);
  std::string hint = mlir::norm::getONNXModelHint(path);
  if (regular && !bytecode && hint.empty())
    return path.str();
  llvm::StringRef data = (*buffer)->getBuffer();
  std::string text;
  if (bytecode || !hint.empty()) {
    mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
    context.allowUnregisteredDialects(config.shouldAllowUnregisteredDialects());
    if (bytecode) {
      llvm::SourceMgr sourceMgr;
      mlir::SourceMgrDiagnosticHandler printer(sourceMgr, &context);
      mlir::FailureOr<std::string> read =
          mlir::norm::runner::readBytecodeInChildProcess(**buffer, &context);
      if (mlir::failed(read))
        return std::nullopt;
      text = std::move(*read);
      data = text;
    } else if (!config.shouldVerifyDiagnostics() &&
               config.inputSplitMarker().empty()) {
      // The parse of MlirOptMain, with the errors as norm-runner prints them.
      mlir::norm::DiagnosticCollector diagnostics(&context);
      llvm::SourceMgr sourceMgr;
      sourceMgr.AddNewSourceBuffer(
          llvm::MemoryBuffer::getMemBuffer((*buffer)->getMemBufferRef()),
          llvm::SMLoc());
      if (!mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context)) {
        llvm::WithColor::error(llvm::errs(), "norm-opt")
            << llvm::toString(diagnostics.takeError(
                   "cannot parse '" + mlir::norm::escapeForMessage(path) + "'" +
                   hint))
            << "\n";
        return std::nullopt;
      }
    }
    if (regular && !bytecode)
      return path.str();
  }
  if (!mlir::norm::handOnAsStandardInput(data)) {
    llvm::WithColor::error(llvm::errs(), "norm-opt")
        << "cannot hand the input on to the parser\n";
    return std::nullopt;
  }
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
      input = readInput(inputFile, registry, config);
    if (!input)
      return 1;
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, *input, outputFile, registry));
  });
}
