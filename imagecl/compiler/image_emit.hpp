#pragma once
// OpenCL C shared by the kernel generator and the fusion generator: how one Image's pixels are
// passed, loaded and stored (a buffer, or image memory behind ICL_IMAGE_<name>), and the
// reflect101 helper.
#include <ostream>
#include <string>
#include <vector>

#include "model.hpp"
#include "prelude.hpp"

namespace filterlab::imagecl {

// ICL_PARAM_<n>, ICL_LOAD_<n> (read Images) and ICL_STORE_<n> (written ones); with `switchable`
// the image-memory forms sit behind #if ICL_IMAGE_<n>.
void storage_macros(std::ostream& o, const ImageInfo& img, bool switchable);

// int icl_reflect101(int i, int n): gfedcb|abcdefgh|gfedcba, repeated for offsets wider than n.
void reflect101_helper(std::ostream& o);
// int icl_reflect(int i, int n): fedcba|abcdefgh|hgfedcb (OpenCV's BORDER_REFLECT), any offset.
void reflect_helper(std::ostream& o);
// int icl_wrap(int i, int n): cdefgh|abcdefgh|abcdefg (OpenCV's BORDER_WRAP), any offset.
void wrap_helper(std::ostream& o);
// The helpers the boundaries in `kinds` call, each once.
void boundary_helpers(std::ostream& o, const std::vector<BoundaryKind>& kinds);

// A scalar parameter's type in the kernel's signature: OpenCL forbids bool kernel arguments, so a
// bool arrives as an int holding 0 or 1 (it then behaves as the promoted bool in every expression).
std::string kernel_scalar_type(const std::string& type);

// The ICL_EXACT switch: FP_CONTRACT OFF at file scope when it is 1 (OpenCL's default, ON, otherwise).
std::string exact_pragma();

}  // namespace filterlab::imagecl
