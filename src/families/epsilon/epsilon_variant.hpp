#pragma once
// Study 5: one descriptor per step of Qualcomm's epsilon-filter article, serving `verify`, the
// tests and the experiment. Its stable ID, e.g. "epsilon.step2/k9/wg16x16", names the test, the
// result row and the key in the raw results. Every step runs kernels/epsilon/epsilon.cl.
#include <cstddef>
#include <string>
#include <vector>

namespace filterlab {

// One step of the article (its Table 2).
struct EpsilonStep {
  const char* name;              // "naive", "step1", ..., "step5b"
  const char* label;             // the article's step label: "naive", "1", "2", "3a", ...
  const char* description;       // the article's description, with our integer form where it differs
  bool float_math;               // the naive step: CL_R/CL_UNORM_INT8 and float arithmetic
  int outputs_per_item;          // 1, 4, 8, 16
  bool local;                    // local-memory tile (steps 4a, 4b)
  bool branch_free;              // 0/1 mask instead of cond ? p : 0 (steps 5a, 5b)
  std::size_t local_w, local_h;  // work-group (the article's LSIZE for steps 4a, 4b)
};
const std::vector<EpsilonStep>& epsilon_steps();

struct EpsilonVariant {
  std::string step;  // e.g. "step2"
  std::size_t local_w = 16, local_h = 16;

  std::string family() const { return "epsilon." + step; }
  std::string id() const;  // "epsilon.step2/k9/wg16x16"
  const EpsilonStep& traits() const;
  std::vector<std::string> kernel_files() const { return {"epsilon/epsilon.cl"}; }
  std::string build_options() const;
  std::size_t local_bytes() const;  // the tile (0 without local memory)
};

// Every step with its work-group (16x16 but for 4a/4b, which fix theirs).
std::vector<EpsilonVariant> registered_epsilon_variants();
// Registered epsilon variants whose ID contains `filter` (empty: all); may be empty.
std::vector<EpsilonVariant> find_epsilon_variants(const std::string& filter);
// The registered variant of a step name ("step3a"); throws filterlab::Error listing the steps.
EpsilonVariant epsilon_variant(const std::string& step);

}  // namespace filterlab
