// RUN: norm-opt %s --split-input-file --norm-native-bf16-truncation='vector-bits=256' | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-native-bf16-truncation | FileCheck %s --check-prefix=PAIR

// With 512-bit vectors (the default), each 32 lanes are converted by one
// vcvtne2ps2bf16: the intrinsic takes the upper 16 lanes first; the 32-lane
// results are joined in lane order. The zero test and the exact fallback
// are as with llvm.fptrunc below.
// PAIR-LABEL: func.func @stored_whole(
// PAIR:         %[[FLAT:.+]] = vector.shape_cast %{{.+}} : vector<1x64xf32> to vector<64xf32>
// PAIR-DAG:     %[[H0:.+]] = vector.extract_strided_slice %[[FLAT]] {offsets = [16], sizes = [16], strides = [1]}
// PAIR-DAG:     %[[L0:.+]] = vector.extract_strided_slice %[[FLAT]] {offsets = [0], sizes = [16], strides = [1]}
// PAIR:         %[[P0:.+]] = llvm.call_intrinsic "llvm.x86.avx512bf16.cvtne2ps2bf16.512"(%[[H0]], %[[L0]]) : (vector<16xf32>, vector<16xf32>) -> vector<32xbf16>
// PAIR-DAG:     %[[H1:.+]] = vector.extract_strided_slice %[[FLAT]] {offsets = [48], sizes = [16], strides = [1]}
// PAIR-DAG:     %[[L1:.+]] = vector.extract_strided_slice %[[FLAT]] {offsets = [32], sizes = [16], strides = [1]}
// PAIR:         %[[P1:.+]] = llvm.call_intrinsic "llvm.x86.avx512bf16.cvtne2ps2bf16.512"(%[[H1]], %[[L1]])
// PAIR:         %[[NATIVE:.+]] = vector.shuffle %[[P0]], %[[P1]] [0, 1, 2, {{.*}}, 61, 62, 63] : vector<32xbf16>, vector<32xbf16>
// PAIR-NOT:     llvm.fptrunc
// PAIR:         vector.bitcast %[[NATIVE]] : vector<64xbf16> to vector<64xi16>
// PAIR:         scf.if
// PAIR:           arith.truncf
// PAIR-LABEL: func.func @transfer_write(
// PAIR:         llvm.fptrunc %{{.+}} : vector<16xf32> to vector<16xbf16>

