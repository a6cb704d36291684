# The epsilon family at the command line (included by tests/cli/CMakeLists.txt, which finds every
# src/families/*/tests/cli.cmake): listed, verified, applied, refused options and a missing input.
filterlab_cli_test(variants_epsilon 0 "epsilon.step3a: Study 5 step 3a.*epsilon.naive/k9/wg16x16.*epsilon.step4b/k9/wg8x32" ARGS variants)
filterlab_cli_test(verify_epsilon_subset 0 "epsilon.step5a/k9/wg16x16 +replicate +0 .*ok .*1 passed, 0 failed"
                   ARGS verify --variants epsilon.step5a)
filterlab_cli_test(verify_unknown_epsilon_step nonzero "no registered variant matches 'epsilon.step9'"
                   ARGS verify --variants epsilon.step9)
filterlab_cli_test(epsilon_needs_base nonzero "epsilon needs --base.*epsilon_y_3264x2448.pgm" ARGS run epsilon --results ${work})
filterlab_cli_test(verify_epsilon_replicate 0 "epsilon.step2/k9/wg16x16 +replicate.*1 passed, 0 failed"
                   ARGS verify --variants epsilon.step2 --borders replicate)
filterlab_cli_test(filter_epsilon 0 "epsilon.step2/k9/wg16x16 \\(T = 16, replicate\\).*wrote .*eps.pfm \\(37x23"
                   ARGS filter --family epsilon.step2 ${work}/small.pgm ${work}/eps.pfm)
filterlab_cli_test(filter_epsilon_border nonzero "the epsilon steps have one border, replicate"
                   NOT_CREATED "${work}/eps2.pfm" ARGS filter --family epsilon.step2 --border wrap ${work}/small.pgm ${work}/eps2.pfm)
