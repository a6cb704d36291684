#include <algorithm>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "error.hpp"
#include "ocl/device.hpp"
#include "verify/epsilon_verify.hpp"
#include "verify/pyramid_verify.hpp"
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

// Every registered ID of the three registries, for the error that lists them.
std::string all_ids() {
  std::string ids;
  for (const auto& v : registered_variants()) ids += "\n  " + v.id();
  for (const auto& v : registered_tiled_variants()) ids += "\n  " + v.id();
  for (const auto& v : registered_epsilon_variants()) ids += "\n  " + v.id();
  for (const auto& id : pyramid_check_ids()) ids += "\n  " + id;
  return ids;
}

}  // namespace

int cmd_verify(const VerifyArgs& a) {
  // The Scharr variants (Studies 1 and 2), Study 4's tiled designs, Study 5's epsilon steps and
  // Study 2's pyramid checks, all filtered by the same ID text.
  std::vector<Variant> variants;
  for (const auto& v : registered_variants())
    if (a.variants.empty() || v.id().find(a.variants) != std::string::npos) variants.push_back(v);
  const auto tiled = find_tiled_variants(a.variants);
  const auto epsilon = find_epsilon_variants(a.variants);
  const auto pyramid_checks = pyramid_check_ids(a.variants);
  if (variants.empty() && tiled.empty() && epsilon.empty() && pyramid_checks.empty())
    throw Error("no registered variant matches '" + a.variants + "'", "registered variants are:" + all_ids());
  auto row = [](const VerifyResult& r, const std::string& status) {
    std::cout << std::left << std::setw(50) << r.id << std::setw(12) << ref::border_name(r.border) << std::setw(14)
              << r.max_error_integer << std::setw(16) << r.max_error_float << std::setw(14) << r.float_tolerance
              << status << "\n";
  };
  const auto borders = parse_borders(a.borders);
  // The epsilon filter has one border, BORDER_REPLICATE (reference/epsilon.hpp): its steps are
  // verified when the border list includes it.
  const bool with_epsilon = std::find(borders.begin(), borders.end(), ref::Border::Replicate) != borders.end();
  const auto devices = ocl::select_devices(a.device);
  int failures = 0, total = 0, unsupported = 0;
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
        } catch (const Unsupported& e) {  // a device limit: reported, not a failure
          status = std::string("unsupported: ") + e.what();
          r.passed = true;  // not counted as a failure
          ++unsupported;
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
        } catch (const Unsupported& e) {  // a device limit: reported, not a failure
          status = std::string("unsupported: ") + e.what();
          r.passed = true;  // not counted as a failure
          ++unsupported;
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
    // Epsilon steps: "max|err| int" is the largest difference in grey levels (0 for the integer
    // steps; at most 1 for the float naive step, where the rule allows it); "float tol" the
    // number of pixels that differed from the oracle over every image x threshold case.
    for (const auto& v : epsilon) {
      if (!with_epsilon) break;
      ++total;
      EpsilonVerifyResult r;
      std::string status;
      try {
        std::cerr << "verifying " << v.id() << " on " << d.info.name << "   \r";
        r = verify_epsilon(rt, v);
        status = r.passed ? "ok (" + std::to_string(r.cases) + " cases)" : "FAIL: " + r.failure;
      } catch (const Unsupported& e) {
        status = std::string("unsupported: ") + e.what();
        r.passed = true;  // not counted as a failure
        ++unsupported;
      } catch (const std::exception& e) {
        r.passed = false;
        status = std::string("ERROR: ") + e.what();
      }
      if (!r.passed) ++failures;
      std::cout << std::left << std::setw(50) << v.id() << std::setw(12) << "replicate" << std::setw(14)
                << r.max_abs_diff << std::setw(16) << "-" << std::setw(14) << ("diff px " + std::to_string(r.differing))
                << status << "\n";
    }
    // Pyramid checks: exact (integer data); "float tol" column: pixels or points compared.
    for (const auto& id : pyramid_checks) {
      ++total;
      PyramidCheck r;
      std::string status;
      try {
        std::cerr << "verifying " << id << " on " << d.info.name << "   \r";
        r = run_pyramid_check(rt, id);
        status = r.passed ? "ok" : "FAIL: " + r.failure;
      } catch (const Unsupported& e) {
        status = std::string("unsupported: ") + e.what();
        r.passed = true;  // not counted as a failure
        ++unsupported;
      } catch (const std::exception& e) {
        r.passed = false;
        status = std::string("ERROR: ") + e.what();
      }
      if (!r.passed) ++failures;
      std::cout << std::left << std::setw(50) << id << std::setw(12) << "-" << std::setw(14) << "-" << std::setw(16)
                << "-" << std::setw(14) << ("n " + std::to_string(r.compared)) << status << "\n";
    }
  }
  std::cerr << "\n";
  // Unsupported combinations (a device limit forbids them) are neither passed nor failed.
  std::cout << (total - failures - unsupported) << " passed, " << failures << " failed";
  if (unsupported > 0) std::cout << ", " << unsupported << " unsupported (a device limit or the storage type forbids them)";
  std::cout << "\n";
  return failures == 0 ? 0 : 1;
}

}  // namespace filterlab::cli
