// RUN: norm-opt %s --norm-deinterleave-bf16-sums \
// RUN:   --remarks-filter=norm-deinterleave-bf16-sums --remark-format=emitRemark \
// RUN:   --verify-diagnostics -o /dev/null

// The optimization remarks of norm-deinterleave-bf16-sums: which widenings
// of bf16 vectors to f32 were rewritten as even and odd lanes, and why the
// others were not.

// A sum of (x - mean)^2 over a bf16 row, as norm-vectorize-rows leaves it:
// the main loop's terms only reach a sum whose lanes are added up at the
// end; in the masked remainder loop the sum also meets the mask's select.
func.func @sum_of_squares(%x: memref<?xbf16>, %mean: f32, %n: index,
                          %full: index, %mask: vector<1x64xi1>) -> f32 {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<1x64xf32>
  %m = vector.broadcast %mean : f32 to vector<1x64xf32>
  %main = scf.for %j = %c0 to %full step %c64 iter_args(%acc = %zero)
      -> (vector<1x64xf32>) {
    %r = vector.transfer_read %x[%j], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<64xbf16>
    %row = vector.broadcast %r : vector<64xbf16> to vector<1x64xbf16>
    // expected-remark @+1 {{[Passed] Deinterleaved | Category:norm-deinterleave-bf16-sums | Function=sum_of_squares | Remark="bf16 widened to f32 as the even lanes, then the odd lanes, of the sum it feeds (shift and mask of i32 lane pairs)"}}
    %w = arith.extf %row : vector<1x64xbf16> to vector<1x64xf32>
    %d = arith.subf %w, %m : vector<1x64xf32>
    %sq = arith.mulf %d, %d : vector<1x64xf32>
    %next = arith.addf %acc, %sq fastmath<reassoc> : vector<1x64xf32>
    scf.yield %next : vector<1x64xf32>
  }
  %rest = scf.for %j = %full to %n step %c64 iter_args(%acc = %main)
      -> (vector<1x64xf32>) {
    %r = vector.transfer_read %x[%j], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<64xbf16>
    %row = vector.broadcast %r : vector<64xbf16> to vector<1x64xbf16>
    // expected-remark @+1 {{[Missed] NotDeinterleaved | Category:norm-deinterleave-bf16-sums | Function=sum_of_squares | Reason="the loop-carried sum it is added to is not yielded as is, or has other uses (a masked remainder's select)"}}
    %w = arith.extf %row : vector<1x64xbf16> to vector<1x64xf32>
    %d = arith.subf %w, %m : vector<1x64xf32>
    %sq = arith.mulf %d, %d : vector<1x64xf32>
    %added = arith.addf %acc, %sq fastmath<reassoc> : vector<1x64xf32>
    %next = arith.select %mask, %added, %acc : vector<1x64xi1>, vector<1x64xf32>
    scf.yield %next : vector<1x64xf32>
  }
  %flat = vector.extract %rest[0] : vector<64xf32> from vector<1x64xf32>
  %sum = vector.reduction <add>, %flat : vector<64xf32> into f32
  return %sum : f32
}

// Left alone, each for its reason.
func.func @left_alone(%x: memref<?xbf16>, %odd: memref<?xbf16>,
                      %scale: vector<64xf32>, %y: memref<?xf32>, %n: index)
    -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %zero63 = arith.constant dense<0.0> : vector<63xf32>
  %a, %b, %d = scf.for %j = %c0 to %n step %c64
      iter_args(%s0 = %zero, %s1 = %zero, %s3 = %zero63)
      -> (vector<64xf32>, vector<64xf32>, vector<63xf32>) {
    %r = vector.transfer_read %x[%j], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<64xbf16>
    // expected-remark @+1 {{[Missed] NotDeinterleaved | Category:norm-deinterleave-bf16-sums | Function=left_alone | Reason="its lanes are combined with a value that differs between lanes"}}
    %w0 = arith.extf %r : vector<64xbf16> to vector<64xf32>
    %t0 = arith.mulf %w0, %scale : vector<64xf32>
    %n0 = arith.addf %s0, %t0 : vector<64xf32>
    // expected-remark @+1 {{[Missed] NotDeinterleaved | Category:norm-deinterleave-bf16-sums | Function=left_alone | Reason="the lane order of the sum it feeds matters: the sum is used other than by a full add-reduction"}}
    %w1 = arith.extf %r : vector<64xbf16> to vector<64xf32>
    %n1 = arith.addf %s1, %w1 : vector<64xf32>
    // expected-remark @+1 {{[Missed] NotDeinterleaved | Category:norm-deinterleave-bf16-sums | Function=left_alone | Reason="its lanes reach vector.transfer_write, not only arith.addf, subf, mulf and extf"}}
    %w3 = arith.extf %r : vector<64xbf16> to vector<64xf32>
    vector.transfer_write %w3, %y[%j] {in_bounds = [true]}
        : vector<64xf32>, memref<?xf32>
    %r63 = vector.transfer_read %odd[%j], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<63xbf16>
    // expected-remark @+1 {{[Missed] NotDeinterleaved | Category:norm-deinterleave-bf16-sums | Function=left_alone | Reason="63 lanes, not a power of two of at least 2 (a remainder tile)"}}
    %w4 = arith.extf %r63 : vector<63xbf16> to vector<63xf32>
    %n3 = arith.addf %s3, %w4 : vector<63xf32>
    scf.yield %n0, %n1, %n3
        : vector<64xf32>, vector<64xf32>, vector<63xf32>
  }
  %ra = vector.reduction <add>, %a : vector<64xf32> into f32
  %rb = vector.extract %b[3] : f32 from vector<64xf32>
  %rd = vector.reduction <add>, %d : vector<63xf32> into f32
  return %ra, %rb, %rd : f32, f32, f32
}

// A widening outside any loop is not a term of a loop-carried sum.
func.func @no_loop(%r: vector<64xbf16>) -> f32 {
  // expected-remark @+1 {{[Missed] NotDeinterleaved | Category:norm-deinterleave-bf16-sums | Function=no_loop | Reason="not directly in the body of an scf.for"}}
  %w = arith.extf %r : vector<64xbf16> to vector<64xf32>
  %s = vector.reduction <add>, %w : vector<64xf32> into f32
  return %s : f32
}

// The shift K - x of a widened f16 term in a sum loop becomes a fused
// multiply-add (FusedShift); the f16 widening itself is no bf16 widening
// and gets no remark.
func.func @fused_shift(%x: memref<?xf16>, %k: f32, %n: index)
    -> vector<64xf32> {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %kv = vector.broadcast %k : f32 to vector<64xf32>
  %sum = scf.for %j = %c0 to %n step %c64 iter_args(%acc = %zero)
      -> (vector<64xf32>) {
    %r = vector.transfer_read %x[%j], %pad {in_bounds = [true]}
        : memref<?xf16>, vector<64xf16>
    %w = arith.extf %r : vector<64xf16> to vector<64xf32>
    // expected-remark @+1 {{[Passed] FusedShift | Category:norm-deinterleave-bf16-sums | Function=fused_shift | Remark="K - x of a widened 16-bit term as a fused multiply-add by -1 (the same value)"}}
    %d = arith.subf %kv, %w : vector<64xf32>
    %next = arith.addf %acc, %d fastmath<reassoc> : vector<64xf32>
    scf.yield %next : vector<64xf32>
  }
  return %sum : vector<64xf32>
}
