#!/usr/bin/env bash
# A second `make reproduce SCHEDULER=slurm` over a finished run resumes as a local one does: verify
# is not run again at the same commit (its stamp), every experiment's result is kept (no result file
# rewritten), and the paper is built again from them. usage: resume_test.sh RESULTS [make variables...]
set -euo pipefail
results=$1
shift
fail() { echo "resume_test: FAIL: $*" >&2; exit 1; }
: "${SLURM_CONF:?set SLURM_CONF (scripts/slurm/local-cluster.sh start DIR prints it)}"
listing() { find "$results" -name '*.json' -not -path '*/.slurm/*' -printf '%P %T@ %s\n' | sort; }
before=$(listing)
[ -n "$before" ] || fail "no result files in $results: run the pipeline first"
log=$(mktemp)
make reproduce SCHEDULER=slurm RESULTS="$results" "$@" 2>&1 | tee "$log"
grep -q "verify already passed at this commit" "$log" || fail "verify ran again at the same commit"
grep -q "every job succeeded" "$log" || fail "the rerun's jobs did not all succeed"
[ "$(listing)" = "$before" ] || { diff <(echo "$before") <(listing) >&2; fail "a result file was rewritten"; }
echo "resume_test: PASS ($(echo "$before" | wc -l) result files kept)"
