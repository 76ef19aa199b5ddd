//===- ExportNames.h - names an exported function may not have --*- C++ -*-===//
//
// Private to lib/Compile: the check of an exported name (the --prefix, then
// the function name) against the names that would break the linked program
// or its header (ExportNames.cpp, docs/AOT.md "Exported names").
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_COMPILE_EXPORTNAMES_H
#define NORM_LIB_COMPILE_EXPORTNAMES_H

#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir {
namespace norm {
namespace compile {

/// Returns why the C identifier `symbol` may not be an exported name, or an
/// empty string: it is `main`; a C or C++ keyword, a name of <stdint.h>
/// (which the generated header includes) or a macro that C compilers
/// predefine, so the generated header would not compile; in the namespace of
/// the OpenMP runtime; reserved by C at file scope (it begins with `_`); a
/// function of the C math library; a function or object that the object or
/// its runtime (libomp) calls or reads, which the exported function would
/// replace in the linked program; or a name that a standard C header
/// declares or defines (as a function, object, type, enumerator or macro)
/// with glibc in ISO or GNU mode, so a program that includes that header
/// and the generated one would not compile.
std::string getReservedReason(StringRef symbol);

} // namespace compile
} // namespace norm
} // namespace mlir

#endif // NORM_LIB_COMPILE_EXPORTNAMES_H
