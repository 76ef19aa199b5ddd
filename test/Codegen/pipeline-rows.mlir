// RUN: norm-opt %s --split-input-file --norm-pipeline-rows | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-pipeline-rows \
// RUN:   --remarks-filter=norm-pipeline-rows -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// Rows of bf16 X summed in four pieces (128 elements per step), then Y
// stored non-temporally in steps of 64 (one loop in each version of
// norm-version-unit-factors' kind), or normally where %nt is false. The
// buffers of the sum and of the row they belong to are allocated and reset
// at the function's start; a row takes its sum from them where they hold
// its own (the row before computed it), else runs its loop; each
// non-temporal loop of Y runs min(S, Y / 2) steps of: the prefetch of row
// r + 2 (4 lines), one step of the sum of row r + 1, two steps of Y; then the
// sum's remaining steps, Y's remaining steps, and stores the sum and the row.
// CHECK-LABEL: func.func @rows(
// CHECK-SAME:      %[[LO:[^:]+]]: index, %[[HI:[^:]+]]: index, %[[X:[^:]+]]: memref<?x?xbf16>, %[[Y:[^:]+]]: memref<?x?xbf16>, %[[NT:[^:]+]]: i1, %[[Q:[^:]+]]: index, %[[M:[^:]+]]: index, %[[UNIT:[^:]+]]: i1)
// CHECK:         %[[SUMS:.+]] = memref.alloca() : memref<vector<32xf32>>
// CHECK:         %[[HELD:.+]] = memref.alloca() : memref<index>
// CHECK:         memref.store %{{.+}}, %[[HELD]][] : memref<index>
// CHECK:         scf.for %[[ROW:.+]] = %[[LO]] to %[[HI]] step %{{.+}} {
// CHECK:           %[[LAST:.+]] = arith.subi %{{.+}}, %{{.+}} : index
// CHECK:           %[[PLUS1:.+]] = arith.addi %[[ROW]], %{{.+}} : index
// CHECK:           %[[NEXT:.+]] = arith.minsi %[[PLUS1]], %[[LAST]] : index
// CHECK:           %[[PLUS2:.+]] = arith.addi %[[ROW]], %{{.+}} : index
// CHECK:           %[[AHEAD:.+]] = arith.minsi %[[PLUS2]], %[[LAST]] : index
// CHECK:           %[[Q2:.+]] = arith.muli %[[Q]], %{{.+}} : index
// CHECK:           %[[HELDROW:.+]] = memref.load %[[HELD]][] : memref<index>
// CHECK:           %[[ISHELD:.+]] = arith.cmpi eq, %[[HELDROW]], %[[ROW]] : index
// CHECK:           %[[TAKE:.+]] = arith.andi %[[NT]], %[[ISHELD]] : i1
// CHECK:           %[[SUM:.+]] = scf.if %[[TAKE]] -> (vector<32xf32>) {
// CHECK:             %[[LOADED:.+]] = memref.load %[[SUMS]][] : memref<vector<32xf32>>
// CHECK:             scf.yield %[[LOADED]]
// CHECK:           } else {
// CHECK:             %[[OWN:.+]] = scf.for
// CHECK:               memref.prefetch %[[X]]
// CHECK:               vector.transfer_read %[[X]][%[[ROW]],
// CHECK:             scf.yield %[[OWN]]
// CHECK:           }
// CHECK:           vector.reduction <add>, %[[SUM]]
// CHECK:           scf.if %[[NT]] {
// CHECK:             scf.if %[[UNIT]] {
// CHECK:               %[[FUSED:.+]] = scf.for %[[I:.+]] = %{{.+}} to %[[STEPS:.+]] step %{{.+}} iter_args(%[[ACC:.+]] = %{{.+}}) -> (vector<32xf32>) {
// CHECK:                 %[[COL:.+]] = arith.muli %[[I]], %{{.+}} : index
// CHECK:                 memref.prefetch %[[X]][%[[AHEAD]], %[[COL]]], read, locality<1>, data
// CHECK-COUNT-3:         memref.prefetch %[[X]][%[[AHEAD]], %{{.+}}], read, locality<1>, data
// CHECK-NOT:             memref.prefetch
// CHECK-COUNT-4:         vector.transfer_read %[[X]][%[[NEXT]], %{{.+}}]
// CHECK:                 %[[ACCNEXT:.+]] = arith.addf %[[ACC]]
// CHECK:                 vector.load %[[X]][%[[ROW]], %{{.+}}]
// CHECK:                 vector.store %{{.+}}, %[[Y]][%[[ROW]], %{{.+}}] {nontemporal = true}
// CHECK:                 vector.load %[[X]][%[[ROW]], %{{.+}}]
// CHECK:                 vector.store %{{.+}}, %[[Y]][%[[ROW]], %{{.+}}] {nontemporal = true}
// CHECK:                 scf.yield %[[ACCNEXT]]
// CHECK:               }
// CHECK:               %[[REST:.+]] = scf.for %{{.+}} = %{{.+}} to %[[Q]] step %{{.+}} iter_args(%{{.+}} = %[[FUSED]]) -> (vector<32xf32>) {
// CHECK-NOT:             memref.prefetch
// CHECK:                 vector.transfer_read %[[X]][%[[NEXT]],
// CHECK:               }
// CHECK:               %[[YREST:.+]] = arith.muli %[[STEPS]], %{{.+}} : index
// CHECK:               scf.for %{{.+}} = %[[YREST]] to %[[M]] step %{{.+}} {
// CHECK:                 vector.store %{{.+}}, %[[Y]][%[[ROW]], %{{.+}}] {nontemporal = true}
// CHECK:               }
// CHECK:               memref.store %[[REST]], %[[SUMS]][] : memref<vector<32xf32>>
// CHECK:               memref.store %[[NEXT]], %[[HELD]][] : memref<index>
// CHECK:             } else {
// CHECK:               scf.for
// CHECK:               scf.for
// CHECK:               scf.for
// CHECK:               memref.store %{{.+}}, %[[SUMS]][]
// CHECK:               memref.store %[[NEXT]], %[[HELD]][]
// CHECK:             }
// CHECK:           } else {
// CHECK-NOT:         memref.store %{{.+}}, %[[SUMS]]
// CHECK:             scf.for
// CHECK-NOT:           nontemporal
// CHECK:           }
// CHECK:         }
// REMARK: remark: [Passed] PipelinedRows | Category:norm-pipeline-rows | Function=rows | Remark="the reduction of row r + 1 runs in Y's loop of row r (2 loops of non-temporal stores), 128 elements of X per step; row r + 2 prefetched to the outer cache levels"
func.func @rows(%lo: index, %hi: index, %x: memref<?x?xbf16>,
                %y: memref<?x?xbf16>, %nt: i1, %q: index, %m: index,
                %unit: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<32xf32>
  %pad = arith.constant 0.0 : bf16
  %r = memref.alloca() : memref<f32>
  scf.for %row = %lo to %hi step %c1 {
    %q2 = arith.muli %q, %c2 : index
    %sum = scf.for %c = %c0 to %q step %c32 iter_args(%acc = %zero)
        -> (vector<32xf32>) {
      memref.prefetch %x[%row, %c], read, locality<3>, data : memref<?x?xbf16>
      %i1 = arith.addi %c, %q : index
      %i2 = arith.addi %c, %q2 : index
      %q3 = arith.addi %q2, %q : index
      %i3 = arith.addi %c, %q3 : index
      %a = vector.transfer_read %x[%row, %c], %pad {in_bounds = [true]} : memref<?x?xbf16>, vector<32xbf16>
      %b = vector.transfer_read %x[%row, %i1], %pad {in_bounds = [true]} : memref<?x?xbf16>, vector<32xbf16>
      %d = vector.transfer_read %x[%row, %i2], %pad {in_bounds = [true]} : memref<?x?xbf16>, vector<32xbf16>
      %e = vector.transfer_read %x[%row, %i3], %pad {in_bounds = [true]} : memref<?x?xbf16>, vector<32xbf16>
      %aw = arith.extf %a : vector<32xbf16> to vector<32xf32>
      %bw = arith.extf %b : vector<32xbf16> to vector<32xf32>
      %dw = arith.extf %d : vector<32xbf16> to vector<32xf32>
      %ew = arith.extf %e : vector<32xbf16> to vector<32xf32>
      %s0 = arith.mulf %aw, %aw : vector<32xf32>
      %s1 = arith.mulf %bw, %bw : vector<32xf32>
      %s2 = arith.mulf %dw, %dw : vector<32xf32>
      %s3 = arith.mulf %ew, %ew : vector<32xf32>
      %t0 = arith.addf %s0, %s1 : vector<32xf32>
      %t1 = arith.addf %s2, %s3 : vector<32xf32>
      %t = arith.addf %t0, %t1 : vector<32xf32>
      %next = arith.addf %acc, %t : vector<32xf32>
      scf.yield %next : vector<32xf32>
    }
    %s = vector.reduction <add>, %sum : vector<32xf32> into f32
    memref.store %s, %r[] : memref<f32>
    scf.if %nt {
      scf.if %unit {
        scf.for %c = %c0 to %m step %c64 {
          memref.prefetch %x[%row, %c], read, locality<3>, data : memref<?x?xbf16>
          %v = vector.load %x[%row, %c] : memref<?x?xbf16>, vector<64xbf16>
          vector.store %v, %y[%row, %c] {nontemporal = true} : memref<?x?xbf16>, vector<64xbf16>
        }
      } else {
        scf.for %c = %c0 to %m step %c64 {
          %v = vector.load %x[%row, %c] : memref<?x?xbf16>, vector<64xbf16>
          %w = arith.addf %v, %v : vector<64xbf16>
          vector.store %w, %y[%row, %c] {nontemporal = true} : memref<?x?xbf16>, vector<64xbf16>
        }
      }
    } else {
      scf.for %c = %c0 to %m step %c64 {
        %v = vector.load %x[%row, %c] : memref<?x?xbf16>, vector<64xbf16>
        vector.store %v, %y[%row, %c] : memref<?x?xbf16>, vector<64xbf16>
      }
    }
  }
  return
}

