#pragma once
// A resumable record of evaluations: one JSON object per line (JSON lines), appended and flushed
// after every evaluation, so an interrupted run loses at most the evaluation in flight and the next
// run continues where it stopped. The first line describes the space and the setup; a cache opened
// for another space or setup is refused. A torn last line (a crash mid-write) is dropped on open;
// any other line that is not JSON or not a measurement is refused naming the file and the line.
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "io/write_lock.hpp"
#include "tuner/space.hpp"

namespace filterlab::tuner {

class EvalCache {
 public:
  // `header` describes what produced the rows (space, setup, device, commit); its "space" and
  // "setup" must match an existing file's. An empty `path` keeps the rows in memory only. A file
  // is locked (PATH.lock) while open: a second writer fails naming this one (see io::WriteLock).
  EvalCache(const std::string& path, const nlohmann::json& header);

  bool has(const std::string& id) const { return rows_.count(id) != 0; }
  Measurement get(const std::string& id) const;  // throws filterlab::Error for an unknown id
  // Records and flushes one evaluation (the id must be new).
  void put(const std::string& id, const Measurement& m);
  std::size_t size() const { return rows_.size(); }
  const std::map<std::string, Measurement>& rows() const { return rows_; }
  const std::string& path() const { return path_; }
  const nlohmann::json& header() const { return header_; }

 private:
  std::string path_;
  std::unique_ptr<io::WriteLock> lock_;
  nlohmann::json header_;
  std::map<std::string, Measurement> rows_;
  std::ofstream out_;
};

nlohmann::json measurement_json(const std::string& id, const Measurement& m);
// Throws filterlab::Error saying what is wrong with a row that is not a measurement: wrong types,
// a missing field, a negative or non-finite time, an unknown kind of failure.
Measurement measurement_from_json(const nlohmann::json& row);

// Throws filterlab::Error when `path` cannot be a cache file (a directory, a device): checked
// before a search starts and before its lock file is made.
void check_cache_path(const std::string& path);

// Reads a cache file without opening it for writing (simulation, analysis).
struct CacheFile {
  nlohmann::json header;
  std::map<std::string, Measurement> rows;
};
CacheFile read_cache(const std::string& path);

}  // namespace filterlab::tuner
