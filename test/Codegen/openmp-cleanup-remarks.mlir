// RUN: norm-opt %s --norm-openmp-cleanup --remarks-filter=norm-openmp-cleanup \
// RUN:   --remark-format=emitRemark --verify-diagnostics -o /dev/null

// The optimization remarks of norm-openmp-cleanup: which alloca scopes were
// hoisted and inlined, which parallel loops got a sequential version and a
// computed static partition, and why the others did not.

// A row loop of dynamic length: the scope's alloca hoisted, a sequential
// version for small loops, the static partition computed in the region.
func.func @dynamic_rows(%x: memref<?x64xf32>, %y: memref<?x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x64xf32>
  // expected-remark @+1 {{[Passed] SequentialVersion | Category:norm-openmp-cleanup | Function=dynamic_rows | Remark="runs on the calling thread unless it has several iterations, 32768 elements or more in all, and more than one thread"}}
  omp.parallel {
    // expected-remark @+1 {{[Passed] StaticPartition | Category:norm-openmp-cleanup | Function=dynamic_rows | Remark="the static partition of the iterations computed in the region (no __kmpc_for_static_init)"}}
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%rows) step (%c1) {
        // expected-remark @+1 {{[Passed] AllocasHoisted | Category:norm-openmp-cleanup | Function=dynamic_rows | Remark="1 static alloca hoisted to the start of the omp.parallel region (one copy per thread), the scope inlined"}}
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

// 5 static iterations of one element each (no subview): statically too
// little work for threads.
func.func @static_small(%x: memref<5x7xf32>, %y: memref<5x7xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  // expected-remark @+1 {{[Passed] SequentialVersion | Category:norm-openmp-cleanup | Function=static_small | Remark="statically too small for threads (at most one iteration, or fewer than 32768 elements in all): runs on the calling thread"}}
  omp.parallel {
    // expected-remark @+1 {{[Passed] StaticPartition | Category:norm-openmp-cleanup | Function=static_small}}
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c5) step (%c1) {
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// A dynamically sized alloca cannot leave its scope.
func.func @dynamic_alloca(%x: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  // expected-remark @+1 {{[Passed] SequentialVersion | Category:norm-openmp-cleanup | Function=dynamic_alloca}}
  omp.parallel {
    // expected-remark @+1 {{[Passed] StaticPartition | Category:norm-openmp-cleanup | Function=dynamic_alloca}}
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%rows) step (%c1) {
        // expected-remark @+1 {{[Missed] ScopeKept | Category:norm-openmp-cleanup | Function=dynamic_alloca | Reason="0 static allocas hoisted; the scope stays: it holds a dynamically shaped alloca, or one in a nested scope"}}
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

// A dynamic schedule is not what the computed partition reproduces.
func.func @dynamic_schedule(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  // expected-remark @+1 {{[Passed] SequentialVersion | Category:norm-openmp-cleanup | Function=dynamic_schedule}}
  omp.parallel {
    // expected-remark @+1 {{[Missed] WorksharingLoopKept | Category:norm-openmp-cleanup | Function=dynamic_schedule | Reason="a schedule other than static"}}
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

// Two work-sharing loops in one region: not the shape the pass rewrites.
func.func @two_loops(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  // expected-remark @+1 {{[Missed] NotVersioned | Category:norm-openmp-cleanup | Function=two_loops | Reason="its region holds other ops than allocas and one omp.wsloop: no sequential version"}}
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
