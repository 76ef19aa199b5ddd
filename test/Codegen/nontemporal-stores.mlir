// RUN: norm-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(norm-nontemporal-stores{min-bytes=1024}))' | FileCheck %s
// RUN: norm-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(norm-nontemporal-stores{min-bytes=1024 f16-store-lanes=16}))' \
// RUN:   | FileCheck %s --check-prefix=PIECES

// A dynamic [rows, cols] f32 result written by full 64-lane tiles at
// columns 0, 64, ... and a masked remainder. The condition (bytes >=
// min-bytes and cols % 16 == 0: rows start on 64-byte lines) is computed
// once; the loop of full tiles is versioned on it: its copy writes with
// aligned non-temporal stores, the original keeps normal writes, and so
// does the masked remainder. A fence follows the loop nest when the
// condition holds.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK-SAME:      (%[[X:.+]]: memref<?x?xf32>)
// CHECK:         %[[Y:.+]] = memref.alloc(%{{.+}}, %{{.+}}) {alignment = 64 : i64}
// CHECK:         %[[D0:.+]] = memref.dim %[[Y]], %c0
// CHECK:         %[[B0:.+]] = arith.muli %c4{{.*}}, %[[D0]]
// CHECK:         %[[D1:.+]] = memref.dim %[[Y]], %c1
// CHECK:         %[[BYTES:.+]] = arith.muli %[[B0]], %[[D1]]
// CHECK:         %[[BIG:.+]] = arith.cmpi uge, %[[BYTES]], %c1024
// CHECK:         %[[COLS:.+]] = memref.dim %[[Y]], %c1
// CHECK:         %[[REM:.+]] = arith.remui %[[COLS]], %c16
// CHECK:         %[[ALIGNED:.+]] = arith.cmpi eq, %[[REM]], %c0
// CHECK:         %[[COND:.+]] = arith.andi %[[BIG]], %[[ALIGNED]]
// CHECK:         scf.for %[[I:.+]] = %c0
// CHECK:           %[[ROW:.+]] = memref.subview %[[Y]][%[[I]], 0]
// CHECK:           scf.if %[[COND]] {
// CHECK:             scf.for %[[J:.+]] = %c0
// CHECK:               vector.store %{{.+}}, %[[ROW]][%c0{{.*}}, %[[J]]] {alignment = 64 : i64, nontemporal = true} : memref<1x?xf32, strided<[?, 1], offset: ?>>, vector<64xf32>
// CHECK:           } else {
// CHECK:             scf.for %[[J2:.+]] = %c0
// CHECK:               vector.transfer_write %{{.+}}, %[[ROW]][%c0{{.*}}, %[[J2]]] {in_bounds = [true]}
// CHECK:           }
// CHECK:           scf.for
// CHECK:             vector.transfer_write %{{.+}}, %{{.+}}[%c0{{.*}}, %{{.+}}], %{{.+}} {in_bounds = [true]}
// CHECK:         scf.if %[[COND]] {
// CHECK-NEXT:      llvm.fence seq_cst
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[Y]]
#tail = affine_map<(d0)[s0] -> (-d0 + s0)>
#full = affine_map<()[s0] -> ((s0 floordiv 64) * 64)>
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
      vector.transfer_write %v, %row[%c0, %j] {in_bounds = [true]}
          : vector<64xf32>, memref<1x?xf32, strided<[?, 1], offset: ?>>
    }
    scf.for %j = %end to %cols step %c64 {
      %n = affine.apply #tail(%j)[%cols]
      %mask = vector.create_mask %n : vector<64xi1>
      %v = vector.transfer_read %x[%i, %j], %pad, %mask {in_bounds = [true]}
          : memref<?x?xf32>, vector<64xf32>
      vector.transfer_write %v, %row[%c0, %j], %mask {in_bounds = [true]}
          : vector<64xf32>, memref<1x?xf32, strided<[?, 1], offset: ?>>
    }
  }
  return %y : memref<?x?xf32>
}

// -----

