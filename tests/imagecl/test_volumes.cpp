// 3-D Images and grids: a z-derivative of a volume (reflect101 in every dimension) weighted by a
// 2-D Image, every parameter value at least once, against a direct CPU computation.
#include <catch2/catch.hpp>

#include "compile_helpers.hpp"
#include "imagecl/launcher.hpp"
#include "imagecl/space.hpp"
#include "opencl_fixture.hpp"
#include "reference/border.hpp"

using namespace filterlab::imagecl;

namespace {
const char* const kSource =
    "#pragma imagecl grid(out)\n"
    "#pragma imagecl boundary(in, reflect101)\n"
    "__kernel void dz(Image<float, 3> in, Image<float, 3> out, Image<float> w) {\n"
    "  out[idx][idy][idz] = (in[idx][idy][idz + 1] - in[idx][idy][idz - 1]) * w[idx][idy];\n"
    "}\n";
}  // namespace

TEST_CASE("3-D Images: parameters, eligibility and diagnostics", "[imagecl][compiler]") {
  const auto r = filterlab::imagecl::compile("dz.icl", kSource);
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  const auto s = filterlab::test::space_of(r);
  CHECK(s["grid"]["dims"] == 3);
  CHECK(filterlab::test::values_of(s, "wg_z") == nlohmann::json::array({1, 2, 4, 8, 16}));
  CHECK(filterlab::test::values_of(s, "coarsen_z") == nlohmann::json::array({1, 2, 4}));
  CHECK(filterlab::test::values_of(s, "image_in").empty());
  CHECK(filterlab::test::values_of(s, "image_w") == nlohmann::json::array({0, 1}));
  CHECK(filterlab::test::values_of(s, "local_w").empty());  // no local memory in 3-D grids
  CHECK(s["arguments"][0]["size_arguments"].size() == 3);

  const auto two = filterlab::imagecl::compile(
      "bad.icl",
      "#pragma imagecl grid(out)\n__kernel void k(Image<float, 3> in, Image<float, 3> out) {\n"
      "  out[idx][idy][0] = in[idx][idy];\n}\n");
  CHECK_FALSE(two.ok);
  CHECK(two.diagnostics.find("bad.icl:3:22: error: Image 'in' has 3 dimensions: index it as in[x][y][z]") !=
        std::string::npos);
  const auto flat = filterlab::imagecl::compile("bad.icl",
                                                "#pragma imagecl grid(out)\n__kernel void k(Image<float> out) {\n"
                                                "  out[idx][idy] = idz;\n}\n");
  CHECK_FALSE(flat.ok);
  CHECK(flat.diagnostics.find("bad.icl:3:19: error: idz needs a 3-D grid") != std::string::npos);
}

TEST_CASE("3-D grid: every parameter value computes the volume's z-derivative", "[imagecl][opencl]") {
  const auto r = filterlab::imagecl::compile("dz.icl", kSource);
  REQUIRE(r.ok);
  const auto s = parse_space(r.space, r.opencl);
  const int w = 13, h = 7, d = 5;
  filterlab::ref::Image in(w, h * d), weights(w, h), want(w, h * d);
  for (std::size_t i = 0; i < in.size(); ++i) in.px[i] = static_cast<float>((i * 29) % 251);
  for (std::size_t i = 0; i < weights.size(); ++i) weights.px[i] = static_cast<float>(i % 5) - 2.0f;
  const auto at = [&](int x, int y, int z) {
    const int zz = filterlab::ref::border_index(z, d, filterlab::ref::Border::Reflect101);
    return in.at(x, zz * h + y);
  };
  for (int z = 0; z < d; ++z)
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) want.at(x, z * h + y) = (at(x, y, z + 1) - at(x, y, z - 1)) * weights.at(x, y);
  auto& rt = filterlab::test::runtime();
  const auto configs = sample_configs(s, 10, 3, rt.device.info, kCheckMaxUnrolled);
  for (std::size_t p = 0; p < s.params.size(); ++p)
    for (long v : s.params[p].values) {
      bool seen = false;
      for (const auto& c : configs) seen = seen || c[p] == v;
      INFO(s.params[p].name << " = " << v);
      CHECK(seen);
    }
  const filterlab::ref::Image blank(w, h * d);
  for (const auto& c : configs) {
    INFO(config_id(s, c));
    Launcher l(rt, s, c);
    l.bind({{"in", volume_arg(in, d)}, {"out", volume_arg(blank, d)}, {"w", image_arg(weights)}});
    l.enqueue();
    const auto got = l.download("out");
    REQUIRE(got.size() == want.size());
    CHECK(got.px == want.px);  // integers: exact
  }
}
