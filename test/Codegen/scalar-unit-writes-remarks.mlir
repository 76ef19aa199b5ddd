// RUN: norm-opt %s --norm-scalar-unit-writes \
// RUN:   --remarks-filter=norm-scalar-unit-writes \
// RUN:   --remark-format=emitRemark --verify-diagnostics -o /dev/null

// The optimization remarks of norm-scalar-unit-writes: one per
// single-element vector write into a stack buffer of several elements
// stored as a scalar; other writes get none.

func.func @writes(%arg: memref<5xf64>, %v: vector<1xf64>,
                  %v4: vector<4xf64>, %i: index) {
  %m = memref.alloca() : memref<5xf64>
  // expected-remark @+1 {{[Passed] Scalarized | Category:norm-scalar-unit-writes | Function=writes | Remark="single-element vector write stored as a scalar"}}
  vector.transfer_write %v, %m[%i] {in_bounds = [true]}
      : vector<1xf64>, memref<5xf64>
  vector.transfer_write %v4, %m[%i] {in_bounds = [true]}
      : vector<4xf64>, memref<5xf64>
  vector.transfer_write %v, %arg[%i] {in_bounds = [true]}
      : vector<1xf64>, memref<5xf64>
  return
}
