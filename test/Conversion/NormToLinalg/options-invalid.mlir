// convert-norm-to-linalg's reduction-partial-sums is 1 to 65536 (2^16):
// other values fail the pass before it runs, with one error naming the
// option, the range, why, and the value given; nothing is printed. 0 used to
// be taken as 1 without a word.
// RUN: not norm-opt %s -convert-norm-to-linalg="reduction-partial-sums=0" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ZERO
// ZERO: error: convert-norm-to-linalg: reduction-partial-sums must be 1 (none assumed) to 65536 (2^16, far more than norm-vectorize-rows keeps: at most 16 registers of 16 f32 lanes), got 0
// ZERO-NOT: func.func
// RUN: not norm-opt %s -convert-norm-to-linalg="reduction-partial-sums=65537" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ABOVE
// ABOVE: error: convert-norm-to-linalg: reduction-partial-sums must be 1 (none assumed) to 65536 {{.*}}, got 65537
// ABOVE-NOT: func.func
// RUN: not norm-opt %s -convert-norm-to-linalg="reduction-partial-sums=4294967295" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UINTMAX
// UINTMAX: error: convert-norm-to-linalg: reduction-partial-sums must be 1 (none assumed) to 65536 {{.*}}, got 4294967295
// UINTMAX-NOT: func.func

// The upper end is accepted and used: a dynamic f32 row accumulates in f32
// up to n / L + log2 L <= 68 (options.mlir), n <= (68 - 16) * 65536 =
// 3407872 for L = 65536.
// RUN: norm-opt %s -convert-norm-to-linalg="reduction-partial-sums=65536" \
// RUN:   | FileCheck %s
// CHECK-LABEL: func.func @lp_dynamic(
// CHECK:         %[[MAX:.+]] = arith.constant 3407872 : index
// CHECK-NEXT:    arith.cmpi ule, %{{.+}}, %[[MAX]] : index

func.func @lp_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
