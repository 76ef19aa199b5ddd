// The oneDNN peer for BatchNormalization (Debian libdnnl-dev, the dnnl C++
// API of oneDNN 2.x or 3.x): inference on X [N, C, H, W] (NCHW, f32 or f16)
// with Scale, B, input_mean and input_var of [C], epsilon 1e-5, as oneDNN's
// batch_normalization_forward primitive (prop_kind forward_inference, flags
// use_global_stats | use_scale | use_shift; the statistics and Scale/B are
// f32 as the primitive requires). The primitive and its memory are created
// once; only execute (and the stream's wait) is timed. Before timing, its
// output on up to 64 channel planes is compared with a float64 reference
// computed from the same (rounded) inputs; a kernel that misses the
// tolerance is reported as an error, not timed. Prints the median time of a
// call over at least 0.5 s of calls, like peers/onednn_layernorm.cpp.
// Usage: onednn_batchnorm N C H W THREADS [TYPE]   (TYPE: f32 | f16)
#include "median_time.h"
#include "onednn_common.h"

#include <oneapi/dnnl/dnnl.hpp>
#include <oneapi/dnnl/dnnl_version.h>

#include <unistd.h>

#include <algorithm>
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
  if (argc != 6 && argc != 7) {
    std::fprintf(stderr, "usage: onednn_batchnorm N C H W THREADS [TYPE]\n");
    return 2;
  }
  pinThreads(argv[5], argv);
  long n = std::atol(argv[1]), c = std::atol(argv[2]), h = std::atol(argv[3]),
       w = std::atol(argv[4]);
  long plane = h * w, total = n * c * plane;
  std::string type = argc == 7 ? argv[6] : "f32";
  if (type != "f32" && type != "f16") {
    std::printf("error=unknown type %s\n", type.c_str());
    return 2;
  }
  memory::data_type dt =
      type == "f16" ? memory::data_type::f16 : memory::data_type::f32;
  const float epsilon = 1e-5f;

  // Inputs as peers/onednn_layernorm.cpp makes them, rounded to TYPE; `xs`
  // holds the rounded values as f32 for the reference. Statistics: mean in
  // [-0.5, 0.5), variance in [0.5, 1.5).
  std::vector<float> xs(total), scale(c), bias(c), mean(c), var(c);
  uint64_t s = 1;
  for (auto &v : xs) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    v = float((s >> 11) * 0x1.0p-52 * 4.0 - 1.5);
  }
  for (long i = 0; i < c; ++i) {
    scale[i] = 1.0f + 0.001f * i;
    bias[i] = 0.5f;
    mean[i] = float(i % 7) / 7 - 0.5f;
    var[i] = 0.5f + float(i % 5) / 5;
  }
  std::vector<uint16_t> x16;
  if (type == "f16") {
    x16.resize(total);
    for (long i = 0; i < total; ++i) {
      x16[i] = toF16(xs[i]);
      xs[i] = fromF16(x16[i]);
    }
  }

  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  memory::desc data({n, c, h, w}, dt, memory::format_tag::nchw);
  memory::desc param({c}, memory::data_type::f32, memory::format_tag::a);
  auto flags = dnnl::normalization_flags::use_global_stats |
               dnnl::normalization_flags::use_scale |
               dnnl::normalization_flags::use_shift;
  dnnl::primitive_attr attr;
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  dnnl::batch_normalization_forward::primitive_desc pd;
  try {
#if DNNL_VERSION_MAJOR >= 3
    pd = dnnl::batch_normalization_forward::primitive_desc(
        engine, dnnl::prop_kind::forward_inference, data, data, epsilon, flags,
        attr);
#else
    pd = dnnl::batch_normalization_forward::primitive_desc(
        dnnl::batch_normalization_forward::desc(
            dnnl::prop_kind::forward_inference, data, epsilon, flags),
        attr, engine);
#endif
  } catch (const dnnl::error &) {
    std::printf("error=no %s primitive in oneDNN %d.%d\n", type.c_str(),
                DNNL_VERSION_MAJOR, DNNL_VERSION_MINOR);
    return 1;
  }
  dnnl::batch_normalization_forward prim(pd);
  memory src(data, engine), dst(data, engine);
  memory scaleMem(param, engine, scale.data()),
      shiftMem(param, engine, bias.data()), meanMem(param, engine, mean.data()),
      varMem(param, engine, var.data());
  memory scratch(pd.scratchpad_desc(), engine);
  if (type == "f32")
    std::memcpy(src.get_data_handle(), xs.data(), total * 4);
  else
    std::memcpy(src.get_data_handle(), x16.data(), total * 2);
  std::memset(dst.get_data_handle(), 0, total * (type == "f32" ? 4 : 2));
  std::unordered_map<int, memory> args = {
      {DNNL_ARG_SRC, src},         {DNNL_ARG_DST, dst},
      {DNNL_ARG_SCALE, scaleMem},  {DNNL_ARG_SHIFT, shiftMem},
      {DNNL_ARG_MEAN, meanMem},    {DNNL_ARG_VARIANCE, varMem},
      {DNNL_ARG_SCRATCHPAD, scratch}};
  auto run = [&] {
    prim.execute(stream, args);
    stream.wait();
  };
  run();

  // Correctness: up to 64 (n, c) planes spread over X against float64 on
  // the same inputs, error relative to max(1, |reference|).
  double tol = type == "f32" ? 1e-4 : 0x1.0p-10;
  double maxErr = 0;
  long planes = n * c, checked = std::min(planes, 64L);
  for (long k = 0; k < checked; ++k) {
    long p = k * planes / checked, ch = p % c;
    double inv = 1 / std::sqrt(double(var[ch]) + double(epsilon));
    for (long i = 0; i < plane; ++i) {
      long at = p * plane + i;
      double ref = (xs[at] - double(mean[ch])) * inv * scale[ch] + bias[ch];
      double got =
          type == "f32"
              ? static_cast<float *>(dst.get_data_handle())[at]
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

  double median = medianSeconds(run, total);
  std::printf("batchnorm %ldx%ldx%ldx%ld %s threads=%s ms=%.6f impl=%s "
              "maxerr=%.3g oneDNN=%d.%d.%d\n",
              n, c, h, w, type.c_str(), argv[5], median * 1e3,
              pd.impl_info_str(), maxErr, DNNL_VERSION_MAJOR,
              DNNL_VERSION_MINOR, DNNL_VERSION_PATCH);
  return 0;
}
