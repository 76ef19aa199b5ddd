//===- FilterRegex.cpp - check a --benchmark_filter pattern ---------------===//
//
// Built with exceptions (CMakeLists.txt): std::regex reports an invalid
// pattern only by throwing std::regex_error, which the rest of the tool,
// built without exceptions, could not catch.
//
//===----------------------------------------------------------------------===//

#include "FilterRegex.h"

#include <regex>

std::optional<std::string>
mlir::norm::benchmark_tool::getFilterRegexError(const std::string &filter) {
  // Google Benchmark 1.7 (benchmark.cc, re.h): "" and "all" become ".", a
  // leading '-' is dropped (a negative filter), and the rest is compiled as
  // std::regex(spec, std::regex_constants::extended).
  if (filter.empty() || filter == "all")
    return std::nullopt;
  std::string spec = filter[0] == '-' ? filter.substr(1) : filter;
  try {
    std::regex regex(spec, std::regex_constants::extended);
    (void)regex;
  } catch (const std::regex_error &error) {
    return std::string(error.what());
  }
  return std::nullopt;
}