// Static shapes decide at compile time. [4, 64] f32 is 1024 bytes: the
// stores become non-temporal in place (no scf.if), and the alloc is aligned.
// CHECK-LABEL: func.func @static_large
// CHECK:         %[[Y:.+]] = memref.alloc() {alignment = 64 : i64} : memref<4x64xf32>
// CHECK-NOT:     scf.if
// CHECK:         scf.for
// CHECK:           vector.store %{{.+}}, %[[Y]][%{{.+}}, %c0{{.*}}] {alignment = 64 : i64, nontemporal = true}
// CHECK:         }
// CHECK-NEXT:    llvm.fence seq_cst
// CHECK-NEXT:    return %[[Y]]
func.func @static_large(%v: vector<64xf32>) -> memref<4x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %y = memref.alloc() : memref<4x64xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    vector.transfer_write %v, %y[%i, %c0] {in_bounds = [true]}
        : vector<64xf32>, memref<4x64xf32>
  }
  return %y : memref<4x64xf32>
}

// -----

// Left alone: a result below min-bytes ([2, 64] f32, 512 bytes), rows that
// do not start on 64-byte lines ([16, 72] f32), a column index that is not
// a multiple of 16 lanes (a loop starting at 8), a buffer that is not
// returned, and a tile of 8 lanes (32 bytes, less than a line).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:     nontemporal
// CHECK-NOT:     llvm.fence
// CHECK-NOT:     scf.if
// CHECK:         return
func.func @left_alone(%v: vector<64xf32>, %w: vector<8xf32>, %n: index)
    -> (memref<2x64xf32>, memref<16x72xf32>, memref<16x?xf32>,
        memref<16x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %small = memref.alloc() : memref<2x64xf32>
  vector.transfer_write %v, %small[%c1, %c0] {in_bounds = [true]}
      : vector<64xf32>, memref<2x64xf32>
  %odd = memref.alloc() : memref<16x72xf32>
  vector.transfer_write %v, %odd[%c1, %c0] {in_bounds = [true]}
      : vector<64xf32>, memref<16x72xf32>
  %shifted = memref.alloc(%n) : memref<16x?xf32>
  scf.for %j = %c8 to %n step %c64 {
    vector.transfer_write %v, %shifted[%c1, %j] {in_bounds = [true]}
        : vector<64xf32>, memref<16x?xf32>
  }
  %temp = memref.alloc() : memref<16x128xf32>
  vector.transfer_write %v, %temp[%c1, %c0] {in_bounds = [true]}
      : vector<64xf32>, memref<16x128xf32>
  %narrow = memref.alloc() : memref<16x128xf32>
  vector.transfer_write %w, %narrow[%c1, %c16] {in_bounds = [true]}
      : vector<8xf32>, memref<16x128xf32>
  memref.dealloc %temp : memref<16x128xf32>
  return %small, %odd, %shifted, %narrow
      : memref<2x64xf32>, memref<16x72xf32>, memref<16x?xf32>,
        memref<16x128xf32>
}

// -----

// OpenMP threads fence their own stores before they join.
// CHECK-LABEL: func.func @threads
// CHECK:         omp.parallel {
// CHECK:           vector.store %{{.+}} {alignment = 64 : i64, nontemporal = true}
// CHECK:           llvm.fence seq_cst
// CHECK-NEXT:      omp.terminator
// CHECK:         llvm.fence seq_cst
// CHECK-NEXT:    return
func.func @threads(%v: vector<64xf32>) -> memref<64x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %y = memref.alloc() : memref<64x64xf32>
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c1) {
        vector.transfer_write %v, %y[%i, %c0] {in_bounds = [true]}
            : vector<64xf32>, memref<64x64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return %y : memref<64x64xf32>
}

// -----

// A rank-reducing subview (a row of the result as a 1-D memref, as the
// leading-axis LpNormalization writes Y) keeps the innermost dim: its
// offsets in the dropped dims move by whole rows.
// CHECK-LABEL: func.func @row_views
// CHECK:         scf.for %[[I:.+]] =
// CHECK:           %[[ROW:.+]] = memref.subview %{{.+}}[%[[I]], 0] [1, 64] [1, 1] : memref<4x64xf32> to memref<64xf32, strided<[1], offset: ?>>
// CHECK:           vector.store %{{.+}}, %[[ROW]][%c0{{.*}}] {alignment = 64 : i64, nontemporal = true}
// CHECK:         llvm.fence seq_cst
func.func @row_views(%v: vector<64xf32>) -> memref<4x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %y = memref.alloc() : memref<4x64xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %row = memref.subview %y[%i, 0] [1, 64] [1, 1]
        : memref<4x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    vector.transfer_write %v, %row[%c0] {in_bounds = [true]}
        : vector<64xf32>, memref<64xf32, strided<[1], offset: ?>>
  }
  return %y : memref<4x64xf32>
}

