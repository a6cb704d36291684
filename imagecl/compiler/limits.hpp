#pragma once
// The compiler's documented limits (imagecl/README.md, "Limits"): past them a source is refused
// with a located error instead of exhausting the stack, the memory or the time.
namespace filterlab::imagecl {

constexpr long kMaxTokens = 65536;     // tokens after macro expansion
constexpr long kMaxDepth = 1000;       // nesting levels (see too_deep_at in preexpand.cpp)
constexpr long kMaxOffset = 1L << 20;  // the nearest offset of an Image index: the largest image side
constexpr long kMaxReach = 1L << 29;   // the farthest offset (loop ranges): the stencil's extent fits int
// A fused kernel's private tiles per work-item (private_tile 1), in elements: an NVIDIA thread has at
// most 255 registers, so a larger tile spills, and the fully unrolled fill grows with it (clang -O2
// alone takes 3.8 s on a 1024-element sepconv tile against 0.17 s at 48). The space JSON carries it
// to the host's constraint check.
constexpr long kMaxPrivateTileElements = 256;
constexpr long long kMaxGridPixels = (1LL << 31) - 1;  // W * H * D of a fixed grid: idx, idy, idz are int

}  // namespace filterlab::imagecl
