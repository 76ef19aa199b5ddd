//===- NestedModules.h - functions in a nested module, an error -*- C++ -*-===//
//
// norm-compile exports, and norm-runner and norm-benchmark call, the
// functions of the top-level module only: a function in a nested
// `module @inner { ... }` was skipped without a word ("the module has no
// public function ..."). checkNoNestedFunctions makes it an error that names
// the nested module (norm-compile); describeNestedModuleWithFunctions names
// it in another error (the runner's "function not found"). Header-only: the
// runner and norm-compile share it without a library between them.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_SUPPORT_NESTEDMODULES_H
#define NORM_SUPPORT_NESTEDMODULES_H

#include "norm/Support/EscapedText.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir {
namespace norm {

/// Returns "nested module '@inner' (at FILE:LINE:COL)" for the first module
/// nested in `module` (in pre-order, at any depth) that holds a function
/// (any FunctionOpInterface op: func.func, llvm.func), or an empty string
/// where none does. With `publicDefinitionsOnly`, only a public function
/// with a body counts (one a tool would export): declarations and private
/// functions do not.
inline std::string
describeNestedModuleWithFunctions(ModuleOp module,
                                  bool publicDefinitionsOnly = false) {
  ModuleOp nested;
  module->walk<WalkOrder::PreOrder>([&](ModuleOp inner) {
    if (inner == module)
      return WalkResult::advance();
    bool hasFunction = inner
                           ->walk([&](FunctionOpInterface func) {
                             if (publicDefinitionsOnly &&
                                 (func.isExternal() || !func.isPublic()))
                               return WalkResult::advance();
                             return WalkResult::interrupt();
                           })
                           .wasInterrupted();
    if (!hasFunction)
      return WalkResult::skip();
    nested = inner;
    return WalkResult::interrupt();
  });
  if (!nested)
    return {};
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "nested module";
  if (std::optional<llvm::StringRef> name = nested.getName())
    os << " '@" << escapeForMessage(*name) << '\'';
  if (auto loc = dyn_cast<FileLineColLoc>(nested.getLoc()))
    os << " (at " << escapeForMessage(loc.getFilename().getValue()) << ':'
       << loc.getLine() << ':' << loc.getColumn() << ')';
  return text;
}

/// Errors where a module nested in `module` holds a public function with a
/// body: "the module has a nested module '@inner' (at FILE:LINE:COL) with
/// public functions; `tool` `uses` the functions of the top-level module
/// only: move them there". `uses` says what the tool does with them
/// ("exports"). Declarations and private functions in a nested module, which
/// would not be exported, are no error.
inline llvm::Error checkNoNestedFunctions(ModuleOp module, llvm::StringRef tool,
                                          llvm::StringRef uses) {
  std::string nested =
      describeNestedModuleWithFunctions(module, /*publicDefinitionsOnly=*/true);
  if (nested.empty())
    return llvm::Error::success();
  return llvm::createStringError(
      "the module has a " + nested + " with public functions; " + tool + " " +
      uses + " the functions of the top-level module only: move them there");
}

} // namespace norm
} // namespace mlir

#endif // NORM_SUPPORT_NESTEDMODULES_H
