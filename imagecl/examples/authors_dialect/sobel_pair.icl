// The authors' dialect: both Sobel derivatives of one float Image, written to two Images of the
// same size (one grid over all three), zero beyond the border.
#pragma imcl grid(image, ddx, ddy)
#pragma imcl boundary_cond(image:constant)
void sobel_pair(Image<float> image, Image<float> ddx, Image<float> ddy) {
  const float nw = image[idx - 1][idy - 1], n = image[idx][idy - 1], ne = image[idx + 1][idy - 1];
  const float w = image[idx - 1][idy], e = image[idx + 1][idy];
  const float sw = image[idx - 1][idy + 1], s = image[idx][idy + 1], se = image[idx + 1][idy + 1];
  ddx[idx][idy] = ((ne + 2.0f * e + se) - (nw + 2.0f * w + sw)) * 0.125f;
  ddy[idx][idy] = ((sw + 2.0f * s + se) - (nw + 2.0f * n + ne)) * 0.125f;
}
