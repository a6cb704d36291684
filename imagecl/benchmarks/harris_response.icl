// Harris corner detection, step 2: a = sum dx^2, b = sum dx*dy, c = sum dy^2 over the 2x2 block
// x-1..x, y-1..y (OpenCV's boxFilter anchor for blockSize 2, unnormalised), reflect101 borders;
// R = a*c - b^2 - k*(a+c)^2.
#pragma imagecl grid(dst)
#pragma imagecl boundary(dx, reflect101)
#pragma imagecl boundary(dy, reflect101)
__kernel void harris_response(Image<float> dx, Image<float> dy, Image<float> dst, float k) {
  float a = 0.0f, b = 0.0f, c = 0.0f;
  for (int j = -1; j <= 0; j++) {
    for (int i = -1; i <= 0; i++) {
      const float gx = dx[idx + i][idy + j];
      const float gy = dy[idx + i][idy + j];
      a += gx * gx;
      b += gx * gy;
      c += gy * gy;
    }
  }
  dst[idx][idy] = a * c - b * b - k * ((a + c) * (a + c));
}
