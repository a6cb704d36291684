// The authors' dialect: unsigned char scalars and Images, and a per-column threshold table
// (one entry per column of the Image).
#pragma imcl grid(pixels)
void column_threshold(unsigned char high, unsigned char low, Image<unsigned char> pixels,
                      Image<unsigned char> binary, unsigned char* limits) {
  binary[idx][idy] = pixels[idx][idy] > limits[idx] ? high : low;
}
