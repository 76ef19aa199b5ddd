// RUN: norm-opt %s --split-input-file --norm-openmp-cleanup | FileCheck %s

// norm-openmp-cleanup on loops as convert-scf-to-openmp leaves them (an
// omp.parallel around an omp.wsloop whose body is a memref.alloca_scope;
// the input is that pass's output on an scf.parallel, reduced by hand).

// A row loop with a dynamic row count and a 64-element subview per row:
// * the static alloca of the scope moves to the start of the omp.parallel
//   region (one per thread) and the emptied scope is inlined;
// * an scf.if runs the threads only for more than one iteration, at least
//   32Ki elements of work (iterations * 64) and more than one thread
//   (omp_get_max_threads), else the same loop as an scf.for on the calling
//   thread, with its own copy of the alloca at the start of the function;
// * the static omp.wsloop becomes the partition schedule(static) computes:
//   of N = ceil((ub - lb) / step) iterations over T threads, thread t runs
//   N / T + (t < N % T) of them from t * (N / T) + min(t, N % T), with
//   iteration j at lb + j * step.
// CHECK-DAG:   func.func private @omp_get_num_threads() -> i32
// CHECK-DAG:   func.func private @omp_get_thread_num() -> i32
// CHECK-DAG:   func.func private @omp_get_max_threads() -> i32
// CHECK-LABEL: func.func @dynamic_rows(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: memref<?x64xf32>, %[[Y:[a-z0-9]+]]: memref<?x64xf32>)
// CHECK-NEXT:    %[[SEQ_ACC:.+]] = memref.alloca() : memref<f32>
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK:         %[[ROWS:.+]] = memref.dim %[[X]], %[[C0]] : memref<?x64xf32>
// CHECK:         %[[C64:.+]] = arith.constant 64 : index
// CHECK:         %[[PER_ROW:.+]] = arith.muli %{{.+}}, %[[C64]] : index
// CHECK:         %[[SPAN:.+]] = arith.subi %[[ROWS]], %[[C0]] : index
// CHECK:         %[[ITERS:.+]] = arith.divui %[[SPAN]], %[[C1]] : index
// CHECK:         %[[SEVERAL:.+]] = arith.cmpi sgt, %[[ITERS]], %{{.+}} : index
// CHECK:         %[[WORK:.+]] = arith.muli %[[ITERS]], %[[PER_ROW]] : index
// CHECK:         %[[MIN_WORK:.+]] = arith.constant 32768 : index
// CHECK:         %[[ENOUGH:.+]] = arith.cmpi sge, %[[WORK]], %[[MIN_WORK]] : index
// CHECK:         %[[MAX_THREADS:.+]] = call @omp_get_max_threads() : () -> i32
// CHECK:         %[[ONE_I32:.+]] = arith.constant 1 : i32
// CHECK:         %[[MANY:.+]] = arith.cmpi sgt, %[[MAX_THREADS]], %[[ONE_I32]] : i32
// CHECK:         %[[COND0:.+]] = arith.andi %[[SEVERAL]], %[[ENOUGH]] : i1
// CHECK:         %[[COND:.+]] = arith.andi %[[COND0]], %[[MANY]] : i1
// CHECK:         scf.if %[[COND]] {
// CHECK-NEXT:      omp.parallel {
// CHECK-NEXT:        %[[ACC:.+]] = memref.alloca() : memref<f32>
// CHECK-NEXT:        %[[T_I32:.+]] = func.call @omp_get_thread_num() : () -> i32
// CHECK-NEXT:        %[[T:.+]] = arith.index_cast %[[T_I32]] : i32 to index
// CHECK-NEXT:        %[[NT_I32:.+]] = func.call @omp_get_num_threads() : () -> i32
// CHECK-NEXT:        %[[NT:.+]] = arith.index_cast %[[NT_I32]] : i32 to index
// CHECK-DAG:         %[[ZERO:.+]] = arith.constant 0 : index
// CHECK-DAG:         %[[ONE:.+]] = arith.constant 1 : index
// CHECK:             %[[DIFF:.+]] = arith.subi %[[ROWS]], %[[C0]] : index
// CHECK-NEXT:        %[[POS:.+]] = arith.maxsi %[[DIFF]], %[[ZERO]] : index
// CHECK-NEXT:        %[[N:.+]] = arith.ceildivui %[[POS]], %[[C1]] : index
// CHECK-NEXT:        %[[Q:.+]] = arith.divui %[[N]], %[[NT]] : index
// CHECK-NEXT:        %[[R:.+]] = arith.remui %[[N]], %[[NT]] : index
// CHECK-NEXT:        %[[TQ:.+]] = arith.muli %[[T]], %[[Q]] : index
// CHECK-NEXT:        %[[MIN:.+]] = arith.minui %[[T]], %[[R]] : index
// CHECK-NEXT:        %[[BEGIN:.+]] = arith.addi %[[TQ]], %[[MIN]] : index
// CHECK-NEXT:        %[[LOW:.+]] = arith.cmpi ult, %[[T]], %[[R]] : index
// CHECK-NEXT:        %[[EXTRA:.+]] = arith.select %[[LOW]], %[[ONE]], %[[ZERO]] : index
// CHECK-NEXT:        %[[COUNT:.+]] = arith.addi %[[Q]], %[[EXTRA]] : index
// CHECK-NEXT:        %[[END:.+]] = arith.addi %[[BEGIN]], %[[COUNT]] : index
// CHECK-NEXT:        scf.for %[[J:.+]] = %[[BEGIN]] to %[[END]] step %[[ONE]] {
// CHECK-NEXT:          %[[JSTEP:.+]] = arith.muli %[[J]], %[[C1]] : index
// CHECK-NEXT:          %[[I:.+]] = arith.addi %[[C0]], %[[JSTEP]] : index
// CHECK-NEXT:          %[[ROW:.+]] = memref.subview %[[X]][%[[I]], 0] [1, 64] [1, 1]
// CHECK-NEXT:          %[[V:.+]] = memref.load %[[ROW]][%[[C0]]]
// CHECK-NEXT:          memref.store %[[V]], %[[ACC]][] : memref<f32>
// CHECK-NEXT:          %[[S:.+]] = memref.load %[[ACC]][] : memref<f32>
// CHECK-NEXT:          memref.store %[[S]], %[[Y]][%[[I]], %[[C0]]] : memref<?x64xf32>
// CHECK-NEXT:        } {norm.openmp_rows}
// CHECK-NEXT:        omp.terminator
// CHECK-NEXT:      }
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.for %[[K:.+]] = %[[C0]] to %[[ROWS]] step %[[C1]] {
// CHECK-NEXT:        %[[SEQ_ROW:.+]] = memref.subview %[[X]][%[[K]], 0] [1, 64] [1, 1]
// CHECK-NEXT:        %[[SEQ_V:.+]] = memref.load %[[SEQ_ROW]][%[[C0]]]
// CHECK-NEXT:        memref.store %[[SEQ_V]], %[[SEQ_ACC]][] : memref<f32>
// CHECK-NEXT:        %[[SEQ_S:.+]] = memref.load %[[SEQ_ACC]][] : memref<f32>
// CHECK-NEXT:        memref.store %[[SEQ_S]], %[[Y]][%[[K]], %[[C0]]] : memref<?x64xf32>
// CHECK-NEXT:      } {norm.openmp_rows}
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @dynamic_rows(%x: memref<?x64xf32>, %y: memref<?x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x64xf32>
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

// 5 static iterations of one element each: statically too little work for
// threads, so the condition is the constant false and no thread count is
// asked for; the sequential loop is what runs.
// CHECK-NOT:   omp_get_max_threads
// CHECK-LABEL: func.func @static_small(
// CHECK-NEXT:    %[[SEQ_ACC:.+]] = memref.alloca() : memref<f32>
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C5:.+]] = arith.constant 5 : index
// CHECK-NOT:     omp_get_max_threads
// CHECK:         arith.andi
// CHECK-NEXT:    arith.andi
// CHECK-NEXT:    %[[NEVER:.+]] = arith.constant false
// CHECK-NEXT:    scf.if %[[NEVER]] {
// CHECK-NEXT:      omp.parallel {
// CHECK:           omp.terminator
// CHECK-NEXT:      }
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.for %[[I:.+]] = %[[C0]] to %[[C5]] step %[[C1]] {
// CHECK-NEXT:        %[[V:.+]] = memref.load %{{.+}}[%[[I]], %[[C0]]] : memref<5x7xf32>
// CHECK-NEXT:        memref.store %[[V]], %[[SEQ_ACC]][] : memref<f32>
func.func @static_small(%x: memref<5x7xf32>, %y: memref<5x7xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c5) step (%c1) {
        memref.alloca_scope {
          %acc = memref.alloca() : memref<f32>
          %v = memref.load %x[%i, %c0] : memref<5x7xf32>
          memref.store %v, %acc[] : memref<f32>
          %s = memref.load %acc[] : memref<f32>
          memref.store %s, %y[%i, %c0] : memref<5x7xf32>
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// -----

// A dynamically sized alloca cannot move out of its scope: the scope stays
// around it, in the threads' loop and in the sequential copy.
// CHECK-LABEL: func.func @dynamic_alloca(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: memref<?x?xf32>, %[[N:[a-z0-9]+]]: index)
// CHECK-NOT:     memref.alloca(
// CHECK:         omp.parallel {
// CHECK-NOT:       memref.alloca(
// CHECK:           scf.for
// CHECK-NEXT:        arith.muli
// CHECK-NEXT:        arith.addi
// CHECK-NEXT:        memref.alloca_scope {
// CHECK-NEXT:          memref.alloca(%[[N]]) : memref<?xf32>
// CHECK:         } else {
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        memref.alloca_scope {
// CHECK-NEXT:          memref.alloca(%[[N]]) : memref<?xf32>
func.func @dynamic_alloca(%x: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%rows) step (%c1) {
        memref.alloca_scope {
          %tmp = memref.alloca(%n) : memref<?xf32>
          %v = memref.load %x[%i, %c0] : memref<?x?xf32>
          memref.store %v, %tmp[%c0] : memref<?xf32>
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// -----

// A dynamic schedule is not what the computed partition reproduces: the
// omp.wsloop stays, without its barrier (nowait: the region's last work),
// under the same scf.if.
// CHECK-LABEL: func.func @dynamic_schedule(
// CHECK:         scf.if
// CHECK-NEXT:      omp.parallel {
// CHECK-NEXT:        omp.wsloop nowait schedule(dynamic) {
// CHECK-NEXT:          omp.loop_nest
// CHECK-NOT:     omp_get_thread_num
// CHECK:         } else {
// CHECK-NEXT:      scf.for
func.func @dynamic_schedule(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  omp.parallel {
    omp.wsloop schedule(dynamic) {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        %v = memref.load %x[%i] : memref<?xf32>
        memref.store %v, %y[%i] : memref<?xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// -----

// Negative: an omp.parallel region with two work-sharing loops is not the
// one-loop shape the pass rewrites; it is left exactly as it is (no
// scf.if, no runtime queries, the loops keep their barriers).
// CHECK-NOT:   omp_get
// CHECK-LABEL: func.func @two_loops(
// CHECK-NOT:     scf.if
// CHECK:         omp.parallel {
// CHECK-NEXT:      omp.wsloop {
// CHECK:           omp.wsloop {
// CHECK:           omp.terminator
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @two_loops(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        %v = memref.load %x[%i] : memref<?xf32>
        memref.store %v, %y[%i] : memref<?xf32>
        omp.yield
      }
    }
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        %v = memref.load %y[%i] : memref<?xf32>
        memref.store %v, %x[%i] : memref<?xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
