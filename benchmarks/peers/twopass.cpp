// The hand-written peer: row-wise two-pass LayerNorm, LpNorm (p = 2),
// Normalizer (L2) and RMSNorm on f32 [N, C], as one would write them in C++;
// built with -O3 -march=native -ffast-math -fopenmp. Rows are split over
// OpenMP threads.
// Prints the median time of a call over at least 0.5 s of calls.
// Usage: twopass OP N C THREADS
//   (OP: layernorm | lpnorm | normalizer | rmsnorm)
#include "median_time.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static void layernorm(const float *x, const float *scale, const float *bias,
                      float *y, long n, long c) {
#pragma omp parallel for schedule(static)
  for (long r = 0; r < n; ++r) {
    const float *xr = x + r * c;
    float *yr = y + r * c;
    float sum = 0;
    for (long i = 0; i < c; ++i)
      sum += xr[i];
    float mean = sum / c;
    float sq = 0;
    for (long i = 0; i < c; ++i) {
      float d = xr[i] - mean;
      sq += d * d;
    }
    float inv = 1.0f / std::sqrt(sq / c + 1e-5f);
    for (long i = 0; i < c; ++i)
      yr[i] = (xr[i] - mean) * inv * scale[i] + bias[i];
  }
}

static void lpnorm(const float *x, float *y, long n, long c) {
#pragma omp parallel for schedule(static)
  for (long r = 0; r < n; ++r) {
    const float *xr = x + r * c;
    float *yr = y + r * c;
    float sq = 0;
    for (long i = 0; i < c; ++i)
      sq += xr[i] * xr[i];
    float norm = std::sqrt(sq);
    float inv = norm == 0 ? 0 : 1.0f / norm;
    for (long i = 0; i < c; ++i)
      yr[i] = xr[i] * inv;
  }
}

static void rmsnorm(const float *x, const float *scale, float *y, long n,
                    long c) {
#pragma omp parallel for schedule(static)
  for (long r = 0; r < n; ++r) {
    const float *xr = x + r * c;
    float *yr = y + r * c;
    float sq = 0;
    for (long i = 0; i < c; ++i)
      sq += xr[i] * xr[i];
    float inv = 1.0f / std::sqrt(sq / c + 1e-5f);
    for (long i = 0; i < c; ++i)
      yr[i] = xr[i] * inv * scale[i];
  }
}

int main(int argc, char **argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: twopass OP N C THREADS\n");
    return 2;
  }
  const char *op = argv[1];
  long n = std::atol(argv[2]), c = std::atol(argv[3]);
  omp_set_num_threads(std::atoi(argv[4]));
  std::vector<float> x(n * c), y(n * c), scale(c), bias(c);
  uint64_t s = 1;
  for (auto &v : x) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    v = float((s >> 11) * 0x1.0p-52 * 4.0 - 1.5);
  }
  for (long i = 0; i < c; ++i) {
    scale[i] = 1.0f + 0.001f * i;
    bias[i] = 0.5f;
  }
  bool isLayerNorm = !std::strcmp(op, "layernorm");
  bool isRMSNorm = !std::strcmp(op, "rmsnorm");
  auto run = [&] {
    if (isLayerNorm)
      layernorm(x.data(), scale.data(), bias.data(), y.data(), n, c);
    else if (isRMSNorm)
      rmsnorm(x.data(), scale.data(), y.data(), n, c);
    else
      lpnorm(x.data(), y.data(), n, c); // Normalizer L2 = LpNorm p=2 on f32
  };
  run();
  double median = medianSeconds(run, n * c);
  double bytes = 2.0 * n * c * 4 + (isLayerNorm ? 2.0 * c * 4
                                    : isRMSNorm ? c * 4.0
                                                : 0);
  std::printf("%s %ldx%ld threads=%s ms=%.6f GB/s=%.2f check=%g\n", op, n, c,
              argv[4], median * 1e3, bytes / median / 1e9, y[n * c / 2]);
  return 0;
}
