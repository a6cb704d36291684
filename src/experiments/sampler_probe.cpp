#include "experiments/sampler_probe.hpp"

#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <sstream>

#include "error.hpp"
#include "imagecl/process.hpp"
#include "ocl/errors.hpp"
#include "ocl/limits.hpp"
#include "reference/border.hpp"

namespace filterlab {
namespace {

using ref::AddressMode;
using ref::Rational;

cl_addressing_mode cl_mode(AddressMode m) {
  switch (m) {
    case AddressMode::None:
      return CL_ADDRESS_NONE;
    case AddressMode::ClampToEdge:
      return CL_ADDRESS_CLAMP_TO_EDGE;
    case AddressMode::Clamp:
      return CL_ADDRESS_CLAMP;
    case AddressMode::Repeat:
      return CL_ADDRESS_REPEAT;
    case AddressMode::MirroredRepeat:
      return CL_ADDRESS_MIRRORED_REPEAT;
  }
  throw Error("unknown addressing mode");
}

cl::Sampler make_sampler(ocl::Runtime& rt, const ref::SamplerConfig& c) {
  return cl::Sampler(rt.context, c.normalized ? CL_TRUE : CL_FALSE, cl_mode(c.mode),
                     c.filter == ref::FilterMode::Nearest ? CL_FILTER_NEAREST : CL_FILTER_LINEAR);
}

cl::Image1D make_image1d(ocl::Runtime& rt, const ref::Texels& t) {
  return cl::Image1D(rt.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, cl::ImageFormat(CL_R, CL_FLOAT),
                     static_cast<cl::size_type>(t.width), const_cast<float*>(t.v.data()));
}

cl::Image2D make_image2d(ocl::Runtime& rt, const ref::Texels& t) {
  return cl::Image2D(rt.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, cl::ImageFormat(CL_R, CL_FLOAT),
                     static_cast<cl::size_type>(t.width), static_cast<cl::size_type>(t.height), 0,
                     const_cast<float*>(t.v.data()));
}

cl::Buffer upload(ocl::Runtime& rt, const std::vector<float>& v) {
  return cl::Buffer(rt.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, v.size() * sizeof(float),
                    const_cast<float*>(v.data()));
}

std::vector<float> download(ocl::Runtime& rt, const cl::Buffer& b, std::size_t n) {
  std::vector<float> out(n);
  rt.queue.enqueueReadBuffer(b, CL_TRUE, 0, n * sizeof(float), out.data());
  return out;
}

cl::Kernel kernel(ocl::Runtime& rt, const char* name) {
  const auto program = ocl::build_program(rt.context, rt.device, sampler_program_source(), kSamplerBuildOptions);
  return cl::Kernel(program, name);
}

std::size_t round_up(std::size_t n, std::size_t m) { return (n + m - 1) / m * m; }

ProbeEntry judged(const ref::SamplerConfig& c, const ref::Texels& img, const ref::ProbePoint& p, float value) {
  ProbeEntry e;
  e.point = p;
  e.value = value;
  e.expected = ref::expect(c, img, p);
  e.verdict = ref::judge(e.expected, value);
  return e;
}

}  // namespace

ref::Texels article_image() { return grid_image(1); }

ref::Texels grid_image(int dims) {
  ref::Texels t;
  t.dims = dims;
  t.width = dims == 1 ? kGrid1dWidth : kGrid2dWidth;
  t.height = dims == 1 ? 1 : kGrid2dHeight;
  t.v.resize(static_cast<std::size_t>(t.width) * static_cast<std::size_t>(t.height));
  std::iota(t.v.begin(), t.v.end(), 1.0f);
  return t;
}

std::vector<Rational> grid_axis(int n) {
  std::vector<Rational> u;
  for (int i = -n; i < 2 * n; ++i) {
    u.emplace_back(4 * i, 4);
    u.emplace_back(4 * i + 1, 4);
    u.emplace_back(4 * i + 2, 4);
  }
  for (std::int64_t far : {-1000 * n, -100 * n, 100 * n, 1000 * n}) u.emplace_back(4 * far + (far < 0 ? 2 : 1), 4);
  return u;
}

Rational true_coordinate(const Rational& u, int n, bool normalized) {
  return normalized ? Rational(u.num, u.den * n) : u;
}

float device_coordinate(const Rational& truth) { return static_cast<float>(truth.to_double()); }

std::vector<GridCase> grid_cases() {
  std::vector<GridCase> cases;
  for (int dims : {1, 2})
    for (AddressMode m : ref::kAllAddressModes)
      for (bool normalized : {true, false})
        for (auto f : {ref::FilterMode::Nearest, ref::FilterMode::Linear}) {
          if (!ref::sampler_defined(m, normalized)) continue;
          GridCase c;
          c.config = {m, normalized, f};
          c.image = grid_image(dims);
          for (const auto& u : grid_axis(c.image.width))
            c.true_xs.push_back(true_coordinate(u, c.image.width, normalized));
          if (dims == 2)
            for (const auto& u : grid_axis(c.image.height))
              c.true_ys.push_back(true_coordinate(u, c.image.height, normalized));
          for (const auto& t : c.true_xs) c.xs.push_back(device_coordinate(t));
          for (const auto& t : c.true_ys) c.ys.push_back(device_coordinate(t));
          cases.push_back(std::move(c));
        }
  return cases;
}

ocl::ProgramSource sampler_program_source() { return ocl::load_program_source({"sampler/probe.cl"}); }

void require_sampler_support(ocl::Runtime& rt) {
  const auto& dev = rt.device.info;
  ocl::require_images(dev, "the sampler experiment",
                      "it measures image sampling itself: run it with --device PATTERN naming a device with image "
                      "support (see `filterlab devices`)");
  for (auto [type, name] : {std::pair<cl_mem_object_type, const char*>{CL_MEM_OBJECT_IMAGE1D, "1-D"},
                            std::pair<cl_mem_object_type, const char*>{CL_MEM_OBJECT_IMAGE2D, "2-D"}}) {
    std::vector<cl::ImageFormat> formats;
    rt.context.getSupportedImageFormats(CL_MEM_READ_ONLY, type, &formats);
    bool found = false;
    for (const auto& f : formats)
      found = found || (f.image_channel_order == CL_R && f.image_channel_data_type == CL_FLOAT);
    if (!found)
      throw Error(std::string("the sampler experiment needs read-only ") + name +
                      " images of format CL_R / CL_FLOAT, which " + dev.name + " does not support",
                  "run it on another device (filterlab devices lists them)");
  }
}

ArticleRun run_article_probe(ocl::Runtime& rt) {
  ArticleRun run;
  for (int k = -kArticleWidth / 2; k < kArticleWidth + kArticleWidth / 2 + 1; ++k) run.k.push_back(k);
  const auto img = article_image();
  const std::size_t n = run.k.size();
  try {
    auto image = make_image1d(rt, img);
    auto kern = kernel(rt, "sampler_article");
    for (AddressMode m : kArticleModes) {
      const ref::SamplerConfig c{m, true, ref::FilterMode::Nearest};
      cl::Buffer coords(rt.context, CL_MEM_WRITE_ONLY, n * sizeof(float)),
          values(rt.context, CL_MEM_WRITE_ONLY, n * sizeof(float));
      const cl::Sampler sampler = make_sampler(rt, c);  // alive until the read below
      kern.setArg(0, image);
      kern.setArg(1, sampler);
      kern.setArg(2, kArticleWidth);
      kern.setArg(3, coords);
      kern.setArg(4, values);
      rt.queue.enqueueNDRangeKernel(kern, cl::NullRange, cl::NDRange(1), cl::NDRange(1));
      const auto got_c = download(rt, coords, n), got_v = download(rt, values, n);
      ArticleColumn col{m, {}};
      for (std::size_t j = 0; j < n; ++j)
        col.entries.push_back(
            judged(c, img, {got_c[j], 0.0f, Rational(run.k[j], kArticleWidth), Rational(0)}, got_v[j]));
      run.columns.push_back(std::move(col));
    }
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "running the article's sampler probe on " + rt.device.info.name);
  }
  return run;
}

