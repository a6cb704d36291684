# Issue 31 (state): bad input cases through `filterlab imagecl`. Included from CMakeLists.txt.
# Kernel scalars and sizes through the one value parser; the state files (tuning caches, the
# tuning database) schema-checked on read, naming the file and the line or key, and checked before
# a search starts; a compiler that crashes or dies silently reported as such.
set(state_src "${CMAKE_CURRENT_BINARY_DIR}/bad_state")  # made here at configure time, never written by tests
set(state "${CMAKE_CURRENT_BINARY_DIR}/bad_state_work")  # a fresh copy per test run (not under ${work}: other setups wipe that)
file(SHA256 "${k}/box3_u8.icl" box3_sha)
file(MAKE_DIRECTORY "${state_src}/dbdir" "${state_src}/cachedir")
set(db_head "{\"schema\": \"filterlab.imagecl-tuning/1\", \"kernels\": {\"${box3_sha}\": {\"kernel\": \"box3_u8\", \"devices\": {\"any-device\": ")
file(WRITE "${state_src}/nokernels.json" "{\"schema\": \"filterlab.imagecl-tuning/1\"}\n")
file(WRITE "${state_src}/wrongtype.json" "${db_head}{\"id\": 5, \"time_ms\": 1.0}}}}}\n")
file(WRITE "${state_src}/negtime.json" "${db_head}{\"id\": \"imagecl.box3_u8/wg32x4/c1x1\", \"time_ms\": -5}}}}}\n")
file(WRITE "${state_src}/notjson.json" "{\n  \"schema\": \"filterlab.imagecl-tuning/1\",\n  \"kernels\": {\n  }\n")
# Stand-ins for filterlab-imagecl: one crashes, one exits 1 silently, one aborts after a line.
file(WRITE "${state_src}/crash-compiler.sh" "#!/bin/sh\nulimit -c 0\nkill -SEGV $$\n")
file(WRITE "${state_src}/silent-compiler.sh" "#!/bin/sh\nexit 1\n")
file(WRITE "${state_src}/abort-compiler.sh" "#!/bin/sh\nulimit -c 0\necho 'filterlab-imagecl: internal error' >&2\nkill -ABRT $$\n")
foreach(script crash-compiler.sh silent-compiler.sh abort-compiler.sh)
  file(CHMOD "${state_src}/${script}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
endforeach()
# Hand edits of a real cache: the first valid row's time made -5 (neg.jsonl), the first row's ID a number (badid.jsonl).
file(WRITE "${state_src}/edit_cache.cmake" [=[
file(READ "${DIR}/edited.jsonl" text)
string(REGEX MATCH "\"time_ms\":[-+0-9.eE]+" time "${text}")
string(FIND "${text}" "${time}" at)
string(LENGTH "${time}" n)
string(SUBSTRING "${text}" 0 ${at} before)
math(EXPR after_at "${at} + ${n}")
string(SUBSTRING "${text}" ${after_at} -1 after)
file(WRITE "${DIR}/neg.jsonl" "${before}\"time_ms\":-5${after}")
string(REGEX MATCH "\n{\"id\":\"[^\"]*\"" id "${text}")
string(FIND "${text}" "${id}" at)
string(LENGTH "${id}" n)
string(SUBSTRING "${text}" 0 ${at} before)
math(EXPR after_at "${at} + ${n}")
string(SUBSTRING "${text}" ${after_at} -1 after)
file(WRITE "${DIR}/badid.jsonl" "${before}\n{\"id\":5${after}")
]=])

file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/reset_bad_state.cmake"
     "file(REMOVE_RECURSE \"${state}\")\nfile(COPY \"${state_src}/\" DESTINATION \"${state}\")\n")
