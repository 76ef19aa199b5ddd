// --output=@PATH on device nodes (made here with mknod, hence root):
// the device is written, never replaced by a regular file, and a write
// error (a node of /dev/full: ENOSPC) is one error line and exit status 1.
// REQUIRES: root

// RUN: rm -rf %t && mkdir %t
// RUN: mknod %t/full c 1 7 && mknod %t/null c 1 3
// RUN: not norm-runner %s --function=identity --input="2xf32=1 2" \
// RUN:   --output=@%t/full 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: norm-runner: error: output 0: cannot write '{{.*}}full': No space left on device
// FULL-NOT: {{.}}
// RUN: test -c %t/full
// RUN: norm-runner %s --function=identity --input="2xf32=1 2" \
// RUN:   --output=@%t/null
// RUN: test -c %t/null

func.func @identity(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
