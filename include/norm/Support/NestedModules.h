//===- NestedModules.h - functions in a nested module, an error -*- C++ -*-===//
//
// norm-compile exports, and norm-runner and norm-benchmark call, the
// functions of the top-level module only; the pipeline does not look into a
// nested `module @inner { ... }`. A function there was skipped without a
// word ("the module has no public function ..."). checkNoNestedFunctions
// makes it an error that names the nested module. Header-only: the runner
// and norm-compile share it without a library between them.
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

/// Errors where a module nested in `module` (at any depth) holds a function
/// (any FunctionOpInterface op: func.func, llvm.func): "the module has a
/// nested module '@inner' (at FILE:LINE:COL) with functions; `tool` `uses`
/// the functions of the top-level module only: move them there". `uses`
/// says what the tool does with them ("exports", "runs").
inline llvm::Error checkNoNestedFunctions(ModuleOp module, llvm::StringRef tool,
                                          llvm::StringRef uses) {
  ModuleOp nested;
  module->walk<WalkOrder::PreOrder>([&](ModuleOp inner) {
    if (inner == module)
      return WalkResult::advance();
    bool hasFunction =
        inner->walk([](FunctionOpInterface) { return WalkResult::interrupt(); })
            .wasInterrupted();
    if (!hasFunction)
      return WalkResult::skip();
    nested = inner;
    return WalkResult::interrupt();
  });
  if (!nested)
    return llvm::Error::success();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "the module has a nested module";
  if (std::optional<llvm::StringRef> name = nested.getName())
    os << " '@" << escapeForMessage(*name) << '\'';
  if (auto loc = dyn_cast<FileLineColLoc>(nested.getLoc()))
    os << " (at " << escapeForMessage(loc.getFilename().getValue()) << ':'
       << loc.getLine() << ':' << loc.getColumn() << ')';
  os << " with functions; " << tool << ' ' << uses
     << " the functions of the top-level module only: move them there";
  return llvm::createStringError(text);
}

} // namespace norm
} // namespace mlir

#endif // NORM_SUPPORT_NESTEDMODULES_H
