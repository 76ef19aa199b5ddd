// A function of 64 chained LayerNormalizations (Inputs/gen_chain.py) lowers,
// and One-Shot Bufferize gets one tensor.empty per slice loop and result:
// CSE had merged the identical inits of all 64 loops into one value per
// type, whose alias set then held the values of every loop, and the
// analysis took time cubic in the number of ops (200 ops: 2.0 s of
// bufferization, 400: 12.9 s; norm-split-empty-tensors splits them
// again). The check is on the IR, not on time: 64 of each init.
// RUN: /usr/bin/python3 %S/Inputs/gen_chain.py 64 > %t.mlir
// RUN: norm-opt %t.mlir --norm-to-llvm -o %t.ll.mlir \
// RUN:   --mlir-print-ir-before=one-shot-bufferize 2> %t.pre.mlir
// RUN: FileCheck %s --check-prefix=LLVM < %t.ll.mlir
// RUN: grep -c 'tensor.empty(.*) : tensor<?x768xf32>' %t.pre.mlir \
// RUN:   | FileCheck %s --check-prefix=Y
// RUN: grep -c 'tensor.empty(.*) : tensor<?xf32>' %t.pre.mlir \
// RUN:   | FileCheck %s --check-prefix=STAT
// RUN: grep -c 'tensor.empty(.*) : tensor<?xf64>' %t.pre.mlir \
// RUN:   | FileCheck %s --check-prefix=STAT
// RUN: grep -c 'scf.forall (' %t.pre.mlir | FileCheck %s --check-prefix=LOOPS

// LLVM: llvm.func @chain(
// LLVM-NOT: norm.layer_normalization
// Y: {{^}}64{{$}}
// STAT: {{^}}64{{$}}
// LOOPS: {{^}}64{{$}}
