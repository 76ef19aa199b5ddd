// layernorm_f16.c - the compute floor of LayerNormalization on f16 rows of
// 1024, measured with an idealized kernel on 64 rows that stay in L1/L2: f32
// arithmetic, no exactness checks or recomputations, regular stores. Mode 0:
// two-pass statistics (the sum, then the sum of squared deviations from the
// mean, which docs/semantics.md asks for), then Y; mode 1: one-pass
// statistics (sum and sum of squares together, inexact on offset data), then
// Y; mode 2: mode 0 with X widened to f32 once, by the sum pass, into a row
// buffer that the two later passes read (norm-widen-rows' technique). It
// prints the time that [131072, 1024] would take at that rate, with no
// memory time at all.
//
// Build and run:
//   clang-22 -O2 -march=native layernorm_f16.c -o ln_floor -lm && ./ln_floor 0
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "best_time.h"
#define R 64
#define N 1024
static unsigned short *X, *Y;
static float *S, *B, *W;
static inline __m512 ld(const unsigned short *p) {
  return _mm512_cvtph_ps(_mm256_load_si256((const __m256i *)p));
}
static inline float hsum(__m512 a) { return _mm512_reduce_add_ps(a); }
/// X's elements j..j+15 in f32: from the row buffer `w` where there is one,
/// else widened from the f16 row `x`.
static inline __m512 at(const unsigned short *x, const float *w, int j) {
  return w ? _mm512_load_ps(w + j) : ld(x + j);
}
int mode;
static void run(void) {
  for (int r = 0; r < R; r++) {
    const unsigned short *x = X + r * N;
    unsigned short *y = Y + r * N;
    float mean, var;
    if (mode != 1) {
      // Two-pass statistics; mode 2 stores the widened X into W in the sum
      // pass and the later passes read W.
      const float *w = mode == 2 ? W : 0;
      __m512 a0 = _mm512_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
      for (int j = 0; j < N; j += 64) {
        __m512 v0 = ld(x + j), v1 = ld(x + j + 16), v2 = ld(x + j + 32),
               v3 = ld(x + j + 48);
        if (w) {
          _mm512_store_ps(W + j, v0);
          _mm512_store_ps(W + j + 16, v1);
          _mm512_store_ps(W + j + 32, v2);
          _mm512_store_ps(W + j + 48, v3);
        }
        a0 = _mm512_add_ps(a0, v0);
        a1 = _mm512_add_ps(a1, v1);
        a2 = _mm512_add_ps(a2, v2);
        a3 = _mm512_add_ps(a3, v3);
      }
      mean =
          hsum(_mm512_add_ps(_mm512_add_ps(a0, a1), _mm512_add_ps(a2, a3))) / N;
      __m512 m = _mm512_set1_ps(mean);
      a0 = _mm512_setzero_ps();
      a1 = a0;
      a2 = a0;
      a3 = a0;
      for (int j = 0; j < N; j += 64) {
        __m512 d0 = _mm512_sub_ps(at(x, w, j), m),
               d1 = _mm512_sub_ps(at(x, w, j + 16), m),
               d2 = _mm512_sub_ps(at(x, w, j + 32), m),
               d3 = _mm512_sub_ps(at(x, w, j + 48), m);
        a0 = _mm512_fmadd_ps(d0, d0, a0);
        a1 = _mm512_fmadd_ps(d1, d1, a1);
        a2 = _mm512_fmadd_ps(d2, d2, a2);
        a3 = _mm512_fmadd_ps(d3, d3, a3);
      }
      var =
          hsum(_mm512_add_ps(_mm512_add_ps(a0, a1), _mm512_add_ps(a2, a3))) / N;
    } else {
      __m512 a0 = _mm512_setzero_ps(), a1 = a0, q0 = a0, q1 = a0;
      for (int j = 0; j < N; j += 32) {
        __m512 v0 = ld(x + j), v1 = ld(x + j + 16);
        a0 = _mm512_add_ps(a0, v0);
        a1 = _mm512_add_ps(a1, v1);
        q0 = _mm512_fmadd_ps(v0, v0, q0);
        q1 = _mm512_fmadd_ps(v1, v1, q1);
      }
      mean = hsum(_mm512_add_ps(a0, a1)) / N;
      var = hsum(_mm512_add_ps(q0, q1)) / N - mean * mean;
    }
    float inv = 1.0f / __builtin_sqrtf(var + 1e-5f);
    __m512 vi = _mm512_set1_ps(inv), vm = _mm512_set1_ps(mean);
    for (int j = 0; j < N; j += 16) {
      __m512 n =
          _mm512_mul_ps(_mm512_sub_ps(at(x, mode == 2 ? W : 0, j), vm), vi);
      __m512 o =
          _mm512_fmadd_ps(n, _mm512_load_ps(S + j), _mm512_load_ps(B + j));
      _mm256_store_si256((__m256i *)(y + j),
                         _mm512_cvtps_ph(o, _MM_FROUND_TO_NEAREST_INT));
    }
  }
}
int main(int argc, char **argv) {
  mode = atoi(argv[1]);
  X = aligned_alloc(64, R * N * 2);
  Y = aligned_alloc(64, R * N * 2);
  S = aligned_alloc(64, N * 4);
  B = aligned_alloc(64, N * 4);
  W = aligned_alloc(64, N * 4);
  for (int i = 0; i < R * N; i++)
    X[i] = _cvtss_sh((float)((i * 2654435761u) % 1000) / 250.0f - 2.0f, 0);
  for (int i = 0; i < N; i++) {
    S[i] = 1 + i * 1e-4f;
    B[i] = 0.5f;
  }
  double best = best_time(run, 200, 3000);
  printf("mode %d: %.2f us per [%d,%d]; [131072,1024] would take %.1f ms; %.2f "
         "ns per 16 lanes y=%d\n",
         mode, best * 1e6, R, N, best * 1e3 * 131072 / R,
         best * 1e9 / (R * N / 16.0), Y[77]);
}
