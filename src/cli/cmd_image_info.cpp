// `filterlab image-info FILE...`: what FilterLab's one image reader makes of a file, without an
// OpenCL device: its size and its samples as stored (8-bit 0..255, 16-bit 0..65535, float as is)
// and as `filter` sees them (scaled to [0, 1]). A file the reader refuses gets the same message
// every other command gives, so a user (or the fuzz test) can check an input before a long run.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <numeric>

#include "cli/commands.hpp"
#include "io/image_file.hpp"

namespace filterlab::cli {
namespace {

void describe(const std::string& path) {
  const ref::Image stored = io::read_image(path, io::Samples::stored);
  const ref::Image scaled = io::read_image(path, io::Samples::scaled);
  if (stored.empty() || scaled.size() != stored.size())
    throw Error("image " + path + " holds no pixels", "give an image of at least 1x1 pixels");
  const auto [lo, hi] = std::minmax_element(stored.px.begin(), stored.px.end());
  const double sum = std::accumulate(stored.px.begin(), stored.px.end(), 0.0);
  const auto [slo, shi] = std::minmax_element(scaled.px.begin(), scaled.px.end());
  char line[256];
  std::snprintf(line, sizeof line, "%dx%d, samples as stored %g..%g (mean %.6g), as `filter` reads them %g..%g",
                stored.width, stored.height, *lo, *hi, sum / static_cast<double>(stored.size()), *slo, *shi);
  std::cout << path << ": " << line << "\n";
}

}  // namespace

int cmd_image_info(const ImageInfoArgs& a) {
  for (const auto& path : a.images) describe(path);
  return 0;
}

Command add_image_info(CLI::App& app) {
  const auto args = std::make_shared<ImageInfoArgs>();
  auto& image_info = *args;
  auto* c_image_info = app.add_subcommand(
      "image-info", "Read image files as every command does and print their size and sample range (no device needed)");
  c_image_info->add_option("images", image_info.images, "Image files (PGM, PFM, PNG, JPEG, TIFF, ...)")->required();
  return {c_image_info, [args] { return cmd_image_info(*args); }};
}

}  // namespace filterlab::cli
