// aot_bench.c - times one function of an object built by norm-compile, the
// way norm-benchmark times the JIT (benchmarks/aot-vs-jit.sh builds and runs
// it next to norm-benchmark).
//
// Built with -D_POSIX_C_SOURCE=200112L (clock_gettime) and `-include
// CALL_H`, a header that includes the object's header and defines
//   KERNEL_CALL(a, s, r)  the call of the function, from void *a[] (the
//                         argument buffers), const int64_t *s[] (their
//                         shapes) and void *r[] (the result buffers).
// Usage:
//   aot_bench MIN_SECONDS REPETITIONS ARG... -- RESULT...
//   ARG:    SHAPExTYPE as norm-benchmark's --input (16384x1024xf32)
//   RESULT: ELEMENTSxTYPE (16777216xf32)
// The arguments get norm-benchmark's pseudo-random fill (the same 64-bit LCG
// seeded by the argument index, values 2 * u + 0.5 for u in [-1, 1)), every
// buffer is 64-byte aligned (as norm-benchmark's HostTensor), and the
// results are allocated once. Timing as Google Benchmark in norm-benchmark:
// four warm-up calls (norm-benchmark's checked call and three more), then
// batches of calls grown until one takes at least MIN_SECONDS (not
// reported), then REPETITIONS batches of that many calls, each timed with
// clock_gettime(CLOCK_MONOTONIC); prints the median and the lowest of their
// per-call means as `ms=<milliseconds> min_ms=<milliseconds> calls=<per
// batch>`, or `error=<text>` and exit 1 when a call returns non-zero. The
// thread count is OMP_NUM_THREADS's.

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef KERNEL_CALL
#error "build with -include CALL_H defining KERNEL_CALL(a, s, r)"
#endif

enum { kMaxTensors = 16, kMaxRank = 8 };

typedef enum { F32, F64, F16, BF16, I32, I64 } ElementType;

static int parseType(const char *name, size_t length, ElementType *type,
                     size_t *bytes) {
  static const struct {
    const char *name;
    ElementType type;
    size_t bytes;
  } types[] = {{"f32", F32, 4},  {"f64", F64, 8}, {"f16", F16, 2},
               {"bf16", BF16, 2}, {"i32", I32, 4}, {"i64", I64, 8}};
  for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); ++i)
    if (strlen(types[i].name) == length &&
        strncmp(types[i].name, name, length) == 0) {
      *type = types[i].type;
      *bytes = types[i].bytes;
      return 1;
    }
  return 0;
}

/// Parses D0xD1x...xTYPE (norm-benchmark's SHAPExTYPE): the type, the dims
/// (at most kMaxRank), the rank.
static int parseSpec(const char *spec, ElementType *type, size_t *bytes,
                     int64_t *dims, int *rank) {
  const char *typeName = strrchr(spec, 'x');
  typeName = typeName ? typeName + 1 : spec;
  if (!parseType(typeName, strlen(typeName), type, bytes))
    return 0;
  *rank = 0;
  for (const char *p = spec; p < typeName;) {
    char *end;
    long long dim = strtoll(p, &end, 10);
    if (end == p || dim < 0 || *rank == kMaxRank || *end != 'x')
      return 0;
    dims[(*rank)++] = dim;
    p = end + 1;
  }
  return 1;
}

/// norm-benchmark's fill: a 64-bit LCG, as a double in [-1, 1).
static double nextRandom(uint64_t *state) {
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(*state >> 11) * 0x1.0p-52 - 1.0;
}

/// The bfloat16 bits of `value`, rounded to nearest even.
static uint16_t toBF16(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof(bits));
  bits += 0x7fff + ((bits >> 16) & 1);
  return (uint16_t)(bits >> 16);
}

/// The binary16 bits of `value`.
static uint16_t toF16(float value) {
  _Float16 half = (_Float16)value;
  uint16_t bits;
  memcpy(&bits, &half, sizeof(bits));
  return bits;
}