// -----

// A write directly in an omp.loop_nest (no column loop) is versioned alone:
// the loop nest must stay directly in its omp.wsloop wrapper.
// CHECK-LABEL: func.func @threads_dynamic
// CHECK:         omp.wsloop {
// CHECK-NEXT:      omp.loop_nest
// CHECK:             scf.if %{{.+}} {
// CHECK-NEXT:          vector.store %{{.+}} {alignment = 64 : i64, nontemporal = true}
// CHECK-NEXT:        } else {
// CHECK-NEXT:          vector.transfer_write
// CHECK:           scf.if %{{.+}} {
// CHECK-NEXT:        llvm.fence seq_cst
// CHECK:           omp.terminator
func.func @threads_dynamic(%v: vector<64xf32>, %n: index) -> memref<?x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %y = memref.alloc(%n) : memref<?x64xf32>
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        vector.transfer_write %v, %y[%i, %c0] {in_bounds = [true]}
            : vector<64xf32>, memref<?x64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return %y : memref<?x64xf32>
}

// -----

// A result returned as a reshaped view of the allocation (the collapsed
// LayerNormalization returns Y [O, n] expanded to X's shape): the same
// memory, so its stores become non-temporal too.
// CHECK-LABEL: func.func @expanded_result
// CHECK:         %[[Y:.+]] = memref.alloc() {alignment = 64 : i64} : memref<4x64xf32>
// CHECK:         vector.store %{{.+}}, %[[Y]][%{{.+}}, %c0{{.*}}] {alignment = 64 : i64, nontemporal = true}
// CHECK:         llvm.fence seq_cst
// CHECK-NEXT:    %[[E:.+]] = memref.expand_shape %[[Y]]
// CHECK-NEXT:    return %[[E]]
func.func @expanded_result(%v: vector<64xf32>) -> memref<2x2x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %y = memref.alloc() : memref<4x64xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    vector.transfer_write %v, %y[%i, %c0] {in_bounds = [true]}
        : vector<64xf32>, memref<4x64xf32>
  }
  %e = memref.expand_shape %y [[0, 1], [2]] output_shape [2, 2, 64]
      : memref<4x64xf32> into memref<2x2x64xf32>
  return %e : memref<2x2x64xf32>
}

// -----

