// conversion_throughput.c - reciprocal throughput of the 512-bit instructions
// of a 16-bit normalization's inner loops, alone and paired with another, to
// see which share an execution pipe (docs/Development.md, "RMSNormalization
// f16/bf16 at 1 thread"). Each loop runs 8 independent copies of its
// instructions (inline assembly, no dependences between iterations); the
// time per copy is printed in cycles of the clock given as the first
// argument (GHz; measure it with a chain of 1-cycle integer adds, or take the
// CPU's sustained clock). A pair that takes the sum of its parts' times
// shares a pipe; one that takes the longer part's time does not.
//
// Build and run (x86-64 with AVX-512F, F16C and AVX512-BF16):
//   clang-22 -O2 -march=native conversion_throughput.c -o conv_tp
//   ./conv_tp 3.64
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define ITERATIONS 50000000L
#define X8(s) s s s s s s s s

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

// Times ITERATIONS runs of 8 copies of `body` and prints cycles per copy.
#define MEASURE(name, body)                                                    \
  do {                                                                         \
    double t0 = seconds();                                                     \
    for (long i = 0; i < ITERATIONS; i++)                                      \
      __asm__ volatile(X8(body)::: "xmm1", "xmm2", "xmm3", "k1");              \
    double t = seconds() - t0;                                                 \
    printf("%-28s %5.2f cycles\n", name, t / ITERATIONS / 8 * ghz * 1e9);      \
  } while (0)

int main(int argc, char **argv) {
  double ghz = argc > 1 ? atof(argv[1]) : 0;
  if (ghz <= 0) {
    fprintf(stderr, "usage: %s CLOCK_GHZ\n", argv[0]);
    return 1;
  }
  __asm__ volatile("vpxord %%zmm16, %%zmm16, %%zmm16\n"
                   "vpxord %%zmm17, %%zmm17, %%zmm17" ::
                       : "xmm16", "xmm17");
  MEASURE("vcvtps2ph", "vcvtps2ph $4, %%zmm16, %%ymm1\n");
  MEASURE("vcvtph2ps", "vcvtph2ps %%ymm16, %%zmm1\n");
  MEASURE("vcvtne2ps2bf16", "vcvtne2ps2bf16 %%zmm16, %%zmm17, %%zmm1\n");
  MEASURE("vmulps", "vmulps %%zmm16, %%zmm17, %%zmm1\n");
  MEASURE("vaddps", "vaddps %%zmm16, %%zmm17, %%zmm1\n");
  MEASURE("vpaddd", "vpaddd %%zmm16, %%zmm17, %%zmm1\n");
  MEASURE("vpslld", "vpslld $13, %%zmm16, %%zmm1\n");
  MEASURE("vpmovzxwd", "vpmovzxwd %%ymm16, %%zmm1\n");
  MEASURE("vinserti64x4", "vinserti64x4 $1, %%ymm16, %%zmm17, %%zmm1\n");
  MEASURE("vcvtps2ph + vcvtph2ps",
          "vcvtps2ph $4, %%zmm16, %%ymm1\n vcvtph2ps %%ymm17, %%zmm2\n");
  MEASURE("vcvtps2ph + vaddps",
          "vcvtps2ph $4, %%zmm16, %%ymm1\n vaddps %%zmm16, %%zmm17, %%zmm2\n");
  MEASURE("vcvtps2ph + vmulps",
          "vcvtps2ph $4, %%zmm16, %%ymm1\n vmulps %%zmm16, %%zmm17, %%zmm2\n");
  MEASURE("vcvtps2ph + vpslld",
          "vcvtps2ph $4, %%zmm16, %%ymm1\n vpslld $13, %%zmm16, %%zmm2\n");
  MEASURE("vcvtps2ph + vinserti64x4", "vcvtps2ph $4, %%zmm16, %%ymm1\n"
                                      "vinserti64x4 $1, %%ymm16, %%zmm17, "
                                      "%%zmm2\n");
  MEASURE("vcvtph2ps + vmulps",
          "vcvtph2ps %%ymm16, %%zmm1\n vmulps %%zmm16, %%zmm17, %%zmm2\n");
  return 0;
}
