#!/usr/bin/env bash
# Regenerates the dialect and pass references in docs/ from ODS
# (NormOps.td, Passes.td) through the `mlir-doc` target.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
scripts/build.sh >/dev/null
ninja -C "$BUILD_DIR" mlir-doc >/dev/null
mkdir -p docs/Dialects
{ echo "<!-- Generated from include/norm/Dialect/Norm/IR/NormOps.td by scripts/update-docs.sh; do not edit. -->"; cat "$BUILD_DIR/docs/Dialects/NormDialect.md"; } > docs/Dialects/Norm.md
{ echo "<!-- Generated from include/norm/Conversion/Passes.td by scripts/update-docs.sh; do not edit. -->"; echo "# norm-mlir passes"; echo; cat "$BUILD_DIR/docs/NormPasses.md"; } > docs/Passes.md
echo "updated docs/Dialects/Norm.md docs/Passes.md"
