#include "io/image_codecs.hpp"

#include <jpeglib.h>
#include <tiffio.h>

#include <csetjmp>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <vector>

#include "error.hpp"
#include "io/netpbm.hpp"

namespace filterlab::io {
namespace {

[[noreturn]] void damaged(const std::string& path, const std::string& format, const std::string& why) {
  throw Error(
      "cannot read image " + path + ": " + why,
      "the " + format + " file is damaged or truncated: re-export or re-download it, or convert it to PNG or PGM");
}

std::uint32_t big_endian32(const unsigned char* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

std::vector<unsigned char> file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot open image " + path, "check the path and its permissions");
  return std::vector<unsigned char>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// ---- PNG: walk the chunks (lengths only, never their data) so that a chunk declaring more bytes
// than the file holds (a 953-byte file claiming 2 GiB) is refused at once; IHDR gives the size.
void check_png(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  in.seekg(0, std::ios::end);
  const auto size = static_cast<unsigned long long>(in.tellg());
  unsigned long long pos = 8;  // after the signature
  for (bool first = true;; first = false) {
    if (size - pos < 12) damaged(path, "PNG", "the file ends inside a chunk header at byte " + std::to_string(pos));
    unsigned char h[8];
    in.seekg(static_cast<std::streamoff>(pos));
    in.read(reinterpret_cast<char*>(h), 8);
    const std::uint32_t length = big_endian32(h);
    const std::string type(reinterpret_cast<const char*>(h + 4), 4);
    for (const unsigned char c : type)
      if (!std::isalpha(c)) damaged(path, "PNG", "no valid chunk at byte " + std::to_string(pos));
    if (length > 0x7fffffffu)
      damaged(path, "PNG",
              "chunk " + type + " at byte " + std::to_string(pos) + " declares " + std::to_string(length) +
                  " bytes, above PNG's limit of 2^31-1");
    if (length > size - pos - 12)
      damaged(path, "PNG",
              "chunk " + type + " at byte " + std::to_string(pos) + " declares " + std::to_string(length) +
                  " bytes but the file holds only " + std::to_string(size - pos - 12) + " more");
    if (first) {
      if (type != "IHDR" || length != 13) damaged(path, "PNG", "the first chunk is not a 13-byte IHDR");
      unsigned char wh[8];
      in.read(reinterpret_cast<char*>(wh), 8);
      check_declared_pixels(path, big_endian32(wh), big_endian32(wh + 4));
    }
    if (type == "IEND") return;
    pos += 12ull + length;
    if (pos == size) return;  // no IEND: libpng decides whether the image data is complete
  }
}

// ---- JPEG: the markers up to the first scan give the size (SOFn) and show a missing scan; a trial
// decode with libjpeg then refuses any warning (libjpeg fills missing data with grey and warns).
bool is_sof(int m) { return m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC; }

void check_jpeg_markers(const std::string& path, const std::vector<unsigned char>& b) {
  bool frame = false;
  std::size_t pos = 2;  // after SOI
  while (pos < b.size()) {
    if (b[pos] != 0xFF) damaged(path, "JPEG", "no marker at byte " + std::to_string(pos));
    while (pos < b.size() && b[pos] == 0xFF) ++pos;  // fill bytes
    if (pos >= b.size()) break;
    const int m = b[pos++];
    if (m == 0xD8 || m == 0x01 || (m >= 0xD0 && m <= 0xD7)) continue;  // markers without a segment
    if (m == 0xD9) break;                                              // EOI
    if (b.size() - pos < 2) break;
    const std::size_t length = (std::size_t{b[pos]} << 8) | b[pos + 1];
    if (length < 2 || length > b.size() - pos)
      damaged(path, "JPEG",
              "the segment of marker 0x" + std::to_string(m) + " at byte " + std::to_string(pos - 2) + " declares " +
                  std::to_string(length) + " bytes but the file holds only " + std::to_string(b.size() - pos));
    if (is_sof(m)) {
      if (length < 8) damaged(path, "JPEG", "a frame header (SOF) shorter than 8 bytes");
      const long long h = (b[pos + 3] << 8) | b[pos + 4], w = (b[pos + 5] << 8) | b[pos + 6];
      if (h == 0) damaged(path, "JPEG", "the frame header declares height 0 (a DNL marker, which is not supported)");
      check_declared_pixels(path, w, h);
      frame = true;
    }
    if (m == 0xDA) {
      if (!frame) damaged(path, "JPEG", "a scan (SOS) before any frame header (SOF)");
      return;
    }
    pos += length;
  }
  damaged(path, "JPEG",
          frame ? "no scan data (no SOS marker): the image data is missing" : "no frame header (SOF marker)");
}

struct JpegFailure {
  jpeg_error_mgr manager;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
};

void jpeg_fail(j_common_ptr c) {
  auto* f = reinterpret_cast<JpegFailure*>(c->err);
  (*c->err->format_message)(c, f->message);
  std::longjmp(f->jump, 1);
}

// Level -1 is a warning (corrupt data, a premature end): for us an error. Trace levels are ignored.
void jpeg_message(j_common_ptr c, int level) {
  if (level < 0) jpeg_fail(c);
}

// Decodes every scanline (as grey, the cheapest output) and discards it. No C++ object with a
// destructor lives in this frame: libjpeg leaves it by longjmp. False with failure.message set when
// libjpeg reported an error or warning.
bool trial_decode_jpeg(const unsigned char* data, unsigned long size, JpegFailure& failure) {
  jpeg_decompress_struct cinfo;
  cinfo.err = jpeg_std_error(&failure.manager);
  failure.manager.error_exit = jpeg_fail;
  failure.manager.emit_message = jpeg_message;
  if (setjmp(failure.jump)) {
    jpeg_destroy_decompress(&cinfo);
    return false;
  }
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, data, size);
  jpeg_read_header(&cinfo, TRUE);
  if (cinfo.jpeg_color_space != JCS_CMYK && cinfo.jpeg_color_space != JCS_YCCK) cinfo.out_color_space = JCS_GRAYSCALE;
  cinfo.dct_method = JDCT_IFAST;
  jpeg_start_decompress(&cinfo);
  JSAMPARRAY row = (*cinfo.mem->alloc_sarray)(reinterpret_cast<j_common_ptr>(&cinfo), JPOOL_IMAGE,
                                              cinfo.output_width * static_cast<JDIMENSION>(cinfo.output_components), 1);
  while (cinfo.output_scanline < cinfo.output_height) jpeg_read_scanlines(&cinfo, row, 1);
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  return true;
}

void check_jpeg(const std::string& path) {
  const auto bytes = file_bytes(path);
  check_jpeg_markers(path, bytes);
  JpegFailure failure{};
  if (!trial_decode_jpeg(bytes.data(), static_cast<unsigned long>(bytes.size()), failure))
    damaged(path, "JPEG", std::string("libjpeg: ") + failure.message);
}

// ---- TIFF: libtiff reads the first directory (the image OpenCV decodes), then every strip or
// tile of it; an error from any codec (a scheme it does not know, LZW codes that are not LZW)
// refuses the file. Warnings (unknown tags and the like) are ignored, as OpenCV ignores them.
int tiff_error(TIFF* tif, void* user, const char* module, const char* format, va_list args) {
  auto* first = static_cast<std::string*>(user);
  char text[512];
  std::vsnprintf(text, sizeof text, format, args);
  // The module is often the file's name, which the message names already.
  const bool file_name = module && tif && std::strcmp(module, TIFFFileName(tif)) == 0;
  if (first->empty()) *first = (module && *module && !file_name ? std::string(module) + ": " : std::string()) + text;
  return 1;  // handled: nothing printed
}

int tiff_warning(TIFF*, void*, const char*, const char*, va_list) { return 1; }

void read_every_block(const std::string& path, TIFF* tif, const std::string& error) {
  const bool tiled = TIFFIsTiled(tif);
  const tmsize_t block = tiled ? TIFFTileSize(tif) : TIFFStripSize(tif);
  if (block <= 0) damaged(path, "TIFF", "libtiff: " + (error.empty() ? std::string("no strip or tile size") : error));
  std::vector<unsigned char> buffer(static_cast<std::size_t>(block));
  const std::uint32_t n = tiled ? TIFFNumberOfTiles(tif) : TIFFNumberOfStrips(tif);
  for (std::uint32_t i = 0; i < n; ++i) {
    const tmsize_t got =
        tiled ? TIFFReadEncodedTile(tif, i, buffer.data(), block) : TIFFReadEncodedStrip(tif, i, buffer.data(), block);
    if (got < 0 || !error.empty())
      damaged(path, "TIFF",
              std::string(tiled ? "tile " : "strip ") + std::to_string(i) +
                  " cannot be decoded (libtiff: " + (error.empty() ? std::string("read failed") : error) + ")");
  }
}

void check_tiff(const std::string& path) {
  std::string error;
  TIFFOpenOptions* options = TIFFOpenOptionsAlloc();
  TIFFOpenOptionsSetErrorHandlerExtR(options, tiff_error, &error);
  TIFFOpenOptionsSetWarningHandlerExtR(options, tiff_warning, nullptr);
  TIFF* raw = TIFFOpenExt(path.c_str(), "r", options);
  TIFFOpenOptionsFree(options);
  if (!raw) damaged(path, "TIFF", "libtiff: " + (error.empty() ? std::string("cannot open it") : error));
  const std::unique_ptr<TIFF, void (*)(TIFF*)> tif(raw, TIFFClose);
  std::uint32_t w = 0, h = 0;
  TIFFGetField(raw, TIFFTAG_IMAGEWIDTH, &w);
  TIFFGetField(raw, TIFFTAG_IMAGELENGTH, &h);
  check_declared_pixels(path, w, h);
  std::uint16_t compression = COMPRESSION_NONE;
  TIFFGetFieldDefaulted(raw, TIFFTAG_COMPRESSION, &compression);
  if (!TIFFIsCODECConfigured(compression))
    throw Error("cannot read image " + path + ": it uses TIFF compression scheme " + std::to_string(compression) +
                    ", which this build cannot decode (or which is no TIFF compression at all)",
                "convert it to an uncompressed, LZW or Deflate TIFF, or to PNG");
  if (!error.empty()) damaged(path, "TIFF", "libtiff: " + error);
  read_every_block(path, raw, error);
}

// ---- OpenCV's limit variables (see the header).
struct LimitVariable {
  const char* name;
  const char* entry;  // the environment entry an unusable value is replaced by: OpenCV's default
  const char* accepted;
  bool bad;        // set to something that is not a whole number
  char value[64];  // that value, cut to 63 characters
};

// Plain data, constant-initialised: valid when the start-up function below runs, before any
// constructor of this program.
LimitVariable limit_variables[] = {
    {"OPENCV_IO_MAX_IMAGE_PIXELS",
     "OPENCV_IO_MAX_IMAGE_PIXELS=1073741824",
     "a whole number of pixels, e.g. 268435456 (FilterLab's limit)",
     false,
     {}},
    {"OPENCV_IO_MAX_IMAGE_WIDTH",
     "OPENCV_IO_MAX_IMAGE_WIDTH=1048576",
     "a whole number of pixels, e.g. 1048576 (FilterLab's limit per side)",
     false,
     {}},
    {"OPENCV_IO_MAX_IMAGE_HEIGHT",
     "OPENCV_IO_MAX_IMAGE_HEIGHT=1048576",
     "a whole number of pixels, e.g. 1048576 (FilterLab's limit per side)",
     false,
     {}},
};

bool whole_number(const char* text) {
  std::size_t n = 0;
  for (; text[n]; ++n)
    if (text[n] < '0' || text[n] > '9') return false;
  return n > 0 && n <= 18;
}

// Runs from the executable's .preinit_array: before any shared library's initialiser, so before
// libopencv_imgcodecs parses these variables (and aborts on one it cannot parse). libc is not
// initialised yet (getenv sees nothing), so the environment comes as `envp`, which becomes the
// process's environment: an unusable entry is pointed at OpenCV's default and remembered.
void sanitize_opencv_limits(int, char**, char** envp) {
  for (; envp && *envp; ++envp) {
    for (auto& v : limit_variables) {
      const std::size_t n = std::strlen(v.name);
      if (std::strncmp(*envp, v.name, n) != 0 || (*envp)[n] != '=' || whole_number(*envp + n + 1)) continue;
      v.bad = true;
      std::strncpy(v.value, *envp + n + 1, sizeof v.value - 1);
      *envp = const_cast<char*>(v.entry);
    }
  }
}

[[maybe_unused]] __attribute__((section(".preinit_array"),
                                used)) void (*const run_sanitize_opencv_limits)(int, char**,
                                                                                char**) = sanitize_opencv_limits;

}  // namespace

ImageFormat sniff_image_format(const std::string& path) {
  unsigned char m[8] = {};
  std::ifstream in(path, std::ios::binary);
  in.read(reinterpret_cast<char*>(m), sizeof m);
  const auto got = in.gcount();
  if (got >= 8 && std::memcmp(m, "\x89PNG\r\n\x1a\n", 8) == 0) return ImageFormat::png;
  if (got >= 3 && m[0] == 0xFF && m[1] == 0xD8 && m[2] == 0xFF) return ImageFormat::jpeg;
  if (got >= 4 && (std::memcmp(m, "II*\0", 4) == 0 || std::memcmp(m, "MM\0*", 4) == 0 ||
                   std::memcmp(m, "II+\0", 4) == 0 || std::memcmp(m, "MM\0+", 4) == 0))
    return ImageFormat::tiff;
  if (got >= 2 && m[0] == 'P' && ((m[1] >= '1' && m[1] <= '7') || m[1] == 'f' || m[1] == 'F'))
    return ImageFormat::netpbm;
  return ImageFormat::other;
}

void check_before_decoding(const std::string& path, ImageFormat format) {
  if (format == ImageFormat::png) return check_png(path);
  if (format == ImageFormat::jpeg) return check_jpeg(path);
  if (format == ImageFormat::tiff) return check_tiff(path);
}

void check_opencv_limit_variables() {
  for (const auto& v : limit_variables)
    if (v.bad)
      throw Error(std::string("environment variable ") + v.name + " '" + v.value + "' is not a whole number",
                  std::string("give ") + v.accepted + ", or unset it");
}

}  // namespace filterlab::io
