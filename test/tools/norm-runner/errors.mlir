// Every class of bad input ends with exactly one line on stderr,
// "norm-runner: error: ...", and exit status 1 (`not` fails on a crash).
// --implicit-check-not={{.}} rejects any other output.

// RUN: rm -rf %t && split-file %s %t
// DEFINE: %{check} = FileCheck %s --implicit-check-not={{.}} --check-prefix

// The module.
// RUN: not norm-runner %t/does-not-exist.mlir 2>&1 | %{check}=NOFILE
// NOFILE: norm-runner: error: cannot read '{{.*}}does-not-exist.mlir': No such file or directory
// RUN: not norm-runner %t/parse.mlir 2>&1 | %{check}=PARSE
// PARSE: norm-runner: error: cannot parse '{{.*}}parse.mlir': {{.*}}parse.mlir:2:8: custom op 'arith.bogus' is unknown{{.*}}
// RUN: not norm-runner %t/verify.mlir 2>&1 | %{check}=VERIFY
// VERIFY: norm-runner: error: cannot parse '{{.*}}verify.mlir': {{.*}}verify.mlir:2:3: 'func.return' op has 0 operands, but enclosing function (@f) returns 1
// RUN: not norm-runner %t/lower.mlir --input="2xf32=1 2" 2>&1 | %{check}=LOWER
// LOWER: norm-runner: error: cannot lower '{{.*}}lower.mlir' to the LLVM dialect: {{.*}}lower.mlir:5:8: 'arith.addf' op was not lowered to the LLVM dialect by norm-to-llvm: it has no bufferization (compute on ranked tensors with ops of the norm, linalg, tensor, arith, math, scf and func dialects, e.g. linalg.add or linalg.map){{$}}
// RUN: not norm-runner %t/extern.mlir --input="2xf32=1 2" 2>&1 | %{check}=EXTERN
// EXTERN: norm-runner: error: cannot JIT-compile '{{.*}}extern.mlir': function 'undefined_callee' is declared but neither defined in the module nor provided by norm-runner

// Choosing the function.
// RUN: not norm-runner %t/valid.mlir --function=nope 2>&1 | %{check}=NOFUNC
// NOFUNC: norm-runner: error: function 'nope' not found; public functions: affine, scalar_arg, i8_arg
// RUN: not norm-runner %t/valid.mlir --function=hidden 2>&1 | %{check}=PRIVATE
// PRIVATE: norm-runner: error: function 'hidden' is private: only public functions with a body can be run; public functions: affine, scalar_arg, i8_arg
// RUN: not norm-runner %t/valid.mlir 2>&1 | %{check}=AMBIGUOUS
// AMBIGUOUS: norm-runner: error: the module has several public functions (affine, scalar_arg, i8_arg) and none is 'main'; choose one with --function
// RUN: not norm-runner %t/empty.mlir 2>&1 | %{check}=NOPUBLIC
// NOPUBLIC: norm-runner: error: the module has no public function to run
// RUN: not norm-runner %t/valid.mlir --function=scalar_arg --input=f32=1 2>&1 \
// RUN:   | %{check}=SCALAR
// SCALAR: norm-runner: error: function 'scalar_arg': argument 0 has type f32; norm-runner passes only ranked tensors of f16, bf16, f32, f64, i32, i64
// RUN: not norm-runner %t/valid.mlir --function=i8_arg --input="2xi8=1 2" 2>&1 \
// RUN:   | %{check}=I8
// I8: norm-runner: error: function 'i8_arg': argument 0 has type tensor<2xi8>; norm-runner passes only ranked tensors of f16, bf16, f32, f64, i32, i64

// Inputs that do not fit the signature tensor<2x?xf32>.
// RUN: not norm-runner %t/valid.mlir --function=affine 2>&1 | %{check}=NOINPUT
// NOINPUT: norm-runner: error: function 'affine' takes 1 input(s), but --input was given 0 time(s)
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf32=1 2" \
// RUN:   --input="2x1xf32=1 2" 2>&1 | %{check}=TWOINPUTS
// TWOINPUTS: norm-runner: error: function 'affine' takes 1 input(s), but --input was given 2 time(s)
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf64=1 2" \
// RUN:   2>&1 | %{check}=ELTYPE
// ELTYPE: norm-runner: error: input 0: element type mismatch: expected tensor<2x?xf32>, got 2x1xf64
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2xf32=1 2" \
// RUN:   2>&1 | %{check}=RANK
// RANK: norm-runner: error: input 0: rank mismatch: expected rank 2 (tensor<2x?xf32>), got rank 1 (2xf32)
// RUN: not norm-runner %t/valid.mlir --function=affine --input="3x1xf32=1 2 3" \
// RUN:   2>&1 | %{check}=DIM
// DIM: norm-runner: error: input 0: size mismatch in dimension 0: expected 2 (tensor<2x?xf32>), got 3 (3x1xf32)