add_test(NAME imagecl_tool:state_files COMMAND ${CMAKE_COMMAND} -P "${CMAKE_CURRENT_BINARY_DIR}/reset_bad_state.cmake")
set_tests_properties(imagecl_tool:state_files PROPERTIES FIXTURES_SETUP tool_state LABELS imagecl)
# state_test(NAME RC REGEX ...): tool_test with the state files in place.
function(state_test name rc regex)
  tool_test(${name} ${rc} "${regex}" ${ARGN})
  get_test_property(imagecl_tool:${name} FIXTURES_REQUIRED required)
  set_tests_properties(imagecl_tool:${name} PROPERTIES FIXTURES_REQUIRED "${required};tool_state")
endfunction()
set(box3 ${k}/box3_u8.icl --input ${work}/u8.png)
set(escape ${PROJECT_SOURCE_DIR}/imagecl/examples/authors_dialect/escape_time.icl --output-size 40x30 --args x0=-2 y0=-1.2 step=0.08)

# Kernel scalars and arrays by their type: an int takes no 2.5 (was truncated to 2) and no 1e10
# (was out of int's range: 0 iterations, and the check passed); a float stays finite as a float.
state_test(args_int_fraction nonzero "--args max_iter='2.5' is not an integer: give an integer from -2147483648 to 2147483647 \\(the kernel's int\\)"
           ARGS imagecl check ${escape} max_iter=2.5 --configs 2)
state_test(args_int_exponent nonzero "--args max_iter='1e10' is not an integer" ARGS imagecl check ${escape} max_iter=1e10 --configs 2)
state_test(args_int_out_of_range nonzero "--args max_iter='99999999999' is out of range: give an integer from -2147483648 to 2147483647"
           ARGS imagecl run ${escape} max_iter=99999999999 --output ${state}/esc.tif NOT_CREATED ${state}/esc.tif)
state_test(args_float_overflow nonzero "--args gain='1e39' is out of range: give a finite number from -3.40282e\\+38 to 3.40282e\\+38"
           ARGS imagecl check ${k}/scale_f32.icl --input ${work}/u8.png --args gain=1e39 --configs 2)
state_test(args_array_element nonzero "--args w: value 2 '1e40' is out of range: give a finite number"
           ARGS imagecl check ${k}/threshold_mix.icl --input ${work}/f.tif ${work}/g.tif --args w=0.5,1e40,3 t=40 --configs 2)
# --output-size within the image limit, before allocating (was std::bad_alloc).
state_test(output_size_over_limit nonzero
           "--output-size '1048576x1048576' is 1099511627776 pixels, above the limit of 268435456 pixels \\(16384x16384\\): give a smaller WIDTHxHEIGHT"
           ARGS imagecl check ${PROJECT_SOURCE_DIR}/imagecl/examples/authors_dialect/escape_time.icl --output-size 1048576x1048576
                --args x0=-2 y0=-1.2 step=0.08 max_iter=50 --configs 2)

# The tuning database: schema-checked, naming the file and the key (was json.exception text, or
# an invalid read of a missing "kernels").
state_test(run_db_no_kernels nonzero "the tuning database .*nokernels.json has no \"kernels\" key: repair or delete it" NOT_CREATED ${state}/nk.png
           ARGS imagecl run ${box3} --output ${state}/nk.png --db ${state}/nokernels.json)
state_test(run_db_wrong_type nonzero "the tuning database .*wrongtype.json holds 5 at kernels\\[\"${box3_sha}\"\\]\\.devices\\[\"any-device\"\\]\\.id, not a configuration ID"
           NOT_CREATED ${state}/wt.png ARGS imagecl run ${box3} --output ${state}/wt.png --db ${state}/wrongtype.json)
state_test(run_db_negative_time nonzero "the tuning database .*negtime.json holds -5 at kernels\\[.*\\.time_ms, not a time"
           NOT_CREATED ${state}/nt.png ARGS imagecl run ${box3} --output ${state}/nt.png --db ${state}/negtime.json)
state_test(run_db_directory nonzero "the tuning database .*dbdir is a directory, not a file" NOT_CREATED ${state}/dd.png
           ARGS imagecl run ${box3} --output ${state}/dd.png --db ${state}/dbdir)