// -----

// The same rows in blocks of an outer loop (norm-jam-rows' form), a
// one-tile sum and Y in half tiles: the buffers are allocated before the
// outer loop, so the last row of a block hands its successor's sum to the
// next block.
// CHECK-LABEL: func.func @blocks(
// CHECK:         memref.alloca() : memref<vector<32xf32>>
// CHECK:         memref.alloca() : memref<index>
// CHECK:         scf.for
// CHECK-NOT:       memref.alloca
// CHECK:           scf.for
// REMARK: remark: [Passed] PipelinedRows | Category:norm-pipeline-rows | Function=blocks
func.func @blocks(%blocks: index, %x: memref<?x?xbf16>, %y: memref<?x?xbf16>,
                  %nt: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : vector<32xf32>
  %pad = arith.constant 0.0 : bf16
  scf.for %block = %c0 to %blocks step %c1 {
    %lo = arith.muli %block, %c4 : index
    %hi = arith.addi %lo, %c4 : index
    scf.for %row = %lo to %hi step %c1 {
      %sum = scf.for %c = %c0 to %n step %c32 iter_args(%acc = %zero)
          -> (vector<32xf32>) {
        %a = vector.transfer_read %x[%row, %c], %pad {in_bounds = [true]} : memref<?x?xbf16>, vector<32xbf16>
        %aw = arith.extf %a : vector<32xbf16> to vector<32xf32>
        %next = arith.addf %acc, %aw : vector<32xf32>
        scf.yield %next : vector<32xf32>
      }
      %s = vector.reduction <add>, %sum : vector<32xf32> into f32
      %sb = arith.truncf %s : f32 to bf16
      %sv = vector.broadcast %sb : bf16 to vector<16xbf16>
      scf.if %nt {
        scf.for %c = %c0 to %n step %c16 {
          %v = vector.load %x[%row, %c] : memref<?x?xbf16>, vector<16xbf16>
          %w = arith.mulf %v, %sv : vector<16xbf16>
          vector.store %w, %y[%row, %c] {nontemporal = true} : memref<?x?xbf16>, vector<16xbf16>
        }
      }
    }
  }
  return
}

