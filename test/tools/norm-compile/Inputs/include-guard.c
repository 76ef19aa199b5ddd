/* include-guard.test: three headers named kernels.h in one C file (the
 * first one twice); each declaration must be visible, with its type. */
#include "ga/kernels.h"
#include "ga/kernels.h"
#include "gb/kernels.h"
#include "gc/kernels.h"

int main(void) {
  int32_t (*a)(const uint16_t *, const int64_t *, uint16_t *) = a_lp_norm;
  int32_t (*b)(const uint16_t *, const int64_t *, uint16_t *) = b_lp_norm;
  int32_t (*c)(const int64_t *, const int64_t *, float *) = normalizer;
  (void)a;
  (void)b;
  (void)c;
  return 0;
}
