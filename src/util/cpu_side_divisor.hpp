#pragma once
// Image sides on CPU devices: the paper's divided by this, in the tuner, Study 6a, the portability
// study and the roofline's same-bytes copies alike, so that a tuned configuration, its reported
// time and its copy floor describe one image (PoCL runs about 100x slower than a GPU at the
// paper's sides). --scale and --cpu-divisor override it per run, and FILTERLAB_CPU_SCALE where an
// experiment takes its scale from choose_scale (the pyramid studies and the peers).
namespace filterlab {
inline constexpr int kCpuSideDivisor = 4;
}  // namespace filterlab
