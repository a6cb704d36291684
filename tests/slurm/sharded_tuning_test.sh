#!/usr/bin/env bash
# The sharded exhaustive search through a real Slurm cluster (SLURM_CONF; CI starts a one-node one
# with scripts/slurm/local-cluster.sh), against the same search run locally:
#   1. `filterlab tune --strategy exhaustive` of SPACE on PoCL here, timed;
#   2. the same as SHARDS array tasks plus a merge job (scripts/slurm/filterlab_slurm.py), timed;
#      shard 0 is cancelled (scancel) once it has recorded a few evaluations;
#   3. checks: the driver resubmitted shard 0 and succeeded; the merged cache holds exactly the
#      local run's configurations; every evaluation shard 0 recorded before it was killed is in the
#      merged cache unchanged (kept, not measured again), and its second run said it resumed them.
# usage: sharded_tuning_test.sh FILTERLAB WORKDIR [SPACE] [SHARDS]
set -euo pipefail
exe=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mkdir -p "$2" && cd "$2" && pwd)  # absolute: the tool's messages name absolute paths
space=${3:-study1.scharr_k5}
shards=${4:-3}
here=$(cd "$(dirname "$0")" && pwd)
driver=$here/../../scripts/slurm/filterlab_slurm.py
: "${SLURM_CONF:?set SLURM_CONF (scripts/slurm/local-cluster.sh start DIR prints it)}"
fail() { echo "sharded_tuning_test: FAIL: $*" >&2; exit 1; }
rm -rf "${work:?}" && mkdir -p "$work"

t0=$(date +%s%N)
"$exe" tune --space "$space" --strategy exhaustive --device pocl --cache "$work/local.jsonl" > "$work/local.txt" 2>&1 ||
  { cat "$work/local.txt"; fail "the local exhaustive run failed"; }
local_ms=$((($(date +%s%N) - t0) / 1000000))

t0=$(date +%s%N)
python3 "$driver" tune-sharded --space "$space" --device pocl --shards "$shards" --cache-dir "$work/shards" \
  --out "$work/merged.jsonl" --filterlab "$exe" --poll 1 > "$work/driver.txt" 2>&1 &
driver_pid=$!

# Cancel shard 0 once it has recorded at least 5 evaluations (header + 5 lines).
shard0=$work/shards/shard-0-of-$shards.jsonl
for _ in $(seq 1200); do
  [ -f "$shard0" ] && [ "$(wc -l < "$shard0")" -ge 6 ] && break
  kill -0 "$driver_pid" 2> /dev/null || { cat "$work/driver.txt"; fail "the driver ended before shard 0 recorded 5 evaluations"; }
  sleep 0.2
done
array_id=$(awk '$3 == "shards" { print $2; exit }' "$work/shards/.slurm/jobs.log")
[ -n "$array_id" ] || fail "no shards job in the driver's ledger"
scancel "${array_id}_0"
echo "cancelled ${array_id}_0 after $(($(wc -l < "$shard0") - 1)) evaluations"
while squeue -h -o %i | grep -qx "${array_id}_0"; do sleep 0.2; done
cp "$shard0" "$work/shard0-at-kill.jsonl"
kept=$(($(wc -l < "$work/shard0-at-kill.jsonl") - 1))

wait "$driver_pid" || { cat "$work/driver.txt"; fail "the driver failed"; }
sharded_ms=$((($(date +%s%N) - t0) / 1000000))
cat "$work/driver.txt"
grep -q "shards task 0 .* did not finish" "$work/driver.txt" || fail "the driver did not report the cancelled shard"
grep -q "submitting them again" "$work/driver.txt" || fail "the driver did not resubmit the cancelled shard"
grep -q ", $kept evaluations already in $shard0" "$work/shards/.slurm/logs/shards-0.out" ||
  fail "shard 0's second run did not resume the $kept evaluations of its cache (log: $work/shards/.slurm/logs/shards-0.out)"

python3 - "$work/local.jsonl" "$work/merged.jsonl" "$work/shard0-at-kill.jsonl" << 'PY'
import json, sys
def rows(path):
    with open(path) as f:
        lines = [json.loads(l) for l in f if l.strip()]
    return lines[0], {r["id"]: r for r in lines[1:]}
_, local = rows(sys.argv[1])
head, merged = rows(sys.argv[2])
_, before = rows(sys.argv[3])
if set(local) != set(merged):
    sys.exit(f"FAIL: merged keys differ from the local run's: {len(set(local) ^ set(merged))} differ")
changed = [i for i, r in before.items() if merged.get(i) != r]
if changed:
    sys.exit(f"FAIL: {len(changed)} evaluations recorded before the kill changed or vanished, e.g. {changed[0]}")
print(f"merged: {len(merged)} configurations = the local run's; {len(before)} recorded before the kill kept unchanged; "
      f"{head['merged_shards']} shards")
PY
echo "wall time: local exhaustive $((local_ms / 1000)).$((local_ms % 1000 / 100)) s, sharded through Slurm ($shards shards," \
  "one killed and resubmitted) $((sharded_ms / 1000)).$((sharded_ms % 1000 / 100)) s"
echo "sharded_tuning_test: PASS"
