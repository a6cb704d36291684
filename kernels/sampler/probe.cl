// Sampler probes (Study 3). OpenCL C 1.2: the sampler comes from the host as a kernel argument.

// The article's experiment: one work-item walks k = -size/2 .. size + size/2 and reads the 1-D
// image at the normalized coordinate k / (float)size, computed here as the article computed it.
// It records the coordinate it used and the value read (the article wrote values to an image;
// we write both to buffers so that the coordinate's exact bits come back too).
kernel void sampler_article(read_only image1d_t img, sampler_t smp, const int size, global float* coords,
                            global float* values) {
  int j = 0;
  for (int k = -size / 2; k < size + size / 2 + 1; ++k) {
    const float c = k / (float)size;
    values[j] = read_imagef(img, smp, c).x;
    coords[j] = c;
    ++j;
  }
}

// The grid: one read per work-item at a coordinate the host chose (xs[i]).
kernel void sampler_read_1d(read_only image1d_t img, sampler_t smp, global const float* xs, global float* out,
                            const int n) {
  const int i = get_global_id(0);
  if (i < n) out[i] = read_imagef(img, smp, xs[i]).x;
}

// 2-D grid: every (xs[i], ys[j]), output row-major (j * nx + i).
kernel void sampler_read_2d(read_only image2d_t img, sampler_t smp, global const float* xs, global const float* ys,
                            global float* out, const int nx, const int ny) {
  const int i = get_global_id(0), j = get_global_id(1);
  if (i < nx && j < ny) out[j * nx + i] = read_imagef(img, smp, (float2)(xs[i], ys[j])).x;
}
