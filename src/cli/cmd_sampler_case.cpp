// `filterlab sampler-case --device D --case I`: one case of Study 3's sampler grid, its reads printed
// one a line as hex floats. The sampler experiment runs its CLK_ADDRESS_NONE cases this way, each in
// a process of its own, so that a runtime that dies on an undefined read loses only that case.
#include <CLI/CLI.hpp>
#include <memory>

#include "cli/commands.hpp"
#include "experiments/sampler_probe.hpp"
#include "ocl/device.hpp"
#include "ocl/runtime.hpp"

namespace filterlab::cli {
namespace {

struct SamplerCaseArgs {
  std::string device;
  long index = 0;
};

int cmd_sampler_case(const SamplerCaseArgs& a) {
  const auto devices = ocl::select_devices(a.device);
  if (devices.size() != 1)
    throw Error("sampler-case needs exactly one device; '" + a.device + "' selects " + std::to_string(devices.size()),
                "give the device's full 'platform / device' name (filterlab devices lists them)");
  ocl::Runtime rt(devices.front());
  require_sampler_support(rt);
  print_grid_case(rt, static_cast<std::size_t>(a.index));
  return 0;
}

}  // namespace

Command add_sampler_case(CLI::App& app) {
  const auto args = std::make_shared<SamplerCaseArgs>();
  auto* c =
      app.add_subcommand("sampler-case",
                         "One case of the sampler study's grid on one device, its reads one a line (hex floats); "
                         "the sampler experiment runs its undefined-read cases this way, each in its own process");
  c->add_option("--device", args->device, "The device's 'platform / device' name (one device)")->required();
  c->add_option("--case", args->index, "The case's index in the grid (0..31)")
      ->required()
      ->check(CLI::Range(0L, 1000L));
  return {c, [args] { return cmd_sampler_case(*args); }};
}

}  // namespace filterlab::cli
