// An input that cannot be read and an -o that cannot be written are one
// "norm-opt: error:" line, as in norm-runner and norm-compile (MlirOptMain
// alone would print "cannot open ... file ..." without tool name or
// "error:"). The -o check leaves no file behind.

// RUN: rm -rf %t && mkdir %t
// RUN: not norm-opt %t/missing.mlir 2>&1 | FileCheck %s --check-prefix=IN -DDIR=%t
// IN: norm-opt: error: cannot read '[[DIR]]/missing.mlir': No such file or directory
// IN-NOT: {{.}}
// RUN: not norm-opt %s -o %t/no-dir/out.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OUT -DDIR=%t
// OUT: norm-opt: error: cannot write '[[DIR]]/no-dir/out.mlir': No such file or directory
// OUT-NOT: {{.}}
// RUN: not norm-opt %s -o %t 2>&1 | FileCheck %s --check-prefix=DIR -DDIR=%t
// DIR: norm-opt: error: cannot write '[[DIR]]': Is a directory
// RUN: not norm-opt %t/missing.mlir -o %t/new.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IN -DDIR=%t
// RUN: not test -e %t/new.mlir

// A writable -o gets the module (an existing one replaced), and so does a
// device.
// RUN: echo old > %t/out.mlir
// RUN: norm-opt %s -o %t/out.mlir
// RUN: FileCheck %s --check-prefix=MODULE --input-file=%t/out.mlir
// MODULE: func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32>
// MODULE-NOT: old
// RUN: norm-opt %s -o /dev/null

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
