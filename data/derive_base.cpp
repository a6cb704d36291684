// filterlab-derive-base INPUT.jpg OUTPUT.pgm [--width 3866] [--height 4320]
//
// Derives the base image of the pyramid experiments from a photograph: decode as colour,
// convert to 8-bit grey (cv::COLOR_BGR2GRAY), centre-crop the largest region with aspect ratio
// width:height, resize to width x height with cv::INTER_CUBIC (8-bit, saturated) and write a
// binary 8-bit PGM. The output appears atomically: it is written to OUTPUT.tmp-<pid> and renamed.
// Exit status: 0 ok, 1 input/output error, 2 bad usage.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <iostream>
#include <opencv2/core.hpp>
#include <opencv2/core/utils/logger.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

namespace {

constexpr const char* kUsage = "usage: filterlab-derive-base INPUT.jpg OUTPUT.pgm [--width 3866] [--height 4320]";

// Parses a positive int that fills the whole string; returns -1 otherwise.
int parse_positive(const std::string& s) {
  try {
    std::size_t used = 0;
    const long v = std::stol(s, &used);
    if (used != s.size() || v <= 0 || v > 1000000) return -1;
    return static_cast<int>(v);
  } catch (const std::exception&) {
    return -1;
  }
}

// Largest centred rectangle of aspect w:h inside cols x rows (rounded to nearest pixel).
cv::Rect centre_crop(int cols, int rows, int w, int h) {
  int cw = cols;
  int ch = rows;
  if (static_cast<long long>(cols) * h > static_cast<long long>(rows) * w) {  // too wide
    cw = static_cast<int>((static_cast<long long>(rows) * w + h / 2) / h);
  } else {  // too tall (or exact)
    ch = static_cast<int>((static_cast<long long>(cols) * h + w / 2) / w);
  }
  return {(cols - cw) / 2, (rows - ch) / 2, cw, ch};
}

// A JPEG cut short (an interrupted copy) still decodes, with grey rows at the bottom; refuse
// it: a JPEG file must end with the EOI marker FF D9.
bool truncated_jpeg(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  unsigned char head[2] = {0, 0};
  unsigned char tail[2] = {0, 0};
  if (!f.read(reinterpret_cast<char*>(head), 2) || head[0] != 0xFF || head[1] != 0xD8) return false;
  f.seekg(-2, std::ios::end);
  f.read(reinterpret_cast<char*>(tail), 2);
  return !f || tail[0] != 0xFF || tail[1] != 0xD9;
}

}  // namespace

int main(int argc, char** argv) {
  cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
  std::vector<std::string> pos;
  int width = 3866;
  int height = 4320;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--width" || a == "--height") {
      if (i + 1 >= argc) {
        std::cerr << "filterlab-derive-base: " << a << " needs a value\n" << kUsage << '\n';
        return 2;
      }
      const int v = parse_positive(argv[++i]);
      if (v < 0) {
        std::cerr << "filterlab-derive-base: " << a << " must be a positive integer, got '" << argv[i] << "'\n";
        return 2;
      }
      (a == "--width" ? width : height) = v;
    } else if (a.size() > 1 && a[0] == '-') {
      std::cerr << "filterlab-derive-base: unknown option '" << a << "'\n" << kUsage << '\n';
      return 2;
    } else {
      pos.push_back(a);
    }
  }
  if (pos.size() != 2) {
    std::cerr << kUsage << '\n';
    return 2;
  }
  const std::string& in = pos[0];
  const std::string& out = pos[1];
  const std::string tmp = out + ".tmp-" + std::to_string(static_cast<long>(::getpid()));

  try {
    if (truncated_jpeg(in)) {
      std::cerr << "filterlab-derive-base: '" << in
                << "' is a truncated JPEG (no end marker); copy it again, see data/README.md\n";
      return 1;
    }
    const cv::Mat colour = cv::imread(in, cv::IMREAD_COLOR);
    if (colour.empty()) {
      std::cerr << "filterlab-derive-base: cannot read image '" << in
                << "' (missing or not a decodable image); check the path, see data/README.md\n";
      return 1;
    }
    cv::Mat grey;
    cv::cvtColor(colour, grey, cv::COLOR_BGR2GRAY);
    cv::Mat resized;
    // clone(): the crop is a standalone image, so no pixel outside it can reach the resize.
    const cv::Mat crop = grey(centre_crop(grey.cols, grey.rows, width, height)).clone();
    cv::resize(crop, resized, cv::Size(width, height), 0.0, 0.0, cv::INTER_CUBIC);

    std::vector<uchar> bytes;
    if (!cv::imencode(".pgm", resized, bytes, {cv::IMWRITE_PXM_BINARY, 1})) {
      std::cerr << "filterlab-derive-base: PGM encoding failed\n";
      return 1;
    }
    {
      std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
      f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
      f.close();
      if (!f) {
        const int err = errno;
        std::remove(tmp.c_str());
        std::cerr << "filterlab-derive-base: cannot write '" << out << "' (" << std::strerror(err)
                  << "); check that its directory exists and is writable\n";
        return 1;
      }
    }
    if (std::rename(tmp.c_str(), out.c_str()) != 0) {
      const int err = errno;
      std::remove(tmp.c_str());
      std::cerr << "filterlab-derive-base: cannot create '" << out << "' (" << std::strerror(err)
                << "); check that it is a writable path\n";
      return 1;
    }
  } catch (const cv::Exception& e) {
    std::remove(tmp.c_str());
    std::cerr << "filterlab-derive-base: OpenCV error: " << e.what() << '\n';
    return 1;
  } catch (const std::exception& e) {  // e.g. std::bad_alloc for an absurd --width/--height
    std::remove(tmp.c_str());
    std::cerr << "filterlab-derive-base: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
