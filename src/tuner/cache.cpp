#include "tuner/cache.hpp"

#include <filesystem>
#include <sstream>

#include "error.hpp"

namespace filterlab::tuner {
namespace {

constexpr const char* kSchema = "filterlab.tuning-cache/1";

// Reads every complete line; returns the byte length of the complete part (a torn tail excluded).
std::size_t parse_lines(const std::string& path, const std::string& text, CacheFile& out) {
  std::size_t start = 0, good = 0, line_no = 0;
  while (start < text.size()) {
    const auto nl = text.find('\n', start);
    if (nl == std::string::npos) break;  // torn last line: ignored, cut on reopen
    const std::string line = text.substr(start, nl - start);
    ++line_no;
    if (!line.empty()) {
      nlohmann::json j;
      try {
        j = nlohmann::json::parse(line);
      } catch (const std::exception& e) {
        throw Error("line " + std::to_string(line_no) + " of tuning cache " + path + " is not JSON (" + e.what() + ")",
                    "the file was edited or is not a tuning cache; move it away to start afresh");
      }
      if (line_no == 1) {
        if (j.value("schema", "") != kSchema)
          throw Error(path + " is not a tuning cache (schema '" + j.value("schema", "") + "')", "give another --cache path");
        out.header = j;
      } else {
        out.rows[j.at("id").get<std::string>()] = measurement_from_json(j);
      }
    }
    start = nl + 1;
    good = start;
  }
  return good;
}

}  // namespace

nlohmann::json measurement_json(const std::string& id, const Measurement& m) {
  nlohmann::json j = {{"id", id}, {"point", m.point}, {"valid", m.valid()}};
  if (m.valid()) {
    j["time_ms"] = m.time_ms;
    j["q1_ms"] = m.q1_ms;
    j["q3_ms"] = m.q3_ms;
    j["samples_ms"] = m.samples_ms;
  } else {
    j["invalid"] = invalid_name(m.invalid);
    j["reason"] = m.reason;
  }
  return j;
}

Measurement measurement_from_json(const nlohmann::json& row) {
  Measurement m;
  m.point = row.value("point", std::vector<long>{});
  if (row.at("valid").get<bool>()) {
    m.time_ms = row.at("time_ms").get<double>();
    m.q1_ms = row.value("q1_ms", m.time_ms);
    m.q3_ms = row.value("q3_ms", m.time_ms);
    m.samples_ms = row.value("samples_ms", std::vector<double>{});
  } else {
    m.invalid = invalid_from_name(row.at("invalid").get<std::string>());
    m.reason = row.value("reason", "");
  }
  return m;
}

CacheFile read_cache(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read tuning cache " + path, "give the path of a cache an exhaustive run wrote (--cache)");
  std::stringstream ss;
  ss << in.rdbuf();
  CacheFile out;
  parse_lines(path, ss.str(), out);
  if (out.header.is_null()) throw Error(path + " holds no tuning-cache header", "is it a tuning cache?");
  return out;
}

namespace {

// Times measured with another number of compute units do not carry over (PoCL 5's caches started
// with 16 and resumed with 8 gave a tuned configuration 2.5 times slower than its cached time).
void check_compute_units(const nlohmann::json& recorded, const nlohmann::json& now, const std::string& path) {
  const auto units = [](const nlohmann::json& h) {
    const auto d = h.value("device", nlohmann::json());
    return d.is_object() ? d.value("compute_units", nlohmann::json()) : nlohmann::json();
  };
  const auto a = units(recorded), b = units(now);
  if (!a.is_null() && !b.is_null() && a != b)
    throw Error("tuning cache " + path + " was measured on a device with " + a.dump() + " compute units; this one has " + b.dump() +
                    ", so its times do not carry over",
                "move the cache away to measure afresh, or run with the same compute units (PoCL: POCL_CPU_MAX_CU_COUNT)");
}

}  // namespace

EvalCache::EvalCache(const std::string& path, const nlohmann::json& header) : path_(path), header_(header) {
  header_["schema"] = kSchema;
  if (path_.empty()) return;
  const auto dir = std::filesystem::path(path_).parent_path();
  std::error_code ec;  // a directory that cannot be made fails below, naming the lock file
  if (!dir.empty()) std::filesystem::create_directories(dir, ec);
  lock_ = std::make_unique<io::WriteLock>(io::cache_lock_path(path_), "tuning cache " + path_);
  std::size_t keep = 0;
  bool exists = std::filesystem::exists(path_);
  if (exists) {
    std::ifstream in(path_, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    CacheFile f;
    keep = parse_lines(path_, ss.str(), f);
    if (f.header.is_null()) {
      exists = false;  // an empty or torn first line: nothing recorded yet
      keep = 0;
    } else {
      for (const char* k : {"space", "setup"})
        if (f.header.value(k, nlohmann::json()) != header_.value(k, nlohmann::json()))
          throw Error("tuning cache " + path_ + " was written for " + k + " " + f.header.value(k, nlohmann::json()).dump() +
                          ", not " + header_.value(k, nlohmann::json()).dump(),
                      "give another --cache path for this space and setup");
      check_compute_units(f.header, header_, path_);
      header_ = f.header;
      rows_ = std::move(f.rows);
    }
    std::filesystem::resize_file(path_, keep);  // drops a torn last line
  }
  out_.open(path_, std::ios::binary | std::ios::app);
  if (!out_) throw Error("cannot write tuning cache " + path_, "check that the directory exists and is writable");
  if (!exists) {
    out_ << header_.dump() << "\n";
    out_.flush();
  }
}

Measurement EvalCache::get(const std::string& id) const {
  const auto it = rows_.find(id);
  if (it == rows_.end()) throw Error("configuration " + id + " is not in tuning cache " + path_);
  return it->second;
}

void EvalCache::put(const std::string& id, const Measurement& m) {
  if (has(id)) throw Error("configuration " + id + " is already in tuning cache " + path_);
  rows_[id] = m;
  if (!out_.is_open()) return;
  out_ << measurement_json(id, m).dump() << "\n";
  out_.flush();
  if (!out_) throw Error("writing tuning cache " + path_ + " failed", "is the disk full?");
}

}  // namespace filterlab::tuner