// Malformed SPECs.
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf32=1 x" \
// RUN:   2>&1 | %{check}=VALUE
// VALUE: norm-runner: error: input 0: invalid f32 value 'x' (element 1)
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf32=1 1.5e" \
// RUN:   2>&1 | %{check}=EXPONENT
// EXPONENT: norm-runner: error: input 0: invalid f32 value '1.5e' (element 1)
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x2xf32=1 2 3" \
// RUN:   2>&1 | %{check}=COUNT
// COUNT: norm-runner: error: input 0: 2x2xf32 needs 4 values, got 3
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf32=1 1e39" \
// RUN:   2>&1 | %{check}=F32RANGE
// F32RANGE: norm-runner: error: input 0: value '1e39' (element 1) is out of range for f32
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf8=1 2" \
// RUN:   2>&1 | %{check}=ELNAME
// ELNAME: norm-runner: error: input 0: unknown element type 'f8' in '2x1xf8'; supported: f16, bf16, f32, f64, i32, i64
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf32" \
// RUN:   2>&1 | %{check}=NOEQ
// NOEQ: norm-runner: error: input 0: expected 'SHAPExTYPE=VALUES' (e.g. '2x2xf32=1 2 3 4'), '@FILE.npy' or '@FILE.pb', got '2x1xf32'
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x?xf32=1 2" \
// RUN:   2>&1 | %{check}=DYNSPEC
// DYNSPEC: norm-runner: error: input 0: dynamic dimension '?' in '2x?xf32': give the actual size
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x-1xf32=" \
// RUN:   2>&1 | %{check}=NEGDIM
// NEGDIM: norm-runner: error: input 0: invalid dimension '-1' in '2x-1xf32'
// RUN: not norm-runner %t/valid.mlir --function=affine \
// RUN:   --input="100000000000x100000000000xf32=" 2>&1 | %{check}=HUGE
// HUGE: norm-runner: error: input 0: shape '100000000000x100000000000xf32' has too many elements: the product of its sizes, zeros left out, must be at most 1152921504606846975 (2^60 - 1)

// Integer ranges: i32 and i64 bounds are checked, fractions rejected.
// RUN: not norm-runner %t/ints.mlir --input="2xi32=1 2147483648" --input="i64=0" \
// RUN:   2>&1 | %{check}=I32RANGE
// I32RANGE: norm-runner: error: input 0: value '2147483648' (element 1) is out of range for i32
// RUN: not norm-runner %t/ints.mlir --input="2xi32=1 -2147483649" --input="i64=0" \
// RUN:   2>&1 | %{check}=I32LOW
// I32LOW: norm-runner: error: input 0: value '-2147483649' (element 1) is out of range for i32
// RUN: not norm-runner %t/ints.mlir --input="2xi32=1 2" \
// RUN:   --input="i64=9223372036854775808" 2>&1 | %{check}=I64RANGE
// I64RANGE: norm-runner: error: input 1: value '9223372036854775808' (element 0) is out of range for i64
// RUN: not norm-runner %t/ints.mlir --input="2xi32=1 2.5" --input="i64=0" \
// RUN:   2>&1 | %{check}=FRACTION
// FRACTION: norm-runner: error: input 0: invalid i32 value '2.5' (element 1)

