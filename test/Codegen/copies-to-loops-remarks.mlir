// RUN: norm-opt %s --norm-copies-to-loops \
// RUN:   --remarks-filter=norm-copies-to-loops \
// RUN:   --remark-format=emitRemark --verify-diagnostics -o /dev/null

// The optimization remarks of norm-copies-to-loops: which memref.copy ops
// became loops, and why the others did not.

// Into a strided view of dynamic size: rewritten.
func.func @row_block(%src: memref<?xf32>, %dst: memref<?xf32>, %off: index,
                     %n: index) {
  %view = memref.subview %dst[%off] [%n] [1]
      : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  // expected-remark @+1 {{[Passed] Rewritten | Category:norm-copies-to-loops | Function=row_block | Remark="rewritten as loops (memref-to-llvm would call memrefCopy of MLIR's runner utilities)"}}
  memref.copy %src, %view
      : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  return
}

// Identity layouts: left to memref-to-llvm's memcpy.
func.func @contiguous(%src: memref<?x4xf32>, %dst: memref<?x4xf32>) {
  // expected-remark @+1 {{[Missed] NotRewritten | Category:norm-copies-to-loops | Function=contiguous | Reason="both layouts are contiguous: left to memref-to-llvm (one memcpy)"}}
  memref.copy %src, %dst : memref<?x4xf32> to memref<?x4xf32>
  return
}
