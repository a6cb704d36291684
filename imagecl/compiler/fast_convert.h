/* Exact fast conversions, emitted verbatim into the generated OpenCL (ICL_FAST_ROUND, ICL_FAST_WIDEN)
   and included by tests/imagecl/test_fast_convert.cpp, which checks them against OpenCL's
   conversions for every float bit pattern. AS and TO are the bit cast and the narrowing or widening
   conversion of the operand's shape: as_uint and (uchar) for scalars, as_uint4 and convert_uchar4 for
   4 lanes.

   Rounding (float to uchar/ushort, saturating, round to nearest even, NaN to 0, as
   convert_uchar_sat_rte): V + 0.0f makes a signalling NaN quiet (and -0 +0; no compiler folds it
   without -fno-signed-zeros), fmax returns its other operand for a quiet NaN, so the clamp sends
   every NaN to 0 and the infinities to the ends; adding 2^23 rounds a value of [0, 2^16) to an integer in the
   float add's own rounding (nearest even: the integers of [2^23, 2^24) are its floats), and that
   integer is the low bits of the sum's pattern under the exponent of 2^23 (0x4B000000). */
#define ICL_FR_U8(V, AS, TO) TO(AS(fmin(fmax((V) + 0.0f, 0.0f), 255.0f) + 8388608.0f) - 0x4B000000u)
#define ICL_FR_U16(V, AS, TO) TO(AS(fmin(fmax((V) + 0.0f, 0.0f), 65535.0f) + 8388608.0f) - 0x4B000000u)
/* Widening (uchar/ushort to float, exact): the integer's bits under the exponent of 2^23 are the
   float 2^23 + u; subtracting 2^23 is exact. TO widens to uint, AS is as_float. */
#define ICL_FW_U(U, AS, TO) (AS(TO(U) | 0x4B000000u) - 8388608.0f)
