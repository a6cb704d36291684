// A two-kernel user pipeline on colour pixels: a 3x3 binomial blur of an RGBA image, its row pass
// (uchar4 to float4) fused into its column pass (float4 to uchar4).
#pragma imagecl pipeline(rgba_blur_pipeline, rgba_rows.icl, rgba_cols.icl, mid -> mid)
