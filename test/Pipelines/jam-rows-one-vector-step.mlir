// RUN: norm-opt %s --norm-to-llvm='vector-bits=512' --dump-pass-pipeline \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: norm-opt %s --norm-to-llvm='vector-bits=512' \
// RUN:   --remarks-filter=norm-jam-rows -o /dev/null 2>&1 | FileCheck %s
// RUN: norm-opt %s --norm-to-llvm='vector-bits=512' \
// RUN:   --mlir-print-ir-after=norm-jam-rows -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DYN

// norm-to-llvm jams rows (norm-jam-rows, 4 rows per iteration) only where
// every pass over a row is one vector step: with 512-bit vectors and 4
// partial sums a step covers 64 f32. LayerNormalization rows of 128 (two
// steps per pass) run one row per iteration: a jammed block would read and
// write its 4 rows interleaved, step by step, which streamed from memory
// slower than row by row. (Only bodies with two reductions or more are
// jammed at all: jam-rows-min-reductions.mlir.)

// PIPELINE: norm-jam-rows{max-steps=1 min-reductions=2 pack-rows=true rows=4}

// CHECK: remark: [Passed] Jammed | Category:norm-jam-rows | Function=rows_64 | Remark="4 rows per iteration
func.func @rows_64(%x: tensor<64x64xf32>, %s: tensor<64xf32>,
                   %b: tensor<64xf32>) -> tensor<64x64xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>)
      -> (tensor<64x64xf32>, tensor<64x1xf32>, tensor<64x1xf32>)
  return %y : tensor<64x64xf32>
}

// CHECK: remark: [Missed] NotJammed | Category:norm-jam-rows | Function=rows_128 | Reason="a loop over the row runs 2 steps, more than max-steps (1)"
func.func @rows_128(%x: tensor<64x128xf32>, %s: tensor<128xf32>,
                    %b: tensor<128xf32>) -> tensor<64x128xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<64x128xf32>, tensor<128xf32>, tensor<128xf32>)
      -> (tensor<64x128xf32>, tensor<64x1xf32>, tensor<64x1xf32>)
  return %y : tensor<64x128xf32>
}

// A dynamic row length: blocks of 4 rows where each of the 8 column loops
// (the sum, the sum of squared deviations and Y in f32, the f64 sum of
// squares for long rows, each a 64- or 32-lane loop and its masked
// remainder) runs at most one step, else one row per block.
// CHECK: remark: [Passed] Jammed | Category:norm-jam-rows | Function=dynamic | Remark="4 rows per iteration, 8 loops over the row jammed, where each runs at most max-steps steps (else one row per iteration)"
// DYN-LABEL: func.func @dynamic
// DYN-COUNT-8: arith.cmpi ule, %{{[0-9]+}}, %c1{{(_[0-9]+)?}} : index
// DYN: %[[PER:.*]] = arith.select %{{.*}}, %c4{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}} : index
// DYN: %[[BLOCKS:.*]] = arith.ceildivui %{{.*}}, %[[PER]] : index
// DYN: scf.forall (%{{.*}}) in (%[[BLOCKS]])
func.func @dynamic(%x: tensor<?x?xf32>, %s: tensor<?xf32>,
                   %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}
