// Writes the small images the `filterlab imagecl` tests read, in the formats a user has: 8-bit
// PNG, 16-bit PNG, 32-bit float TIFF, a colour PNG, and a file that is no image.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: make_tool_inputs <dir>\n";
    return 2;
  }
  const std::string dir = argv[1];
  std::filesystem::create_directories(dir);
  cv::RNG rng(20261123);
  // Odd sizes leave partial work-groups and coarsening blocks at the edges.
  cv::Mat u8(23, 37, CV_8U), u16(23, 37, CV_16U), f(23, 37, CV_32F), g(23, 37, CV_32F), rgb(23, 37, CV_8UC3);
  rng.fill(u8, cv::RNG::UNIFORM, 0, 256);
  rng.fill(u16, cv::RNG::UNIFORM, 0, 65536);
  rng.fill(f, cv::RNG::UNIFORM, -50.0, 150.0);
  rng.fill(g, cv::RNG::UNIFORM, -50.0, 150.0);
  rng.fill(rgb, cv::RNG::UNIFORM, 0, 256);
  const bool ok = cv::imwrite(dir + "/u8.png", u8) && cv::imwrite(dir + "/u16.png", u16) &&
                  cv::imwrite(dir + "/f.tif", f) && cv::imwrite(dir + "/g.tif", g) &&
                  cv::imwrite(dir + "/rgb.png", rgb);
  std::ofstream(dir + "/not-an-image.png") << "this is text\n";
  if (!ok) {
    std::cerr << "make_tool_inputs: cannot write into " << dir << "\n";
    return 1;
  }
  return 0;
}
