# Issue 31 (images): bad input cases, each with its message. Included from CMakeLists.txt.
# The hostile files come from make_bad_images (tests/imagecl_tool/bad_images.cmake uses it too).
if(NOT FILTERLAB_WITH_OPENCV)
  return()  # PNG, JPEG and TIFF are read through OpenCV only
endif()
add_executable(make_bad_images make_bad_images.cpp)
target_link_libraries(make_bad_images PRIVATE OpenCV::imgcodecs)
filterlab_warnings(make_bad_images)

set(bad "${work}/bad-images")
add_test(NAME cli:bad_images_setup COMMAND make_bad_images "${bad}")
set_tests_properties(cli:bad_images_setup PROPERTIES FIXTURES_SETUP cli_bad_images FIXTURES_REQUIRED cli_inputs LABELS cli)

# bad_image_test(NAME RC REGEX [TIMEOUT s] [ENV var=value...] ARGS ...): the output file is never created.
function(bad_image_test name rc regex)
  cmake_parse_arguments(ARG "" "TIMEOUT" "ENV;ARGS" ${ARGN})
  add_test(NAME cli:${name}
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:filterlab> "-DARGS=${ARG_ARGS}" -DRC=${rc} "-DREGEX=${regex}"
                   "-DNOT_CREATED=${bad}/${name}.pfm" "-DENVS=${ARG_ENV}" -P ${CMAKE_CURRENT_SOURCE_DIR}/expect.cmake)
  set_tests_properties(cli:${name} PROPERTIES FIXTURES_REQUIRED "cli_inputs;cli_bad_images" LABELS cli)
  if(ARG_TIMEOUT)
    set_tests_properties(cli:${name} PROPERTIES TIMEOUT ${ARG_TIMEOUT})
  endif()
endfunction()
# A hostile image through `filterlab filter`: refused with one line, nothing written.
function(bad_filter_input name regex file)
  bad_image_test(${name} nonzero "${regex}" ${ARGN} ARGS filter ${bad}/${file} ${bad}/${name}.pfm)
endfunction()

# The valid files the hostile ones are made from are read (the TIFF is written byte by byte).
bad_image_test(image_good_tiff 0 "" ARGS filter ${bad}/good.tif ${bad}/good_tif.pfm)
bad_image_test(image_good_jpeg 0 "" ARGS filter ${bad}/good.jpg ${bad}/good_jpg.pfm)
# 1. TIFF compression that cannot be applied (was an all-zero image, exit 0).
bad_filter_input(tiff_unknown_compression "cannot read image .*unknown_compression.tif: it uses TIFF compression scheme 60000, which this build cannot decode.*: convert it" unknown_compression.tif)
bad_filter_input(tiff_lzw_on_raw_data "cannot read image .*lzw_raw.tif: strip 0 cannot be decoded \\(libtiff: .+\\): the TIFF file is damaged" lzw_raw.tif)
# 2. JPEG without its scan data (was a grey image, exit 0).
bad_filter_input(jpeg_no_scan_data "cannot read image .*no_scan_data.jpg: libjpeg: Premature end of JPEG file: the JPEG file is damaged or truncated" no_scan_data.jpg)
bad_filter_input(jpeg_no_scan "cannot read image .*no_scan.jpg: no scan data \\(no SOS marker\\)" no_scan.jpg)
bad_filter_input(jpeg_truncated "cannot read image .*truncated.jpg: libjpeg: Premature end of JPEG file" truncated.jpg)
# 3. A PFM scale of nan (was read as big-endian denormals).
bad_filter_input(pfm_nan_scale "cannot read image .*nan_scale.pfm: bad scale 'nan' \\(a finite non-zero number is required" nan_scale.pfm)
# 4. A PGM sample above maxval (was read as 2.0).
bad_filter_input(pgm_sample_above_maxval "cannot read image .*above_maxval.pgm: sample 200 at x=1, y=0 is above the maxval 100" above_maxval.pgm)
# A raster longer than the header declares (found by the fuzz test: "255 255" as maxval shifted every row, exit 0).
bad_filter_input(pgm_bytes_after_raster "cannot read image .*maxval_twice.pgm: the header declares 4x2 \\(8 raster bytes\\) but the file holds 12 bytes after the header: its size or maxval is wrong, or the file holds more than one image" maxval_twice.pgm)
# 7. Sizes checked from the header before decoding; absurd chunk lengths refused at once.
bad_filter_input(png_bomb_header "image .*bomb.png declares 20000x20000 = 400000000 pixels, above the limit of 268435456" bomb.png TIMEOUT 20)
bad_filter_input(png_wide_header "image .*wide.png declares 2000000x1 pixels, above the limit of 1048576 pixels per side" wide.png TIMEOUT 20)
bad_filter_input(jpeg_bomb_header "image .*bomb.jpg declares 16384x16385 = 268451840 pixels, above the limit of 268435456" bomb.jpg TIMEOUT 20)
bad_filter_input(png_chunk_2gib "cannot read image .*chunk_2gib.png: chunk tEXt at byte 33 declares 2147483632 bytes but the file holds only [0-9]+ more" chunk_2gib.png TIMEOUT 20)
bad_filter_input(png_chunk_4gib "chunk tEXt at byte 33 declares 4294967280 bytes, above PNG's limit of 2\\^31-1" chunk_4gib.png TIMEOUT 20)
# 8. OPENCV_IO_MAX_IMAGE_PIXELS that OpenCV cannot parse aborted every command before main().
bad_image_test(opencv_limit_word_help 0 "Usage:" ENV OPENCV_IO_MAX_IMAGE_PIXELS=abc ARGS --help)
bad_image_test(opencv_limit_word_pgm 0 "" ENV OPENCV_IO_MAX_IMAGE_WIDTH=abc ARGS filter ${bad}/good.pgm ${bad}/good_pgm.pfm)
bad_filter_input(opencv_limit_word "environment variable OPENCV_IO_MAX_IMAGE_PIXELS 'abc' is not a whole number: give a whole number of pixels, e.g. 268435456 \\(FilterLab's limit\\), or unset it" good.png ENV OPENCV_IO_MAX_IMAGE_PIXELS=abc)
bad_filter_input(opencv_limit_empty "environment variable OPENCV_IO_MAX_IMAGE_HEIGHT '' is not a whole number" good.png ENV OPENCV_IO_MAX_IMAGE_HEIGHT=)
