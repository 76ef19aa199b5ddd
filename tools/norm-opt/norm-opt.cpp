//===- norm-opt.cpp - the norm-mlir optimizer driver ----------------------===//
//
// mlir-opt with the norm dialect, its passes and the norm-to-llvm pipeline,
// next to all upstream dialects, extensions and passes. It runs on a thread
// with a fixed, large stack (norm/Runner/ToolMain.h): MLIR's parser,
// verifier and printer recurse once per nesting level of the input. A
// failed write of the output is one error line (norm/Support/OutputErrors.h).
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "norm/InitAllNorm.h"
#include "norm/Runner/ToolMain.h"
#include "norm/Support/OutputErrors.h"

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
    return mlir::asMainReturnCode(mlir::MlirOptMain(
        argc, argv, "norm-mlir optimizer driver\n", registry));
  });
}
