#include "imagecl/tuning_db.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "error.hpp"
#include "imagecl/embedded.hpp"
#include "imagecl/user_kernel.hpp"
#include "io/atomic_file.hpp"
#include "ocl/sha256.hpp"
#include "util/json_error.hpp"

namespace filterlab::imagecl {
namespace {

constexpr const char* kSchema = "filterlab.imagecl-tuning/1";

// Holds an exclusive advisory lock on <db>.lock for its lifetime: two tunes never lose each
// other's records.
class FileLock {
 public:
  explicit FileLock(const std::string& path) : fd_(open(path.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0644)) {
    if (fd_ < 0) throw Error("cannot open the lock file " + path, "make its directory writable");
    while (flock(fd_, LOCK_EX) != 0) {
    }
  }
  ~FileLock() {
    flock(fd_, LOCK_UN);
    close(fd_);
  }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_;
};

// The text of `path` as JSON; null when there is no such file. A directory, an unreadable file
// or text that is not JSON is an error naming the file (and the line).
nlohmann::json read_db(const std::string& path) {
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(st)) return nullptr;
  if (std::filesystem::is_directory(st))
    throw Error("the tuning database " + path + " is a directory, not a file",
                "give --db (or $FILTERLAB_TUNING_DB) the path of a file (it is created if absent)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read the tuning database " + path, "check its permissions");
  std::stringstream text;
  text << in.rdbuf();  // an empty file inserts nothing: refused below as not JSON
  try {
    return nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::exception& e) {
    throw Error("the tuning database " + path + " is not JSON (" + json_error_text(e) + ")", "repair or delete it");
  }
}

std::string shown(const nlohmann::json& v) {
  const std::string text = v.dump();
  return text.size() > 60 ? text.substr(0, 60) + "..." : text;
}

// A wrong value at `key` of the database: the file, the key and what it should be.
[[noreturn]] void bad_entry(const std::string& path, const std::string& key, const nlohmann::json& v,
                            const std::string& want) {
  throw Error("the tuning database " + path + " holds " + shown(v) + " at " + key + ", not " + want,
              "repair that entry or delete the file (`imagecl tune` records it again)");
}

// One recorded configuration: an object with a configuration ID and a finite time, not negative.
void check_device_entry(const std::string& path, const std::string& key, const nlohmann::json& e) {
  if (!e.is_object()) bad_entry(path, key, e, "an object");
  const auto id = e.contains("id") ? e["id"] : nlohmann::json();
  if (!id.is_string() || id.get<std::string>().empty()) bad_entry(path, key + ".id", id, "a configuration ID");
  const auto t = e.contains("time_ms") ? e["time_ms"] : nlohmann::json();
  if (!t.is_number() || !std::isfinite(t.get<double>()) || t.get<double>() < 0)
    bad_entry(path, key + ".time_ms", t, "a time (a finite number of milliseconds, 0 or more)");
}

// A user tuning database as record_tuned writes it; anything else is refused naming the key.
void check_user_db(const std::string& path, const nlohmann::json& j) {
  if (!j.is_object()) bad_entry(path, "the top level", j, "an object");
  if (!j.contains("kernels"))
    throw Error("the tuning database " + path + " has no \"kernels\" key", "repair or delete it");
  const auto& kernels = j["kernels"];
  if (!kernels.is_object()) bad_entry(path, "\"kernels\"", kernels, "an object");
  for (const auto& [sha, k] : kernels.items()) {
    const std::string key = "kernels[\"" + sha + "\"]";
    if (!k.is_object()) bad_entry(path, key, k, "an object");
    for (const char* text : {"kernel", "source"})
      if (k.contains(text) && !k[text].is_string()) bad_entry(path, key + "." + text, k[text], "text");
    if (!k.contains("devices")) continue;
    if (!k["devices"].is_object()) bad_entry(path, key + ".devices", k["devices"], "an object");
    for (const auto& [slug, e] : k["devices"].items()) check_device_entry(path, key + ".devices[\"" + slug + "\"]", e);
  }
}

std::string schema_of(const nlohmann::json& j) {
  return j.is_object() && j.contains("schema") && j["schema"].is_string() ? j["schema"].get<std::string>()
                                                                          : std::string();
}

// The database at `path` for writing: a fresh one when there is no file, else a valid user
// database (never an experiment result).
nlohmann::json writable_db(const std::string& path) {
  auto j = read_db(path);
  if (j.is_null()) return {{"schema", kSchema}, {"kernels", nlohmann::json::object()}};
  const auto schema = schema_of(j);
  if (schema != kSchema)
    throw Error(
        path + " is not a user tuning database (schema " + (schema.empty() ? std::string("none") : schema) + ")",
        "give --db a file of its own (the experiment results are read, never written)");
  check_user_db(path, j);
  return j;
}

std::string utc_now() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

// The `run tuning` experiment's result for one device: its "best" rows for the kernel's spaces
// (full, sub-spaces), the fastest of them.
std::optional<TunedConfig> from_experiment(const nlohmann::json& j, const std::string& path, const std::string& kernel,
                                           const std::string& generated_sha256, const std::string& device_slug) {
  const auto text = [](const nlohmann::json& o, const char* key) {
    return o.is_object() && o.contains(key) && o[key].is_string() ? o[key].get<std::string>() : std::string();
  };
  if (text(j, "experiment") != "tuning" || !j.contains("best")) return std::nullopt;
  if (j.contains("provenance") && text(j["provenance"], "device_slug") != device_slug) return std::nullopt;
  bool embedded = false;
  for (std::size_t i = 0; i < kEmbeddedKernelCount; ++i)
    if (kernel == kEmbeddedKernels[i].name && generated_sha256 == opencl_identity(kEmbeddedKernels[i].opencl))
      embedded = true;
  if (!embedded) return std::nullopt;  // another kernel of the same name: its IDs mean nothing here
  if (!j["best"].is_object()) bad_entry(path, "\"best\"", j["best"], "an object");
  std::optional<TunedConfig> best;
  for (const auto& [space, row] : j["best"].items()) {
    if (row.is_null() || space.rfind("imagecl." + kernel, 0) != 0) continue;
    const auto rest = space.substr(8 + kernel.size());
    if (!rest.empty() && rest[0] != ':') continue;
    const std::string key = "best[\"" + space + "\"]";
    if (!row.is_object()) bad_entry(path, key, row, "an object");
    // The configuration's ID: variant_id since the row-key contract (schema_version 2), id before.
    const char* id_key = row.contains("variant_id") ? "variant_id" : "id";
    const auto id = row.contains(id_key) ? row[id_key] : nlohmann::json();
    if (!id.is_string() || id.get<std::string>().empty()) bad_entry(path, key + "." + id_key, id, "a configuration ID");
    double t = std::numeric_limits<double>::infinity();
    if (row.contains("time_ms")) {
      const auto& v = row["time_ms"];
      if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0)
        bad_entry(path, key + ".time_ms", v, "a time (a finite number of milliseconds, 0 or more)");
      t = v.get<double>();
    }
    if (!best || t < best->time_ms) best = TunedConfig{id.get<std::string>(), t, path + " " + key};
  }
  return best;
}

}  // namespace

