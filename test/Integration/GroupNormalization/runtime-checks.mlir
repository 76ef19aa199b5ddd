// Run-time checks of the channel normalizations on dynamic sizes: a C not
// divisible by num_groups, and [C] operands of another size than C, are one
// error and exit status 1, never a wrong answer or an out-of-bounds read.

// RUN: not norm-runner %s --function=group --input="1x5x2xf32=1 2 3 4 5 6 7 8 9 10" \
// RUN:   --input="5xf32=1 1 1 1 1" --input="5xf32=0 0 0 0 0" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GROUPS
// GROUPS: error: run-time check failed:
// GROUPS-SAME: op C = 5 (dimension 1 of 'X') is not divisible by 'num_groups' = 2{{$}}
// GROUPS-NOT: xf32=

// RUN: not norm-runner %s --function=group --input="1x4x2xf32=1 2 3 4 5 6 7 8" \
// RUN:   --input="8xf32=1 1 1 1 1 1 1 1" --input="4xf32=0 0 0 0" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SCALE
// SCALE: error: run-time check failed:
// SCALE-SAME: op the size of 'scale' is 8, expected C = 4 (dimension 1 of 'X'){{$}}

// RUN: not norm-runner %s --function=batch --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --input="3xf32=1 1 1" --input="3xf32=0 0 0" --input="2xf32=0 0" \
// RUN:   --input="3xf32=1 1 1" 2>&1 | FileCheck %s --check-prefix=MEAN
// MEAN: error: run-time check failed:
// MEAN-SAME: op the size of 'input_mean' is 2, expected C = 3 (dimension 1 of 'X'){{$}}

// RUN: not norm-runner %s --function=instance --input="1x2x2xf32=1 2 3 4" \
// RUN:   --input="2xf32=1 1" --input="3xf32=0 0 0" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INSTANCE
// INSTANCE: error: run-time check failed:
// INSTANCE-SAME: op the size of 'B' is 3, expected C = 2 (dimension 1 of 'input'){{$}}

// Sizes that agree pass: C = 4 in 2 groups of [1 2 3 4] and [5 6 7 8],
// each standardized to +-3/sqrt(5), +-1/sqrt(5) (variance 1.25, epsilon
// 1e-5: 1/sqrt(1.25001)).
// RUN: norm-runner %s --function=group --input="1x4x2xf32=1 2 3 4 5 6 7 8" \
// RUN:   --input="4xf32=1 1 1 1" --input="4xf32=0 0 0 0" \
// RUN:   --expected-output="1x4x2xf32=-1.3416355 -0.4472118 0.4472118 1.3416355 -1.3416355 -0.4472118 0.4472118 1.3416355" \
// RUN:   | FileCheck %s --check-prefix=OK
// OK: [SUCCESS] result[0]: 1x4x2xf32

func.func @group(%x: tensor<?x?x?xf32>, %s: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?x?x?xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 2
      : (tensor<?x?x?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

func.func @batch(%x: tensor<?x?xf32>, %s: tensor<?xf32>, %b: tensor<?xf32>,
                 %m: tensor<?xf32>, %v: tensor<?xf32>) -> tensor<?x?xf32> {
  %y = norm.batch_normalization %x, %s, %b, %m, %v
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func @instance(%x: tensor<?x?x?xf32>, %s: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?x?x?xf32> {
  %y = norm.instance_normalization %x, %s, %b
      : (tensor<?x?x?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}
