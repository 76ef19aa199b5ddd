// f64 X whose deviations from the mean are beyond 2^511, where their squares
// overflow f64: X = k * 2^680 with k = [1, 2, 3, 4, 5, 6, 7, 9] (2^680 is
// about 5.0e204). Y is invariant under the scale, so the expected values
// are the float64 reference on k (test/lib/reference.py's formula on
// values where no square overflows), rounded once: (k - 4.625) / sqrt(6.234375).
// The Mean result in f32 overflows to inf and InvStdDev (about 8.0e-206)
// rounds to 0 in f32, as rounding once to the stash type gives. Y used to
// be all zeros (Var overflowed to inf in the f64 recomputation too).
// GroupNormalization and InstanceNormalization share the statistics: the
// same row as one group of 2 channels x 4, and as one channel of 8.

// RUN: norm-runner %s --function=layer \
// RUN:   --input="1x8xf64=5.016456510113119e+204 1.0032913020226237e+205 1.5049369530339356e+205 2.0065826040452475e+205 2.5082282550565593e+205 3.009873906067871e+205 3.511519557079183e+205 4.514810859101807e+205" \
// RUN:   --expected-output="1x8xf64=-1.4518159055331008 -1.0513149660756937 -0.6508140266182866 -0.25031308716087947 0.15018785229652767 0.5506887917539348 0.9511897312113419 1.752191610126156" \
// RUN:   --expected-output="1x1xf32=inf" --expected-output="1x1xf32=0" \
// RUN:   | FileCheck %s --check-prefix=LAYER
// LAYER: [SUCCESS] result[0]: 1x8xf64
// LAYER-NEXT: [SUCCESS] result[1]: 1x1xf32
// LAYER-NEXT: [SUCCESS] result[2]: 1x1xf32

// RUN: norm-runner %s --function=group \
// RUN:   --input="1x2x4xf64=5.016456510113119e+204 1.0032913020226237e+205 1.5049369530339356e+205 2.0065826040452475e+205 2.5082282550565593e+205 3.009873906067871e+205 3.511519557079183e+205 4.514810859101807e+205" \
// RUN:   --expected-output="1x2x4xf64=-1.4518159055331008 -1.0513149660756937 -0.6508140266182866 -0.25031308716087947 0.15018785229652767 0.5506887917539348 0.9511897312113419 1.752191610126156" \
// RUN:   | FileCheck %s --check-prefix=GROUP
// RUN: norm-runner %s --function=instance \
// RUN:   --input="1x1x8xf64=5.016456510113119e+204 1.0032913020226237e+205 1.5049369530339356e+205 2.0065826040452475e+205 2.5082282550565593e+205 3.009873906067871e+205 3.511519557079183e+205 4.514810859101807e+205" \
// RUN:   --expected-output="1x1x8xf64=-1.4518159055331008 -1.0513149660756937 -0.6508140266182866 -0.25031308716087947 0.15018785229652767 0.5506887917539348 0.9511897312113419 1.752191610126156" \
// RUN:   | FileCheck %s --check-prefix=GROUP
// GROUP: [SUCCESS] result[0]:

func.func @layer(%x: tensor<?x?xf64>) -> (tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %s = arith.constant dense<1.0> : tensor<8xf64>
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf64>, tensor<8xf64>) -> (tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @group(%x: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %s = arith.constant dense<1.0> : tensor<2xf64>
  %b = arith.constant dense<0.0> : tensor<2xf64>
  %y = norm.group_normalization %x, %s, %b num_groups = 1
      : (tensor<?x?x?xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<?x?x?xf64>
  return %y : tensor<?x?x?xf64>
}

func.func @instance(%x: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %s = arith.constant dense<1.0> : tensor<1xf64>
  %b = arith.constant dense<0.0> : tensor<1xf64>
  %y = norm.instance_normalization %x, %s, %b
      : (tensor<?x?x?xf64>, tensor<1xf64>, tensor<1xf64>) -> tensor<?x?x?xf64>
  return %y : tensor<?x?x?xf64>
}
