#pragma once
// The tuning parameters (the paper's Table 1) a kernel offers, from what the analyses found
// eligible and what the force pragmas fixed.
#include "model.hpp"

namespace filterlab::imagecl {
void build_tuning(KernelModel& m);
// The FP-contraction switch (ICL_EXACT), last in a space; a fused kernel offers it when a stage does.
TuningParam exact_param();
}  // namespace filterlab::imagecl
