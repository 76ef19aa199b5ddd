// STREAM-style copy bandwidth: b[i] = a[i] over two 256 MiB arrays; bytes
// counted as STREAM does (read a + write b). Two copies, alternated so that
// both see the same state of the machine:
// * copy: plain loads and stores (a store to a line not in the cache reads
//   the line first, so it moves 3 bytes per byte copied);
// * nt copy: the same loads, and non-temporal (streaming) stores that write
//   whole lines to memory without reading them (the instruction the
//   compiler flags allow: _mm512_stream_ps with AVX-512F, _mm256_stream_ps
//   with AVX, _mm_stream_ps with SSE; each thread fences its stores), which
//   is the limit of an op that reads X once and writes Y once.
// Prints the best GB/s of 10 of each, and which store the nt copy used.
// Usage: stream_copy THREADS
#include <immintrin.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__AVX512F__)
#define NT_STORE "avx512"
#define NT_LANES 16
#define NT_COPY(dst, src) _mm512_stream_ps((dst), _mm512_load_ps(src))
#elif defined(__AVX__)
#define NT_STORE "avx"
#define NT_LANES 8
#define NT_COPY(dst, src) _mm256_stream_ps((dst), _mm256_load_ps(src))
#elif defined(__SSE__)
#define NT_STORE "sse"
#define NT_LANES 4
#define NT_COPY(dst, src) _mm_stream_ps((dst), _mm_load_ps(src))
#else
#error "stream_copy.c needs SSE, AVX or AVX-512F for its non-temporal copy"
#endif

/// Copies n floats (a multiple of NT_LANES, 64-byte aligned) from a to b
/// with non-temporal stores, on the OpenMP threads.
static void ntCopy(float *b, const float *a, size_t n) {
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (size_t i = 0; i < n; i += NT_LANES)
      NT_COPY(b + i, a + i);
    _mm_sfence();
  }
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 1;
  omp_set_num_threads(threads);
  size_t bytes = 256u << 20;
  size_t n = bytes / sizeof(double);
  double *a = aligned_alloc(64, bytes);
  double *b = aligned_alloc(64, bytes);
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n; ++i) {
    a[i] = 1.0 + (double)i;
    b[i] = 0.0;
  }
  double best = 0, bestNt = 0;
  for (int rep = 0; rep < 10; ++rep) {
    double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; ++i)
      b[i] = a[i];
    double t = omp_get_wtime() - t0;
    double gbs = 2.0 * bytes / t / 1e9;
    if (gbs > best)
      best = gbs;
    t0 = omp_get_wtime();
    ntCopy((float *)b, (const float *)a, bytes / sizeof(float));
    t = omp_get_wtime() - t0;
    gbs = 2.0 * bytes / t / 1e9;
    if (gbs > bestNt)
      bestNt = gbs;
  }
  // Both copies wrote b = a: a wrong non-temporal copy shows here.
  int same = 1;
  for (size_t i = 0; i < n; i += 4099)
    same &= b[i] == a[i];
  printf("copy threads=%d GB/s=%.2f nt_GB/s=%.2f nt=%s check=%s\n", threads,
         best, bestNt, NT_STORE, same ? "ok" : "FAILED");
  free(a);
  free(b);
  return same ? 0 : 1;
}
