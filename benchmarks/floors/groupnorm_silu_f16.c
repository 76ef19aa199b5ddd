// groupnorm_silu_f16.c - the compute floor of ONNX Runtime's GroupNorm
// (channels last, SiLU) on f16 data, measured with an idealized kernel: one
// sample [P, 320] that stays in L2, a one-pass sum and sum of squares per
// channel (no exactness work), per-channel scale and shift, then Y = SiLU(X *
// a + b) in f32 (the exp polynomial of norm-mlir's lowering and a division, or
// with -DRCP an approximate reciprocal) rounded to f16. No memory time at all:
// what no kernel with the ruled semantics (docs/semantics.md: SiLU in f32
// before the rounding) can beat on this core.
//
// Build and run (argument: 1 with SiLU, 0 without):
//   clang-22 -O2 -march=native groupnorm_silu_f16.c -o gn_floor && ./gn_floor 1
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "best_time.h"
#ifndef P
#define P 256
#endif
#define C 320
#define V (C / 16)
static unsigned short *X, *Y;
static inline __m512 silu(__m512 y) {
  __m512i b = _mm512_castps_si512(y);
  b = _mm512_min_epi32(b, _mm512_set1_epi32(0x42ae0000));
  b = _mm512_min_epu32(b, _mm512_set1_epi32(0xc2b20000));
  __m512 c = _mm512_castsi512_ps(b);
  __m512 magic = _mm512_set1_ps(12582912.0f + 127.0f);
  __m512 t = _mm512_fmadd_ps(c, _mm512_set1_ps(-1.44269504f), magic);
  __m512 k = _mm512_sub_ps(t, magic);
  __m512 s = _mm512_fmadd_ps(k, _mm512_set1_ps(0.693359375f), c);
  s = _mm512_fmadd_ps(k, _mm512_set1_ps(-2.12194440e-4f), s);
  __m512 p = _mm512_set1_ps(-8.297630585730076e-3f);
  p = _mm512_fmadd_ps(p, s, _mm512_set1_ps(4.19154167175293e-2f));
  p = _mm512_fmadd_ps(p, s, _mm512_set1_ps(-1.6667574644088745e-1f));
  p = _mm512_fmadd_ps(p, s, _mm512_set1_ps(4.9998894333839417e-1f));
  p = _mm512_fmadd_ps(p, s, _mm512_set1_ps(-9.999997019767761e-1f));
  p = _mm512_fmadd_ps(p, s, _mm512_set1_ps(1.0000001192092896f));
  __m512 sc =
      _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_castps_si512(t), 23));
  __m512 d = _mm512_fmadd_ps(p, sc, _mm512_set1_ps(1.0f));
#ifdef RCP
  __m512 r = _mm512_rcp14_ps(d);
  return _mm512_mul_ps(y, r);
#else
  return _mm512_div_ps(y, d);
#endif
}
int mode;
static void run(void) {
  __m512 s1[V], s2[V], a[V], b[V];
  for (int v = 0; v < V; v++) {
    s1[v] = _mm512_setzero_ps();
    s2[v] = _mm512_setzero_ps();
  }
  for (int p = 0; p < P; p++)
    for (int v = 0; v < V; v++) {
      __m512 x = _mm512_cvtph_ps(
          _mm256_load_si256((const __m256i *)(X + p * C + v * 16)));
      s1[v] = _mm512_add_ps(s1[v], x);
      s2[v] = _mm512_fmadd_ps(x, x, s2[v]);
    }
  for (int v = 0; v < V; v++) {
    __m512 m = _mm512_mul_ps(s1[v], _mm512_set1_ps(1.0f / P));
    __m512 var =
        _mm512_fnmadd_ps(m, m, _mm512_mul_ps(s2[v], _mm512_set1_ps(1.0f / P)));
    a[v] = _mm512_div_ps(
        _mm512_set1_ps(1.0f),
        _mm512_sqrt_ps(_mm512_add_ps(var, _mm512_set1_ps(1e-5f))));
    b[v] = _mm512_mul_ps(_mm512_sub_ps(_mm512_setzero_ps(), m), a[v]);
  }
  for (int p = 0; p < P; p++)
    for (int v = 0; v < V; v++) {
      __m512 x = _mm512_cvtph_ps(
          _mm256_load_si256((const __m256i *)(X + p * C + v * 16)));
      __m512 y = _mm512_fmadd_ps(x, a[v], b[v]);
      if (mode)
        y = silu(y);
      _mm256_store_si256((__m256i *)(Y + p * C + v * 16),
                         _mm512_cvtps_ph(y, _MM_FROUND_TO_NEAREST_INT));
    }
}
int main(int argc, char **argv) {
  mode = atoi(argv[1]);
  size_t n = (size_t)P * C;
  X = aligned_alloc(64, n * 2);
  Y = aligned_alloc(64, n * 2);
  for (size_t i = 0; i < n; i++) {
    float f = (float)((i * 2654435761u) % 1000) / 500.0f - 1.0f;
    X[i] = _cvtss_sh(f, 0);
  }
  memset(Y, 0, n * 2);
  double best = best_time(run, 100, 2000);
  double vec = (double)P * C / 16;
  printf("silu=%d: %.2f us per [%d,320] sample, %.2f ns per 16 lanes; "
         "[8, 64, 64, 320] would take %.2f ms (y=%d)\n",
         mode, best * 1e6, P, best * 1e9 / vec,
         best * 1e3 * (8.0 * 64 * 64) / P, Y[777]);
}
