// The fixed-width type names, a bool and a long parameter, the saturating integer functions and
// conversions with each rounding mode, from a 16-bit image to an 8-bit one.
#pragma imagecl grid(out)
__kernel void conversions(Image<uint16_t> in, Image<uint8_t> out, bool invert, long bias) {
  const uint16_t v = in[idx][idy];
  const float f = v / 16.0f + (float)bias - 3.5f;
  const int8_t low = (int8_t)(v & 0x7f);
  uchar r = idx % 4 == 0 ? convert_uchar_sat_rte(f) : idx % 4 == 1 ? convert_uchar_sat_rtz(f)
          : idx % 4 == 2 ? convert_uchar_sat_rtp(f) : convert_uchar_sat_rtn(f);
  r = add_sat(r, (uchar)low);
  const short d = convert_short_sat(v) - (short)2000;
  r = idy % 3 == 0 ? r : idy % 3 == 1 ? convert_uchar_sat(abs_diff(d, (short)0) / 8) : rhadd(r, (uchar)(popcount(v) * 16));
  out[idx][idy] = invert ? (uint8_t)(255 - r) : r;
}