static void fill(void *data, ElementType type, int64_t count, uint64_t seed) {
  uint64_t state = seed * 0x9e3779b97f4a7c15ULL + 1;
  for (int64_t i = 0; i < count; ++i) {
    double value = 2.0 * nextRandom(&state) + 0.5;
    switch (type) {
    case F32:
      ((float *)data)[i] = (float)value;
      break;
    case F64:
      ((double *)data)[i] = value;
      break;
    case F16:
      ((uint16_t *)data)[i] = toF16((float)value);
      break;
    case BF16:
      ((uint16_t *)data)[i] = toBF16((float)value);
      break;
    case I32:
      ((int32_t *)data)[i] = (int32_t)llround(value * 1000);
      break;
    case I64:
      ((int64_t *)data)[i] = (int64_t)llround(value * 1000);
      break;
    }
  }
}

/// A 64-byte aligned, zeroed buffer of at least `bytes` bytes.
static void *allocate(size_t bytes) {
  size_t rounded = (bytes + 63) / 64 * 64;
  void *data = aligned_alloc(64, rounded ? rounded : 64);
  if (!data) {
    printf("error=cannot allocate %zu bytes\n", bytes);
    exit(1);
  }
  memset(data, 0, rounded ? rounded : 64);
  return data;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void *a[kMaxTensors], *r[kMaxTensors];
static int64_t shapes[kMaxTensors][kMaxRank];
static const int64_t *s[kMaxTensors];

/// Calls the function `calls` times; returns the seconds taken, or -1 when
/// a call returns non-zero.
static double timeCalls(long calls) {
  double start = now();
  for (long i = 0; i < calls; ++i)
    if (KERNEL_CALL(a, s, r) != 0)
      return -1;
  return now() - start;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    printf("error=usage: aot_bench MIN_SECONDS REPETITIONS ARG... -- "
           "RESULT...\n");
    return 1;
  }
  double minSeconds = atof(argv[1]);
  int repetitions = atoi(argv[2]);
  if (!(minSeconds > 0) || repetitions < 1 || repetitions > 1000) {
    printf("error=bad MIN_SECONDS or REPETITIONS\n");
    return 1;
  }
  int numArgs = 0, numResults = 0, inResults = 0;
  for (int i = 3; i < argc; ++i) {
    if (strcmp(argv[i], "--") == 0) {
      inResults = 1;
      continue;
    }
    ElementType type;
    size_t bytes;
    int64_t dims[kMaxRank];
    int rank;
    if (!parseSpec(argv[i], &type, &bytes, dims, &rank) ||
        (inResults && rank != 1) ||
        (inResults ? numResults : numArgs) == kMaxTensors) {
      printf("error=bad %s '%s'\n", inResults ? "RESULT" : "ARG", argv[i]);
      return 1;
    }
    int64_t count = 1;
    for (int d = 0; d < rank; ++d)
      count *= dims[d];
    void *data = allocate((size_t)count * bytes);
    if (inResults) {
      r[numResults++] = data;
    } else {
      fill(data, type, count, (uint64_t)numArgs);
      memcpy(shapes[numArgs], dims, sizeof(int64_t) * (size_t)rank);
      s[numArgs] = shapes[numArgs];
      a[numArgs++] = data;
    }
  }

  // Warm-up, then the batch size, then the repetitions.
  if (timeCalls(4) < 0) {
    printf("error=the function returned non-zero\n");
    return 1;
  }
  long calls = 1;
  for (;;) {
    double seconds = timeCalls(calls);
    if (seconds < 0) {
      printf("error=the function returned non-zero\n");
      return 1;
    }
    if (seconds >= minSeconds)
      break;
    // Google Benchmark's growth: aim 40% past the target, at most 10x.
    double factor = seconds > 0 ? 1.4 * minSeconds / seconds : 10;
    long next = (long)(calls * (factor < 10 ? factor : 10));
    calls = next > calls ? next : calls + 1;
  }
  double perCall[1000];
  for (int i = 0; i < repetitions; ++i) {
    double seconds = timeCalls(calls);
    if (seconds < 0) {
      printf("error=the function returned non-zero\n");
      return 1;
    }
    perCall[i] = seconds / (double)calls;
  }
  qsort(perCall, (size_t)repetitions, sizeof(double), compareDoubles);
  double median = repetitions % 2
                      ? perCall[repetitions / 2]
                      : 0.5 * (perCall[repetitions / 2 - 1] +
                               perCall[repetitions / 2]);
  printf("ms=%.6f min_ms=%.6f calls=%ld\n", median * 1e3, perCall[0] * 1e3,
         calls);
  return 0;
}
