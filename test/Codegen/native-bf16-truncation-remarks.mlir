// RUN: norm-opt %s --norm-native-bf16-truncation \
// RUN:   --remarks-filter=norm-native-bf16-truncation --remark-format=emitRemark \
// RUN:   --verify-diagnostics -o /dev/null

// The optimization remarks of norm-native-bf16-truncation: which f32 to bf16
// vector truncations use the CPU's conversion instruction, and why the
// others keep the exact integer expansion.

// A 2-D vector stored whole, and a vector written by an unmasked in-bounds
// transfer_write.
func.func @stored_whole(%x: vector<1x64xf32>, %z: vector<16xf32>,
                        %m: memref<64xbf16>, %n: memref<?xbf16>, %i: index) {
  %c0 = arith.constant 0 : index
  // expected-remark @+1 {{[Passed] NativeTruncation | Category:norm-native-bf16-truncation | Function=stored_whole | Remark="the CPU's conversion instruction (llvm.fptrunc), with the exact expansion only for vectors with a +-0 result"}}
  %y = arith.truncf %x : vector<1x64xf32> to vector<1x64xbf16>
  %row = vector.extract %y[0] : vector<64xbf16> from vector<1x64xbf16>
  vector.store %row, %m[%c0] : memref<64xbf16>, vector<64xbf16>
  // expected-remark @+1 {{[Passed] NativeTruncation | Category:norm-native-bf16-truncation | Function=stored_whole}}
  %w = arith.truncf %z : vector<16xf32> to vector<16xbf16>
  vector.transfer_write %w, %n[%i] {in_bounds = [true]}
      : vector<16xbf16>, memref<?xbf16>
  return
}

// Left alone, each for its reason; scalars and other result types are not
// candidates and get no remark.
func.func @left_alone(%x: vector<16xf32>, %odd: vector<15xf32>, %s: f32,
                      %m: memref<?xbf16>, %i: index, %mask: vector<16xi1>,
                      %r34: vector<34xf32>)
    -> (vector<16xbf16>, vector<15xbf16>, bf16, vector<16xf16>) {
  // expected-remark @+1 {{[Missed] NotNative | Category:norm-native-bf16-truncation | Function=left_alone | Reason="34 lanes, not a power of two of at least 2 (a static remainder): the exact integer expansion stays"}}
  %h = arith.truncf %r34 : vector<34xf32> to vector<34xbf16>
  vector.transfer_write %h, %m[%i] {in_bounds = [true]}
      : vector<34xbf16>, memref<?xbf16>
  // expected-remark @+1 {{[Missed] NotNative | Category:norm-native-bf16-truncation | Function=left_alone | Reason="a use is not an unmasked, in-bounds store of the whole vector (LLVM 22's x86 backend cannot select the masked store of native code): the exact integer expansion stays"}}
  %a = arith.truncf %x : vector<16xf32> to vector<16xbf16>
  vector.transfer_write %a, %m[%i], %mask {in_bounds = [true]}
      : vector<16xbf16>, memref<?xbf16>
  // expected-remark @+1 {{[Missed] NotNative | Category:norm-native-bf16-truncation | Function=left_alone | Reason="a use is not an unmasked, in-bounds store}}
  %b = arith.truncf %x : vector<16xf32> to vector<16xbf16>
  vector.transfer_write %b, %m[%i] : vector<16xbf16>, memref<?xbf16>
  // expected-remark @+1 {{[Missed] NotNative | Category:norm-native-bf16-truncation | Function=left_alone | Reason="a use is not an unmasked, in-bounds store}}
  %c = arith.truncf %x : vector<16xf32> to vector<16xbf16>
  // expected-remark @+1 {{[Missed] NotNative | Category:norm-native-bf16-truncation | Function=left_alone | Reason="15 lanes, not a power of two of at least 2 (a static remainder): the exact integer expansion stays"}}
  %d = arith.truncf %odd : vector<15xf32> to vector<15xbf16>
  %e = arith.truncf %s : f32 to bf16
  // expected-remark @+1 {{[Missed] NotNative | Category:norm-native-bf16-truncation | Function=left_alone | Reason="rounding mode to_nearest_away, not to_nearest_even: the exact integer expansion stays"}}
  %f = arith.truncf %x to_nearest_away : vector<16xf32> to vector<16xbf16>
  vector.transfer_write %f, %m[%i] {in_bounds = [true]}
      : vector<16xbf16>, memref<?xbf16>
  %g = arith.truncf %x : vector<16xf32> to vector<16xf16>
  return %c, %d, %e, %g : vector<16xbf16>, vector<15xbf16>, bf16, vector<16xf16>
}
