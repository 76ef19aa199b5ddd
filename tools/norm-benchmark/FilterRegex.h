//===- FilterRegex.h - check a --benchmark_filter pattern -------*- C++ -*-===//
//
// Google Benchmark 1.7 compiles --benchmark_filter as a std::regex (POSIX
// extended grammar) and, on an invalid pattern, prints its own line and runs
// nothing. norm-benchmark checks the pattern first, with the same engine.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_TOOLS_NORM_BENCHMARK_FILTERREGEX_H
#define NORM_TOOLS_NORM_BENCHMARK_FILTERREGEX_H

#include <optional>
#include <string>

namespace mlir::norm::benchmark_tool {
/// Returns why `filter`, a value of --benchmark_filter, is no pattern Google
/// Benchmark accepts (std::regex_error's message, e.g. "Unexpected character
/// within '[...]' in regular expression"), or std::nullopt where it is one.
/// Reads it as the library does: empty and "all" match everything, and a
/// leading '-' negates the pattern after it.
std::optional<std::string> getFilterRegexError(const std::string &filter);
} // namespace mlir::norm::benchmark_tool

#endif // NORM_TOOLS_NORM_BENCHMARK_FILTERREGEX_H
