//===- CHeader.cpp - the C header of an object from norm-compile ----------===//
//
// Writes the header declaring each exported function with the C interface of
// docs/AOT.md: C99 and C++ (extern "C"), <stdint.h> only; at its top the
// target and what the object needs at link time, per function the element
// type and shape of every argument and result, result sizes in terms of
// argument sizes (`result1: f32 [arg0.dim0, 1]`).
//
//===----------------------------------------------------------------------===//

#include "KernelInterface.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::compile;

/// The element type as MLIR spells it (`f32`, `bf16`, `i64`).
static std::string getTypeName(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// Returns `[arg0.dim0, 4]` for argument `argIndex` of type `type`.
static std::string formatArgumentShape(unsigned argIndex,
                                       RankedTensorType type) {
  SmallVector<std::string> dims;
  for (int64_t i = 0; i < type.getRank(); ++i)
    dims.push_back(type.isDynamicDim(i) ? "arg" + std::to_string(argIndex) +
                                              ".dim" + std::to_string(i)
                                        : std::to_string(type.getDimSize(i)));
  return "[" + llvm::join(dims, ", ") + "]";
}

static std::string formatResultShape(ArrayRef<DimExpr> dims) {
  SmallVector<std::string> parts;
  for (const DimExpr &dim : dims)
    parts.push_back(dim.constant ? std::to_string(*dim.constant)
                                 : "arg" + std::to_string(dim.arg) + ".dim" +
                                       std::to_string(dim.dim));
  return "[" + llvm::join(parts, ", ") + "]";
}

/// Writes `text` as comment lines of at most about 80 columns, breaking
/// after commas or spaces: the first starts with `lead`, the others with
/// `indent`.
static void writeWrapped(llvm::raw_ostream &os, StringRef lead,
                         StringRef indent, StringRef text) {
  constexpr size_t width = 78;
  StringRef start = lead;
  while (!text.empty()) {
    size_t room = width > start.size() ? width - start.size() : 20;
    StringRef line = text;
    if (text.size() > room) {
      size_t cut = text.substr(0, room).find_last_of(", ");
      if (cut == StringRef::npos || cut == 0)
        cut = room;
      line = text.substr(0, cut + 1);
    }
    os << start << line.rtrim() << '\n';
    text = text.drop_front(line.size()).ltrim();
    start = indent;
  }
}

/// ` (ONNX <kind> "<name>")` for a value named `name` in the ONNX model, or
/// nothing where `name` is empty. The name is quoted as a C string literal
/// would spell it, in ASCII: `"` and `\` escaped, other bytes outside
/// printable ASCII as `\xHH`; the second character of `*` `/`, of `/` `*`
/// and of `?` `?` is escaped too, so that the name can neither end the
/// comment, open a nested one (a -Wcomment warning) nor form a trigraph.
static std::string formatONNXName(StringRef kind, StringRef name) {
  if (name.empty())
    return "";
  std::string text = (" (ONNX " + kind + " \"").str();
  for (size_t i = 0; i < name.size(); ++i) {
    unsigned char c = name[i];
    char previous = i > 0 ? name[i - 1] : 0;
    if (c == '"' || c == '\\' || (c == '/' && previous == '*') ||
        (c == '*' && previous == '/') || (c == '?' && previous == '?')) {
      text += '\\';
      text += c;
    } else if (c < 0x20 || c > 0x7e) {
      text += "\\x";
      text += llvm::hexdigit(c >> 4, /*LowerCase=*/true);
      text += llvm::hexdigit(c & 15, /*LowerCase=*/true);
    } else {
      text += c;
    }
  }
  return text + "\")";
}

/// The include guard of the header of `kernels`:
/// NORM_KERNELS_<PREFIX>_<HEADER NAME>_<hash of the exported names>, each
/// character that is not a letter or digit as `_`, runs of `_` as one (a C
/// identifier no implementation reserves). Two headers of one file name
/// with other prefixes or functions get other guards. A header without a
/// file name has the output's name in its place, else the input's.
static std::string getIncludeGuard(ArrayRef<Kernel> kernels,
                                   const HeaderInfo &info) {
  std::string symbols;
  for (const Kernel &kernel : kernels)
    symbols += kernel.symbol + "\n";
  const std::string &name = !info.headerName.empty()   ? info.headerName
                            : !info.outputName.empty() ? info.outputName
                                                       : info.inputName;
  std::string text = "NORM_KERNELS_" + info.prefix + "_" + name + "_" +
                     llvm::utohexstr(llvm::xxh3_64bits(symbols),
                                     /*LowerCase=*/false, /*Width=*/16);
  std::string guard;
  for (char c : text) {
    char next = llvm::isAlnum(c) ? llvm::toUpper(c) : '_';
    if (next != '_' || guard.back() != '_')
      guard += next;
  }
  return guard;
}

void compile::writeCHeader(llvm::raw_ostream &os, ArrayRef<Kernel> kernels,
                           const HeaderInfo &info) {
  std::string guard = getIncludeGuard(kernels, info);
  // A header written to stdout or a device names no file of its own.
  if (!info.headerName.empty())
    os << "/* " << info.headerName << ": kernels";
  else if (!info.outputName.empty())
    os << "/* Header of " << info.outputName << ": kernels";
  else
    os << "/* Kernels";
  os << " compiled by norm-compile from " << info.inputName << ".\n"
     << " *\n"
     << " * Target: " << info.triple << ", CPU " << info.cpu << ".\n";
  writeWrapped(os, " * Features: ", " *   ",
               info.features.empty() ? "(the CPU's)" : info.features);
  if (info.variants)
    writeWrapped(os, " * ", " * ",
                 "One variant of each function per CPU: the first call picks "
                 "the last listed CPU that the running one can stand in for, "
                 "else the first (NORM_KERNELS_CPU=<cpu> forces one).");
  writeWrapped(os, " * Link: ", " *   ",
               info.usesOpenMP
                   ? "the object, libc, libm (-lm) and LLVM's OpenMP runtime "
                     "(-lomp), which runs the row loops on its threads "
                     "(OMP_NUM_THREADS)."
               : info.parallel
                   ? "the object, libc and libm (-lm); no OpenMP runtime "
                     "(built with --parallel=true, but no loop of these "
                     "functions runs on threads)."
                   : "the object, libc and libm (-lm); no OpenMP runtime "
                     "(built with --parallel=false).");
  if (info.usesRuntimeHelpers)
    writeWrapped(os, " * ", " * ",
                 "It also calls the C compiler's runtime library (libgcc or "
                 "compiler-rt, which gcc and clang link by default) where "
                 "the CPU has no instruction (f16/bf16 conversions, 128-bit "
                 "multiplication).");
  os << " *\n";
  writeWrapped(os, " * ", " * ",
               "Each function takes, per argument, a dense row-major buffer "
               "and its shape (all dims, static ones too), then one "
               "caller-allocated buffer per result. It returns 0 after "
               "writing the results, or 1, writing nothing, when the shapes "
               "break the signature or a run-time rule of an op, or give an "
               "argument or result more bytes than int64_t holds (its "
               "element size times its dims, a dim 0 counted as 1). f16 and "
               "bf16 elements are IEEE binary16 and bfloat16 bit patterns. "
               "Results must not overlap the arguments or each other.");
  if (info.alignedVariants)
    writeWrapped(os, " * ", " * ",
                 "Where every result buffer is aligned to 64 bytes, large "
                 "results are written with non-temporal stores (around the "
                 "cache), as the JIT writes them.");
  std::string state =
      info.variants ? "The functions are reentrant and thread-safe; their "
                      "only state is the variant each one picks at its first "
                      "call. "
                    : "The functions are reentrant and thread-safe and keep "
                      "no state of their own. ";
  writeWrapped(os, " * ", " * ",
               state +
                   (!info.allocates
                        ? "They allocate no memory on the heap: results "
                          "are written directly into the caller's buffers."
                    : info.uncheckedAllocations
                        ? "Some calls allocate memory on the heap (malloc) "
                          "and free it before they return. Where an "
                          "allocation fails they return 2, except for "
                          "allocations in OpenMP regions that a thread "
                          "cannot leave alone (a worksharing loop), which "
                          "are not checked (a failed one crashes)."
                        : "Some calls allocate memory on the heap (malloc) "
                          "and free it before they return; where an "
                          "allocation fails they free what they allocated "
                          "and return 2 (docs/AOT.md says what they may have "
                          "written then)."));
  os << " */\n"
     << "#ifndef " << guard << "\n"
     << "#define " << guard << "\n\n"
     << "#include <stdint.h>\n\n"
     << "#ifdef __cplusplus\n"
     << "extern \"C\" {\n"
     << "#endif\n";
  for (const Kernel &kernel : kernels) {
    os << "\n/* " << kernel.symbol << ": function @" << kernel.name << ".\n";
    for (auto [index, type] : llvm::enumerate(kernel.arguments))
      os << " *   arg" << index << ": " << getTypeName(type.getElementType())
         << ' ' << formatArgumentShape(index, type)
         << formatONNXName("input", kernel.argumentNames[index]) << '\n';
    for (auto [index, type] : llvm::enumerate(kernel.results))
      os << " *   result" << index << ": " << getTypeName(type.getElementType())
         << ' ' << formatResultShape(kernel.resultDims[index])
         << formatONNXName("output", kernel.resultNames[index]) << '\n';
    os << " */\n";
    std::string head = "int32_t " + kernel.symbol + "(";
    SmallVector<std::string> params;
    for (auto [index, type] : llvm::enumerate(kernel.arguments)) {
      params.push_back("const " + getCElementType(type.getElementType()).str() +
                       " *arg" + std::to_string(index));
      params.push_back("const int64_t *arg" + std::to_string(index) + "_shape");
    }
    for (auto [index, type] : llvm::enumerate(kernel.results))
      params.push_back(getCElementType(type.getElementType()).str() +
                       " *result" + std::to_string(index));
    if (params.empty())
      params.push_back("void");
    os << head;
    std::string indent(head.size(), ' ');
    size_t column = head.size();
    for (auto [index, param] : llvm::enumerate(params)) {
      std::string piece = param + (index + 1 == params.size() ? ");" : ",");
      if (index > 0) {
        if (column + 1 + piece.size() > 80) {
          os << '\n' << indent;
          column = indent.size();
        } else {
          os << ' ';
          ++column;
        }
      }
      os << piece;
      column += piece.size();
    }
    os << '\n';
    if (info.variants)
      os << "/* The CPU of the variant of " << kernel.symbol
         << " this process uses. */\n"
         << "const char *" << getCPUQuerySymbol(kernel.symbol) << "(void);\n";
  }
  os << "\n#ifdef __cplusplus\n"
     << "} /* extern \"C\" */\n"
     << "#endif\n\n"
     << "#endif /* " << guard << " */\n";
}
