#pragma once
// `filterlab imagecl compile|check|tune|run`: the ImageCL tool for any user kernel (.icl).
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace filterlab::cli {

struct ImageclToolArgs {
  std::string source, out_dir, device, configs = "16", strategy = "guided", cache, db, config = "best", output_size;
  std::vector<std::string> inputs, args, outputs;
  std::size_t budget = 50;
  long max_unrolled = 0;
  unsigned seed = 1;
  int warmup = 2, repetitions = 0;
  double tolerance = -1;
};

// Registers the `imagecl` group on `app`; after parsing, run() executes the chosen subcommand.
class ImageclTool {
 public:
  explicit ImageclTool(CLI::App& app);
  bool selected() const;
  int run();

 private:
  CLI::App* group_ = nullptr;
  CLI::App *compile_ = nullptr, *check_ = nullptr, *tune_ = nullptr, *run_ = nullptr;
  ImageclToolArgs a_;
};

int cmd_imagecl_compile(const ImageclToolArgs& a);
int cmd_imagecl_tool_check(const ImageclToolArgs& a);
int cmd_imagecl_tune(const ImageclToolArgs& a);
int cmd_imagecl_run(const ImageclToolArgs& a);

}  // namespace filterlab::cli
