# experiments/registry.json must equal `filterlab experiments --json`: make_all.py reads the snapshot
# on machines without a build. `make registry` rewrites it.
execute_process(COMMAND "${EXE}" experiments --json RESULT_VARIABLE rc OUTPUT_VARIABLE now)
if(NOT rc STREQUAL "0")
  message(FATAL_ERROR "filterlab experiments --json failed (exit code ${rc})")
endif()
file(READ "${SNAPSHOT}" committed)
if(NOT now STREQUAL committed)
  message(FATAL_ERROR "${SNAPSHOT} differs from `filterlab experiments --json`: run `make registry` and commit it")
endif()
message("registry snapshot matches the binary")