// A 2-D vector stored whole: flattened, converted by llvm.fptrunc, and the
// original truncf (exact) kept for vectors with a +-0 result, found by a
// test of the 16-bit words, (w & 0x7fff) == 0, 32 at a time, on the words
// through an empty inline asm (so that LLVM cannot turn it into a bf16
// compare); the vector stored is rebuilt from those words.
// CHECK-LABEL: func.func @stored_whole(
// CHECK-SAME:      %[[X:.+]]: vector<1x64xf32>, %[[M:.+]]: memref<64xbf16>
// CHECK:         %[[FLAT:.+]] = vector.shape_cast %[[X]] : vector<1x64xf32> to vector<64xf32>
// CHECK:         %[[NATIVE:.+]] = llvm.fptrunc %[[FLAT]] : vector<64xf32> to vector<64xbf16>
// CHECK:         %[[WORDS:.+]] = vector.bitcast %[[NATIVE]] : vector<64xbf16> to vector<64xi16>
// CHECK-DAG:     %[[MASK:.+]] = arith.constant dense<32767> : vector<32xi16>
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant dense<0> : vector<32xi16>
// CHECK:         %[[W0:.+]] = vector.extract_strided_slice %[[WORDS]] {offsets = [0], sizes = [32], strides = [1]}
// CHECK:         %[[O0:.+]] = llvm.inline_asm "", "=v,0" %[[W0]] : (vector<32xi16>) -> vector<32xi16>
// CHECK:         %[[M0:.+]] = arith.andi %[[O0]], %[[MASK]]
// CHECK:         %[[Z0:.+]] = arith.cmpi eq, %[[M0]], %[[ZERO]]
// CHECK:         %[[W1:.+]] = vector.extract_strided_slice %[[WORDS]] {offsets = [32], sizes = [32], strides = [1]}
// CHECK:         %[[O1:.+]] = llvm.inline_asm "", "=v,0" %[[W1]]
// CHECK:         %[[M1:.+]] = arith.andi %[[O1]], %[[MASK]]
// CHECK:         %[[Z1:.+]] = arith.cmpi eq, %[[M1]], %[[ZERO]]
// CHECK:         %[[Z:.+]] = arith.ori %[[Z0]], %[[Z1]] : vector<32xi1>
// CHECK:         %[[J0:.+]] = vector.insert_strided_slice %[[O0]], %{{.+}} {offsets = [0], strides = [1]}
// CHECK:         %[[J1:.+]] = vector.insert_strided_slice %[[O1]], %[[J0]] {offsets = [32], strides = [1]}
// CHECK:         %[[OPAQUE:.+]] = vector.bitcast %[[J1]] : vector<64xi16> to vector<64xbf16>
// CHECK:         %[[ANY:.+]] = vector.reduction <or>, %[[Z]] : vector<32xi1> into i1
// CHECK:         %[[NATIVE2D:.+]] = vector.shape_cast %[[OPAQUE]] : vector<64xbf16> to vector<1x64xbf16>
// CHECK:         %[[Y:.+]] = scf.if %[[ANY]] -> (vector<1x64xbf16>) {
// CHECK:           %[[EXACT:.+]] = arith.truncf %[[X]] : vector<1x64xf32> to vector<1x64xbf16>
// CHECK:           scf.yield %[[EXACT]]
// CHECK:         } else {
// CHECK:           scf.yield %[[NATIVE2D]]
// CHECK:         }
// CHECK:         %[[ROW:.+]] = vector.extract %[[Y]][0]
// CHECK:         vector.store %[[ROW]], %[[M]]
func.func @stored_whole(%x: vector<1x64xf32>, %m: memref<64xbf16>) {
  %c0 = arith.constant 0 : index
  %y = arith.truncf %x : vector<1x64xf32> to vector<1x64xbf16>
  %row = vector.extract %y[0] : vector<64xbf16> from vector<1x64xbf16>
  vector.store %row, %m[%c0] : memref<64xbf16>, vector<64xbf16>
  return
}

// -----

// An unmasked in-bounds transfer_write is a whole store too.
// CHECK-LABEL: func.func @transfer_write(
// CHECK:         llvm.fptrunc
// CHECK:         scf.if
// CHECK:         vector.transfer_write
func.func @transfer_write(%x: vector<16xf32>, %m: memref<?xbf16>, %i: index) {
  %y = arith.truncf %x : vector<16xf32> to vector<16xbf16>
  vector.transfer_write %y, %m[%i] {in_bounds = [true]}
      : vector<16xbf16>, memref<?xbf16>
  return
}

// -----

