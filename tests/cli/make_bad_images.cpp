// Writes the hostile images of issue 31 into a directory: small files (at most a few KB) whose
// headers lie about their size, whose codec data is missing or cannot be decoded, Netpbm files the
// strict reader must refuse, and float images an 8-bit Image cannot hold. Valid PNG and JPEG files
// come from OpenCV and are then damaged; TIFF and Netpbm files are written byte by byte.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using Bytes = std::vector<unsigned char>;

namespace {

void write(const fs::path& p, const Bytes& b) {
  std::ofstream out(p, std::ios::binary);
  out.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
  if (!out) throw std::runtime_error("cannot write " + p.string());
}
void write(const fs::path& p, const std::string& s) { write(p, Bytes(s.begin(), s.end())); }

Bytes encode(const std::string& ext, const cv::Mat& m) {
  std::vector<uchar> b;
  if (!cv::imencode(ext, m, b)) throw std::runtime_error("OpenCV cannot encode " + ext);
  return Bytes(b.begin(), b.end());
}

void put16(Bytes& b, unsigned v) { b.push_back(v & 0xFF), b.push_back((v >> 8) & 0xFF); }
void put32(Bytes& b, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b.push_back((v >> (8 * i)) & 0xFF);
}
void put32_be(Bytes& b, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + i] = (v >> (24 - 8 * i)) & 0xFF;
}

// A little-endian 8-bit grey TIFF of one strip holding `raster` as it is, whatever `compression` says.
Bytes tiff(unsigned w, unsigned h, unsigned compression, const Bytes& raster) {
  Bytes b{'I', 'I', 42, 0};
  put32(b, 8);
  const unsigned entries = 9, data = 8 + 2 + entries * 12 + 4;
  put16(b, entries);
  const auto entry = [&](unsigned tag, unsigned type, std::uint32_t value) {
    put16(b, tag), put16(b, type), put32(b, 1), put32(b, value);  // SHORT values sit in the low bytes
  };
  entry(256, 3, w);
  entry(257, 3, h);
  entry(258, 3, 8);
  entry(259, 3, compression);
  entry(262, 3, 1);  // BlackIsZero
  entry(273, 4, data);
  entry(277, 3, 1);
  entry(278, 3, h);
  entry(279, 4, static_cast<std::uint32_t>(raster.size()));
  put32(b, 0);  // no next directory
  b.insert(b.end(), raster.begin(), raster.end());
  return b;
}

std::uint32_t crc32(const unsigned char* p, std::size_t n) {
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) {
    c ^= p[i];
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
  }
  return c ^ 0xFFFFFFFFu;
}

// The PNG with its IHDR declaring w x h (CRC fixed, so only the size lies).
Bytes png_declaring(Bytes png, std::uint32_t w, std::uint32_t h) {
  put32_be(png, 16, w);
  put32_be(png, 20, h);
  put32_be(png, 29, crc32(&png[12], 17));  // over "IHDR" and its 13 data bytes
  return png;
}

// The PNG with a chunk after IHDR declaring `length` bytes that the file does not hold.
Bytes png_with_long_chunk(const Bytes& png, std::uint32_t length) {
  Bytes b(png.begin(), png.begin() + 33);  // signature and IHDR
  b.resize(b.size() + 8);
  put32_be(b, 33, length);
  const char* type = "tEXt";
  std::copy(type, type + 4, b.begin() + 37);
  b.insert(b.end(), png.begin() + 33, png.end());  // the rest follows as if it were the chunk's data
  return b;
}

std::size_t find_marker(const Bytes& jpeg, unsigned char marker) {
  for (std::size_t i = 2; i + 1 < jpeg.size(); ++i)
    if (jpeg[i] == 0xFF && jpeg[i + 1] == marker) return i;
  throw std::runtime_error("no JPEG marker " + std::to_string(marker));
}

// The JPEG with its frame header (SOF0) declaring w x h.
Bytes jpeg_declaring(Bytes jpeg, unsigned w, unsigned h) {
  const std::size_t sof = find_marker(jpeg, 0xC0);
  jpeg[sof + 5] = (h >> 8) & 0xFF, jpeg[sof + 6] = h & 0xFF;
  jpeg[sof + 7] = (w >> 8) & 0xFF, jpeg[sof + 8] = w & 0xFF;
  return jpeg;
}

