#include "io/netpbm.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "error.hpp"
#include "io/atomic_file.hpp"

namespace filterlab::io {
namespace {

[[noreturn]] void corrupt(const std::string& path, const std::string& why) {
  throw Error("cannot read image " + path + ": " + why,
              "check that it is a valid binary PGM (P5) or grey PFM (Pf) file");
}

// Reads the next header token, skipping whitespace and '#' comments.
std::string token(std::istream& in) {
  std::string t;
  int c;
  while ((c = in.get()) != EOF) {
    if (c == '#') {
      while ((c = in.get()) != EOF && c != '\n') {
      }
    } else if (!std::isspace(c)) {
      t += static_cast<char>(c);
      break;
    }
  }
  while ((c = in.peek()) != EOF && !std::isspace(c)) t += static_cast<char>(in.get());
  return t;
}

int positive(const std::string& path, const std::string& t, const char* what) {
  char* end = nullptr;
  const long v = std::strtol(t.c_str(), &end, 10);
  if (t.empty() || *end != '\0' || v <= 0 || v > kMaxImageSide)
    corrupt(path, std::string("bad ") + what + " '" + t + "'");
  return static_cast<int>(v);
}

bool little_endian_host() {
  const std::uint16_t one = 1;
  unsigned char b;
  std::memcpy(&b, &one, 1);
  return b == 1;
}

// Refuses a header whose raster would exceed the limit or the bytes left in the file, so that a
// lying header never makes us allocate (a 1 KB file claiming 100000x100000 pixels).
void check_declared_size(const std::string& path, std::istream& in, int w, int h, std::size_t bytes_per_sample) {
  check_declared_pixels(path, w, h);
  const auto pixels = static_cast<long long>(w) * h;
  const std::string declared = std::to_string(w) + "x" + std::to_string(h);
  const auto here = in.tellg();
  in.seekg(0, std::ios::end);
  const auto end = in.tellg();
  in.seekg(here);
  const auto need = static_cast<unsigned long long>(pixels) * bytes_per_sample;
  const auto have = here < 0 || end < here ? 0ull : static_cast<unsigned long long>(end - here);
  if (have < need)
    corrupt(path, "raster truncated: the header declares " + declared + " (" + std::to_string(need) +
                      " raster bytes) but the file holds only " + std::to_string(have) + " bytes after the header");
  // Bytes beyond the raster mean a header that does not describe it (a wrong size or maxval
  // shifts every row) or a second image, which no command would read: both are refused.
  if (have > need)
    corrupt(path, "the header declares " + declared + " (" + std::to_string(need) +
                      " raster bytes) but the file holds " + std::to_string(have) +
                      " bytes after the header: its size or maxval is wrong, or the file holds "
                      "more than one image (FilterLab reads exactly one)");
}

}  // namespace

void check_declared_pixels(const std::string& path, long long w, long long h) {
  const std::string declared = std::to_string(w) + "x" + std::to_string(h);
  if (w <= 0 || h <= 0)
    throw Error("image " + path + " declares " + declared + " pixels",
                "the header is corrupt: check that the file is a valid image");
  // Each side is checked first: their product could overflow for absurd headers.
  if (w > kMaxImageSide || h > kMaxImageSide)
    throw Error("image " + path + " declares " + declared + " pixels, above the limit of " +
                    std::to_string(kMaxImageSide) + " pixels per side",
                "the header is wrong, or the image must be cut into smaller pieces");
  const long long pixels = w * h;
  if (pixels > kMaxImagePixels)
    throw Error("image " + path + " declares " + declared + " = " + std::to_string(pixels) +
                    " pixels, above the limit of " + std::to_string(kMaxImagePixels) + " pixels (16384x16384)",
                "the header is wrong, or the image must be cut into smaller pieces");
}

void require_regular_file(const std::string& path) {
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (st.type() == std::filesystem::file_type::directory)
    throw Error("image " + path + " is a directory, not an image file",
                "give the path of a PGM, PFM or other image file");
  if (st.type() != std::filesystem::file_type::not_found && st.type() != std::filesystem::file_type::regular &&
      st.type() != std::filesystem::file_type::none && !ec)
    throw Error("image " + path + " is not a regular file", "give the path of a PGM, PFM or other image file");
}

ref::Image read_netpbm(const std::string& path, Samples samples) {
  require_regular_file(path);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot open image " + path, "check the path and its permissions");
  if (in.peek() == EOF) throw Error("image " + path + " is empty", "give a non-empty PGM or PFM file");
  const std::string magic = token(in);
  if (magic != "P5" && magic != "Pf") corrupt(path, "unknown magic '" + magic.substr(0, 8) + "'");
  const int w = positive(path, token(in), "width");
  const int h = positive(path, token(in), "height");
  const std::string third = token(in);
  in.get();  // the single whitespace byte before the raster
  const std::size_t n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  const int maxval = magic == "P5" ? positive(path, third, "maxval") : 0;
  if (maxval > 65535) corrupt(path, "maxval above 65535");
  const std::size_t bps = magic == "P5" ? (maxval < 256 ? 1 : 2) : sizeof(float);
  check_declared_size(path, in, w, h, bps);
  ref::Image img(w, h);
  if (magic == "P5") {
    std::vector<unsigned char> raw(n * bps);
    if (!in.read(reinterpret_cast<char*>(raw.data()), static_cast<std::streamsize>(raw.size())))
      corrupt(path, "raster truncated (expected " + std::to_string(raw.size()) + " bytes)");
    const bool scaled = samples == Samples::scaled;
    for (std::size_t i = 0; i < n; ++i) {
      const unsigned v = bps == 1 ? raw[i] : (static_cast<unsigned>(raw[2 * i]) << 8) | raw[2 * i + 1];
      // Netpbm forbids samples above maxval; taking them would give values above 1 (or above the
      // stated depth) that no other reader of the file sees.
      if (v > static_cast<unsigned>(maxval))
        corrupt(path, "sample " + std::to_string(v) + " at x=" + std::to_string(i % static_cast<std::size_t>(w)) +
                          ", y=" + std::to_string(i / static_cast<std::size_t>(w)) + " is above the maxval " +
                          std::to_string(maxval));
      img.px[i] = scaled ? static_cast<float>(v) / static_cast<float>(maxval) : static_cast<float>(v);
    }
  } else {
    char* end = nullptr;
    const double scale = std::strtod(third.c_str(), &end);
    // The scale's sign gives the byte order: "nan" or "inf" would silently pick one.
    if (third.empty() || *end != '\0' || !std::isfinite(scale) || scale == 0.0)
      corrupt(path, "bad scale '" + third + "' (a finite non-zero number is required: negative for little-endian)");
    std::vector<float> rows(n);
    if (!in.read(reinterpret_cast<char*>(rows.data()), static_cast<std::streamsize>(n * sizeof(float))))
      corrupt(path, "raster truncated (expected " + std::to_string(n * sizeof(float)) + " bytes)");
    const bool swap = (scale < 0) != little_endian_host();
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        float v = rows[static_cast<std::size_t>(h - 1 - y) * w + x];  // PFM stores the bottom row first
        if (swap) {
          unsigned char b[4];
          std::memcpy(b, &v, 4);
          std::swap(b[0], b[3]);
          std::swap(b[1], b[2]);
          std::memcpy(&v, b, 4);
        }
        if (!std::isfinite(v)) corrupt(path, "non-finite sample");
        img.at(x, y) = v;
      }
    }
  }
  return img;
}

void write_pfm(const std::string& path, const ref::Image& image) {
  if (!little_endian_host()) throw Error("writing PFM is implemented for little-endian hosts only");
  std::ostringstream out;
  out << "Pf\n" << image.width << " " << image.height << "\n-1.0\n";
  for (int y = image.height - 1; y >= 0; --y)
    out.write(reinterpret_cast<const char*>(&image.px[static_cast<std::size_t>(y) * image.width]),
              static_cast<std::streamsize>(image.width * sizeof(float)));
  write_file_atomically(path, out.str());
}

}  // namespace filterlab::io