// Outputs and tolerances.
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf32=1 2" \
// RUN:   --output=- --output=- 2>&1 | %{check}=OUTCOUNT
// OUTCOUNT: norm-runner: error: function 'affine' has 1 result(s), but --output was given 2 time(s)
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf32=1 2" \
// RUN:   --output=out.npy 2>&1 | %{check}=OUTSPEC
// OUTSPEC: norm-runner: error: output 0: expected '-', '@FILE.npy' or '@FILE.pb', got 'out.npy'
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf32=1 2" \
// RUN:   --output=@%t/no-such-dir/out.npy 2>&1 | %{check}=OUTFILE
// OUTFILE: norm-runner: error: output 0: cannot write '{{.*}}no-such-dir/out.npy': No such file or directory
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf32=1 2" \
// RUN:   --expected-output="2x1xf32=3 5" --rtol=-1 2>&1 | %{check}=NEGTOL
// NEGTOL: norm-runner: error: --rtol must be a number >= 0 (or inf), got '-1'{{$}}
// NaN (which compared as no number, and was 'must be non-negative' for
// both flags) and -inf name the flag and the value; inf is a tolerance
// (expected-output.mlir).
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf32=1 2" \
// RUN:   --expected-output="2x1xf32=3 5" --rtol=nan 2>&1 | %{check}=NANRTOL
// NANRTOL: norm-runner: error: --rtol must be a number >= 0 (or inf), got 'nan'{{$}}
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf32=1 2" \
// RUN:   --expected-output="2x1xf32=3 5" --atol=NaN --rtol=1 2>&1 | %{check}=NANATOL
// NANATOL: norm-runner: error: --atol must be a number >= 0 (or inf), got 'nan'{{$}}
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf32=1 2" \
// RUN:   --expected-output="2x1xf32=3 5" --atol=-inf 2>&1 | %{check}=NEGINF
// NEGINF: norm-runner: error: --atol must be a number >= 0 (or inf), got '-inf'{{$}}
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf32=1 2" \
// RUN:   --expected-output="2x1xf32=3 5" --atol=-0.5 2>&1 | %{check}=NEGATOL
// NEGATOL: norm-runner: error: --atol must be a number >= 0 (or inf), got '-0.5'{{$}}
// RUN: not norm-runner %t/valid.mlir --function=affine --input="2x1xf32=1 2" \
// RUN:   --expected-output="2x1xf32=3 x" 2>&1 | %{check}=EXPSPEC
// EXPSPEC: norm-runner: error: expected-output 0: invalid f32 value 'x' (element 1)

//--- valid.mlir
func.func @affine(%x: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %c1 = arith.constant 1 : index
  %d1 = tensor.dim %x, %c1 : tensor<2x?xf32>
  %init = tensor.empty(%d1) : tensor<2x?xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x?xf32>) outs(%init : tensor<2x?xf32>) {
  ^bb0(%a: f32, %out: f32):
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %m = arith.mulf %a, %two : f32
    %r = arith.addf %m, %one : f32
    linalg.yield %r : f32
  } -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}
func.func @scalar_arg(%x: f32) -> f32 {
  return %x : f32
}
func.func @i8_arg(%x: tensor<2xi8>) -> tensor<2xi8> {
  %init = tensor.empty() : tensor<2xi8>
  %0 = linalg.copy ins(%x : tensor<2xi8>) outs(%init : tensor<2xi8>)
      -> tensor<2xi8>
  return %0 : tensor<2xi8>
}
func.func private @hidden(%x: f32) -> f32 {
  return %x : f32
}

//--- ints.mlir
func.func @main(%x: tensor<2xi32>, %y: tensor<i64>) -> tensor<2xi32> {
  %init = tensor.empty() : tensor<2xi32>
  %0 = linalg.copy ins(%x : tensor<2xi32>) outs(%init : tensor<2xi32>)
      -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

//--- parse.mlir
func.func @f() {
  %0 = arith.bogus : f32
  return
}

//--- verify.mlir
func.func @f() -> tensor<2xf32> {
  return
}

//--- lower.mlir
// Elementwise ops on ranked tensors become linalg (elementwise-tensor-ops.mlir);
// on an unranked tensor they have no lowering.
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %u = tensor.cast %x : tensor<2xf32> to tensor<*xf32>
  %0 = arith.addf %u, %u : tensor<*xf32>
  %r = tensor.cast %0 : tensor<*xf32> to tensor<2xf32>
  return %r : tensor<2xf32>
}

//--- extern.mlir
func.func private @undefined_callee(f32) -> f32
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %init = tensor.empty() : tensor<2xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>,
                                        affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<2xf32>) outs(%init : tensor<2xf32>) {
  ^bb0(%a: f32, %out: f32):
    %r = func.call @undefined_callee(%a) : (f32) -> f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

//--- empty.mlir
module {
}
