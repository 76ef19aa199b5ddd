//===- norm-translate.cpp - the norm-mlir translation driver --------------===//
//
// mlir-translate with the translations of norm-mlir:
//
//   norm-translate --import-onnx model.onnx [-o out.mlir]
//
// reads an ONNX model (`-` or no file: stdin) and prints a module using the
// norm dialect (docs/Importer.md). A failed write of the output is one error
// line (norm/Support/OutputErrors.h); an input that is not a regular file is
// read to at most 2 GiB (norm/Support/InputFiles.h), and imported under the
// name given; --split-input-file is refused with --import-onnx. An import
// error is "norm-translate: error: <file>: <message>", as the other tools
// print theirs, where mlirTranslateMain's handler printed "<file>:0:0:
// error: <message>" (registerImportTranslation). A failed run leaves an
// existing -o file as it was and creates none (norm/Support/StagedOutput.h).
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/Timing.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "norm/Support/EscapedText.h"
#include "norm/Support/InputFiles.h"
#include "norm/Support/OutputErrors.h"
#include "norm/Support/PositionalArguments.h"
#include "norm/Support/StagedOutput.h"
#include "norm/Support/StandardStreams.h"
#include "norm/Support/ToolVersion.h"
#include "norm/Target/ONNX/ImportONNX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

/// mlirTranslateMain runs each translation flag in turn, the output of one
/// being the input of the next: a repeated --import-onnx would read the
/// first import's MLIR text as an ONNX model ("failed to parse ONNX
/// ModelProto from ''"). Returns true, after an error, where the command line
/// names --import-onnx more than once (before a "--" that ends the options).
static bool rejectRepeatedImport(int argc, char **argv) {
  int count = 0;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--")
      break;
    count += arg == "--import-onnx" || arg == "-import-onnx";
  }
  if (count < 2)
    return false;
  llvm::WithColor::error(llvm::errs(), "norm-translate")
      << "--import-onnx is given " << count
      << " times; give it once (repeated translation flags are chained, and "
         "a second import would read the first one's MLIR output as an ONNX "
         "model)\n";
  return true;
}

/// Returns whether the command line `argv` has an argument (before a "--"
/// that ends the options) for which `matches` holds.
template <typename Predicate>
static bool hasArgument(int argc, char **argv, Predicate matches) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--")
      return false;
    if (matches(arg))
      return true;
  }
  return false;
}

/// Returns whether `arg` is the option `name` ("-name", "--name",
/// "-name=...", "--name=...").
static bool isOption(llvm::StringRef arg, llvm::StringRef name) {
  if (!arg.consume_front("-"))
    return false;
  arg.consume_front("-");
  return arg == name || (arg.consume_front(name) && arg.starts_with("="));
}

/// mlirTranslateMain's --split-input-file cuts its input at "// -----"
/// lines: an ONNX model is one binary protobuf message, whose bytes may hold
/// that marker anywhere, and each piece would be imported (and fail) on its
/// own. Returns true, after an error, where --import-onnx and
/// --split-input-file are both given.
static bool rejectSplitInputFile(int argc, char **argv) {
  auto isImport = [](llvm::StringRef arg) {
    return isOption(arg, "import-onnx");
  };
  auto isSplit = [](llvm::StringRef arg) {
    return isOption(arg, "split-input-file");
  };
  if (!hasArgument(argc, argv, isImport) || !hasArgument(argc, argv, isSplit))
    return false;
  llvm::WithColor::error(llvm::errs(), "norm-translate")
      << "--split-input-file cannot be used with --import-onnx: an ONNX "
         "model is one binary protobuf message, not text to cut at "
         "'// -----' lines; import each model file on its own\n";
  return true;
}

/// The options of mlirTranslateMain's command line that take the next
/// argument as their value (where they have none after '=') and that it
/// registers only when it runs; the others are registered by
/// registerDriverOptions.
static constexpr llvm::StringRef kDriverValueOptions[] = {
    "o", "output-split-marker"};

/// Registers the options that mlirTranslateMain registers before it parses
/// its command line (again when it runs, which registers each once).
static void registerDriverOptions() {
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerTranslationCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
}

/// Returns the index in `argv` of the input file as llvm::cl finds it on
/// mlirTranslateMain's command line: its one positional argument
/// (findPositionalArgumentIndices, with kDriverValueOptions and the options
/// registered by registerDriverOptions; an '@' argument counts as one).
/// Returns 0 where there is no positional argument (the input is standard
/// input), and -1 where there are several (rejectExtraArguments has then
/// stopped the tool).
static int findInputArgument(int argc, char **argv) {
  llvm::SmallVector<int> positional =
      *mlir::norm::findPositionalArgumentIndices(
          argc, argv, kDriverValueOptions,
          /*responseFilesArePositional=*/true);
  if (positional.empty())
    return 0;
  return positional.size() == 1 ? positional.front() : -1;
}