// Left alone: a masked or possibly out-of-bounds write (LLVM 22's x86
// backend cannot select a bf16 masked store with a constant mask of native
// code), another use, lane counts that are not a power of two (an odd one,
// and 34, a static remainder at 512 bits, for which LLVM 22's code for the
// zero test never fired), a scalar, another rounding mode, another result
// type.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     llvm.fptrunc
// CHECK-NOT:     scf.if
// CHECK-COUNT-8: arith.truncf
// CHECK-NOT:     llvm.fptrunc
func.func @left_alone(%x: vector<16xf32>, %odd: vector<15xf32>, %s: f32,
                      %m: memref<?xbf16>, %i: index, %mask: vector<16xi1>,
                      %r34: vector<34xf32>)
    -> (vector<16xbf16>, vector<15xbf16>, bf16, vector<16xf16>) {
  %h = arith.truncf %r34 : vector<34xf32> to vector<34xbf16>
  vector.transfer_write %h, %m[%i] {in_bounds = [true]}
      : vector<34xbf16>, memref<?xbf16>
  %a = arith.truncf %x : vector<16xf32> to vector<16xbf16>
  vector.transfer_write %a, %m[%i], %mask {in_bounds = [true]}
      : vector<16xbf16>, memref<?xbf16>
  %b = arith.truncf %x : vector<16xf32> to vector<16xbf16>
  vector.transfer_write %b, %m[%i] : vector<16xbf16>, memref<?xbf16>
  %c = arith.truncf %x : vector<16xf32> to vector<16xbf16>
  %d = arith.truncf %odd : vector<15xf32> to vector<15xbf16>
  %e = arith.truncf %s : f32 to bf16
  %f = arith.truncf %x to_nearest_away : vector<16xf32> to vector<16xbf16>
  vector.transfer_write %f, %m[%i] {in_bounds = [true]}
      : vector<16xbf16>, memref<?xbf16>
  %g = arith.truncf %x : vector<16xf32> to vector<16xf16>
  return %c, %d, %e, %g : vector<16xbf16>, vector<15xbf16>, bf16, vector<16xf16>
}

// -----

// The streaming store of norm-nontemporal-stores (the bits through an xor
// with an opaque zero, so that LLVM keeps the integer store) is a whole
// store too. Its scf.if yields the rounded bits as integers from both
// branches (the native words come out of the empty inline asm of the zero
// test), so the store of their phi stays an integer store in LLVM, and the
// xor is dropped: the stored value is the bits of the scf.if's result.
// CHECK-LABEL: func.func @nontemporal(
// CHECK-SAME:      %[[X:.+]]: vector<1x64xf32>
// CHECK:         %[[NATIVE:.+]] = llvm.fptrunc %{{.+}} : vector<64xf32> to vector<64xbf16>
// CHECK:         %[[WORDS:.+]] = vector.insert_strided_slice %{{.+}} {offsets = [32], strides = [1]} : vector<32xi16> into vector<64xi16>
// CHECK:         %[[Y:.+]] = scf.if %{{.+}} -> (vector<64xi16>) {
// CHECK:           %[[EXACT:.+]] = arith.truncf %[[X]] : vector<1x64xf32> to vector<1x64xbf16>
// CHECK:           %[[FLAT:.+]] = vector.shape_cast %[[EXACT]] : vector<1x64xbf16> to vector<64xbf16>
// CHECK:           %[[EXACTBITS:.+]] = arith.bitcast %[[FLAT]] : vector<64xbf16> to vector<64xi16>
// CHECK:           scf.yield %[[EXACTBITS]] : vector<64xi16>
// CHECK:         } else {
// CHECK:           scf.yield %[[WORDS]] : vector<64xi16>
// CHECK:         %[[ROUNDED:.+]] = arith.bitcast %[[Y]] : vector<64xi16> to vector<64xbf16>
// CHECK:         %[[TILE:.+]] = vector.shape_cast %[[ROUNDED]] : vector<64xbf16> to vector<1x64xbf16>
// CHECK:         %[[ROW:.+]] = vector.extract %[[TILE]][0]
// CHECK:         %[[BITS:.+]] = arith.bitcast %[[ROW]] : vector<64xbf16> to vector<64xi16>
// CHECK-NOT:     arith.xori
// CHECK:         %[[BACK:.+]] = arith.bitcast %[[BITS]] : vector<64xi16> to vector<64xbf16>
// CHECK:         vector.store %[[BACK]], %{{.+}} {nontemporal = true}
func.func @nontemporal(%x: vector<1x64xf32>, %m: memref<64xbf16>) {
  %c0 = arith.constant 0 : index
  %i0 = arith.constant 0 : i32
  %opaque = llvm.inline_asm "", "=r,0" %i0 : (i32) -> i32
  %zero = arith.trunci %opaque : i32 to i16
  %y = arith.truncf %x : vector<1x64xf32> to vector<1x64xbf16>
  %row = vector.extract %y[0] : vector<64xbf16> from vector<1x64xbf16>
  %bits = arith.bitcast %row : vector<64xbf16> to vector<64xi16>
  %z = vector.broadcast %zero : i16 to vector<64xi16>
  %xor = arith.xori %bits, %z : vector<64xi16>
  %back = arith.bitcast %xor : vector<64xi16> to vector<64xbf16>
  vector.store %back, %m[%c0] {nontemporal = true} : memref<64xbf16>, vector<64xbf16>
  return
}