// -----

// Not pipelined: f32 rows (their Y keeps memory busy).
// CHECK-LABEL: func.func @f32_rows(
// CHECK-NOT:     memref.alloca
// REMARK: remark: [Missed] NotPipelined | Category:norm-pipeline-rows | Function=f32_rows | Reason="X is not a rank-2 memref of 16-bit elements"
func.func @f32_rows(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %nt: i1,
                    %n: index, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %pad = arith.constant 0.0 : f32
  scf.for %row = %c0 to %rows step %c1 {
    %sum = scf.for %c = %c0 to %n step %c16 iter_args(%acc = %zero)
        -> (vector<16xf32>) {
      %a = vector.transfer_read %x[%row, %c], %pad {in_bounds = [true]} : memref<?x?xf32>, vector<16xf32>
      %next = arith.addf %acc, %a : vector<16xf32>
      scf.yield %next : vector<16xf32>
    }
    scf.if %nt {
      scf.for %c = %c0 to %n step %c16 {
        vector.store %sum, %y[%row, %c] {nontemporal = true} : memref<?x?xf32>, vector<16xf32>
      }
    }
  }
  return
}

// -----

// Not pipelined: a second pass over the row uses the sum (the deviations of
// LayerNormalization's variance), so the next row's pass cannot move.
// REMARK: remark: [Missed] NotPipelined | Category:norm-pipeline-rows | Function=three_passes | Reason="a later pass over the row depends on the reduction"
func.func @three_passes(%x: memref<?x?xbf16>, %y: memref<?x?xbf16>, %nt: i1,
                        %n: index, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : vector<32xf32>
  %pad = arith.constant 0.0 : bf16
  scf.for %row = %c0 to %rows step %c1 {
    %sum = scf.for %c = %c0 to %n step %c32 iter_args(%acc = %zero)
        -> (vector<32xf32>) {
      %a = vector.transfer_read %x[%row, %c], %pad {in_bounds = [true]} : memref<?x?xbf16>, vector<32xbf16>
      %aw = arith.extf %a : vector<32xbf16> to vector<32xf32>
      %next = arith.addf %acc, %aw : vector<32xf32>
      scf.yield %next : vector<32xf32>
    }
    %var = scf.for %c = %c0 to %n step %c32 iter_args(%acc = %zero)
        -> (vector<32xf32>) {
      %a = vector.transfer_read %x[%row, %c], %pad {in_bounds = [true]} : memref<?x?xbf16>, vector<32xbf16>
      %aw = arith.extf %a : vector<32xbf16> to vector<32xf32>
      %d = arith.subf %aw, %sum : vector<32xf32>
      %next = arith.addf %acc, %d : vector<32xf32>
      scf.yield %next : vector<32xf32>
    }
    %vb = arith.truncf %var : vector<32xf32> to vector<32xbf16>
    scf.if %nt {
      scf.for %c = %c0 to %n step %c32 {
        vector.store %vb, %y[%row, %c] {nontemporal = true} : memref<?x?xbf16>, vector<32xbf16>
      }
    }
  }
  return
}

