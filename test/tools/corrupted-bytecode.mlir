// Corrupted MLIR bytecode: MLIR 22.1's bytecode reader reads out of bounds,
// stops with LLVM's fatal error or writes past a heap block (that case:
// corrupted-bytecode-heap.mlir) on some corrupted inputs. Every tool that reads
// a module reads bytecode in a child process (norm/Runner/BytecodeCheck.h): a
// crash or a fatal error of the reader is one error line naming the file, and
// exit status 1; the reader's own errors are reported as before. The corrupted
// files are this module's bytecode (without locations, so that its bytes do not
// depend on the path of the checkout) with one byte changed or cut short
// (Inputs/corrupt_bytecode.py).
//
// RUN: rm -rf %t && mkdir %t
// RUN: norm-opt %s --strip-debuginfo --emit-bytecode -o %t/valid.mlirbc
// RUN: /usr/bin/python3 %S/Inputs/corrupt_bytecode.py %t/valid.mlirbc %t

// The valid bytecode still reads in every tool: LayerNormalization of
// [1, 2, 3, 4] is (x - 2.5) / sqrt(1.25 + 1e-5) (epsilon's default), of a
// constant row 0.
// RUN: norm-opt %t/valid.mlirbc | FileCheck %s --check-prefix=VALID
// RUN: cat %t/valid.mlirbc | norm-opt - | FileCheck %s --check-prefix=VALID
// VALID: func.func @ln(
// VALID-NEXT: norm.layer_normalization %arg0, %arg1, %arg2 : (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>)
// RUN: norm-runner %t/valid.mlirbc --input="2x4xf32=1 2 3 4 5 5 5 5" \
// RUN:   --input="4xf32=1 1 1 1" --input="4xf32=0 0 0 0" \
// RUN:   | FileCheck %s --check-prefix=RESULT
// RESULT: 2x4xf32=[-1.3416355 -0.44721183 0.44721183 1.3416355][0 0 0 0]
// RUN: norm-compile %t/valid.mlirbc -o %t/valid.o
// RUN: llvm-nm %t/valid.o | FileCheck %s --check-prefix=OBJECT
// OBJECT: T ln

func.func @ln(%x: tensor<?x4xf32>, %scale: tensor<4xf32>, %b: tensor<4xf32>)
    -> tensor<?x4xf32> {
  %y, %mean, %inv_std_dev = norm.layer_normalization %x, %scale, %b
      : (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>)
      -> (tensor<?x4xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x4xf32>
}

// An out-of-bounds read (SIGSEGV in the child).
// RUN: sh -c 'norm-opt %t/segv.mlirbc 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefixes=SEGV,STATUS --implicit-check-not=PLEASE
// RUN: sh -c 'cat %t/segv.mlirbc | norm-opt - 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefixes=SEGV-STDIN,STATUS --implicit-check-not=PLEASE
// RUN: sh -c 'norm-runner %t/segv.mlirbc 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefixes=SEGV-RUNNER,STATUS --implicit-check-not=PLEASE
// RUN: sh -c 'norm-compile %t/segv.mlirbc -o %t/segv.o 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefixes=SEGV-COMPILE,STATUS --implicit-check-not=PLEASE
// RUN: not test -e %t/segv.o
// RUN: sh -c 'norm-benchmark %t/segv.mlirbc --input=2x4xf32 --input=4xf32 \
// RUN:   --input=4xf32 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefixes=SEGV-BENCH,STATUS --implicit-check-not=PLEASE
// SEGV: segv.mlirbc:0:0: error: corrupted MLIR bytecode: the input starts with the bytecode magic number, but MLIR's bytecode reader crashed on it (SIGSEGV, an invalid memory access)
// SEGV-STDIN: <stdin>:0:0: error: corrupted MLIR bytecode: {{.*}} crashed on it (SIGSEGV
// SEGV-RUNNER: norm-runner: error: cannot parse '{{.*}}segv.mlirbc': {{.*}}segv.mlirbc: corrupted MLIR bytecode: {{.*}} crashed on it (SIGSEGV
// SEGV-COMPILE: norm-compile: error: cannot parse '{{.*}}segv.mlirbc': {{.*}}segv.mlirbc: corrupted MLIR bytecode: {{.*}} crashed on it (SIGSEGV
// SEGV-BENCH: corrupted MLIR bytecode: {{.*}} crashed on it (SIGSEGV

// A count beyond SmallVector's size type: LLVM's fatal error, named.
// RUN: sh -c 'norm-opt %t/fatal.mlirbc 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefixes=FATAL,STATUS --implicit-check-not=PLEASE
// RUN: sh -c 'norm-runner %t/fatal.mlirbc 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefixes=FATAL-TOOL,STATUS --implicit-check-not=PLEASE
// RUN: sh -c 'norm-compile %t/fatal.mlirbc -o %t/fatal.o 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefixes=FATAL-TOOL,STATUS --implicit-check-not=PLEASE
// FATAL: fatal.mlirbc:0:0: {{.*}}corrupted MLIR bytecode: the input starts with the bytecode magic number, but MLIR's bytecode reader stopped with a fatal error: SmallVector unable to grow.
// (norm-runner and norm-compile: the file name without the 0:0 of a position
// that bytecode does not have.)
// FATAL-TOOL: fatal.mlirbc': {{.*}}fatal.mlirbc: corrupted MLIR bytecode: the input starts with the bytecode magic number, but MLIR's bytecode reader stopped with a fatal error: SmallVector unable to grow.

// Cut short: the reader's errors, as before.
// RUN: sh -c 'norm-opt %t/truncated.mlirbc 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefixes=TRUNCATED,STATUS --implicit-check-not=PLEASE
// RUN: sh -c 'norm-runner %t/header-only.mlirbc 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefixes=HEADER,STATUS --implicit-check-not=PLEASE
// TRUNCATED: truncated.mlirbc:0:0: error: attempting to parse 43 bytes when only 0 remain
// HEADER: norm-runner: error: cannot parse '{{.*}}header-only.mlirbc': {{.*}}header-only.mlirbc: malformed null-terminated string, no null character found

// Every tool's last line (after its message above).
// STATUS: exit status 1
