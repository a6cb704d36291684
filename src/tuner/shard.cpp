#include "tuner/shard.hpp"

#include <filesystem>
#include <map>
#include <set>

#include "error.hpp"
#include "io/atomic_file.hpp"
#include "io/write_lock.hpp"

namespace filterlab::tuner {
namespace {

const char* const kShardHint = "write it as i/N with 0 <= i < N, e.g. --shard 0/4 ... --shard 3/4";

std::size_t parse_count(const std::string& digits, const std::string& text) {
  if (digits.empty() || digits.size() > 6 || digits.find_first_not_of("0123456789") != std::string::npos)
    throw Error("--shard '" + text + "' is not i/N", kShardHint);
  return std::stoul(digits);
}

// The fields of a shard cache's header that must agree between the shards of one merge.
const char* const kSameFields[] = {"space", "setup", "params", "device", "commit", "commit_dirty"};

std::string shown(const nlohmann::json& v) {
  const auto s = v.dump();
  return s.size() > 80 ? s.substr(0, 80) + "..." : s;
}

}  // namespace

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  if (slash == std::string::npos) throw Error("--shard '" + text + "' is not i/N", kShardHint);
  Shard s;
  s.index = parse_count(text.substr(0, slash), text);
  s.count = parse_count(text.substr(slash + 1), text);
  if (s.count < 1 || s.count > kMaxShards)
    throw Error("--shard '" + text + "': N must be 1 to " + std::to_string(kMaxShards), kShardHint);
  if (s.index >= s.count) throw Error("--shard '" + text + "': i must be below N (shards count from 0)", kShardHint);
  return s;
}

std::vector<Point> shard_points(const std::vector<Point>& points, const Shard& shard) {
  std::vector<Point> out;
  for (std::size_t k = shard.index; k < points.size(); k += shard.count) out.push_back(points[k]);
  return out;
}

nlohmann::json shard_header(const Shard& shard, std::size_t points) {
  return {{"shard", shard.text()}, {"shard_points", points}};
}

void check_shard_resume(const std::string& path, const std::optional<Shard>& shard) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec) || std::filesystem::file_size(path, ec) == 0) return;
  const auto f = read_cache(path);
  const auto had = f.header.value("shard", nlohmann::json());
  const auto want = shard ? nlohmann::json(shard->text()) : nlohmann::json();
  if (had == want) return;
  const auto what = [](const nlohmann::json& s) {
    return s.is_null() ? std::string("an unsharded run") : "shard " + (s.is_string() ? s.get<std::string>() : shown(s));
  };
  throw Error("tuning cache " + path + " holds " + what(had) + ", not " + what(want),
              shard ? "give each shard its own --cache (e.g. DIR/shard-" + std::to_string(shard->index) + "-of-" +
                          std::to_string(shard->count) + ".jsonl)"
                    : std::string("give another --cache: a shard's cache is merged with `filterlab tune-merge`"));
}

MergeSummary merge_shards(const std::string& out, const std::vector<std::string>& inputs) {
  if (inputs.empty())
    throw Error("tune-merge needs the shard caches", "give every --shard cache of the run, e.g. DIR/shard-*.jsonl");
  std::error_code ec;
  for (const auto& in : inputs)
    if (std::filesystem::exists(out, ec) && std::filesystem::equivalent(in, out, ec))
      throw Error("--out " + out + " is one of the shards", "give the merged cache its own path");
  nlohmann::json first;
  std::string first_path;
  std::map<std::size_t, std::string> seen;   // shard index -> file
  std::map<std::string, std::string> owner;  // configuration id -> file
  std::map<std::string, Measurement> rows;
  std::size_t count = 0;
  for (const auto& path : inputs) {
    auto f = read_cache(path);
    const auto& h = f.header;
    if (!h.contains("shard") || !h["shard"].is_string() || !h.contains("shard_points") ||
        !h["shard_points"].is_number_unsigned())
      throw Error(path + " is not a shard's cache (its header has no shard i/N and point count)",
                  "merge the caches written by `filterlab tune --strategy exhaustive --shard i/N`");
    const auto shard = parse_shard(h["shard"].get<std::string>());
    if (first_path.empty()) {
      first = h, first_path = path, count = shard.count;
    } else {
      if (shard.count != count)
        throw Error(path + " is shard " + shard.text() + " but " + first_path + " is one of " + std::to_string(count),
                    "merge the shards of one split");
      for (const char* k : kSameFields)
        if (h.value(k, nlohmann::json()) != first.value(k, nlohmann::json()))
          throw Error(path + " and " + first_path + " differ in " + k + " (" + shown(h.value(k, nlohmann::json())) +
                          " vs " + shown(first.value(k, nlohmann::json())) + ")",
                      "merge shards of one space, setup and device only");
    }
    if (!seen.emplace(shard.index, path).second)
      throw Error("shard " + shard.text() + " is given twice: " + seen[shard.index] + " and " + path,
                  "give each shard once");
    const auto planned = h["shard_points"].get<std::size_t>();
    if (f.rows.size() != planned)
      throw Error("shard " + shard.text() + " (" + path + ") holds " + std::to_string(f.rows.size()) + " of its " +
                      std::to_string(planned) + " evaluations",
                  f.rows.size() < planned ? "rerun that shard: it resumes from its cache"
                                          : "the file was edited: measure that shard afresh");
    for (auto& [id, m] : f.rows) {
      const auto [it, fresh] = owner.emplace(id, path);
      if (!fresh)
        throw Error("configuration " + id + " is in " + it->second + " and in " + path,
                    "shards of one split are disjoint: were two splits mixed?");
      rows.emplace(id, std::move(m));
    }
  }
  std::vector<std::string> missing;
  for (std::size_t i = 0; i < count; ++i)
    if (!seen.count(i)) missing.push_back(std::to_string(i) + "/" + std::to_string(count));
  if (!missing.empty()) {
    std::string list;
    for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
    throw Error("shard" + std::string(missing.size() > 1 ? "s " : " ") + list + " missing from the merge",
                std::string(missing.size() > 1 ? "run them" : "run it") + ", then merge all " + std::to_string(count));
  }
  nlohmann::json header = first;
  header.erase("shard");
  header.erase("shard_points");
  header["merged_shards"] = count;
  header["exhaustive_points"] = rows.size();
  io::WriteLock lock(io::cache_lock_path(out), "tuning cache " + out);
  std::string text = header.dump() + "\n";
  MergeSummary s;
  s.shards = count;
  for (const auto& [id, m] : rows) {
    text += measurement_json(id, m).dump() + "\n";
    ++s.rows;
    s.valid += m.valid() ? 1 : 0;
  }
  io::write_file_atomically(out, text);
  return s;
}

}  // namespace filterlab::tuner
