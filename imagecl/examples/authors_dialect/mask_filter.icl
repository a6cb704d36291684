// The authors' dialect: an untemplated Image (Image<Pixel>, float), a 5x5 integer mask passed as
// a 2-D array parameter, clamped borders, the sum clamped to 0..255.
#pragma imcl grid(source)
#pragma imcl boundary_cond(source:clamped)
void mask_filter(Image source, Image target, int mask[5][5]) {
  int total = 0;
  for (int r = -2; r <= 2; r++)
    for (int c = -2; c <= 2; c++)
      total += source[idx + c][idy + r] * mask[r + 2][c + 2];
  target[idx][idy] = max(0, min(total, 255));
}
