# Issue 31 (options): bad input cases, each with its message. Included from CMakeLists.txt.
# Every numeric option goes through the one value parser (util/parse_value) with a stated range;
# each case below was accepted before (or failed with another library's text).
set(tool_kernels "${PROJECT_SOURCE_DIR}/tests/imagecl_tool")

# --tolerance of imagecl check/tune: a finite number from 0 (exact) to 1. `inf` passed every
# output, `nan` failed every one while printing "(exact)", -1 silently meant the default.
filterlab_cli_test(imagecl_tolerance_inf nonzero "--tolerance 'inf' is not a finite number: give a finite number from 0 to 1"
                   ARGS imagecl check ${tool_kernels}/scale_f32.icl --input ${work}/small.pgm --args gain=0.5 --configs 2 --tolerance inf)
filterlab_cli_test(imagecl_tolerance_overflow nonzero "--tolerance '1e309' is not a finite number"
                   ARGS imagecl check ${tool_kernels}/scale_f32.icl --input ${work}/small.pgm --args gain=0.5 --configs 2 --tolerance 1e309)
filterlab_cli_test(imagecl_tolerance_nan nonzero "--tolerance 'nan' is not a finite number"
                   ARGS imagecl tune ${tool_kernels}/scale_f32.icl --input ${work}/small.pgm --args gain=0.5 --tolerance nan)
filterlab_cli_test(imagecl_tolerance_negative nonzero "--tolerance '-1' is out of range: give a finite number from 0 to 1"
                   ARGS imagecl check ${tool_kernels}/scale_f32.icl --input ${work}/small.pgm --args gain=0.5 --configs 2 --tolerance=-1)

# imagecl tune's counts: bounded, decimal, no sign tricks (CLI11 took -1 as unbounded, 0x10 as 16).
filterlab_cli_test(imagecl_budget_negative nonzero "--budget '-1' is out of range: give an integer from 1 to 1000000"
                   ARGS imagecl tune ${tool_kernels}/box3_u8.icl --input ${work}/small.pgm --budget=-1)
filterlab_cli_test(imagecl_budget_huge nonzero "--budget '99999999999999999999' is out of range: give an integer from 1 to 1000000"
                   ARGS imagecl tune ${tool_kernels}/box3_u8.icl --input ${work}/small.pgm --budget 99999999999999999999)
filterlab_cli_test(imagecl_budget_hex nonzero "--budget '0x10' is not an integer"
                   ARGS imagecl tune ${tool_kernels}/box3_u8.icl --input ${work}/small.pgm --budget 0x10)
filterlab_cli_test(imagecl_budget_octal nonzero "--budget '010' has a leading zero"
                   ARGS imagecl tune ${tool_kernels}/box3_u8.icl --input ${work}/small.pgm --budget 010)
filterlab_cli_test(imagecl_warmup_negative nonzero "--warmup '-1' is out of range: give an integer from 0 to 1000"
                   ARGS imagecl tune ${tool_kernels}/box3_u8.icl --input ${work}/small.pgm --warmup=-1)
filterlab_cli_test(imagecl_repetitions_negative nonzero "--repetitions '-5' is out of range: give an integer from 1 to 10000"
                   ARGS imagecl tune ${tool_kernels}/box3_u8.icl --input ${work}/small.pgm --repetitions=-5)
filterlab_cli_test(imagecl_seed_hex nonzero "--seed '0x10' is not an integer: give an integer from 0 to 4294967295"
                   ARGS imagecl check ${tool_kernels}/box3_u8.icl --input ${work}/small.pgm --seed 0x10)
# filter --threshold (CLI11 read 0x10 as T = 16 and ran).
filterlab_cli_test(filter_threshold_hex nonzero "--threshold '0x10' is not an integer: give an integer from 0 to 255"
                   NOT_CREATED "${work}/thr.pfm" ARGS filter --family epsilon.naive --threshold 0x10 ${work}/small.pgm ${work}/thr.pfm)

# imagecl-check --size within the image limit, refused before the input is allocated (was
# std::bad_alloc, or minutes and gigabytes for a size that fitted in memory).
filterlab_cli_test(imagecl_check_size_over_limit nonzero
                   "--size '1048576x1048576' is 1099511627776 pixels, above the limit of 268435456 pixels \\(16384x16384\\): give a smaller WIDTHxHEIGHT"
                   ARGS imagecl-check --size 1048576x1048576)