// -----

// Not pipelined: the row also writes a function argument that is not
// stored non-temporally, which may be X.
// REMARK: remark: [Missed] NotPipelined | Category:norm-pipeline-rows | Function=may_alias | Reason="the loops over rows write memory that may be X"
func.func @may_alias(%x: memref<?x?xbf16>, %y: memref<?x?xbf16>,
                     %other: memref<?xf32>, %nt: i1, %n: index, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : vector<32xf32>
  %pad = arith.constant 0.0 : bf16
  scf.for %row = %c0 to %rows step %c1 {
    %sum = scf.for %c = %c0 to %n step %c32 iter_args(%acc = %zero)
        -> (vector<32xf32>) {
      %a = vector.transfer_read %x[%row, %c], %pad {in_bounds = [true]} : memref<?x?xbf16>, vector<32xbf16>
      %aw = arith.extf %a : vector<32xbf16> to vector<32xf32>
      %next = arith.addf %acc, %aw : vector<32xf32>
      scf.yield %next : vector<32xf32>
    }
    %s = vector.reduction <add>, %sum : vector<32xf32> into f32
    memref.store %s, %other[%row] : memref<?xf32>
    %st = arith.truncf %sum : vector<32xf32> to vector<32xbf16>
    %sv = vector.extract_strided_slice %st {offsets = [0], sizes = [16], strides = [1]} : vector<32xbf16> to vector<16xbf16>
    scf.if %nt {
      scf.for %c = %c0 to %n step %c16 {
        vector.store %sv, %y[%row, %c] {nontemporal = true} : memref<?x?xbf16>, vector<16xbf16>
      }
    }
  }
  return
}

// -----

