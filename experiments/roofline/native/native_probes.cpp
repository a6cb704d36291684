// The CPU's own ceilings, measured by plain C++ (this file, built -O3 -march=native -fopenmp on the
// machine it measures: build.sh), beside what OpenCL code reaches on the same CPU (kernels/probe/
// roofline.cl through the OpenCL CPU runtime: the `roofline` experiment). The analysis
// (filterlab_analysis/roofline_native.py) takes a CPU device's floors from these when they exist.
//
//   native_probes --threads N --device-slug SLUG --commit HASH[-dirty] --out FILE
//                 [--device NAME] [--reps R] [--warmup W] [--min-ms MS] [--array-mib MIB]
//
// Probes (the names of roofline.cl's where one exists), each run on N OpenMP threads:
//   fp32_exact   independent multiply and add chains, never contracted (one flop per instruction)
//   fp32_fma     x = x * m + a contracted into an FMA (two flops per instruction)
//   copy, read   streams over arrays far larger than the last-level cache (bytes read plus written)
//   cvt_u8_f32, cvt_u16_f32, cvt_f32_u8   conversions of an L1-resident buffer
// Every probe first runs once into a result the host replays exactly (the FMA probe must equal the
// fused replay and differ from the unfused one), then is calibrated to at least --min-ms per
// repetition, warmed up and timed --reps times; the raw times are kept. The FP32 probes share each
// repetition's work out dynamically (fp32_probes), the streams and conversions statically.
#include <omp.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

#ifndef FL_NATIVE_FLAGS
#define FL_NATIVE_FLAGS "unknown (not built by build.sh)"
#endif
#ifndef FL_NATIVE_SOURCE_SHA256
#define FL_NATIVE_SOURCE_SHA256 ""
#endif

namespace {

// The widest vector the target has, and how many vector registers hold the FP32 chains.
#if defined(__AVX512F__)
constexpr int kVectorBytes = 64, kRegisters = 32;
const char* const kIsa = "AVX-512F";
#elif defined(__AVX2__)
constexpr int kVectorBytes = 32, kRegisters = 16;
const char* const kIsa = "AVX2";
#elif defined(__AVX__)
constexpr int kVectorBytes = 32, kRegisters = 16;
const char* const kIsa = "AVX";
#else
constexpr int kVectorBytes = 16, kRegisters = 16;
const char* const kIsa = "128-bit generic";
#endif
constexpr int kLanes = kVectorBytes / 4;
// Enough independent chains to cover latency x pipes (4-5 cycles x 2 FP pipes), few enough to stay
// in registers beside the two broadcast operands: a spilled chain would time loads and stores.
constexpr int kChains = kRegisters == 32 ? 24 : 12;
constexpr int kCvtAccumulators = 8;  // the conversion probes' independent float sums

typedef float vf __attribute__((vector_size(kVectorBytes)));
typedef std::int32_t vi __attribute__((vector_size(kVectorBytes)));

// roofline.cl's arguments (src/measure/roofline_probes.hpp RooflineArgs): m and a of the FMA probe use
// every mantissa bit, so a separate multiply and add round differently from the fused one.
constexpr float kExactMul = 1.0f + 0x1p-20f, kExactAdd = 0x1p-14f;
constexpr float kFmaMul = 0.999f, kFmaAdd = 0.001f;
constexpr long kVerifyIterations = 4096;
constexpr std::size_t kCacheBufferBytes = 16384;  // per thread and conversion probe: in L1 on every x86 core

// Tells the compiler that memory changed: no pass over a buffer can be merged with the next one.
inline void clobber(const void* p) { asm volatile("" : : "r"(p) : "memory"); }

float seed(std::uint32_t k) { return 1.0f + static_cast<float>(k & 1023u) * 0x1p-12f; }  // roofline.cl's fl_seed

// ---------------------------------------------------------------------------------------------
// the kernels: what one thread does

// The chains' state, kChains x kLanes values, seeded as roofline.cl seeds its work-items.
void seed_chains(float* state, std::uint32_t first_seed) {
  for (int k = 0; k < kChains * kLanes; ++k) state[k] = seed(first_seed + k);
}

// Chain 2k multiplies by m, chain 2k + 1 adds a: no multiply feeds an add, so nothing can be
// contracted (the file is also built with -ffp-contract=off). state: kChains x kLanes values, read
// and written back, so that a thread can run a repetition in chunks.
__attribute__((noinline)) void fp32_exact(float* state, long iterations) {
  vf x[kChains];
  std::memcpy(x, state, sizeof x);
  const vf m = vf{} + kExactMul, a = vf{} + kExactAdd;
  for (long i = 0; i < iterations; ++i) {
#pragma GCC unroll 32
    for (int c = 0; c < kChains; c += 2) {
      x[c] *= m;
      x[c + 1] += a;
    }
  }
  std::memcpy(state, x, sizeof x);
}

// The one function built with contraction: each x * m + a becomes one FMA (checked against the
// fused replay before it is timed).
__attribute__((noinline, optimize("fp-contract=fast"))) void fp32_fma(float* state, long iterations) {
  vf x[kChains];
  std::memcpy(x, state, sizeof x);
  const vf m = vf{} + kFmaMul, a = vf{} + kFmaAdd;
  for (long i = 0; i < iterations; ++i) {
#pragma GCC unroll 32
    for (int c = 0; c < kChains; ++c) x[c] = x[c] * m + a;
  }
  std::memcpy(state, x, sizeof x);
}

// Regular loads and stores, as a filter writes its output: no memcpy (which may use non-temporal
// stores), hence the pattern distribution off.
__attribute__((noinline, optimize("no-tree-loop-distribute-patterns"))) void copy_stream(
    const vf* __restrict src, vf* __restrict dst, std::size_t vectors, long passes) {
  for (long p = 0; p < passes; ++p) {
    for (std::size_t i = 0; i < vectors; ++i) dst[i] = src[i];
    clobber(dst);
  }
}

__attribute__((noinline)) double read_stream(const vf* src, std::size_t vectors, long passes) {
  constexpr int kAcc = 8;  // independent sums: the adds' latency must not bound the loads
  vf acc[kAcc] = {};
  for (long p = 0; p < passes; ++p) {
    for (std::size_t i = 0; i < vectors; i += kAcc)
#pragma GCC unroll 8
      for (int k = 0; k < kAcc; ++k) acc[k] += src[i + k];
    clobber(src);
  }
  double s = 0;
  for (const vf& v : acc)
    for (int l = 0; l < kLanes; ++l) s += v[l];
  return s;
}

// kLanes pixels to floats: zero-extend, then convert. Intrinsics where GCC's __builtin_convertvector
// of narrow integers would go through scalar inserts.
inline vf widen_u8(const std::uint8_t* p) {
#if defined(__AVX512F__)
  __m512 f = _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
#elif defined(__AVX2__)
  __m256 f = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))));
