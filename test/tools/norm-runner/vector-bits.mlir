// --vector-bits: the vector width of the compiled code; other values are an
// error. Same result at every width (LpNorm p = 2 of [3, 4] rows: 3/5, 4/5).
// RUN: norm-runner %s --vector-bits=128 --input="2x2xf32=3 4 0 5" | FileCheck %s
// RUN: norm-runner %s --vector-bits=256 --input="2x2xf32=3 4 0 5" | FileCheck %s
// RUN: norm-runner %s --vector-bits=512 --input="2x2xf32=3 4 0 5" | FileCheck %s
// CHECK: 2x2xf32=[0.6 0.8][0 1]
// RUN: not norm-runner %s --vector-bits=100 --input="2x2xf32=3 4 0 5" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// RUN: not norm-benchmark %s --vector-bits=0 --input=2x2xf32 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// BAD: error: --vector-bits must be 128, 256 or 512, got {{100|0}}
func.func @main(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

