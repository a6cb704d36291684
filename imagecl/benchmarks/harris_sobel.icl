// Harris corner detection, step 1: 3x3 Sobel derivatives scaled by 1/8 (OpenCV's cornerHarris
// with ksize 3 and blockSize 2), reflect101 borders as OpenCV's BORDER_REFLECT_101.
#pragma imagecl grid(src)
#pragma imagecl boundary(src, reflect101)
__kernel void harris_sobel(Image<float> src, Image<float> dx, Image<float> dy) {
  const float tl = src[idx - 1][idy - 1], t = src[idx][idy - 1], tr = src[idx + 1][idy - 1];
  const float l = src[idx - 1][idy], r = src[idx + 1][idy];
  const float bl = src[idx - 1][idy + 1], b = src[idx][idy + 1], br = src[idx + 1][idy + 1];
  dx[idx][idy] = ((tr + 2.0f * r + br) - (tl + 2.0f * l + bl)) * 0.125f;
  dy[idx][idy] = ((bl + 2.0f * b + br) - (tl + 2.0f * t + tr)) * 0.125f;
}
