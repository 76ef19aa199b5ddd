// norm-opt's bad-input classes: each exits with status 1 (`not` fails on a
// crash or on exit status 0) with the diagnostic asserted.

// RUN: rm -rf %t && split-file %s %t
// RUN: not norm-opt %t/does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: norm-opt: error: cannot read '{{.*}}does-not-exist.mlir': No such file or directory{{$}}
// RUN: not norm-opt %t/parse.mlir 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: parse.mlir:1:14: error: expected non-function type
// RUN: not norm-opt %t/verify.mlir --norm-to-llvm 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY: verify.mlir:2:8: error: 'norm.lp_normalization' op attribute 'axis' = 5 is out of range: expected a value in [-1, 1) for 'input' of rank 1
// RUN: not norm-opt %t/verify.mlir --bogus-flag 2>&1 | FileCheck %s --check-prefix=FLAG
// An extra positional argument is named: llvm::cl's "Too many positional
// arguments specified!" named neither (and had no "error:"). -o and an
// option whose value is the next argument take it: not an extra argument.
// RUN: not norm-opt %t/valid.mlir %t/parse.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXTRA --implicit-check-not={{.}} -DDIR=%t
// EXTRA: norm-opt: error: extra argument '[[DIR]]/parse.mlir' after the input file '[[DIR]]/valid.mlir': norm-opt reads one input file{{$}}
// RUN: norm-opt %t/valid.mlir -o %t/out.mlir --mlir-elide-elementsattrs-if-larger 4
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t/out.mlir
// OUT: func.func
// FLAG: norm-opt: Unknown command line argument '--bogus-flag'.
// A bad value of the pipeline's bf16-truncation option (auto|native|integer).
// RUN: sh -c "norm-opt %t/valid.mlir --norm-to-llvm='bf16-truncation=foo' 2>&1; echo \"exit status \$?\"" \
// RUN:   | FileCheck %s --check-prefix=BF16OPT
// BF16OPT: for the --bf16-truncation option: Cannot find option named 'foo'!
// BF16OPT: exit status 1
// RUN: not norm-opt %t/truncated.mlir --convert-norm-to-linalg 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: truncated.mlir:{{[0-9]+}}:{{[0-9]+}}: error:

// `sh -c '...; echo'` checks the exact exit status.
// An unranked LpNormalization input: the verifier's message, not the parser's
// "invalid kind of type specified: expected builtin.tensor".
// RUN: sh -c 'norm-opt %t/unranked.mlir 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefix=UNRANKED
// UNRANKED: unranked.mlir:2:8: error: 'norm.lp_normalization' op operand #0 must be ranked tensor of bfloat16 type or 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<*xf32>'
// UNRANKED: exit status 1
// The norm-to-llvm pipeline has one option, runtime-verification. MLIR's
// pass-option parser reports any other on its own line, without "error:"
// (upstream MlirOptMain behaviour, docs/embedding.md). The option is parsed
// after the module, so the module must be valid.
// RUN: sh -c 'norm-opt %t/valid.mlir --norm-to-llvm=foo=1 2>&1; \
// RUN:   echo "exit status $?"' | FileCheck %s --check-prefix=PIPEOPT
// PIPEOPT: <Pass-Options-Parser>: no such option foo
// PIPEOPT-NEXT: exit status 1

//--- parse.mlir
func.func @f( {

//--- verify.mlir
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = norm.lp_normalization %x axis = 5 : tensor<2xf32>
  return %y : tensor<2xf32>
}

//--- truncated.mlir
func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = norm.lp_normalization %x axis = 1 p =

//--- unranked.mlir
func.func @f(%x: tensor<*xf32>) -> tensor<*xf32> {
  %y = norm.lp_normalization %x : tensor<*xf32>
  return %y : tensor<*xf32>
}

//--- valid.mlir
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = norm.lp_normalization %x : tensor<2xf32>
  return %y : tensor<2xf32>
}
