#!/usr/bin/env bash
# Study 6a's sepconv benchmarks three times more (a development rerun with the clean c851b4b build
# of the record above, tuned configurations from ../results/tuning), then Halide's sepconv5 once:
# how far one Study 6a run on this VM moves. Each <n>/results/peers/ is the same Halide run.
set -u
here=$(cd "$(dirname "$0")" && pwd); repo=$(cd "$here/../../../../.." && pwd); cd "$repo"
rm -rf /tmp/s6a && mkdir -p /tmp/s6a && cp -r "$here/../results/tuning" /tmp/s6a/
for i in 1 2 3; do
  rm -rf /tmp/s6a/imagecl
  taskset -c 0,1 build/src/filterlab run imagecl --device pocl --results /tmp/s6a --variants sepconv --samples 1 --repetitions 30
  mkdir -p "$here/$i/results/imagecl" && cp /tmp/s6a/imagecl/*.json "$here/$i/results/imagecl/"
done
taskset -c 0,1 env LD_LIBRARY_PATH=build/lib build/src/peers/filterlab-peers run --device pocl --results /tmp/s6a_peers \
  --base build/data/base_3866x4320.pgm --workloads sepconv5 --peers halide --repetitions 30
for i in 1 2 3; do mkdir -p "$here/$i/results/peers" && cp /tmp/s6a_peers/peers/*.json "$here/$i/results/peers/"; done
