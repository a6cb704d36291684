#pragma once
// OpenCL C shared by the kernel generator and the fusion generator: how one Image's pixels are
// passed, loaded and stored (a buffer, or image memory behind ICL_IMAGE_<name>), and the
// reflect101 helper.
#include <ostream>
#include <string>

#include "model.hpp"

namespace filterlab::imagecl {

// ICL_PARAM_<n>, ICL_LOAD_<n> (read Images) and ICL_STORE_<n> (written ones); with `switchable`
// the image-memory forms sit behind #if ICL_IMAGE_<n>.
void storage_macros(std::ostream& o, const ImageInfo& img, bool switchable);

// int icl_reflect101(int i, int n): gfedcb|abcdefgh|gfedcba, repeated for offsets wider than n.
void reflect101_helper(std::ostream& o);

// The ICL_EXACT switch: FP_CONTRACT OFF at file scope when it is 1 (OpenCL's default, ON, otherwise).
std::string exact_pragma();

}  // namespace filterlab::imagecl
