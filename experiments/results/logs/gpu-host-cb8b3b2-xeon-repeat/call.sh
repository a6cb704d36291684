# One device call on the GPU host: how much Study 6a's sepconv times and Halide's move between runs
# on its Xeon (PoCL 5, 8 cores pinned, 8 threads each, the rest idle). Three rounds, each Study 6a on
# the sepconv benchmarks (--variants sepconv, the cb8b3b2 record's tuning result) then the Halide
# sepconv peers; the bundle of clean commit cb8b3b2 carried as dist/bundle.tar.gz.
set -u
b=/tmp/b/filterlab-bundle
[ -x "$b/bin/filterlab" ] || { mkdir -p /tmp/b && tar -xzf dist/bundle.tar.gz -C /tmp/b; }
export LD_LIBRARY_PATH="$b/lib"
tuned=experiments/results/logs/gpu-host-cb8b3b2-xeon-pocl5/raw/results/tuning
L="$OUT/log.txt"
cores=$(lscpu -p=CPU,CORE | grep -v '^#' | sort -t, -k2,2n -u | head -8 | cut -d, -f1 | paste -sd,)
export POCL_CPU_MAX_CU_COUNT=8 HL_NUM_THREADS=8
{ date -u +%FT%TZ; echo "cores $cores"; uptime; "$b/bin/filterlab" experiments --commit; } >> "$L" 2>&1
for i in 1 2 3; do
  R="$OUT/r$i"; mkdir -p "$R/tuning"; cp "$tuned"/*.json "$R/tuning/"
  taskset -c "$cores" "$b/bin/filterlab" run imagecl --device pocl --results "$R" --variants sepconv --samples 1 \
    --repetitions 30 >> "$L" 2>&1; echo "=== imagecl $i rc=$?" | tee -a "$L"
  taskset -c "$cores" "$b/bin/filterlab-peers" run --device pocl --results "$R/p" --base "$b/data/none.pgm" \
    --workloads sepconv5 --peers halide --repetitions 30 >> "$L" 2>&1; echo "=== peers $i rc=$?" | tee -a "$L"
  cp "$R"/p/peers/*.json "$OUT/peers-$i.json"; rm -rf "$R/p" "$R/tuning"
done
find "$OUT" -name '.filterlab*.lock' -delete
