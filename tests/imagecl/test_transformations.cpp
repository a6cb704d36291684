// Each transformation on and off, one at a time, on the paper's box blur compiled here from its
// ImageCL source, against the oracle on the test device; plus the pairs that interact (local
// memory with interleaving, with image memory).
#include <catch2/catch.hpp>

#include "compile_helpers.hpp"
#include "imagecl/launcher.hpp"
#include "imagecl/space.hpp"
#include "opencl_fixture.hpp"
#include "reference/correlate.hpp"
#include "reference/tolerances.hpp"

using namespace filterlab::imagecl;

namespace {

double run_blur(const KernelSpace& s, const Config& c, const filterlab::ref::Image& in,
                const filterlab::ref::Image& oracle) {
  auto& rt = filterlab::test::runtime();
  const filterlab::ref::Image blank(in.width, in.height);
  Launcher l(rt, s, c);
  l.bind({{"in", image_arg(in)}, {"out", image_arg(blank)}});
  l.enqueue();
  const auto out = l.download("out");
  double worst = 0;  // in units of the allowed error at that pixel
  for (std::size_t i = 0; i < out.size(); ++i)
    worst = std::max(
        worst, std::fabs(double(out.px[i]) - double(oracle.px[i])) / filterlab::tol::float_divide_bound(oracle.px[i]));
  return worst;
}

}  // namespace

TEST_CASE("box blur: every parameter value, one at a time, computes the oracle's blur", "[imagecl][opencl]") {
  const auto r = filterlab::test::compile_file("imagecl/examples/box_blur.icl");
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  const auto s = parse_space(r.space, r.opencl);
  auto in = filterlab::ref::Image(53, 29);
  for (std::size_t i = 0; i < in.size(); ++i) in.px[i] = static_cast<float>((i * 37) % 256);
  filterlab::ref::Kernel2D box{3, 3, std::vector<double>(9, 1.0 / 9.0)};
  const auto oracle = filterlab::ref::correlate2d(in, box, filterlab::ref::Border::Constant, 0.0);

  Config base;
  for (const auto& p : s.params) base.push_back(p.values.front());
  const auto set = [&](Config c, const std::string& name, long v) {
    for (std::size_t i = 0; i < s.params.size(); ++i)
      if (s.params[i].name == name) c[i] = v;
    return c;
  };
  base = set(set(set(set(base, "wg_x", 8), "wg_y", 4), "coarsen_x", 2), "coarsen_y", 2);
  std::vector<Config> configs;
  for (std::size_t p = 0; p < s.params.size(); ++p)
    for (long v : s.params[p].values) configs.push_back(set(base, s.params[p].name, v));
  configs.push_back(set(set(base, "local_in", 1), "interleaved", 1));
  configs.push_back(set(set(base, "local_in", 1), "image_in", 1));
  configs.push_back(set(set(set(set(base, "local_in", 1), "interleaved", 1), "unroll_0", 3), "unroll_1", 3));
  // Vector loads need the window and coarsen_x a multiple of N: each N with both.
  for (long n : {4L, 8L, 16L})
    configs.push_back(set(set(set(set(base, "window_in", 1), "vector_in", n), "coarsen_x", n), "interior", 1));
  configs.push_back(set(set(base, "window_in", 1), "interior", 1));
  // Vector stores need coarsen_x a multiple of N: each N alone and with the window's loads.
  for (long n : {4L, 8L, 16L}) {
    configs.push_back(set(set(base, "vector_out", n), "coarsen_x", n));
    configs.push_back(
        set(set(set(set(set(base, "window_in", 1), "vector_in", n), "vector_out", n), "coarsen_x", n), "interior", 1));
  }
  // Strips of N lanes need coarsen_x a multiple of N.
  for (long n : {4L, 8L, 16L}) configs.push_back(set(set(base, "simd", n), "coarsen_x", n));
  // Rows in lockstep need strips: with 4 lanes.
  configs.push_back(set(set(set(base, "simd", 4), "coarsen_x", 4), "lockstep", 1));
  // Edge lanes need strips too.
  configs.push_back(set(set(set(base, "simd", 4), "coarsen_x", 4), "edge_lanes", 1));
  for (const auto& c : configs) {
    INFO(config_id(s, c));
    const auto why = violation(s, c, filterlab::test::runtime().device.info);
    if (!why.empty()) {  // only the vector, strip and lockstep values alone, which the lines above cover
      CHECK((why.find("needs window_in 1") != std::string::npos || why.find("vector_out") == 0 ||
             why.find("simd ") == 0 || why.find("lockstep 1 needs simd > 0") == 0 ||
             why.find("edge_lanes 1 needs simd > 0") == 0));
      continue;
    }
    CHECK(run_blur(s, c, in, oracle) <= 1.0);
  }
}

TEST_CASE("box blur: a local-memory tile one pixel off is caught (the comparison can fail)", "[imagecl][opencl]") {
  const auto r = filterlab::test::compile_file("imagecl/examples/box_blur.icl");
  REQUIRE(r.ok);
  auto s = parse_space(r.space, r.opencl);
  const std::string from = "icl_ox_in = icl_gx0 + (-1)";
  const auto at = s.opencl.find(from);
  REQUIRE(at != std::string::npos);
  s.opencl.replace(at, from.size(), "icl_ox_in = icl_gx0 + (0)");
  auto in = filterlab::ref::Image(53, 29);
  for (std::size_t i = 0; i < in.size(); ++i) in.px[i] = static_cast<float>((i * 37) % 256);
  filterlab::ref::Kernel2D box{3, 3, std::vector<double>(9, 1.0 / 9.0)};
  const auto oracle = filterlab::ref::correlate2d(in, box, filterlab::ref::Border::Constant, 0.0);
  Config c;
  for (const auto& p : s.params) c.push_back(p.name == "local_in" ? 1 : p.name == "wg_x" ? 8 : p.values.front());
  CHECK(run_blur(s, c, in, oracle) > 1.0);
}
