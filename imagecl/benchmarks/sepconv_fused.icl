// Separable convolution as one kernel: the row pass fused into the column pass. Each work-group
// computes the row pass on its block plus the column pass's halo into local memory, then the
// column pass from there (imagecl/README.md, "Pipeline fusion").
#pragma imagecl pipeline(sepconv_fused, sepconv_row.icl, sepconv_col.icl, out -> in)
