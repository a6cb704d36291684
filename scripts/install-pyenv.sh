#!/usr/bin/env bash
# FilterLab's PyPI tools in a virtual environment, pinned by scripts/pyenv-requirements.txt:
# Halide 21, CMake 3.31, Intel's OpenCL CPU runtime, Kernel Tuner 1.5, pytest, NPP's headers.
# Idempotent: a stamp holding the lock file's hash skips a second install. Registers Intel's runtime
# with the ICD loader by the full path of its library in this environment (as root in
# /etc/OpenCL/vendors; otherwise it says how to point OCL_ICD_VENDORS at the file it writes).
#   scripts/install-pyenv.sh            (FILTERLAB_PYENV, default build/pyenv)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
venv=${FILTERLAB_PYENV:-$repo/build/pyenv}
lock=$here/pyenv-requirements.txt
python=${FILTERLAB_PYENV_PYTHON:-/usr/bin/python3}
want=$(sha256sum "$lock" | cut -d' ' -f1)
stamp=$venv/.filterlab-installed
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  "$python" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' || {
    echo "install-pyenv: $python is not Python 3.11, which the Halide wheel in $lock is built for;" \
         "set FILTERLAB_PYENV_PYTHON to a Python 3.11" >&2; exit 1; }
  echo "install-pyenv: installing $lock into $venv"
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-cache-dir -r "$lock"
  echo "$want" > "$stamp"
else
  echo "install-pyenv: $venv holds $lock"
fi

# Intel's runtime needs the environment's oneTBB 2023; the programs that also load Debian's OpenCV
# (and with it Debian's oneTBB 2021) link this folder's libtbb first (cmake/FindOpenCVParts.cmake).
mkdir -p "$venv/tbb-lib"
ln -sf ../lib/libtbb.so.12 "$venv/tbb-lib/libtbb.so.12"

# Intel's runtime: the ICD file names its library by full path (the wheel's own file names a
# placeholder prefix). PoCL stays the loader's first platform: its file sorts first.
lib=$venv/lib/libintelocl.so
[ -f "$lib" ] || { echo "install-pyenv: $lib is missing from the environment" >&2; exit 1; }
icd_dir=$venv/etc/OpenCL/vendors
mkdir -p "$icd_dir"
echo "$lib" > "$icd_dir/zz-filterlab-intel-cpu.icd"
if [ -w /etc/OpenCL/vendors ] || { [ "$(id -u)" -eq 0 ] && mkdir -p /etc/OpenCL/vendors; }; then
  # One registration per machine: a clone elsewhere re-points it at its own environment.
  rm -f /etc/OpenCL/vendors/zz-filterlab-intel-cpu.icd
  cp "$icd_dir/zz-filterlab-intel-cpu.icd" /etc/OpenCL/vendors/
  echo "install-pyenv: Intel's OpenCL CPU runtime registered (/etc/OpenCL/vendors/zz-filterlab-intel-cpu.icd -> $lib)"
else
  echo "install-pyenv: not root: to use Intel's OpenCL CPU runtime, copy /etc/OpenCL/vendors/*.icd and" \
       "$icd_dir/zz-filterlab-intel-cpu.icd into one folder and set OCL_ICD_VENDORS to it"
fi
