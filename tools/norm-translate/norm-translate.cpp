//===- norm-translate.cpp - the norm-mlir translation driver --------------===//
//
// mlir-translate with the translations of norm-mlir:
//
//   norm-translate --import-onnx model.onnx [-o out.mlir]
//
// reads an ONNX model (`-` or no file: stdin) and prints a module using the
// norm dialect (docs/Importer.md). A failed write of the output is one error
// line (norm/Support/OutputErrors.h).
//
//===----------------------------------------------------------------------===//

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "norm/Support/OutputErrors.h"
#include "norm/Target/ONNX/ImportONNX.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

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

/// Returns the input file of the command line `argv` where it can be told
/// without parsing the options mlirTranslateMain defines: the one argument
/// that is not an option, not -o's file, where every option is a
/// translation flag, -o or has its value after '='. Otherwise (an option
/// whose value may be the next argument, "--", several candidates) returns
/// "", and mlirTranslateMain reports an unreadable input itself.
static llvm::StringRef findInputArgument(int argc, char **argv) {
  int outputIndex;
  mlir::norm::findOutputArgument(argc, argv, outputIndex);
  llvm::StringRef input;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (i == outputIndex || arg == "-o" || arg == "--o" ||
        arg == "--import-onnx" || arg == "-import-onnx" ||
        (arg.starts_with("-") && arg.contains('=')))
      continue;
    if (arg.starts_with("-") || !input.empty())
      return "";
    input = arg;
  }
  return input;
}

int main(int argc, char **argv) {
  mlir::norm::registerImportONNXTranslation();
  if (rejectRepeatedImport(argc, argv))
    return 1;
  // An -o naming the input: an error, not a deleted input.
  if (mlir::norm::rejectOutputThatIsAnInput(argc, argv, "norm-translate"))
    return 1;
  // An unreadable input or unwritable -o: "norm-translate: error: ...", where
  // mlirTranslateMain would print "cannot open input file ..." alone.
  int outputIndex;
  if (mlir::norm::rejectUnreadableInput(findInputArgument(argc, argv),
                                        "norm-translate") ||
      mlir::norm::rejectUnwritableOutput(
          mlir::norm::findOutputArgument(argc, argv, outputIndex),
          "norm-translate"))
    return 1;
  // A failed write of -o: one error line, not "LLVM ERROR".
  mlir::norm::installOutputErrorHandler("norm-translate");
  return mlir::failed(mlir::mlirTranslateMain(argc, argv,
                                              "norm-mlir translation driver\n"))
             ? 1
             : 0;
}
