// RUN: norm-opt %s --norm-expand-shape-to-reinterpret-cast \
// RUN:   --remarks-filter=norm-expand-shape-to-reinterpret-cast \
// RUN:   --remark-format=emitRemark --verify-diagnostics -o /dev/null

// The optimization remarks of norm-expand-shape-to-reinterpret-cast: which
// memref.expand_shape ops were rewritten, and why the others were not.

// Between identity layouts: rewritten.
func.func @two_dynamic(%m: memref<?x?xf32>, %d0: index, %d1: index,
                       %d2: index) -> memref<?x?x?xf32> {
  // expected-remark @+1 {{[Passed] Rewritten | Category:norm-expand-shape-to-reinterpret-cast | Function=two_dynamic | Remark="rewritten as a memref.reinterpret_cast with row-major strides"}}
  %e = memref.expand_shape %m [[0], [1, 2]] output_shape [%d0, %d1, %d2]
      : memref<?x?xf32> into memref<?x?x?xf32>
  return %e : memref<?x?x?xf32>
}

// A strided source: left to expand-strided-metadata.
func.func @strided_source(%m: memref<4x?xf32, strided<[?, 1], offset: ?>>,
                          %d: index)
    -> memref<2x2x?xf32, strided<[?, ?, 1], offset: ?>> {
  // expected-remark @+1 {{[Missed] NotRewritten | Category:norm-expand-shape-to-reinterpret-cast | Function=strided_source | Reason="the source's layout is not the identity: left to expand-strided-metadata"}}
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 2, %d]
      : memref<4x?xf32, strided<[?, 1], offset: ?>>
        into memref<2x2x?xf32, strided<[?, ?, 1], offset: ?>>
  return %e : memref<2x2x?xf32, strided<[?, ?, 1], offset: ?>>
}
