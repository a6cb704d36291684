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

TEST_CASE("a header that lies about the size is refused before allocating", "[io][bad-input]") {
  const auto dir = temp_dir();
  // 1 KB of data claiming 30000x30000: below the pixel limit, so the file size check refuses it.
  write_bytes(dir / "liar.pgm", "P5\n30000 30000\n255\n" + std::string(1000, 'x'));
  CHECK_THROWS_WITH(
      filterlab::io::read_image((dir / "liar.pgm").string()),
      Catch::Contains("liar.pgm") && Catch::Contains("30000x30000") && Catch::Contains("above the limit of 268435456"));
  // 4000x4000 16-bit needs 32 MB of raster: named with the bytes the file really holds.
  write_bytes(dir / "short16.pgm", "P5\n4000 4000\n65535\n" + std::string(1000, 'x'));
  CHECK_THROWS_WITH(filterlab::io::read_image((dir / "short16.pgm").string()),
                    Catch::Contains("declares 4000x4000 (32000000 raster bytes) but the file holds only 1000 bytes"));
  write_bytes(dir / "huge.pgm", "P5\n100000 100000\n255\n" + std::string(1000, 'x'));
  CHECK_THROWS_WITH(filterlab::io::read_image((dir / "huge.pgm").string()),
                    Catch::Contains("declares 100000x100000 = 10000000000 pixels, above the limit"));
  write_bytes(dir / "liar.pfm", "Pf\n3000 3000\n-1.0\n" + std::string(1000, 'x'));
  CHECK_THROWS_WITH(filterlab::io::read_image((dir / "liar.pfm").string()),
                    Catch::Contains("declares 3000x3000 (36000000 raster bytes) but the file holds only 1000 bytes"));
  // Exactly the declared raster is accepted (the check is not off by one).
  write_bytes(dir / "exact.pgm", "P5\n2 2\n255\nabcd");
  CHECK(filterlab::io::read_image((dir / "exact.pgm").string()).width == 2);
  fs::remove_all(dir);
}

TEST_CASE("a directory as input image is named as a directory", "[io][bad-input]") {
  const auto dir = temp_dir();
  fs::create_directories(dir / "d.pgm");
  fs::create_directories(dir / "plain");
  CHECK_THROWS_WITH(filterlab::io::read_image((dir / "d.pgm").string()),
                    Catch::Contains("d.pgm is a directory, not an image file"));
  CHECK_THROWS_WITH(filterlab::io::read_image((dir / "plain").string()),
                    Catch::Contains("plain is a directory, not an image file"));
  CHECK_THROWS_WITH(filterlab::io::read_netpbm((dir / "d.pgm").string()), Catch::Contains("is a directory"));
  fs::remove_all(dir);
}

TEST_CASE("an output path that is a symbolic link is written through, the link kept", "[io][bad-input]") {
  const auto dir = temp_dir();
  write_bytes(dir / "real.pfm", "old");
  fs::create_symlink("real.pfm", dir / "link.pfm");  // relative, as `ln -s` makes it
  filterlab::io::write_file_atomically((dir / "link.pfm").string(), "new");
  CHECK(fs::is_symlink(dir / "link.pfm"));
  CHECK(fs::read_symlink(dir / "link.pfm") == "real.pfm");
  std::ifstream in(dir / "real.pfm");
  std::string text;
  in >> text;
  CHECK(text == "new");
  // A dangling link: the file it names is created.
  fs::create_symlink(dir / "later.pfm", dir / "dangling.pfm");
  filterlab::io::write_file_atomically((dir / "dangling.pfm").string(), "x");
  CHECK(fs::is_symlink(dir / "dangling.pfm"));
  CHECK(fs::is_regular_file(dir / "later.pfm"));
  fs::create_symlink("loop2", dir / "loop1");
  fs::create_symlink("loop1", dir / "loop2");
  CHECK_THROWS_WITH(filterlab::io::write_file_atomically((dir / "loop1").string(), "x"),
                    Catch::Contains("loop of symbolic links"));
  fs::remove_all(dir);
}

TEST_CASE("a PFM scale that is not a finite non-zero number is refused", "[io][bad-input]") {
  const auto dir = temp_dir();
  // "nan" used to pass the `scale == 0` test and pick big-endian (nan < 0 is false): denormals.
  for (const std::string scale : {"nan", "-nan", "inf", "-inf", "0", "0.0"}) {
    write_bytes(dir / "s.pfm", "Pf\n2 1\n" + scale + "\n" + std::string(8, '\0'));
    CHECK_THROWS_WITH(filterlab::io::read_netpbm((dir / "s.pfm").string()),
                      Catch::Contains("bad scale '" + scale + "' (a finite non-zero number is required"));
  }
  write_bytes(dir / "ok.pfm", "Pf\n2 1\n-1.0\n" + std::string(8, '\0'));
  CHECK(filterlab::io::read_netpbm((dir / "ok.pfm").string()).px == std::vector<float>{0.0f, 0.0f});
  fs::remove_all(dir);
}

TEST_CASE("PGM samples above maxval are refused, at maxval accepted", "[io][bad-input]") {
  const auto dir = temp_dir();
  write_bytes(dir / "a.pgm", std::string("P5\n2 2\n100\n") + '\x0a' + '\x64' + '\x1e' + '\x65');
  CHECK_THROWS_WITH(filterlab::io::read_netpbm((dir / "a.pgm").string()),
                    Catch::Contains("a.pgm: sample 101 at x=1, y=1 is above the maxval 100"));
  write_bytes(dir / "b.pgm", std::string("P5\n1 1\n1000\n") + '\x03' + '\xe9');  // 1001, 16-bit
  CHECK_THROWS_WITH(filterlab::io::read_netpbm((dir / "b.pgm").string()),
                    Catch::Contains("sample 1001 at x=0, y=0 is above the maxval 1000"));
  write_bytes(dir / "c.pgm", std::string("P5\n1 1\n1000\n") + '\x03' + '\xe8');
  CHECK(filterlab::io::read_netpbm((dir / "c.pgm").string()).px == std::vector<float>{1.0f});
  fs::remove_all(dir);
}

TEST_CASE("PGM samples come back scaled or as stored", "[io]") {
  const auto dir = temp_dir();
  write_bytes(dir / "a.pgm", std::string("P5\n2 1\n255\n") + '\x00' + '\x33');
  using filterlab::io::Samples;
  CHECK(filterlab::io::read_netpbm((dir / "a.pgm").string(), Samples::stored).px == std::vector<float>{0.0f, 51.0f});
  CHECK(filterlab::io::read_image((dir / "a.pgm").string(), Samples::stored).px == std::vector<float>{0.0f, 51.0f});
  CHECK(filterlab::io::read_image((dir / "a.pgm").string()).px == std::vector<float>{0.0f, 0.2f});
  fs::remove_all(dir);
}
