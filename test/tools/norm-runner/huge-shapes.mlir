// Shapes whose element count or byte size overflows int64 are an error with
// the limit in the message, never a wrapped size: in a SPEC (each a single
// "norm-runner: error:" line, exit 1; `not` fails on a crash), and in the
// module's own types (the op verifiers, test/Dialect/Norm/invalid.mlir).
// A SPEC's sizes, zeros left out, multiply to at most 2^60 - 1 elements, so
// that 8 bytes of each fit in int64 (HostTensor::getNumElements).

// RUN: rm -rf %t && split-file %s %t
// DEFINE: %{check} = FileCheck %s --implicit-check-not={{.}} --check-prefix

// The element count 2^68 of the issue's shape.
// RUN: not norm-runner %t/dynamic.mlir \
// RUN:   --input="4294967296x4294967296x16xf32=1" 2>&1 | %{check}=COUNT
// RUN: not norm-runner %t/dynamic.mlir \
// RUN:   --input="4294967296x4294967296x16xf32=" 2>&1 | %{check}=COUNT
// COUNT: norm-runner: error: input 0: shape '4294967296x4294967296x16xf32' has too many elements: the product of its sizes, zeros left out, must be at most 1152921504606846975 (2^60 - 1)
// A 0 does not make the other sizes harmless.
// RUN: not norm-runner %t/dynamic.mlir \
// RUN:   --input="4294967296x4294967296x0xf32=" 2>&1 | %{check}=ZERO
// ZERO: norm-runner: error: input 0: shape '4294967296x4294967296x0xf32' has too many elements: the product of its sizes, zeros left out, must be at most 1152921504606846975 (2^60 - 1)
// The bound: 2^60 elements are one too many; 2^60 - 1 pass the shape check
// and fail only on the missing values.
// RUN: not norm-runner %t/dynamic.mlir \
// RUN:   --input="1152921504606846976x1x1xf64=" 2>&1 | %{check}=OVER
// OVER: norm-runner: error: input 0: shape '1152921504606846976x1x1xf64' has too many elements: the product of its sizes, zeros left out, must be at most 1152921504606846975 (2^60 - 1)
// RUN: not norm-runner %t/dynamic.mlir \
// RUN:   --input="1152921504606846975x1x1xf32=" 2>&1 | %{check}=BOUND
// BOUND: norm-runner: error: input 0: 1152921504606846975x1x1xf32 needs 1152921504606846975 values, got 0
// A size beyond int64 itself, in --expected-output as in --input.
// RUN: not norm-runner %t/dynamic.mlir --input="1x1x1xf32=1" \
// RUN:   --expected-output="99999999999999999999x1x1xf32=" 2>&1 \
// RUN:   | %{check}=DIM
// DIM: norm-runner: error: expected-output 0: dimension '99999999999999999999' in '99999999999999999999x1x1xf32' is too large: the product of the sizes, zeros left out, must be at most 1152921504606846975 (2^60 - 1)

// A static type of the module: the verifier rejects it before anything runs.
// RUN: not norm-runner %t/static.mlir \
// RUN:   --input="4294967296x4294967296x16xf32=" 2>&1 | %{check}=STATIC
// STATIC: norm-runner: error: cannot parse '{{.*}}static.mlir': {{.*}}static.mlir:2:8: 'norm.lp_normalization' op expects 'input' of at most 9223372036854775807 bytes (the product of its static sizes, zeros left out, and of its 4-byte element size must fit in int64), but found type 'tensor<4294967296x4294967296x16xf32>'

// A static type that no norm op verifies (a plain tensor.empty result): the
// runner rejects the signature before running, instead of allocating a
// wrapped size and reporting that the returned sizes contradict the type.
// RUN: not norm-runner %t/empty.mlir 2>&1 | %{check}=EMPTY
// EMPTY: norm-runner: error: function 'main': result 0 has type tensor<4294967296x4294967296x16xf32>, whose static sizes, zeros left out, multiply to more than 1152921504606846975 (2^60 - 1) elements

//--- dynamic.mlir
func.func @main(%x: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %y = norm.lp_normalization %x : tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

//--- static.mlir
func.func @main(%x: tensor<4294967296x4294967296x16xf32>) -> tensor<4294967296x4294967296x16xf32> {
  %y = norm.lp_normalization %x : tensor<4294967296x4294967296x16xf32>
  return %y : tensor<4294967296x4294967296x16xf32>
}

//--- empty.mlir
func.func @main() -> tensor<4294967296x4294967296x16xf32> {
  %0 = tensor.empty() : tensor<4294967296x4294967296x16xf32>
  return %0 : tensor<4294967296x4294967296x16xf32>
}
