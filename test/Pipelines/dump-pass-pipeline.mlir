// The pipeline that norm-to-llvm builds parses back when dumped: its own
// steps (the option check and the lowering of nested modules) are
// registered passes whose options are the pipeline's. They printed as
// `norm-to-llvm-check-options` and `norm-to-llvm-nested-modules`, which
// --pass-pipeline rejected as unknown passes (found by a hostile new-user
// run).

// RUN: rm -rf %t && mkdir -p %t
// RUN: norm-opt %s --dump-pass-pipeline -o %t/direct.mlir \
// RUN:   --pass-pipeline='builtin.module(norm-to-llvm{vector-bits=256 parallel=false runtime-verification=false nontemporal-min-bytes=0 bf16-truncation=integer})' \
// RUN:   2> %t/dump.txt
// RUN: FileCheck %s --check-prefix=DUMP < %t/dump.txt
// DUMP:      builtin.module(
// DUMP-NEXT:   norm-to-llvm-check-options{nontemporal-min-bytes=0 vector-bits=256},
// DUMP-NEXT:   norm-to-llvm-nested-modules{bf16-truncation=integer nontemporal-min-bytes=0 parallel=false runtime-verification=false vector-bits=256},
// DUMP-NEXT:   norm-record-entry-signatures,
// DUMP-NOT:    generate-runtime-verification

// The dumped pipeline, given back as --pass-pipeline (in a response file),
// lowers the module, the nested one included, to the same output.
// RUN: /usr/bin/python3 %S/Inputs/dumped_pipeline_args.py %t/dump.txt %t/args.rsp
// RUN: norm-opt %s @%t/args.rsp -o %t/round-trip.mlir
// RUN: cmp %t/direct.mlir %t/round-trip.mlir
// RUN: FileCheck %s --check-prefix=LOWERED < %t/round-trip.mlir \
// RUN:   --implicit-check-not='{{[ "]norm\.(lp_normalization|normalizer|layer_normalization)}}'
// LOWERED:      llvm.func @outer(
// LOWERED:      module @inner {
// LOWERED:        llvm.func @inner(
// LOWERED-SAME:     norm.entry_signature = (tensor<?x4xf32>) -> tensor<?x4xf32>

// The default pipeline round-trips too.
// RUN: norm-opt %s --norm-to-llvm --dump-pass-pipeline -o %t/default.mlir \
// RUN:   2> %t/default-dump.txt
// RUN: /usr/bin/python3 %S/Inputs/dumped_pipeline_args.py %t/default-dump.txt %t/default.rsp
// RUN: norm-opt %s @%t/default.rsp -o %t/default-round-trip.mlir
// RUN: cmp %t/default.mlir %t/default-round-trip.mlir

// The steps run alone, with their options; an option out of range is the
// pipeline's error.
// RUN: not norm-opt %s --pass-pipeline='builtin.module(norm-to-llvm-check-options{vector-bits=100})' \
// RUN:   2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: {{^}}norm-opt: error: norm-to-llvm: vector-bits must be 0 (the host's), 128, 256 or 512 (the widths of CPU vector registers), got 100
// RUN: norm-opt %s --pass-pipeline='builtin.module(norm-to-llvm-nested-modules{parallel=false})' \
// RUN:   | FileCheck %s --check-prefix=NESTED-ONLY
// NESTED-ONLY:      func.func @outer(
// NESTED-ONLY-NEXT:   norm.lp_normalization
// NESTED-ONLY:      module @inner {
// NESTED-ONLY:        llvm.func @inner(

module {
  func.func @outer(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
    %y = norm.lp_normalization %x axis = 1 : tensor<?x4xf32>
    return %y : tensor<?x4xf32>
  }
  module @inner {
    func.func @inner(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
      %y = norm.lp_normalization %x axis = 1 p = 1 : tensor<?x4xf32>
      return %y : tensor<?x4xf32>
    }
  }
}