// -----

// An xor with a value that is not norm-nontemporal-stores' opaque zero (a
// function argument here) is kept, and the scf.if yields bf16 as for other
// stores.
// CHECK-LABEL: func.func @xor_with_other_value(
// CHECK:         %[[Y:.+]] = scf.if %{{.+}} -> (vector<1x64xbf16>) {
// CHECK:         %[[ROW:.+]] = vector.extract %[[Y]][0]
// CHECK:         %[[BITS:.+]] = arith.bitcast %[[ROW]] : vector<64xbf16> to vector<64xi16>
// CHECK:         %[[XOR:.+]] = arith.xori %[[BITS]]
// CHECK:         %[[BACK:.+]] = arith.bitcast %[[XOR]] : vector<64xi16> to vector<64xbf16>
// CHECK:         vector.store %[[BACK]], %{{.+}} {nontemporal = true}
func.func @xor_with_other_value(%x: vector<1x64xf32>, %m: memref<64xbf16>,
                                %key: i16) {
  %c0 = arith.constant 0 : index
  %y = arith.truncf %x : vector<1x64xf32> to vector<1x64xbf16>
  %row = vector.extract %y[0] : vector<64xbf16> from vector<1x64xbf16>
  %bits = arith.bitcast %row : vector<64xbf16> to vector<64xi16>
  %k = vector.broadcast %key : i16 to vector<64xi16>
  %xor = arith.xori %bits, %k : vector<64xi16>
  %back = arith.bitcast %xor : vector<64xi16> to vector<64xbf16>
  vector.store %back, %m[%c0] {nontemporal = true} : memref<64xbf16>, vector<64xbf16>
  return
}

// -----

// A 2-lane vector (the tail of a row of 34): its words go through the
// empty inline asm in the low lanes of an 8-lane vector (x86's "v"
// constraint has no register for vector<2xi16>: "couldn't allocate output
// register"), and the 2 lanes are taken back for the zero test.
// CHECK-LABEL: func.func @two_lanes(
// CHECK:         %[[NATIVE:.+]] = llvm.fptrunc %{{.+}} : vector<2xf32> to vector<2xbf16>
// CHECK:         %[[WORDS:.+]] = vector.bitcast %[[NATIVE]] : vector<2xbf16> to vector<2xi16>
// CHECK:         %[[PAD:.+]] = arith.constant dense<0> : vector<8xi16>
// CHECK:         %[[WIDE:.+]] = vector.insert_strided_slice %[[WORDS]], %[[PAD]] {offsets = [0], strides = [1]} : vector<2xi16> into vector<8xi16>
// CHECK:         %[[OPAQUE:.+]] = llvm.inline_asm "", "=v,0" %[[WIDE]] : (vector<8xi16>) -> vector<8xi16>
// CHECK:         %[[BACK:.+]] = vector.extract_strided_slice %[[OPAQUE]] {offsets = [0], sizes = [2], strides = [1]} : vector<8xi16> to vector<2xi16>
// CHECK:         arith.andi %[[BACK]], %{{.+}} : vector<2xi16>
// CHECK:         scf.if
// CHECK:           arith.truncf
func.func @two_lanes(%x: vector<2xf32>, %m: memref<2xbf16>) {
  %c0 = arith.constant 0 : index
  %y = arith.truncf %x : vector<2xf32> to vector<2xbf16>
  vector.transfer_write %y, %m[%c0] {in_bounds = [true]} : vector<2xbf16>, memref<2xbf16>
  return
}
