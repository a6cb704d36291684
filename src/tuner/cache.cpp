#include "tuner/cache.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "error.hpp"
#include "util/json_error.hpp"

namespace filterlab::tuner {
namespace {

constexpr const char* kSchema = "filterlab.tuning-cache/1";

// A JSON value as it stands in the file, cut short for a message.
std::string shown(const nlohmann::json& v) {
  const std::string text = v.dump();
  return text.size() > 40 ? text.substr(0, 40) + "..." : text;
}

// A time in milliseconds: a finite number, not negative (a hand-edited -5 would become the best).
double time_value(const nlohmann::json& v, const std::string& key) {
  if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0)
    throw Error("'" + key + "' is " + shown(v) + ", not a time (a finite number of milliseconds, 0 or more)");
  return v.get<double>();
}

double time_field(const nlohmann::json& row, const std::string& key) {
  if (!row.contains(key)) throw Error("'" + key + "' is missing");
  return time_value(row[key], key);
}

// The configuration ID of a row: a non-empty string.
std::string row_id(const nlohmann::json& row) {
  if (!row.is_object()) throw Error("the row is " + shown(row) + ", not an object");
  if (!row.contains("id") || !row["id"].is_string() || row["id"].get<std::string>().empty())
    throw Error("'id' is " + (row.contains("id") ? shown(row["id"]) : std::string("missing")) +
                ", not a configuration ID");
  return row["id"].get<std::string>();
}

const char* const kEditedHint =
    "the file was edited or damaged: fix or delete that line, or move the file away to measure afresh";

// The header (line 1): an object of this schema.
nlohmann::json checked_header(const std::string& path, const nlohmann::json& j) {
  const auto schema =
      j.is_object() && j.contains("schema") && j["schema"].is_string() ? j["schema"].get<std::string>() : std::string();
  if (schema != kSchema)
    throw Error(path + " is not a tuning cache (its first line has schema '" + schema + "', not " + kSchema + ")",
                "give another --cache path");
  return j;
}

// Reads every complete line; returns the byte length of the complete part (a torn tail excluded).
// A row that is not JSON or not a measurement is refused naming the file and the line.
std::size_t parse_lines(const std::string& path, const std::string& text, CacheFile& out) {
  std::size_t start = 0, good = 0, line_no = 0;
  while (start < text.size()) {
    const auto nl = text.find('\n', start);
    if (nl == std::string::npos) break;  // torn last line: ignored, cut on reopen
    const std::string line = text.substr(start, nl - start);
    ++line_no;
    if (!line.empty()) {
      const std::string where = "line " + std::to_string(line_no) + " of tuning cache " + path;
      nlohmann::json j;
      try {
        j = nlohmann::json::parse(line);
      } catch (const nlohmann::json::exception& e) {
        throw Error(where + " is not JSON (" + json_error_text(e) + ")", kEditedHint);
      }
      if (line_no == 1) {
        out.header = checked_header(path, j);
      } else {
        try {
          auto id = row_id(j);
          out.rows[std::move(id)] = measurement_from_json(j);
        } catch (const Error& e) {
          throw Error(where + ": " + e.what(), kEditedHint);
        }
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
  if (!row.is_object()) throw Error("the row is " + shown(row) + ", not an object");
  Measurement m;
  if (row.contains("point")) {
    const auto& p = row["point"];
    if (!p.is_array() ||
        !std::all_of(p.begin(), p.end(), [](const nlohmann::json& v) { return v.is_number_integer(); }))
      throw Error("'point' is " + shown(p) + ", not a list of integers");
    m.point = p.get<std::vector<long>>();
  }
  if (!row.contains("valid") || !row["valid"].is_boolean())
    throw Error("'valid' is " + (row.contains("valid") ? shown(row["valid"]) : std::string("missing")) +
                ", not true or false");
  if (row["valid"].get<bool>()) {
    m.time_ms = time_field(row, "time_ms");
    m.q1_ms = row.contains("q1_ms") ? time_field(row, "q1_ms") : m.time_ms;
    m.q3_ms = row.contains("q3_ms") ? time_field(row, "q3_ms") : m.time_ms;
    if (row.contains("samples_ms")) {
      const auto& s = row["samples_ms"];
      if (!s.is_array()) throw Error("'samples_ms' is " + shown(s) + ", not a list of times");
      for (const auto& v : s) m.samples_ms.push_back(time_value(v, "samples_ms"));
    }
  } else {
    const auto& kind = row.contains("invalid") ? row["invalid"] : nlohmann::json();
    if (!kind.is_string())
      throw Error("'invalid' is " + (kind.is_null() ? std::string("missing") : shown(kind)) +
                  ", not a kind of failure");
    m.invalid = invalid_from_name(kind.get<std::string>());
    if (m.valid()) throw Error("the row says valid false but 'invalid' is none");
    if (row.contains("reason")) {
      if (!row["reason"].is_string()) throw Error("'reason' is " + shown(row["reason"]) + ", not text");
      m.reason = row["reason"].get<std::string>();
    }
  }
  return m;
}

void check_cache_path(const std::string& path) {
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (std::filesystem::is_directory(st))
    throw Error("tuning cache " + path + " is a directory, not a file",
                "give --cache the path of a file (it is created if absent)");
  if (std::filesystem::exists(st) && !std::filesystem::is_regular_file(st))
    throw Error("tuning cache " + path + " is not a regular file",
                "give --cache the path of a file (it is created if absent)");
}

CacheFile read_cache(const std::string& path) {
  check_cache_path(path);
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error("cannot read tuning cache " + path, "give the path of a cache an exhaustive run wrote (--cache)");
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
    throw Error(
        "tuning cache " + path + " was measured on a device with " + a.dump() + " compute units; this one has " +
            b.dump() + ", so its times do not carry over",
        "move the cache away to measure afresh, or run with the same compute units (PoCL: POCL_CPU_MAX_CU_COUNT)");
}

}  // namespace

EvalCache::EvalCache(const std::string& path, const nlohmann::json& header) : path_(path), header_(header) {
  header_["schema"] = kSchema;
  if (path_.empty()) return;
  check_cache_path(path_);  // before the lock: no PATH.lock beside a directory
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
          throw Error("tuning cache " + path_ + " was written for " + k + " " +
                          f.header.value(k, nlohmann::json()).dump() + ", not " +
                          header_.value(k, nlohmann::json()).dump(),
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
