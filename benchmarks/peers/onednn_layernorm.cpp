// The oneDNN peer (Debian libdnnl-dev, the dnnl C++ API of oneDNN 2.x or
// 3.x): LayerNormalization over the last axis of [N, C] with Scale and B,
// epsilon 1e-5, as oneDNN's layer_normalization_forward primitive
// (prop_kind forward_inference, flags use_scale | use_shift; Scale and B are
// f32 as the primitive requires). The primitive and its memory are created
// once; only execute (and the stream's wait) is timed. Before timing, the
// output of up to 256 rows spread over X is compared with a float64
// reference computed from the same (rounded) inputs; a kernel that misses
// the tolerance is reported as an error, not timed. Prints the median time
// of a call over at least 0.5 s of calls, like peers/twopass.cpp.
// oneDNN's CPU runtime is OpenMP: the program re-executes itself with
// OMP_NUM_THREADS = THREADS when the environment says otherwise, since the
// OpenMP runtime reads it when it is loaded.
// Usage: onednn_layernorm N C THREADS [TYPE]   (TYPE: f32 | bf16 | f16)
#include "median_time.h"
#include "onednn_common.h"

#include <oneapi/dnnl/dnnl.hpp>
#include <oneapi/dnnl/dnnl_version.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

using dnnl::memory;

int main(int argc, char **argv) {
  if (argc != 4 && argc != 5) {
    std::fprintf(stderr, "usage: onednn_layernorm N C THREADS [TYPE]\n");
    return 2;
  }
  pinThreads(argv[3], argv);
  long n = std::atol(argv[1]), c = std::atol(argv[2]);
  std::string type = argc == 5 ? argv[4] : "f32";
  memory::data_type dt = type == "bf16"  ? memory::data_type::bf16
                         : type == "f16" ? memory::data_type::f16
                                         : memory::data_type::f32;
  if (type != "f32" && type != "bf16" && type != "f16") {
    std::printf("error=unknown type %s\n", type.c_str());
    return 2;
  }
  const float epsilon = 1e-5f;

  // Inputs as peers/twopass.cpp makes them, rounded to TYPE; `xs` holds the
  // rounded values as f32 for the reference.
  std::vector<float> xs(n * c), scale(c), bias(c);
  uint64_t s = 1;
  for (auto &v : xs) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    v = float((s >> 11) * 0x1.0p-52 * 4.0 - 1.5);
  }
  for (long i = 0; i < c; ++i) {
    scale[i] = 1.0f + 0.001f * i;
    bias[i] = 0.5f;
  }
  std::vector<uint16_t> x16;
  if (type != "f32") {
    x16.resize(n * c);
    for (long i = 0; i < n * c; ++i) {
      x16[i] = type == "bf16" ? toBf16(xs[i]) : toF16(xs[i]);
      xs[i] = type == "bf16" ? fromBf16(x16[i]) : fromF16(x16[i]);
    }
  }

  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  memory::desc data({n, c}, dt, memory::format_tag::ab);
  memory::desc param({c}, memory::data_type::f32, memory::format_tag::a);
  auto flags = dnnl::normalization_flags::use_scale |
               dnnl::normalization_flags::use_shift;
  // The scratchpad (if the implementation wants one) is ours, allocated once.
  dnnl::primitive_attr attr;
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  dnnl::layer_normalization_forward::primitive_desc pd;
  try {
#if DNNL_VERSION_MAJOR >= 3
    pd = dnnl::layer_normalization_forward::primitive_desc(
        engine, dnnl::prop_kind::forward_inference, data, data, epsilon, flags,
        attr);
#else
    pd = dnnl::layer_normalization_forward::primitive_desc(
        dnnl::layer_normalization_forward::desc(
            dnnl::prop_kind::forward_inference, data, epsilon, flags),
        attr, engine);
#endif
  } catch (const dnnl::error &) {
    std::printf("error=no %s primitive in oneDNN %d.%d\n", type.c_str(),
                DNNL_VERSION_MAJOR, DNNL_VERSION_MINOR);
    return 1;
  }
  dnnl::layer_normalization_forward prim(pd);
  memory src(data, engine), dst(data, engine);
  memory scaleMem(param, engine, scale.data()),
      shiftMem(param, engine, bias.data());
  memory scratch(pd.scratchpad_desc(), engine);
  if (type == "f32")
    std::memcpy(src.get_data_handle(), xs.data(), n * c * 4);
  else
    std::memcpy(src.get_data_handle(), x16.data(), n * c * 2);
  std::memset(dst.get_data_handle(), 0, n * c * (type == "f32" ? 4 : 2));
  std::unordered_map<int, memory> args = {{DNNL_ARG_SRC, src},
                                          {DNNL_ARG_DST, dst},
                                          {DNNL_ARG_SCALE, scaleMem},
                                          {DNNL_ARG_SHIFT, shiftMem},
                                          {DNNL_ARG_SCRATCHPAD, scratch}};
  auto run = [&] {
    prim.execute(stream, args);
    stream.wait();
  };
  run();

  // Correctness: up to 256 rows spread over X against float64 on the same
  // inputs. Error relative to max(1, |reference|); the tolerance allows f32
  // arithmetic, or one rounding of Y to bf16/f16 plus f32 arithmetic.
  double tol = type == "f32" ? 1e-4 : type == "bf16" ? 0x1.0p-7 : 0x1.0p-10;
  double maxErr = 0;
  long checked = std::min(n, 256L);
  for (long k = 0; k < checked; ++k) {
    long r = k * n / checked;
    const float *xr = xs.data() + r * c;
    double mean = 0, var = 0;
    for (long i = 0; i < c; ++i)
      mean += xr[i];
    mean /= c;
    for (long i = 0; i < c; ++i)
      var += (xr[i] - mean) * (xr[i] - mean);
    double inv = 1 / std::sqrt(var / c + double(epsilon));
    for (long i = 0; i < c; ++i) {
      double ref = (xr[i] - mean) * inv * scale[i] + bias[i];
      long at = r * c + i;
      double got =
          type == "f32" ? static_cast<float *>(dst.get_data_handle())[at]
          : type == "bf16"
              ? fromBf16(static_cast<uint16_t *>(dst.get_data_handle())[at])
              : fromF16(static_cast<uint16_t *>(dst.get_data_handle())[at]);
      double err = std::fabs(got - ref) / std::max(1.0, std::fabs(ref));
      if (!(err <= maxErr))
        maxErr = err; // NaN sticks
    }
  }
  if (!(maxErr <= tol)) {
    std::printf("error=wrong result: max relative error %g > %g\n", maxErr,
                tol);
    return 1;
  }

  double median = medianSeconds(run, n * c);
  std::printf("layernorm %ldx%ld %s threads=%s ms=%.6f impl=%s maxerr=%.3g "
              "oneDNN=%d.%d.%d\n",
              n, c, type.c_str(), argv[3], median * 1e3, pd.impl_info_str(),
              maxErr, DNNL_VERSION_MAJOR, DNNL_VERSION_MINOR,
              DNNL_VERSION_PATCH);
  return 0;
}
