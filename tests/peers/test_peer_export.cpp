// The Python peers' inputs: the manifest names every job's input and oracle file, and the .npy
// files hold exactly the oracle's values.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "peers/npy.hpp"
#include "peers/peers_experiment.hpp"
#include "peers_fixture.hpp"

using namespace filterlab;

namespace {
std::vector<char> slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
// Where the values start: magic (6) + version (2) + little-endian header length (2) + header.
std::size_t data_offset(const std::vector<char>& npy) {
  REQUIRE(npy.size() >= 10);
  REQUIRE(std::string(npy.begin() + 1, npy.begin() + 6) == "NUMPY");
  return 10 + static_cast<unsigned char>(npy[8]) + 256u * static_cast<unsigned char>(npy[9]);
}
}  // namespace

TEST_CASE("write_npy writes a NumPy 1.0 header and the raw values", "[peers]") {
  const auto dir = std::filesystem::temp_directory_path() / ("filterlab_npy_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  ref::Image img(3, 2);
  for (std::size_t i = 0; i < img.px.size(); ++i) img.px[i] = static_cast<float>(i) * 10.0f;
  peers::write_npy((dir / "f.npy").string(), img, false);
  peers::write_npy((dir / "b.npy").string(), img, true);
  const auto f = slurp((dir / "f.npy").string()), b = slurp((dir / "b.npy").string());
  const std::size_t fo = data_offset(f), bo = data_offset(b);
  CHECK(fo % 64 == 0);  // the format aligns the data to 64 bytes
  REQUIRE(f.size() == fo + 6 * 4);
  REQUIRE(b.size() == bo + 6);
  CHECK(std::string(f.begin() + 10, f.begin() + static_cast<long>(fo))
            .find("'descr': '<f4', 'fortran_order': False, 'shape': (2, 3)") != std::string::npos);
  CHECK(std::string(b.begin() + 10, b.begin() + static_cast<long>(bo)).find("'descr': '|u1'") != std::string::npos);
  CHECK(f[fo - 1] == '\n');
  float v = 0;
  std::memcpy(&v, f.data() + fo + 4 * 5, 4);
  CHECK(v == 50.0f);
  CHECK(static_cast<unsigned char>(b[bo + 4]) == 40);
  ref::Image bad(1, 1, 0.5f);
  CHECK_THROWS(peers::write_npy((dir / "bad.npy").string(), bad, true));
  std::filesystem::remove_all(dir);
}

TEST_CASE("export writes every job's input and oracle with its tolerance", "[peers]") {
  const auto dir = std::filesystem::temp_directory_path() / ("filterlab_export_" + std::to_string(::getpid()));
  const std::string base = test::small_base_image();
  const auto manifest_path = peers::export_peer_inputs(base, dir.string(), 8, 20261122);
  std::ifstream in(manifest_path);
  const auto m = nlohmann::json::parse(in);
  REQUIRE(m["workloads"].size() == 7);
  for (const auto& w : m["workloads"]) {
    INFO(w["id"]);
    CHECK(w["jobs"].size() == (w["name"] == "scharr_pyramid" ? 32u : 1u));
    for (const auto& j : w["jobs"]) {
      CHECK(std::filesystem::exists(dir / j["input"].get<std::string>()));
      CHECK(std::filesystem::exists(dir / j["oracle"].get<std::string>()));
      CHECK(j["tolerance"].get<double>() >= 0.0);
    }
  }
  // The harris oracle file is the oracle of the workload rebuilt here.
  const auto w = peers::harris_workload(5120 / 8, 20261122 + 4);
  const auto bytes = slurp((dir / m["workloads"][6]["jobs"][0]["oracle"].get<std::string>()).string());
  const std::size_t o = data_offset(bytes);
  REQUIRE(bytes.size() == o + w.jobs[0].oracle->px.size() * 4);
  CHECK(std::memcmp(bytes.data() + o, w.jobs[0].oracle->px.data(), w.jobs[0].oracle->px.size() * 4) == 0);
  std::filesystem::remove_all(dir);
  std::filesystem::remove(base);
}
