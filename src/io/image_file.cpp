#include "io/image_file.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "error.hpp"
#include "io/atomic_file.hpp"
#include "io/netpbm.hpp"

#ifdef FILTERLAB_HAVE_OPENCV
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#endif

namespace filterlab::io {
namespace {

std::string extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

}  // namespace

ref::Image read_image(const std::string& path) {
  const std::string ext = extension(path);
  if (ext == ".pgm" || ext == ".pfm") return read_netpbm(path);
  if (!std::filesystem::exists(path)) throw Error("image " + path + " does not exist", "check the path");
  if (std::filesystem::file_size(path) == 0) throw Error("image " + path + " is empty", "give a non-empty image file");
#ifdef FILTERLAB_HAVE_OPENCV
  const cv::Mat m = cv::imread(path, cv::IMREAD_GRAYSCALE | cv::IMREAD_ANYDEPTH);
  if (m.empty()) throw Error("cannot decode image " + path, "the file is corrupt or not an image format OpenCV reads");
  cv::Mat f;
  const double scale = m.depth() == CV_8U ? 1.0 / 255 : m.depth() == CV_16U ? 1.0 / 65535 : 1.0;
  m.convertTo(f, CV_32F, scale);
  ref::Image img(f.cols, f.rows);
  for (int y = 0; y < f.rows; ++y) std::copy_n(f.ptr<float>(y), f.cols, &img.at(0, y));
  return img;
#else
  throw Error("this build reads only .pgm and .pfm images, not " + path, "convert it, or use a build with OpenCV");
#endif
}

void write_image(const std::string& path, const ref::Image& image) {
  const std::string ext = extension(path);
  if (ext == ".pfm") return write_pfm(path, image);
#ifdef FILTERLAB_HAVE_OPENCV
  if (ext == ".tif" || ext == ".tiff") {
    const cv::Mat m(image.height, image.width, CV_32F, const_cast<float*>(image.px.data()));
    std::vector<uchar> bytes;
    if (!cv::imencode(ext, m, bytes)) throw Error("OpenCV could not encode " + path);
    return write_file_atomically(path, std::string(bytes.begin(), bytes.end()));
  }
  throw Error("cannot write " + path + ": unsupported extension '" + ext + "'", "use .pfm or .tif");
#else
  throw Error("cannot write " + path + ": unsupported extension '" + ext + "'", "use .pfm");
#endif
}

}  // namespace filterlab::io
