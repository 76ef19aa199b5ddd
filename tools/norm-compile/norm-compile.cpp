//===- norm-compile.cpp - ahead-of-time kernels with a C header -----------===//
//
//   norm-compile INPUT -o kernels.o [--header=kernels.h] [--target-triple=T]
//                [--mcpu=CPU] [--mattr=+a,-b] [--parallel=false]
//                [--prefix=STR] [--function=NAME]... [--emit=obj|asm|llvm-ir]
//
// compiles a module (norm dialect or linalg on tensors, or an ONNX model) to
// an object file with one C function per exported function, and writes the
// C header declaring them (docs/AOT.md). All logic lives in the NormCompile
// library (norm/Compile/Compile.h); it runs on the tool thread of
// norm/Runner/ToolMain.h.
//
//===----------------------------------------------------------------------===//

#include "norm/Compile/Compile.h"
#include "norm/Runner/ToolFlags.h"
#include "norm/Runner/ToolMain.h"
#include "norm/Support/ToolVersion.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace cl = llvm::cl;
using mlir::norm::EmitKind;

static cl::OptionCategory compileCategory("norm-compile options");

static cl::opt<std::string> inputFile(cl::Positional,
                                      cl::desc("<input .mlir or .onnx>"),
                                      cl::init("-"), cl::cat(compileCategory));

static cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                       cl::value_desc("file"), cl::Required,
                                       cl::cat(compileCategory));

static cl::opt<std::string, false, mlir::norm::runner::NonEmptyStringParser>
    headerFile(
        "header",
        cl::desc("C header to write (default: the output with extension .h)"),
        cl::value_desc("path"), cl::cat(compileCategory));

static cl::opt<std::string, false, mlir::norm::runner::NonEmptyStringParser>
    targetTriple("target-triple",
                 cl::desc("Target triple (default: the host's)"),
                 cl::value_desc("triple"), cl::cat(compileCategory));

static cl::opt<std::string, false, mlir::norm::runner::NonEmptyStringParser>
    cpu("mcpu",
        cl::desc("Target CPU as LLVM names it, or 'native' (default: the "
                 "host CPU for the host's triple, else generic)"),
        cl::value_desc("cpu"), cl::cat(compileCategory));

static cl::opt<std::string> features("mattr",
                                     cl::desc("Target features: +a,-b"),
                                     cl::value_desc("features"),
                                     cl::cat(compileCategory));

static cl::opt<bool>
    parallel("parallel",
             cl::desc("Run the row loops on OpenMP threads; the object then "
                      "needs libomp (default: true)"),
             cl::init(true), cl::cat(compileCategory));

static cl::opt<std::string>
    prefix("prefix", cl::desc("Prepended to every exported symbol"),
           cl::value_desc("string"), cl::cat(compileCategory));

static cl::list<std::string, bool, mlir::norm::runner::NonEmptyStringParser>
    functions("function",
              cl::desc("Function to export, repeatable (default: every "
                       "public function)"),
              cl::value_desc("name"), cl::cat(compileCategory));

static cl::opt<EmitKind> emit(
    "emit", cl::desc("What to write"), cl::init(EmitKind::Object),
    cl::values(clEnumValN(EmitKind::Object, "obj", "an object file"),
               clEnumValN(EmitKind::Assembly, "asm", "assembly"),
               clEnumValN(EmitKind::LLVMIR, "llvm-ir", "optimized LLVM IR")),
    cl::cat(compileCategory));

static int runTool(int &argc, char **&argv) {
  // runToolMain's handler of a closed pipe stays (ToolMain.h).
  llvm::InitLLVM initLLVM(argc, argv, /*InstallPipeSignalExitHandler=*/false);
  cl::HideUnrelatedOptions(compileCategory);
  if (!mlir::norm::runner::parseToolCommandLine(
          argc, argv,
          "norm-compile: compile norm/linalg/ONNX functions to an object file "
          "and a C header\n\n"
          "  Exit status: 0 on success, 1 on any error.\n",
          "norm-compile"))
    return 1;

  mlir::norm::CompileOptions options;
  options.inputFile = inputFile;
  options.outputFile = outputFile;
  options.headerFile = headerFile;
  options.targetTriple = targetTriple;
  options.cpu = cpu;
  options.features = features;
  options.parallel = parallel;
  options.prefix = prefix;
  options.functions.assign(functions.begin(), functions.end());
  options.emit = emit;
  if (llvm::Error err = mlir::norm::compileKernels(options)) {
    llvm::WithColor::error(llvm::errs(), "norm-compile")
        << llvm::toString(std::move(err)) << '\n';
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  mlir::norm::addNormVersionPrinter();
  return mlir::norm::runner::runToolMain("norm-compile",
                                         [&] { return runTool(argc, argv); });
}
