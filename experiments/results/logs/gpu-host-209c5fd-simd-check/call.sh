set -u
b=/tmp/b/filterlab-bundle
[ -x "$b/bin/filterlab" ] || { mkdir -p /tmp/b && tar -xzf dist/bundle.tar.gz -C /tmp/b; }
export LD_LIBRARY_PATH="$b/lib"
if [ ! -e /etc/OpenCL/vendors/nvidia.icd ]; then
  lib=/usr/lib/libnvidia-opencl.so.1; [ -e "$lib" ] || lib=/usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1
  mkdir -p /etc/OpenCL/vendors && echo "$lib" > /etc/OpenCL/vendors/nvidia.icd
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/gpu.txt"
"$b/bin/filterlab" experiments --commit >> "$OUT/gpu.txt"
t0=$(date +%s)
"$b/bin/filterlab" verify --device nvidia --variants imagecl. > "$OUT/verify.txt" 2>&1
echo "verify rc=$? $(( $(date +%s) - t0 )) s" >> "$OUT/gpu.txt"
for k in conv2d_u8 sepconv_row; do
  "$b/bin/filterlab" tune --space imagecl.$k:simd --strategy exhaustive --device nvidia --cache "$OUT/$k-simd.jsonl" > "$OUT/tune-$k.txt" 2>&1
  echo "tune $k rc=$?" >> "$OUT/gpu.txt"
done
cat "$OUT/gpu.txt"; grep -ciE "simd" "$OUT/verify.txt"; tail -5 "$OUT/verify.txt"; tail -2 "$OUT"/tune-*.txt
