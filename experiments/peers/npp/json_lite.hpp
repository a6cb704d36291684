#pragma once
// A small JSON reader (the manifest) and writer (the results): the GPU host has no C++ JSON library.

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace npp_peers {

struct Json {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  bool b = false;
  double num = 0;
  std::string str;
  std::vector<Json> arr;
  std::vector<std::pair<std::string, Json>> obj;

  const Json& operator[](const std::string& key) const {
    for (const auto& kv : obj)
      if (kv.first == key) return kv.second;
    throw std::runtime_error("manifest: missing key '" + key + "'");
  }
  bool has(const std::string& key) const {
    for (const auto& kv : obj)
      if (kv.first == key) return true;
    return false;
  }
};

class JsonParser {
 public:
  explicit JsonParser(const std::string& text) : s_(text) {}
  Json parse() {
    Json v = value();
    ws();
    if (i_ != s_.size()) fail("trailing characters");
    return v;
  }

 private:
  const std::string& s_;
  std::size_t i_ = 0;
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("manifest.json: " + what + " at byte " + std::to_string(i_));
  }
  void ws() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  bool eat(const char* lit) {
    const std::size_t n = std::strlen(lit);
    if (s_.compare(i_, n, lit) != 0) return false;
    i_ += n;
    return true;
  }
  std::string string_body() {
    std::string out;
    ++i_;  // opening quote
    while (i_ < s_.size() && s_[i_] != '"') {
      char c = s_[i_++];
      if (c == '\\') {
        if (i_ >= s_.size()) fail("bad escape");
        char e = s_[i_++];
        switch (e) {
          case 'n':
            out += '\n';
            break;
          case 't':
            out += '\t';
            break;
          case 'r':
            out += '\r';
            break;
          case 'b':
            out += '\b';
            break;
          case 'f':
            out += '\f';
            break;
          case 'u': {  // the manifest is ASCII apart from names; keep BMP characters as UTF-8
            unsigned cp = std::stoul(s_.substr(i_, 4), nullptr, 16);
            i_ += 4;
            if (cp < 0x80) {
              out += static_cast<char>(cp);
            } else if (cp < 0x800) {
              out += static_cast<char>(0xC0 | (cp >> 6));
              out += static_cast<char>(0x80 | (cp & 0x3F));
            } else {
              out += static_cast<char>(0xE0 | (cp >> 12));
              out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
              out += static_cast<char>(0x80 | (cp & 0x3F));
            }
            break;
          }
          default:
            out += e;
        }
      } else {
        out += c;
      }
    }
    if (i_ >= s_.size()) fail("unterminated string");
    ++i_;
    return out;
  }
  Json value() {
    ws();
    if (i_ >= s_.size()) fail("unexpected end");
    Json v;
    const char c = s_[i_];
    if (c == '{') {
      v.kind = Json::Object;
      ++i_;
      ws();
      if (s_[i_] == '}') return ++i_, v;
      for (;;) {
        ws();
        if (s_[i_] != '"') fail("expected a key");
        std::string key = string_body();
        ws();
        if (s_[i_++] != ':') fail("expected ':'");
        v.obj.emplace_back(key, value());
        ws();
        if (s_[i_] == ',') {
          ++i_;
          continue;
        }
        if (s_[i_] == '}') {
          ++i_;
          return v;
        }
        fail("expected ',' or '}'");
      }
    }
    if (c == '[') {
      v.kind = Json::Array;
      ++i_;
      ws();
      if (s_[i_] == ']') return ++i_, v;
      for (;;) {
        v.arr.push_back(value());
        ws();
        if (s_[i_] == ',') {
          ++i_;
          continue;
        }
        if (s_[i_] == ']') {
          ++i_;
          return v;
        }
        fail("expected ',' or ']'");
      }
    }
    if (c == '"') {
      v.kind = Json::String;
      v.str = string_body();
      return v;
    }
    if (eat("true")) {
      v.kind = Json::Bool;
      v.b = true;
      return v;
    }
    if (eat("false")) {
      v.kind = Json::Bool;
      return v;
    }
    if (eat("null")) return v;
    char* end = nullptr;
    v.num = std::strtod(s_.c_str() + i_, &end);
    if (end == s_.c_str() + i_) fail("unexpected character");
    i_ = static_cast<std::size_t>(end - s_.c_str());
    v.kind = Json::Number;
    return v;
  }
};

inline std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

inline std::string num(double v) {
  if (!std::isfinite(v)) return "null";
  char buf[40];
  if (v == std::nearbyint(v) && std::fabs(v) < 1e15)  // counts and sizes stay integers for the analysis
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
  else
    std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// An ordered JSON object written as text; values are already-encoded JSON.
struct Obj {
  std::vector<std::pair<std::string, std::string>> kv;
  Obj& put(const std::string& k, const std::string& encoded) {
    kv.emplace_back(k, encoded);
    return *this;
  }
  Obj& str(const std::string& k, const std::string& v) { return put(k, quote(v)); }
  Obj& num(const std::string& k, double v) { return put(k, npp_peers::num(v)); }
  std::string dump(int indent = 1, int depth = 0) const {
    std::string pad(static_cast<std::size_t>(indent * (depth + 1)), ' '), out = "{\n";
    for (std::size_t i = 0; i < kv.size(); ++i)
      out += pad + quote(kv[i].first) + ": " + kv[i].second + (i + 1 < kv.size() ? ",\n" : "\n");
    return out + std::string(static_cast<std::size_t>(indent * depth), ' ') + "}";
  }
};

inline std::string array(const std::vector<std::string>& encoded) {
  std::string out = "[";
  for (std::size_t i = 0; i < encoded.size(); ++i) out += (i ? ", " : "") + encoded[i];
  return out + "]";
}

}  // namespace npp_peers
