// Error messages that quote text from the user's files or flags write control
// bytes (NUL, TAB, ...) as \xNN, so that the message stays one printable line.

// Inputs/npy/dtype_nul.npy: a 1x4 .npy whose descr is '<f4' followed by a NUL
// byte (od shows it).
// RUN: od -An -c %S/Inputs/npy/dtype_nul.npy | FileCheck %s --check-prefix=OD
// OD: '   <   f   4  \0   '
// RUN: not norm-runner %s --function=copy \
// RUN:   --input=@%S/Inputs/npy/dtype_nul.npy 2>&1 | FileCheck %s --check-prefix=NPY
// NPY: norm-runner: error: input 0: '{{.*}}dtype_nul.npy': unsupported dtype '<f4\x00'; supported:

// A TAB inside the element type of an --input spec.
// RUN: not norm-runner %s --function=copy --input="1x4xf	32=1 2 3 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SPEC
// SPEC: norm-runner: error: input 0: unexpected whitespace '\x09' at offset 5 in the SHAPExTYPE of '1x4xf\x0932=1 2 3 4': write it without spaces, e.g. '2x2xf32=1 2 3 4'{{$}}

// A backslash is doubled, so an escape cannot be mistaken for text.
// RUN: not norm-runner %s --function=copy --input="1x4xf\t32=1 2 3 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BACKSLASH
// BACKSLASH: unknown element type 'f\\t32' in '1x4xf\\t32'

// A TAB in a file name (of an input, an output, the module).
// RUN: not norm-runner %s --function=copy --input="@%t.no	such.npy" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PATH
// PATH: norm-runner: error: input 0: cannot read '{{.*}}.no\x09such.npy': No such file or directory
// RUN: not norm-runner %s --function=copy --input="1x4xf32=1 2 3 4" \
// RUN:   --output="@%t.missing-dir/out	put.npy" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OUTPATH
// OUTPATH: norm-runner: error: output 0: cannot write '{{.*}}.missing-dir/out\x09put.npy': No such file or directory
// RUN: not norm-runner "%t.no	such.mlir" 2>&1 | FileCheck %s --check-prefix=MODULE
// MODULE: norm-runner: error: cannot read '{{.*}}.no\x09such.mlir': No such file or directory

// A byte that is not UTF-8 (FF) and a C1 control character (U+009B, the bytes
// C2 9B, which terminals may act on) are written as \xNN too, so that the
// message stays valid UTF-8; valid UTF-8 (U+00E9, C3 A9) is kept. Before,
// these bytes were printed as they are.
// RUN: printf "\223NUMPY\001\000\077\000{'descr': '<f\377\302\233\303\251', 'fortran_order': False, 'shape': (1, 4), }" > %t.utf8.npy
// RUN: not norm-runner %s --function=copy --input=@%t.utf8.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UTF8
// UTF8: norm-runner: error: input 0: '{{.*}}.utf8.npy': unsupported dtype '<f\xFF\xC2\x9Bé'; supported:

func.func @copy(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  return %x : tensor<1x4xf32>
}