# ... and checked before a search: no search, no DIR.lock beside a directory.
state_test(tune_db_directory nonzero "the tuning database .*dbdir is a directory, not a file" NOT_CREATED ${state}/dbdir.lock
           ARGS imagecl tune ${box3} --strategy random --budget 1 --repetitions 1 --db ${state}/dbdir --cache ${state}/t1.jsonl)
state_test(tune_db_not_json nonzero "the tuning database .*notjson.json is not JSON \\(parse error at line 5, column 1: .*\\): repair or delete it"
           NOT_CREATED ${state}/t2.jsonl
           ARGS imagecl tune ${box3} --strategy random --budget 1 --repetitions 1 --db ${state}/notjson.json --cache ${state}/t2.jsonl)
state_test(tune_cache_directory nonzero "tuning cache .*cachedir is a directory, not a file" NOT_CREATED ${state}/cachedir.lock
           ARGS imagecl tune ${box3} --strategy random --budget 1 --repetitions 1 --db ${state}/c.json --cache ${state}/cachedir)

# Tuning cache rows: a real cache, hand-edited; -5 ms used to become the recorded best.
state_test(tune_for_edit 0 "recorded in .*edited-db.json" SETUP tool_state_tuned
           ARGS imagecl tune ${box3} --strategy random --budget 2 --repetitions 1 --db ${state}/edited-db.json --cache ${state}/edited.jsonl)
add_test(NAME imagecl_tool:state_edit_cache COMMAND ${CMAKE_COMMAND} -DDIR=${state} -P ${state_src}/edit_cache.cmake)
set_tests_properties(imagecl_tool:state_edit_cache PROPERTIES FIXTURES_SETUP tool_state_edited FIXTURES_REQUIRED "tool_state;tool_state_tuned"
                     LABELS imagecl)
state_test(tune_cache_negative_time nonzero "line [0-9]+ of tuning cache .*neg.jsonl: 'time_ms' is -5, not a time .*: the file was edited or damaged"
           NOT_CREATED ${state}/neg-db.json REQUIRES tool_state_edited
           ARGS imagecl tune ${box3} --strategy random --budget 2 --repetitions 1 --db ${state}/neg-db.json --cache ${state}/neg.jsonl)
state_test(tune_cache_id_not_text nonzero "line 2 of tuning cache .*badid.jsonl: 'id' is 5, not a configuration ID: the file was edited or damaged"
           NOT_CREATED ${state}/badid-db.json REQUIRES tool_state_edited
           ARGS imagecl tune ${box3} --strategy random --budget 2 --repetitions 1 --db ${state}/badid-db.json --cache ${state}/badid.jsonl)

# A compiler that crashes or exits without a word: its signal or status, not "fix the source at
# the locations above" with no location.
state_test(compiler_crashes nonzero "the ImageCL compiler .*crash-compiler.sh was killed by signal 11 \\(Segmentation fault\\) while compiling .*box3_u8.icl and printed nothing: this is a fault of the compiler, not of your source"
           ARGS imagecl compile ${k}/box3_u8.icl -o ${state}/crash)
set_tests_properties(imagecl_tool:compiler_crashes PROPERTIES ENVIRONMENT "FILTERLAB_IMAGECL=${state_src}/crash-compiler.sh")
state_test(compiler_silent_exit nonzero "the ImageCL compiler .*silent-compiler.sh exited with status 1 while compiling .*box3_u8.icl and printed nothing"
           ARGS imagecl compile ${k}/box3_u8.icl -o ${state}/silent)
set_tests_properties(imagecl_tool:compiler_silent_exit PROPERTIES ENVIRONMENT "FILTERLAB_IMAGECL=${state_src}/silent-compiler.sh")
state_test(compiler_aborts nonzero "the ImageCL compiler .*abort-compiler.sh was killed by signal 6 \\(Aborted\\) while compiling .*box3_u8.icl: this is a fault of the compiler.*; it printed: filterlab-imagecl: internal error"
           ARGS imagecl check ${box3} --configs 2)
set_tests_properties(imagecl_tool:compiler_aborts PROPERTIES ENVIRONMENT "FILTERLAB_IMAGECL=${state_src}/abort-compiler.sh")
