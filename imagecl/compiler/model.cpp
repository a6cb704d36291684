#include "model.hpp"

namespace filterlab::imagecl {

const char* boundary_name(BoundaryKind k) {
  switch (k) {
    case BoundaryKind::None: return "none";
    case BoundaryKind::Constant: return "constant";
    case BoundaryKind::Clamped: return "clamped";
    case BoundaryKind::Reflect101: return "reflect101";
  }
  return "none";
}

const ImageInfo* KernelModel::image(const std::string& n) const {
  for (const auto& i : images)
    if (i.name == n) return &i;
  return nullptr;
}

const ArrayInfo* KernelModel::array(const std::string& n) const {
  for (const auto& a : arrays)
    if (a.name == n) return &a;
  return nullptr;
}

}  // namespace filterlab::imagecl