// bf16 and f16 results: x86 (LLVM 22) writes a 16-bit float vector with a
// normal store even when it is non-temporal, and folds a bitcast to integers
// back into the store. The bits go through an integer xor with a zero that
// LLVM cannot fold (an empty inline asm whose register starts as 0, made once
// at the start of the function), then the bitcast back: LLVM stores the xor's
// integers (vmovntdq; test/Pipelines/x86-assembly-nontemporal-16-bit.mlir).
// [16, 128] bf16 is 4096 bytes: in place; the two 64-lane tiles of a row
// (128 bytes each) share the zero.
// CHECK-LABEL: func.func @bf16_rows
// CHECK-SAME:      (%[[V:.+]]: vector<64xbf16>)
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[ASM:.+]] = llvm.inline_asm "", "=r,0" %[[C0]] : (i32) -> i32
// CHECK-NEXT:    %[[ZERO:.+]] = arith.trunci %[[ASM]] : i32 to i16
// CHECK:         %[[Y:.+]] = memref.alloc() {alignment = 64 : i64} : memref<16x128xbf16>
// CHECK:         scf.for %[[I:.+]] =
// CHECK-NEXT:      %[[BITS:.+]] = arith.bitcast %[[V]] : vector<64xbf16> to vector<64xi16>
// CHECK-NEXT:      %[[ZEROS:.+]] = vector.broadcast %[[ZERO]] : i16 to vector<64xi16>
// CHECK-NEXT:      %[[XOR:.+]] = arith.xori %[[BITS]], %[[ZEROS]] : vector<64xi16>
// CHECK-NEXT:      %[[OUT:.+]] = arith.bitcast %[[XOR]] : vector<64xi16> to vector<64xbf16>
// CHECK-NEXT:      vector.store %[[OUT]], %[[Y]][%[[I]], %c0{{.*}}] {alignment = 64 : i64, nontemporal = true} : memref<16x128xbf16>, vector<64xbf16>
// CHECK-NEXT:      %[[BITS2:.+]] = arith.bitcast %[[V]] : vector<64xbf16> to vector<64xi16>
// CHECK-NEXT:      %[[ZEROS2:.+]] = vector.broadcast %[[ZERO]] : i16 to vector<64xi16>
// CHECK-NEXT:      %[[XOR2:.+]] = arith.xori %[[BITS2]], %[[ZEROS2]] : vector<64xi16>
// CHECK-NEXT:      %[[OUT2:.+]] = arith.bitcast %[[XOR2]] : vector<64xi16> to vector<64xbf16>
// CHECK-NEXT:      vector.store %[[OUT2]], %[[Y]][%[[I]], %c64{{.*}}] {alignment = 64 : i64, nontemporal = true}
// CHECK-NEXT:    }
// CHECK-NEXT:    llvm.fence seq_cst
// CHECK-NEXT:    return %[[Y]]
// CHECK-NOT:     llvm.inline_asm
// PIECES-LABEL: func.func @bf16_rows
// PIECES:         arith.xori %{{.+}}, %{{.+}} : vector<64xi16>
// PIECES:         vector.store %{{.+}} {alignment = 64 : i64, nontemporal = true} : memref<16x128xbf16>, vector<64xbf16>
func.func @bf16_rows(%v: vector<64xbf16>) -> memref<16x128xbf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %y = memref.alloc() : memref<16x128xbf16>
  scf.for %i = %c0 to %c16 step %c1 {
    vector.transfer_write %v, %y[%i, %c0] {in_bounds = [true]}
        : vector<64xbf16>, memref<16x128xbf16>
    vector.transfer_write %v, %y[%i, %c64] {in_bounds = [true]}
        : vector<64xbf16>, memref<16x128xbf16>
  }
  return %y : memref<16x128xbf16>
}

// -----

