#!/usr/bin/env bash
# The Makefile refuses bad variables at parse time, before building anything (`make -n` would
# otherwise print the build commands), naming the variable and what it accepts.
# usage: make_vars_test.sh SOURCE_DIR
set -u
src=$1
fail() { echo "FAIL: $*"; exit 1; }
expect_refused() {  # VAR=VALUE, expected message
  out=$(make -C "$src" -n build BUILD=/nonexistent-build "$1" 2>&1) && fail "make accepted $1: $out"
  echo "$out"
  echo "$out" | grep -qF "$2" || fail "no '$2' for $1"
  echo "$out" | grep -q "cmake" && fail "make ran build commands for $1"
  return 0
}
expect_refused CPU_SCALE=3 "make: error: CPU_SCALE '3' is not supported: give 1, 2, 4 or 8"
expect_refused CPU_SCALE=4x "make: error: CPU_SCALE '4x' is not supported"
expect_refused REPS=abc "make: error: REPS 'abc' is not a whole number"
expect_refused REPS=-1 "make: error: REPS '-1' is not a whole number"
expect_refused JOBS=0 "make: error: JOBS '0' is not a positive integer"
expect_refused JOBS=2x "make: error: JOBS '2x' is not a positive integer"
expect_refused QUICK=yes "make: error: QUICK 'yes' is not supported: give 0"
expect_refused ALLOW_MIXED_COMMITS=2 "make: error: ALLOW_MIXED_COMMITS '2' is not supported: give 0"
# Good values pass and the build command is printed.
out=$(make -C "$src" -n build BUILD=/nonexistent-build CPU_SCALE=8 REPS=30 JOBS=3 QUICK=0 ALLOW_MIXED_COMMITS=1 2>&1) ||
  fail "make refused good values: $out"
echo "$out" | grep -q "cmake --build /nonexistent-build -j 3" || fail "no build command: $out"
echo "ok"
