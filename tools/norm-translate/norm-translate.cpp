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

int main(int argc, char **argv) {
  mlir::norm::registerImportONNXTranslation();
  // An -o naming the input: an error, not a deleted input.
  if (mlir::norm::rejectOutputThatIsAnInput(argc, argv, "norm-translate"))
    return 1;
  // A failed write of -o: one error line, not "LLVM ERROR".
  mlir::norm::installOutputErrorHandler("norm-translate");
  return mlir::failed(mlir::mlirTranslateMain(argc, argv,
                                              "norm-mlir translation driver\n"))
             ? 1
             : 0;
}
