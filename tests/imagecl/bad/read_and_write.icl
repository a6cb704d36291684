// Not ImageCL: `img` is read and written by the same kernel (the tool must reject it).
#pragma imagecl grid(img)
#pragma imagecl boundary(img, clamped)
__kernel void brighten(Image<float> img) {
  const float v = img[idx][idy];
  img[idx][idy] = v + 1.0f;
}
