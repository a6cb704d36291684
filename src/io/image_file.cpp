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
  require_regular_file(path);
  const std::string ext = extension(path);
  if (ext == ".pgm" || ext == ".pfm") return read_netpbm(path);
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw Error("image " + path + " does not exist", "check the path");
  if (std::filesystem::file_size(path, ec) == 0 || ec) throw Error("image " + path + " is empty", "give a non-empty image file");
#ifdef FILTERLAB_HAVE_OPENCV
  // OpenCV's decoders check the declared size against their own limit (OPENCV_IO_MAX_IMAGE_PIXELS,
  // default 2^30 pixels, read when the library loads) before allocating; ours applies after decoding.
  cv::Mat m;
  try {
    m = cv::imread(path, cv::IMREAD_GRAYSCALE | cv::IMREAD_ANYDEPTH);
  } catch (const cv::Exception& e) {
    throw Error("cannot decode image " + path + " (OpenCV: " + e.err + ")",
                "the header declares more pixels than OPENCV_IO_MAX_IMAGE_PIXELS allows, or the file is corrupt");
  }
  if (m.empty())
    throw Error("cannot decode image " + path, "the file is corrupt, truncated or not an image format OpenCV reads");
  if (static_cast<long long>(m.total()) > kMaxImagePixels)
    throw Error("image " + path + " is " + std::to_string(m.cols) + "x" + std::to_string(m.rows) +
                    " pixels, above the limit of " + std::to_string(kMaxImagePixels) + " pixels (16384x16384)",
                "cut the image into smaller pieces");
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
