// Errors LLVM reports through the module's LLVMContext while it generates
// code (inline asm) are one line "norm-compile: error: ..." and exit status 1,
// and no output file is left. They used to be printed as "error: ..."
// without the tool's name (with the asm line and a caret), LLVMContext then
// calling exit(1), which left the object and the header behind.

// RUN: rm -rf %t && split-file %s %t

// RUN: not norm-compile %t/mnemonic.mlir -o %t/mnemonic.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MNEMONIC --implicit-check-not={{.}}
// RUN: not test -e %t/mnemonic.o
// RUN: not test -e %t/mnemonic.h
// RUN: not norm-compile %t/mnemonic.mlir --emit=asm -o %t/mnemonic.s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MNEMONIC --implicit-check-not={{.}}
// RUN: not test -e %t/mnemonic.s
// MNEMONIC: norm-compile: error: cannot compile '{{.*}}mnemonic.mlir': LLVM's code generation failed: <inline asm>:1:2: invalid instruction mnemonic 'no_such_instruction'{{$}}

// RUN: not norm-compile %t/constraint.mlir -o %t/constraint.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CONSTRAINT --implicit-check-not={{.}}
// RUN: not test -e %t/constraint.o
// CONSTRAINT: norm-compile: error: cannot compile '{{.*}}constraint.mlir': LLVM's code generation failed: couldn't allocate output register for constraint '{zz}'{{$}}

//--- mnemonic.mlir
func.func @k(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = llvm.inline_asm has_side_effects "no_such_instruction $0", "=r" : () -> i32
  return %a : tensor<4xf32>
}

//--- constraint.mlir
func.func @k(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = llvm.inline_asm has_side_effects "", "={zz}" : () -> i32
  return %a : tensor<4xf32>
}
