#include <algorithm>
#include <array>
#include <functional>
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

// The table: ID and border, three measured columns, the result.
void print_row(const std::array<std::string, 5>& cells, const std::string& result) {
  std::cout << std::left << std::setw(50) << cells[0] << std::setw(12) << cells[1] << std::setw(14) << cells[2]
            << std::setw(16) << cells[3] << std::setw(14) << cells[4] << result << "\n";
}

std::string num(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

struct Tally {
  int total = 0, failures = 0, unsupported = 0;
};

struct Outcome {
  bool passed = false;
  std::string status;
  std::array<std::string, 3> cells{"-", "-", "-"};  // the measured columns
};

// One case of the table: runs `check`, counting a device limit (Unsupported) apart from failures
// and any other exception as an error.
void run_case(Tally& tally, const std::array<std::string, 2>& id_border, const std::string& device,
              const std::function<Outcome()>& check) {
  ++tally.total;
  Outcome o;
  try {
    std::cerr << "verifying " << id_border[0] << " " << id_border[1] << " on " << device << "   \r";
    o = check();
  } catch (const Unsupported& e) {
    o = Outcome{true, std::string("unsupported: ") + e.what(), {"-", "-", "-"}};
    ++tally.unsupported;
  } catch (const std::exception& e) {
    o = Outcome{false, std::string("ERROR: ") + e.what(), {"-", "-", "-"}};
  }
  if (!o.passed) ++tally.failures;
  print_row({id_border[0], id_border[1], o.cells[0], o.cells[1], o.cells[2]}, o.status);
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
  const auto borders = parse_borders(a.borders);
  // The epsilon filter has one border, BORDER_REPLICATE (reference/epsilon.hpp): its steps are
  // verified when the border list includes it.
  const bool with_epsilon = std::find(borders.begin(), borders.end(), ref::Border::Replicate) != borders.end();
  const auto devices = ocl::select_devices(a.device);
  Tally tally;
  for (const auto& d : devices) {
    if (!d.info.image_support)
      std::cerr << "filterlab: " << d.info.name << " has no image support; image variants will report an error\n";
    ocl::Runtime rt(d);
    std::cout << "# " << d.info.platform << " / " << d.info.name << " (" << d.info.device_version << ", driver "
              << d.info.driver_version << ")\n";
    print_row({"variant", "border", "max|err| int", "max|err| float", "float tol"}, "result");
    auto filter_case = [&](const std::string& id, ref::Border b, const std::function<VerifyResult()>& check) {
      run_case(tally, {id, std::string(ref::border_name(b))}, d.info.name, [&] {
        const auto r = check();
        return Outcome{r.passed, r.passed ? "ok" : "FAIL: " + r.failure,
                       {num(r.max_error_integer), num(r.max_error_float), num(r.float_tolerance)}};
      });
    };
    for (const auto& v : variants)
      for (auto b : borders) filter_case(v.id(), b, [&] { return verify_variant(rt, v, b); });
    for (const auto& v : tiled)
      for (auto b : borders) filter_case(v.id(), b, [&] { return verify_tiled(rt, v, b); });
    // Epsilon steps: "max|err| int" is the largest difference in grey levels (0 for the integer
    // steps; at most 1 for the float naive step, where the rule allows it); "float tol" the
    // number of pixels that differed from the oracle over every image x threshold case.
    for (const auto& v : epsilon) {
      if (!with_epsilon) break;
      run_case(tally, {v.id(), "replicate"}, d.info.name, [&] {
        const auto r = verify_epsilon(rt, v);
        return Outcome{r.passed, r.passed ? "ok (" + std::to_string(r.cases) + " cases)" : "FAIL: " + r.failure,
                       {num(r.max_abs_diff), "-", "diff px " + std::to_string(r.differing)}};
      });
    }
    // Pyramid checks: exact (integer data); "float tol" column: pixels or points compared.
    for (const auto& id : pyramid_checks)
      run_case(tally, {id, "-"}, d.info.name, [&] {
        const auto r = run_pyramid_check(rt, id);
        return Outcome{r.passed, r.passed ? "ok" : "FAIL: " + r.failure, {"-", "-", "n " + std::to_string(r.compared)}};
      });
  }
  std::cerr << "\n";
  // Unsupported combinations (a device limit forbids them) are neither passed nor failed.
  std::cout << (tally.total - tally.failures - tally.unsupported) << " passed, " << tally.failures << " failed";
  if (tally.unsupported > 0)
    std::cout << ", " << tally.unsupported << " unsupported (a device limit or the storage type forbids them)";
  std::cout << "\n";
  return tally.failures == 0 ? 0 : 1;
}

}  // namespace filterlab::cli
