#include "imagecl/reference_runner.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "error.hpp"
#include "imagecl/pixel_layout.hpp"
#include "imagecl/process.hpp"
#include "ocl/sha256.hpp"

namespace filterlab::imagecl {
namespace {

// The calling convention of filterlab-imagecl's reference_abi.h (one per kernel parameter).
struct RefArg {
  void* data;
  int w, h, d;
  long n;
  double scalar;
};

std::size_t bytes_of(const std::string& t) {
  if (t == "uchar" || t == "char") return 1;
  if (t == "ushort" || t == "short") return 2;
  if (t == "double" || t == "long" || t == "ulong") return 8;
  return 4;
}

template <class T>
void store_as(std::vector<unsigned char>& out, const std::vector<double>& v) {
  out.resize(v.size() * sizeof(T));
  for (std::size_t i = 0; i < v.size(); ++i) {
    const T x = static_cast<T>(v[i]);
    std::memcpy(out.data() + i * sizeof(T), &x, sizeof(T));
  }
}

std::vector<unsigned char> typed(const std::vector<double>& v, const std::string& t) {
  std::vector<unsigned char> out;
  if (t == "uchar")
    store_as<std::uint8_t>(out, v);
  else if (t == "char")
    store_as<std::int8_t>(out, v);
  else if (t == "ushort")
    store_as<std::uint16_t>(out, v);
  else if (t == "short")
    store_as<std::int16_t>(out, v);
  else if (t == "int")
    store_as<std::int32_t>(out, v);
  else if (t == "uint")
    store_as<std::uint32_t>(out, v);
  else if (t == "double")
    store_as<double>(out, v);
  else
    store_as<float>(out, v);
  return out;
}

template <class T>
void load_as(const std::vector<unsigned char>& in, std::vector<float>& out) {
  for (std::size_t i = 0; i < out.size(); ++i) {
    T x;
    std::memcpy(&x, in.data() + i * sizeof(T), sizeof(T));
    out[i] = static_cast<float>(x);
  }
}

void untyped(const std::vector<unsigned char>& in, const std::string& t, std::vector<float>& out) {
  if (t == "uchar")
    load_as<std::uint8_t>(in, out);
  else if (t == "char")
    load_as<std::int8_t>(in, out);
  else if (t == "ushort")
    load_as<std::uint16_t>(in, out);
  else if (t == "short")
    load_as<std::int16_t>(in, out);
  else if (t == "int")
    load_as<std::int32_t>(in, out);
  else if (t == "uint")
    load_as<std::uint32_t>(in, out);
  else if (t == "double")
    load_as<double>(in, out);
  else
    load_as<float>(in, out);
}

// The first Clang C++ compiler on the PATH.
std::string clang_compiler() {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/bin");
  for (std::string dir; std::getline(dirs, dir, ':');)
    for (const char* name : {"clang++", "clang++-15"})
      if (!dir.empty() && std::filesystem::exists(dir + "/" + name)) return dir + "/" + name;
  throw Error(
      "the CPU reference of a kernel with OpenCL vector types must be built by Clang (its ext_vector_type), and no "
      "clang++ is on the PATH",
      "install clang (scripts/install-deps.sh test) or set $CXX to a Clang C++ compiler");
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

std::map<std::string, ref::Image> perturbed_spread(const std::map<std::string, ref::Image>& nominal,
                                                   const PerturbedRun& run) {
  std::map<std::string, ref::Image> out;
  for (const auto& [name, img] : nominal) out[name] = ref::Image(img.width, img.height);
  struct Reset {  // back to the nominal builtins, also when a run throws
    const PerturbedRun& run;
    ~Reset() { run(0); }
  } reset{run};
  for (unsigned long long k = 1; k <= kPerturbedRuns; ++k) {
    const auto got = run(k);  // 1 and 2: every error at its bound, up and down; then drawn (reference.cpp)
    for (auto& [name, s] : out) {
      const auto& a = got.at(name).px;
      const auto& r = nominal.at(name).px;
      for (std::size_t i = 0; i < s.px.size(); ++i) {
        const float d = std::fabs(a[i] - r[i]);
        if (!(d <= s.px[i])) s.px[i] = std::isnan(d) ? INFINITY : d;
      }
    }
  }
  return out;
}

CpuReference::CpuReference(const UserKernel& k) : space_(k.space) {
  const std::string code = read_text(k.reference_path);
  if (code.empty())
    throw Error("the CPU reference " + k.reference_path + " is missing or empty", "compile the kernel again");
  const std::string so = k.dir + "/" + std::filesystem::path(k.reference_path).stem().string() + "-" +
                         sha256_hex(code).substr(0, 16) + ".so";
  if (!std::filesystem::exists(so)) {
    const char* cxx = std::getenv("CXX");
    // A kernel with OpenCL vector types has a reference in Clang's ext_vector_type (reference.cpp).
    const bool clang = code.find("FILTERLAB_ICL_NEEDS_CLANG") != std::string::npos;
    const std::string compiler = cxx && *cxx ? cxx : clang ? clang_compiler() : "c++";
    const std::string tmp = so + "." + std::to_string(getpid()) + ".tmp";  // processes may build it at once
    // -ffp-contract=off: every float operation rounded, as the OpenCL (FP_CONTRACT OFF) does.
    const auto r = run_process(
        {compiler, "-std=c++17", "-O2", "-shared", "-fPIC", "-ffp-contract=off", "-o", tmp, k.reference_path});
    if (r.exit_code != 0)
      throw Error("the host C++ compiler (" + compiler + ") could not build the CPU reference " + k.reference_path +
                      ":\n" + r.output,
                  "set $CXX to a C++17 compiler");
    std::filesystem::rename(tmp, so);
  }
  handle_ = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle_) throw Error("cannot load the CPU reference " + so + ": " + dlerror(), "delete it and run again");
  const std::string symbol = "filterlab_icl_ref_" + k.space.kernel;
  entry_ = reinterpret_cast<Entry>(dlsym(handle_, symbol.c_str()));
  if (!entry_)
    throw Error("the CPU reference " + so + " has no " + symbol,
                "compile the kernel again with this filterlab-imagecl");
  const std::string perturb = "filterlab_icl_ref_perturb_" + k.space.kernel;
  perturb_ = reinterpret_cast<Perturb>(dlsym(handle_, perturb.c_str()));
  if (!perturb_)
    throw Error("the CPU reference " + so + " has no " + perturb,
                "compile the kernel again with this filterlab-imagecl");
}

std::map<std::string, ref::Image> CpuReference::spread(const Args& args,
                                                       const std::map<std::string, ref::Image>& nominal) const {
  if (space_.inexact_builtins.empty()) return {};
  return perturbed_spread(nominal, [&](unsigned long long seed) {
    perturb_(seed);
    return seed == 0 ? std::map<std::string, ref::Image>{} : run(args);
  });
}

CpuReference::~CpuReference() {
  if (handle_) dlclose(handle_);
}

std::map<std::string, ref::Image> CpuReference::run(const Args& args) const {
  std::vector<RefArg> refs;
  std::vector<std::vector<unsigned char>> storage(space_.args.size());
  std::map<std::string, std::size_t> outputs;
  for (std::size_t i = 0; i < space_.args.size(); ++i) {
    const auto& a = space_.args[i];
    const auto it = args.find(a.name);
    if (it == args.end()) throw Error("no value for argument '" + a.name + "' of " + space_.kernel);
    const Arg& v = it->second;
    RefArg r{nullptr, 0, 0, 1, 0, 0.0};
    if (a.kind == "image") {
      const bool output = a.access == "write";
      const auto px = pixel_layout(a.type);  // vector pixels: lanes interleaved on the host
      if (v.image->width % px.lanes != 0)
        throw Error("Image '" + a.name + "' of " + space_.kernel + " holds " + a.type +
                        " pixels, but its host image is " + std::to_string(v.image->width) + " values wide",
                    "give it " + std::to_string(px.lanes) + " values per pixel");
      storage[i] = output ? std::vector<unsigned char>(v.image->size() * bytes_of(px.element), 0)
                          : typed(std::vector<double>(v.image->px.begin(), v.image->px.end()), px.element);
      r.data = storage[i].data(), r.w = v.image->width / px.lanes, r.h = v.image->height,
      r.n = static_cast<long>(v.image->size());
      if (output) outputs[a.name] = i;
    } else if (a.kind == "array") {
      storage[i] = typed(v.array, a.type);
      r.data = storage[i].data(), r.n = static_cast<long>(v.array.size());
    } else {
      r.scalar = v.scalar;
    }
    refs.push_back(r);
  }
  if (const char* err = entry_(refs.data())) {
    // The reference stops on a read outside an Image without a boundary condition, or on an output
    // pixel the kernel never wrote: each needs its own remedy.
    const std::string why = err;
    throw Error("the CPU reference of " + space_.kernel + " stopped: " + why,
                why.find("never written") != std::string::npos
                    ? "fix the kernel: it must write every pixel of each output (the check compares them all)"
                    : "fix the kernel (or give the Image it reads a boundary condition)");
  }
  std::map<std::string, ref::Image> out;
  for (const auto& [name, i] : outputs) {
    const auto px = pixel_layout(space_.args[i].type);
    ref::Image img(refs[i].w * px.lanes, refs[i].h);
    untyped(storage[i], px.element, img.px);
    out[name] = std::move(img);
  }
  return out;
}

}  // namespace filterlab::imagecl
