// f64 X and input_mean near DBL_MAX with opposite signs: X - input_mean
// exceeds DBL_MAX while (X - input_mean) * A is finite. Channel 0:
// input_mean = -1.5 * 2^1023, input_var = 2^200, so A = 2^-100; with X =
// 1.5 * 2^1023, -1.5 * 2^1023, 2^1023 and 0 the exact Y are 3 * 2^923, 0,
// 2.5 * 2^923 and 1.5 * 2^923 (powers of two times small integers, exact in
// f64). Channel 1 (rank 2): input_mean 1, A = 1/2, B = 1: (3 - 1) / 2 + 1 =
// 2 and (1e308 - 1) / 2 + 1 = 5e307. @rank2 takes the elementwise op over
// X [N, C], @rows the channel rows (planes of 16). Written by hand (the
// float64 reference of gen_channel.py overflows here itself).

// RUN: norm-runner %s --function=rank2 \
// RUN:   --input="2x2xf64=1.348269851146737e+308 3.0 -1.348269851146737e+308 1e308" \
// RUN:   --input="2xf64=1.0 1.0" --input="2xf64=0.0 1.0" \
// RUN:   --input="2xf64=-1.348269851146737e+308 1.0" --input="2xf64=1.6069380442589903e+60 4.0" \
// RUN:   --expected-output="2x2xf64=2.1271947505156275e+278 2.0 0.0 5e+307" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=rows \
// RUN:   --input="1x1x16xf64=1.348269851146737e+308 -1.348269851146737e+308 8.98846567431158e+307 0.0 1.348269851146737e+308 -1.348269851146737e+308 8.98846567431158e+307 0.0 1.348269851146737e+308 -1.348269851146737e+308 8.98846567431158e+307 0.0 1.348269851146737e+308 -1.348269851146737e+308 8.98846567431158e+307 0.0" \
// RUN:   --input="1xf64=1.0" --input="1xf64=0.0" \
// RUN:   --input="1xf64=-1.348269851146737e+308" --input="1xf64=1.6069380442589903e+60" \
// RUN:   --expected-output="1x1x16xf64=2.1271947505156275e+278 0.0 1.7726622920963562e+278 1.0635973752578137e+278 2.1271947505156275e+278 0.0 1.7726622920963562e+278 1.0635973752578137e+278 2.1271947505156275e+278 0.0 1.7726622920963562e+278 1.0635973752578137e+278 2.1271947505156275e+278 0.0 1.7726622920963562e+278 1.0635973752578137e+278" \
// RUN:   | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK-NOT: [FAILED]

func.func @rank2(%x: tensor<2x2xf64>, %scale: tensor<2xf64>, %b: tensor<2xf64>, %mean: tensor<2xf64>, %var: tensor<2xf64>)
    -> tensor<2x2xf64> {
  %y = norm.batch_normalization %x, %scale, %b, %mean, %var epsilon = 0.0
      : (tensor<2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2xf64>
  return %y : tensor<2x2xf64>
}

func.func @rows(%x: tensor<1x1x16xf64>, %scale: tensor<1xf64>, %b: tensor<1xf64>, %mean: tensor<1xf64>, %var: tensor<1xf64>)
    -> tensor<1x1x16xf64> {
  %y = norm.batch_normalization %x, %scale, %b, %mean, %var epsilon = 0.0
      : (tensor<1x1x16xf64>, tensor<1xf64>, tensor<1xf64>, tensor<1xf64>, tensor<1xf64>) -> tensor<1x1x16xf64>
  return %y : tensor<1x1x16xf64>
}
