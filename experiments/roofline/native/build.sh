#!/usr/bin/env bash
# Builds the native roofline probes on the machine they measure (-march=native: the ceilings are this
# CPU's, so the binary is built where it runs, never carried): build.sh OUTPUT_BINARY. CXX picks the
# compiler (default g++). -ffp-contract=off: nothing is contracted but the FMA probe, which asks for it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: build.sh OUTPUT_BINARY}
cxx=${CXX:-g++}
command -v "$cxx" > /dev/null || { echo "build.sh: no C++ compiler '$cxx': set CXX" >&2; exit 1; }
flags="-std=c++17 -O3 -march=native -fopenmp -ffp-contract=off"
sha=$(sha256sum "$here/native_probes.cpp" | cut -d' ' -f1)
# shellcheck disable=SC2086
"$cxx" $flags -Wall -Wextra -DFL_NATIVE_FLAGS="\"$flags\"" -DFL_NATIVE_SOURCE_SHA256="\"$sha\"" \
  -o "$out" "$here/native_probes.cpp"
