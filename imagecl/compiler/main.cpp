// filterlab-imagecl: compiles one ImageCL kernel (.icl) into OpenCL C with every tuning choice a
// -D switch, plus its search space (JSON). Build-time only: FilterLab itself never links Clang.
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "compiler.hpp"

int main(int argc, char** argv) {
  if (argc != 4 && argc != 5) {
    std::cerr << "usage: filterlab-imagecl <kernel.icl> <out.cl> <out.json> [<out_reference.cpp>]\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << "filterlab-imagecl: cannot read " << argv[1] << "\n";
    return 1;
  }
  std::stringstream text;
  text << in.rdbuf();
  const auto r = filterlab::imagecl::compile(argv[1], text.str());
  std::cerr << r.diagnostics;
  if (!r.ok) {
    std::cerr << "filterlab-imagecl: " << argv[1] << " was not compiled (see the errors above)\n";
    return 1;
  }
  if (argc == 5 && r.reference.empty()) {
    std::cerr << "filterlab-imagecl: " << argv[1] << " is a pipeline: it has no CPU reference of its own (compile each stage "
              << "for theirs), leave out <out_reference.cpp>\n";
    return 1;
  }
  std::vector<std::pair<const char*, const std::string*>> outputs = {{argv[2], &r.opencl}, {argv[3], &r.space}};
  if (argc == 5) outputs.emplace_back(argv[4], &r.reference);  // the CPU reference (C++)
  for (const auto& [path, generated] : outputs) {
    const std::string& content = *generated;
    std::ofstream out(path, std::ios::binary);
    out << content;
    if (!out) {
      std::cerr << "filterlab-imagecl: cannot write " << path << "\n";
      return 1;
    }
  }
  return 0;
}
