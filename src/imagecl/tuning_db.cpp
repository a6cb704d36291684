#include "imagecl/tuning_db.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "error.hpp"
#include "imagecl/embedded.hpp"
#include "imagecl/user_kernel.hpp"
#include "io/atomic_file.hpp"

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

nlohmann::json read_db(const std::string& path) {
  std::ifstream in(path);
  if (!in) return nullptr;
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw Error("the tuning database " + path + " is not JSON (" + e.what() + ")", "repair or delete it");
  }
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
  if (j.value("experiment", "") != "tuning" || !j.contains("best")) return std::nullopt;
  if (j.contains("provenance") && j["provenance"].value("device_slug", "") != device_slug) return std::nullopt;
  bool embedded = false;
  for (std::size_t i = 0; i < kEmbeddedKernelCount; ++i)
    if (kernel == kEmbeddedKernels[i].name && generated_sha256 == kEmbeddedKernels[i].sha256) embedded = true;
  if (!embedded) return std::nullopt;  // another kernel of the same name: its IDs mean nothing here
  std::optional<TunedConfig> best;
  for (const auto& [space, row] : j["best"].items()) {
    if (row.is_null() || space.rfind("imagecl." + kernel, 0) != 0) continue;
    const auto rest = space.substr(8 + kernel.size());
    if (!rest.empty() && rest[0] != ':') continue;
    const double t = row.value("time_ms", std::numeric_limits<double>::infinity());
    if (!best || t < best->time_ms) best = TunedConfig{row.at("id").get<std::string>(), t, path + " best[\"" + space + "\"]"};
  }
  return best;
}

}  // namespace

std::string default_tuning_db() {
  if (const char* env = std::getenv("FILTERLAB_TUNING_DB"); env && *env) return env;
  return user_cache_dir() + "/tuning.json";
}

void record_tuned(const std::string& db, const std::string& source_sha256, const std::string& kernel, const std::string& source_path,
                  const ocl::DeviceInfo& dev, nlohmann::json entry) {
  const auto dir = std::filesystem::path(db).parent_path();
  if (!dir.empty()) io::ensure_directory(dir.string());
  FileLock lock(db + ".lock");
  auto j = read_db(db);
  if (j.is_null()) j = {{"schema", kSchema}, {"kernels", nlohmann::json::object()}};
  if (j.value("schema", "") != kSchema)
    throw Error(db + " is not a user tuning database (schema " + j.value("schema", std::string("none")) + ")",
                "give --db a file of its own (the experiment results are read, never written)");
  auto& k = j["kernels"][source_sha256];
  k["kernel"] = kernel;
  k["source"] = source_path;
  entry["device"] = dev.platform + " / " + dev.name;
  entry["updated_utc"] = utc_now();
  k["devices"][dev.slug] = entry;
  io::write_file_atomically(db, j.dump(1) + "\n");
}

std::optional<TunedConfig> lookup_tuned(const std::string& db, const std::string& source_sha256, const std::string& kernel,
                                        const std::string& generated_sha256, const std::string& device_slug) {
  const auto j = read_db(db);
  if (j.is_null()) return std::nullopt;
  if (j.value("schema", "") == "filterlab.result/1") return from_experiment(j, db, kernel, generated_sha256, device_slug);
  if (j.value("schema", "") != kSchema)
    throw Error(db + " is neither a user tuning database nor a `run tuning` result", "check --db");
  const auto k = j["kernels"].find(source_sha256);
  if (k == j["kernels"].end() || !k->contains("devices")) return std::nullopt;
  const auto d = (*k)["devices"].find(device_slug);
  if (d == (*k)["devices"].end()) return std::nullopt;
  return TunedConfig{d->at("id").get<std::string>(), d->value("time_ms", 0.0), db + " (" + source_sha256.substr(0, 12) + ", " + device_slug + ")"};
}

}  // namespace filterlab::imagecl
