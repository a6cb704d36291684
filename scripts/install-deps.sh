#!/usr/bin/env bash
# Installs FilterLab's Debian 12 packages. Idempotent: it installs only what is missing,
# so `make test` and `make reproduce` can call it every time.
#   scripts/install-deps.sh test   -> build + test (PoCL, OpenCV, Catch2, ...)
#   scripts/install-deps.sh full   -> also matplotlib and LaTeX for figures and the paper
#   scripts/install-deps.sh paper  -> only what figures and the paper need (no OpenCL)
# test and full also install FilterLab's PyPI tools into a virtual environment, $FILTERLAB_PYENV
# (default build/pyenv; the Makefile passes its PYENV), pinned by scripts/pyenv-requirements.txt:
# Halide 21 (C++ library, CMake package, autoschedulers), CMake 3.31, Intel's OpenCL CPU runtime
# (registered with the ICD loader), Kernel Tuner 1.5 and NPP's headers. Never the system Python.
set -euo pipefail
what=${1:-full}

build_pkgs=(cmake ninja-build g++ make git pkg-config
  ocl-icd-opencl-dev opencl-c-headers opencl-clhpp-headers pocl-opencl-icd clinfo
  libopencv-core-dev libopencv-imgproc-dev libopencv-imgcodecs-dev
  libjpeg62-turbo-dev libtiff-dev
  libssl-dev catch2 libbenchmark-dev libeigen3-dev nlohmann-json3-dev libcli11-dev
  )
# The Python analysis' tests (ctest label analysis); Pillow is the fuzz test's independent decoder.
build_pkgs+=(python3-pytest python3-pil)
# The ImageCL compiler (filterlab-imagecl) runs at build time on Clang 15's LibTooling.
build_pkgs+=(libclang-15-dev libclang-cpp15-dev llvm-15-dev clang-15)
# The PyPI tools' virtual environment (Debian's Python 3.11 matches the Halide wheel's cp311).
build_pkgs+=(python3-venv)
paper_pkgs=(python3 python3-matplotlib python3-numpy
  texlive-latex-base texlive-latex-recommended texlive-fonts-recommended latexmk)
paper_pkgs+=(python3-jsonschema)  # the result files' schema tests (experiments/schemas)
# The photograph in data/ comes from this package; only needed to re-derive it.
data_pkgs=(plasma-workspace-wallpapers)

case "$what" in
  test)  pkgs=("${build_pkgs[@]}") ;;
  paper) pkgs=("${paper_pkgs[@]}") ;;
  full)  pkgs=("${build_pkgs[@]}" "${paper_pkgs[@]}") ;;
  data)  pkgs=("${data_pkgs[@]}") ;;
  *) echo "install-deps.sh: unknown set '$what' (use test, paper, full or data)" >&2; exit 2 ;;
esac

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
here=$(cd "$(dirname "$0")" && pwd)
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#pkgs[@]} packages of set '$what' are installed"
  case "$what" in test|full) exec "$here/install-pyenv.sh" ;; esac
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  sudo_cmd=sudo
  command -v sudo >/dev/null || { echo "install-deps: missing packages (${missing[*]}); run as root or install them" >&2; exit 1; }
else
  sudo_cmd=
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# Refresh package lists when they are absent or older than a day.
if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mtime -1 2>/dev/null | head -1)" ]; then
  $sudo_cmd apt-get update -qq
fi
$sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
case "$what" in test|full) exec "$here/install-pyenv.sh" ;; esac
