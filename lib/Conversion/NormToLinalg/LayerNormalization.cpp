//===- LayerNormalization.cpp - lower norm LayerNormalization to linalg -----------------===//

#include "norm/Conversion/NormToLinalg/NormToLinalg.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;

void mlir::norm::populateLayerNormalizationToLinalgPatterns(RewritePatternSet &patterns) {}
