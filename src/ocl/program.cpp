#include "ocl/program.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <future>
#include <sstream>

#include "error.hpp"
#include "ocl/embedded_kernels.hpp"
#include "ocl/errors.hpp"
#include "ocl/sha256.hpp"

namespace filterlab::ocl {
namespace {

std::string g_kernel_dir;

// Each entry is a future, so that a build runs outside the lock: threads building different
// programs (the tuner's parallel prebuild) proceed together, and a thread asking for a program
// another thread is building waits for that build instead of starting its own.
using CacheKey = std::tuple<cl_context, cl_device_id, std::string, std::string>;
std::map<CacheKey, std::shared_future<cl::Program>>& cache() {
  static std::map<CacheKey, std::shared_future<cl::Program>> c;
  return c;
}
std::mutex& cache_mutex() {
  static std::mutex m;
  return m;
}

std::string read_override(const std::string& dir, const std::string& file) {
  const std::string path = dir + "/" + file;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read kernel file " + path, "check FILTERLAB_KERNEL_DIR / --kernels-dir");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Appends one file under a "// ---- name" line, recording where its own line 1 lies.
void append_file(ProgramSource& src, const std::string& name, const std::string& text) {
  const auto newlines = [](const std::string& t) { return static_cast<int>(std::count(t.begin(), t.end(), '\n')); };
  const int first = newlines(src.text) + 2;  // the line after the header
  src.text += "// ---- " + name + "\n" + text + "\n";
  src.spans.push_back({name, first, newlines(text) + 1});
}

}  // namespace

void set_kernel_dir(const std::string& dir) { g_kernel_dir = dir; }

std::string kernel_dir() {
  if (!g_kernel_dir.empty()) return g_kernel_dir;
  const char* env = std::getenv("FILTERLAB_KERNEL_DIR");
  return env ? env : "";
}

std::string embedded_hash(const std::string& file) {
  for (std::size_t i = 0; i < kEmbeddedKernelCount; ++i)
    if (file == kEmbeddedKernels[i].path) return kEmbeddedKernels[i].sha256;
  return "";
}

ProgramSource load_program_source(const std::vector<std::string>& files,
                                  const std::vector<GeneratedSource>& generated) {
  ProgramSource src;
  const std::string dir = kernel_dir();
  src.origin = dir.empty() ? "embedded" : dir;
  for (const auto& g : generated) {
    const std::string name = "generated/" + g.name;
    src.files.push_back(name);
    src.hashes[name] = sha256_hex(g.text);
    append_file(src, name, g.text);
  }
  src.files.insert(src.files.end(), files.begin(), files.end());
  for (const auto& file : files) {
    std::string text;
    if (!dir.empty()) {
      text = read_override(dir, file);
    } else {
      bool found = false;
      for (std::size_t i = 0; i < kEmbeddedKernelCount && !found; ++i) {
        if (file == kEmbeddedKernels[i].path) {
          text = kEmbeddedKernels[i].source;
          found = true;
        }
      }
      if (!found) throw Error("kernel file " + file + " is not embedded in this build", "rebuild FilterLab");
    }
    src.hashes[file] = sha256_hex(text);
    append_file(src, file, text);
  }
  src.sha256 = sha256_hex(src.text);
  return src;
}

namespace {

cl::Program compile(const cl::Context& context, const Device& device, const ProgramSource& source,
                    const std::string& options) {
  cl::Program program(context, source.text);
  try {
    program.build(std::vector<cl::Device>{device.device}, options.c_str());
  } catch (const cl::Error& e) {
    std::string log;
    try {
      log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device.device);
    } catch (const cl::Error&) {
      log = "(the driver returned no build log)";
    }
    std::string files;
    for (const auto& f : source.files) files += (files.empty() ? "" : ", ") + f;
    throw Error("kernel build failed (" + std::string(status_name(e.err())) + ") for " + files + " from " +
                    source.origin + " on " + device.info.name + " with options '" + options + "'\n--- build log ---\n" +
                    map_build_log(log, source.spans) + "\n--- end of build log ---",
                "fix the kernel source (or unset FILTERLAB_KERNEL_DIR to use the embedded kernels)");
  }
  return program;
}

}  // namespace

static std::mutex& used_mutex() {
  static std::mutex m;
  return m;
}

static std::map<std::string, std::map<std::string, std::string>>& used() {
  static std::map<std::string, std::map<std::string, std::string>> u;
  return u;
}

std::map<std::string, std::map<std::string, std::string>> programs_used() {
  std::lock_guard<std::mutex> lock(used_mutex());
  return used();
}

cl::Program build_program(const cl::Context& context, const Device& device, const ProgramSource& source,
                          const std::string& options) {
  {
    std::lock_guard<std::mutex> lock(used_mutex());
    used().emplace(source.sha256, source.hashes);
  }
  const CacheKey key{context(), device.device(), source.sha256, options};
  std::promise<cl::Program> promise;
  std::shared_future<cl::Program> entry;
  bool mine = false;
  {
    std::lock_guard<std::mutex> lock(cache_mutex());
    auto it = cache().find(key);
    if (it == cache().end()) {
      it = cache().emplace(key, promise.get_future().share()).first;
      mine = true;
    }
    entry = it->second;
  }
  if (!mine) return entry.get();  // built, or being built by another thread: wait for it
  try {
    auto program = compile(context, device, source, options);
    promise.set_value(program);
    return program;
  } catch (...) {
    // A failed build is not cached: waiting threads get this error, later callers build again.
    promise.set_exception(std::current_exception());
    std::lock_guard<std::mutex> lock(cache_mutex());
    cache().erase(key);
    throw;
  }
}

}  // namespace filterlab::ocl
