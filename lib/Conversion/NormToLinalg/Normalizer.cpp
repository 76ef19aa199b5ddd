//===- Normalizer.cpp - lower norm Normalizer to linalg -----------------===//

#include "norm/Conversion/NormToLinalg/NormToLinalg.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;

void mlir::norm::populateNormalizerToLinalgPatterns(RewritePatternSet &patterns) {}
