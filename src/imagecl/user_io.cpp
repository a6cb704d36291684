#include "imagecl/user_io.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <set>
#include <sstream>

#include "error.hpp"
#include "imagecl/pixel_layout.hpp"
#include "io/atomic_file.hpp"
#include "io/image_file.hpp"
#include "io/netpbm.hpp"
#include "util/parse_value.hpp"

#ifdef FILTERLAB_HAVE_OPENCV
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#endif

namespace filterlab::imagecl {
namespace {

std::string extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

// The values an OpenCL integer pixel type holds; nullopt for float.
std::optional<std::pair<long long, long long>> integer_range(const std::string& t) {
  if (t == "uchar") return std::make_pair(0LL, 255LL);
  if (t == "char") return std::make_pair(-128LL, 127LL);
  if (t == "ushort") return std::make_pair(0LL, 65535LL);
  if (t == "short") return std::make_pair(-32768LL, 32767LL);
  if (t == "int") return std::make_pair(-2147483648LL, 2147483647LL);
  if (t == "uint") return std::make_pair(0LL, 4294967295LL);
  return std::nullopt;
}

std::string names_of(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& n : v) s += (s.empty() ? "" : ", ") + n;
  return s.empty() ? "none" : s;
}

}  // namespace

ref::Image read_pixels(const std::string& path, const std::string& pixel_type) {
  if (!std::filesystem::exists(path)) throw Error("input image " + path + " does not exist", "check the path");
  const auto px = pixel_layout(pixel_type);
  if (px.lanes == 4) return io::read_image_rgba(path);  // colour: RGBA, lanes interleaved
  if (px.lanes != 1)
    throw Error(
        "no image file maps to " + pixel_type + " pixels (" + path + ")",
        "declare the Image with 4 lanes (RGBA, e.g. float4) or one (grey), or split it into Images of one lane");
  // The same reader as `filterlab filter` (limits, strict Netpbm, codec errors), values as stored.
  return io::read_image(path, io::Samples::stored);
}

void check_pixels_fit(const ref::Image& image, const std::string& pixel_type, const std::string& what) {
  const auto layout = pixel_layout(pixel_type);
  const auto range = integer_range(layout.element);
  if (!range) return;  // float: every reader gives finite values
  for (std::size_t i = 0; i < image.px.size(); ++i) {
    const double v = image.px[i];
    if (v >= static_cast<double>(range->first) && v <= static_cast<double>(range->second) && v == std::nearbyint(v))
      continue;
    std::ostringstream value;
    value << v;
    throw Error(what + " holds " + value.str() + " at x=" +
                    std::to_string(i % static_cast<std::size_t>(image.width) / static_cast<std::size_t>(layout.lanes)) +
                    ", y=" + std::to_string(i / static_cast<std::size_t>(image.width)) + ", which Image<" + pixel_type +
                    "> cannot hold (whole numbers from " + std::to_string(range->first) + " to " +
                    std::to_string(range->second) + ")",
                "give an image whose values fit (e.g. 8-bit for uchar), or declare the kernel's Image with a type that "
                "holds them (e.g. Image<float>); values are never wrapped or rounded");
  }
}

void check_output_format(const std::string& path, const std::string& pixel_type) {
  const std::string ext = extension(path);
  const auto px = pixel_layout(pixel_type);
  if (px.lanes != 1 && px.lanes != 4)
    throw Error("cannot write " + pixel_type + " pixels to an image file (" + path + ")",
                "write Images of 1 or 4 lanes");
  if ((ext == ".pfm" || ext == ".pgm") && px.lanes == 4)
    throw Error("cannot write colour (" + pixel_type + ") pixels to " + path, "use .png or .tif");
  if (ext == ".pfm") return;
  // Signed and wider types only fit float formats.
  const bool eight = px.element == "uchar", sixteen = px.element == "ushort", tiff = ext == ".tif" || ext == ".tiff";
  if (!eight && !sixteen && !tiff)
    throw Error("cannot write " + pixel_type + " pixels to " + path, "use .tif or .pfm (32-bit float) for this output");
  if (sixteen && !(tiff || ext == ".png" || ext == ".pgm"))
    throw Error("cannot write 16-bit pixels to " + path, "use .png, .pgm, .tif or .pfm");
#ifdef FILTERLAB_HAVE_OPENCV
  if (!cv::haveImageWriter(path))
    throw Error("OpenCV writes no '" + ext + "' files (" + path + ")", "use .png, .tif or .pfm");
#else
  throw Error("this build writes only .pfm images, not " + path, "use .pfm");
#endif
}

void write_pixels(const std::string& path, const ref::Image& image, const std::string& pixel_type) {
  check_output_format(path, pixel_type);
  const std::string ext = extension(path);
  if (ext == ".pfm") return io::write_pfm(path, image);
  const auto px = pixel_layout(pixel_type);
  const bool eight = px.element == "uchar", sixteen = px.element == "ushort";
#ifdef FILTERLAB_HAVE_OPENCV
  const int depth = eight ? CV_8U : sixteen ? CV_16U : CV_32F;
  cv::Mat m;
  if (px.lanes == 4) {  // RGBA on the host, BGRA in OpenCV's files
    cv::Mat f(image.height, image.width / 4, CV_32FC4);
    for (int y = 0; y < image.height; ++y)
      for (int x = 0; x < image.width / 4; ++x) {
        const float* p = image.px.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) +
                         4 * static_cast<std::size_t>(x);
        f.at<cv::Vec4f>(y, x) = cv::Vec4f(p[2], p[1], p[0], p[3]);
      }
    f.convertTo(m, CV_MAKETYPE(depth, 4));
  } else {
    const cv::Mat f(image.height, image.width, CV_32F, const_cast<float*>(image.px.data()));
    f.convertTo(m, depth);
  }
  std::vector<uchar> bytes;
  bool ok = false;
  try {
    ok = cv::imencode(ext, m, bytes);
  } catch (const cv::Exception& e) {
    throw Error("OpenCV cannot encode " + path + " (OpenCV: " + e.err + ")", "use .tif or .pfm");
  }
  if (!ok) throw Error("OpenCV cannot encode " + path, "use .tif or .pfm");
  io::write_file_atomically(path, std::string(bytes.begin(), bytes.end()));
