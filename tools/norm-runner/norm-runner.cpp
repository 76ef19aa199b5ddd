//===- norm-runner.cpp - JIT-run a function of a norm module --------------===//
//
// iree-run-module-style runner: compiles a module (norm/linalg on tensors, or
// LLVM dialect from `norm-opt --norm-to-llvm`) with the MLIR ExecutionEngine,
// calls one function on tensors given on the command line and prints,
// writes or checks its results. Flags and formats: docs/Runner.md. All logic
// lives in the NormRunner library (norm/Runner/RunModule.h); it runs on the
// tool thread of norm/Runner/ToolMain.h, whose stack bounds how deeply the
// module may nest and recurse.
//
//===----------------------------------------------------------------------===//

#include "norm/Runner/RunModule.h"
#include "norm/Runner/ToolFlags.h"
#include "norm/Runner/ToolMain.h"
#include "norm/Support/ToolVersion.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>

namespace cl = llvm::cl;

static cl::OptionCategory runnerCategory("norm-runner options");

/// The module file, --function, --input, --vector-bits and --threads.
static mlir::norm::runner::ToolFlags
    flags(runnerCategory,
          "Function to call (default: the only public function, else 'main')",
          "Argument, in order: SHAPExTYPE=VALUES (e.g. '2x2xf32=1 2 3 4', "
          "'f32=5'), @FILE.npy, @FILE.pb (ONNX TensorProto) or @- (.npy on "
          "stdin)");

static cl::list<std::string>
    outputs("output",
            cl::desc("Per result, in order: '-' prints it, @FILE.npy or "
                     "@FILE.pb writes it, @- writes .npy to stdout (default: "
                     "print all)"),
            cl::value_desc("-|@file"), cl::cat(runnerCategory));

static cl::list<std::string> expectedOutputs(
    "expected-output",
    cl::desc("Per result, in order: SPEC to compare with; prints [SUCCESS] "
             "or [FAILED] lines instead of the results"),
    cl::value_desc("spec"), cl::cat(runnerCategory));

static cl::opt<double> absTolerance(
    "atol",
    cl::desc("Absolute tolerance of --expected-output (default depends "
             "on the element type)"),
    cl::cat(runnerCategory));

static cl::opt<double> relTolerance(
    "rtol",
    cl::desc("Relative tolerance of --expected-output (default depends "
             "on the element type)"),
    cl::cat(runnerCategory));

static int fail(llvm::Error err) {
  llvm::WithColor::error(llvm::errs(), "norm-runner")
      << llvm::toString(std::move(err)) << '\n';
  return 1;
}

static int runTool(int &argc, char **&argv) {
  // On the tool thread, so that LLVM's crash report of a bug names the
  // program arguments.
  // runToolMain's handler of a closed pipe stays (ToolMain.h).
  llvm::InitLLVM initLLVM(argc, argv, /*InstallPipeSignalExitHandler=*/false);
  // With --threads, sets OMP_NUM_THREADS for the OpenMP runtime, loaded
  // when the module has parallel loops, which reads it when it starts.
  if (llvm::Error err = flags.takeThreads(argc, argv))
    return fail(std::move(err));
  cl::HideUnrelatedOptions(runnerCategory);
  // What llvm::cl refuses is one line "norm-runner: error: ...".
  if (!mlir::norm::runner::parseToolCommandLine(
          argc, argv,
          "norm-runner: JIT-compile a norm/linalg/LLVM-dialect module and call "
          "one of its functions on tensors\n\n"
          "  --threads=N  threads of the parallel row loops (OpenMP; default: "
          "OMP_NUM_THREADS, else all cores)\n"
          "  Exit status: 0 on success, 1 on any error or failed "
          "comparison.\n",
          "norm-runner"))
    return 1;

  mlir::norm::runner::RunOptions options;
  options.moduleFile = flags.moduleFile;
  options.function = flags.function;
  options.inputs = flags.inputs;
  options.outputs = outputs;
  options.expectedOutputs = expectedOutputs;
  if (absTolerance.getNumOccurrences())
    options.atol = absTolerance;
  if (relTolerance.getNumOccurrences())
    options.rtol = relTolerance;
  llvm::Expected<unsigned> vectorBits = flags.getVectorBits();
  if (!vectorBits)
    return fail(vectorBits.takeError());
  options.vectorBits = *vectorBits;
  options.verifyEach = flags.verifyEach;

  llvm::Expected<int> status =
      mlir::norm::runner::runModule(options, llvm::outs());
  llvm::outs().flush();
  if (!status)
    return fail(status.takeError());
  return *status;
}

int main(int argc, char **argv) {
  mlir::norm::addNormVersionPrinter();
  return mlir::norm::runner::runToolMain("norm-runner",
                                         [&] { return runTool(argc, argv); });
}
