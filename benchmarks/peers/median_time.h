// median_time.h - the timing loop the C++ peers share.
//
// medianSeconds(run, elements) calls run() in batches (each sample at least
// ~20 us of work for `elements` elements per call, so that tiny calls are
// measurable with steady_clock; omp_get_wtime's resolution is too coarse for
// a [1, 768] call) until 0.5 s and 5 samples have passed, and returns the
// median time of one call in seconds.
#ifndef NORM_BENCHMARKS_PEERS_MEDIAN_TIME_H
#define NORM_BENCHMARKS_PEERS_MEDIAN_TIME_H

#include <algorithm>
#include <chrono>
#include <vector>

template <typename Run>
double medianSeconds(Run &&run, long elements) {
  long batch = std::max(1L, 4000000L / (elements + 1));
  std::vector<double> times;
  double total = 0;
  while (total < 0.5 || times.size() < 5) {
    auto t0 = std::chrono::steady_clock::now();
    for (long k = 0; k < batch; ++k)
      run();
    double t =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
            .count();
    times.push_back(t / batch);
    total += t;
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

#endif // NORM_BENCHMARKS_PEERS_MEDIAN_TIME_H