#else
  (void)image;
  throw Error("this build writes only .pfm images, not " + path, "use .pfm");
#endif
}

std::vector<std::string> input_images(const KernelSpace& s) {
  std::vector<std::string> v;
  for (const auto& a : s.args)
    if (a.kind == "image" && a.access != "write") v.push_back(a.name);
  return v;
}

std::vector<std::string> output_images(const KernelSpace& s) {
  std::vector<std::string> v;
  for (const auto& a : s.args)
    if (a.kind == "image" && a.access == "write") v.push_back(a.name);
  return v;
}

Args UserInputs::args() const {
  Args a = values;
  for (const auto& [name, img] : images) a[name] = image_arg(img);
  return a;
}

UserInputs user_inputs(const KernelSpace& s, const std::vector<std::string>& inputs,
                       const std::vector<std::string>& assignments, const std::string& output_size) {
  UserInputs u;
  for (const auto& a : s.args) {
    if (a.kind == "image" && a.dims == 3)
      throw Error("kernel " + s.kernel + "'s Image " + a.name + " is 3-D", "the imagecl commands take 2-D images only");
    if (a.kind == "array" && a.access != "read")
      throw Error("kernel " + s.kernel + " writes its array " + a.name,
                  "the imagecl commands compare and return Images only");
  }
  const auto in = input_images(s);
  if (inputs.size() != in.size())
    throw Error("kernel " + s.kernel + " reads " + std::to_string(in.size()) + " Image(s) (" + names_of(in) + ") but " +
                    std::to_string(inputs.size()) + " --input file(s) were given",
                "pass one --input file per input Image, in this order");
  for (std::size_t i = 0; i < in.size(); ++i) {
    u.images[in[i]] = read_pixels(inputs[i], s.arg(in[i]).type);
    const auto& img = u.images[in[i]];
    check_pixels_fit(img, s.arg(in[i]).type, "input image " + inputs[i] + " (Image " + in[i] + ")");
    u.describe += (u.describe.empty() ? "" : ", ") + in[i] + "=" + inputs[i] + " (" +
                  std::to_string(img.width / pixel_layout(s.arg(in[i]).type).lanes) + "x" + std::to_string(img.height) +
                  ")";
  }
  int w = 0, h = 0;
  if (!output_size.empty()) {  // within the image limit, checked before anything of that size is allocated
    const auto [ow, oh] = parse_image_size(output_size, "--output-size", io::kMaxImageSide, io::kMaxImagePixels,
                                           "WIDTHxHEIGHT, e.g. --output-size 320x240");
    w = static_cast<int>(ow), h = static_cast<int>(oh);
  } else if (!in.empty()) {
    w = u.images[in.front()].width / pixel_layout(s.arg(in.front()).type).lanes, h = u.images[in.front()].height;
  }
  for (const auto& o : output_images(s)) {
    if (w == 0)
      throw Error("kernel " + s.kernel + " reads no Image, so its outputs have no size", "give --output-size WxH");
    u.images[o] = ref::Image(w * pixel_layout(s.arg(o).type).lanes, h);  // vector pixels: lanes interleaved
  }
  std::vector<std::string> wanted;
  for (const auto& a : s.args)
    if (a.kind != "image") wanted.push_back(a.name);
  for (const auto& kv : assignments) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Error("--args '" + kv + "' is not name=value", "e.g. --args threshold=128 weights=1,2,1");
    const std::string name = kv.substr(0, eq), value = kv.substr(eq + 1);
    if (std::find(wanted.begin(), wanted.end(), name) == wanted.end())
      throw Error("kernel " + s.kernel + " has no scalar or array argument '" + name + "'",
                  "its arguments are: " + names_of(wanted));
    if (u.values.count(name)) throw Error("--args gives '" + name + "' twice", "give each argument once");
    const auto& a = s.arg(name);
    // Every value by the argument's type: an int takes no 2.5 and no 1e10, a float no 1e39.
    if (a.kind == "scalar") {
      u.values[name] = scalar_arg(parse_typed_number(value, "--args " + name + "=", a.type));
    } else {
      std::vector<double> values;
      std::stringstream list(value);
      std::string item;
      for (int i = 1; std::getline(list, item, ','); ++i)
        values.push_back(parse_typed_number(item, "--args " + name + ": value " + std::to_string(i), a.type));
      if (values.empty()) throw Error("--args " + name + " is empty", "give the array as comma-separated numbers");
      if (a.bound > 0 && static_cast<long>(values.size()) != a.bound)
        throw Error("--args " + name + " has " + std::to_string(values.size()) +
                        " values but the kernel's array holds " + std::to_string(a.bound),
                    "give exactly " + std::to_string(a.bound) + " values (2-D arrays row by row)");
      u.values[name] = array_arg(values);
    }
  }
  for (const auto& n : wanted)
    if (!u.values.count(n))
      throw Error("kernel " + s.kernel + " needs --args " + n + "=...",
                  "give every scalar and array: " + names_of(wanted));
  return u;
}

}  // namespace filterlab::imagecl
