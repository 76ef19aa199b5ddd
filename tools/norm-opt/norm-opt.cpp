//===- norm-opt.cpp - the norm-mlir optimizer driver ----------------------===//
//
// mlir-opt with the norm dialect, its passes and the norm-to-llvm pipeline,
// next to all upstream dialects, extensions and passes. It runs on a thread
// with a fixed, large stack (norm/Runner/ToolMain.h): MLIR's parser,
// verifier and printer recurse once per nesting level of the input. A
// failed write of the output is one error line (norm/Support/OutputErrors.h);
// a failed run leaves an existing -o file as it was and creates none
// (norm/Support/StagedOutput.h).
// An input in MLIR bytecode is read in a child process
// (norm/Runner/BytecodeCheck.h) and parsed from its text: a corrupted one is
// one error line. An input that is not a regular file is read to at most
// 2 GiB, and an ONNX model gets norm-runner's hint (norm/Support/InputFiles.h);
// MlirOptMain gets the buffer read, named by the input's path.
//
//===----------------------------------------------------------------------===//

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "norm/InitAllNorm.h"
#include "norm/Runner/BytecodeCheck.h"
#include "norm/Runner/ToolMain.h"
#include "norm/Support/DiagnosticCollector.h"
#include "norm/Support/InputFiles.h"
#include "norm/Support/OutputErrors.h"
#include "norm/Support/PositionalArguments.h"
#include "norm/Support/StagedOutput.h"
#include "norm/Support/ToolVersion.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <memory>
#include <string>

/// Reads the input `path` ("-": standard input) for MlirOptMain and returns
/// it, or null after printing the errors. The buffer is named as MlirOptMain
/// names its input: the path, or "<stdin>" for "-". A file that is not a
/// regular file (standard input, a pipe, a device such as /dev/zero) is read
/// to at most 2 GiB (readInputFile), where MlirOptMain would read an endless
/// one until the allocation aborts. MLIR bytecode is read with
/// readBytecodeInChildProcess in a context of `registry` with MlirOptMain's
/// choice on unregistered dialects, and returned as its text. A file named
/// *.onnx that does not parse as MLIR is one error line with the runner's
/// hint (getONNXModelHint), not the parser's echo of its binary bytes.
static std::unique_ptr<llvm::MemoryBuffer>
readInput(llvm::StringRef path, mlir::DialectRegistry &registry,
          const mlir::MlirOptMainConfig &config) {
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      mlir::norm::readInputFile(path, mlir::norm::kModuleLimitReason);
  if (!buffer) {
    llvm::WithColor::error(llvm::errs(), "norm-opt")
        << llvm::toString(buffer.takeError()) << "\n";
    return nullptr;
  }
  bool bytecode = mlir::isBytecode(**buffer);
  std::string hint = mlir::norm::getONNXModelHint(path, (*buffer)->getBuffer());
  if (!bytecode && hint.empty())
    return std::move(*buffer);
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  context.allowUnregisteredDialects(config.shouldAllowUnregisteredDialects());
  if (bytecode) {
    llvm::SourceMgr sourceMgr;
    mlir::SourceMgrDiagnosticHandler printer(sourceMgr, &context);
    mlir::FailureOr<std::string> text =
        mlir::norm::runner::readBytecodeInChildProcess(**buffer, &context);
    if (mlir::failed(text))
      return nullptr;
    return llvm::MemoryBuffer::getMemBufferCopy(
        *text, (*buffer)->getBufferIdentifier());
  }
  if (!config.shouldVerifyDiagnostics() && config.inputSplitMarker().empty()) {
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
      return nullptr;
    }
  }
  return std::move(*buffer);
}

