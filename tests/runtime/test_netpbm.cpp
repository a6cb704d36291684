#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "error.hpp"
#include "io/atomic_file.hpp"
#include "io/image_file.hpp"
#include "io/netpbm.hpp"

namespace fs = std::filesystem;
using filterlab::Error;

namespace {
fs::path temp_dir() {
  auto d = fs::temp_directory_path() / ("filterlab-io-" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d;
}
void write_bytes(const fs::path& p, const std::string& bytes) { std::ofstream(p, std::ios::binary) << bytes; }
}  // namespace

TEST_CASE("PFM round-trips exactly, rows in the right order", "[io]") {
  const auto dir = temp_dir();
  filterlab::ref::Image img(3, 2);
  for (std::size_t i = 0; i < img.size(); ++i) img.px[i] = static_cast<float>(i) * 1.25f - 2.0f;
  const auto path = (dir / "a.pfm").string();
  filterlab::io::write_pfm(path, img);
  const auto back = filterlab::io::read_netpbm(path);
  REQUIRE(back.width == 3);
  REQUIRE(back.height == 2);
  CHECK(back.px == img.px);
  // The format stores the bottom row first: the first float in the file is pixel (0, 1).
  std::ifstream in(path, std::ios::binary);
  std::string header;
  for (int lines = 0; lines < 3; ++lines) std::getline(in, header);
  float first = 0;
  in.read(reinterpret_cast<char*>(&first), sizeof first);
  CHECK(first == img.at(0, 1));
  fs::remove_all(dir);
}

TEST_CASE("8-bit and 16-bit PGM scale to [0, 1]", "[io]") {
  const auto dir = temp_dir();
  write_bytes(dir / "a.pgm", std::string("P5\n# comment\n2 1\n255\n") + '\x00' + '\xff');
  const auto a = filterlab::io::read_netpbm((dir / "a.pgm").string());
  CHECK(a.px == std::vector<float>{0.0f, 1.0f});
  write_bytes(dir / "b.pgm", std::string("P5 1 1 65535\n") + '\xff' + '\xff');
  CHECK(filterlab::io::read_netpbm((dir / "b.pgm").string()).px == std::vector<float>{1.0f});
  fs::remove_all(dir);
}

TEST_CASE("missing, empty, corrupt and truncated images give clear errors", "[io]") {
  const auto dir = temp_dir();
  CHECK_THROWS_WITH(filterlab::io::read_image((dir / "none.pgm").string()), Catch::Contains("cannot open"));
  write_bytes(dir / "empty.pgm", "");
  CHECK_THROWS_WITH(filterlab::io::read_image((dir / "empty.pgm").string()), Catch::Contains("is empty"));
  write_bytes(dir / "bad.pgm", "GIF89a garbage");
  CHECK_THROWS_WITH(filterlab::io::read_image((dir / "bad.pgm").string()), Catch::Contains("unknown magic"));
  write_bytes(dir / "short.pgm", "P5\n4 4\n255\nabc");
  CHECK_THROWS_WITH(filterlab::io::read_image((dir / "short.pgm").string()), Catch::Contains("truncated"));
  write_bytes(dir / "neg.pgm", "P5\n-4 4\n255\n");
  CHECK_THROWS_WITH(filterlab::io::read_image((dir / "neg.pgm").string()), Catch::Contains("bad width"));
  fs::remove_all(dir);
}

TEST_CASE("an unwritable output path fails and leaves nothing behind", "[io]") {
  const auto dir = temp_dir();
  write_bytes(dir / "file", "x");
  // A path below a regular file cannot be created, even by root.
  const auto target = (dir / "file" / "out.pfm").string();
  CHECK_THROWS_AS(filterlab::io::write_file_atomically(target, "data"), Error);
  CHECK_FALSE(fs::exists(target));
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++entries;
  CHECK(entries == 1);  // no temporary file left
  fs::remove_all(dir);
}
