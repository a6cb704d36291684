// Not ImageCL: a fixed grid of 2^32 logical threads (idx, idy are int).
#pragma imagecl grid(65536, 65536)
__kernel void huge(Image<float> out) {
  out[idx][idy] = 1.0f;
}
