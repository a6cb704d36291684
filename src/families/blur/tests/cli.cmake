# The blur family at the command line (included by tests/cli/CMakeLists.txt, which finds every
# src/families/*/tests/cli.cmake): listed, verified, applied, and a refused option.
filterlab_cli_test(variants_blur 0 "blur.separable: binomial blur.*blur.separable/buffer/k3/wg16x16.*blur.2d/buffer/k7/wg16x16"
                   ARGS variants)
filterlab_cli_test(verify_blur_subset 0 "blur.2d/buffer/k5/wg16x16 +reflect101 +0 .*ok.*1 passed, 0 failed"
                   ARGS verify --variants blur.2d/buffer/k5)
filterlab_cli_test(filter_blur 0 "blur.separable/buffer/k7/wg16x16 \\(reflect101\\).*wrote .*blur.pfm \\(37x23\\)"
                   ARGS filter --family blur.separable --ksize 7 ${work}/small.pgm ${work}/blur.pfm)
filterlab_cli_test(filter_blur_border nonzero "the blur family has one border, reflect101"
                   NOT_CREATED "${work}/blur2.pfm" ARGS filter --family blur.2d --border wrap ${work}/small.pgm ${work}/blur2.pfm)
