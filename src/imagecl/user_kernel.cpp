#include "imagecl/user_kernel.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "error.hpp"
#include "imagecl/host_codegen.hpp"
#include "imagecl/process.hpp"
#include "imagecl/tuning_db.hpp"
#include "io/atomic_file.hpp"
#include "ocl/sha256.hpp"

namespace filterlab::imagecl {
namespace fs = std::filesystem;
namespace {

std::string read_text(const std::string& path, const std::string& what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read " + what + " " + path, "check the path");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool executable(const fs::path& p) { return !p.empty() && access(p.c_str(), X_OK) == 0 && fs::is_regular_file(p); }

}  // namespace

std::string find_compiler() {
  if (const char* env = std::getenv("FILTERLAB_IMAGECL"); env && *env) {
    if (executable(env)) return env;
    throw Error(std::string("$FILTERLAB_IMAGECL is ") + env + ", which is not an executable file",
                "point it at filterlab-imagecl, or unset it");
  }
  std::error_code ec;
  const auto self = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    for (const auto& beside :
         {self.parent_path() / "filterlab-imagecl", self.parent_path().parent_path() / "bin" / "filterlab-imagecl"})
      if (executable(beside)) return beside.string();
  }
#ifdef FILTERLAB_IMAGECL_BUILD_PATH
  if (executable(FILTERLAB_IMAGECL_BUILD_PATH)) return FILTERLAB_IMAGECL_BUILD_PATH;
#endif
  throw Error("the ImageCL compiler filterlab-imagecl is not beside this filterlab nor in its build tree",
              "build it (cmake --build build --target filterlab-imagecl; it needs Clang 15's LibTooling) and set "
              "$FILTERLAB_IMAGECL to it; GPU bundles ship without it: compile on a build host with "
              "`filterlab imagecl compile` and run the generated host code");
}

std::string tool_opencl(const std::string& generated) {
  return "// FilterLab builds user kernels with contraction off, like their CPU reference.\n#pragma OPENCL FP_CONTRACT "
         "OFF\n" +
         generated;
}

namespace {

// The paths of `stem`'s outputs in `dir`.
UserKernel layout(const std::string& icl, const std::string& text, const std::string& dir) {
  const std::string stem = fs::path(icl).stem().string();
  UserKernel k;
  k.source_path = icl;
  k.source_sha256 = sha256_hex(text);
  k.dir = dir;
  const auto at = [&](const std::string& suffix) { return (fs::path(dir) / (stem + suffix)).string(); };
  k.opencl_path = at(".cl"), k.space_path = at(".json"), k.reference_path = at("_reference.cpp");
  k.host_header_path = at("_host.hpp"), k.host_source_path = at("_host.cpp");
  return k;
}

// A pipeline's identity (the tuning database's key, the cache's check) covers its stages' sources
// as well: editing a stage is editing the pipeline.
void add_stages_to_identity(UserKernel& k) {
  const auto j = nlohmann::json::parse(k.space_json, nullptr, false);
  if (j.is_discarded() || !j.contains("pipeline")) return;
  std::string all = read_text(k.source_path, "ImageCL source");
  // The compiler names a stage by the pipeline's directory as it was given, then the stage's path
  // as the pipeline file writes it: that path is looked up beside the pipeline as it is given now.
  const auto dir_of = [](const std::string& p) {
    return p.substr(0, p.rfind('/') == std::string::npos ? 0 : p.rfind('/') + 1);
  };
  const std::string then = dir_of(j["source"].get<std::string>()), now = dir_of(k.source_path);
  for (const char* stage : {"producer", "consumer"}) {
    const auto recorded = j["pipeline"][stage]["source"].get<std::string>();
    const auto relative = recorded.substr(recorded.rfind(then, 0) == 0 ? then.size() : 0);
    all += "\n" + relative + "\n" + read_text(now + relative, std::string("pipeline stage (the ") + stage + ")");
  }
  k.source_sha256 = sha256_hex(all);
}

// Reads the compiler's outputs back into `k`.
void load(UserKernel& k) {
  k.space_json = read_text(k.space_path, "generated search space");
  add_stages_to_identity(k);
  const std::string generated = read_text(k.opencl_path, "generated OpenCL");
  k.generated_sha256 = opencl_identity(generated);
  k.space = parse_space(k.space_json, tool_opencl(generated));
  k.space.sha256 = sha256_hex(k.space.opencl);
}

// Holds an exclusive lock on a file while it lives: processes compiling the same kernel into the
// same cache directory take turns.
class DirLock {
 public:
  explicit DirLock(const std::string& path) : fd_(open(path.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0644)) {
    if (fd_ < 0) throw Error("cannot open the lock file " + path, "make the cache directory writable");
    while (flock(fd_, LOCK_EX) != 0) {
    }
  }
  ~DirLock() {
    flock(fd_, LOCK_UN);
    close(fd_);
  }
  DirLock(const DirLock&) = delete;
  DirLock& operator=(const DirLock&) = delete;

