#include "io/write_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "error.hpp"
#include "util/parse_value.hpp"

namespace filterlab::io {
namespace {

// This process's command line, arguments separated by spaces (from /proc/self/cmdline).
std::string command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  while (!raw.empty() && raw.back() == '\0') raw.pop_back();
  for (auto& c : raw)
    if (c == '\0' || c == '\n') c = ' ';
  return raw.empty() ? "?" : raw;
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return buf;
}

// "pid 123, command `filterlab run tiled ...`, started 2026-11-23 20:40:00 UTC" from the lock file.
std::string holder(int fd) {
  std::string text(4096, '\0');
  const ssize_t n = ::pread(fd, text.data(), text.size(), 0);
  text.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
  std::istringstream in(text);
  std::string line, pid, command, started;
  while (std::getline(in, line)) {
    if (line.rfind("pid ", 0) == 0) pid = line.substr(4);
    if (line.rfind("command ", 0) == 0) command = line.substr(8);
    if (line.rfind("started ", 0) == 0) started = line.substr(8);
  }
  if (pid.empty()) return "another process (it has not recorded itself yet)";
  return "pid " + pid + ", command `" + command + "`, started " + started;
}

}  // namespace

WriteLock::WriteLock(const std::string& lock_path, const std::string& what) {
  fd_ = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw Error("cannot open lock file " + lock_path + " for " + what + " (" + std::strerror(errno) + ")",
                "choose a writable location");
  const long wait_s = env_integer(kLockWaitVariable, 0, 86400).value_or(0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(wait_s);
  bool announced = false;
  while (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    if (err == EINTR) continue;
    if (err != EWOULDBLOCK) {
      ::close(fd_);
      throw Error("cannot lock " + lock_path + " for " + what + " (" + std::strerror(err) + ")",
                  "is it on a file system without locks?");
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      const std::string who = holder(fd_);
      ::close(fd_);
      if (wait_s > 0)
        throw Error(what + " is still being written by " + who + " after waiting " + std::to_string(wait_s) + " s",
                    "wait longer (" + std::string(kLockWaitVariable) + "=SECONDS) or use another location");
      throw Error(what + " is being written by " + who, "wait until it finishes, use another location, or set " +
                                                            std::string(kLockWaitVariable) + "=SECONDS to wait for it");
    }
    if (!announced) {
      std::cerr << "filterlab: " << what << " is being written by " << holder(fd_) << "; waiting up to " << wait_s
                << " s (" << kLockWaitVariable << ")\n";
      announced = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const std::string me =
      "pid " + std::to_string(::getpid()) + "\ncommand " + command_line() + "\nstarted " + utc_now() + "\n";
  if (::ftruncate(fd_, 0) != 0 || ::pwrite(fd_, me.data(), me.size(), 0) != static_cast<ssize_t>(me.size()))
    std::cerr << "filterlab: warning: could not record this process in " << lock_path << "\n";  // the lock still holds
  if (announced) std::cerr << "filterlab: " << what << " is free now; continuing\n";
}

WriteLock::~WriteLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
}

std::string results_lock_path(const std::string& results_dir) {
  char host[256] = {0};
  if (::gethostname(host, sizeof host - 1) != 0 || host[0] == '\0') std::strcpy(host, "localhost");
  return results_dir + "/.filterlab." + host + ".lock";
}
std::string cache_lock_path(const std::string& cache_path) { return cache_path + ".lock"; }

}  // namespace filterlab::io