#else
  vi i;
  for (int l = 0; l < kLanes; ++l) i[l] = p[l];
  vf f = __builtin_convertvector(i, vf);
#endif
  vf out;
  std::memcpy(&out, &f, sizeof out);
  return out;
}

inline vf widen_u16(const std::uint16_t* p) {
#if defined(__AVX512F__)
  __m512 f = _mm512_cvtepi32_ps(_mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))));
#elif defined(__AVX2__)
  __m256 f = _mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
#else
  vi i;
  for (int l = 0; l < kLanes; ++l) i[l] = p[l];
  vf f = __builtin_convertvector(i, vf);
#endif
  vf out;
  std::memcpy(&out, &f, sizeof out);
  return out;
}

// kLanes floats to uchar as convert_uchar_sat_rte: NaN to 0, saturated to 0..255, rounded to
// nearest even (the conversion instruction's default rounding).
inline void narrow_f32_u8(const float* p, std::uint8_t* out) {
#if defined(__AVX512F__)
  __m512 f = _mm512_min_ps(_mm512_max_ps(_mm512_loadu_ps(p), _mm512_setzero_ps()), _mm512_set1_ps(255.0f));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm512_cvtepi32_epi8(_mm512_cvtps_epi32(f)));
#elif defined(__AVX2__)
  // max(x, 0) gives 0 for NaN (the second operand); the packs saturate nothing: 0..255 already.
  __m256 f = _mm256_min_ps(_mm256_max_ps(_mm256_loadu_ps(p), _mm256_setzero_ps()), _mm256_set1_ps(255.0f));
  __m256i w = _mm256_packus_epi16(_mm256_packus_epi32(_mm256_cvtps_epi32(f), _mm256_setzero_si256()),
                                  _mm256_setzero_si256());
  __m128i b = _mm_unpacklo_epi32(_mm256_castsi256_si128(w), _mm256_extracti128_si256(w, 1));
  _mm_storel_epi64(reinterpret_cast<__m128i*>(out), b);
