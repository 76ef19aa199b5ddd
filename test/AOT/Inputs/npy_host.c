/* npy_host.c - the C host program of the AOT tests (test/AOT).
 *
 * Calls one function of a header written by norm-compile on tensors read
 * from .npy files and compares its results with expected .npy values (the
 * float64 reference fixtures of test/Integration). Compiled per test as C99
 * with the header forced in and the function's arity given as macros:
 *
 *   clang -std=c99 -include kernels.h -DKERNEL=norm_main -DNUM_ARGS=3 \
 *     -DNUM_RESULTS=3 npy_host.c kernels.o -lm
 *
 * (and -DKERNEL_CPU=norm_main_cpu for an object of several CPU variants:
 * the host prints the CPU of the variant in use after the call).
 *
 * Usage: host IN.npy... -- EXPECTED.npy... [--atol=A] [--rtol=R]
 *             [--bad=ARG,DIM,SIZE]
 *
 * Result buffers are sized from the expected files, followed by a guard
 * of sentinel bytes as large as all arguments together (in f64) and filled
 * with the sentinel first: a result larger than its expected file (a wrong
 * expected shape) fails the check of the guard instead of writing past the
 * buffer. The default tolerances are norm-runner's
 * (docs/Runner.md). --bad=ARG,DIM,SIZE first calls the function with
 * dimension DIM of argument ARG's shape replaced by SIZE and checks that it
 * returns non-zero and leaves every result byte untouched. --threads=N then
 * calls it from N threads at once, 20 times each, with buffers of their own,
 * and checks that every call gives the same bytes as the first (the
 * functions are reentrant). Prints one line per check; exit status 0 when
 * all pass.
 */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANK 8
#define MAX_TENSORS 8
#define SENTINEL 0xA5

enum Kind { F16, BF16, F32, F64, I32, I64 };

struct Tensor {
  enum Kind kind;
  int rank;
  int64_t shape[MAX_RANK];
  int64_t count;
  size_t elementBytes;
  void *data;
};

static void fail(const char *message, const char *detail) {
  fprintf(stderr, "npy_host: %s%s\n", message, detail);
  exit(1);
}

/* Reads a little-endian, C-order .npy file (format versions 1 to 3). */
static void readNpy(const char *path, struct Tensor *tensor) {
  FILE *file = fopen(path, "rb");
  unsigned char magic[10];
  size_t headerLength;
  char *header, *p;
  if (!file)
    fail("cannot open ", path);
  if (fread(magic, 1, 8, file) != 8 || memcmp(magic, "\x93NUMPY", 6) != 0)
    fail("not a .npy file: ", path);
  if (magic[6] == 1) {
    if (fread(magic, 1, 2, file) != 2)
      fail("truncated: ", path);
    headerLength = magic[0] | (size_t)magic[1] << 8;
  } else {
    if (fread(magic, 1, 4, file) != 4)
      fail("truncated: ", path);
    headerLength = magic[0] | (size_t)magic[1] << 8 |
                   (size_t)magic[2] << 16 | (size_t)magic[3] << 24;
  }
  header = calloc(headerLength + 1, 1);
  if (!header || fread(header, 1, headerLength, file) != headerLength)
    fail("truncated header: ", path);
  p = strstr(header, "'descr':");
  if (!p)
    fail("no descr: ", path);
  p = strchr(p + 8, '\'');
  if (!p)
    fail("bad descr: ", path);
  ++p;
  if (!strncmp(p, "<f2'", 4))
    tensor->kind = F16, tensor->elementBytes = 2;
  else if (!strncmp(p, "<u2'", 4))
    tensor->kind = BF16, tensor->elementBytes = 2;
  else if (!strncmp(p, "<f4'", 4))
    tensor->kind = F32, tensor->elementBytes = 4;
  else if (!strncmp(p, "<f8'", 4))
    tensor->kind = F64, tensor->elementBytes = 8;
  else if (!strncmp(p, "<i4'", 4))
    tensor->kind = I32, tensor->elementBytes = 4;
  else if (!strncmp(p, "<i8'", 4))
    tensor->kind = I64, tensor->elementBytes = 8;
  else
    fail("unsupported dtype in ", path);
  if (strstr(header, "'fortran_order': True"))
    fail("Fortran order in ", path);
  p = strstr(header, "'shape':");
  if (!p || !(p = strchr(p, '(')))
    fail("no shape: ", path);
  ++p;
  tensor->rank = 0;
  tensor->count = 1;
  while (*p && *p != ')') {
    char *end;
    long long dim = strtoll(p, &end, 10);
    if (end == p) {
      ++p;
      continue;
    }
    if (tensor->rank == MAX_RANK)
      fail("rank too large: ", path);
    tensor->shape[tensor->rank++] = dim;
    tensor->count *= dim;
    p = end;
  }
  free(header);
  tensor->data = malloc(tensor->count * tensor->elementBytes + 1);
  if (!tensor->data ||
      fread(tensor->data, tensor->elementBytes, (size_t)tensor->count, file) !=
          (size_t)tensor->count)
    fail("truncated data: ", path);
  fclose(file);
}

