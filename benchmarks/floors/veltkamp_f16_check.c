// veltkamp_f16_check.c - checks that Veltkamp's splitting rounds an f32 value
// v to f16's 11 significant bits, to nearest with ties to even, wherever the
// result is a normal f16 (2^-14 <= |v| < 65520): c = v * (2^13 + 1),
// v16 = c - (c - v), against the round trip through f16 (vcvtps2ph with
// round-to-nearest-even, then vcvtph2ps), on every f32 value of that range,
// both signs (docs/Development.md, "RMSNormalization f16/bf16 at 1 thread").
// Prints the number of values that differ (0 expected) and the first few.
//
// Build and run (x86-64 with AVX-512F):
//   clang-22 -O2 -march=native veltkamp_f16_check.c -o veltkamp && ./veltkamp
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>

#define TO_NEAREST (_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)

int main(void) {
  const uint32_t lowest = 0x38800000u;  // 2^-14, the least normal f16
  const uint32_t highest = 0x477FF000u; // 65520, the least that rounds to inf
  const __m512i lanes =
      _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m512 splitter = _mm512_set1_ps(8193.0f);
  long differ = 0, checked = 0;
  for (uint32_t sign = 0; sign <= 1; sign++) {
    for (uint32_t bits = lowest; bits < highest; bits += 16) {
      __m512 v = _mm512_castsi512_ps(
          _mm512_add_epi32(_mm512_set1_epi32(bits | sign << 31), lanes));
      __m512 expected = _mm512_cvtph_ps(_mm512_cvtps_ph(v, TO_NEAREST));
      __m512 c = _mm512_mul_ps(v, splitter);
      __m512 split = _mm512_sub_ps(c, _mm512_sub_ps(c, v));
      __mmask16 bad = _mm512_cmpneq_epi32_mask(_mm512_castps_si512(split),
                                               _mm512_castps_si512(expected));
      checked += 16;
      if (!bad)
        continue;
      float vs[16], got[16], want[16];
      _mm512_storeu_ps(vs, v);
      _mm512_storeu_ps(got, split);
      _mm512_storeu_ps(want, expected);
      for (int i = 0; i < 16; i++)
        if (bad >> i & 1 && differ++ < 5)
          printf("v = %a: split %a, f16 round trip %a\n", vs[i], got[i],
                 want[i]);
    }
  }
  printf("%ld of %ld values differ\n", differ, checked);
  return differ != 0;
}
