#include "ocl/sha256.hpp"

#include <openssl/evp.h>

#include <array>
#include <cstdio>

#include "error.hpp"

namespace filterlab {

std::string sha256_hex(const std::string& data) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int len = 0;
  if (EVP_Digest(data.data(), data.size(), digest.data(), &len, EVP_sha256(), nullptr) != 1)
    throw Error("SHA-256 computation failed in libcrypto");
  std::string hex;
  char buf[3];
  for (unsigned int i = 0; i < len; ++i) {
    std::snprintf(buf, sizeof buf, "%02x", digest[i]);
    hex += buf;
  }
  return hex;
}

}  // namespace filterlab
