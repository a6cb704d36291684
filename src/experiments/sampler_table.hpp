#pragma once
// The article's table (coords | MIRRORED_REPEAT | REPEAT | CLAMP_TO_EDGE | CLAMP) as text, with
// the oracle's verdict after every value, and the verdict counts.
#include <string>

#include "experiments/sampler_probe.hpp"

namespace filterlab {

std::string article_table_text(const ArticleRun& run);

}  // namespace filterlab
