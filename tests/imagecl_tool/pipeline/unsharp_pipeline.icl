// A two-kernel user pipeline: unsharp masking with a separable 5x5 binomial blur, its row pass
// fused into its column pass (the intermediate Image `mid` stays in local memory).
#pragma imagecl pipeline(unsharp_pipeline, smooth_rows.icl, sharpen_cols.icl, mid -> mid)
