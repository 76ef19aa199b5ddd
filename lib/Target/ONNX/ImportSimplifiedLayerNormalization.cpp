//===- ImportSimplifiedLayerNormalization.cpp - import ORT's RMS norm -----===//
//
// Importer::importSimplifiedLayerNormalization: ONNX Runtime's
// SimplifiedLayerNormalization (registered in the ai.onnx domain, version 1)
// to norm.rms_normalization (docs/semantics.md, RMSNormalization).
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

using namespace mlir;
using namespace mlir::norm::onnx_importer;

/// SimplifiedLayerNormalization (X, scale) -> (Y, optional inv_std_var):
/// RMSNormalization with its InvStdDev as inv_std_var, the same attributes
/// and defaults (axis -1, epsilon 1e-5, stash_type 1).
LogicalResult Importer::importSimplifiedLayerNormalization(const Node &node) {
  if (failed(checkArity(node, 2, 2, 1, 2)))
    return failure();
  return importRMSNormalizationNode(node, "SimplifiedLayerNormalization");
}
