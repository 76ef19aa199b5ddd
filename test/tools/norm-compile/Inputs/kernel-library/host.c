/* Calls the kernels of examples/layer_normalization.mlir and
 * examples/normalizer.mlir through their headers and prints the results. */
#include "layer_normalization.h"
#include "normalizer.h"
#include <stdio.h>

int main(void) {
  float x[8] = {40000, 40001, 40002, 40003, 1, 2, 3, 4};
  float scale[4] = {1, 1, 1, 1}, b[4] = {0, 0, 0, 0};
  int64_t x_shape[2] = {2, 4}, v_shape[1] = {4};
  float y[8], mean[2], inv_std_dev[2];
  int64_t n[4] = {1, -1, 2, -2}, n_shape[2] = {1, 4};
  float ny[4];
  int i;
  int32_t status =
      ln_main(x, x_shape, scale, v_shape, b, v_shape, y, mean, inv_std_dev);
  printf("layer_normalization %d:", (int)status);
  for (i = 0; i < 8; ++i)
    printf(" %.4f", y[i]);
  printf(" mean %.2f %.2f\n", mean[0], mean[1]);
  status = nz_main(n, n_shape, ny);
  printf("normalizer %d:", (int)status);
  for (i = 0; i < 4; ++i)
    printf(" %.4f", ny[i]);
  printf("\n");
  return 0;
}
