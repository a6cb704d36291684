#pragma once
// .npy reading (format 1.0/2.0, little-endian, C order): float32 or uint8, two dimensions.

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace npp_peers {

struct HostImage {
  int width = 0, height = 0;
  bool u8 = false;
  std::vector<float> f;
  std::vector<std::uint8_t> b;
  double at(std::size_t i) const { return u8 ? b[i] : f[i]; }
};

inline HostImage read_npy(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path + " (was `filterlab-peers export` run into --inputs?)");
  char magic[8];
  in.read(magic, 8);
  if (std::memcmp(magic, "\x93NUMPY", 6) != 0) throw std::runtime_error(path + ": not a .npy file");
  std::size_t header_len = 0;
  if (magic[6] == 1) {
    unsigned char l[2];
    in.read(reinterpret_cast<char*>(l), 2);
    header_len = l[0] | (l[1] << 8);
  } else {
    unsigned char l[4];
    in.read(reinterpret_cast<char*>(l), 4);
    header_len = l[0] | (l[1] << 8) | (l[2] << 16) | (static_cast<std::size_t>(l[3]) << 24);
  }
  std::string header(header_len, '\0');
  in.read(&header[0], static_cast<std::streamsize>(header_len));
  HostImage img;
  if (header.find("'descr': '<f4'") != std::string::npos) {
    img.u8 = false;
  } else if (header.find("'descr': '|u1'") != std::string::npos) {
    img.u8 = true;
  } else {
    throw std::runtime_error(path + ": dtype must be <f4 or |u1 (header " + header + ")");
  }
  if (header.find("'fortran_order': False") == std::string::npos) throw std::runtime_error(path + ": must be C order");
  const auto open = header.find("'shape': (");
  if (open == std::string::npos) throw std::runtime_error(path + ": no shape");
  if (std::sscanf(header.c_str() + open, "'shape': (%d, %d)", &img.height, &img.width) != 2)
    throw std::runtime_error(path + ": shape must have two dimensions");
  const std::size_t n = static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height);
  if (img.u8) {
    img.b.resize(n);
    in.read(reinterpret_cast<char*>(img.b.data()), static_cast<std::streamsize>(n));
  } else {
    img.f.resize(n);
    in.read(reinterpret_cast<char*>(img.f.data()), static_cast<std::streamsize>(n * 4));
  }
  if (!in) throw std::runtime_error(path + ": truncated");
  return img;
}

}  // namespace npp_peers
