#!/usr/bin/env bash
# Regenerates the dialect and pass references in docs/ from ODS
# (NormOps.td and the three Passes.td) through the `mlir-doc` target.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
scripts/build.sh >/dev/null
ninja -C "$BUILD_DIR" mlir-doc >/dev/null
mkdir -p docs/Dialects
{ echo "<!-- Generated from include/norm/Dialect/Norm/IR/NormOps.td by scripts/update-docs.sh; do not edit. -->"; cat "$BUILD_DIR/docs/Dialects/NormDialect.md"; } > docs/Dialects/Norm.md
{
  echo "<!-- Generated from include/norm/Conversion/Passes.td, include/norm/Dialect/Norm/Transforms/Passes.td and include/norm/Codegen/Passes.td by scripts/update-docs.sh; do not edit. -->"
  echo "# norm-mlir passes"
  echo
  echo "## Conversion (\`include/norm/Conversion/Passes.td\`)"
  echo
  cat "$BUILD_DIR/docs/NormConversionPasses.md"
  echo
  echo "## norm dialect transforms (\`include/norm/Dialect/Norm/Transforms/Passes.td\`)"
  echo
  cat "$BUILD_DIR/docs/NormTransformsPasses.md"
  echo
  echo "## CPU codegen (\`include/norm/Codegen/Passes.td\`)"
  echo
  cat "$BUILD_DIR/docs/NormCodegenPasses.md"
} > docs/Passes.md
echo "updated docs/Dialects/Norm.md docs/Passes.md"