/// The name under which the import reads its input where it is not the
/// name mlirTranslateMain gives the buffer: the path of a stream input that
/// readStreamInput hands on as standard input (which mlirTranslateMain would
/// name "<stdin>"). Empty otherwise.
static std::string importedFileName;

/// mlirTranslateMain reads an input that is not a regular file (standard
/// input, a pipe, a device such as /dev/zero) to its end, and an endless one
/// until the allocation aborts. Where the command line imports a model from
/// such an input (`argv[inputIndex]`, or standard input where `inputIndex`
/// is 0), reads it here to at most protobuf's 2 GiB limit and hands it on as
/// standard input. Returns true after an error.
static bool readStreamInput(int argc, char **argv, int inputIndex) {
  if (inputIndex < 0 ||
      !hasArgument(
          argc, argv,
          [](llvm::StringRef arg) { return isOption(arg, "import-onnx"); }) ||
      hasArgument(argc, argv, [](llvm::StringRef arg) {
        return isOption(arg, "help") || isOption(arg, "h") ||
               isOption(arg, "help-hidden") || isOption(arg, "help-list") ||
               isOption(arg, "version");
      }))
    return false;
  llvm::StringRef path = inputIndex ? argv[inputIndex] : "-";
  if (mlir::norm::isRegularInputFile(path))
    return false;
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      mlir::norm::readInputFile(
          path, "protobuf's limit on a message such as an ONNX ModelProto",
          /*requiresNullTerminator=*/false);
  if (!buffer) {
    llvm::WithColor::error(llvm::errs(), "norm-translate")
        << llvm::toString(buffer.takeError()) << "\n";
    return true;
  }
  if (!mlir::norm::handOnAsStandardInput((*buffer)->getBuffer())) {
    llvm::WithColor::error(llvm::errs(), "norm-translate")
        << "cannot hand the input on to the importer\n";
    return true;
  }
  static char stdinName[] = "-";
  if (inputIndex) {
    // The import names the file given, not the "<stdin>" of the copy ("-"
    // is standard input, "<stdin>").
    if (path != "-")
      importedFileName = path.str();
    argv[inputIndex] = stdinName;
  }
  return false;
}

/// Without a translation flag, llvm::cl stops mlirTranslateMain with
/// "Translations to perform option: must be specified at least once!", no
/// tool name and no "error:". Returns true, after one error line, where the
/// command line has no --import-onnx (the one translation) and asks for no
/// help or version.
static bool rejectMissingTranslation(int argc, char **argv) {
  if (hasArgument(argc, argv, [](llvm::StringRef arg) {
        return isOption(arg, "import-onnx") || isOption(arg, "help") ||
               isOption(arg, "h") || isOption(arg, "help-hidden") ||
               isOption(arg, "help-list") ||
               isOption(arg, "help-list-hidden") || isOption(arg, "version");
      }))
    return false;
  llvm::WithColor::error(llvm::errs(), "norm-translate")
      << "no translation given: norm-translate has one, --import-onnx "
         "(import an ONNX model into the norm dialect)\n";
  return true;
}

/// Prints the diagnostic `diag` of the import as the other tools print
/// their errors: "norm-translate: error: <file>: <message>", where
/// mlirTranslateMain's handler printed "<file>:0:0: error: <message>" (an
/// ONNX model has no lines or columns), each note on a line of its own
/// ("norm-translate: note: ...").
static void printImportDiagnostic(mlir::Diagnostic &diag) {
  auto print = [](llvm::raw_ostream &os, mlir::Location loc,
                  const llvm::Twine &message) {
    if (auto fileLoc = loc->findInstanceOf<mlir::FileLineColLoc>()) {
      os << mlir::norm::escapeForMessage(fileLoc.getFilename().getValue());
      if (fileLoc.getLine() || fileLoc.getColumn())
        os << ':' << fileLoc.getLine() << ':' << fileLoc.getColumn();
      os << ": ";
    }
    os << message << '\n';
  };
  // "norm-translate: error: " (warning, remark, note) in the usual colors.
  auto prefixed = [](mlir::DiagnosticSeverity severity) -> llvm::raw_ostream & {
    switch (severity) {
    case mlir::DiagnosticSeverity::Error:
      return llvm::WithColor::error(llvm::errs(), "norm-translate");
    case mlir::DiagnosticSeverity::Warning:
      return llvm::WithColor::warning(llvm::errs(), "norm-translate");
    case mlir::DiagnosticSeverity::Remark:
      return llvm::WithColor::remark(llvm::errs(), "norm-translate");
    case mlir::DiagnosticSeverity::Note:
      break;
    }
    return llvm::WithColor::note(llvm::errs(), "norm-translate");
  };
  print(prefixed(diag.getSeverity()), diag.getLocation(), diag.str());
  for (mlir::Diagnostic &note : diag.getNotes())
    print(prefixed(mlir::DiagnosticSeverity::Note), note.getLocation(),
          note.str());
}

