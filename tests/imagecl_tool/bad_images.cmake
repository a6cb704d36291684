# Issue 31 (images): bad input cases through `filterlab imagecl`. Included from CMakeLists.txt.
# The images come from make_bad_images (tests/cli/bad_images.cmake); `imagecl` reads them through the
# same reader as `filter` (io::read_image), with the values as stored.
set(bad "${work}/bad-images")
add_test(NAME imagecl_tool:bad_images_setup COMMAND make_bad_images "${bad}")
set_tests_properties(imagecl_tool:bad_images_setup PROPERTIES FIXTURES_SETUP tool_bad_images FIXTURES_REQUIRED tool_clean
                     LABELS imagecl)

# bad_tool_image(NAME RC REGEX [TIMEOUT s] [ENV var=value...] ARGS ...)
function(bad_tool_image name rc regex)
  cmake_parse_arguments(ARG "" "TIMEOUT" "ENV;ARGS" ${ARGN})
  add_test(NAME imagecl_tool:${name}
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:filterlab> "-DARGS=${ARG_ARGS}" -DRC=${rc} "-DREGEX=${regex}"
                   "-DENVS=${env};${ARG_ENV}" -P ${PROJECT_SOURCE_DIR}/tests/cli/expect.cmake)
  set_tests_properties(imagecl_tool:${name} PROPERTIES FIXTURES_REQUIRED "tool_inputs;tool_bad_images" LABELS imagecl)
  if(ARG_TIMEOUT)
    set_tests_properties(imagecl_tool:${name} PROPERTIES TIMEOUT ${ARG_TIMEOUT})
  endif()
endfunction()
# `imagecl check` of the 8-bit box filter on FILE: the first two configurations check_box3_u8 draws
# (its seed and cap), so the good files reuse PoCL's compiled kernels instead of compiling new ones.
function(bad_box3_input name rc regex file)
  bad_tool_image(${name} ${rc} "${regex}" ${ARGN} ARGS imagecl check ${k}/box3_u8.icl --input ${file} --max-unrolled 16 --configs 2)
endfunction()

# 1., 2. Codec errors (were an all-zero or grey image, exit 0).
bad_box3_input(tiff_unknown_compression nonzero "cannot read image .*unknown_compression.tif: it uses TIFF compression scheme 60000" ${bad}/unknown_compression.tif)
bad_box3_input(tiff_lzw_on_raw_data nonzero "cannot read image .*lzw_raw.tif: strip 0 cannot be decoded" ${bad}/lzw_raw.tif)
bad_box3_input(jpeg_no_scan_data nonzero "cannot read image .*no_scan_data.jpg: libjpeg: Premature end of JPEG file" ${bad}/no_scan_data.jpg)
bad_box3_input(good_tiff 0 "in=.*good.tif \\(37x23\\).*0 failed" ${bad}/good.tif)
# 5. Values an Image<uchar> cannot hold (300 wrapped to 44, -1 to 255, 2.7 became 2).
bad_box3_input(uchar_upload_300 nonzero "input image .*value_300.pfm \\(Image in\\) holds 300 at x=0, y=0, which Image<uchar> cannot hold \\(whole numbers from 0 to 255\\): .*never wrapped or rounded"
               ${bad}/value_300.pfm)
bad_box3_input(uchar_upload_negative nonzero "value_minus1.pfm \\(Image in\\) holds -1 at x=0, y=0, which Image<uchar> cannot hold" ${bad}/value_minus1.pfm)
bad_box3_input(uchar_upload_fraction nonzero "value_2_7.pfm \\(Image in\\) holds 2.7 at x=0, y=0, which Image<uchar> cannot hold" ${bad}/value_2_7.pfm)
bad_box3_input(uchar_upload_16bit nonzero "u16.png \\(Image in\\) holds [0-9]+ at x=[0-9]+, y=[0-9]+, which Image<uchar> cannot hold" ${work}/u16.png)
# 6. PGM through the strict reader (OpenCV took a height of "2c" as 2 and shifted the raster after
# a maxval of "2é55"); samples as stored, so an 8-bit PGM fits an Image<uchar>.
bad_box3_input(pgm_height_2c nonzero "cannot read image .*height_2c.pgm: bad height '2c'" ${bad}/height_2c.pgm)
bad_box3_input(pgm_maxval_2e55 nonzero "cannot read image .*maxval_2e55.pgm: bad maxval '2..55'" ${bad}/maxval_2e55.pgm)
bad_box3_input(pgm_sample_above_maxval nonzero "above_maxval.pgm: sample 200 at x=1, y=0 is above the maxval 100" ${bad}/above_maxval.pgm)
bad_box3_input(pfm_nan_scale nonzero "nan_scale.pfm: bad scale 'nan'" ${bad}/nan_scale.pfm)
bad_box3_input(good_pgm 0 "in=.*good.pgm \\(4x2\\).*0 failed" ${bad}/good.pgm)
# 7. Sizes checked from the header before decoding (a bomb ran past 90 s), absurd chunks refused at once.
bad_box3_input(png_bomb_header nonzero "image .*bomb.png declares 20000x20000 = 400000000 pixels, above the limit of 268435456" ${bad}/bomb.png TIMEOUT 20)
bad_box3_input(jpeg_bomb_header nonzero "image .*bomb.jpg declares 16384x16385 = 268451840 pixels, above the limit of 268435456" ${bad}/bomb.jpg TIMEOUT 20)
bad_box3_input(png_chunk_2gib nonzero "chunk_2gib.png: chunk tEXt at byte 33 declares 2147483632 bytes but the file holds only" ${bad}/chunk_2gib.png TIMEOUT 20)
# 8. An OPENCV_IO_MAX_IMAGE_PIXELS OpenCV cannot parse (aborted before main()).
bad_box3_input(opencv_limit_word nonzero "environment variable OPENCV_IO_MAX_IMAGE_PIXELS 'abc' is not a whole number" ${work}/u8.png
               ENV OPENCV_IO_MAX_IMAGE_PIXELS=abc)
# 9. An OpenCV exception (here its own pixel limit) names the file instead of OpenCV's assertion text.
bad_box3_input(opencv_exception_names_file nonzero "cannot decode image .*u8.png \\(OpenCV: pixels <= CV_IO_MAX_IMAGE_PIXELS\\): .*OPENCV_IO_MAX_IMAGE_PIXELS.*raise it"
               ${work}/u8.png ENV OPENCV_IO_MAX_IMAGE_PIXELS=100)
