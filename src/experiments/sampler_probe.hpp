#pragma once
// Study 3's device side: reads an image through every sampler configuration and has the spec
// oracle judge every value. Used by the experiment (run sampler) and by the OpenCL tests.
#include <array>
#include <string>
#include <vector>

#include "ocl/program.hpp"
#include "ocl/runtime.hpp"
#include "reference/rational.hpp"
#include "reference/sampler.hpp"
#include "reference/sampler_judge.hpp"

namespace filterlab {

// The article's setup: a 1-D image holding 1..10, normalized coordinates k/10, k = -5..15.
inline constexpr int kArticleWidth = 10;
inline constexpr std::array<ref::AddressMode, 4> kArticleModes = {
    ref::AddressMode::MirroredRepeat, ref::AddressMode::Repeat, ref::AddressMode::ClampToEdge, ref::AddressMode::Clamp};
// Our grid's images: 1-D 10 texels (1..10); 2-D 5x4 (1 + x + 5y). Odd and even sizes, all values distinct.
inline constexpr int kGrid1dWidth = 10, kGrid2dWidth = 5, kGrid2dHeight = 4;

struct ProbeEntry {
  ref::ProbePoint point;
  float value = 0.0f;
  ref::Expectation expected;
  ref::Verdict verdict = ref::Verdict::Wrong;
};

struct ArticleColumn {
  ref::AddressMode mode;
  std::vector<ProbeEntry> entries;  // one per k
};

struct ArticleRun {
  std::vector<int> k;
  std::vector<ArticleColumn> columns;  // kArticleModes' order
};

// One sampler configuration on one image over a grid of coordinates (1-D: ys empty).
struct GridCase {
  ref::SamplerConfig config;
  ref::Texels image;
  std::vector<ref::Rational> true_xs, true_ys;  // the coordinates meant (normalized if config.normalized)
  std::vector<float> xs, ys;                    // the floats sent to the device
  std::vector<ProbeEntry> entries;              // row-major: y outer, x inner
  std::string crashed;  // how the case's child process died (run_grid_probe with a helper), else ""
};

ref::Texels article_image();
ref::Texels grid_image(int dims);
// Unnormalized texel coordinates u of one axis of length n: for every i in [-n, 2n) the edge i,
// the quarter i + 1/4 and the centre i + 1/2, then four far-outside points (+-100n, +-1000n).
std::vector<ref::Rational> grid_axis(int n);
// The coordinate the device gets: u / n (normalized) or u, as a float; and the true value it stands for.
ref::Rational true_coordinate(const ref::Rational& u, int n, bool normalized);
float device_coordinate(const ref::Rational& truth);
// Every configuration the spec defines: 1-D and 2-D, five addressing modes, normalized and
// unnormalized (REPEAT and MIRRORED_REPEAT normalized only), NEAREST and LINEAR: 32 cases.
std::vector<GridCase> grid_cases();

ocl::ProgramSource sampler_program_source();
inline constexpr const char* kSamplerBuildOptions = "-cl-std=CL1.2";
// Throws filterlab::Error when the device has no images or no CL_R/CL_FLOAT 1-D and 2-D images.
void require_sampler_support(ocl::Runtime& rt);

ArticleRun run_article_probe(ocl::Runtime& rt);
// One case's reads on the device, row-major (y outer, x inner): the values as read.
std::vector<float> read_grid_case(ocl::Runtime& rt, const GridCase& c);
// Fills every case's entries (reads on the device, verdicts from the oracle). With `helper` (a
// filterlab executable), each CLK_ADDRESS_NONE case runs in a child process (`helper sampler-case
// --device D --case I`): its reads outside the image are undefined, and Intel's CPU runtime 2026.2
// dies of SIGSEGV on them with NEAREST. A case whose child dies keeps no entries and says how in
// `crashed`; the other cases are unaffected.
void run_grid_probe(ocl::Runtime& rt, std::vector<GridCase>& cases, const std::string& helper = "");
// `filterlab sampler-case`: case `index` of grid_cases() on `rt`, one value a line as a hex float.
void print_grid_case(ocl::Runtime& rt, std::size_t index);

// Which OpenCV border a sampler reproduces exactly on integer coordinates: for every 1-D NEAREST
// case but NONE, the texel read at each texel centre u = i + 1/2 against ref::border_index(i, n, border)
// (the border colour against CONSTANT's "outside").
struct BorderMatch {
  ref::AddressMode mode;
  bool normalized = true;
  std::string border;
  int matches = 0, total = 0;
};
std::vector<BorderMatch> border_mapping(const std::vector<GridCase>& cases);

}  // namespace filterlab
