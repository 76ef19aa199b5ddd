// The loop structure of the NCHW channel normalizations after the
// norm-to-llvm stages up to the vector loops: each op is one loop over
// rows that runs on threads (omp.parallel), and Y is written inside it.
// GroupNormalization and InstanceNormalization: the statistics of a row
// (a group of channels, or one channel) and its Y in the same iteration, so
// that X is read from memory once (before, Y was a second, sequential loop
// that read X again). GroupNormalization's Y reads the row through the view
// [N * G, C/G, D], the statistics through [N * G, C/G * D]: the f32 and the
// f64 sum of squares (one of them runs no step) both prefetch the row
// ahead, into the outer cache levels. BatchNormalization: one channel plane
// of X per iteration.
// RUN: norm-opt %s --split-input-file \
// RUN:   --norm-to-llvm="runtime-verification=false vector-bits=512" \
// RUN:   -mlir-print-ir-before=convert-linalg-to-loops 2>&1 >/dev/null \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func @groupnorm
// CHECK:         %[[Y:.+]] = memref.alloc({{.+}}) {alignment = 64 : i64} : memref<?x4x?xf32>
// CHECK:         omp.parallel {
// CHECK:           scf.for
// CHECK:             scf.for {{.+}} -> (vector<1x64xf32>) {
// CHECK-NOT:           memref.prefetch
// CHECK:               vector.transfer_read %[[ROWS:[a-z_0-9]+]][
// CHECK:             scf.for {{.+}} -> (vector<1x64xf32>) {
// CHECK:               memref.prefetch %[[ROWS]][{{.+}}], read, locality<1>, data
// CHECK:             scf.for {{.+}} -> (vector<1x32xf64>) {
// CHECK:               memref.prefetch %[[ROWS]][{{.+}}], read, locality<1>, data
// CHECK:             scf.for %{{.+}} = %c0 to %c4 step %c1 {
// CHECK:               scf.for
// CHECK:                 vector.transfer_write %{{.+}} : vector<1x1x64xf32>, memref<1x4x?xf32, strided<[?, ?, 1], offset: ?>>
// CHECK:           omp.terminator
func.func @groupnorm(%x: tensor<?x8x?x?xf32>, %scale: tensor<8xf32>) -> tensor<?x8x?x?xf32> {
  %y = norm.group_normalization %x, %scale, %scale num_groups = 2
      : (tensor<?x8x?x?xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<?x8x?x?xf32>
  return %y : tensor<?x8x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @instancenorm
// CHECK:         omp.parallel {
// CHECK:           scf.for
// CHECK:             memref.prefetch
// CHECK:             vector.transfer_write %{{.+}} : vector<1x64xf16>, memref<1x?xf16, strided<[?, 1], offset: ?>>
// CHECK:           omp.terminator
func.func @instancenorm(%x: tensor<?x3x?x?xf16>, %scale: tensor<3xf16>) -> tensor<?x3x?x?xf16> {
  %y = norm.instance_normalization %x, %scale, %scale
      : (tensor<?x3x?x?xf16>, tensor<3xf16>, tensor<3xf16>) -> tensor<?x3x?x?xf16>
  return %y : tensor<?x3x?x?xf16>
}

// -----

// CHECK-LABEL: func.func @batchnorm
// CHECK:         omp.parallel {
// CHECK:           scf.for
// CHECK:             vector.transfer_read
// CHECK:             vector.transfer_write %{{.+}} : vector<64xf32>, memref<?xf32, strided<[1], offset: ?>>
// CHECK:           omp.terminator
func.func @batchnorm(%x: tensor<?x256x?x?xf32>, %s: tensor<256xf32>) -> tensor<?x256x?x?xf32> {
  %y = norm.batch_normalization %x, %s, %s, %s, %s
      : (tensor<?x256x?x?xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256xf32>) -> tensor<?x256x?x?xf32>
  return %y : tensor<?x256x?x?xf32>
}