#else
  vf f;
  std::memcpy(&f, p, sizeof f);
  const vf zero = vf{}, top = vf{} + 255.0f, magic = vf{} + 0x1.8p23f;
  f = f > zero ? f : zero;  // NaN compares false: 0
  f = f < top ? f : top;
  f = (f + magic) - magic;  // round to nearest even (exact below 2^22)
  const vi i = __builtin_convertvector(f, vi);
  for (int l = 0; l < kLanes; ++l) out[l] = static_cast<std::uint8_t>(i[l]);
#endif
}

template <class T, vf (*Widen)(const T*)>
__attribute__((noinline)) double cvt_to_f32(const T* src, std::size_t n, long passes) {
  vf acc[kCvtAccumulators] = {};
  for (long p = 0; p < passes; ++p) {
    for (std::size_t i = 0; i < n; i += kCvtAccumulators * kLanes)
#pragma GCC unroll 8
      for (int k = 0; k < kCvtAccumulators; ++k) acc[k] += Widen(src + i + k * kLanes);
    clobber(src);
  }
  double s = 0;
  for (const vf& v : acc)
    for (int l = 0; l < kLanes; ++l) s += v[l];
  return s;
}

__attribute__((noinline)) void cvt_f32_u8(const float* src, std::uint8_t* dst, std::size_t n, long passes) {
  for (long p = 0; p < passes; ++p) {
    for (std::size_t i = 0; i < n; i += kLanes) narrow_f32_u8(src + i, dst + i);
    clobber(dst);
  }
}

// ---------------------------------------------------------------------------------------------
// the host's replays (scalar, built without contraction)

float replay_exact(std::uint32_t k, int chain, long iterations) {
  float x = seed(k);
  for (long i = 0; i < iterations; ++i) x = chain % 2 == 0 ? x * kExactMul : x + kExactAdd;
  return x;
}

float replay_fma(std::uint32_t k, long iterations, bool fused) {
  float x = seed(k);
  for (long i = 0; i < iterations; ++i) x = fused ? std::fma(x, kFmaMul, kFmaAdd) : x * kFmaMul + kFmaAdd;
  return x;
}

std::uint8_t uchar_sat_rte(float f) {
  if (std::isnan(f)) return 0;
  const float r = std::nearbyint(f);  // the default rounding mode: to nearest, ties to even
  return r <= 0.0f ? 0 : r >= 255.0f ? 255 : static_cast<std::uint8_t>(r);
}

// ---------------------------------------------------------------------------------------------
// JSON, written by hand (the probe depends on nothing but the standard library and OpenMP)

class Json {
 public:
  Json() : text_("null") {}
  Json(const char* s) : text_(quote(s)) {}
  Json(const std::string& s) : text_(quote(s)) {}
  Json(bool b) : text_(b ? "true" : "false") {}
  Json(int v) : text_(std::to_string(v)) {}
  Json(long v) : text_(std::to_string(v)) {}
  Json(unsigned long v) : text_(std::to_string(v)) {}
  Json(unsigned long long v) : text_(std::to_string(v)) {}
  Json(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    text_ = std::isfinite(v) ? buf : "null";
  }
  static Json array(const std::vector<Json>& items) {
    Json j;
    j.text_ = "[";
    for (std::size_t i = 0; i < items.size(); ++i) j.text_ += (i ? ", " : "") + items[i].text_;
    j.text_ += "]";
    return j;
  }
  static Json object(const std::vector<std::pair<std::string, Json>>& members) {
    Json j;
    j.text_ = "{";
    for (std::size_t i = 0; i < members.size(); ++i)
      j.text_ += std::string(i ? ",\n" : "\n") + quote(members[i].first) + ": " + members[i].second.text_;
    j.text_ += "\n}";
    return j;
  }
  const std::string& text() const { return text_; }

 private:
  static std::string quote(const std::string& s) {
    std::string q = "\"";
    for (const unsigned char c : s) {
      if (c == '"' || c == '\\') {
        q += '\\';
        q += static_cast<char>(c);
      } else if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        q += buf;
      } else {
        q += static_cast<char>(c);
      }
    }
    return q + "\"";
  }
  std::string text_;
};

template <class T>
Json numbers(const std::vector<T>& v) {
  std::vector<Json> items(v.begin(), v.end());
  return Json::array(items);
}

// ---------------------------------------------------------------------------------------------
// the machine

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string trim(std::string s) {
  const auto b = s.find_first_not_of(" \t\n"), e = s.find_last_not_of(" \t\n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::string cpu_model() {
  std::istringstream in(read_file("/proc/cpuinfo"));
  for (std::string line; std::getline(in, line);) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    const auto key = trim(line.substr(0, colon));
    if (key == "model name" || key == "Model" || key == "cpu model") return trim(line.substr(colon + 1));
  }
  return "unknown";
}

