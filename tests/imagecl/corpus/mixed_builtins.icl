// Builtins called with other argument types than their overloads take (an int to sqrt, a uchar
// and an int to min, a double literal to sqrt): the OpenCL must convert as the front end did.
#pragma imagecl grid(out)
__kernel void mixed_builtins(Image<uchar> in, Image<float> out) {
  const uchar v = in[idx][idy];
  const int m = min(v, 200);
  out[idx][idy] = sqrt(m) + sqrt(2.0) * fabs(v - 100);
}
