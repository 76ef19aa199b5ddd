// rows_parallel of loops.mlir (a row loop on OpenMP threads inside the
// user's scf.for; expected values: loops.mlir's header, float64 numpy) run
// through the parallel lowering.
//
// Known leak, not run under the sanitizers: in this lowering, the per-row
// buffers that the loop-carried tensor gets inside the OpenMP region are
// not freed (LeakSanitizer: 192 blocks of 2112 bytes for 64 rows x 3
// iterations, also at --threads=1); the sequential lowering
// (loops.mlir) frees them. To be fixed in the deallocation of buffers
// allocated in omp regions of loops.
// UNSUPPORTED: sanitizers

// RUN: norm-runner %S/loops.mlir --threads=4 --function=rows_parallel \
// RUN:   --expected-output="8x8xf32=-0.42494467 -0.11722239 0.19049989 -0.38647944 -0.078757115 0.22896518 -0.34801415 -0.040291823 -0.044555932 0.26223314 -0.31299636 -0.0062073036 0.30058175 -0.27464777 0.032141335 0.33893037 0.34185293 -0.23718505 0.07163522 0.38045543 -0.19858252 0.11023775 0.419058 -0.15997998 -0.16225716 0.14703241 -0.43288556 -0.12359597 0.1856936 -0.39422435 -0.08493476 0.22435482 0.2368649 -0.34438244 -0.03438384 0.27561477 -0.30563262 0.0043659755 0.31436455 -0.2668828 -0.26709124 0.042929694 0.3529506 -0.2283386 0.08168231 0.39170322 -0.18958601 0.1204349 0.1250856 0.43282673 -0.14418791 0.16355324 -0.41346142 -0.10572029 0.2020209 -0.37499377 -0.3825468 -0.074527845 0.23349112 -0.34404445 -0.036025476 0.27199352 -0.30554208 0.0024768973" \
// RUN:   --expected-output="8x1xf32=0.00071454444 0.0012225567 0.0019466955 0.001820232 -0.00074184116 -0.0011083042 -0.002604532 -0.00055992557" | FileCheck %s
// CHECK: [SUCCESS] result[0]: 8x8xf32
// CHECK-NEXT: [SUCCESS] result[1]: 8x1xf32