std::vector<float> read_grid_case(ocl::Runtime& rt, const GridCase& c) {
  try {
    const std::size_t nx = c.xs.size(), ny = c.image.dims == 1 ? 1 : c.ys.size();
    cl::Buffer out(rt.context, CL_MEM_WRITE_ONLY, nx * ny * sizeof(float));
    const auto xs = upload(rt, c.xs);
    // The sampler must outlive the launch: clSetKernelArg does not have to retain it.
    const cl::Sampler sampler = make_sampler(rt, c.config);
    if (c.image.dims == 1) {
      auto k = kernel(rt, "sampler_read_1d");
      const auto img = make_image1d(rt, c.image);
      k.setArg(0, img);
      k.setArg(1, sampler);
      k.setArg(2, xs);
      k.setArg(3, out);
      k.setArg(4, static_cast<int>(nx));
      rt.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(round_up(nx, 16)), cl::NDRange(16));
      return download(rt, out, nx);
    }
    auto k = kernel(rt, "sampler_read_2d");
    const auto img = make_image2d(rt, c.image);
    const auto ys = upload(rt, c.ys);
    k.setArg(0, img);
    k.setArg(1, sampler);
    k.setArg(2, xs);
    k.setArg(3, ys);
    k.setArg(4, out);
    k.setArg(5, static_cast<int>(nx));
    k.setArg(6, static_cast<int>(ny));
    rt.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(round_up(nx, 8), round_up(ny, 8)), cl::NDRange(8, 8));
    return download(rt, out, nx * ny);
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "running the sampler grid on " + rt.device.info.name);
  }
}

