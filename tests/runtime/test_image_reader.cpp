// The one image reader (io::read_image) on hostile PNG, JPEG and TIFF headers written byte by byte,
// and the check of `filterlab imagecl` that an image's values fit the kernel's pixel type.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "error.hpp"
#include "imagecl/user_io.hpp"
#include "io/image_file.hpp"

namespace fs = std::filesystem;
using filterlab::io::read_image;
using filterlab::io::Samples;
using Bytes = std::string;

namespace {

fs::path temp_dir() {
  auto d = fs::temp_directory_path() / ("filterlab-reader-" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d;
}
std::string write_bytes(const fs::path& p, const Bytes& bytes) {
  std::ofstream(p, std::ios::binary) << bytes;
  return p.string();
}

void le16(Bytes& b, unsigned v) { b += static_cast<char>(v & 0xFF), b += static_cast<char>((v >> 8) & 0xFF); }
void le32(Bytes& b, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b += static_cast<char>((v >> (8 * i)) & 0xFF);
}
void be32(Bytes& b, std::uint32_t v) {
  for (int i = 3; i >= 0; --i) b += static_cast<char>((v >> (8 * i)) & 0xFF);
}

// An 8-bit grey little-endian TIFF of one strip holding `raster` as it is, whatever `compression` says.
Bytes tiff(unsigned w, unsigned h, unsigned compression, const Bytes& raster) {
  Bytes b = std::string("II*\0", 4);
  le32(b, 8);
  le16(b, 9);
  const auto entry = [&](unsigned tag, unsigned type, std::uint32_t value) {
    le16(b, tag), le16(b, type), le32(b, 1), le32(b, value);
  };
  entry(256, 4, w);
  entry(257, 4, h);
  entry(258, 3, 8);
  entry(259, 3, compression);
  entry(262, 3, 1);
  entry(273, 4, 8 + 2 + 9 * 12 + 4);
  entry(277, 3, 1);
  entry(278, 4, h);
  entry(279, 4, static_cast<std::uint32_t>(raster.size()));
  le32(b, 0);
  return b + raster;
}

// A PNG signature and an IHDR declaring w x h (the CRC is not checked before the size).
Bytes png_header(std::uint32_t w, std::uint32_t h) {
  Bytes b("\x89PNG\r\n\x1a\n", 8);
  be32(b, 13);
  b += "IHDR";
  be32(b, w), be32(b, h);
  b += std::string("\x08\x00\x00\x00\x00", 5);
  be32(b, 0);  // CRC
  return b;
}

// SOI and a baseline frame header declaring w x h, one component.
Bytes jpeg_header(unsigned w, unsigned h) {
  Bytes b("\xFF\xD8\xFF\xC0\x00\x0B\x08", 7);
  b += static_cast<char>(h >> 8), b += static_cast<char>(h & 0xFF), b += static_cast<char>(w >> 8),
      b += static_cast<char>(w & 0xFF);
  b += std::string("\x01\x01\x11\x00", 4);
  return b;
}

// OpenCV decodes PNG, JPEG and TIFF; a build without it refuses them before any check of ours.
bool reads_codecs(const fs::path& dir) {
  try {
    read_image(write_bytes(dir / "probe.tif", tiff(1, 1, 1, "x")));
    return true;
  } catch (const filterlab::Error&) {
    return false;
  }
}

}  // namespace

TEST_CASE("PNG, JPEG and TIFF sizes are checked from the header, before decoding", "[io][bad-input]") {
  const auto dir = temp_dir();
  if (!reads_codecs(dir)) {
    WARN("this build reads PGM and PFM only");
    return;
  }
  CHECK_THROWS_WITH(read_image(write_bytes(dir / "bomb.png", png_header(20000, 20000))),
                    Catch::Contains("bomb.png declares 20000x20000 = 400000000 pixels, above the limit of 268435456"));
  CHECK_THROWS_WITH(read_image(write_bytes(dir / "wide.png", png_header(2000000, 1))),
                    Catch::Contains("wide.png declares 2000000x1 pixels, above the limit of 1048576 pixels per side"));
  CHECK_THROWS_WITH(read_image(write_bytes(dir / "zero.png", png_header(0, 5))),
                    Catch::Contains("zero.png declares 0x5 pixels"));
  CHECK_THROWS_WITH(read_image(write_bytes(dir / "bomb.jpg", jpeg_header(16384, 16385) + "\xFF\xDA")),
                    Catch::Contains("bomb.jpg declares 16384x16385 = 268451840 pixels"));
  CHECK_THROWS_WITH(read_image(write_bytes(dir / "bomb.tif", tiff(20000, 20000, 1, "abcd"))),
                    Catch::Contains("bomb.tif declares 20000x20000 = 400000000 pixels"));
  fs::remove_all(dir);
}

TEST_CASE("PNG chunks longer than the file are refused without reading them", "[io][bad-input]") {
  const auto dir = temp_dir();
  if (!reads_codecs(dir)) {
    WARN("this build reads PGM and PFM only");
    return;
  }
  Bytes b = png_header(4, 4);
  be32(b, 0x7FFFFFF0u);
  b += "zTXt" + std::string(4, '\0');  // its CRC, but none of its data
  CHECK_THROWS_WITH(
      read_image(write_bytes(dir / "long.png", b)),
      Catch::Contains("long.png: chunk zTXt at byte 33 declares 2147483632 bytes but the file holds only 0 more"));
  b = png_header(4, 4);
  be32(b, 0xFFFFFFFFu);
  b += "IDAT" + std::string(4, '\0');
  CHECK_THROWS_WITH(read_image(write_bytes(dir / "huge.png", b)), Catch::Contains("above PNG's limit of 2^31-1"));
  CHECK_THROWS_WITH(read_image(write_bytes(dir / "cut.png", png_header(4, 4).substr(0, 14))),
                    Catch::Contains("cut.png: the file ends inside a chunk header at byte 8"));
  fs::remove_all(dir);
}

TEST_CASE("a JPEG without a frame or scan is refused", "[io][bad-input]") {
  const auto dir = temp_dir();
  if (!reads_codecs(dir)) {
    WARN("this build reads PGM and PFM only");
    return;
  }
  CHECK_THROWS_WITH(read_image(write_bytes(dir / "a.jpg", jpeg_header(8, 8) + "\xFF\xD9")),
                    Catch::Contains("a.jpg: no scan data (no SOS marker)"));
  CHECK_THROWS_WITH(read_image(write_bytes(dir / "b.jpg", Bytes("\xFF\xD8\xFF\xD9", 4))),
                    Catch::Contains("no frame header (SOF marker)"));
  CHECK_THROWS_WITH(read_image(write_bytes(dir / "c.jpg", jpeg_header(8, 8).substr(0, 8))),
                    Catch::Contains("declares 11 bytes but the file holds only 4"));
  fs::remove_all(dir);
}

TEST_CASE("a TIFF whose compression cannot be applied is refused, not read as zeros", "[io][bad-input]") {
  const auto dir = temp_dir();
  if (!reads_codecs(dir)) {
    WARN("this build reads PGM and PFM only");
    return;
  }
  Bytes raster;
  for (int i = 0; i < 6; ++i) raster += static_cast<char>(100 + 37 * i);
  // Uncompressed: the bytes as stored, or scaled by 255.
  const auto good = write_bytes(dir / "good.tif", tiff(3, 2, 1, raster));
  const auto stored = read_image(good, Samples::stored);
  REQUIRE(stored.width == 3);
  CHECK(stored.at(2, 1) == static_cast<float>(static_cast<unsigned char>(raster[5])));
  CHECK(read_image(good).at(1, 0) == Approx(137.0 / 255));
  CHECK_THROWS_WITH(
      read_image(write_bytes(dir / "unknown.tif", tiff(3, 2, 60000, raster))),
      Catch::Contains("unknown.tif: it uses TIFF compression scheme 60000, which this build cannot decode"));
  CHECK_THROWS_WITH(read_image(write_bytes(dir / "lzw.tif", tiff(3, 2, 5, raster))),
                    Catch::Contains("lzw.tif: strip 0 cannot be decoded (libtiff: "));
  fs::remove_all(dir);
}

TEST_CASE("a Netpbm file is read by the strict reader whatever its name", "[io][bad-input]") {
  const auto dir = temp_dir();
  if (!reads_codecs(dir)) {
    WARN("this build reads PGM and PFM only");
    return;
  }
  // OpenCV took "2c" as 2.
  CHECK_THROWS_WITH(read_image(write_bytes(dir / "a.png", "P5\n4 2c\n255\n" + std::string(8, 'x'))),
                    Catch::Contains("bad height '2c'"));
  CHECK(read_image(write_bytes(dir / "b.png", "P5\n2 1\n255\nAB"), Samples::stored).px ==
        std::vector<float>{65.0f, 66.0f});
  fs::remove_all(dir);
}

TEST_CASE("values an integer Image cannot hold are refused, never wrapped or rounded", "[io][bad-input]") {
  using filterlab::imagecl::check_pixels_fit;
  filterlab::ref::Image img(2, 1);
  img.px = {0.0f, 255.0f};
  CHECK_NOTHROW(check_pixels_fit(img, "uchar", "input image a.png (Image in)"));
  img.px = {0.0f, 300.0f};
  CHECK_THROWS_WITH(check_pixels_fit(img, "uchar", "input image a.png (Image in)"),
                    Catch::Contains("input image a.png (Image in) holds 300 at x=1, y=0, which Image<uchar> cannot "
                                    "hold (whole numbers from 0 to 255)"));
  img.px = {-1.0f, 0.0f};
  CHECK_THROWS_WITH(check_pixels_fit(img, "uchar", "x"), Catch::Contains("holds -1 at x=0, y=0"));
  CHECK_NOTHROW(check_pixels_fit(img, "char", "x"));
  img.px = {2.7f, 0.0f};
  CHECK_THROWS_WITH(check_pixels_fit(img, "ushort", "x"),
                    Catch::Contains("holds 2.7 at x=0, y=0, which Image<ushort> cannot hold"));
  CHECK_NOTHROW(check_pixels_fit(img, "float", "x"));
  img.px = {65536.0f, 4294967296.0f};
  CHECK_THROWS_WITH(check_pixels_fit(img, "ushort", "x"), Catch::Contains("holds 65536"));
  CHECK_THROWS_WITH(check_pixels_fit(img, "int", "x"),
                    Catch::Contains("holds 4.29497e+09 at x=1, y=0, which Image<int> cannot hold"));
  CHECK_THROWS_WITH(check_pixels_fit(img, "uint", "x"), Catch::Contains("at x=1, y=0, which Image<uint> cannot hold"));
}
