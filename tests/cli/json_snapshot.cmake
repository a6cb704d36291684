# A committed snapshot must equal the binary's JSON listing: experiments/registry.json is
# `filterlab experiments --json` (read by make_all.py), experiments/variants.json is
# `filterlab variants --json` (the variant catalogue the analysis reads), on machines without a build
# too. ARGS: the listing's arguments; `make registry` rewrites both snapshots.
execute_process(COMMAND "${EXE}" ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE now)
string(REPLACE ";" " " shown "${ARGS}")
if(NOT rc STREQUAL "0")
  message(FATAL_ERROR "filterlab ${shown} failed (exit code ${rc})")
endif()
file(READ "${SNAPSHOT}" committed)
if(NOT now STREQUAL committed)
  message(FATAL_ERROR "${SNAPSHOT} differs from `filterlab ${shown}`: run `make registry` and commit it")
endif()
message("${SNAPSHOT} matches `filterlab ${shown}`")
