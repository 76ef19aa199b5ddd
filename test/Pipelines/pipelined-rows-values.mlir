// Values of bf16 RMSNormalization rows through norm-pipeline-rows (the sum
// of row r + 1 computed in Y's loop of row r, when Y is stored
// non-temporally: forced for any size with nontemporal-min-bytes=1) on 1, 2
// and 3 threads: bit for bit the values of the same lowering without
// non-temporal stores, where the pass does not apply, and those within the
// runner's bf16 tolerance of the float64 reference
// (Inputs/gen_pipelined_rows.py). Shapes: [37, 128] (one fused step per row;
// rows jammed by fours between the single rows), [29, 992] (seven fused
// steps, then a masked remainder of the sum and one more step of Y),
// [9, 4096] (32 fused steps) and [50, 160] (one fused step, then tails); row
// 3 is zero and row 5 tiny (the sums' guarded f64 loop re-reads those rows).

// RUN: rm -rf %t && mkdir -p %t
// RUN: /usr/bin/python3 %S/Inputs/gen_pipelined_rows.py %t/a 37 128
// RUN: /usr/bin/python3 %S/Inputs/gen_pipelined_rows.py %t/b 29 992
// RUN: /usr/bin/python3 %S/Inputs/gen_pipelined_rows.py %t/c 9 4096
// RUN: /usr/bin/python3 %S/Inputs/gen_pipelined_rows.py %t/d 50 160
// RUN: norm-opt %s --norm-to-llvm='nontemporal-min-bytes=1' -o %t/pipelined.mlir
// RUN: norm-opt %s --norm-to-llvm='nontemporal-min-bytes=0' -o %t/plain.mlir
// RUN: norm-opt %s --norm-to-llvm='nontemporal-min-bytes=1' \
// RUN:   --remarks-filter=norm-pipeline-rows -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: norm-runner %t/plain.mlir --threads=2 --input=@%t/a/x.npy --input=@%t/a/scale.npy \
// RUN:   --expected-output=@%t/a/y.npy | FileCheck %s
// RUN: norm-runner %t/plain.mlir --threads=2 --input=@%t/a/x.npy --input=@%t/a/scale.npy \
// RUN:   --output=@%t/a/plain.npy
// RUN: norm-runner %t/pipelined.mlir --threads=1 --input=@%t/a/x.npy --input=@%t/a/scale.npy \
// RUN:   --expected-output=@%t/a/plain.npy --atol=0 --rtol=0 | FileCheck %s
// RUN: norm-runner %t/pipelined.mlir --threads=2 --input=@%t/a/x.npy --input=@%t/a/scale.npy \
// RUN:   --expected-output=@%t/a/plain.npy --atol=0 --rtol=0 | FileCheck %s
// RUN: norm-runner %t/pipelined.mlir --threads=3 --input=@%t/a/x.npy --input=@%t/a/scale.npy \
// RUN:   --expected-output=@%t/a/plain.npy --atol=0 --rtol=0 | FileCheck %s
// RUN: norm-runner %t/plain.mlir --threads=2 --input=@%t/b/x.npy --input=@%t/b/scale.npy \
// RUN:   --expected-output=@%t/b/y.npy | FileCheck %s
// RUN: norm-runner %t/plain.mlir --threads=2 --input=@%t/b/x.npy --input=@%t/b/scale.npy \
// RUN:   --output=@%t/b/plain.npy
// RUN: norm-runner %t/pipelined.mlir --threads=1 --input=@%t/b/x.npy --input=@%t/b/scale.npy \
// RUN:   --expected-output=@%t/b/plain.npy --atol=0 --rtol=0 | FileCheck %s
// RUN: norm-runner %t/pipelined.mlir --threads=2 --input=@%t/b/x.npy --input=@%t/b/scale.npy \
// RUN:   --expected-output=@%t/b/plain.npy --atol=0 --rtol=0 | FileCheck %s
// RUN: norm-runner %t/pipelined.mlir --threads=3 --input=@%t/b/x.npy --input=@%t/b/scale.npy \
// RUN:   --expected-output=@%t/b/plain.npy --atol=0 --rtol=0 | FileCheck %s
// RUN: norm-runner %t/plain.mlir --threads=2 --input=@%t/c/x.npy --input=@%t/c/scale.npy \
// RUN:   --expected-output=@%t/c/y.npy | FileCheck %s
// RUN: norm-runner %t/plain.mlir --threads=2 --input=@%t/c/x.npy --input=@%t/c/scale.npy \
// RUN:   --output=@%t/c/plain.npy
// RUN: norm-runner %t/pipelined.mlir --threads=1 --input=@%t/c/x.npy --input=@%t/c/scale.npy \
// RUN:   --expected-output=@%t/c/plain.npy --atol=0 --rtol=0 | FileCheck %s
// RUN: norm-runner %t/pipelined.mlir --threads=2 --input=@%t/c/x.npy --input=@%t/c/scale.npy \
// RUN:   --expected-output=@%t/c/plain.npy --atol=0 --rtol=0 | FileCheck %s
// RUN: norm-runner %t/pipelined.mlir --threads=3 --input=@%t/c/x.npy --input=@%t/c/scale.npy \
// RUN:   --expected-output=@%t/c/plain.npy --atol=0 --rtol=0 | FileCheck %s
// RUN: norm-runner %t/plain.mlir --threads=2 --input=@%t/d/x.npy --input=@%t/d/scale.npy \
// RUN:   --expected-output=@%t/d/y.npy | FileCheck %s
// RUN: norm-runner %t/plain.mlir --threads=2 --input=@%t/d/x.npy --input=@%t/d/scale.npy \
// RUN:   --output=@%t/d/plain.npy
// RUN: norm-runner %t/pipelined.mlir --threads=1 --input=@%t/d/x.npy --input=@%t/d/scale.npy \
// RUN:   --expected-output=@%t/d/plain.npy --atol=0 --rtol=0 | FileCheck %s
// RUN: norm-runner %t/pipelined.mlir --threads=2 --input=@%t/d/x.npy --input=@%t/d/scale.npy \
// RUN:   --expected-output=@%t/d/plain.npy --atol=0 --rtol=0 | FileCheck %s
// RUN: norm-runner %t/pipelined.mlir --threads=3 --input=@%t/d/x.npy --input=@%t/d/scale.npy \
// RUN:   --expected-output=@%t/d/plain.npy --atol=0 --rtol=0 | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// REMARK: remark: [Passed] PipelinedRows | Category:norm-pipeline-rows | Function=rmsnorm_bf16_rows
// REMARK-SAME: 128 elements of X per step

func.func @rmsnorm_bf16(%x: tensor<?x?xbf16>, %scale: tensor<?xbf16>)
    -> tensor<?x?xbf16> {
  %y, %inv = norm.rms_normalization %x, %scale
      : (tensor<?x?xbf16>, tensor<?xbf16>) -> (tensor<?x?xbf16>, tensor<?x1xf32>)
  return %y : tensor<?x?xbf16>
}
