// RUN: norm-opt %s --split-input-file --norm-openmp-cleanup \
// RUN:   --norm-openmp-outline-rows | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-openmp-cleanup \
// RUN:   --norm-openmp-outline-rows | FileCheck %s --check-prefix=ONCE
// RUN: norm-opt %s --split-input-file --norm-openmp-cleanup \
// RUN:   --norm-openmp-outline-rows --remarks-filter=norm-openmp-outline-rows --remark-format=emitRemark \
// RUN:   --verify-diagnostics -o /dev/null

// norm-openmp-outline-rows after norm-openmp-cleanup: the row loop that
// cleanup leaves in the omp.parallel region (the thread's part of the rows)
// and in the else branch (all rows on the calling thread) becomes one private
// function, @<function>_rows(begin, end, what the loop uses), called from
// both: the thread with its part [begin, end) of the iterations, the else
// branch with all of them, [0, ceil((ub - lb) / step)), the count the
// threads divide. The per-row alloca is recreated in the function (one per
// call, so one per thread), the region's and the sequential version's are
// gone. The function is noinline (llvm.func's passthrough), so LLVM keeps
// one copy of the loop body; its linkage is internal (a private func.func
// would be an external LLVM symbol, exported from norm-compile's objects).
// CHECK-LABEL: func.func @dynamic_rows(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: memref<?x64xf32>, %[[Y:[a-z0-9]+]]: memref<?x64xf32>)
// CHECK-NOT:     memref.alloca
// CHECK:         %[[ROWS:.+]] = memref.dim %[[X]], %{{.+}} : memref<?x64xf32>
// CHECK:         scf.if %{{.+}} {
// CHECK-NEXT:      omp.parallel {
// CHECK-NOT:         memref.alloca
// CHECK:             %[[BEGIN:.+]] = arith.addi %{{.+}}, %{{.+}} : index
// CHECK:             %[[END:.+]] = arith.addi %[[BEGIN]], %{{.+}} : index
// CHECK-NEXT:        func.call @dynamic_rows_rows(%[[BEGIN]], %[[END]], %[[X]], %[[Y]]) : (index, index, memref<?x64xf32>, memref<?x64xf32>) -> ()
// CHECK-NEXT:        omp.terminator
// CHECK-NEXT:      }
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[ZERO:.+]] = arith.constant 0 : index
// CHECK-NEXT:      %[[SPAN:.+]] = arith.subi %[[ROWS]], %{{.+}} : index
// CHECK-NEXT:      %[[POS:.+]] = arith.maxsi %[[SPAN]], %[[ZERO]] : index
// CHECK-NEXT:      %[[COUNT:.+]] = arith.ceildivui %[[POS]], %{{.+}} : index
// CHECK-NEXT:      func.call @dynamic_rows_rows(%[[ZERO]], %[[COUNT]], %[[X]], %[[Y]])
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-LABEL: func.func private @dynamic_rows_rows(
// CHECK-SAME:      %[[B:[a-z0-9]+]]: index, %[[E:[a-z0-9]+]]: index, %[[FX:[a-z0-9]+]]: memref<?x64xf32>, %[[FY:[a-z0-9]+]]: memref<?x64xf32>)
// CHECK-SAME:      attributes {llvm.linkage = #llvm.linkage<internal>, passthrough = ["noinline"]}
// CHECK-DAG:     %[[FC1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[FC0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[ACC:.+]] = memref.alloca() : memref<f32>
// CHECK:         scf.for %[[J:.+]] = %[[B]] to %[[E]] step %{{.+}} {
// CHECK-NEXT:      %[[JSTEP:.+]] = arith.muli %[[J]], %[[FC1]] : index
// CHECK-NEXT:      %[[I:.+]] = arith.addi %[[FC0]], %[[JSTEP]] : index
// CHECK-NEXT:      %[[ROW:.+]] = memref.subview %[[FX]][%[[I]], 0] [1, 64] [1, 1]
// CHECK-NEXT:      %[[V:.+]] = memref.load %[[ROW]][%[[FC0]]]
// CHECK-NEXT:      memref.store %[[V]], %[[ACC]][] : memref<f32>
// CHECK-NEXT:      %[[S:.+]] = memref.load %[[ACC]][] : memref<f32>
// CHECK-NEXT:      memref.store %[[S]], %[[FY]][%[[I]], %[[FC0]]] : memref<?x64xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// One copy of the row body in the module (before the pass: two, in the
// region and in the else branch).
// ONCE-COUNT-1: memref.subview
// ONCE-NOT:     memref.subview
// ONCE:         // -----
func.func @dynamic_rows(%x: memref<?x64xf32>, %y: memref<?x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x64xf32>
  // expected-remark@below {{the parallel and the sequential row loop are one function, @dynamic_rows_rows, called from both}}
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%rows) step (%c1) {
        memref.alloca_scope {
          %acc = memref.alloca() : memref<f32>
          %row = memref.subview %x[%i, 0] [1, 64] [1, 1]
              : memref<?x64xf32> to memref<64xf32, strided<[1], offset: ?>>
          %v = memref.load %row[%c0] : memref<64xf32, strided<[1], offset: ?>>
          memref.store %v, %acc[] : memref<f32>
          %s = memref.load %acc[] : memref<f32>
          memref.store %s, %y[%i, %c0] : memref<?x64xf32>
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// -----

// A row loop that uses a value computed in the omp.parallel region (other
// than an alloca or a constant) stays in two copies.
// CHECK-LABEL: func.func @region_value(
// CHECK:         omp.parallel {
// CHECK:           scf.for
// CHECK:         } else {
// CHECK-NEXT:      scf.for
// CHECK-NOT:     func.call
func.func @region_value(%y: memref<?xindex>, %n: index, %cond: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@below {{the parallel and the sequential row loop stay two copies: its body uses a value computed in the omp.parallel region}}
  scf.if %cond {
    omp.parallel {
      %t = arith.muli %n, %n : index
      scf.for %i = %c0 to %n step %c1 {
        memref.store %t, %y[%i] : memref<?xindex>
      } {norm.openmp_rows}
      omp.terminator
    }
  } else {
    scf.for %i = %c0 to %n step %c1 {
      %t = arith.muli %n, %n : index
      memref.store %t, %y[%i] : memref<?xindex>
    } {norm.openmp_rows}
  }
  return
}

// -----

// A buffer that the row loop allocates and frees in each iteration, with
// sizes from outside the loop, is allocated by each caller instead: once per
// thread in the region, once before the sequential call, freed after the
// call, and passed to the function (norm-compile checks the allocations of
// the function and of its omp.parallel regions, not those of a function they
// call). Each caller passes its own buffer.
// CHECK-LABEL: func.func @heap_rows(
// CHECK-SAME:      %[[Y:[a-z0-9]+]]: memref<?xindex>, %[[N:[a-z0-9]+]]: index
// CHECK:         omp.parallel {
// CHECK:           %[[PT:.+]] = memref.alloc(%[[N]]) : memref<?xindex>
// CHECK-NOT:       scf.for
// CHECK:           func.call @heap_rows_rows(%{{.+}}, %{{.+}}, %[[PT]], %[[Y]]) :
// CHECK-NEXT:      memref.dealloc %[[PT]] : memref<?xindex>
// CHECK-NEXT:      omp.terminator
// CHECK:         } else {
// CHECK:           %[[ST:.+]] = memref.alloc(%[[N]]) : memref<?xindex>
// CHECK:           func.call @heap_rows_rows(%{{.+}}, %{{.+}}, %[[ST]], %[[Y]]) :
// CHECK-NEXT:      memref.dealloc %[[ST]] : memref<?xindex>
// CHECK-NEXT:    }
// CHECK-LABEL: func.func private @heap_rows_rows(
// CHECK-SAME:      %[[B:[a-z0-9]+]]: index, %[[E:[a-z0-9]+]]: index, %[[T:[a-z0-9]+]]: memref<?xindex>, %[[FY:[a-z0-9]+]]: memref<?xindex>)
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for %[[I:.+]] = %[[B]] to %[[E]]
// CHECK-NEXT:      memref.store %[[I]], %[[T]][%{{.+}}] : memref<?xindex>
// CHECK-NEXT:      %[[V:.+]] = memref.load %[[T]][%{{.+}}] : memref<?xindex>
// CHECK-NEXT:      memref.store %[[V]], %[[FY]][%[[I]]] : memref<?xindex>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @heap_rows(%y: memref<?xindex>, %n: index, %cond: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@below {{the parallel and the sequential row loop are one function, @heap_rows_rows, called from both}}
  scf.if %cond {
    omp.parallel {
      scf.for %i = %c0 to %n step %c1 {
        %t = memref.alloc(%n) : memref<?xindex>
        memref.store %i, %t[%c0] : memref<?xindex>
        %v = memref.load %t[%c0] : memref<?xindex>
        memref.store %v, %y[%i] : memref<?xindex>
        memref.dealloc %t : memref<?xindex>
      } {norm.openmp_rows}
      omp.terminator
    }
  } else {
    scf.for %i = %c0 to %n step %c1 {
      %t = memref.alloc(%n) : memref<?xindex>
      memref.store %i, %t[%c0] : memref<?xindex>
      %v = memref.load %t[%c0] : memref<?xindex>
      memref.store %v, %y[%i] : memref<?xindex>
      memref.dealloc %t : memref<?xindex>
    } {norm.openmp_rows}
  }
  return
}

// -----

// A buffer whose size the iteration computes stays in the loop, and so the
// loop stays in two copies.
// CHECK-LABEL: func.func @heap_rows_sized_in_loop(
// CHECK:         omp.parallel {
// CHECK:           scf.for
// CHECK:             memref.alloc(
// CHECK:         } else {
// CHECK-NEXT:      scf.for
// CHECK-NOT:     func.call
func.func @heap_rows_sized_in_loop(%y: memref<?xindex>, %n: index, %cond: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@below {{the parallel and the sequential row loop stay two copies: its body allocates on the heap (other than buffers freed in the same iteration)}}
  scf.if %cond {
    omp.parallel {
      scf.for %i = %c0 to %n step %c1 {
        %size = arith.addi %i, %c1 : index
        %t = memref.alloc(%size) : memref<?xindex>
        memref.store %i, %t[%c0] : memref<?xindex>
        %v = memref.load %t[%c0] : memref<?xindex>
        memref.store %v, %y[%i] : memref<?xindex>
        memref.dealloc %t : memref<?xindex>
      } {norm.openmp_rows}
      omp.terminator
    }
  } else {
    scf.for %i = %c0 to %n step %c1 {
      %size = arith.addi %i, %c1 : index
      %t = memref.alloc(%size) : memref<?xindex>
      memref.store %i, %t[%c0] : memref<?xindex>
      %v = memref.load %t[%c0] : memref<?xindex>
      memref.store %v, %y[%i] : memref<?xindex>
      memref.dealloc %t : memref<?xindex>
    } {norm.openmp_rows}
  }
  return
}

// -----

// A buffer that outlives its iteration (not freed in it; here freed only
// on one path) stays in the loop, and so the loop stays in two copies.
// CHECK-LABEL: func.func @heap_rows_escaping(
// CHECK:         omp.parallel {
// CHECK:           scf.for
// CHECK:             memref.alloc(
// CHECK:         } else {
// CHECK-NEXT:      scf.for
// CHECK-NOT:     func.call
func.func @heap_rows_escaping(%y: memref<?xindex>, %n: index, %cond: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@below {{the parallel and the sequential row loop stay two copies: its body allocates on the heap (other than buffers freed in the same iteration)}}
  scf.if %cond {
    omp.parallel {
      scf.for %i = %c0 to %n step %c1 {
        %t = memref.alloc(%n) : memref<?xindex>
        memref.store %i, %t[%c0] : memref<?xindex>
        scf.if %cond {
          memref.dealloc %t : memref<?xindex>
        }
      } {norm.openmp_rows}
      omp.terminator
    }
  } else {
    scf.for %i = %c0 to %n step %c1 {
      %t = memref.alloc(%n) : memref<?xindex>
      memref.store %i, %t[%c0] : memref<?xindex>
      scf.if %cond {
        memref.dealloc %t : memref<?xindex>
      }
    } {norm.openmp_rows}
  }
  return
}