// The largest cache of cpu0 in bytes (sysfs), 0 where the kernel does not say.
std::size_t last_level_cache_bytes() {
  std::size_t best = 0;
  int best_level = -1;
  for (int i = 0; i < 16; ++i) {
    const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
    const auto level = trim(read_file(dir + "level")), size = trim(read_file(dir + "size"));
    if (level.empty() || size.empty()) continue;
    std::size_t bytes = std::strtoull(size.c_str(), nullptr, 10);
    if (size.back() == 'K') bytes <<= 10;
    if (size.back() == 'M') bytes <<= 20;
    if (std::atoi(level.c_str()) > best_level || (std::atoi(level.c_str()) == best_level && bytes > best)) {
      best_level = std::atoi(level.c_str());
      best = bytes;
    }
  }
  return best;
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

std::string compiler() {
#if defined(__clang__)
  return std::string("Clang ") + __clang_version__;
#elif defined(__GNUC__)
  return std::string("GCC ") + __VERSION__;
#else
  return "unknown";
#endif
}

// ---------------------------------------------------------------------------------------------
// timing

struct Options {
  int threads = 0, reps = 10, warmup = 3;
  double min_ms = 50;
  std::size_t array_mib = 0;  // 0: from the last-level cache
  std::string slug, device, commit, out;
};

// One parallel region of `threads` pinned threads (proc_bind close on OMP_PLACES): from the barrier
// after all have started to the barrier after all have finished, in seconds.
double timed_region(int threads, const std::function<void(int)>& body) {
  double t0 = 0, t1 = 0;
  int started = 0;
#pragma omp parallel num_threads(threads) proc_bind(close)
  {
#pragma omp single
    started = omp_get_num_threads();
#pragma omp master
    t0 = omp_get_wtime();
    body(omp_get_thread_num());
#pragma omp barrier
#pragma omp master
    t1 = omp_get_wtime();
  }
  if (started != threads)
    throw std::runtime_error("OpenMP started " + std::to_string(started) + " threads, not " + std::to_string(threads));
  return t1 - t0;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Probe {
  std::string name, description, work_unit, rate_unit;
  double work_per_unit = 0;            // work units (flops, bytes, conversions) per count, all threads
  std::function<void(int, long)> run;  // thread, count (iterations or passes, calibrated)
  std::string check;                   // what the host verified before timing
  std::function<void()> before = [] {};  // before every timed region (outside it)
  std::string schedule = "static: every thread the same work";
};

Json measure(const Probe& p, const Options& o) {
  auto once = [&](long count) {
    p.before();
    return timed_region(o.threads, [&](int t) { p.run(t, count); });
  };
  long count = 1;
  // Double the count until one repetition takes at least min_ms (then timer and start-up are noise).
  for (double s = once(count); s * 1e3 < o.min_ms && count < (1L << 40); s = once(count))
    count = s * 1e3 < o.min_ms / 8 ? count * 8 : count * 2;
  for (int i = 0; i < o.warmup; ++i) once(count);
  std::vector<double> ms;
  for (int i = 0; i < o.reps; ++i) ms.push_back(once(count) * 1e3);
  const double work = p.work_per_unit * count, med = median(ms), best = *std::min_element(ms.begin(), ms.end());
  std::fprintf(stderr, "[roofline_native] %-11s %10.4g %s (best %.4g), %d x %.3f ms\n", p.name.c_str(),
               work / 1e9 / (med * 1e-3), p.rate_unit.c_str(), work / 1e9 / (best * 1e-3), o.reps, med);
  const std::string family = "roofline_native." + p.name;
  return Json::object({{"probe", p.name},
                       {"description", p.description},
                       {"work_unit", p.work_unit},
                       {"rate_unit", p.rate_unit},
                       {"count", count},
                       {"work_per_count", p.work_per_unit},
                       {"work_per_repetition", work},
                       {"threads", o.threads},
                       {"schedule", p.schedule},
                       {"check", p.check},
                       {"samples_ms", numbers(ms)},
                       {"ms", Json::object({{"median", med},
                                            {"min", best},
                                            {"max", *std::max_element(ms.begin(), ms.end())},
                                            {"n", static_cast<int>(ms.size())}})},
                       {"rate", Json::object({{"median", work / 1e9 / (med * 1e-3)}, {"best", work / 1e9 / (best * 1e-3)}})},
                       {"family", family},
                       {"variant_id", family},
                       {"case_id", family}});
}

[[noreturn]] void fail(const std::string& probe, const std::string& what) {
  throw std::runtime_error(probe + ": " + what + " (nothing is timed)");
}

// ---------------------------------------------------------------------------------------------
// the probes: buffers, the check, and what one repetition does

template <class T>
struct Aligned {
  explicit Aligned(std::size_t n) : n(n), p(static_cast<T*>(std::aligned_alloc(4096, round_up(n * sizeof(T))))) {
    if (!p) throw std::runtime_error("cannot allocate " + std::to_string(n * sizeof(T)) + " bytes");
  }
  ~Aligned() { std::free(p); }
  Aligned(const Aligned&) = delete;
  Aligned& operator=(const Aligned&) = delete;
  static std::size_t round_up(std::size_t b) { return (b + 4095) / 4096 * 4096; }
  std::size_t n;
  T* p;
};

// The FP32 probes hand out a repetition's work in chunks of kChunkIterations (an atomic counter):
// a thread that shares its core with another (SMT siblings, or the OS's other work) takes fewer
// chunks, as an OpenCL runtime hands work-groups to whichever thread is free, so the rate is the
// cores' and not that of the slowest thread. Each thread's chains continue across its chunks.
constexpr long kChunkIterations = 8192;

struct Fp32State {
  std::vector<float> chains;  // per thread kChains x kLanes
  std::atomic<long> next{0};  // the next chunk of the current repetition
};

std::vector<Probe> fp32_probes(const Options& o, Fp32State& st) {
  const std::size_t per_thread = kChains * kLanes;
  st.chains.assign(per_thread * o.threads, 0.0f);
  float* chains = st.chains.data();
  auto first = [](int t) { return static_cast<std::uint32_t>(t * kChains * kLanes); };
  auto reseed = [=, threads = o.threads] {
    for (int t = 0; t < threads; ++t) seed_chains(chains + t * per_thread, first(t));
  };
  // Verified once here, at roofline.cl's iteration count: every value of every thread.
  reseed();
  timed_region(o.threads, [&](int t) { fp32_exact(chains + t * per_thread, kVerifyIterations); });
  for (int t = 0; t < o.threads; ++t)
    for (std::size_t k = 0; k < per_thread; ++k)
      if (chains[t * per_thread + k] != replay_exact(first(t) + k, static_cast<int>(k / kLanes), kVerifyIterations))
        fail("fp32_exact", "thread " + std::to_string(t) + " value " + std::to_string(k) + " differs from the replay");
  reseed();
  timed_region(o.threads, [&](int t) { fp32_fma(chains + t * per_thread, kVerifyIterations); });
  std::size_t unfused_differs = 0;
  for (int t = 0; t < o.threads; ++t)
    for (std::size_t k = 0; k < per_thread; ++k) {
      const float v = chains[t * per_thread + k];
      if (v != replay_fma(first(t) + k, kVerifyIterations, true))
        fail("fp32_fma", "thread " + std::to_string(t) + " value " + std::to_string(k) +
                             " differs from the fused replay (not contracted into an FMA?)");
      unfused_differs += v != replay_fma(first(t) + k, kVerifyIterations, false);
    }
  if (unfused_differs == 0) fail("fp32_fma", "the fused and unfused replays agree: the check cannot tell them apart");
  // count: chunks per thread on average; one repetition runs threads x count chunks in all.
  const double flops = static_cast<double>(per_thread) * o.threads * kChunkIterations;
  const std::string checked = "every value of every thread equals the host's exact replay after " +
                              std::to_string(kVerifyIterations) + " iterations";
  const std::string schedule = "dynamic: chunks of " + std::to_string(kChunkIterations) +
                               " iterations taken from a shared counter by whichever thread is free";
  Fp32State* shared = &st;
  auto before = [=] {
    reseed();
    shared->next.store(0);
  };
  auto chunked = [=, threads = o.threads](void (*kernel)(float*, long)) {
    return [=](int t, long count) {
      const long total = count * threads;
      while (shared->next.fetch_add(1, std::memory_order_relaxed) < total) kernel(chains + t * per_thread, kChunkIterations);
    };
  };
  Probe exact{"fp32_exact", "an FP32 multiply or add, not contracted: one instruction, one flop", "flop", "GFLOP/s",
              flops, chunked(fp32_exact), checked};
  Probe fma{"fp32_fma", "an FP32 fused multiply-add: one instruction, two flops", "flop", "GFLOP/s", 2 * flops,
            chunked(fp32_fma),
            checked + " (fused; " + std::to_string(unfused_differs) + " of them differ from a separate multiply and add)"};
  for (Probe* p : {&exact, &fma}) {
    p->before = before;
    p->schedule = schedule;
  }
  return {exact, fma};
}

struct Streams {
  std::unique_ptr<Aligned<vf>> src, dst;
  std::size_t per_thread = 0;  // vectors
  std::vector<double> sums;
};

std::vector<Probe> memory_probes(const Options& o, Streams& s, std::size_t array_bytes) {
  constexpr std::size_t kBlock = 8;  // read_stream's accumulators
  s.per_thread = array_bytes / kVectorBytes / o.threads / kBlock * kBlock;
  if (s.per_thread == 0) throw std::runtime_error("the arrays are too small for the threads");
  // Exact float sums of 0/1 values: at most 2^24 per accumulator lane.
  if (s.per_thread / kBlock > (1u << 24)) throw std::runtime_error("arrays too large for read's exact check: fewer MiB");
  const std::size_t n = s.per_thread * o.threads;
  s.src = std::make_unique<Aligned<vf>>(n);
  s.dst = std::make_unique<Aligned<vf>>(n);
  s.sums.assign(o.threads, 0.0);
  vf* src = s.src->p;
  vf* dst = s.dst->p;
  const std::size_t per = s.per_thread;
  // First touch by the thread that streams each part: its pages on that thread's memory node.
  timed_region(o.threads, [&](int t) {
    for (std::size_t i = t * per; i < (t + 1) * per; ++i) {
      for (int l = 0; l < kLanes; ++l) src[i][l] = static_cast<float>(((i * kLanes + l) >> 3) & 1);
      dst[i] = vf{} - 1.0f;
    }
  });
  timed_region(o.threads, [&](int t) { copy_stream(src + t * per, dst + t * per, per, 1); });
  if (std::memcmp(src, dst, n * kVectorBytes) != 0) fail("copy", "the destination differs from the source");
  double* sums = s.sums.data();
  timed_region(o.threads, [&](int t) { sums[t] = read_stream(src + t * per, per, 1); });
  for (int t = 0; t < o.threads; ++t) {
    std::size_t ones = 0;
    for (std::size_t e = t * per * kLanes; e < (t + 1) * per * kLanes; ++e) ones += (e >> 3) & 1;
    if (sums[t] != static_cast<double>(ones)) fail("read", "thread " + std::to_string(t) + "'s sum differs");
  }
  const double bytes = static_cast<double>(n) * kVectorBytes;
  const std::string arrays = std::to_string(static_cast<unsigned long long>(bytes) >> 20) + " MiB";
  return {{"copy", "one byte read and one written (regular stores), " + arrays + " per array", "byte", "GB/s", 2 * bytes,
           [=](int t, long p) { copy_stream(src + t * per, dst + t * per, per, p); },
           "after one pass the destination equals the source"},
          {"read", "one byte read, " + arrays + " summed", "byte", "GB/s", bytes,
           [=](int t, long p) { sums[t] = read_stream(src + t * per, per, p); },
           "after one pass every thread's sum equals the host's count"}};
}

struct CacheBuffers {
  std::vector<std::unique_ptr<Aligned<std::uint8_t>>> u8, f2u_out;
  std::vector<std::unique_ptr<Aligned<std::uint16_t>>> u16;
  std::vector<std::unique_ptr<Aligned<float>>> f2u_in;
  std::vector<double> sums;
};

std::vector<Probe> conversion_probes(const Options& o, CacheBuffers& b) {
  const std::size_t n8 = kCacheBufferBytes, n16 = kCacheBufferBytes / 2, nf = kCacheBufferBytes / 4;
  b.sums.assign(o.threads, 0.0);
  for (int t = 0; t < o.threads; ++t) {
    b.u8.push_back(std::make_unique<Aligned<std::uint8_t>>(n8));
    b.u16.push_back(std::make_unique<Aligned<std::uint16_t>>(n16));
    b.f2u_in.push_back(std::make_unique<Aligned<float>>(nf));
    b.f2u_out.push_back(std::make_unique<Aligned<std::uint8_t>>(nf));
    for (std::size_t i = 0; i < n8; ++i) b.u8[t]->p[i] = static_cast<std::uint8_t>(i * 2654435761u >> 13);
    for (std::size_t i = 0; i < n16; ++i) b.u16[t]->p[i] = static_cast<std::uint16_t>(i * 2654435761u >> 7);
    // -8 to 263.75 in quarter steps: negatives, ties at .5 and values above 255.
    for (std::size_t i = 0; i < nf; ++i) b.f2u_in[t]->p[i] = -8.0f + 0.25f * static_cast<float>(i % 1088);
  }
  double* sums = b.sums.data();
  std::vector<const std::uint8_t*> u8;
  std::vector<const std::uint16_t*> u16;
  std::vector<const float*> fin;
  std::vector<std::uint8_t*> fout;
  for (int t = 0; t < o.threads; ++t) {
    u8.push_back(b.u8[t]->p);
    u16.push_back(b.u16[t]->p);
    fin.push_back(b.f2u_in[t]->p);
    fout.push_back(b.f2u_out[t]->p);
  }
  // One pass: the float sums of 0..65535 values stay below 2^24 per lane, so they are exact.
  timed_region(o.threads, [&](int t) { sums[t] = cvt_to_f32<std::uint8_t, widen_u8>(u8[t], n8, 1); });
  for (int t = 0; t < o.threads; ++t) {
    double want = 0;
    for (std::size_t i = 0; i < n8; ++i) want += u8[t][i];
    if (sums[t] != want) fail("cvt_u8_f32", "thread " + std::to_string(t) + "'s sum differs from the host's");
  }
  timed_region(o.threads, [&](int t) { sums[t] = cvt_to_f32<std::uint16_t, widen_u16>(u16[t], n16, 1); });
  for (int t = 0; t < o.threads; ++t) {
    double want = 0;
    for (std::size_t i = 0; i < n16; ++i) want += u16[t][i];
    if (sums[t] != want) fail("cvt_u16_f32", "thread " + std::to_string(t) + "'s sum differs from the host's");
  }
  timed_region(o.threads, [&](int t) { cvt_f32_u8(fin[t], fout[t], nf, 1); });
  for (int t = 0; t < o.threads; ++t)
    for (std::size_t i = 0; i < nf; ++i)
      if (fout[t][i] != uchar_sat_rte(fin[t][i]))
        fail("cvt_f32_u8", "thread " + std::to_string(t) + " element " + std::to_string(i) + " (" +
                               std::to_string(fin[t][i]) + ") differs from round-to-nearest-even, saturated");
  const double threads = o.threads;
  const std::string in_l1 = std::to_string(kCacheBufferBytes >> 10) + " KiB per thread, in L1";
  return {{"cvt_u8_f32", "a uchar converted to float and summed, " + in_l1, "conversion", "Gconv/s", n8 * threads,
           [=](int t, long p) { sums[t] = cvt_to_f32<std::uint8_t, widen_u8>(u8[t], n8, p); },
           "after one pass every thread's float sum equals the host's"},
          {"cvt_u16_f32", "a ushort converted to float and summed, " + in_l1, "conversion", "Gconv/s", n16 * threads,
           [=](int t, long p) { sums[t] = cvt_to_f32<std::uint16_t, widen_u16>(u16[t], n16, p); },
           "after one pass every thread's float sum equals the host's"},
          {"cvt_f32_u8", "a float converted to uchar (saturated, round to nearest even) and stored, " + in_l1,
           "conversion", "Gconv/s", nf * threads, [=](int t, long p) { cvt_f32_u8(fin[t], fout[t], nf, p); },
           "after one pass every element equals the host's round-to-nearest-even, saturated"}};
}

// ---------------------------------------------------------------------------------------------

Options parse(int argc, char** argv) {
  Options o;
  auto need = [&](int& i) -> std::string {
    if (i + 1 >= argc) throw std::invalid_argument(std::string(argv[i]) + " needs a value");
    return argv[++i];
  };
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--threads") o.threads = std::stoi(need(i));
    else if (a == "--reps") o.reps = std::stoi(need(i));
    else if (a == "--warmup") o.warmup = std::stoi(need(i));
    else if (a == "--min-ms") o.min_ms = std::stod(need(i));
    else if (a == "--array-mib") o.array_mib = std::stoul(need(i));
    else if (a == "--device-slug") o.slug = need(i);
    else if (a == "--device") o.device = need(i);
    else if (a == "--commit") o.commit = need(i);
    else if (a == "--out") o.out = need(i);
    else throw std::invalid_argument("unknown argument " + a);
  }
  if (o.threads < 1) throw std::invalid_argument("--threads N (at least 1: the OpenCL device's compute units)");
  if (o.reps < 1 || o.warmup < 0 || o.min_ms <= 0) throw std::invalid_argument("--reps >= 1, --warmup >= 0, --min-ms > 0");
  if (o.slug.empty()) throw std::invalid_argument("--device-slug SLUG (the OpenCL CPU device these ceilings belong to)");
  if (o.commit.empty()) throw std::invalid_argument("--commit HASH (`filterlab experiments --commit`)");
  if (o.out.empty()) throw std::invalid_argument("--out FILE");
  return o;
}

std::vector<int> thread_cpus(int threads) {
  std::vector<int> cpus(threads, -1);
  timed_region(threads, [&](int t) { cpus[t] = sched_getcpu(); });
  return cpus;
}

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

int run(const Options& o) {
  std::string commit = o.commit;
  const bool dirty = commit.size() > 6 && commit.compare(commit.size() - 6, 6, "-dirty") == 0;
  if (dirty) commit.resize(commit.size() - 6);
  const std::size_t llc = last_level_cache_bytes();
  const std::size_t pages = static_cast<std::size_t>(sysconf(_SC_PHYS_PAGES)) * sysconf(_SC_PAGESIZE);
  // Far beyond the last-level cache (32 of cpu0's instances: a socket may have several), at least
  // 512 MiB, at most an eighth of the memory per array.
  std::size_t array_bytes = o.array_mib ? o.array_mib << 20 : std::max<std::size_t>(512u << 20, 32 * llc);
  if (!o.array_mib) array_bytes = std::min(array_bytes, pages / 8);
  std::fprintf(stderr, "[roofline_native] %s: %d threads, %s (%d-byte vectors), %zu MiB arrays\n", o.slug.c_str(),
               o.threads, kIsa, kVectorBytes, array_bytes >> 20);

  Fp32State fp_state;
  Streams streams;
  CacheBuffers buffers;
  std::vector<Probe> probes = fp32_probes(o, fp_state);
  for (auto& p : memory_probes(o, streams, array_bytes)) probes.push_back(p);
  for (auto& p : conversion_probes(o, buffers)) probes.push_back(p);
  std::vector<Json> rows;
  for (const auto& p : probes) rows.push_back(measure(p, o));
  for (const float v : fp_state.chains)
    if (!std::isfinite(v)) fail("fp32", "a timed chain ended not finite");

  char host[256] = {};
  gethostname(host, sizeof host - 1);
  std::vector<Json> cpus;
  for (const int c : thread_cpus(o.threads)) cpus.push_back(c);
  const Json libraries = Json::object({{"compiler", compiler()}, {"cplusplus", static_cast<long>(__cplusplus)},
                                       {"openmp", static_cast<long>(_OPENMP)}});
  const Json prov = Json::object({
      {"device", o.device.empty() ? cpu_model() : o.device},
      {"device_slug", o.slug},
      {"device_type", "CPU"},
      {"cpu_model", cpu_model()},
      {"host", host},
      {"commit", commit},
      {"commit_dirty", dirty},
      {"date", utc_now()},
      {"threads", o.threads},
      {"logical_cpus", omp_get_num_procs()},
      {"omp_proc_bind", env("OMP_PROC_BIND")},
      {"omp_places", env("OMP_PLACES")},
      {"thread_cpus", Json::array(cpus)},
      {"libraries", libraries},
      {"flags", FL_NATIVE_FLAGS},
      {"source", "experiments/roofline/native/native_probes.cpp"},
      {"source_sha256", FL_NATIVE_SOURCE_SHA256},
      {"isa", kIsa},
      {"vector_bytes", kVectorBytes},
      {"vector_lanes", kLanes},
      {"fp32_chains", kChains},
      {"last_level_cache_bytes", static_cast<unsigned long long>(llc)},
      {"array_bytes", static_cast<unsigned long long>(streams.per_thread * o.threads * kVectorBytes)},
      {"cache_buffer_bytes", static_cast<unsigned long long>(kCacheBufferBytes)},
      {"min_ms", o.min_ms},
      {"warmup", o.warmup},
      {"repetitions", o.reps},
  });
  const Json result = Json::object({{"schema", "filterlab.roofline_native/2"},
                                    {"schema_version", 2},
                                    {"experiment", "roofline_native"},
                                    {"provenance", prov},
                                    {"rows", Json::array(rows)}});
  const std::string tmp = o.out + ".tmp";
  {
    std::ofstream out(tmp);
    out << result.text() << "\n";
    if (!out) throw std::runtime_error("cannot write " + tmp);
  }
  if (std::rename(tmp.c_str(), o.out.c_str()) != 0) throw std::runtime_error("cannot rename " + tmp + " to " + o.out);
  std::fprintf(stderr, "[roofline_native] wrote %s\n", o.out.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  try {
    o = parse(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "native_probes: %s\n", e.what());
    return 2;
  }
  try {
    return run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "native_probes: %s\n", e.what());
    return 1;
  }
}
