// filterlab-imagecl: compiles one ImageCL kernel (.icl) into OpenCL C with every tuning choice a
// -D switch, plus its search space (JSON). Build-time only: FilterLab itself never links Clang.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "compiler.hpp"

namespace {

std::string reason() { return std::strerror(errno); }

// Writes `content` to the open descriptor `fd` whole; false (errno set) on a short write or a
// failed flush to the disk (a full disk shows at write or at fsync).
bool write_all(int fd, const std::string& content) {
  for (std::size_t done = 0; done < content.size();) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return ::fsync(fd) == 0 || errno == EINVAL || errno == EROFS;  // devices such as /dev/null cannot sync
}

// Every output is written to a temporary file beside it and renamed into place once all of them
// were written: a failure (full disk, missing directory) leaves the earlier files as they were,
// never truncated ones. A target that exists and is not a regular file (a device) is written in place.
bool write_outputs(const std::vector<std::pair<std::string, const std::string*>>& outputs) {
  std::vector<std::pair<std::string, std::string>> renames;  // temporary -> target
  const auto fail = [&](const std::string& path, const std::string& why) {
    for (const auto& [tmp, target] : renames) ::unlink(tmp.c_str());
    std::cerr << "filterlab-imagecl: cannot write " << path << ": " << why << " (no output was changed)\n";
    return false;
  };
  for (const auto& [path, content] : outputs) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
      if (S_ISDIR(st.st_mode)) return fail(path, "it is a directory");
      const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC);
      const bool ok = fd >= 0 && write_all(fd, *content);
      const std::string why = reason();
      if (fd >= 0) ::close(fd);
      if (!ok) return fail(path, why);
      continue;
    }
    std::string tmp = path + ".tmp.XXXXXX";  // in the target's directory: the rename stays on one file system
    const int fd = ::mkstemp(tmp.data());
    if (fd < 0) return fail(path, reason());
    renames.emplace_back(tmp, path);
    const bool ok = write_all(fd, *content) && ::fchmod(fd, 0644) == 0;
    const std::string why = reason();
    if (::close(fd) != 0 || !ok) return fail(path, ok ? reason() : why);
  }
  for (const auto& [tmp, target] : renames)
    if (::rename(tmp.c_str(), target.c_str()) != 0) return fail(target, reason());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4 && argc != 5) {
    std::cerr << "usage: filterlab-imagecl <kernel.icl> <out.cl> <out.json> [<out_reference.cpp>]\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << "filterlab-imagecl: cannot read " << argv[1] << "\n";
    return 1;
  }
  std::stringstream text;
  text << in.rdbuf();
  const auto r = filterlab::imagecl::compile(argv[1], text.str());
  std::cerr << r.diagnostics;
  if (!r.ok) {
    std::cerr << "filterlab-imagecl: " << argv[1] << " was not compiled (see the errors above)\n";
    return 1;
  }
  std::vector<std::pair<std::string, const std::string*>> outputs = {{argv[2], &r.opencl}, {argv[3], &r.space}};
  if (argc == 5) outputs.emplace_back(argv[4], &r.reference);  // the CPU reference (C++)
  return write_outputs(outputs) ? 0 : 1;
}
