// Result printing (one line per result, IREE style, shortest round-trip
// floats) and --output (print with '-', write .npy with @FILE).

// All results printed, in order. @three returns x * 2 + 1, sum(x) (rank 0)
// and x / 7. The f32 quotients are what NumPy's repr prints for
// np.arange(1, 7, dtype=np.float32) / np.float32(7).
// RUN: norm-runner %s --function=three --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   | FileCheck %s --check-prefix=PRINT
// PRINT: 2x3xf32=[3 5 7][9 11 13]
// PRINT-NEXT: f32=21
// PRINT-NEXT: 2x3xf32=[0.14285715 0.2857143 0.42857143][0.5714286 0.71428573 0.85714287]
// PRINT-NOT: {{.}}

// --output=@- writes the .npy image to standard output, which stays open
// for what follows; it used to be closed after the image, so that the next
// result was "cannot write '<stdout>': Bad file descriptor", exit status 1.
// The image is the fixture of x * 2 + 1 (128-byte header, 24 bytes).
// RUN: norm-runner %s --function=three --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --output=@- --output=- --output=- > %t.npy-stdout
// RUN: head -c 152 %t.npy-stdout | cmp - %S/Inputs/npy/f32_2x3_times2_plus1.npy
// RUN: tail -c +153 %t.npy-stdout | FileCheck %s --check-prefix=NPY-STDOUT
// NPY-STDOUT: {{^}}f32=21{{$}}
// NPY-STDOUT-NEXT: {{^}}2x3xf32=[0.14285715 0.2857143 0.42857143][0.5714286 0.71428573 0.85714287]{{$}}
// NPY-STDOUT-NOT: {{.}}

// Rank 3, rank 1 and empty tensors (nothing after '=').
// RUN: norm-runner %s --function=copy3 \
// RUN:   --input="2x2x2xf32=1 2 3 4 5 6 7 8" | FileCheck %s --check-prefix=RANK3
// RANK3: 2x2x2xf32={{\[\[}}1 2][3 4]]{{\[\[}}5 6][7 8]]
// RUN: norm-runner %s --function=copy3 --input="1x1x3xf32=1e-05 3e+38 -0" \
// RUN:   | FileCheck %s --check-prefix=SCI
// SCI: 1x1x3xf32={{\[\[}}1e-05 3e+38 -0]]
// RUN: norm-runner %s --function=copy3 --input="2x0x1xf32=" \
// RUN:   | FileCheck %s --check-prefix=ZERO
// ZERO: 2x0x1xf32={{$}}

// --output: '-' prints, @FILE writes a .npy and prints nothing for it.
// RUN: norm-runner %s --function=three --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --output=@%t.affine.npy --output=- --output=@%t.div.npy \
// RUN:   | FileCheck %s --check-prefix=MIXED
// MIXED-NOT: 2x3xf32
// MIXED: f32=21
// MIXED-NOT: {{.}}

// The written file is byte for byte what NumPy's np.save writes for the same
// array (Inputs/gen_npy_fixtures.py), i.e. a version 1.0 header padded to
// 64 bytes.
// RUN: cmp %t.affine.npy %S/Inputs/npy/f32_2x3_times2_plus1.npy

// Round trip: feed the written results back as inputs. x * 2 + 1 of
// [3 5 7][9 11 13] is [7 11 15][19 23 27] and its sum is 48; copying the
// x / 7 file prints the same shortest decimals as above, so every bit of
// the non-terminating quotients survived.
// RUN: norm-runner %s --function=three --input=@%t.affine.npy \
// RUN:   | FileCheck %s --check-prefix=ROUNDTRIP
// ROUNDTRIP: 2x3xf32=[7 11 15][19 23 27]
// ROUNDTRIP-NEXT: f32=48
// RUN: norm-runner %s --function=copy2 --input=@%t.div.npy \
// RUN:   | FileCheck %s --check-prefix=DIVBACK
// DIVBACK: 2x3xf32=[0.14285715 0.2857143 0.42857143][0.5714286 0.71428573 0.85714287]

// Empty and rank-0 results round-trip through .npy as well.
// RUN: norm-runner %s --function=copy3 --input="2x0x1xf32=" \
// RUN:   --output=@%t.empty.npy
// RUN: norm-runner %s --function=copy3 --input=@%t.empty.npy \
// RUN:   | FileCheck %s --check-prefix=ZERO
// RUN: norm-runner %s --function=three --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --output=- --output=@%t.scalar.npy --output=- \
// RUN:   | FileCheck %s --check-prefix=NOSCALAR
// NOSCALAR: 2x3xf32=[3 5 7][9 11 13]
// NOSCALAR-NEXT: 2x3xf32=[0.14285715
// RUN: norm-runner %s --function=scalar_plus_one --input=@%t.scalar.npy \
// RUN:   | FileCheck %s --check-prefix=SCALAR
// SCALAR: f32=22

#map0 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<() -> ()>

func.func @three(%x: tensor<2x3xf32>)
    -> (tensor<2x3xf32>, tensor<f32>, tensor<2x3xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %seven = arith.constant 7.0 : f32
  %init = tensor.empty() : tensor<2x3xf32>
  %affine = linalg.generic {indexing_maps = [#map2, #map2],
                            iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%init : tensor<2x3xf32>) {
  ^bb0(%a: f32, %out: f32):
    %m = arith.mulf %a, %two : f32
    %r = arith.addf %m, %one : f32
    linalg.yield %r : f32
  } -> tensor<2x3xf32>
  %sum_init = tensor.empty() : tensor<f32>
  %sum_zero = linalg.fill ins(%zero : f32) outs(%sum_init : tensor<f32>)
      -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [#map2, #map0],
                         iterator_types = ["reduction", "reduction"]}
      ins(%x : tensor<2x3xf32>) outs(%sum_zero : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %acc, %a : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %init2 = tensor.empty() : tensor<2x3xf32>
  %div = linalg.generic {indexing_maps = [#map2, #map2],
                         iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%init2 : tensor<2x3xf32>) {
  ^bb0(%a: f32, %out: f32):
    %r = arith.divf %a, %seven : f32
    linalg.yield %r : f32
  } -> tensor<2x3xf32>
  return %affine, %sum, %div : tensor<2x3xf32>, tensor<f32>, tensor<2x3xf32>
}

func.func @copy2(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %init = tensor.empty() : tensor<2x3xf32>
  %0 = linalg.copy ins(%x : tensor<2x3xf32>) outs(%init : tensor<2x3xf32>)
      -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @copy3(%x: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?x?xf32>
  %d2 = tensor.dim %x, %c2 : tensor<?x?x?xf32>
  %init = tensor.empty(%d0, %d1, %d2) : tensor<?x?x?xf32>
  %0 = linalg.copy ins(%x : tensor<?x?x?xf32>)
      outs(%init : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

func.func @scalar_plus_one(%x: tensor<f32>) -> tensor<f32> {
  %init = tensor.empty() : tensor<f32>
  %0 = linalg.generic {indexing_maps = [#scalar, #scalar],
                       iterator_types = []}
      ins(%x : tensor<f32>) outs(%init : tensor<f32>) {
  ^bb0(%a: f32, %out: f32):
    %one = arith.constant 1.0 : f32
    %r = arith.addf %a, %one : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}
