// A failed write of the output (-o a node of /dev/full, made here with
// mknod, hence root; or stdout redirected to it) is one error line naming
// the output and the reason, exit status 1, never "LLVM ERROR".
// REQUIRES: root

// RUN: rm -rf %t && mkdir %t && mknod %t/full c 1 7
// RUN: not norm-opt %s -o %t/full 2>&1 | FileCheck %s --check-prefix=FILE
// FILE: norm-opt: error: cannot write '{{.*}}full': No space left on device
// FILE-NOT: {{.}}
// RUN: not norm-opt %s 2>&1 > %t/full | FileCheck %s --check-prefix=STDOUT
// STDOUT: norm-opt: error: cannot write '<stdout>': No space left on device
// STDOUT-NOT: {{.}}
// The node is still a device.
// RUN: test -c %t/full

func.func @f() {
  return
}
