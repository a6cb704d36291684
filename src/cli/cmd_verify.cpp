#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "error.hpp"
#include "ocl/device.hpp"
#include "verify/tiled_verify.hpp"
#include "verify/verify.hpp"

namespace filterlab::cli {
namespace {

std::vector<ref::Border> parse_borders(const std::string& list) {
  if (list.empty()) return {ref::kAllBorders.begin(), ref::kAllBorders.end()};
  std::vector<ref::Border> out;
  std::stringstream in(list);
  for (std::string name; std::getline(in, name, ',');) {
    const auto b = ref::parse_border(name);
    if (!b) throw Error("unknown border '" + name + "'", "use " + ref::border_names_list());
    out.push_back(*b);
  }
  return out;
}

}  // namespace

int cmd_verify(const VerifyArgs& a) {
  // Study 1's Scharr variants and Study 4's tiled ones, both filtered by the same ID text.
  std::vector<Variant> variants;
  for (const auto& v : registered_variants())
    if (a.variants.empty() || v.id().find(a.variants) != std::string::npos) variants.push_back(v);
  const auto tiled = find_tiled_variants(a.variants);
  if (variants.empty() && tiled.empty()) find_variants(a.variants);  // throws, listing every Scharr ID
  auto row = [](const VerifyResult& r, const std::string& status) {
    std::cout << std::left << std::setw(50) << r.id << std::setw(12) << ref::border_name(r.border) << std::setw(14)
              << r.max_error_integer << std::setw(16) << r.max_error_float << std::setw(14) << r.float_tolerance
              << status << "\n";
  };
  const auto borders = parse_borders(a.borders);
  const auto devices = ocl::select_devices(a.device);
  int failures = 0, total = 0;
  for (const auto& d : devices) {
    if (!d.info.image_support)
      std::cerr << "filterlab: " << d.info.name << " has no image support; image variants will report an error\n";
    ocl::Runtime rt(d);
    std::cout << "# " << d.info.platform << " / " << d.info.name << " (" << d.info.device_version << ", driver "
              << d.info.driver_version << ")\n";
    std::cout << std::left << std::setw(50) << "variant" << std::setw(12) << "border" << std::setw(14) << "max|err| int"
              << std::setw(16) << "max|err| float" << std::setw(14) << "float tol" << "result\n";
    for (const auto& v : variants) {
      for (auto b : borders) {
        ++total;
        VerifyResult r;
        std::string status;
        try {
          std::cerr << "verifying " << v.id() << " " << ref::border_name(b) << " on " << d.info.name << "   \r";
          r = verify_variant(rt, v, b);
          status = r.passed ? "ok" : "FAIL: " + r.failure;
        } catch (const std::exception& e) {
          r.passed = false;
          status = std::string("ERROR: ") + e.what();
        }
        if (!r.passed) ++failures;
        r.id = v.id();
        r.border = b;
        row(r, status);
      }
    }
    for (const auto& v : tiled) {
      for (auto b : borders) {
        ++total;
        VerifyResult r;
        std::string status;
        try {
          std::cerr << "verifying " << v.id() << " " << ref::border_name(b) << " on " << d.info.name << "   \r";
          r = verify_tiled(rt, v, b);
          status = r.passed ? "ok" : "FAIL: " + r.failure;
        } catch (const std::exception& e) {
          r.passed = false;
          status = std::string("ERROR: ") + e.what();
        }
        if (!r.passed) ++failures;
        r.id = v.id();
        r.border = b;
        row(r, status);
      }
    }
  }
  std::cerr << "\n";
  std::cout << (total - failures) << " passed, " << failures << " failed\n";
  return failures == 0 ? 0 : 1;
}

}  // namespace filterlab::cli
