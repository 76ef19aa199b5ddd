// TensorProto.data_type is an int32 enum: a .pb whose varint holds more
// (protobuf keeps its low 32 bits) is an error naming the value, not
// "sets no data_type" (2^40 -> 0) or a silently loaded FLOAT (2^40 + 1 -> 1).
// The .pb files are written by Inputs/gen_tensor_protos.py: a [4] tensor of
// f32 raw_data 1 2 3 4 with each data_type.

// RUN: not norm-runner %s --input=@%S/Inputs/pb-data-type-2pow40.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=POW40 --implicit-check-not=error:
// POW40: norm-runner: error: input 0: '{{.*}}pb-data-type-2pow40.pb' is not an ONNX TensorProto: its data_type 1099511627776 is out of range (TensorProto.DataType is an int32 enum){{$}}

// RUN: not norm-runner %s --input=@%S/Inputs/pb-data-type-2pow40-plus-1.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=POW40P1 --implicit-check-not=error:
// POW40P1: norm-runner: error: input 0: '{{.*}}pb-data-type-2pow40-plus-1.pb' is not an ONNX TensorProto: its data_type 1099511627777 is out of range (TensorProto.DataType is an int32 enum){{$}}

// -1 fits int32 (a 10-byte varint): an element type ONNX does not define.
// RUN: not norm-runner %s --input=@%S/Inputs/pb-data-type-minus-1.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MINUS1 --implicit-check-not=error:
// MINUS1: norm-runner: error: input 0: '{{.*}}pb-data-type-minus-1.pb' has element type -1 (not a data type of IR 13, ONNX 1.20 to 1.22), which norm-runner does not support{{$}}

// The data types that onnx.proto adds after FLOAT4E2M1 (23) up to IR 13
// (ONNX 1.20 to 1.22, the newest the importer knows) are named; 27 is the
// first value IR 13 does not define.
// RUN: not norm-runner %s --input=@%S/Inputs/pb-data-type-float8e8m0.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=E8M0 --implicit-check-not=error:
// E8M0: norm-runner: error: input 0: '{{.*}}pb-data-type-float8e8m0.pb' has element type FLOAT8E8M0, which norm-runner does not support{{$}}
// RUN: not norm-runner %s --input=@%S/Inputs/pb-data-type-uint2.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UINT2 --implicit-check-not=error:
// UINT2: norm-runner: error: input 0: '{{.*}}pb-data-type-uint2.pb' has element type UINT2, which norm-runner does not support{{$}}
// RUN: not norm-runner %s --input=@%S/Inputs/pb-data-type-int2.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INT2 --implicit-check-not=error:
// INT2: norm-runner: error: input 0: '{{.*}}pb-data-type-int2.pb' has element type INT2, which norm-runner does not support{{$}}
// RUN: not norm-runner %s --input=@%S/Inputs/pb-data-type-27.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=T27 --implicit-check-not=error:
// T27: norm-runner: error: input 0: '{{.*}}pb-data-type-27.pb' has element type 27 (not a data type of IR 13, ONNX 1.20 to 1.22), which norm-runner does not support{{$}}

// The same bytes with data_type 1 (FLOAT) load.
// RUN: norm-runner %s --input=@%S/Inputs/pb-data-type-float.pb \
// RUN:   --expected-output="4xf32=1 2 3 4" | FileCheck %s --check-prefix=FLOAT
// FLOAT: [SUCCESS] result[0]: 4xf32

func.func @copy(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