Bytes pfm_filled(int w, int h, float v) {
  const std::string header = "Pf\n" + std::to_string(w) + " " + std::to_string(h) + "\n-1.0\n";
  Bytes b(header.begin(), header.end());
  for (int i = 0; i < w * h; ++i) {
    const auto* p = reinterpret_cast<const unsigned char*>(&v);
    b.insert(b.end(), p, p + 4);
  }
  return b;
}

void make(const fs::path& dir) {
  fs::create_directories(dir);
  cv::Mat grey(23, 37, CV_8U);
  cv::RNG(20261124).fill(grey, cv::RNG::UNIFORM, 0, 256);
  const Bytes png = encode(".png", grey), jpeg = encode(".jpg", grey);
  write(dir / "good.png", png);
  write(dir / "good.jpg", jpeg);

  // 1. TIFF compression that cannot be applied (both were read as all-zero images).
  Bytes raster(37 * 23);
  for (std::size_t i = 0; i < raster.size(); ++i) raster[i] = static_cast<unsigned char>(100 + i * 37);
  write(dir / "good.tif", tiff(37, 23, 1, raster));
  write(dir / "unknown_compression.tif", tiff(37, 23, 60000, raster));
  write(dir / "lzw_raw.tif", tiff(37, 23, 5, raster));

  // 2. JPEG without scan data (libjpeg fills it with grey and warns): cut after the scan header,
  // before the scan header, and in the middle of the entropy-coded data.
  const std::size_t sos = find_marker(jpeg, 0xDA);
  const std::size_t scan = sos + 2 + ((std::size_t{jpeg[sos + 2]} << 8) | jpeg[sos + 3]);
  write(dir / "no_scan_data.jpg", Bytes(jpeg.begin(), jpeg.begin() + static_cast<long>(scan)));
  write(dir / "no_scan.jpg", Bytes(jpeg.begin(), jpeg.begin() + static_cast<long>(sos)));
  write(dir / "truncated.jpg", Bytes(jpeg.begin(), jpeg.begin() + static_cast<long>((scan + jpeg.size()) / 2)));

  // 3., 4., 6. Netpbm: a PFM scale of nan, a PGM sample above maxval, sizes and maxval that are not numbers.
  write(dir / "nan_scale.pfm", "Pf\n2 2\nnan\n" + std::string(16, '\0'));
  write(dir / "above_maxval.pgm", std::string("P5\n2 2\n100\n") + '\x0a' + '\xc8' + '\x1e' + '\x28');
  write(dir / "good.pgm", "P5\n4 2\n255\n" + std::string("\x00\x10\x80\xff\x01\x02\x03\x04", 8));
  write(dir / "height_2c.pgm", "P5\n4 2c\n255\n" + std::string(8, 'x'));
  write(dir / "maxval_2e55.pgm",
        "P5\n4 2\n2\xc3\xa9"
        "55\n" +
            std::string(8, 'x'));
  // A header with one token too many ("255 255"): the raster would start 4 bytes late, every row shifted.
  write(dir / "maxval_twice.pgm", "P5\n4 2\n255 255\n" + std::string(8, 'x'));

  // 5. Float values an Image<uchar> cannot hold.
  write(dir / "value_300.pfm", pfm_filled(8, 4, 300.0f));
  write(dir / "value_minus1.pfm", pfm_filled(8, 4, -1.0f));
  write(dir / "value_2_7.pfm", pfm_filled(8, 4, 2.7f));

  // 7. Headers beyond the limit (a bomb's header: its data never gets decoded) and an absurd chunk.
  write(dir / "bomb.png", png_declaring(png, 20000, 20000));
  write(dir / "wide.png", png_declaring(png, 2000000, 1));
  write(dir / "bomb.jpg", jpeg_declaring(jpeg, 16384, 16385));
  write(dir / "chunk_2gib.png", png_with_long_chunk(png, 0x7FFFFFF0u));
  write(dir / "chunk_4gib.png", png_with_long_chunk(png, 0xFFFFFFF0u));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: make_bad_images DIR\n";
    return 2;
  }
  try {
    make(argv[1]);
  } catch (const std::exception& e) {
    std::cerr << "make_bad_images: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
