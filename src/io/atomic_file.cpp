#include "io/atomic_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "error.hpp"

namespace filterlab::io {
namespace {

// A symbolic link as output is written through: the file it points to is replaced and the link
// kept (renaming onto the link itself would replace the link with a plain file).
std::string resolve_links(const std::string& path) {
  namespace fs = std::filesystem;
  fs::path p = path;
  for (int hops = 0; hops < 40; ++hops) {
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(p, ec)) || ec) return p.string();
    const fs::path target = fs::read_symlink(p, ec);
    if (ec)
      throw Error("cannot read the symbolic link " + p.string() + " (" + ec.message() + ")",
                  "choose another output path");
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  throw Error("output path " + path + " is a loop of symbolic links", "choose another output path");
}

}  // namespace

void write_file_atomically(const std::string& link_or_path, const std::string& content) {
  const std::string path = resolve_links(link_or_path);
  const std::string tmp = path + ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw Error("cannot write " + path + " (" + std::strerror(errno) + ")", "choose a writable output path");
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      throw Error("writing " + path + " failed (disk full?)", "free space or choose another output path");
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    throw Error("cannot move the finished file into place at " + path + " (" + why + ")",
                "choose a writable output path");
  }
}

void ensure_directory(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir))
    throw Error("cannot create output directory " + dir + " (" + ec.message() + ")", "choose a writable location");
}

}  // namespace filterlab::io
