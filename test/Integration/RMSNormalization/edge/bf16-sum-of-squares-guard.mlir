// bf16 X of 4 rows of 9 elements (four pieces of 2 and a tail of 1): the sum
// of squares adds f32 terms of four squares each in f64 where their sum S is
// finite and at least n * 2^-120, and sums the row again in f64 where not
// (RMSNormalization.cpp, buildGuardedSum): row 0 has squares that overflow
// f32 (3e30^2: S = inf), row 1 squares that underflow it (3e-30^2: S = 0,
// which with epsilon 0 would give NaN), row 2 ordinary values, row 3 values
// of 1e-18 (normal f32 squares) with a few whose squares underflow (S is
// kept: they change it by far less than its precision). Scale 1, epsilon 0.
// Expected: float64 reference (test/lib/reference.py: rms_normalization,
// X / RMS rounded once to bf16) rounded to bf16 and f32, not this lowering's
// output. Hand-written.

// RUN: norm-runner %s \
// RUN:   --input="4x9xbf16=2.990863e+30 -4.0010222e+30 1.00025555e+30 2.0005111e+30 4.9913742e+30 -2.990863e+30 2.4956871e+30 1.00025555e+30 6.981982e+29 2.9952062e-30 -3.9936083e-30 9.984021e-31 1.9968042e-30 5.0043364e-30 -2.9952062e-30 2.5021682e-30 9.984021e-31 6.9949776e-31 1.5 -2.25 0.75 3.0 -1.0 0.5 2.0 -0.125 1.75 1.002887e-18 -3.004992e-25 2.005774e-18 5.0043364e-30 -1.002887e-18 3.9979955e-19 3.009031e-26 1.002887e-18 -2.005774e-18" \
// RUN:   --input="9xbf16=1 1 1 1 1 1 1 1 1" \
// RUN:   --expected-output="4x9xbf16=1.0625 -1.421875 0.35546875 0.7109375 1.7734375 -1.0625 0.88671875 0.35546875 0.24804688 1.0625 -1.4140625 0.35351562 0.70703125 1.7734375 -1.0625 0.88671875 0.35351562 0.24804688 0.89453125 -1.34375 0.44726562 1.7890625 -0.59765625 0.29882812 1.1953125 -0.07470703 1.046875 0.8984375 -2.682209e-07 1.796875 4.49063e-12 -0.8984375 0.35742188 2.689194e-08 0.8984375 -1.796875" \
// RUN:   --expected-output="4x1xf32=3.5470925e-31 3.543768e+29 0.5975773 8.954847e+17" \
// RUN:   | FileCheck %s
// CHECK-COUNT-2: [SUCCESS]
// CHECK-NOT: [FAILED]

func.func @main(%x: tensor<4x9xbf16>, %scale: tensor<9xbf16>)
    -> (tensor<4x9xbf16>, tensor<4x1xf32>) {
  %y, %inv_std_dev = norm.rms_normalization %x, %scale epsilon = 0.0
      : (tensor<4x9xbf16>, tensor<9xbf16>) -> (tensor<4x9xbf16>, tensor<4x1xf32>)
  return %y, %inv_std_dev : tensor<4x9xbf16>, tensor<4x1xf32>
}
