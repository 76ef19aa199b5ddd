// The options of norm-to-llvm (Pipelines.h): a value outside an option's
// range fails the parse of the pipeline (its first pass, in pipelines built
// in C++), before anything is lowered, with one error naming the option,
// the range, why, and the value given (not the error of the pass the option
// is passed on to); nothing is printed.

// vector-bits: 0 (the host's), 128, 256 or 512.
// RUN: not norm-opt %s --norm-to-llvm='vector-bits=100' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BITS
// BITS: {{^}}norm-opt: error: norm-to-llvm: vector-bits must be 0 (the host's), 128, 256 or 512 (the widths of CPU vector registers), got 100
// BITS-NOT: error
// BITS-NOT: llvm.func

// nontemporal-min-bytes: 0 (never) to 2^63 - 1. 2^64 - 1 used to be taken
// without a word (and never matched).
// RUN: not norm-opt %s --norm-to-llvm='nontemporal-min-bytes=18446744073709551615' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MINBYTES
// MINBYTES: {{^}}norm-opt: error: norm-to-llvm: nontemporal-min-bytes must be 0 (never) to 9223372036854775807 (2^63 - 1: it is compared with result sizes computed as signed 64-bit `index` values), got 18446744073709551615
// MINBYTES-NOT: error
// MINBYTES-NOT: llvm.func
// RUN: not norm-opt %s --norm-to-llvm='nontemporal-min-bytes=9223372036854775808' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MINBYTES2
// MINBYTES2: {{^}}norm-opt: error: norm-to-llvm: nontemporal-min-bytes must be 0 (never) to 9223372036854775807 {{.*}}, got 9223372036854775808

// In --pass-pipeline the same error fails the parse of the pipeline text
// (as in the C API's mlirParsePassPipeline, test/CAPI), followed by the
// parser's note. Before, the text parsed and the pipeline's first pass
// failed.
// RUN: sh -c "norm-opt %s -o /dev/null 2>&1 --pass-pipeline='builtin.module(norm-to-llvm{vector-bits=7})'; echo \"exit status \$?\"" \
// RUN:   | FileCheck %s --check-prefix=TEXT --match-full-lines --implicit-check-not={{.}}
// TEXT: norm-opt: error: norm-to-llvm: vector-bits must be 0 (the host's), 128, 256 or 512 (the widths of CPU vector registers), got 7
// TEXT-NEXT: norm-opt: note: failed to add `norm-to-llvm` with options `vector-bits=7`
// TEXT-NEXT: exit status 1

// The ends are accepted and used: 128-bit registers (4 x 4 f32 lanes per
// tile); the largest min-bytes is the run-time threshold of the
// non-temporal stores; 0 makes none.
// RUN: norm-opt %s --norm-to-llvm='vector-bits=128' | FileCheck %s --check-prefix=BITS128
// BITS128-LABEL: llvm.func @lp(
// BITS128:         llvm.load {{.*}} -> vector<16xf32>
// BITS128-NOT:     vector<64xf32>
// RUN: norm-opt %s --norm-to-llvm='vector-bits=512 nontemporal-min-bytes=9223372036854775807' \
// RUN:   | FileCheck %s --check-prefix=MAXBYTES
// MAXBYTES-LABEL: llvm.func @lp(
// MAXBYTES:         llvm.mlir.constant(9223372036854775807 : index) : i64
// MAXBYTES:         llvm.store {{.*}} {alignment = 64 : i64, nontemporal} : vector<64xf32>, !llvm.ptr
// RUN: norm-opt %s --norm-to-llvm='vector-bits=512 nontemporal-min-bytes=0' \
// RUN:   | FileCheck %s --check-prefix=NEVER
// NEVER-LABEL: llvm.func @lp(
// NEVER-NOT:     nontemporal

// The other options are parsed by their type: a value that is not one is an
// error of the option parser.
// RUN: not norm-opt %s --norm-to-llvm='bf16-truncation=fast' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ENUM
// ENUM: for the --bf16-truncation option: Cannot find option named 'fast'!
// RUN: not norm-opt %s --norm-to-llvm='parallel=maybe' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BOOL
// BOOL: for the --parallel option: 'maybe' is invalid value for boolean argument!
// RUN: not norm-opt %s --norm-to-llvm='vector-bits=4294967296' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UINT
// UINT: for the --vector-bits option: '4294967296' value invalid for uint argument!

func.func @lp(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
