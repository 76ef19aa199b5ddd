//===- Remarks.h - Optimization remarks of the codegen passes ---*- C++ -*-===//
//
// Helpers for the MLIR optimization remarks (mlir/IR/Remarks.h) that the CPU
// codegen passes emit at their decisions: the remark's category is the pass's
// flag (e.g. "norm-fuse-rows"), its name the decision (e.g. "RowLoop",
// "NotFused"), its function the enclosing function. Without a remark engine
// (no --remarks-filter* flag of norm-opt, the JIT) they cost one pointer test
// (and the evaluation of their arguments: guard costly ones with
// remarksEnabled). QuietDiagnostics swallows the diagnostics of a step that
// may fail without error, keeping the first one for a remark, and lets those
// of the functions processed in parallel through.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_CODEGEN_REMARKS_H
#define NORM_LIB_CODEGEN_REMARKS_H

#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <string>
#include <thread>

namespace mlir::norm {

/// Whether `context` reports remarks (a remark engine is set). Guards work
/// done only to explain a decision.
inline bool remarksEnabled(MLIRContext *context) {
  return context->getRemarkEngine() != nullptr;
}

/// The options of remark `name` of pass `pass` about `op`, with the name of
/// the function holding `op` (or `op` itself) where there is one.
inline remark::RemarkOpts getRemarkOpts(Operation *op, StringRef pass,
                                        StringRef name) {
  remark::RemarkOpts opts = remark::RemarkOpts::name(name).category(pass);
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    func = op->getParentOfType<FunctionOpInterface>();
  if (func)
    opts = opts.function(func.getName());
  return opts;
}

/// Reports that pass `pass` transformed `op` (decision `name`), with the
/// message llvm::formatv(`format`, `args`...), if the context reports passed
/// remarks of `pass`.
template <typename... Ts>
void remarkPassed(Operation *op, StringRef pass, StringRef name,
                  const char *format, Ts &&...args) {
  if (remarksEnabled(op->getContext()))
    remark::passed(op->getLoc(), getRemarkOpts(op, pass, name))
        << remark::add(format, std::forward<Ts>(args)...);
}

/// Reports that pass `pass` left `op` as it is (decision `name`), with the
/// reason llvm::formatv(`format`, `args`...), if the context reports missed
/// remarks of `pass`.
template <typename... Ts>
void remarkMissed(Operation *op, StringRef pass, StringRef name,
                  const char *format, Ts &&...args) {
  if (remarksEnabled(op->getContext()))
    remark::missed(op->getLoc(), getRemarkOpts(op, pass, name))
        << remark::reason(format, std::forward<Ts>(args)...);
}

/// Reports what pass `pass` found about `op` where there was nothing to
/// transform (decision `name`), if the context reports analysis remarks of
/// `pass`.
template <typename... Ts>
void remarkAnalysis(Operation *op, StringRef pass, StringRef name,
                    const char *format, Ts &&...args) {
  if (remarksEnabled(op->getContext()))
    remark::analysis(op->getLoc(), getRemarkOpts(op, pass, name))
        << remark::add(format, std::forward<Ts>(args)...);
}

/// While it lives, swallows the diagnostics that the current thread emits
/// (an op that a pass cannot tile or vectorize is left as it is: not an
/// error), keeping the first one's message for a remark. The diagnostics of
/// other threads (the remarks and errors of functions processed in parallel)
/// go on to the next handler.
class QuietDiagnostics {
public:
  explicit QuietDiagnostics(MLIRContext *context)
      : thread(std::this_thread::get_id()), keep(remarksEnabled(context)),
        handler(context, [this](Diagnostic &diag) -> LogicalResult {
          if (std::this_thread::get_id() != thread)
            return failure();
          if (keep && message.empty())
            message = diag.str();
          return success();
        }) {}

  /// The first diagnostic swallowed where remarks are enabled, else empty.
  StringRef getMessage() const { return message; }

private:
  std::thread::id thread;
  bool keep;
  std::string message;
  ScopedDiagnosticHandler handler;
};

} // namespace mlir::norm

#endif // NORM_LIB_CODEGEN_REMARKS_H
