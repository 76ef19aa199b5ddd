/* Calls the two kernels of my.model.v1.mlir and my.model.v2.mlir (Normalizer
 * L1 and L2) through the headers named after them and prints the results. */
#include "my.model.v1.h"
#include "my.model.v2.h"
#include <stdio.h>

int main(void) {
  int64_t n[4] = {1, -1, 2, -2}, n_shape[2] = {1, 4};
  float y1[4], y2[4];
  int i;
  int32_t status = nz_l1(n, n_shape, y1);
  printf("l1 %d:", (int)status);
  for (i = 0; i < 4; ++i)
    printf(" %.4f", y1[i]);
  printf("\n");
  status = nz_l2(n, n_shape, y2);
  printf("l2 %d:", (int)status);
  for (i = 0; i < 4; ++i)
    printf(" %.4f", y2[i]);
  printf("\n");
  return 0;
}
