// best_time.h - the timing shared by the floor kernels in this folder.
#ifndef NORM_BENCHMARKS_FLOORS_BEST_TIME_H
#define NORM_BENCHMARKS_FLOORS_BEST_TIME_H

#include <time.h>

/// Returns the lowest mean seconds per call of `run` over 7 batches of
/// `calls` calls each (CLOCK_MONOTONIC), after `warmup` calls.
static double best_time(void (*run)(void), int warmup, int calls) {
  struct timespec t0, t1;
  for (int i = 0; i < warmup; i++)
    run();
  double best = 1e9;
  for (int rep = 0; rep < 7; rep++) {
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < calls; i++)
      run();
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double t = ((t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9) /
               calls;
    if (t < best)
      best = t;
  }
  return best;
}

#endif
