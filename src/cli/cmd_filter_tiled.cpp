// `filterlab filter --family tiled.*`: Study 4's designs on a user's image, with source and target
// ROIs, and --check: the same oracle comparison and poisoned-output test that `verify` runs.
#include <iostream>

#include "cli/commands.hpp"
#include "error.hpp"
#include "filters/tiled_runner.hpp"
#include "io/image_file.hpp"
#include "io/netpbm.hpp"
#include "ocl/device.hpp"
#include "verify/compare.hpp"
#include "util/parse_value.hpp"
#include "verify/tiled_verify.hpp"

namespace filterlab::cli {
namespace {

ref::Roi parse_roi(const std::string& text, const char* flag, const ref::Image& img) {
  if (text.empty()) return ref::full_roi(img);
  const auto v = parse_integer_list(text, flag, ',', 4, -io::kMaxImageSide, io::kMaxImageSide, "x,y,w,h: four integers, e.g. 10,20,256,128");
  return {static_cast<int>(v[0]), static_cast<int>(v[1]), static_cast<int>(v[2]), static_cast<int>(v[3])};
}

}  // namespace

int cmd_filter_tiled(const FilterArgs& a) {
  const TiledVariant variant = make_tiled_variant(a.family, a.ksize);
  const auto border = ref::parse_border(a.border);
  if (!border) throw Error("unknown border '" + a.border + "'", "use one of " + ref::border_names_list());
  const auto devices = ocl::select_devices(a.device);
  const ref::Image input = io::read_image(a.input);
  const ref::Roi sroi = parse_roi(a.src_roi, "--src-roi", input);
  const ref::Roi troi = parse_roi(a.dst_roi, "--dst-roi", input);
  check_rois(sroi, input.width, input.height, troi, input.width, input.height);
  if (devices.size() > 1)
    std::cerr << "filterlab: " << devices.size() << " devices match; using " << devices.front().info.name
              << " (choose with --device)\n";
  ocl::Runtime rt(devices.front());
  const ref::Image out = apply_tiled(rt, variant, input, sroi, input, troi, *border, a.border_value);
  if (a.check) {
    const ref::Image poisoned(input.width, input.height, kPoison);
    const ref::Image got = apply_tiled(rt, variant, input, sroi, poisoned, troi, *border, a.border_value);
    const auto [kx, ky] = ref::study4_weights(variant.ksize);
    const ref::Image want = ref::filter_roi(input, sroi, poisoned, troi, kx, ky, *border, a.border_value);
    double max_in = 0.0;
    for (float v : input.px) max_in = std::max(max_in, static_cast<double>(std::abs(v)));
    const auto cmp = compare_images(got, want, tiled_float_tolerance(variant.ksize, max_in));
    std::size_t outside = 0;
    for (int y = 0; y < got.height; ++y)
      for (int x = 0; x < got.width; ++x)
        if ((x < troi.x || x >= troi.x + troi.width || y < troi.y || y >= troi.y + troi.height) &&
            !(got.at(x, y) == kPoison))
          ++outside;
    std::cout << "check: max |error| " << cmp.max_abs_error << " (bound " << tiled_float_tolerance(variant.ksize, max_in)
              << "), " << outside << " pixel(s) written outside the target ROI: "
              << (cmp.passed() && outside == 0 ? "ok" : "FAIL " + cmp.describe(got, want)) << "\n";
    if (!cmp.passed() || outside) return 1;
  }
  io::write_image(a.output, out);
  std::cerr << "filterlab: " << variant.id() << " (" << a.border << ", source ROI " << ref::roi_text(sroi)
            << ", target ROI " << ref::roi_text(troi) << ") on " << rt.device.info.name << ": wrote " << a.output
            << " (" << out.width << "x" << out.height << ")\n";
  return 0;
}

}  // namespace filterlab::cli
