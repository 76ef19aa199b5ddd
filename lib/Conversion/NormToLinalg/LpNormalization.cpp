//===- LpNormalization.cpp - lower norm LpNormalization to linalg -----------------===//

#include "norm/Conversion/NormToLinalg/NormToLinalg.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;

void mlir::norm::populateLpNormalizationToLinalgPatterns(RewritePatternSet &patterns) {}
