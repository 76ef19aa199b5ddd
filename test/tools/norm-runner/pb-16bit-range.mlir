// FLOAT16 and BFLOAT16 values in a .pb's `int32_data` are 16-bit patterns:
// a value outside 0..65535 is an error naming its index and value, never
// truncated to its low 16 bits. The files are written by hand
// (Inputs/write_tensor_proto.py).

// RUN: rm -rf %t && mkdir -p %t
// In range, up to 65535: f16 0x3C00 = 1, 0xC000 = -2, 0x7BFF = 65504,
// 0xFC00 = -inf; bf16 0x3F80 = 1, 0xC040 = -3, 0x7F7F = 3.3895e38 (bf16
// max), 0xFF80 = -inf.
// RUN: /usr/bin/python3 %S/Inputs/write_tensor_proto.py %t/f16.pb 10 4 15360,49152,31743,64512
// RUN: /usr/bin/python3 %S/Inputs/write_tensor_proto.py %t/bf16.pb 16 4 16256,49216,32639,65408
// RUN: norm-runner %s --function=f16 --input=@%t/f16.pb | FileCheck %s --check-prefix=F16
// F16: 4xf16=1 -2 65500 -inf
// RUN: norm-runner %s --function=bf16 --input=@%t/bf16.pb | FileCheck %s --check-prefix=BF16
// BF16: 4xbf16=1 -3 3.39e+38 -inf

// 70000 would truncate to 0x1170 (the f16 0.0006638), 65536 to 0,
// -1 to 0xFFFF (NaN).
// RUN: /usr/bin/python3 %S/Inputs/write_tensor_proto.py %t/f16_big.pb 10 4 15360,70000,0,0
// RUN: not norm-runner %s --function=f16 --input=@%t/f16_big.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=F16BIG --implicit-check-not=error:
// F16BIG: norm-runner: error: input 0: '{{.*}}f16_big.pb' holds 70000 at index 1 of 'int32_data', outside the range of FLOAT16 bit patterns, 0 to 65535{{$}}
// RUN: /usr/bin/python3 %S/Inputs/write_tensor_proto.py %t/f16_65536.pb 10 4 0,0,0,65536
// RUN: not norm-runner %s --function=f16 --input=@%t/f16_65536.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=F16EDGE --implicit-check-not=error:
// F16EDGE: norm-runner: error: input 0: '{{.*}}f16_65536.pb' holds 65536 at index 3 of 'int32_data', outside the range of FLOAT16 bit patterns, 0 to 65535{{$}}
// RUN: /usr/bin/python3 %S/Inputs/write_tensor_proto.py %t/bf16_neg.pb 16 4 16256,-1,0,0
// RUN: not norm-runner %s --function=bf16 --input=@%t/bf16_neg.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BF16NEG --implicit-check-not=error:
// BF16NEG: norm-runner: error: input 0: '{{.*}}bf16_neg.pb' holds -1 at index 1 of 'int32_data', outside the range of BFLOAT16 bit patterns, 0 to 65535{{$}}
// The same file as an expected output.
// RUN: not norm-runner %s --function=bf16 --input="4xbf16=1 -3 0 0" \
// RUN:   --expected-output=@%t/bf16_neg.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXPECTED --implicit-check-not=error:
// EXPECTED: norm-runner: error: expected-output 0: '{{.*}}bf16_neg.pb' holds -1 at index 1 of 'int32_data', outside the range of BFLOAT16 bit patterns, 0 to 65535{{$}}

func.func @f16(%x: tensor<4xf16>) -> tensor<4xf16> {
  return %x : tensor<4xf16>
}

func.func @bf16(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  return %x : tensor<4xbf16>
}
