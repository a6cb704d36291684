#include "imagecl/user_kernel.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "error.hpp"
#include "imagecl/host_codegen.hpp"
#include "imagecl/process.hpp"
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
    for (const auto& beside : {self.parent_path() / "filterlab-imagecl", self.parent_path().parent_path() / "bin" / "filterlab-imagecl"})
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
  return "// FilterLab builds user kernels with contraction off, like their CPU reference.\n#pragma OPENCL FP_CONTRACT OFF\n" +
         generated;
}

UserKernel compile_user_kernel(const std::string& icl, const std::string& out_dir) {
  const std::string text = read_text(icl, "ImageCL source");
  io::ensure_directory(out_dir);
  const std::string stem = fs::path(icl).stem().string();
  UserKernel k;
  k.source_path = icl;
  k.source_sha256 = sha256_hex(text);
  k.dir = out_dir;
  const auto at = [&](const std::string& suffix) { return (fs::path(out_dir) / (stem + suffix)).string(); };
  k.opencl_path = at(".cl"), k.space_path = at(".json"), k.reference_path = at("_reference.cpp");
  k.host_header_path = at("_host.hpp"), k.host_source_path = at("_host.cpp");
  const auto compiler = find_compiler();
  const auto r = run_process({compiler, icl, k.opencl_path, k.space_path, k.reference_path});
  if (r.exit_code != 0) {
    if (r.output.find("usage: filterlab-imagecl") != std::string::npos)
      throw Error(compiler + " writes no CPU reference (it takes no 4th output)", "rebuild filterlab-imagecl from this source tree");
    throw Error("ImageCL compilation of " + icl + " failed:\n" + r.output, "fix the source at the locations above");
  }
  if (!r.output.empty()) std::cerr << r.output;  // warnings
  k.space_json = read_text(k.space_path, "generated search space");
  const std::string generated = read_text(k.opencl_path, "generated OpenCL");
  k.generated_sha256 = sha256_hex(generated);
  k.space = parse_space(k.space_json, tool_opencl(generated));
  k.space.sha256 = sha256_hex(k.space.opencl);
  io::write_file_atomically(k.host_header_path, host_header(k, stem));
  io::write_file_atomically(k.host_source_path, host_source(k, stem));
  return k;
}

std::string user_cache_dir() {
  std::string base;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) base = x;
  else if (const char* h = std::getenv("HOME"); h && *h) base = std::string(h) + "/.cache";
  else throw Error("neither $XDG_CACHE_HOME nor $HOME is set", "set one: FilterLab keeps compiled kernels and tuning results there");
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
  const std::string key = sha256_hex(text + "\n" + compiler + "\n" + std::to_string(st.st_size) + "\n" + std::to_string(st.st_mtime))
                              .substr(0, 16);
  const std::string dir = user_cache_dir() + "/kernels/" + fs::path(icl).stem().string() + "-" + key;
  return compile_user_kernel(icl, dir);
}

}  // namespace filterlab::imagecl
