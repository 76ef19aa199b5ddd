// A .pb's `int32_data` varint whose value (64-bit two's complement) is
// outside int32 is an error naming the value, its index and the range:
// protobuf keeps only its low 32 bits, so that 2^32 + 0x3C00 read as the f16
// 1.0, 2^40 as 0 and 3e9 as -1294967296. A negative int32 (a 10-byte varint
// of its sign extension) still loads. The files are written by hand
// (Inputs/write_tensor_proto.py), packed and unpacked.

// RUN: rm -rf %t && mkdir -p %t
// RUN: /usr/bin/python3 %S/Inputs/write_tensor_proto.py %t/f16.pb 10 2 15360,4294982656 wide-packed
// RUN: not norm-runner %s --function=f16 --input=@%t/f16.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=F16 --implicit-check-not=error:
// F16: norm-runner: error: input 0: '{{.*}}f16.pb' holds 4294982656 at index 1 of 'int32_data', outside the range of FLOAT16 bit patterns, 0 to 65535{{$}}

// RUN: /usr/bin/python3 %S/Inputs/write_tensor_proto.py %t/i32_2p40.pb 6 2 1,1099511627776 wide-packed
// RUN: not norm-runner %s --function=i32 --input=@%t/i32_2p40.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=P40 --implicit-check-not=error:
// P40: norm-runner: error: input 0: '{{.*}}i32_2p40.pb' holds 1099511627776 at index 1 of 'int32_data', outside the range of INT32, -2147483648 to 2147483647{{$}}

// RUN: /usr/bin/python3 %S/Inputs/write_tensor_proto.py %t/i32_3e9.pb 6 2 1,3000000000 wide-unpacked
// RUN: not norm-runner %s --function=i32 --input=@%t/i32_3e9.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=E9 --implicit-check-not=error:
// E9: norm-runner: error: input 0: '{{.*}}i32_3e9.pb' holds 3000000000 at index 1 of 'int32_data', outside the range of INT32, -2147483648 to 2147483647{{$}}

// 2^31 is one past INT32_MAX; -2^31 - 1 (a 10-byte varint) one below INT32_MIN.
// RUN: /usr/bin/python3 %S/Inputs/write_tensor_proto.py %t/i32_2p31.pb 6 2 2147483648,0 wide-packed
// RUN: not norm-runner %s --function=i32 --input=@%t/i32_2p31.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=P31 --implicit-check-not=error:
// P31: norm-runner: error: input 0: '{{.*}}i32_2p31.pb' holds 2147483648 at index 0 of 'int32_data', outside the range of INT32, -2147483648 to 2147483647{{$}}
// RUN: /usr/bin/python3 %S/Inputs/write_tensor_proto.py %t/i32_below.pb 6 2 0,-2147483649 wide-unpacked
// RUN: not norm-runner %s --function=i32 --input=@%t/i32_below.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BELOW --implicit-check-not=error:
// BELOW: norm-runner: error: input 0: '{{.*}}i32_below.pb' holds -2147483649 at index 1 of 'int32_data', outside the range of INT32, -2147483648 to 2147483647{{$}}

// The int32 extremes load, packed and unpacked (negative: 10-byte varints).
// RUN: /usr/bin/python3 %S/Inputs/write_tensor_proto.py %t/i32_min_max.pb 6 2 -2147483648,2147483647
// RUN: norm-runner %s --function=i32 --input=@%t/i32_min_max.pb | FileCheck %s --check-prefix=MINMAX
// MINMAX: 2xi32=-2147483648 2147483647
// RUN: /usr/bin/python3 %S/Inputs/write_tensor_proto.py %t/i32_neg.pb 6 2 1,-5 unpacked
// RUN: norm-runner %s --function=i32 --input=@%t/i32_neg.pb | FileCheck %s --check-prefix=NEG
// NEG: 2xi32=1 -5

func.func @f16(%x: tensor<2xf16>) -> tensor<2xf16> {
  return %x : tensor<2xf16>
}

func.func @i32(%x: tensor<2xi32>) -> tensor<2xi32> {
  return %x : tensor<2xi32>
}
