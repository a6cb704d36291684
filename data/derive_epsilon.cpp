// filterlab-derive-epsilon INPUT.jpg OUT.jpg OUT_Y.pgm [--width 3264] [--height 2448] [--quality 20]
//
// Derives Study 5's input from the photograph: decode as colour, centre-crop the largest region
// with aspect ratio width:height, resize to width x height with cv::INTER_CUBIC, encode as a
// baseline JPEG of the given (low) quality, so that it carries the mosquito noise the epsilon
// filter removes, then decode that JPEG's Y plane (libjpeg's grey output of a YCbCr JPEG is its
// BT.601 full-range luma plane, without colour conversion) and write it as a binary 8-bit PGM.
// Both outputs appear atomically (written to <name>.tmp-<pid>, then renamed).
// Exit status: 0 ok, 1 input/output error, 2 bad usage.
#include <unistd.h>

#include <cstdio>
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

constexpr const char* kUsage =
    "usage: filterlab-derive-epsilon INPUT.jpg OUT.jpg OUT_Y.pgm [--width 3264] [--height 2448] [--quality 20]";

int parse_positive(const std::string& s, long max) {
  try {
    std::size_t used = 0;
    const long v = std::stol(s, &used);
    if (used != s.size() || v <= 0 || v > max) return -1;
    return static_cast<int>(v);
  } catch (const std::exception&) {
    return -1;
  }
}

// Largest centred rectangle of aspect w:h inside cols x rows (rounded to nearest pixel), as
// derive_base.cpp does.
cv::Rect centre_crop(int cols, int rows, int w, int h) {
  int cw = cols;
  int ch = rows;
  if (static_cast<long long>(cols) * h > static_cast<long long>(rows) * w)
    cw = static_cast<int>((static_cast<long long>(rows) * w + h / 2) / h);
  else
    ch = static_cast<int>((static_cast<long long>(cols) * h + w / 2) / w);
  return {(cols - cw) / 2, (rows - ch) / 2, cw, ch};
}

bool write_atomically(const std::string& path, const std::vector<uchar>& bytes) {
  const std::string tmp = path + ".tmp-" + std::to_string(static_cast<long>(::getpid()));
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    f.close();
    if (!f) {
      std::remove(tmp.c_str());
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
  std::vector<std::string> pos;
  int width = 3264, height = 2448, quality = 20;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--width" || a == "--height" || a == "--quality") {
      const int v = i + 1 < argc ? parse_positive(argv[++i], a == "--quality" ? 100 : 1000000) : -1;
      if (v < 0) {
        std::cerr << "filterlab-derive-epsilon: " << a << " needs a positive integer"
                  << (a == "--quality" ? " up to 100" : "") << "\n"
                  << kUsage << '\n';
        return 2;
      }
      (a == "--width" ? width : a == "--height" ? height : quality) = v;
    } else if (a.size() > 1 && a[0] == '-') {
      std::cerr << "filterlab-derive-epsilon: unknown option '" << a << "'\n" << kUsage << '\n';
      return 2;
    } else {
      pos.push_back(a);
    }
  }
  if (pos.size() != 3) {
    std::cerr << kUsage << '\n';
    return 2;
  }
  try {
    const cv::Mat colour = cv::imread(pos[0], cv::IMREAD_COLOR);
    if (colour.empty()) {
      std::cerr << "filterlab-derive-epsilon: cannot read image '" << pos[0] << "'; see data/README.md\n";
      return 1;
    }
    const cv::Mat crop = colour(centre_crop(colour.cols, colour.rows, width, height)).clone();
    cv::Mat resized;
    cv::resize(crop, resized, cv::Size(width, height), 0.0, 0.0, cv::INTER_CUBIC);
    std::vector<uchar> jpeg;
    // Baseline JPEG, 4:2:0 chroma subsampling (libjpeg's default), no optimisation flags.
    if (!cv::imencode(".jpg", resized, jpeg, {cv::IMWRITE_JPEG_QUALITY, quality})) {
      std::cerr << "filterlab-derive-epsilon: JPEG encoding failed\n";
      return 1;
    }
    const cv::Mat y = cv::imdecode(jpeg, cv::IMREAD_GRAYSCALE);
    std::vector<uchar> pgm;
    if (y.empty() || !cv::imencode(".pgm", y, pgm, {cv::IMWRITE_PXM_BINARY, 1})) {
      std::cerr << "filterlab-derive-epsilon: decoding the Y plane failed\n";
      return 1;
    }
    for (const auto& [path, bytes] : {std::make_pair(pos[1], &jpeg), std::make_pair(pos[2], &pgm)})
      if (!write_atomically(path, *bytes)) {
        std::cerr << "filterlab-derive-epsilon: cannot write '" << path
                  << "'; check that its directory exists and is writable\n";
        return 1;
      }
    std::cout << "wrote " << pos[1] << " (" << jpeg.size() << " bytes, quality " << quality << ") and " << pos[2]
              << " (" << y.cols << "x" << y.rows << " Y plane)\n";
  } catch (const cv::Exception& e) {
    std::cerr << "filterlab-derive-epsilon: OpenCV error: " << e.what() << '\n';
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "filterlab-derive-epsilon: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
