#!/usr/bin/env bash
# The experiments of run-experiments.sh spread over the GPUS GPUs of one host, so that a release's GPU
# results come from one commit inside one lease of a multi-GPU machine. Each task runs in its own
# process on one GPU (CUDA_VISIBLE_DEVICES, which NVIDIA's OpenCL driver honours) and one slice of
# the host's cores (taskset), into a scratch results directory of its GPU ($RESULTS/.gpus/gpuN):
#   1. the tuning experiment's spaces (`run tuning --plan 1` lists them with their evaluations),
#      largest first, one space per task, each into its own resumable cache; then the caches are
#      gathered and `run tuning` on GPU 0 replays all of them into the one tuning result;
#   2. every other experiment whose result no other experiment of the plan reads, one per task;
#   3. the rest (their also_reads name experiments of stage 2) on GPU 0, in the registry's order.
# A free GPU takes the next task (xargs -P), so the longest space or experiment bounds a stage. The
# GPUs are one model: a space's evaluations come from one GPU, different spaces and experiments from
# different GPUs of the host; $RESULTS/logs<tag>/gpus-tasks.txt records which (index and UUID).
# Resumable like run-experiments.sh: tasks whose results are kept end in seconds.
# Environment: as run-experiments.sh (FILTERLAB, RESULTS, DEVICE, QUICK, EXPERIMENTS, OPTIONS_<name>,
# REPS, LOG_DIR ...), plus GPUS (required, at least 1) and CORES_PER_GPU (default nproc / GPUS).
# DEVICE must name the GPUs alone (e.g. nvidia): a CPU device would run once per GPU slot.
set -uo pipefail
: "${FILTERLAB:?set FILTERLAB to the filterlab binary}" "${RESULTS:?set RESULTS to the results directory}"
: "${GPUS:?set GPUS to the number of GPUs to spread over}" "${DEVICE:?set DEVICE to the GPU name pattern, e.g. nvidia}"
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
here=$(dirname "$self")
scratch=$RESULTS/.gpus
log_dir=${LOG_DIR:-$RESULTS/logs}
tasks_log=$log_dir/gpus-tasks.txt

# A task (this script run by xargs, SLOT set): one tuning space or one experiment on the slot's GPU
# and cores, into the slot's scratch results; its GPU's index and UUID and its times in the task log.
if [ "${1:-}" = --task ]; then
  kind=$2 what=$3 slot=${SLOT:?--task runs under xargs --process-slot-var=SLOT}
  cores=$4 opts=${5:-} first=$(( slot * cores ))
  r=$scratch/gpu$slot
  uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader -i "$slot" 2> /dev/null || echo "uuid unknown: no nvidia-smi")
  echo "$(date -u +%FT%TZ) start gpu $slot ($uuid) cores $first-$(( first + cores - 1 )): $kind $what" >> "$tasks_log"
  export CUDA_VISIBLE_DEVICES=$slot
  pin=(taskset -c "$first-$(( first + cores - 1 ))")
  command -v taskset > /dev/null || pin=()
  if [ "$kind" = tuning ]; then
    mkdir -p "$log_dir/tuning-spaces"
    # shellcheck disable=SC2086
    "${pin[@]}" "$FILTERLAB" run tuning --device "$DEVICE" --results "$r" --spaces "$what" $opts \
      > "$log_dir/tuning-spaces/${what//[^A-Za-z0-9._]/_}.txt" 2>&1 < /dev/null
  else
    RESULTS=$r EXPERIMENTS=$what LOG_DIR=$log_dir "${pin[@]}" "$here/run-experiments.sh" > /dev/null < /dev/null
  fi
  status=$?
  echo "$(date -u +%FT%TZ) end gpu $slot status $status: $kind $what" >> "$tasks_log"
  exit $status
fi

case $GPUS in '' | *[!0-9]* | 0)
  echo "run-on-gpus: GPUS must be a whole number of GPUs, at least 1 (got '$GPUS')" >&2; exit 2 ;;
esac
cores=${CORES_PER_GPU:-$(( $(nproc) / GPUS > 0 ? $(nproc) / GPUS : 1 ))}
case $cores in '' | *[!0-9]* | 0)
  echo "run-on-gpus: CORES_PER_GPU must be a whole number, at least 1 (got '$cores')" >&2; exit 2 ;;
esac
mode=--pipeline
[ "${QUICK:-0}" = 1 ] && mode=--quick
plan=$("$FILTERLAB" experiments $mode) || { echo "run-on-gpus: '$FILTERLAB experiments $mode' failed" >&2; exit 1; }
wanted() { [ -z "${EXPERIMENTS:-}" ] || [[ " $EXPERIMENTS " == *" $1 "* ]]; }
mkdir -p "$RESULTS" "$log_dir" "$scratch"
rc=0

