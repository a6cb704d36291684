#pragma once
// The device the OpenCL tests run on: $FILTERLAB_TEST_DEVICE (a name pattern), else the first device.
#include "ocl/runtime.hpp"

namespace filterlab::test {
ocl::Runtime& runtime();
}
