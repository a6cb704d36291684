#pragma once
// What schema_version 2 of the result file asks of the NPP peer (src/experiments/row_keys.hpp's
// contract, experiments/schemas/peers_npp.schema.json), without NPP or nlohmann_json (the GPU host has
// neither library for us): the head, each row's keys and the provenance version 2 requires.

#include <cctype>
#include <ctime>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

#include "json_lite.hpp"

namespace npp_peers {

constexpr int kResultSchemaVersion = 2;
constexpr const char* kExperiment = "peers_npp";
constexpr const char* kFamily = "peers.npp";

// The NPP peer on one workload (its ksize or size in the workload ID) is one variant and one case,
// as gpu_peers.py keys CuPy's and PyTorch's rows.
inline void add_row_keys(Obj& row, const std::string& workload_id) {
  const std::string variant_id = std::string(kFamily) + "/" + workload_id;
  row.str("family", kFamily).str("variant_id", variant_id).str("case_id", variant_id);
}

// The file's head: layout "filterlab.result" at version 2.
inline void add_result_head(Obj& result) {
  result.str("schema", "filterlab.result/" + std::to_string(kResultSchemaVersion));
  result.num("schema_version", kResultSchemaVersion).str("experiment", kExperiment);
}

// The device's name as a file name ("NVIDIA H200" -> "nvidia-h200"): <results>/<experiment>/<slug>.json.
inline std::string slugify(const std::string& text) {
  std::string out;
  bool dash = false;
  for (char c : text) {
    const char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if ((l >= 'a' && l <= 'z') || (l >= '0' && l <= '9')) {
      if (dash && !out.empty()) out += '-';
      out += l;
      dash = false;
    } else {
      dash = true;
    }
  }
  return out;
}

inline std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

// The NVIDIA kernel driver's version ("580.159.04") from the NVRM line, as gpu_peers.py reads it;
// "unknown (why)" otherwise, which the schema rejects, so a file without it cannot pass as complete.
inline std::string nvidia_driver_version(const std::string& path = "/proc/driver/nvidia/version") {
  std::ifstream f(path);
  if (!f) return "unknown (" + path + " cannot be read)";
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("NVRM version:", 0) != 0) continue;
    std::istringstream words(line);
    std::string w;
    while (words >> w)
      if (std::isdigit(static_cast<unsigned char>(w[0])) && w.find('.') != std::string::npos) return w;
  }
  return "unknown (no NVRM version line in " + path + ")";
}

// "--kernel-source PATH=SHA256": the hash of one source file that calls NPP (path relative to the
// repository, e.g. experiments/peers/npp/npp_peers.cu). Throws on anything else.
inline void add_kernel_source(std::map<std::string, std::string>& sources, const std::string& arg) {
  const auto eq = arg.rfind('=');
  const std::string path = eq == std::string::npos ? "" : arg.substr(0, eq);
  const std::string hash = eq == std::string::npos ? "" : arg.substr(eq + 1);
  bool hex = hash.size() == 64;
  for (char c : hash) hex = hex && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
  if (path.empty() || !hex)
    throw std::runtime_error(
        "--kernel-source needs PATH=SHA256 (64 lower-case hex digits, e.g. from sha256sum), got '" + arg + "'");
  sources[path] = hash;
}

inline std::string kernel_sources_json(const std::map<std::string, std::string>& sources) {
  Obj o;
  for (const auto& kv : sources) o.str(kv.first, kv.second);
  return o.dump(1, 2);
}

// The compilers that built this binary, from their own macros (nvcc's only exist under nvcc).
inline void add_compiler_versions(Obj& libraries) {
#if defined(__CUDACC_VER_MAJOR__) && defined(__CUDACC_VER_MINOR__) && defined(__CUDACC_VER_BUILD__)
  libraries.str("nvcc", std::to_string(__CUDACC_VER_MAJOR__) + "." + std::to_string(__CUDACC_VER_MINOR__) + "." +
                            std::to_string(__CUDACC_VER_BUILD__));
#else
  libraries.str("nvcc", "none (not built by nvcc)");
#endif
#if defined(__VERSION__)
  libraries.str("host_compiler", __VERSION__);
#else
  libraries.str("host_compiler", "unknown (no __VERSION__)");
#endif
  libraries.num("cplusplus", static_cast<double>(__cplusplus));
}

}  // namespace npp_peers
