#include <iostream>

#include "cli/commands.hpp"
#include "error.hpp"
#include "filters/scharr_runner.hpp"
#include "io/image_file.hpp"
#include "ocl/device.hpp"

namespace filterlab::cli {

int cmd_filter(const FilterArgs& a) {
  // (--border-value is finite: its parser refuses nan and inf, whose output our reader would refuse.)
  if (a.border_value_given && a.border != "constant")
    throw Error("--border-value applies to --border constant only, not to --border " + a.border,
                "drop --border-value, or use --border constant");
  if (a.family.rfind("tiled.", 0) == 0) return cmd_filter_tiled(a);
  if (!a.src_roi.empty() || !a.dst_roi.empty() || a.check)
    throw Error("--src-roi, --dst-roi and --check apply to the tiled.* designs only", "e.g. --family tiled.amd");
  // Validate everything the user typed before touching the device or the files.
  const Variant variant = make_variant(a.family, a.storage, a.ksize);
  const auto border = ref::parse_border(a.border);
  if (!border) throw Error("unknown border '" + a.border + "'", "use one of " + ref::border_names_list());
  if (a.axis != "x" && a.axis != "y") throw Error("unknown axis '" + a.axis + "'", "use x (d/dx) or y (d/dy)");
  const auto devices = ocl::select_devices(a.device);
  if (devices.size() > 1)
    std::cerr << "filterlab: " << devices.size() << " devices match; using " << devices.front().info.name
              << " (choose with --device)\n";
  const ref::Image input = io::read_image(a.input);
  ocl::Runtime rt(devices.front());
  const auto out = apply_scharr(rt, variant, input, a.axis == "x" ? ref::Axis::X : ref::Axis::Y, *border, a.border_value);
  io::write_image(a.output, out);
  std::cerr << "filterlab: " << variant.id() << " (" << a.axis << ", " << a.border << ") on " << rt.device.info.name
            << ": wrote " << a.output << " (" << out.width << "x" << out.height << ")\n";
  return 0;
}

}  // namespace filterlab::cli
