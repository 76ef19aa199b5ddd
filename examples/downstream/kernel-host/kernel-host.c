/* A plain C program on the kernel library that norm_add_kernel_library
 * builds from kernels/layer_norm.mlir: it includes the generated header,
 * links only that library (and libm, libomp), and checks the values.
 *
 * Rows [1 2 3 4] and [40000 40001 40002 40003] both have deviations
 * (-1.5 -0.5 0.5 1.5) and variance 1.25, so Y = deviation / sqrt(1.25 +
 * 1e-5), Mean 2.5 and 40001.5, InvStdDev 1 / sqrt(1.25 + 1e-5). */
#include "layer_norm.h"

#include <math.h>
#include <stdio.h>

static int near(double got, double want) {
  return fabs(got - want) <= 1e-5 + 1e-4 * fabs(want);
}

int main(void) {
  float x[8] = {1, 2, 3, 4, 40000, 40001, 40002, 40003};
  float scale[4] = {1, 1, 1, 1}, b[4] = {0, 0, 0, 0};
  int64_t x_shape[2] = {2, 4}, v_shape[1] = {4}, bad_shape[1] = {3};
  float y[8], mean[2], inv_std_dev[2];
  double inv = 1.0 / sqrt(1.25 + 1e-5);
  double deviation[4] = {-1.5, -0.5, 0.5, 1.5};
  int i, ok = 1;
  int32_t status = ds_layer_norm(x, x_shape, scale, v_shape, b, v_shape, y,
                                 mean, inv_std_dev);
  if (status != 0)
    ok = 0;
  for (i = 0; i < 8; ++i)
    ok &= near(y[i], deviation[i % 4] * inv);
  ok &= near(mean[0], 2.5) && near(mean[1], 40001.5);
  ok &= near(inv_std_dev[0], inv) && near(inv_std_dev[1], inv);
  printf("layer_norm: status %d, values %s\n", (int)status,
         ok ? "match" : "DIFFER");
  /* Scale of 3 does not broadcast to rows of 4: non-zero, y untouched. */
  y[0] = 42;
  status = ds_layer_norm(x, x_shape, scale, bad_shape, b, v_shape, y, mean,
                         inv_std_dev);
  printf("bad shape: status %s, y %s\n", status ? "non-zero" : "ZERO",
         y[0] == 42 ? "untouched" : "WRITTEN");
  return ok && status != 0 && y[0] == 42 ? 0 : 1;
}
