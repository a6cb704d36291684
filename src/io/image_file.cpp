#include "io/image_file.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "error.hpp"
#include "io/atomic_file.hpp"
#include "io/image_codecs.hpp"
#include "io/netpbm.hpp"

#ifdef FILTERLAB_HAVE_OPENCV
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#endif

namespace filterlab::io {
namespace {

std::string extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

}  // namespace

namespace {

// Both readers: the file is there and holds bytes.
void require_non_empty(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw Error("image " + path + " does not exist", "check the path");
  if (std::filesystem::file_size(path, ec) == 0 || ec)
    throw Error("image " + path + " is empty", "give a non-empty image file");
}

}  // namespace

#ifdef FILTERLAB_HAVE_OPENCV
namespace {

// The file as OpenCV decodes it with `flags` (grey or its own channels, its own depth), once the
// checks of image_codecs.hpp passed. Every OpenCV exception becomes an Error naming the file.
cv::Mat decode(const std::string& path, ImageFormat format, int flags) {
  check_opencv_limit_variables();
  check_before_decoding(path, format);
  cv::Mat m;
  try {
    m = cv::imread(path, flags);
  } catch (const cv::Exception& e) {
    if (e.err.find("CV_IO_MAX_IMAGE") != std::string::npos)
      throw Error(
          "cannot decode image " + path + " (OpenCV: " + e.err + ")",
          "the header declares more pixels than OPENCV_IO_MAX_IMAGE_PIXELS (or _WIDTH, _HEIGHT) allows: raise it, "
          "or check the file");
    throw Error("cannot decode image " + path + " (OpenCV: " + e.err + ")",
                "the file is corrupt or in a variant OpenCV does not read: convert it to PNG, TIFF or PGM");
  } catch (const std::exception& e) {
    throw Error("cannot decode image " + path + " (" + e.what() + ")",
                "the file is corrupt: convert it to PNG, TIFF or PGM");
  }
  if (m.empty())
    throw Error("cannot decode image " + path, "the file is corrupt, truncated or not an image format OpenCV reads");
  // Formats without a header check of ours are checked by OpenCV against its own limit (ours unless
  // OPENCV_IO_MAX_IMAGE_PIXELS says otherwise); ours is checked here in any case.
  if (static_cast<long long>(m.total()) > kMaxImagePixels)
    throw Error("image " + path + " is " + std::to_string(m.cols) + "x" + std::to_string(m.rows) +
                    " pixels, above the limit of " + std::to_string(kMaxImagePixels) + " pixels (16384x16384)",
                "cut the image into smaller pieces");
  return m;
}

}  // namespace
#endif

ref::Image read_image(const std::string& path, Samples samples) {
  require_regular_file(path);
  const std::string ext = extension(path);
  if (ext == ".pgm" || ext == ".pfm") return read_netpbm(path, samples);
  require_non_empty(path);
#ifdef FILTERLAB_HAVE_OPENCV
  const ImageFormat format = sniff_image_format(path);
  // Whatever its name, a Netpbm file goes to our strict reader (OpenCV's takes "2c" as 2).
  if (format == ImageFormat::netpbm) return read_netpbm(path, samples);
  const cv::Mat m = decode(path, format, cv::IMREAD_GRAYSCALE | cv::IMREAD_ANYDEPTH);
  double scale = 1.0;
  if (samples == Samples::scaled) scale = m.depth() == CV_8U ? 1.0 / 255 : m.depth() == CV_16U ? 1.0 / 65535 : 1.0;
  cv::Mat f;
  m.convertTo(f, CV_32F, scale);
  ref::Image img(f.cols, f.rows);
  for (int y = 0; y < f.rows; ++y) std::copy_n(f.ptr<float>(y), f.cols, &img.at(0, y));
  return img;
#else
  throw Error("this build reads only .pgm and .pfm images, not " + path, "convert it, or use a build with OpenCV");
#endif
}

ref::Image read_image_rgba(const std::string& path) {
  require_regular_file(path);
  require_non_empty(path);
#ifdef FILTERLAB_HAVE_OPENCV
  const ImageFormat format = sniff_image_format(path);
  if (format == ImageFormat::netpbm)
    throw Error("image " + path + " is a Netpbm file, which holds no colour image we read",
                "convert it to PNG or TIFF");
  // OpenCV gives grey, grey + alpha, BGR or BGRA; every layout becomes RGBA (opaque where the file has no alpha).
  const cv::Mat m = decode(path, format, cv::IMREAD_UNCHANGED);
  cv::Mat f;
  m.convertTo(f, CV_MAKETYPE(CV_32F, m.channels()));
  const int c = f.channels();
  const float opaque = m.depth() == CV_8U ? 255.0f : m.depth() == CV_16U ? 65535.0f : 1.0f;
  if (c < 1 || c > 4)
    throw Error("image " + path + " has " + std::to_string(c) + " channels", "give a grey, RGB or RGBA image");
  ref::Image img(4 * f.cols, f.rows);
  for (int y = 0; y < f.rows; ++y) {
    const float* row = f.ptr<float>(y);
    for (int x = 0; x < f.cols; ++x) {
      const float* p = row + static_cast<std::size_t>(x) * static_cast<std::size_t>(c);
      float* out = &img.at(4 * x, y);
      out[0] = c >= 3 ? p[2] : p[0], out[1] = c >= 3 ? p[1] : p[0], out[2] = p[0];
      out[3] = c == 2 ? p[1] : c == 4 ? p[3] : opaque;
    }
  }
  return img;
#else
  throw Error("this build reads no colour images (" + path + ")", "use a build with OpenCV");
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
