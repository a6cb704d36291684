// The authors' dialect: the Harris corner measure det(M) - k trace(M)^2 of the structure tensor
// summed over a 2x2 window of the derivatives gx, gy (zero beyond the border).
#pragma imcl grid(gx, gy, response)
#pragma imcl boundary_cond(gx:constant, gy:constant)
void corner_response(Image<float> gx, Image<float> gy, Image<float> response, float k) {
  float sxx = 0.0f, syy = 0.0f, sxy = 0.0f;
  for (int v = 0; v < 2; v++) {
    for (int u = 0; u < 2; u++) {
      const float a = gx[idx + u][idy + v];
      const float b = gy[idx + u][idy + v];
      sxx += a * a;
      syy += b * b;
      sxy += a * b;
    }
  }
  const float trace = sxx + syy;
  response[idx][idy] = sxx * syy - sxy * sxy - k * trace * trace;
}
