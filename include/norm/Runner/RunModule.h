//===- RunModule.h - the norm-runner driver ---------------------*- C++ -*-===//
//
// What `norm-runner` does, as a library call: load and compile a module, call
// one function on tensors given as SPECs (TensorSpec.h), then print the
// results, write them to .npy or .pb files, or compare them with expected
// values (TensorCompare.h). See docs/Runner.md.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_RUNNER_RUNMODULE_H
#define NORM_RUNNER_RUNMODULE_H

#include "mlir/Support/LLVM.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace norm {
namespace runner {

/// The norm-runner command line.
struct RunOptions {
  /// Module file; "-" reads stdin.
  std::string moduleFile = "-";
  /// Function to call; empty picks the only public function, else `main`.
  std::string function;
  /// One SPEC per function argument, in order.
  std::vector<std::string> inputs;
  /// Either empty (print every result) or one entry per result: "-" prints
  /// it, "@PATH" writes it to PATH, as an ONNX TensorProto if PATH ends in
  /// ".pb" (in any case) and as a .npy file otherwise.
  std::vector<std::string> outputs;
  /// Either empty or one SPEC per result to compare with.
  std::vector<std::string> expectedOutputs;
  /// Tolerance overrides for all comparisons (non-negative).
  std::optional<double> atol;
  std::optional<double> rtol;
  /// Vector register width of the compiled code (JitOptions::vectorBits).
  unsigned vectorBits = 0;
  /// Verify after each pass of the lowering (JitOptions::verifyEach).
  bool verifyEach = false;
};

/// Runs the function selected by `options`, writing results or
/// "[SUCCESS] result[i]: TYPE" / "[FAILED] result[i]: ..." lines to `os`.
/// Without --expected-output and --output, every result is printed on its
/// own line (HostTensor::print). Returns 0 if all went well and 1 if a result
/// did not match its expected values. Errors (one line, no "error:" prefix)
/// on any bad input: unreadable or invalid module, unknown function, wrong
/// number of inputs/outputs/expected outputs, malformed SPECs, inputs that
/// do not fit the signature, expected outputs of another type or shape than
/// the result, unwritable output files.
llvm::Expected<int> runModule(const RunOptions &options, raw_ostream &os);

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_RUNNER_RUNMODULE_H
