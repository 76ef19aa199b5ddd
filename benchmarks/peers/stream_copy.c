// STREAM-style copy bandwidth: b[i] = a[i] over two 256 MiB arrays; bytes
// counted as STREAM does (read a + write b). Prints the best GB/s of 10.
// Usage: stream_copy THREADS
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 1;
  omp_set_num_threads(threads);
  size_t n = (256u << 20) / sizeof(double);
  double *a = aligned_alloc(64, n * sizeof(double));
  double *b = aligned_alloc(64, n * sizeof(double));
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n; ++i) {
    a[i] = 1.0 + (double)i;
    b[i] = 0.0;
  }
  double best = 0;
  for (int rep = 0; rep < 10; ++rep) {
    double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; ++i)
      b[i] = a[i];
    double t = omp_get_wtime() - t0;
    double gbs = 2.0 * n * sizeof(double) / t / 1e9;
    if (gbs > best)
      best = gbs;
  }
  printf("copy threads=%d GB/s=%.2f check=%g\n", threads, best, b[n / 2]);
  free(a);
  free(b);
  return 0;
}