static double halfToDouble(uint16_t bits) {
  int exponent = (bits >> 10) & 0x1f;
  int mantissa = bits & 0x3ff;
  double value;
  if (exponent == 0)
    value = ldexp(mantissa, -24);
  else if (exponent == 31)
    value = mantissa ? NAN : INFINITY;
  else
    value = ldexp(mantissa + 1024, exponent - 25);
  return (bits & 0x8000) ? -value : value;
}

static double bf16ToDouble(uint16_t bits) {
  uint32_t word = (uint32_t)bits << 16;
  float value;
  memcpy(&value, &word, 4);
  return value;
}

static double getElement(const struct Tensor *tensor, int64_t i) {
  const char *base = (const char *)tensor->data + i * tensor->elementBytes;
  uint16_t u16;
  float f32;
  double f64;
  int32_t i32;
  int64_t i64;
  switch (tensor->kind) {
  case F16:
    memcpy(&u16, base, 2);
    return halfToDouble(u16);
  case BF16:
    memcpy(&u16, base, 2);
    return bf16ToDouble(u16);
  case F32:
    memcpy(&f32, base, 4);
    return f32;
  case F64:
    memcpy(&f64, base, 8);
    return f64;
  case I32:
    memcpy(&i32, base, 4);
    return i32;
  case I64:
    memcpy(&i64, base, 8);
    return (double)i64;
  }
  return 0;
}

static void getDefaultTolerance(enum Kind kind, double *atol, double *rtol) {
  switch (kind) {
  case F64:
    *atol = 1e-15, *rtol = 1e-12;
    break;
  case F32:
    *atol = 1e-6, *rtol = 1e-5;
    break;
  case F16:
    *atol = 1e-4, *rtol = ldexp(1.0, -9);
    break;
  case BF16:
    *atol = 1e-3, *rtol = ldexp(1.0, -6);
    break;
  default:
    *atol = 0, *rtol = 0;
  }
}

static struct Tensor in[MAX_TENSORS], expected[MAX_TENSORS],
    out[MAX_TENSORS];
static int64_t shapes[MAX_TENSORS][MAX_RANK];
/* Bytes of sentinel after each result buffer. */
static size_t guardBytes;

static size_t resultBytes(int r) {
  return (size_t)out[r].count * out[r].elementBytes;
}

/* Returns whether the guard after result buffer `data` of result `r` still
 * holds only the sentinel. */
static int guardIntact(const void *data, int r) {
  const unsigned char *guard = (const unsigned char *)data + resultBytes(r);
  size_t b;
  for (b = 0; b < guardBytes; ++b)
    if (guard[b] != SENTINEL)
      return 0;
  return 1;
}

#define A(i) in[i].data, shapes[i]
#define R(i) out[i].data
#if NUM_ARGS == 1
#define ARGS A(0)
#elif NUM_ARGS == 2
#define ARGS A(0), A(1)
#elif NUM_ARGS == 3
#define ARGS A(0), A(1), A(2)
#else
#error "NUM_ARGS must be 1, 2 or 3"
#endif
#if NUM_RESULTS == 1
#define RESULTS R(0)
#elif NUM_RESULTS == 2
#define RESULTS R(0), R(1)
#elif NUM_RESULTS == 3
#define RESULTS R(0), R(1), R(2)
#else
#error "NUM_RESULTS must be 1, 2 or 3"
#endif

static int32_t callKernel(void) { return KERNEL(ARGS, RESULTS); }

#define MAX_THREADS 16
#define CALLS_PER_THREAD 20

/* One thread of --threads: calls the kernel into buffers of its own and
 * counts the calls whose results differ from `out`. */
struct Worker {
  pthread_t thread;
  void *buffers[MAX_TENSORS];
  int differences;
};

static void *runWorker(void *argument) {
  struct Worker *worker = argument;
  int call, r;
  for (call = 0; call < CALLS_PER_THREAD; ++call) {
#define W(i) worker->buffers[i]
#if NUM_RESULTS == 1
    int32_t status = KERNEL(ARGS, W(0));
#elif NUM_RESULTS == 2
    int32_t status = KERNEL(ARGS, W(0), W(1));
#else
    int32_t status = KERNEL(ARGS, W(0), W(1), W(2));
#endif
#undef W
    if (status != 0)
      ++worker->differences;
    for (r = 0; r < NUM_RESULTS; ++r)
      if (memcmp(worker->buffers[r], out[r].data, resultBytes(r)) != 0 ||
          !guardIntact(worker->buffers[r], r))
        ++worker->differences;
  }
  return NULL;
}

static void fillSentinel(void) {
  int r;
  for (r = 0; r < NUM_RESULTS; ++r)
    memset(out[r].data, SENTINEL, resultBytes(r) + guardBytes);
}

