#include "families/epsilon/epsilon_variant.hpp"

#include "error.hpp"

namespace filterlab {

const std::vector<EpsilonStep>& epsilon_steps() {
  // name     label    description                                             float  N   local  bfree  wg
  static const std::vector<EpsilonStep> s = {
      {"naive", "naive", "CL_R, float", true, 1, false, false, 16, 16},
      {"step1", "1", "CL_RGBA, short4 (16-bit)", false, 1, false, false, 16, 16},
      {"step2", "2", "CL_RGBA, short4, vectorized loads-stores", false, 4, false, false, 16, 16},
      {"step3a", "3a", "Step 2 with more work per item", false, 8, false, false, 16, 16},
      {"step3b", "3b", "Step 2 with even more work per work-item", false, 16, false, false, 16, 16},
      {"step4a", "4a", "LM, LSIZE = (8,16)", false, 4, true, false, 8, 16},
      {"step4b", "4b", "LM, LSIZE = (8,32)", false, 4, true, false, 8, 32},
      {"step5a", "5a", "Step 2 with branch operation optimization", false, 4, false, true, 16, 16},
      {"step5b", "5b", "Step 3a with branch operation optimization", false, 8, false, true, 16, 16},
  };
  return s;
}

std::string EpsilonVariant::id() const {
  return family() + "/k9/wg" + std::to_string(local_w) + "x" + std::to_string(local_h);
}

const EpsilonStep& EpsilonVariant::traits() const {
  for (const auto& s : epsilon_steps())
    if (step == s.name) return s;
  throw Error("unknown epsilon step '" + step + "'");
}

namespace {
std::string define(const char* name, long value) { return std::string(" -D") + name + "=" + std::to_string(value); }
}  // namespace

std::string EpsilonVariant::build_options() const {
  const auto& t = traits();
  // -cl-std=CL1.2: the newest OpenCL C every device we use accepts (NVIDIA offers only 1.2).
  return "-cl-std=CL1.2" + define("FL_EPS_FLOAT", t.float_math) + define("FL_EPS_N", t.outputs_per_item) +
         define("FL_EPS_LOCAL", t.local) + define("FL_EPS_BRANCHFREE", t.branch_free) +
         define("FL_WG_W", static_cast<long>(local_w)) + define("FL_WG_H", static_cast<long>(local_h));
}

std::size_t EpsilonVariant::local_bytes() const {
  if (!traits().local) return 0;
  return (local_w + 2) * (local_h + 8) * 4 * sizeof(short);  // short4 texels
}

std::vector<EpsilonVariant> registered_epsilon_variants() {
  std::vector<EpsilonVariant> out;
  for (const auto& s : epsilon_steps()) out.push_back(EpsilonVariant{s.name, s.local_w, s.local_h});
  return out;
}

std::vector<EpsilonVariant> find_epsilon_variants(const std::string& filter) {
  std::vector<EpsilonVariant> out;
  for (const auto& v : registered_epsilon_variants())
    if (filter.empty() || v.id().find(filter) != std::string::npos) out.push_back(v);
  return out;
}

EpsilonVariant epsilon_variant(const std::string& step) {
  std::string names;
  for (const auto& s : epsilon_steps()) {
    if (step == s.name) return EpsilonVariant{s.name, s.local_w, s.local_h};
    names += (names.empty() ? "" : ", ") + std::string(s.name);
  }
  throw Error("unknown epsilon step '" + step + "'", "use one of " + names);
}

}  // namespace filterlab
