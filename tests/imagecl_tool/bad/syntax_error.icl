// Test input: a syntax error the compiler must locate.
#pragma imagecl grid(out)
__kernel void broken(Image<float> in, Image<float> out) {
  out[idx][idy] = in[idx][idy] +;
}
