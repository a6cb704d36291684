#pragma once
// Advisory locks (flock) on a results directory or a tuning cache while a process writes it, so
// that a second writer fails at once, naming the holder, instead of overwriting the first one's
// results or timing under its load. The kernel drops the lock when the holder exits, however it
// exits; the lock file itself stays (removing it would race with a waiting process).
#include <string>

namespace filterlab::io {

// How long a second writer waits for the holder: FILTERLAB_LOCK_WAIT seconds (0 to 86400,
// default 0: fail at once).
constexpr const char* kLockWaitVariable = "FILTERLAB_LOCK_WAIT";

class WriteLock {
 public:
  // Locks `lock_path` (created if missing) for writing `what` (e.g. "results directory R"), then
  // records this process there (pid, command line, start time). Throws filterlab::Error naming
  // the holder when another process holds it after the wait.
  WriteLock(const std::string& lock_path, const std::string& what);
  ~WriteLock();
  WriteLock(const WriteLock&) = delete;
  WriteLock& operator=(const WriteLock&) = delete;

 private:
  int fd_ = -1;
};

// The lock file of a results directory and of a tuning cache. A results directory has one lock per
// machine (RESULTS/.filterlab.<host>.lock): two runs on one machine would time under each other's
// load, while the jobs of a cluster (scripts/slurm) write one shared directory side by side, each
// into its own experiment and device files.
std::string results_lock_path(const std::string& results_dir);
std::string cache_lock_path(const std::string& cache_path);

}  // namespace filterlab::io
