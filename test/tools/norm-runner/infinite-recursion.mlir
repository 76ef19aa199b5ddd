// A module that recurses without bound. The compiled code runs on the tool
// thread, whose stack is 64 MiB whatever the shell's stack limit
// (norm/Runner/ToolMain.h): the recursion overflows it and is reported as
// one error line, exit status 1. It used to
// die by SIGSEGV under LLVM's crash report, or, with `ulimit -s unlimited`,
// grow the stack until killed.
// ASan reserves terabytes of shadow memory, which `ulimit -v` below forbids.
// UNSUPPORTED: sanitizers
// RUN: not norm-runner %s --function=recurse --input="4xf32=1 2 3 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STACK --implicit-check-not=PLEASE
// STACK: norm-runner: error: function 'recurse' overflowed the stack at run time (64 MiB): unbounded recursion?

// A tail call that recurses without bound is a loop after LLVM's
// optimizations: no stack grows, but each iteration allocates a tensor
// that is never freed. Only a memory limit ends it (docs/Runner.md):
// `ulimit -v` makes it an out-of-memory error.
// RUN: (ulimit -v 2000000 && not norm-runner %s --function=loop \
// RUN:   --input="4xf32=1 2 3 4") 2>&1 | FileCheck %s --check-prefix=LOOP
// LOOP: error: out of memory

func.func @recurse(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<4xf32>
  %z = func.call @recurse(%y) : (tensor<4xf32>) -> tensor<4xf32>
  // Uses the call's result: not a tail call.
  %w = norm.lp_normalization %z axis = -1 p = 2 : tensor<4xf32>
  return %w : tensor<4xf32>
}

func.func @loop(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<4xf32>
  %z = func.call @loop(%y) : (tensor<4xf32>) -> tensor<4xf32>
  return %z : tensor<4xf32>
}
