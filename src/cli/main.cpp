// filterlab: device summary, filtering, verification against the oracle, and experiments.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/cmd_imagecl_tool.hpp"
#include "cli/commands.hpp"
#include "error.hpp"
#include "ocl/errors.hpp"
#include "ocl/program.hpp"

int main(int argc, char** argv) {
  using namespace filterlab::cli;
  CLI::App app{"FilterLab: OpenCL image filters checked against an exact CPU oracle"};
  app.require_subcommand(1);
  std::string kernels_dir;
  app.add_option("--kernels-dir", kernels_dir, "Read kernels/*.cl from this directory instead of the embedded copies")
      ->envname("FILTERLAB_KERNEL_DIR");
  // Every subcommand declares its own options in its cmd_*.cpp, in this (the help's) order.
  const std::vector<Command> commands{add_devices(app),       add_variants(app),     add_filter(app),
                                      add_image_info(app),    add_verify(app),       add_run(app),
                                      add_experiments(app),   add_tune(app),         add_tune_merge(app),
                                      add_imagecl_check(app), add_imagecl_show(app), add_sampler_case(app)};
  ImageclTool imagecl_tool(app);  // `filterlab imagecl compile|check|tune|run`

  // Numeric options are parsed by filterlab's value parser inside CLI11's parse: its errors are ours.
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::cerr << "filterlab: error: " << e.what() << "\n";
    return 1;
  }
  try {
    filterlab::ocl::set_kernel_dir(kernels_dir);
    for (const auto& c : commands)
      if (app.got_subcommand(c.app)) return c.run();
    if (imagecl_tool.selected()) return imagecl_tool.run();
  } catch (const cl::Error& e) {
    try {
      filterlab::ocl::rethrow(e, "");
    } catch (const std::exception& t) {
      std::cerr << "filterlab: error: " << t.what() << "\n";
    }
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "filterlab: error: " << e.what() << "\n";
    return 1;
  }
  return 2;
}