namespace {

// The case's values from a child process; empty with `crashed` set when the child died.
std::vector<float> read_in_child(ocl::Runtime& rt, GridCase& c, std::size_t index, const std::string& helper) {
  const auto& d = rt.device.info;
  const auto r = imagecl::run_process(
      {helper, "sampler-case", "--device", d.platform + " / " + d.name, "--case", std::to_string(index)});
  if (r.signal != 0) {
    c.crashed = r.status();
    return {};
  }
  if (r.exit_code != 0)
    throw Error("sampler case " + std::to_string(index) + " on " + d.name + ": `" + helper + " sampler-case` " +
                    r.status() + ": " + r.output,
                "run `filterlab sampler-case --device '" + d.platform + " / " + d.name + "' --case " +
                    std::to_string(index) + "` to see it alone");
  std::vector<float> values;
  std::istringstream in(r.output);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) values.push_back(std::strtof(line.c_str(), nullptr));
  return values;
}

}  // namespace

void run_grid_probe(ocl::Runtime& rt, std::vector<GridCase>& cases, const std::string& helper) {
  for (std::size_t index = 0; index < cases.size(); ++index) {
    auto& c = cases[index];
    c.entries.clear();
    c.crashed.clear();
    const bool isolate = !helper.empty() && c.config.mode == AddressMode::None;
    const auto values = isolate ? read_in_child(rt, c, index, helper) : read_grid_case(rt, c);
    if (!c.crashed.empty()) continue;
    const std::size_t nx = c.xs.size(), ny = c.image.dims == 1 ? 1 : c.ys.size();
    if (values.size() != nx * ny)
      throw Error("sampler case " + std::to_string(index) + " on " + rt.device.info.name + " returned " +
                      std::to_string(values.size()) + " values, not " + std::to_string(nx * ny),
                  "this is a bug in the sampler probe");
    for (std::size_t j = 0; j < ny; ++j)
      for (std::size_t i = 0; i < nx; ++i) {
        ref::ProbePoint p{c.xs[i], c.image.dims == 2 ? c.ys[j] : 0.0f, c.true_xs[i],
                          c.image.dims == 2 ? c.true_ys[j] : Rational(0)};
        c.entries.push_back(judged(c.config, c.image, p, values[j * nx + i]));
      }
  }
}

void print_grid_case(ocl::Runtime& rt, std::size_t index) {
  const auto cases = grid_cases();
  if (index >= cases.size())
    throw Error("there is no sampler case " + std::to_string(index), "give 0.." + std::to_string(cases.size() - 1));
  for (float v : read_grid_case(rt, cases[index])) std::printf("%a\n", static_cast<double>(v));
}

std::vector<BorderMatch> border_mapping(const std::vector<GridCase>& cases) {
  std::vector<BorderMatch> out;
  for (const auto& c : cases) {
    // NONE is undefined outside the image: it cannot stand for any border.
    if (c.image.dims != 1 || c.config.filter != ref::FilterMode::Nearest || c.config.mode == AddressMode::None)
      continue;
    const int n = c.image.width;
    for (ref::Border b : ref::kAllBorders) {
      BorderMatch m{c.config.mode, c.config.normalized, std::string(ref::border_name(b)), 0, 0};
      for (std::size_t i = 0; i < c.entries.size(); ++i) {
        const Rational u = c.config.normalized ? c.true_xs[i] * Rational(n) : c.true_xs[i];
        if (u.den != 2) continue;  // texel centres only: u = p + 1/2
        const int p = static_cast<int>(ref::floor_int(u));
        const float v = c.entries[i].value;
        // Texel values are 1..n; the border colour (0) stands for CONSTANT's "outside" (-1).
        const int read = v == ref::kBorderColourR ? -1 : static_cast<int>(v) - 1;
        ++m.total;
        if (read == ref::border_index(p, n, b)) ++m.matches;
      }
      out.push_back(m);
    }
  }
  return out;
}

}  // namespace filterlab
