// The authors' dialect: '#pragma imcl', a plain void kernel, Image<Pixel> (Pixel is float).
// Adds two Images of one size pixel by pixel.
#pragma imcl grid(first)
void sum_images(Image<Pixel> first, Image<Pixel> second, Image<Pixel> total) {
  total[idx][idy] = first[idx][idy] + second[idx][idy];
}
