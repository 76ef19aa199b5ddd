// RUN: norm-opt %s \
// RUN:   --pass-pipeline='builtin.module(func.func(norm-nontemporal-stores{min-bytes=1024}))' \
// RUN:   --remarks-filter=norm-nontemporal-stores --remark-format=emitRemark \
// RUN:   --verify-diagnostics -o /dev/null

// The IR is the same with and without remarks.
// RUN: norm-opt %s --pass-pipeline='builtin.module(func.func(norm-nontemporal-stores{min-bytes=1024}))' 2>/dev/null > %t.plain
// RUN: norm-opt %s --pass-pipeline='builtin.module(func.func(norm-nontemporal-stores{min-bytes=1024}))' \
// RUN:   --remarks-filter=norm-nontemporal-stores 2>/dev/null > %t.remarks
// RUN: cmp %t.plain %t.remarks

// The optimization remarks of norm-nontemporal-stores: which writes of a
// result became non-temporal stores, and why the others did not.

#tail = affine_map<(d0)[s0] -> (-d0 + s0)>
#full = affine_map<()[s0] -> ((s0 floordiv 64) * 64)>

// A dynamic [rows, cols] f32 result: the loop of full 64-lane tiles is
// versioned on the run-time sizes; the masked remainder keeps its writes.
func.func @dynamic_rows(%x: memref<?x?xf32>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %pad = ub.poison : f32
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %cols = memref.dim %x, %c1 : memref<?x?xf32>
  %y = memref.alloc(%rows, %cols) : memref<?x?xf32>
  scf.for %i = %c0 to %rows step %c1 {
    %row = memref.subview %y[%i, 0] [1, %cols] [1, 1]
        : memref<?x?xf32> to memref<1x?xf32, strided<[?, 1], offset: ?>>
    %end = affine.apply #full()[%cols]
    scf.for %j = %c0 to %end step %c64 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<?x?xf32>, vector<64xf32>
      // expected-remark @+1 {{[Passed] NontemporalStore | Category:norm-nontemporal-stores | Function=dynamic_rows | Remark="non-temporal store, aligned to 64 bytes, in a copy of its loop taken when the result buffers hold at least min-bytes and their rows are aligned"}}
      vector.transfer_write %v, %row[%c0, %j] {in_bounds = [true]}
          : vector<64xf32>, memref<1x?xf32, strided<[?, 1], offset: ?>>
    }
    scf.for %j = %end to %cols step %c64 {
      %n = affine.apply #tail(%j)[%cols]
      %mask = vector.create_mask %n : vector<64xi1>
      %v = vector.transfer_read %x[%i, %j], %pad, %mask {in_bounds = [true]}
          : memref<?x?xf32>, vector<64xf32>
      // expected-remark @+1 {{[Missed] UnsupportedWrite | Category:norm-nontemporal-stores | Function=dynamic_rows | Reason="not an unmasked, in-bounds, contiguous write of a 1-D vector of integers or floats"}}
      vector.transfer_write %v, %row[%c0, %j], %mask {in_bounds = [true]}
          : vector<64xf32>, memref<1x?xf32, strided<[?, 1], offset: ?>>
    }
  }
  return %y : memref<?x?xf32>
}

// Static shapes decide at compile time: [4, 64] f32 is 1024 bytes.
func.func @static_large(%v: vector<64xf32>) -> memref<4x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %y = memref.alloc() : memref<4x64xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-remark @+1 {{[Passed] NontemporalStore | Category:norm-nontemporal-stores | Function=static_large | Remark="non-temporal store, aligned to 64 bytes"}}
    vector.transfer_write %v, %y[%i, %c0] {in_bounds = [true]}
        : vector<64xf32>, memref<4x64xf32>
  }
  return %y : memref<4x64xf32>
}

// Left alone, each for its reason.
func.func @left_alone(%v: vector<64xf32>, %w: vector<8xf32>, %n: index)
    -> (memref<2x64xf32>, memref<16x72xf32>, memref<16x?xf32>,
        memref<16x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %small = memref.alloc() : memref<2x64xf32>
  // expected-remark @+1 {{[Missed] TooSmall | Category:norm-nontemporal-stores | Function=left_alone | Reason="the result buffer memref<2x64xf32> is smaller than min-bytes: a consumer reads it from the cache"}}
  vector.transfer_write %v, %small[%c1, %c0] {in_bounds = [true]}
      : vector<64xf32>, memref<2x64xf32>
  %odd = memref.alloc() : memref<16x72xf32>
  // expected-remark @+1 {{[Missed] NotAligned | Category:norm-nontemporal-stores | Function=left_alone | Reason="the result buffer memref<16x72xf32> has rows that are not a multiple of 64 bytes"}}
  vector.transfer_write %v, %odd[%c1, %c0] {in_bounds = [true]}
      : vector<64xf32>, memref<16x72xf32>
  %shifted = memref.alloc(%n) : memref<16x?xf32>
  scf.for %j = %c8 to %n step %c64 {
    // expected-remark @+1 {{[Missed] NotAligned | Category:norm-nontemporal-stores | Function=left_alone | Reason="the innermost index is not known to be a multiple of 16 elements (64 bytes)"}}
    vector.transfer_write %v, %shifted[%c1, %j] {in_bounds = [true]}
        : vector<64xf32>, memref<16x?xf32>
  }
  %temp = memref.alloc() : memref<16x128xf32>
  // expected-remark @+1 {{[Missed] NotResult | Category:norm-nontemporal-stores | Function=left_alone | Reason="it does not write a buffer with the identity layout that the function allocates and returns"}}
  vector.transfer_write %v, %temp[%c1, %c0] {in_bounds = [true]}
      : vector<64xf32>, memref<16x128xf32>
  %narrow = memref.alloc() : memref<16x128xf32>
  // expected-remark @+1 {{[Missed] PartialLine | Category:norm-nontemporal-stores | Function=left_alone | Reason="the vector is not a multiple of 64 bytes"}}
  vector.transfer_write %w, %narrow[%c1, %c16] {in_bounds = [true]}
      : vector<8xf32>, memref<16x128xf32>
  memref.dealloc %temp : memref<16x128xf32>
  return %small, %odd, %shifted, %narrow
      : memref<2x64xf32>, memref<16x72xf32>, memref<16x?xf32>,
        memref<16x128xf32>
}

// A function that writes into its argument: no result buffer to stream.
// expected-remark @+1 {{[Missed] NoResultBuffer | Category:norm-nontemporal-stores | Function=in_place | Reason="the function returns no buffer it allocates"}}
func.func @in_place(%v: vector<64xf32>, %y: memref<4x64xf32>) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %y[%c0, %c0] {in_bounds = [true]}
      : vector<64xf32>, memref<4x64xf32>
  return
}

// A bf16 result: the remark says the store writes the bits as integers (the
// x86 workaround, see NontemporalStores.cpp).
func.func @bf16_rows(%v: vector<64xbf16>) -> memref<16x64xbf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %y = memref.alloc() : memref<16x64xbf16>
  scf.for %i = %c0 to %c16 step %c1 {
    // expected-remark @+1 {{[Passed] NontemporalStore | Category:norm-nontemporal-stores | Function=bf16_rows | Remark="non-temporal store, aligned to 64 bytes, of the 16-bit floats' bits as integers"}}
    vector.transfer_write %v, %y[%i, %c0] {in_bounds = [true]}
        : vector<64xbf16>, memref<16x64xbf16>
  }
  return %y : memref<16x64xbf16>
}
