#!/usr/bin/env bash
# Two real filterlab processes on one results directory or one tuning cache: the second fails at
# once naming the first (pid, command, start time), or waits when FILTERLAB_LOCK_WAIT asks it to.
# usage: lock_test.sh FILTERLAB WORKDIR results|results-wait|cache
set -u
exe=$1
work=$2/lock-$3
rm -rf "$work"
mkdir -p "$work"
holder_pid=
cleanup() { [ -n "$holder_pid" ] && kill "$holder_pid" 2>/dev/null; wait 2>/dev/null; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

# Starts a long-running holder and waits (at most 60 s) until it has recorded itself in LOCKFILE.
start_holder() {
  local lockfile=$1
  shift
  "$@" > "$work/holder.log" 2>&1 &
  holder_pid=$!
  for _ in $(seq 600); do
    grep -qx "pid $holder_pid" "$lockfile" 2>/dev/null && return 0
    kill -0 "$holder_pid" 2>/dev/null || { cat "$work/holder.log"; fail "the holder exited early"; }
    sleep 0.1
  done
  fail "the holder never took $lockfile"
}

case $3 in
  results)
    # The tiled study at 512^2 with many repetitions: minutes of work, killed once checked.
    start_holder "$work/R/.filterlab.$(hostname).lock" env FILTERLAB_TILED_MAX_SIZE=512 "$exe" run tiled --results "$work/R" --repetitions 100000
    start=$(date +%s)
    out=$("$exe" run sampler --results "$work/R" 2>&1) && fail "the second run succeeded: $out"
    echo "$out"
    [ $(( $(date +%s) - start )) -le 5 ] || fail "the second run did not fail at once"
    echo "$out" | grep -q "filterlab: error: results directory $work/R is being written by pid $holder_pid, command \`.*filterlab run tiled --results $work/R --repetitions 100000\`, started 20[0-9-]* [0-9:]* UTC: .*FILTERLAB_LOCK_WAIT=SECONDS" ||
      fail "the message does not name the holder"
    [ -e "$work/R/sampler" ] && fail "the second run wrote into the locked directory"
    ;;
  results-wait)
    start_holder "$work/R/.filterlab.$(hostname).lock" env FILTERLAB_TILED_MAX_SIZE=512 "$exe" run tiled --results "$work/R" --repetitions 100000
    FILTERLAB_LOCK_WAIT=60 "$exe" run sampler --results "$work/R" > "$work/second.log" 2>&1 &
    second=$!
    sleep 2
    kill -0 "$second" 2>/dev/null || { cat "$work/second.log"; fail "the second run did not wait"; }
    kill "$holder_pid"
    wait "$holder_pid" 2>/dev/null
    holder_pid=
    wait "$second" || { cat "$work/second.log"; fail "the second run failed after the holder ended"; }
    cat "$work/second.log"
    grep -q "is being written by pid .*; waiting up to 60 s (FILTERLAB_LOCK_WAIT)" "$work/second.log" || fail "no waiting message"
    grep -q "is free now; continuing" "$work/second.log" || fail "no continuing message"
    ls "$work"/R/sampler/*.json > /dev/null || fail "the second run wrote no result"
    ;;
  cache)
    # Many repetitions keep the holder busy for minutes; it is killed once checked.
    start_holder "$work/c.jsonl.lock" "$exe" tune --space study4.tiled_k5 --strategy exhaustive --repetitions 100000 --cache "$work/c.jsonl"
    out=$("$exe" tune --space study4.tiled_k5 --strategy exhaustive --cache "$work/c.jsonl" 2>&1) && fail "the second tune succeeded: $out"
    echo "$out"
    echo "$out" | grep -q "filterlab: error: tuning cache $work/c.jsonl is being written by pid $holder_pid, command \`.*filterlab tune --space study4.tiled_k5" ||
      fail "the message does not name the holder"
    # A replay into the same cache is a writer too.
    out=$("$exe" tune --simulate "$work/c.jsonl" --cache "$work/c.jsonl" 2>&1) && fail "the replay succeeded: $out"
    echo "$out" | grep -q "is being written by pid $holder_pid" || fail "the replay did not name the holder: $out"
    ;;
  *) fail "unknown case $3" ;;
esac
echo "ok"