// Not pipelined: the version of Y's loops is chosen per row.
// REMARK: remark: [Missed] NotPipelined | Category:norm-pipeline-rows | Function=per_row_version | Reason="the version of Y's loops does not follow the reduction on a condition fixed for all rows"
func.func @per_row_version(%x: memref<?x?xbf16>, %y: memref<?x?xbf16>,
                           %n: index, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : vector<32xf32>
  %pad = arith.constant 0.0 : bf16
  %cst = arith.constant 0.0 : f32
  scf.for %row = %c0 to %rows step %c1 {
    %sum = scf.for %c = %c0 to %n step %c32 iter_args(%acc = %zero)
        -> (vector<32xf32>) {
      %a = vector.transfer_read %x[%row, %c], %pad {in_bounds = [true]} : memref<?x?xbf16>, vector<32xbf16>
      %aw = arith.extf %a : vector<32xbf16> to vector<32xf32>
      %next = arith.addf %acc, %aw : vector<32xf32>
      scf.yield %next : vector<32xf32>
    }
    %s = vector.reduction <add>, %sum : vector<32xf32> into f32
    %positive = arith.cmpf ogt, %s, %cst : f32
    %sv = arith.truncf %sum : vector<32xf32> to vector<32xbf16>
    scf.if %positive {
      scf.for %c = %c0 to %n step %c32 {
        vector.store %sv, %y[%row, %c] {nontemporal = true} : memref<?x?xbf16>, vector<32xbf16>
      }
    }
  }
  return
}

// -----

// Not pipelined: the sum writes memory (norm-widen-rows' f32 row buffer).
// REMARK: remark: [Missed] NotPipelined | Category:norm-pipeline-rows | Function=widened | Reason="the reduction writes memory"
func.func @widened(%x: memref<?x?xf16>, %y: memref<?x?xf16>,
                   %buffer: memref<?xf32>, %nt: i1, %n: index, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : vector<32xf32>
  %pad = arith.constant 0.0 : f16
  scf.for %row = %c0 to %rows step %c1 {
    %sum = scf.for %c = %c0 to %n step %c32 iter_args(%acc = %zero)
        -> (vector<32xf32>) {
      %a = vector.transfer_read %x[%row, %c], %pad {in_bounds = [true]} : memref<?x?xf16>, vector<32xf16>
      %aw = arith.extf %a : vector<32xf16> to vector<32xf32>
      vector.store %aw, %buffer[%c] : memref<?xf32>, vector<32xf32>
      %next = arith.addf %acc, %aw : vector<32xf32>
      scf.yield %next : vector<32xf32>
    }
    %sv = arith.truncf %sum : vector<32xf32> to vector<32xf16>
    scf.if %nt {
      scf.for %c = %c0 to %n step %c32 {
        vector.store %sv, %y[%row, %c] {nontemporal = true} : memref<?x?xf16>, vector<32xf16>
      }
    }
  }
  return
}

// -----

// Not pipelined: a one-tile sum and Y in tiles of the same size (bf16
// LpNormalization's loops, which measured slower fused).
// REMARK: remark: [Missed] NotPipelined | Category:norm-pipeline-rows | Function=one_tile_sum | Reason="the reduction reads fewer elements per step than two of Y's steps"
func.func @one_tile_sum(%x: memref<?x?xbf16>, %y: memref<?x?xbf16>, %nt: i1,
                        %n: index, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : vector<32xf32>
  %pad = arith.constant 0.0 : bf16
  scf.for %row = %c0 to %rows step %c1 {
    %sum = scf.for %c = %c0 to %n step %c32 iter_args(%acc = %zero)
        -> (vector<32xf32>) {
      %a = vector.transfer_read %x[%row, %c], %pad {in_bounds = [true]} : memref<?x?xbf16>, vector<32xbf16>
      %aw = arith.extf %a : vector<32xbf16> to vector<32xf32>
      %next = arith.addf %acc, %aw : vector<32xf32>
      scf.yield %next : vector<32xf32>
    }
    %sv = arith.truncf %sum : vector<32xf32> to vector<32xbf16>
    scf.if %nt {
      scf.for %c = %c0 to %n step %c32 {
        vector.store %sv, %y[%row, %c] {nontemporal = true} : memref<?x?xbf16>, vector<32xbf16>
      }
    }
  }
  return
}
