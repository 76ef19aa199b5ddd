//===- CodegenDiagnostics.h - collect LLVM's codegen errors -----*- C++ -*-===//
//
// LLVM reports some errors of code generation through the LLVMContext of the
// module (an inline asm constraint that no register fits, an inline asm
// string its assembler rejects) and goes on compiling. Without a handler,
// LLVMContext::diagnose prints them as "error: ..." without the tool's name
// and calls exit(1). collectCodegenErrors installs a handler that keeps them
// instead, so that a tool reports them as one error line of its own after
// the compilation. Header-only: NormRunner and NormCompile share it without
// a library between them. describeInvalidModule runs LLVM's verifier on the
// optimized module before code generation: the code generator may crash on
// invalid IR (LLVM 22's SROA built some, docs/Development.md).
//
//===----------------------------------------------------------------------===//

#ifndef NORM_SUPPORT_CODEGENDIAGNOSTICS_H
#define NORM_SUPPORT_CODEGENDIAGNOSTICS_H

#include "norm/Support/EscapedText.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace mlir {
namespace norm {

/// A diagnostic handler of an LLVMContext that appends the message of each
/// error (escapeForMessage; each message once) to a shared string ("; "
/// between two), and leaves warnings and remarks to LLVMContext's default
/// printing.
class CodegenErrorCollector : public llvm::DiagnosticHandler {
public:
  /// Appends the errors to `*errors`.
  explicit CodegenErrorCollector(std::shared_ptr<std::string> errors)
      : errors(std::move(errors)) {}

  /// Keeps an error and returns true; returns false for anything else.
  bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
    if (info.getSeverity() != llvm::DS_Error)
      return false;
    std::string message;
    llvm::raw_string_ostream os(message);
    llvm::DiagnosticPrinterRawOStream printer(os);
    info.print(printer);
    // A source manager diagnostic (inline asm) prints the line and a caret
    // after the message: one line is kept per error.
    llvm::StringRef text = llvm::StringRef(message).trim();
    text = text.take_until([](char c) { return c == '\n'; }).rtrim();
    // Once each: a function inlined into another (the engine's wrappers)
    // reports its errors in both.
    if (!seen.insert(text).second)
      return true;
    if (!errors->empty())
      *errors += "; ";
    *errors += escapeForMessage(text);
    return true;
  }

private:
  std::shared_ptr<std::string> errors;
  llvm::StringSet<> seen;
};

/// Installs a CodegenErrorCollector on `context` and returns the string it
/// fills: empty while LLVM has reported no error.
inline std::shared_ptr<std::string>
collectCodegenErrors(llvm::LLVMContext &context) {
  auto errors = std::make_shared<std::string>();
  context.setDiagnosticHandler(std::make_unique<CodegenErrorCollector>(errors));
  return errors;
}

/// Runs LLVM's verifier on `module` (the IR after LLVM's optimizations,
/// before code generation) and returns an empty string where it is valid,
/// else the error to report: invalid IR is a bug of LLVM's optimizer or of
/// the lowering, on which the code generator may crash (a SIGSEGV) or emit
/// wrong code, so it is not compiled. The verifier's first line only (the
/// instructions it prints after it may be long).
inline std::string describeInvalidModule(const llvm::Module &module) {
  std::string message;
  llvm::raw_string_ostream os(message);
  if (!llvm::verifyModule(module, &os))
    return {};
  llvm::StringRef text = llvm::StringRef(message).trim();
  text = text.take_until([](char c) { return c == '\n'; }).rtrim();
  return "internal error: LLVM's optimizations produced invalid LLVM IR (" +
         escapeForMessage(text) +
         "), which is not compiled: a bug of LLVM or of norm-mlir's "
         "lowering; please report it with the module";
}

} // namespace norm
} // namespace mlir

#endif // NORM_SUPPORT_CODEGENDIAGNOSTICS_H
