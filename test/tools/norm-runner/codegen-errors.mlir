// Errors of LLVM's code generation are one line with the tool's name and
// exit status 1. LLVM reports some through the module's LLVMContext and goes
// on (an inline asm constraint no register fits, an asm string the assembler
// rejects): they used to be printed as "error: ..." without the tool's name,
// LLVMContext then calling exit(1); a fatal error (report_fatal_error) was
// "LLVM ERROR: ..." and a crash report. Inline asm with text used to stop
// with "LLVM ERROR: Inline asm not supported by this streamer because we
// don't have an asm parser for this target": the JIT now initializes the
// host's asm parser, and the asm runs.

// RUN: rm -rf %t && split-file %s %t

// RUN: norm-runner %t/asm.mlir --input="i32=1" | FileCheck %s --check-prefix=ASM
// ASM: i32=42

// RUN: not norm-runner %t/mnemonic.mlir --input="i32=1" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MNEMONIC --implicit-check-not={{.}}
// RUN: not norm-benchmark %t/mnemonic.mlir --input="i32=1" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MNEMONIC-BENCHMARK --implicit-check-not={{.}}
// MNEMONIC: norm-runner: error: cannot JIT-compile '{{.*}}mnemonic.mlir': LLVM's code generation failed: <inline asm>:1:2: invalid instruction mnemonic 'no_such_instruction'{{$}}
// MNEMONIC-BENCHMARK: norm-benchmark: error: cannot JIT-compile '{{.*}}mnemonic.mlir': LLVM's code generation failed: <inline asm>:1:2: invalid instruction mnemonic 'no_such_instruction'{{$}}

// Each message once, though the function is compiled twice (inlined into
// the engine's wrapper).
// RUN: not norm-runner %t/constraint.mlir --input="i32=1" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CONSTRAINT --implicit-check-not={{.}}
// CONSTRAINT: norm-runner: error: cannot JIT-compile '{{.*}}constraint.mlir': LLVM's code generation failed: couldn't allocate output register for constraint '{zz}'{{$}}

// A fatal error of instruction selection: an AArch64 intrinsic on x86.
// RUN: not norm-runner %t/fatal.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FATAL --implicit-check-not={{.}}
// RUN: not norm-benchmark %t/fatal.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FATAL-BENCHMARK --implicit-check-not={{.}}
// FATAL: norm-runner: error: LLVM stopped with a fatal error: Cannot select: intrinsic %llvm.aarch64.crc32b{{$}}
// FATAL-BENCHMARK: norm-benchmark: error: LLVM stopped with a fatal error: Cannot select: intrinsic %llvm.aarch64.crc32b{{$}}

//--- asm.mlir
func.func @main(%x: tensor<i32>) -> tensor<i32> {
  %0 = llvm.inline_asm has_side_effects "movl $$42, $0", "=r" : () -> i32
  %t = tensor.from_elements %0 : tensor<i32>
  return %t : tensor<i32>
}

//--- mnemonic.mlir
func.func @main(%x: tensor<i32>) -> tensor<i32> {
  %0 = llvm.inline_asm has_side_effects "no_such_instruction $0", "=r" : () -> i32
  %t = tensor.from_elements %0 : tensor<i32>
  return %t : tensor<i32>
}

//--- constraint.mlir
func.func @main(%x: tensor<i32>) -> tensor<i32> {
  %0 = llvm.inline_asm has_side_effects "", "={zz}" : () -> i32
  %t = tensor.from_elements %0 : tensor<i32>
  return %t : tensor<i32>
}

//--- fatal.mlir
llvm.func @main() -> i32 {
  %a = llvm.mlir.constant(1 : i32) : i32
  %0 = llvm.call_intrinsic "llvm.aarch64.crc32b"(%a, %a) : (i32, i32) -> i32
  llvm.return %0 : i32
}