// A dynamic f16 result copied by 32-lane tiles (64 bytes): the rows must be
// multiples of 32 elements, and only the non-temporal copy of the loop goes
// through the integer bits; the other keeps its plain f16 writes.
// CHECK-LABEL: func.func @f16_rows
// CHECK:         %[[ASM:.+]] = llvm.inline_asm "", "=r,0" %{{.+}} : (i32) -> i32
// CHECK-NEXT:    %[[ZERO:.+]] = arith.trunci %[[ASM]] : i32 to i16
// CHECK:         %[[Y:.+]] = memref.alloc(%{{.+}}, %{{.+}}) {alignment = 64 : i64} : memref<?x?xf16>
// CHECK:         %[[BYTES0:.+]] = arith.muli %c2{{.*}}, %{{.+}}
// CHECK:         arith.remui %{{.+}}, %c32
// CHECK:         scf.if %{{.+}} {
// CHECK-NEXT:      scf.for %[[J:.+]] =
// CHECK-NEXT:        %[[V:.+]] = vector.transfer_read
// CHECK-NEXT:        %[[BITS:.+]] = arith.bitcast %[[V]] : vector<32xf16> to vector<32xi16>
// CHECK-NEXT:        %[[ZEROS:.+]] = vector.broadcast %[[ZERO]] : i16 to vector<32xi16>
// CHECK-NEXT:        %[[XOR:.+]] = arith.xori %[[BITS]], %[[ZEROS]] : vector<32xi16>
// CHECK-NEXT:        %[[OUT:.+]] = arith.bitcast %[[XOR]] : vector<32xi16> to vector<32xf16>
// CHECK-NEXT:        vector.store %[[OUT]], %[[Y]][%{{.+}}, %[[J]]] {alignment = 64 : i64, nontemporal = true} : memref<?x?xf16>, vector<32xf16>
// CHECK-NEXT:      }
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        %[[V2:.+]] = vector.transfer_read
// CHECK-NEXT:        vector.transfer_write %[[V2]], %[[Y]][{{.+}} : vector<32xf16>, memref<?x?xf16>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// With f16-store-lanes=16 (AVX-512, where vcvtps2ph gives 16 lanes in a
// 256-bit register), each 32-lane f16 tile is stored as two pieces of 16
// lanes (32 bytes, so aligned to 32), each through an empty inline asm on
// its integer bits (no instruction) instead of the xor; the plain copy of
// the loop is unchanged.
// PIECES-LABEL: func.func @f16_rows
// PIECES:         scf.if %{{.+}} {
// PIECES-NEXT:      scf.for %[[J:.+]] =
// PIECES-NEXT:        %[[V:.+]] = vector.transfer_read
// PIECES-NEXT:        %[[P0:.+]] = vector.extract_strided_slice %[[V]] {offsets = [0], sizes = [16], strides = [1]} : vector<32xf16> to vector<16xf16>
// PIECES-NEXT:        %[[B0:.+]] = arith.bitcast %[[P0]] : vector<16xf16> to vector<16xi16>
// PIECES-NEXT:        %[[O0:.+]] = llvm.inline_asm "", "=v,0" %[[B0]] : (vector<16xi16>) -> vector<16xi16>
// PIECES-NEXT:        %[[F0:.+]] = arith.bitcast %[[O0]] : vector<16xi16> to vector<16xf16>
// PIECES-NEXT:        vector.store %[[F0]], %{{.+}}[%{{.+}}, %[[J]]] {alignment = 32 : i64, nontemporal = true} : memref<?x?xf16>, vector<16xf16>
// PIECES-NEXT:        %[[P1:.+]] = vector.extract_strided_slice %[[V]] {offsets = [16], sizes = [16], strides = [1]} : vector<32xf16> to vector<16xf16>
// PIECES:             %[[J1:.+]] = arith.addi %[[J]], %c16{{.*}} : index
// PIECES-NEXT:        %[[B1:.+]] = arith.bitcast %[[P1]] : vector<16xf16> to vector<16xi16>
// PIECES-NEXT:        %[[O1:.+]] = llvm.inline_asm "", "=v,0" %[[B1]] : (vector<16xi16>) -> vector<16xi16>
// PIECES-NEXT:        %[[F1:.+]] = arith.bitcast %[[O1]] : vector<16xi16> to vector<16xf16>
// PIECES-NEXT:        vector.store %[[F1]], %{{.+}}[%{{.+}}, %[[J1]]] {alignment = 32 : i64, nontemporal = true} : memref<?x?xf16>, vector<16xf16>
// PIECES-NEXT:      }
// PIECES-NEXT:    } else {
// PIECES-NEXT:      scf.for
// PIECES-NEXT:        vector.transfer_read
// PIECES-NEXT:        vector.transfer_write %{{.+}} : vector<32xf16>, memref<?x?xf16>
func.func @f16_rows(%x: memref<?x?xf16>) -> memref<?x?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %pad = ub.poison : f16
  %rows = memref.dim %x, %c0 : memref<?x?xf16>
  %cols = memref.dim %x, %c1 : memref<?x?xf16>
  %y = memref.alloc(%rows, %cols) : memref<?x?xf16>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c32 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<?x?xf16>, vector<32xf16>
      vector.transfer_write %v, %y[%i, %j] {in_bounds = [true]}
          : vector<32xf16>, memref<?x?xf16>
    }
  }
  return %y : memref<?x?xf16>
}

// -----

// f32 results need no integer bits: no inline asm in the function.
// CHECK-LABEL: func.func @f32_no_bits
// CHECK-NOT:     llvm.inline_asm
// CHECK-NOT:     arith.xori
// CHECK:         vector.store %{{.+}} {alignment = 64 : i64, nontemporal = true} : memref<16x64xf32>, vector<64xf32>
// CHECK-NOT:     llvm.inline_asm
// CHECK:         return
func.func @f32_no_bits(%v: vector<64xf32>) -> memref<16x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %y = memref.alloc() : memref<16x64xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    vector.transfer_write %v, %y[%i, %c0] {in_bounds = [true]}
        : vector<64xf32>, memref<16x64xf32>
  }
  return %y : memref<16x64xf32>
}