/// Registers the `import-onnx` translation as
/// mlir::norm::registerImportONNXTranslation does, but reading the input
/// under importedFileName where that is set, and (unless
/// `verifyDiagnostics`, where mlirTranslateMain's verifier must see them)
/// printing the diagnostics of its context with printImportDiagnostic.
static void registerImportTranslation(bool verifyDiagnostics) {
  static mlir::TranslateToMLIRRegistration registration(
      "import-onnx", "import an ONNX model (.onnx) into the norm dialect",
      [verifyDiagnostics](
          llvm::SourceMgr &sourceMgr,
          mlir::MLIRContext *context) -> mlir::OwningOpRef<mlir::Operation *> {
        // The handler lives as long as the context, which mlirTranslateMain
        // makes for this input alone, so that the verifier's diagnostics
        // after the import are printed the same way.
        if (!verifyDiagnostics)
          context->getDiagEngine().registerHandler([](mlir::Diagnostic &diag) {
            printImportDiagnostic(diag);
            return mlir::success();
          });
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        llvm::MemoryBufferRef input = buffer->getMemBufferRef();
        if (!importedFileName.empty())
          input = llvm::MemoryBufferRef(input.getBuffer(), importedFileName);
        return mlir::OwningOpRef<mlir::Operation *>(
            mlir::norm::importONNXModel(input, context).release());
      },
      mlir::norm::registerImportONNXDialects);
}

int main(int argc, char **argv) {
  // A closed stdout must not be a file opened later (StandardStreams.h).
  mlir::norm::reserveClosedStandardStreams();
  mlir::norm::addNormVersionPrinter();
  registerImportTranslation(hasArgument(argc, argv, [](llvm::StringRef arg) {
    return isOption(arg, "verify-diagnostics");
  }));
  if (rejectMissingTranslation(argc, argv) ||
      rejectRepeatedImport(argc, argv) || rejectSplitInputFile(argc, argv))
    return 1;
  // An extra positional argument: named, where llvm::cl would print "Too
  // many positional arguments specified!" without it (or "error:").
  registerDriverOptions();
  if (mlir::norm::rejectExtraArguments(argc, argv, "norm-translate",
                                       kDriverValueOptions))
    return 1;
  // An -o naming the input: an error, not a deleted input.
  if (mlir::norm::rejectOutputThatIsAnInput(argc, argv, "norm-translate"))
    return 1;
  // An unreadable input or unwritable -o: "norm-translate: error: ...", where
  // mlirTranslateMain would print "cannot open input file ..." alone.
  int outputIndex;
  int inputIndex = findInputArgument(argc, argv);
  if (mlir::norm::rejectUnreadableInput(
          inputIndex > 0 ? llvm::StringRef(argv[inputIndex]) : "",
          "norm-translate") ||
      mlir::norm::rejectUnwritableOutput(
          mlir::norm::findOutputArgument(argc, argv, outputIndex),
          "norm-translate"))
    return 1;
  if (readStreamInput(argc, argv, inputIndex))
    return 1;
  // A regular (or new) -o file: mlirTranslateMain writes a temporary file
  // beside it, renamed over it only on success, so that a failed run leaves
  // an existing file as it was and creates none (its ToolOutputFile would
  // delete the file; norm/Support/StagedOutput.h).
  llvm::StringRef outputFile =
      mlir::norm::findOutputArgument(argc, argv, outputIndex);
  llvm::Expected<std::optional<mlir::norm::StagedOutput>> staged =
      mlir::norm::StagedOutput::stage(outputFile);
  if (!staged) {
    llvm::WithColor::error(llvm::errs(), "norm-translate")
        << llvm::toString(staged.takeError()) << "\n";
    return 1;
  }
  std::vector<char *> stagedArgv(argv, argv + argc);
  std::string stagedArgument;
  if (*staged) {
    mlir::norm::getOutputPathForErrors() = outputFile.str();
    // `-o F` (the argument is F) or `-o=F`, `--o=F`.
    llvm::StringRef argument(argv[outputIndex]);
    stagedArgument =
        (argument.data() == outputFile.data()
             ? std::string()
             : argument.take_front(outputFile.data() - argument.data()).str()) +
        (*staged)->getPath().str();
    stagedArgv[outputIndex] = stagedArgument.data();
  }
  // A failed write of -o: one error line, not "LLVM ERROR".
  mlir::norm::installOutputErrorHandler("norm-translate");
  if (mlir::failed(mlir::mlirTranslateMain(argc, stagedArgv.data(),
                                           "norm-mlir translation driver\n")))
    return 1;
  if (*staged)
    if (llvm::Error err = (*staged)->commit()) {
      llvm::WithColor::error(llvm::errs(), "norm-translate")
          << llvm::toString(std::move(err)) << "\n";
      return 1;
    }
  return 0;
}
