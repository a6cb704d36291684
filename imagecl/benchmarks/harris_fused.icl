// Harris corner detection as one kernel: the Sobel derivatives (dx, dy) fused into the response.
// Each work-group computes dx and dy on its block plus the response's halo into local memory,
// then the response from there (imagecl/README.md, "Pipeline fusion").
#pragma imagecl pipeline(harris_fused, harris_sobel.icl, harris_response.icl)