std::string opencl_identity(const std::string& generated) {
  const std::string header = "// Generated by filterlab-imagecl from ";
  const auto eol = generated.find('\n');
  if (generated.compare(0, header.size(), header) == 0 && eol != std::string::npos)
    return sha256_hex(generated.substr(eol + 1));
  return sha256_hex(generated);
}

std::string default_tuning_db() {
  if (const char* env = std::getenv("FILTERLAB_TUNING_DB"); env && *env) return env;
  return user_cache_dir() + "/tuning.json";
}

void record_tuned(const std::string& db, const std::string& source_sha256, const std::string& kernel,
                  const std::string& source_path, const ocl::DeviceInfo& dev, nlohmann::json entry) {
  const auto dir = std::filesystem::path(db).parent_path();
  if (!dir.empty()) io::ensure_directory(dir.string());
  writable_db(db);  // a directory or a foreign file is refused before DB.lock is made beside it
  FileLock lock(db + ".lock");
  auto j = writable_db(db);  // again under the lock: another tune may have written since
  auto& k = j["kernels"][source_sha256];
  k["kernel"] = kernel;
  k["source"] = source_path;
  entry["device"] = dev.platform + " / " + dev.name;
  entry["updated_utc"] = utc_now();
  k["devices"][dev.slug] = entry;
  io::write_file_atomically(db, j.dump(1) + "\n");
}

std::optional<TunedConfig> lookup_tuned(const std::string& db, const std::string& source_sha256,
                                        const std::string& kernel, const std::string& generated_sha256,
                                        const std::string& device_slug) {
  const auto j = read_db(db);
  if (j.is_null()) return std::nullopt;
  const auto schema = schema_of(j);
  if (schema == "filterlab.result/1" || schema == "filterlab.result/2")
    return from_experiment(j, db, kernel, generated_sha256, device_slug);
  if (schema != kSchema) throw Error(db + " is neither a user tuning database nor a `run tuning` result", "check --db");
  check_user_db(db, j);
  const auto& kernels = j["kernels"];
  const auto k = kernels.find(source_sha256);
  if (k == kernels.end() || !k->contains("devices")) return std::nullopt;
  const auto& devices = (*k)["devices"];
  const auto d = devices.find(device_slug);
  if (d == devices.end()) return std::nullopt;
  return TunedConfig{(*d)["id"].get<std::string>(), (*d)["time_ms"].get<double>(),
                     db + " (" + source_sha256.substr(0, 12) + ", " + device_slug + ")"};
}

void check_tuning_db(const std::string& db) {
  const auto dir = std::filesystem::path(db).parent_path();
  if (!dir.empty()) io::ensure_directory(dir.string());
  if (access((dir.empty() ? std::string(".") : dir.string()).c_str(), W_OK) != 0)
    throw Error("cannot write the tuning database " + db + ": its directory is not writable",
                "give --db a writable location");
  writable_db(db);
}

}  // namespace filterlab::imagecl