 private:
  int fd_;
};

// Diagnostics name a location ("file:line:col: error: ..."); a crash or a silent exit does not, and
// says nothing the user can fix in the source: its exit status or signal is the message then.
[[noreturn]] void throw_compile_failure(const std::string& compiler, const std::string& icl, const ProcessResult& r) {
  if (r.signal != 0 || r.output.empty()) {
    std::string printed = r.output;
    printed.erase(printed.find_last_not_of(" \t\r\n") + 1);  // its last line ends the message
    throw Error(
        "the ImageCL compiler " + compiler + " " + r.status() + " while compiling " + icl +
            (printed.empty() ? " and printed nothing" : ""),
        "this is a fault of the compiler, not of your source: rebuild filterlab-imagecl or check $FILTERLAB_IMAGECL, "
        "and report it with the .icl file if it persists" +
            (printed.empty() ? std::string() : "; it printed:\n" + printed));
  }
  if (r.output.find(": error:") != std::string::npos)
    throw Error("ImageCL compilation of " + icl + " failed:\n" + r.output, "fix the source at the locations above");
  throw Error("ImageCL compilation of " + icl + " failed (the compiler " + r.status() + "):\n" + r.output,
              "see the compiler's message above");
}

}  // namespace

UserKernel compile_user_kernel(const std::string& icl, const std::string& out_dir) {
  const std::string text = read_text(icl, "ImageCL source");
  io::ensure_directory(out_dir);
  auto k = layout(icl, text, out_dir);
  const auto compiler = find_compiler();
  const auto r = run_process({compiler, icl, k.opencl_path, k.space_path, k.reference_path});
  if (r.exit_code != 0) {
    if (r.output.find("usage: filterlab-imagecl") != std::string::npos)
      throw Error(compiler + " writes no CPU reference (it takes no 4th output)",
                  "rebuild filterlab-imagecl from this source tree");
    throw_compile_failure(compiler, icl, r);
  }
  if (!r.output.empty()) std::cerr << r.output;  // warnings
  load(k);
  const std::string stem = fs::path(icl).stem().string();
  io::write_file_atomically(k.host_header_path, host_header(k, stem));
  io::write_file_atomically(k.host_source_path, host_source(k, stem));
  return k;
}

std::string user_cache_dir() {
  std::string base;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x)
    base = x;
  else if (const char* h = std::getenv("HOME"); h && *h)
    base = std::string(h) + "/.cache";
  else
    throw Error("neither $XDG_CACHE_HOME nor $HOME is set",
                "set one: FilterLab keeps compiled kernels and tuning results there");
  const std::string dir = base + "/filterlab";
  io::ensure_directory(dir);
  return dir;
}

UserKernel compile_cached(const std::string& icl) {
  const std::string text = read_text(icl, "ImageCL source");
  const auto compiler = find_compiler();
  struct stat st {};
  stat(compiler.c_str(), &st);
  // A new compiler binary (size or time) may generate other code: a fresh directory then.
  const std::string key =
      sha256_hex(text + "\n" + compiler + "\n" + std::to_string(st.st_size) + "\n" + std::to_string(st.st_mtime))
          .substr(0, 16);
  const std::string dir = user_cache_dir() + "/kernels/" + fs::path(icl).stem().string() + "-" + key;
  io::ensure_directory(user_cache_dir() + "/kernels");
  DirLock lock(dir + ".lock");
  const std::string complete = dir + "/.complete";  // written last: a directory without it is redone
  if (fs::exists(complete)) {
    auto k = layout(icl, text, dir);
    load(k);
    if (read_text(complete, "cache marker") == k.source_sha256 + "\n") return k;
    fs::remove(complete);  // a pipeline whose stage changed: compile it again
  }
  auto k = compile_user_kernel(icl, dir);
  io::write_file_atomically(complete, k.source_sha256 + "\n");
  return k;
}

}  // namespace filterlab::imagecl
