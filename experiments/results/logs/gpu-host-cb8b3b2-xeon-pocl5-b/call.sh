# One device call on the GPU host: the CPU code paths on its Xeon with PoCL 5 and Halide at its best,
# 8 threads each, pinned to 8 cores (one logical CPU of each), the rest of the machine idle: the
# tuner on every :simd and :rows sub-space and its shortlist, Study 6a with the yardsticks, then the
# Halide peers once per workload (the selection takes one text). Carries dist/bundle.tar.gz (the
# bundle of the clean commit without its data/ images, which these steps do not read: a call carries
# at most 64 MiB). A call returns at most 8 files two folders deep: the logs go into one file, the
# tuning caches into one archive, the peers' files are copied up.
set -u
b=/tmp/b/filterlab-bundle
[ -x "$b/bin/filterlab" ] || { mkdir -p /tmp/b && tar -xzf dist/bundle.tar.gz -C /tmp/b; }
export LD_LIBRARY_PATH="$b/lib"
R="$OUT/results"; mkdir -p "$R"
L="$OUT/log.txt"
cores=$(lscpu -p=CPU,CORE | grep -v '^#' | sort -t, -k2,2n -u | head -8 | cut -d, -f1 | paste -sd,)
export POCL_CPU_MAX_CU_COUNT=8 HL_NUM_THREADS=8
{ date -u +%FT%TZ; lscpu | grep -E '^(Model name|CPU\(s\)|Thread|Core|Socket|NUMA node0)'; echo "cores $cores"; uptime;
  "$b/bin/filterlab" experiments --commit; } >> "$L" 2>&1
run() {  # label, command...
  local t0; t0=$(date +%s); local label=$1; shift
  echo "=== $label" >> "$L"
  taskset -c "$cores" "$@" >> "$L" 2>&1; echo "=== $label rc=$? $(( $(date +%s) - t0 )) s" | tee -a "$L"
}
F="$b/bin/filterlab"
run tuning timeout 480 "$F" run tuning --device pocl --results "$R" --spaces :simd,:rows --repetitions 30
run imagecl "$F" run imagecl --device pocl --results "$R" --samples 1 --repetitions 30
for w in sepconv5 conv2d5_u8 harris; do
  run peers-$w "$b/bin/filterlab-peers" run --device pocl --results "$R/peers-$w" --base "$b/data/none.pgm" \
    --workloads $w --peers halide --repetitions 30
  cp "$R/peers-$w"/peers/*.json "$OUT/peers-$w.json"
done
tar -czf "$OUT/tuning-caches.tar.gz" -C "$R/tuning" cache
rm -rf "$R"/peers-* "$R/tuning/cache"; find "$OUT" -name '.filterlab*.lock' -delete
