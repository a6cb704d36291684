#pragma once
// The tuning database's entry for an ImageCL kernel on a CPU, chosen under the protocol that Study 6a
// times it with. The tuner times one configuration at a time, its repetitions in a row, so its images
// stay in the caches between them; Study 6a samples every configuration in shuffled rounds, so on a
// CPU each sample finds the caches holding other configurations' images. The order of two
// configurations can differ between the two (a block that streams whole rows gains most when its
// images come from memory). The fastest few configurations the tuner found are timed again in shuffled
// rounds, and the fastest there becomes the entry.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ocl/runtime.hpp"

namespace filterlab {

struct ShortlistEntry {
  std::string id;        // the configuration's variant ID
  std::string found_by;  // the space whose cache holds it
  double tuner_ms = 0;   // its time under the tuner's protocol
};

// How many of the tuner's fastest configurations of a kernel are timed again.
inline constexpr std::size_t kShortlistSize = 10;

struct Shortlisted {
  std::size_t winner = 0;  // index into the entries
  nlohmann::json record;   // the protocol and every entry's shuffled-round median beside its tuner time
};

// Times `entries` (configurations of `kernel`, already checked by the tuner) on a side x side benchmark
// input in shuffled rounds (`warmup` discarded samples each, then `reps` rounds), every image resident.
Shortlisted time_shortlist(ocl::Runtime& rt, const std::string& kernel, const std::vector<ShortlistEntry>& entries,
                           int side, int warmup, int reps, unsigned seed);

}  // namespace filterlab
