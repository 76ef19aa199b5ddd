// RUN: norm-opt %s --norm-to-llvm='vector-bits=512' \
// RUN:   --remarks-filter='norm-prefetch-rows|norm-widen-rows' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s
// RUN: norm-opt %s --norm-to-llvm='vector-bits=512' \
// RUN:   --mlir-print-ir-after=one-shot-bufferize -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROWS

// RMSNormalization and LayerNormalization of X [batch, sequence, hidden]
// (axis -1, the shape of decoder and encoder graphs) run on X collapsed to
// rows [batch * sequence, hidden]: one loop over rows (a one-dimensional
// scf.forall), which the row passes of the pipeline transform as they do
// 2-D X. Before, the loop over slices was a two-dimensional scf.forall, which
// norm-prefetch-rows, norm-jam-rows and norm-widen-rows left alone
// (NotRowLoop).

// CHECK-NOT: NotRowLoop
// CHECK: remark: [Passed] RowHalvesPrefetch | Category:norm-prefetch-rows | Function=rms_f16
// CHECK: remark: [Passed] WidenedRow | Category:norm-widen-rows | Function=rms_f16
// ROWS-LABEL: func.func @rms_f16(
// ROWS:         memref.collapse_shape %{{.+}} {{\[}}[0, 1], [2]] : memref<?x?x4096xf16> into memref<?x4096xf16>
// ROWS:         scf.forall (%{{[^,]+}}) in (%{{.+}}) {
// ROWS:         memref.expand_shape %{{.+}} {{\[}}[0, 1], [2]] output_shape [%{{.+}}, %{{.+}}, 4096] : memref<?x4096xf16> into memref<?x?x4096xf16>
func.func @rms_f16(%x: tensor<?x?x4096xf16>, %scale: tensor<4096xf16>)
    -> tensor<?x?x4096xf16> {
  %y, %inv = norm.rms_normalization %x, %scale
      : (tensor<?x?x4096xf16>, tensor<4096xf16>)
      -> (tensor<?x?x4096xf16>, tensor<?x?x1xf32>)
  return %y : tensor<?x?x4096xf16>
}

// CHECK: remark: [Passed] RowPrefetch | Category:norm-prefetch-rows | Function=ln_f32
// ROWS-LABEL: func.func @ln_f32(
// ROWS:         memref.collapse_shape %{{.+}} {{\[}}[0, 1], [2]] : memref<8x128x1024xf32> into memref<1024x1024xf32>
// ROWS:         scf.forall (%{{[^,]+}}) in (1024) {
func.func @ln_f32(%x: tensor<8x128x1024xf32>, %s: tensor<1024xf32>,
                  %b: tensor<1024xf32>) -> tensor<8x128x1024xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<8x128x1024xf32>, tensor<1024xf32>, tensor<1024xf32>)
      -> (tensor<8x128x1024xf32>, tensor<8x128x1xf32>, tensor<8x128x1xf32>)
  return %y : tensor<8x128x1024xf32>
}

// A dynamic Scale [?] that may be 1 at run time: copied where its size
// differs from X's, read as it is otherwise. The scf.if's buffer keeps the
// identity layout (with a fully dynamic one, Y's loop read Scale element by
// element).
// ROWS-LABEL: func.func @rms_f32(
// ROWS-SAME:      %{{.+}}: memref<?x?x?xf32>, %[[S:.+]]: memref<?xf32>)
// ROWS:         %[[SB:.+]] = scf.if %{{.+}} -> (memref<?xf32>) {
// ROWS:         } else {
// ROWS-NEXT:      scf.yield %[[S]] : memref<?xf32>
// ROWS:         memref.collapse_shape %{{.+}} {{\[}}[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
// ROWS:         vector.transfer_read %[[SB]][%{{.+}}], %{{.+}} {in_bounds = [true, true], permutation_map = #{{.+}}} : memref<?xf32>, vector<1x64xf32>
func.func @rms_f32(%x: tensor<?x?x?xf32>, %scale: tensor<?xf32>)
    -> tensor<?x?x?xf32> {
  %y, %inv = norm.rms_normalization %x, %scale
      : (tensor<?x?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?x?xf32>, tensor<?x?x1xf32>)
  return %y : tensor<?x?x?xf32>
}