# The shared results (no logs, no scratch, no lock) into every GPU's scratch directory, so that each
# task sees what earlier stages and runs wrote and keeps what is fresh (tar keeps the times).
seed_scratch() {
  local g
  for (( g = 0; g < GPUS; g++ )); do
    mkdir -p "$scratch/gpu$g"
    tar -C "$RESULTS" --exclude=./.gpus --exclude='./logs*' --exclude='./.filterlab.*' -cf - . |
      tar -C "$scratch/gpu$g" -xf -
  done
}

# What the tasks wrote under $2 (default: everything) since the stamp $1, back into RESULTS.
gather() {
  local g
  for (( g = 0; g < GPUS; g++ )); do
    [ -d "$scratch/gpu$g/${2:-.}" ] || continue
    (cd "$scratch/gpu$g" && find "${2:-.}" -name '.filterlab.*' -prune -o -type f -newer "$1" -print0 |
      tar --null -T - -cf - | tar -C "$RESULTS" -xf -)
  done
}

# Stage 1: the tuning experiment's spaces, one per task, largest first; then the replay.
tuning_line=$(awk '$1 == "tuning"' <<< "$plan")
if [ -n "$tuning_line" ] && wanted tuning; then
  read -r _ _ _ _ opts <<< "$tuning_line"
  opts="$opts ${OPTIONS_tuning:-}"
  [ -n "${REPS:-}" ] && [ "${REPS:-0}" != 0 ] && opts="$opts --repetitions $REPS"
  spaces=$(sed -nE 's/.*--spaces[ =]([^ ]+).*/\1/p' <<< "$opts")
  space_opts=$(sed -E 's/--spaces[ =][^ ]+//' <<< "$opts")
  # shellcheck disable=SC2086
  listing=$(CUDA_VISIBLE_DEVICES=0 "$FILTERLAB" run tuning --device "$DEVICE" --results "$scratch/plan" \
    ${spaces:+--spaces "$spaces"} $space_opts --plan 1) || { echo "run-on-gpus: the tuning plan failed" >&2; exit 1; }
  echo "run-on-gpus: tuning, $(grep -c . <<< "$listing") spaces over $GPUS GPU(s)"
  seed_scratch
  stamp=$scratch/stamp-tuning && touch "$stamp"
  sort -k2,2nr <<< "$listing" | awk '{print $1}' | grep . |
    xargs -d '\n' -P "$GPUS" --process-slot-var=SLOT -I{} "$self" --task tuning {} "$cores" "$space_opts" || rc=1
  gather "$stamp" tuning/cache  # only the caches: each task's own tuning result holds one space
  echo "== tuning on GPU 0: replaying every space's cache"
  CUDA_VISIBLE_DEVICES=0 EXPERIMENTS=tuning LOG_DIR=$log_dir "$here/run-experiments.sh" || rc=1
fi

# Stages 2 and 3: the other experiments. An experiment that another one of the plan reads runs in
# stage 2; one that reads another (also_reads) waits for stage 3.
names=$(awk '$1 != "tuning" {print $1}' <<< "$plan")
later=$("$FILTERLAB" experiments --json | python3 -c '
import json, sys
reg = json.load(sys.stdin)["experiments"]
names = set(sys.argv[1].split())
print(" ".join(e["name"] for e in reg if e["name"] in names and names & set(e["also_reads"])))' "$names") ||
  { echo "run-on-gpus: reading the registry failed" >&2; exit 1; }
now=""
for n in $names; do
  wanted "$n" || continue
  [[ " $later " == *" $n "* ]] || now="$now $n"
done
if [ -n "$now" ]; then
  echo "run-on-gpus: stage 2,$now over $GPUS GPU(s)"
  seed_scratch
  stamp=$scratch/stamp-experiments && touch "$stamp"
  tr ' ' '\n' <<< "$now" | grep . |
    xargs -d '\n' -P "$GPUS" --process-slot-var=SLOT -I{} "$self" --task experiment {} "$cores" || rc=1
  gather "$stamp"
fi
for n in $later; do
  wanted "$n" || continue
  echo "== $n on GPU 0 (stage 3: it reads the results of others)"
  CUDA_VISIBLE_DEVICES=0 EXPERIMENTS=$n LOG_DIR=$log_dir "$here/run-experiments.sh" || rc=1
done
echo "run-on-gpus: exit code $rc"
exit $rc
