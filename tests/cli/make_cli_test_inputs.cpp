// Writes the inputs of the CLI tests into a work directory: a valid small PGM, one wider than any
// device's 2-D image limit, an empty, a corrupt file, headers that lie about the size, directories
// named like images, an empty ICD vendors directory and a copy of
// the kernels with a syntax error.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

namespace fs = std::filesystem;

static void pgm(const fs::path& p, int w, int h) {
  std::ofstream out(p, std::ios::binary);
  out << "P5\n" << w << " " << h << "\n255\n";
  for (int i = 0; i < w * h; ++i) out.put(static_cast<char>((i * 37) % 256));
}

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: make_cli_test_inputs WORKDIR KERNELS_DIR\n";
    return 2;
  }
  const fs::path work = argv[1];
  fs::remove_all(work);
  fs::create_directories(work / "no-vendors");
  pgm(work / "small.pgm", 37, 23);
  pgm(work / "wide.pgm", 70000, 2);
  std::ofstream(work / "empty.pgm").close();
  std::ofstream(work / "corrupt.pgm", std::ios::binary) << "P5\n64 64\n255\n" << std::string(100, 'x');
  // Headers that lie: more pixels than the limit, and a size the 1000 bytes after the header cannot hold.
  std::ofstream(work / "liar.pgm", std::ios::binary) << "P5\n30000 30000\n255\n" << std::string(1000, 'x');
  std::ofstream(work / "huge.pgm", std::ios::binary) << "P5\n100000 100000\n255\n" << std::string(1000, 'x');
  std::ofstream(work / "short.pgm", std::ios::binary) << "P5\n4000 4000\n255\n" << std::string(1000, 'x');
  fs::create_directories(work / "dir.pgm");
  fs::create_directories(work / "plain-dir");
  std::ofstream(work / "not-a-dir") << "a file, so nothing can be created below it\n";
  fs::copy(argv[2], work / "broken-kernels", fs::copy_options::recursive);
  std::ofstream(work / "broken-kernels" / "scharr" / "gradient.cl", std::ios::app) << "\nthis_is_not_opencl;\n";
  return 0;
}
