// The roofline probes on the test device with tiny sizes: every probe passes its host check and
// gives a finite positive rate; a probe whose kernel computes something else, skips work or leaves
// a work-item unwritten is refused before it is timed.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>

#include "error.hpp"
#include "ocl/program.hpp"
#include "measure/roofline.hpp"
#include "opencl_fixture.hpp"

using namespace filterlab;

namespace {

measure::RooflineOptions tiny() {
  measure::RooflineOptions o;
  o.sizes.global = 512;
  o.sizes.wg = 64;
  o.sizes.chains = 4;
  o.sizes.fp_iters = 64;
  o.sizes.cvt_iters = 64;
  o.sizes.local_chains = 2;
  o.sizes.local_iters = 64;
  o.sizes.tile = 128;
  o.repetitions = 3;
  o.warmup = 1;
  o.copy_bytes = 1 << 20;
  return o;
}

// measure_roofline with `from` replaced by `to` in roofline.cl: what it says of the refused probes
// (each refused probe's reason, or the error it throws), and how many probes it still measured.
std::string mutant_error(const std::string& from, const std::string& to, std::size_t* measured = nullptr) {
  const auto dir = test::mutated_kernels("probe/roofline.cl", from, to);
  ocl::set_kernel_dir(dir.string());
  std::string message;
  try {
    const auto r = measure::measure_roofline(test::runtime(), tiny());
    for (const auto& [probe, reason] : r.refused) message += probe + ": " + reason + "\n";
    if (measured) *measured = r.probes.size();
  } catch (const Error& e) {
    message = e.what();
  }
  ocl::set_kernel_dir("");
  std::filesystem::remove_all(dir);
  return message;
}

}  // namespace

TEST_CASE("every roofline probe passes its host check and gives a finite positive rate", "[roofline]") {
  const auto o = tiny();
  const auto r = measure::measure_roofline(test::runtime(), o);
  CHECK(r.copy.best_GBps() > 0);
  CHECK(r.copy.kernel_copy_samples_ms.size() == 3);
  CHECK_THAT(r.build_options,
             Catch::StartsWith("-cl-std=CL1.2") && Catch::Contains("-DFL_CHAINS=4") && !Catch::Contains("mad-enable"));
  CHECK(r.program_sha256.size() == 64);
  REQUIRE(r.probes.size() == measure::roofline_probe_names().size());
  for (std::size_t i = 0; i < r.probes.size(); ++i) {
    const auto& p = r.probes[i];
    INFO(p.name);
    CHECK(p.name == measure::roofline_probe_names()[i]);
    CHECK_THAT(p.check, Catch::Contains("equal the host's exact replay"));
    CHECK(std::isfinite(p.rate));
    CHECK(p.rate > 0);
    CHECK(p.rate_ci95_low <= p.rate);
    CHECK(p.rate <= p.rate_ci95_high);
    CHECK(p.samples.kernel_ms.size() == 3);
    CHECK(p.kernel_ms.n == 3);
    CHECK(p.rate == Approx(p.work_per_launch() / 1e9 / (p.kernel_ms.median * 1e-3)));
  }
  // Operations per launch: work-items x chains x iterations; an fma is two flops, a float load 4 bytes.
  CHECK(r.probe("fp32_exact").work_per_launch() == 512.0 * 4 * 64);
  CHECK(r.probe("fp32_fma").work_per_launch() == 2 * 512.0 * 4 * 64);
  CHECK(r.probe("cvt_u8_f32").work_per_launch() == 512.0 * 4 * 64);
  CHECK(r.probe("local_f32").work_per_launch() == 4 * 512.0 * 2 * 64);
  CHECK(r.probe("local_u8").work_per_launch() == 512.0 * 2 * 64);
  CHECK_THROWS_WITH(r.probe("fp64"), Catch::Contains("no roofline probe 'fp64'"));
}

TEST_CASE("a roofline probe that computes something else is refused before timing", "[roofline][mutation]") {
  // Rounding toward zero instead of to nearest even.
  CHECK_THAT(mutant_error("convert_uchar_sat_rte(f[c])", "convert_uchar_sat(f[c])"),
             Catch::Contains("cvt_f32_u8") && Catch::Contains("exact replay") && Catch::Contains("nothing was timed"));
  // A separate multiply and add where the probe claims an fma (rounded twice).
  CHECK_THAT(mutant_error("x##c = fma(x##c, m, a);", "x##c = x##c * m + a;"),
             Catch::Contains("fp32_fma") && Catch::Contains("exact replay"));
  // The offset's wrap-around misplaced.
  CHECK_THAT(mutant_error("base = base >= FL_TILE ? base - FL_TILE : base;", "base = base >= FL_TILE ? 0 : base;"),
             Catch::Contains("local_f32") && Catch::Contains("exact replay"));
}

TEST_CASE("a refused roofline probe is named and every other probe is still measured", "[roofline][mutation]") {
  // A device compiler that reassociates the multiply chain (Intel's OpenCL CPU runtime does).
  std::size_t measured = 0;
  const auto said = mutant_error("x##c *= m; y##c += a;", "x##c *= m * 1.0000001f; y##c += a;", &measured);
  CHECK_THAT(said, Catch::StartsWith("fp32_exact: ") && Catch::Contains("exact replay"));
  CHECK(measured == measure::roofline_probe_names().size() - 1);
}

TEST_CASE("a roofline probe that skips work or a work-item is refused", "[roofline][mutation]") {
  CHECK_THAT(mutant_error("for (int i = 0; i < FL_FP_ITERS; ++i) {", "for (int i = 1; i < FL_FP_ITERS; ++i) {"),
             Catch::Contains("fp32_exact") && Catch::Contains("exact replay"));
  CHECK_THAT(mutant_error("out[g] = s;", "if (g != 5) out[g] = s;"),
             Catch::Contains("fp32_exact") && Catch::Contains("work-item 5 wrote") && Catch::Contains("nan"));
}
