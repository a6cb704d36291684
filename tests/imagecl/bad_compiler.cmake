# Issue 31 (compiler limits): bad kernels the compiler must refuse with a location. Included from CMakeLists.txt.
# Each runs filterlab-imagecl through expect_compiler.cmake: the exact exit code 1 (a SIGSEGV or a
# timeout fails the test), the located message, and no output written. Huge sources are generated.
function(filterlab_imagecl_limit_test name regex)
  cmake_parse_arguments(ARG "" "SRC;GEN;RC;TIMEOUT" "OUTS;NOT_CREATED" ${ARGN})
  set(work "${CMAKE_CURRENT_BINARY_DIR}/limits/${name}")
  if("${ARG_RC}" STREQUAL "")
    set(ARG_RC 1)
  endif()
  if(NOT ARG_NOT_CREATED AND ARG_RC STREQUAL "1")
    set(ARG_NOT_CREATED "${work}/k.cl" "${work}/k.json" "${work}/k_reference.cpp")
  endif()
  if(ARG_SRC)
    set(ARG_SRC "${PROJECT_SOURCE_DIR}/tests/imagecl/bad/${ARG_SRC}")
  endif()
  add_test(NAME imagecl:limits_${name}
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:filterlab-imagecl> "-DWORK=${work}" "-DSRC=${ARG_SRC}" "-DGEN=${ARG_GEN}"
                   -DRC=${ARG_RC} "-DREGEX=${regex}" "-DOUTS=${ARG_OUTS}" "-DNOT_CREATED=${ARG_NOT_CREATED}"
                   -P ${PROJECT_SOURCE_DIR}/tests/imagecl/expect_compiler.cmake)
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 30)
  endif()
  set_tests_properties(imagecl:limits_${name} PROPERTIES LABELS imagecl TIMEOUT ${ARG_TIMEOUT})
endfunction()

set(too_deep "error: expression too deep \\(more than 1000 levels of nested operators, brackets and statements\\)")
# 1. Sources that crashed the front end (stack overflow) are refused where they pass the limit.
filterlab_imagecl_limit_test(sum_40000_terms "sum_40000.icl:3:14985: ${too_deep}.*1 error generated" GEN sum:40000)
filterlab_imagecl_limit_test(nested_ifs_20000 "ifs_20000.icl:1001:11: ${too_deep}" GEN ifs:20000)
filterlab_imagecl_limit_test(unary_minus_100000 "neg_100000.icl:3:2009: ${too_deep}" GEN neg:100000)
filterlab_imagecl_limit_test(casts_100000 "casts_100000.icl:3:6999: ${too_deep}" GEN casts:100000)
filterlab_imagecl_limit_test(doubling_macros_16
  "macros_16.icl:20:19: error: the source expands to more than 65536 tokens \\(here, after macro expansion\\)" GEN macros:16)
filterlab_imagecl_limit_test(doubling_macros_40 "macros_40.icl:44:19: error: the source expands to more than 65536 tokens" GEN macros:40)
# ... and just under the limits they compile (the limits are not lower than they need to be).
foreach(ok sum:990 ifs:990 neg:990 casts:990 macros:12)
  string(REPLACE ":" "_" n "${ok}")
  filterlab_imagecl_limit_test(accepts_${n} ".*" GEN ${ok} RC 0)
endforeach()
filterlab_imagecl_limit_test(offset_near_int_max
  "deep_offset.icl:5:19: error: this access to Image 'in' is 2147483600 pixels from \\(idx, idy\\), beyond the limit of 1048576.*deep_offset.icl:5:47: error"
  SRC deep_offset.icl)
filterlab_imagecl_limit_test(offset_overflows_int
  "offset_overflow.icl:5:19: error: the index of this access to Image 'in' overflows int \\(this index computation overflows int" SRC offset_overflow.icl)
# 2. Loop ranges are bounded arithmetically: 10^8 iterations compile at once; i <= INT_MAX never ends.
filterlab_imagecl_limit_test(loop_of_1e8_iterations ".*" SRC long_loop.icl RC 0 TIMEOUT 10)
filterlab_imagecl_limit_test(loop_never_ends
  "endless_loop.icl:6:19: error: this loop never ends: 'i <= 2147483647' holds for every int i" SRC endless_loop.icl TIMEOUT 10)
# 3. Accepted by the C++ front end, then broken on the device.
foreach(word global read_only)
  filterlab_imagecl_limit_test(name_${word} "name_${word}.icl:4:9: error: '${word}' is an OpenCL C address-space or access word: it cannot name a variable"
                               SRC name_${word}.icl)
endforeach()
foreach(word image2d_t float4)
  filterlab_imagecl_limit_test(name_${word} "name_${word}.icl:4:9: error: '${word}' is an OpenCL C keyword or type: the device compiler rejects it as a name: rename it"
                               SRC name_${word}.icl)
endforeach()
filterlab_imagecl_limit_test(name_ICL_CX "name_ICL_CX.icl:4:9: error: names starting with ICL_ are reserved for the compiler" SRC name_ICL_CX.icl)
filterlab_imagecl_limit_test(name_in_w "name_in_w.icl:4:9: error: 'in_w' is the name of Image 'in''s size parameter" SRC name_in_w.icl)
filterlab_imagecl_limit_test(kernel_named_image2d_t "kernel_image2d_t.icl:3:15: error: 'image2d_t' is an OpenCL C keyword or type" SRC kernel_image2d_t.icl)
filterlab_imagecl_limit_test(nul_byte "nul_byte.icl:4:32: error: the source contains a NUL byte \\(byte 163\\)" SRC nul_byte.icl)
filterlab_imagecl_limit_test(boundary_constant_text
  "boundary_text.icl:3:9: error: boundary\\(in, constant, in_w\\): the value must be a number" SRC boundary_text.icl)
filterlab_imagecl_limit_test(fixed_grid_over_2_31
  "huge_grid.icl:2:9: error: grid of 65536 x 65536 logical threads is more than 2147483647" SRC huge_grid.icl)
filterlab_imagecl_limit_test(bound_smaller_than_index
  "bound_too_small.icl:6:36: error: index 0..6 of array 'k' is outside its 5 elements \\(0..4\\)" SRC bound_too_small.icl)
# 4. Outputs are written whole or not at all: a full disk (/dev/full) or a missing directory
# fails with the reason and leaves no output behind.
set(limits "${CMAKE_CURRENT_BINARY_DIR}/limits")
filterlab_imagecl_limit_test(output_disk_full "cannot write /dev/full: No space left on device \\(no output was changed\\)"
  SRC ../../../imagecl/examples/box_blur.icl OUTS "${limits}/output_disk_full/k.cl;/dev/full;${limits}/output_disk_full/k_reference.cpp"
  NOT_CREATED "${limits}/output_disk_full/k.cl;${limits}/output_disk_full/k_reference.cpp")
filterlab_imagecl_limit_test(output_directory_missing "cannot write .*/nosuch/k.json: No such file or directory \\(no output was changed\\)"
  SRC ../../../imagecl/examples/box_blur.icl OUTS "${limits}/output_directory_missing/k.cl;${limits}/output_directory_missing/nosuch/k.json"
  NOT_CREATED "${limits}/output_directory_missing/k.cl")
