// Bad-input classes of norm-runner not covered by errors.mlir / npy.mlir:
// .npy headers that lie (a shape whose element count overflows, a dim beyond
// int64_t, a negative dimension, a header with no data after it), an unknown
// flag, a non-numeric tolerance, and a wrong number of --expected-output.
// Each exits with status 1 and one message (`not` fails on a crash). The
// .npy files are written here with printf: "\x93NUMPY", version 1.0, header
// length, dict.

// RUN: rm -rf %t && mkdir -p %t
// RUN: printf "\223NUMPY\001\000\115\000{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904, 4), }" > %t/huge.npy
// RUN: not norm-runner %s --input=@%t/huge.npy 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: norm-runner: error: input 0: '{{.*}}huge.npy': shape '4611686018427387904x4xf32' has too many elements: the product of its sizes, zeros left out, must be at most 1152921504606846975 (2^60 - 1)
// A dim beyond int64_t (2^63 - 1) is a size error too, not "expected a
// non-negative integer".
// RUN: printf "\223NUMPY\001\000\116\000{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999, 4), }" > %t/dimbig.npy
// RUN: not norm-runner %s --input=@%t/dimbig.npy 2>&1 | FileCheck %s --check-prefix=DIMBIG
// DIMBIG: norm-runner: error: input 0: '{{.*}}dimbig.npy': dimension 99999999999999999999 in 'shape' is too large: the product of the sizes, zeros left out, must be at most 1152921504606846975 (2^60 - 1)
// RUN: printf "\223NUMPY\001\000\074\000{'descr': '<f4', 'fortran_order': False, 'shape': (2, -3), }" > %t/neg.npy
// RUN: not norm-runner %s --input=@%t/neg.npy 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: norm-runner: error: input 0: '{{.*}}neg.npy': malformed header: expected a non-negative integer in 'shape', found '-3), }' at offset 54 of the header{{$}}
// A syntax error in the header says what it found and where (the offset in
// the dict's text); it used to give only what was expected.
// RUN: printf "\223NUMPY\001\000\072\000{'descr': '<f4', 'fortran_order': Fals, 'shape': (2, 3), }" > %t/fals.npy
// RUN: not norm-runner %s --input=@%t/fals.npy 2>&1 | FileCheck %s --check-prefix=FALS
// FALS: norm-runner: error: input 0: '{{.*}}fals.npy': malformed header: expected True or False for 'fortran_order', found 'Fals, 'shape': ('... at offset 34 of the header{{$}}
// RUN: printf "\223NUMPY\001\000\072\000{'descr': '<f4' 'fortran_order': False, 'shape': (2, 3), }" > %t/comma.npy
// RUN: not norm-runner %s --input=@%t/comma.npy 2>&1 | FileCheck %s --check-prefix=COMMA
// COMMA: norm-runner: error: input 0: '{{.*}}comma.npy': malformed header: expected ',' or '}', found ''fortran_order':'... at offset 16 of the header{{$}}
// RUN: printf "\223NUMPY\001\000\075\000{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), } x" > %t/after.npy
// RUN: not norm-runner %s --input=@%t/after.npy 2>&1 | FileCheck %s --check-prefix=AFTER
// AFTER: norm-runner: error: input 0: '{{.*}}after.npy': malformed header: unexpected text after the dict, found 'x' at offset 60 of the header{{$}}
// RUN: printf "\223NUMPY\001\000\067\000{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3" > %t/cut.npy
// RUN: not norm-runner %s --input=@%t/cut.npy 2>&1 | FileCheck %s --check-prefix=CUT
// CUT: norm-runner: error: input 0: '{{.*}}cut.npy': malformed header: expected ',' or ')' in 'shape', found the end of the header at offset 55 of the header{{$}}
// A directory is 'cannot read', as a .pb or module path is (it was
// ''dir': Is a directory', the read error of the stream reader).
// RUN: mkdir %t/dir.npy
// RUN: not norm-runner %s --input=@%t/dir.npy 2>&1 | FileCheck %s --check-prefix=DIR --implicit-check-not={{.}}
// DIR: norm-runner: error: input 0: cannot read '{{.*}}dir.npy': Is a directory{{$}}
// RUN: printf "\223NUMPY\001\000\073\000{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }" > %t/nodata.npy
// RUN: not norm-runner %s --input=@%t/nodata.npy 2>&1 | FileCheck %s --check-prefix=NODATA
// NODATA: norm-runner: error: input 0: '{{.*}}nodata.npy': truncated data: 2x3xf32 needs 24 bytes, the file has 0

// What llvm::cl refuses is one line "<tool>: error: ..." (its own lines
// joined with "; ", parseToolCommandLine), as in norm-compile; it used to be
// llvm::cl's lines without "error:".
// RUN: not norm-runner %s --bogus 2>&1 | FileCheck %s --check-prefix=FLAG --implicit-check-not={{.}}
// FLAG: norm-runner: error: Unknown command line argument '--bogus'.  Try: '{{.*}}norm-runner --help'; Did you mean '--input'?{{$}}
// RUN: not norm-runner %s --input="2x3xf32=1 2 3 4 5 6" --atol=abc 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ATOL --implicit-check-not={{.}}
// ATOL: norm-runner: error: for the --atol option: 'abc' value invalid for floating point argument!{{$}}
// An extra positional argument is named (llvm::cl's "Too many positional
// arguments specified!" named neither), also after a "--".
// RUN: not norm-runner %s %s 2>&1 | FileCheck %s --check-prefix=TWO --implicit-check-not={{.}} -DFILE=%s
// TWO: norm-runner: error: extra argument '[[FILE]]' after the input file '[[FILE]]': norm-runner reads one input file{{$}}
// RUN: not norm-runner %s --function f extra.mlir -- -x.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXTRA --implicit-check-not={{.}} -DFILE=%s
// EXTRA: norm-runner: error: extra arguments 'extra.mlir', '-x.mlir' after the input file '[[FILE]]': norm-runner reads one input file{{$}}
// RUN: not norm-benchmark %s extra.mlir 2>&1 | FileCheck %s --check-prefix=BENCH-EXTRA --implicit-check-not={{.}} -DFILE=%s
// BENCH-EXTRA: norm-benchmark: error: extra argument 'extra.mlir' after the input file '[[FILE]]': norm-benchmark reads one input file{{$}}
// RUN: not norm-benchmark %s --vector-bits=x 2>&1 | FileCheck %s --check-prefix=BENCH-BITS --implicit-check-not={{.}}
// BENCH-BITS: norm-benchmark: error: for the --vector-bits option: 'x' value invalid for uint argument!{{$}}
// RUN: not norm-runner %s --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --expected-output="2x3xf32=1 2 3 4 5 6" --expected-output="f32=1" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXPCOUNT
// EXPCOUNT: norm-runner: error: function 'main' has 1 result(s), but --expected-output was given 2 time(s)
// RUN: not norm-runner %s --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --expected-output="3x2xf32=1 2 3 4 5 6" 2>&1 | FileCheck %s --check-prefix=EXPSHAPE
// EXPSHAPE: norm-runner: error: {{.*}}
// RUN: not norm-runner %s --input="2x3xf32=1 2 3 four 5 6" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NONNUM
// NONNUM: norm-runner: error: input 0: invalid f32 value 'four' (element 3)

func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = norm.lp_normalization %x : tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
