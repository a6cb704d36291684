// The authors' dialect, a corrected Mandelbrot escape-time kernel: the iteration count of
// c = (x0 + step * idx) + i (y0 + step * idy), at most max_iter.
#pragma imcl grid(iterations)
void escape_time(Image<int> iterations, float x0, float y0, float step, int max_iter) {
  const float cr = x0 + step * idx;
  const float ci = y0 + step * idy;
  float zr = 0.0f, zi = 0.0f;
  int n = 0;
  while (zr * zr + zi * zi < 4.0f && n < max_iter) {
    const float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    n++;
  }
  iterations[idx][idy] = n;
}
