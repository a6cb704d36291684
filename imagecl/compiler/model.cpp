#include "model.hpp"

#include "vector_types.hpp"

namespace filterlab::imagecl {

const char* boundary_name(BoundaryKind k) {
  switch (k) {
    case BoundaryKind::None:
      return "none";
    case BoundaryKind::Constant:
      return "constant";
    case BoundaryKind::Clamped:
      return "clamped";
    case BoundaryKind::Reflect101:
      return "reflect101";
    case BoundaryKind::Reflect:
      return "reflect";
    case BoundaryKind::Wrap:
      return "wrap";
  }
  return "none";
}

OperationCounts& OperationCounts::operator+=(const OperationCounts& o) {
  fp32_add += o.fp32_add, fp32_mul += o.fp32_mul, fp32_fma += o.fp32_fma, fp32_other += o.fp32_other;
  int_to_float += o.int_to_float, float_to_int += o.float_to_int;
  image_reads += o.image_reads, image_writes += o.image_writes, array_reads += o.array_reads;
  for (const auto& [image, n] : o.reads_by_image) reads_by_image[image] += n;
  return *this;
}

OperationCounts OperationCounts::scaled(double n) const {
  OperationCounts out;
  out.fp32_add = fp32_add * n, out.fp32_mul = fp32_mul * n, out.fp32_fma = fp32_fma * n,
  out.fp32_other = fp32_other * n;
  out.int_to_float = int_to_float * n, out.float_to_int = float_to_int * n;
  out.image_reads = image_reads * n, out.image_writes = image_writes * n, out.array_reads = array_reads * n;
  for (const auto& [image, r] : reads_by_image) out.reads_by_image[image] = r * n;
  return out;
}

OperationCounts OperationCounts::max(const OperationCounts& o) const {
  OperationCounts out;
  const auto hi = [](double a, double b) { return a > b ? a : b; };
  out.fp32_add = hi(fp32_add, o.fp32_add), out.fp32_mul = hi(fp32_mul, o.fp32_mul);
  out.fp32_fma = hi(fp32_fma, o.fp32_fma), out.fp32_other = hi(fp32_other, o.fp32_other);
  out.int_to_float = hi(int_to_float, o.int_to_float), out.float_to_int = hi(float_to_int, o.float_to_int);
  out.image_reads = hi(image_reads, o.image_reads), out.image_writes = hi(image_writes, o.image_writes);
  out.array_reads = hi(array_reads, o.array_reads);
  out.reads_by_image = reads_by_image;
  for (const auto& [image, n] : o.reads_by_image) out.reads_by_image[image] = hi(out.reads_by_image[image], n);
  return out;
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

long scalar_bytes(const std::string& t) { return opencl_type_bytes(t); }

}  // namespace filterlab::imagecl
