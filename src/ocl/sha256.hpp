#pragma once
#include <string>

namespace filterlab {
// Lower-case hex SHA-256 of `data` (OpenSSL's libcrypto).
std::string sha256_hex(const std::string& data);
}  // namespace filterlab
