#include "peers/npy.hpp"

#include <cstdint>
#include <fstream>
#include <vector>

#include "error.hpp"

namespace filterlab::peers {

void write_npy(const std::string& path, const ref::Image& img, bool u8) {
  std::string header = std::string("{'descr': '") + (u8 ? "|u1" : "<f4") + "', 'fortran_order': False, 'shape': (" +
                       std::to_string(img.height) + ", " + std::to_string(img.width) + "), }";
  // Magic (6) + version (2) + header length (2) + header, padded with spaces to a multiple of 64, ending in '\n'.
  const std::size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header.push_back('\n');
  std::ofstream out(path, std::ios::binary);
  if (!out) throw Error("cannot write " + path);
  out.write("\x93NUMPY\x01\x00", 8);
  const auto len = static_cast<std::uint16_t>(header.size());
  const char len_le[2] = {static_cast<char>(len & 0xff), static_cast<char>(len >> 8)};
  out.write(len_le, 2);
  out.write(header.data(), static_cast<std::streamsize>(header.size()));
  if (u8) {
    std::vector<std::uint8_t> bytes(img.px.size());
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      const float v = img.px[i];
      if (!(v >= 0.0f && v <= 255.0f) || v != static_cast<float>(static_cast<int>(v)))
        throw Error("write_npy: " + path + " holds a value that is not an 8-bit integer");
      bytes[i] = static_cast<std::uint8_t>(v);
    }
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  } else {
    out.write(reinterpret_cast<const char*>(img.px.data()),
              static_cast<std::streamsize>(img.px.size() * sizeof(float)));
  }
  if (!out) throw Error("writing " + path + " failed (disk full?)");
}

}  // namespace filterlab::peers