/// Makes `config` set up the pass pipeline with its own setup, printing no
/// blank error lines. A pass option that llvm::cl rejects
/// (`--convert-norm-to-linalg=reduction-partial-sums=-1`) is reported by
/// llvm::cl itself ("norm-opt: for the --reduction-partial-sums option:
/// ..."); MLIR's pass registry then passes on an empty message, which
/// MlirOptMain would print as a second line "<unknown>:0: error: " with
/// nothing after it, and messages of --pass-pipeline carry blank lines. The
/// blank lines of each error of the setup are dropped; an error left empty
/// is not printed (the run still fails). The pipeline parser's own lines
/// after a reason ("failed to add `norm-fuse-rows` with options ``", after
/// "Can't add pass 'FuseRowsPass' restricted to 'func.func' ...") become
/// notes of the error, which print as "norm-opt: note: ...", where they
/// were lines of its message without the tool's prefix.
static void dropBlankPipelineErrors(mlir::MlirOptMainConfig &config) {
  config.setPassPipelineSetupFn([setup = config](mlir::PassManager &pm) {
    mlir::ScopedDiagnosticHandler handler(
        pm.getContext(), [](mlir::Diagnostic &diag) -> mlir::LogicalResult {
          if (diag.getSeverity() != mlir::DiagnosticSeverity::Error)
            return mlir::failure();
          std::string message = diag.str();
          llvm::SmallVector<llvm::StringRef> lines;
          llvm::StringRef(message).split(lines, '\n');
          std::string kept;
          llvm::SmallVector<llvm::StringRef> notes;
          for (llvm::StringRef line : lines) {
            if (line.trim().empty())
              continue;
            if (!kept.empty() && line.starts_with("failed to add `")) {
              notes.push_back(line);
              continue;
            }
            if (!kept.empty())
              kept += '\n';
            kept += line;
          }
          if (kept.empty())
            return mlir::success();
          if (kept != message) {
            mlir::Diagnostic cleaned(diag.getLocation(), diag.getSeverity());
            cleaned << kept;
            for (llvm::StringRef note : notes)
              cleaned.attachNote() << note;
            for (mlir::Diagnostic &note : diag.getNotes())
              cleaned.attachNote(note.getLocation()) << note.str();
            diag = std::move(cleaned);
          }
          // On to MlirOptMain's handler, which prints it.
          return mlir::failure();
        });
    return setup.setupPassPipeline(pm);
  });
}

/// Makes the errors without a location (UnknownLoc) of the run that
/// `config` sets up print as the tool's own errors, "norm-opt: error: ...",
/// where MlirOptMain would print "<unknown>:0: error: ...": a pass option
/// out of its range (`norm-prefetch-rows{min-rows-ahead=0}`, checked in the
/// pass's initialize()), an option the pass does not have, a pass that
/// cannot be added. The error's notes follow as "norm-opt: note: ...", with
/// their locations where they have one. Not with --verify-diagnostics, whose
/// handler must see every diagnostic.
static void printUnlocatedErrorsAsToolErrors(mlir::MlirOptMainConfig &config) {
  if (config.shouldVerifyDiagnostics())
    return;
  config.setPassPipelineSetupFn([setup = config](mlir::PassManager &pm) {
    // For the context's lifetime: the passes' initialize() runs in pm.run,
    // after the setup.
    pm.getContext()->getDiagEngine().registerHandler(
        [](mlir::Diagnostic &diag) -> mlir::LogicalResult {
          if (diag.getSeverity() != mlir::DiagnosticSeverity::Error ||
              !llvm::isa<mlir::UnknownLoc>(diag.getLocation()))
            return mlir::failure();
          llvm::WithColor::error(llvm::errs(), "norm-opt")
              << diag.str() << "\n";
          for (mlir::Diagnostic &note : diag.getNotes()) {
            llvm::WithColor::note(llvm::errs(), "norm-opt");
            if (!llvm::isa<mlir::UnknownLoc>(note.getLocation()))
              llvm::errs() << note.getLocation() << ": ";
            llvm::errs() << note.str() << "\n";
          }
          return mlir::success();
        });
    return setup.setupPassPipeline(pm);
  });
}

