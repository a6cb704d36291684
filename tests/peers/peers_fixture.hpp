#pragma once
// Small workloads for the peer tests: the pyramid workload from a synthetic base written as PFM,
// and the single-image workloads at odd sizes (tails of every tile and vector).
#include <string>

#include "ocl/device.hpp"
#include "peers/workloads.hpp"

namespace filterlab::test {
// The device the tests use: $FILTERLAB_TEST_DEVICE (a name pattern), else the first device.
const ocl::Device& peers_device();
// A 520x500 base (values in [0, 1)) in a temporary file, for scharr_pyramid_workload.
std::string small_base_image();
// Every workload, small: scharr_pyramid k3..k9 from small_base_image(), sepconv5 100, conv2d5_u8 97, harris 90.
std::vector<peers::Workload> small_workloads();
}  // namespace filterlab::test
