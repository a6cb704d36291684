#!/usr/bin/env bash
# Runs every experiment of the registry's pipeline (`filterlab experiments --pipeline`, or --quick) on
# every selected device, resumably: an experiment x device whose result file was produced by this
# binary's commit and kernels is kept, any other (missing, other commit, other kernel hash) is run again.
# Used by `make experiments`/`make reproduce` and by the bundle (run-bundle.sh); nothing here names an
# experiment except the peers' runner, which is another binary (filterlab-peers, one process per device),
# and roofline, after which the native probes (experiments/roofline/native/) run on every CPU device.
# Environment:
#   FILTERLAB  the filterlab binary (required)      RESULTS  results directory (required)
#   BASE       the derived base image (experiments whose input is base_image)
#   Y_PLANE    the Y plane of the derived JPEG (input y_plane)
#   PEERS      the filterlab-peers binary (runner filterlab-peers)
#   GPU_PEERS  experiments/peers/gpu_peers.py (the CUDA peers, where an NVIDIA device, cupy and torch exist)
#   PYTHON     interpreter for GPU_PEERS (default python3)
#   NPP_PEERS  scripts/run-npp-peers.sh (NVIDIA NPP, where nvcc and an NVIDIA GPU exist; default: beside this script)
#   CXX        compiler of the native roofline probes (default g++), run after roofline on every CPU device
#   DEVICE     device name pattern (default: every device)   REPS  repetitions (0 or empty: the defaults)
#   QUICK=1    the registry's quick options (small inputs, few repetitions, small tuning budget)
#   EXPERIMENTS  only these names (default: the registry's pipeline set)
#   OPTIONS_<name>  more `run` options for that experiment, e.g. OPTIONS_tuning="--full-budget 50"
#   LOG_DIR    also write each experiment's output to LOG_DIR/<name>.txt (appended)
# Exit status: 0 when every experiment ran (or was kept) on every device, else 1 (it goes on after a failure).
set -uo pipefail
: "${FILTERLAB:?set FILTERLAB to the filterlab binary}" "${RESULTS:?set RESULTS to the results directory}"
device=${DEVICE:-}
python=${PYTHON:-python3}
here=$(cd "$(dirname "$0")" && pwd)
npp_peers=${NPP_PEERS:-$here/run-npp-peers.sh}
# The native roofline probes' source: roofline/native/ in the bundle, experiments/roofline/native/ here.
native_src=$here/roofline/native
[ -d "$native_src" ] || native_src=$here/../experiments/roofline/native
mode=--pipeline
[ "${QUICK:-0}" = 1 ] && mode=--quick
plan=$("$FILTERLAB" experiments $mode) || { echo "run-experiments: '$FILTERLAB experiments $mode' failed" >&2; exit 1; }
mkdir -p "$RESULTS"
[ -n "${LOG_DIR:-}" ] && mkdir -p "$LOG_DIR"
rc=0

log() {  # tee into LOG_DIR/<name>.txt when asked
  if [ -n "${LOG_DIR:-}" ]; then tee -a "$LOG_DIR/$1.txt"; else cat; fi
}

