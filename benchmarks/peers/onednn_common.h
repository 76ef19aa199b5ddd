// onednn_common.h - what the oneDNN peers share: bf16/f16 rounding of their
// f32 inputs and the OMP_NUM_THREADS re-execution (oneDNN's CPU runtime is
// OpenMP, which reads the variable when it is loaded).
#ifndef NORM_BENCHMARKS_PEERS_ONEDNN_COMMON_H
#define NORM_BENCHMARKS_PEERS_ONEDNN_COMMON_H

#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

/// Rounds f32 to bf16 (nearest, ties to even), as the bits of the bf16 value.
inline uint16_t toBf16(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  bits += 0x7fff + ((bits >> 16) & 1);
  return uint16_t(bits >> 16);
}

inline float fromBf16(uint16_t h) {
  uint32_t bits = uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// Rounds f32 to IEEE f16 (nearest, ties to even; the inputs here are
/// normal numbers well inside f16's range).
inline uint16_t toF16(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  uint32_t sign = (bits >> 16) & 0x8000;
  int exp = int((bits >> 23) & 0xff) - 127 + 15;
  uint32_t mant = bits & 0x7fffff;
  if (exp <= 0)
    return uint16_t(sign);
  uint32_t h = (uint32_t(exp) << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (h & 1)))
    ++h;
  return uint16_t(sign | h);
}

inline float fromF16(uint16_t h) {
  int exp = (h >> 10) & 0x1f;
  float mag = exp == 0 ? std::ldexp(float(h & 0x3ff), -24)
                       : std::ldexp(float((h & 0x3ff) | 0x400), exp - 25);
  return (h & 0x8000) ? -mag : mag;
}

/// Makes sure OMP_NUM_THREADS is THREADS before the OpenMP runtime that
/// libdnnl links reads it: re-executes this program otherwise.
inline void pinThreads(const char *threads, char **argv) {
  const char *env = std::getenv("OMP_NUM_THREADS");
  if (env && !std::strcmp(env, threads))
    return;
  setenv("OMP_NUM_THREADS", threads, 1);
  execv("/proc/self/exe", argv);
  std::printf("error=cannot re-execute with OMP_NUM_THREADS=%s\n", threads);
  std::exit(1);
}

#endif // NORM_BENCHMARKS_PEERS_ONEDNN_COMMON_H