int main(int argc, char **argv) {
  int numIn = 0, numExpected = 0, afterSeparator = 0, i, r;
  int badArg = -1, badDim = 0, failed = 0, threads = 0;
  long long badSize = 0;
  double atolOverride = -1, rtolOverride = -1;
  int32_t status;
  for (i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--")) {
      afterSeparator = 1;
    } else if (!strncmp(argv[i], "--atol=", 7)) {
      atolOverride = atof(argv[i] + 7);
    } else if (!strncmp(argv[i], "--rtol=", 7)) {
      rtolOverride = atof(argv[i] + 7);
    } else if (!strncmp(argv[i], "--threads=", 10)) {
      threads = atoi(argv[i] + 10);
      if (threads < 1 || threads > MAX_THREADS)
        fail("--threads takes 1 to 16", "");
    } else if (!strncmp(argv[i], "--bad=", 6)) {
      if (sscanf(argv[i] + 6, "%d,%d,%lld", &badArg, &badDim, &badSize) != 3)
        fail("--bad takes ARG,DIM,SIZE", "");
    } else if (!afterSeparator) {
      readNpy(argv[i], &in[numIn++]);
    } else {
      readNpy(argv[i], &expected[numExpected++]);
    }
  }
  if (numIn != NUM_ARGS || numExpected != NUM_RESULTS)
    fail("the argument and result counts differ from NUM_ARGS/NUM_RESULTS",
         "");
  guardBytes = 64;
  for (i = 0; i < NUM_ARGS; ++i)
    guardBytes += (size_t)in[i].count * sizeof(double);
  for (r = 0; r < NUM_RESULTS; ++r) {
    out[r] = expected[r];
    out[r].data = malloc(resultBytes(r) + guardBytes);
    if (!out[r].data)
      fail("out of memory", "");
  }
  for (i = 0; i < NUM_ARGS; ++i)
    memcpy(shapes[i], in[i].shape, sizeof(shapes[i]));

  if (badArg >= 0) {
    int untouched = 1;
    int64_t saved = shapes[badArg][badDim];
    shapes[badArg][badDim] = badSize;
    fillSentinel();
    status = callKernel();
    shapes[badArg][badDim] = saved;
    for (r = 0; r < NUM_RESULTS; ++r) {
      const unsigned char *bytes = out[r].data;
      int64_t b;
      for (b = 0; b < (int64_t)resultBytes(r); ++b)
        if (bytes[b] != SENTINEL)
          untouched = 0;
      if (!guardIntact(bytes, r))
        untouched = 0;
    }
    printf("bad shape: status %s, results %s\n",
           status != 0 ? "non-zero" : "ZERO",
           untouched ? "untouched" : "WRITTEN");
    if (status == 0 || !untouched)
      failed = 1;
  }

  fillSentinel();
  status = callKernel();
#ifdef KERNEL_CPU
  /* An object of several variants: the CPU of the one in use. */
  printf("variant %s\n", KERNEL_CPU());
#endif
  printf("status %d\n", (int)status);
  if (status != 0)
    return 1;
  for (r = 0; r < NUM_RESULTS; ++r)
    if (!guardIntact(out[r].data, r)) {
      printf("result %d: written past the %lld elements of its expected "
             "file\n",
             r, (long long)expected[r].count);
      failed = 1;
    }
  for (r = 0; r < NUM_RESULTS; ++r) {
    double atol, rtol;
    int64_t e, mismatches = 0;
    getDefaultTolerance(expected[r].kind, &atol, &rtol);
    if (atolOverride >= 0)
      atol = atolOverride;
    if (rtolOverride >= 0)
      rtol = rtolOverride;
    for (e = 0; e < expected[r].count; ++e) {
      double got = getElement(&out[r], e), want = getElement(&expected[r], e);
      int match;
      if (isnan(got) || isnan(want))
        match = isnan(got) && isnan(want);
      else if (isinf(got) || isinf(want))
        match = got == want;
      else
        match = fabs(got - want) <= atol + rtol * fabs(want);
      if (!match && mismatches++ == 0)
        printf("result %d: element %lld is %.9g, expected %.9g\n", r,
               (long long)e, got, want);
    }
    printf("result %d: %lld of %lld elements match\n", r,
           (long long)(expected[r].count - mismatches),
           (long long)expected[r].count);
    if (mismatches)
      failed = 1;
  }
  if (threads > 0) {
    static struct Worker workers[MAX_THREADS];
    int t, differences = 0;
    for (t = 0; t < threads; ++t) {
      for (r = 0; r < NUM_RESULTS; ++r) {
        workers[t].buffers[r] = malloc(resultBytes(r) + guardBytes);
        if (!workers[t].buffers[r])
          fail("out of memory", "");
        memset(workers[t].buffers[r], SENTINEL, resultBytes(r) + guardBytes);
      }
      if (pthread_create(&workers[t].thread, NULL, runWorker, &workers[t]))
        fail("cannot create a thread", "");
    }
    for (t = 0; t < threads; ++t) {
      pthread_join(workers[t].thread, NULL);
      differences += workers[t].differences;
    }
    printf("threads %d: %d of %d calls differ\n", threads, differences,
           threads * CALLS_PER_THREAD);
    if (differences)
      failed = 1;
  }
  return failed;
}