# The CUDA peers write <results>/peers_cuda/ and <results>/peers_npp/: each rerun unless a file there is
# from this commit.
cuda_peers() {
  local peer_devices=$1 opts=$2 f status=0 cupy=1 npp=1
  if ! grep -qi nvidia <<< "$peer_devices" || ! command -v nvidia-smi > /dev/null; then
    echo "peers: no NVIDIA device selected: the CUDA peers (CuPy, PyTorch, NPP) not run"
    return 0
  fi
  if ! "$python" -c "import cupy, torch; assert torch.cuda.is_available()" 2> /dev/null; then
    echo "peers: no CUDA GPU with $python, cupy and torch: CuPy and PyTorch not run"
    cupy=0
  fi
  for f in "$RESULTS"/peers_cuda/*.json; do
    [ -e "$f" ] && "$FILTERLAB" experiments --fresh "$f" && { echo "peers_cuda: kept $f (same commit)"; cupy=0; }
  done
  for f in "$RESULTS"/peers_npp/*.json; do
    [ -e "$f" ] && "$FILTERLAB" experiments --fresh "$f" && { echo "peers_npp: kept $f (same commit)"; npp=0; }
  done
  [ $cupy = 1 ] || [ $npp = 1 ] || return 0
  local reps=""
  [ -n "${REPS:-}" ] && [ "${REPS:-0}" != 0 ] && reps="--repetitions $REPS"
  "$PEERS" export --base "$BASE" --out "$RESULTS/peers_inputs" || return 1
  if [ $cupy = 1 ]; then "$python" "$GPU_PEERS" --inputs "$RESULTS/peers_inputs" --results "$RESULTS" $reps || status=1; fi
  # NVIDIA NPP, built here with the host's nvcc (it says so and does nothing without one).
  if [ $npp = 1 ]; then PEERS="$PEERS" "$npp_peers" "$RESULTS" "$RESULTS/peers_inputs" || status=1; fi
  rm -rf "$RESULTS/peers_inputs"
  return $status
}

# The CPU's own ceilings beside the OpenCL probes (<results>/roofline_native/<slug>.json): for every
# selected CPU device, native_probes on as many threads as it has compute units, pinned. Built here
# once per run (-march=native: this CPU's binary); a result of this commit is kept.
native_roofline() {
  local bin="$RESULTS/native-build/native_probes" built=0 status=0 reps=${REPS:-} commit slug type cu name f
  [ "$reps" = 0 ] && reps=""
  [ -z "$reps" ] && [ "${QUICK:-0}" = 1 ] && reps=3
  commit=$("$FILTERLAB" experiments --commit) || return 1
  # One "slug type compute-units name" line per selected device, from `filterlab devices`.
  while read -r slug type cu name; do
    [ "$type" = CPU ] || continue
    f=$RESULTS/roofline_native/$slug.json
    if [ -e "$f" ] && "$FILTERLAB" experiments --fresh "$f" 2> /dev/null; then echo "roofline_native: kept $f (same commit)"; continue; fi
    if [ $built = 0 ]; then
      if ! command -v "${CXX:-g++}" > /dev/null; then
        echo "roofline_native: no C++ compiler '${CXX:-g++}' here (set CXX): the native probes not run"
        return 0
      fi
      mkdir -p "$RESULTS/native-build" "$RESULTS/roofline_native"
      if ! "$native_src/build.sh" "$bin" > "$RESULTS/native-build/build.log" 2>&1; then
        cat "$RESULTS/native-build/build.log"
        echo "roofline_native: building $native_src/native_probes.cpp failed (log in $RESULTS/native-build/build.log)" >&2
        return 1
      fi
      built=1
    fi
    echo "== roofline_native on $name: $cu threads"
    OMP_PROC_BIND=close OMP_PLACES=cores "$bin" --threads "$cu" --device-slug "$slug" --device "$name" \
      --commit "$commit" ${reps:+--reps "$reps"} --out "$f" < /dev/null || { echo "roofline_native on $name failed" >&2; status=1; }
  done < <("$FILTERLAB" devices --no-bandwidth --device "$device" | awk '
    /^[^ ]/ { name = substr($0, index($0, " / ") + 3) }
    $1 == "slug" { slug = $2 }
    $1 == "type" { type = $2 }
    $1 == "compute" && $2 == "units" { print slug, type, $3, name }')
  return $status
}

while read -r name runner input applicable opts; do
  [ -z "$name" ] && continue
  if [ -n "${EXPERIMENTS:-}" ] && [[ " $EXPERIMENTS " != *" $name "* ]]; then continue; fi
  extra_var="OPTIONS_$name"
  opts="$opts ${!extra_var:-}"
  [ -n "${REPS:-}" ] && [ "${REPS:-0}" != 0 ] && [[ ",$applicable," == *",--repetitions,"* ]] && opts="$opts --repetitions $REPS"
  case $input in
    base_image) input_opt=(--base "${BASE:?$name needs BASE, the derived base image}") ;;
    y_plane) input_opt=(--base "${Y_PLANE:?$name needs Y_PLANE, the Y plane of the derived JPEG}") ;;
    *) input_opt=() ;;
  esac
  case $runner in
    filterlab) bin=$FILTERLAB ;;
    filterlab-peers) bin=${PEERS:-} ;;
    *) echo "run-experiments: $name: unknown runner '$runner'" >&2; rc=1; continue ;;
  esac
  if [ -z "$bin" ] || [ ! -x "$bin" ]; then
    echo "run-experiments: $name needs $runner, which is not built here (set PEERS)" >&2; rc=1; continue
  fi
  stale=$("$FILTERLAB" experiments --stale "$name" --results "$RESULTS" --device "$device") || { rc=1; continue; }
  while read -r d; do
    [ -z "$d" ] && continue
    echo "== $name on $d: $bin run $name ${input_opt[*]} $opts"
    if [ "$runner" = filterlab ]; then
      "$bin" run "$name" --device "$d" --results "$RESULTS" "${input_opt[@]}" $opts < /dev/null 2>&1 | log "$name"
    else
      "$bin" run --device "$d" --results "$RESULTS" "${input_opt[@]}" $opts < /dev/null 2>&1 | log "$name"
    fi
    [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "run-experiments: $name on $d failed" >&2; rc=1; }
  done <<< "$stale"
  if [ "$name" = roofline ]; then
    native_roofline 2>&1 | log roofline
    [ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
  fi
  if [ "$runner" = filterlab-peers ] && [ -n "${GPU_PEERS:-}" ]; then
    cuda_peers "$("$PEERS" list --device "$device")" "$opts" 2>&1 | log "$name" || rc=1
  fi
done <<< "$plan"
echo "run-experiments: exit code $rc"
exit $rc
