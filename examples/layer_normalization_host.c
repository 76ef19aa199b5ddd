/* A C host for examples/layer_normalization.mlir compiled ahead of time (the
 * README and docs/AOT.md build it):
 *   norm-compile examples/layer_normalization.mlir --prefix=ln_ \
 *       --parallel=false -o build/aot/ln.o
 *   clang-22 -std=c99 -Ibuild/aot examples/layer_normalization_host.c \
 *       build/aot/ln.o -lm -o build/aot/host
 * It prints "status 0, y[0] -1.34164, mean 40001.5 2.5", then "status 1". */
#include "ln.h"
#include <stdio.h>

int main(void) {
  float x[8] = {40000, 40001, 40002, 40003, 1, 2, 3, 4};
  float scale[4] = {1, 1, 1, 1}, b[4] = {0, 0, 0, 0};
  int64_t x_shape[2] = {2, 4}, v_shape[1] = {4}, bad_shape[1] = {3};
  float y[8], mean[2], inv_std_dev[2];
  int32_t status =
      ln_main(x, x_shape, scale, v_shape, b, v_shape, y, mean, inv_std_dev);
  printf("status %d, y[0] %g, mean %g %g\n", (int)status, y[0], mean[0],
         mean[1]);
  /* Scale of 3 elements does not broadcast to rows of 4: non-zero, y
   * untouched. */
  status =
      ln_main(x, x_shape, scale, bad_shape, b, v_shape, y, mean, inv_std_dev);
  printf("status %d\n", (int)status);
  return 0;
}
