#pragma once
// The machine-readable search space of one kernel: tuning parameters and their values, the
// constraints a device imposes, the kernel's arguments and how to size its launch.
#include <nlohmann/json.hpp>

#include "model.hpp"

namespace filterlab::imagecl {
nlohmann::json space_json(const KernelModel& m);
}
