// An -o that names the input file is one error and exit status 1 before the
// input is read: MlirOptMain deletes its -o file when the run fails (here the
// verifier rejects the op), which would delete the input. The input is left
// byte for byte as it was; an -o naming another file is written as before.

// RUN: rm -rf %t && mkdir %t && cp %s %t/in.mlir
// RUN: not norm-opt %t/in.mlir -o %t/in.mlir 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: norm-opt: error: the output file '{{.*}}in.mlir' (-o) is the input file '{{.*}}in.mlir': write the output to another file (a failed run deletes its output file)
// SAME-NOT: {{.}}
// RUN: cmp %s %t/in.mlir
// RUN: not norm-opt -o=%t/../%basename_t.tmp/in.mlir %t/in.mlir 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: cmp %s %t/in.mlir
// RUN: not norm-opt %t/in.mlir -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY: error: 'norm.lp_normalization' op attribute 'p' failed to satisfy constraint
// RUN: cmp %s %t/in.mlir

func.func @bad(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %y = norm.lp_normalization %x p = 3 : tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