int main(int argc, char **argv) {
  mlir::norm::addNormVersionPrinter();
  mlir::registerAllPasses();
  mlir::norm::registerNormPasses();

  // The registry of every norm-mlir tool (norm-runner, norm-compile too).
  mlir::DialectRegistry registry;
  mlir::norm::registerNormToolDialects(registry);

  // An -o naming the input: an error, not a deleted input.
  if (mlir::norm::rejectOutputThatIsAnInput(argc, argv, "norm-opt"))
    return 1;
  // LLVM is set up (InitLLVM) on the tool thread, as MlirOptMain does.
  return mlir::norm::runner::runToolMain("norm-opt", [&] {
    // A failed write of -o: one error line, not "LLVM ERROR" (in place of
    // runToolMain's handler of fatal errors).
    mlir::norm::installOutputErrorHandler("norm-opt");
    // registerAndParseCLIOptions, with an extra positional argument named
    // (llvm::cl's "Too many positional arguments specified!" does not name
    // it): -o is registered only when the command line is parsed.
    std::string helpHeader =
        mlir::registerCLIOptions("norm-mlir optimizer driver\n", registry);
    if (mlir::norm::rejectExtraArguments(argc, argv, "norm-opt", {"o"}))
      return 1;
    auto [inputFile, outputFile] =
        mlir::parseCLIOptions(argc, argv, helpHeader);
    mlir::MlirOptMainConfig config =
        mlir::MlirOptMainConfig::createFromCLOptions();
    dropBlankPipelineErrors(config);
    printUnlocatedErrorsAsToolErrors(config);
    // An unreadable input or unwritable -o: "norm-opt: error: ...", where
    // MlirOptMain would print "cannot open input file ..." alone.
    if (mlir::norm::rejectUnreadableInput(inputFile, "norm-opt") ||
        mlir::norm::rejectUnwritableOutput(outputFile, "norm-opt"))
      return 1;
    // --show-dialects and --list-passes print and return without an input.
    if (config.shouldShowDialects() || config.shouldListPasses())
      return mlir::asMainReturnCode(
          mlir::MlirOptMain(argc, argv, inputFile, outputFile, registry));
    // MlirOptMain(argc, argv, inputFile, outputFile, registry), with the input
    // read by readInput.
    if (inputFile == "-" &&
        llvm::sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
      llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                      "interrupt)\n";
    std::unique_ptr<llvm::MemoryBuffer> input =
        readInput(inputFile, registry, config);
    if (!input)
      return 1;
    llvm::InitLLVM initLLVM(argc, argv);
    // A regular (or new) -o file is written to a temporary file beside it,
    // renamed over it only on success: a failed run leaves an existing file
    // as it was and creates none (norm/Support/StagedOutput.h).
    llvm::Expected<std::optional<mlir::norm::StagedOutput>> staged =
        mlir::norm::StagedOutput::stage(outputFile);
    if (!staged) {
      llvm::WithColor::error(llvm::errs(), "norm-opt")
          << llvm::toString(staged.takeError()) << "\n";
      return 1;
    }
    if (*staged) {
      llvm::raw_fd_ostream os((*staged)->getFD(), /*shouldClose=*/false);
      bool succeeded = mlir::succeeded(
          mlir::MlirOptMain(os, std::move(input), registry, config));
      os.flush();
      std::error_code error = os.error();
      os.clear_error();
      if (!succeeded)
        return 1;
      llvm::Error err =
          error ? llvm::createStringError(
                      "cannot write '" +
                      mlir::norm::escapeForMessage(outputFile) +
                      "': " + error.message())
                : (*staged)->commit();
      if (err) {
        llvm::WithColor::error(llvm::errs(), "norm-opt")
            << llvm::toString(std::move(err)) << "\n";
        return 1;
      }
      return 0;
    }
    std::string errorMessage;
    std::unique_ptr<llvm::ToolOutputFile> output =
        mlir::openOutputFile(outputFile, &errorMessage);
    if (!output) {
      llvm::errs() << errorMessage << "\n";
      return 1;
    }
    if (mlir::failed(mlir::MlirOptMain(output->os(), std::move(input), registry,
                                       config)))
      return 1;
    output->keep();
    return 0;
  });
}
