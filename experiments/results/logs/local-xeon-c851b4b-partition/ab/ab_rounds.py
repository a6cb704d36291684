# Development A/B at c851b4b as ab.py, but the yardstick on its own input and output buffers and a slow
# configuration (c16x8) in every round, as Study 6a has its sampled configuration: run with /tmp/pcl, taskset -c 0,1.
# A/B: generated sepconv_fused SIMD (partitioned vs. unpartitioned) vs the fused yardstick, PoCL.
import json, sys, random, numpy as np, pyopencl as cl
W = H = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
cfgs = [dict(WG_X=1, WG_Y=4, CX=1024, CY=64), dict(WG_X=1, WG_Y=1, CX=1024, CY=64), dict(WG_X=1, WG_Y=1, CX=16, CY=8)]
d = json.load(open('/work/main/build/imagecl/generated/sepconv_fused.json'))
src = d['simd']['opencl']
old = src.replace('icl_row_in ? icl_p_lo : 0, icl_hi = icl_row_in ? icl_p_hi : 0', '0, icl_hi = 0') \
         .replace('icl_row_out ? icl_c_lo : 0, icl_hi = icl_row_out ? icl_c_hi : 0', '0, icl_hi = 0')
assert old != src
plats = [p for p in cl.get_platforms() if 'Portable' in p.name]
ctx = cl.Context(plats[0].get_devices()); q = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
print(plats[0].get_devices()[0].name)
kern = np.array([1, 4, 6, 4, 1], np.float32) / 16
rng = np.random.default_rng(1); img = rng.random((H, W), np.float32)
pad = np.pad(img, 2); t = sum(kern[i] * pad[:, i:i + W] for i in range(5)); t = np.pad(t[2:-2], ((2, 2), (0, 0)))
ref = sum(kern[j] * t[j:j + H] for j in range(5))
mf = cl.mem_flags
bi = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=img); bk = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=kern)
bo = cl.Buffer(ctx, mf.READ_WRITE, img.nbytes)
bi2 = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=img); bo2 = cl.Buffer(ctx, mf.READ_WRITE, img.nbytes)
base = dict(ICL_IL=0, INTERLEAVED=0, IMAGE_in=0, CONSTANT_k=1, UNROLL_sepconv_row_0=5, UNROLL_sepconv_col_0=5, INTERIOR=1,
            EXACT=0, PRIVATE_TILE=0, FILL_WINDOW=0, SIMD=16)
params = {p['define'] for p in d['parameters']} if isinstance(d['parameters'], list) else set(d['parameters'])
runs = {}
for name, text in (('part', src), ('per_pixel', old)):
  for c in cfgs:
    defs = {'ICL_WG_X': c['WG_X'], 'ICL_WG_Y': c['WG_Y'], 'ICL_CX': c['CX'], 'ICL_CY': c['CY'], 'ICL_SIMD': 16,
            'ICL_INTERIOR': 1, 'ICL_EXACT': 0, 'ICL_INTERLEAVED': 0}
    for p in params:
      if p not in defs:
        defs[p] = 0
    defs.update({k: v for k, v in (('ICL_UNROLL_sepconv_row_0', 5), ('ICL_UNROLL_sepconv_col_0', 5), ('ICL_CONSTANT_sepconv_row_k', 1), ('ICL_CONSTANT_sepconv_col_k', 1)) if k in params})
    opts = ' '.join(f'-D{k}={v}' for k, v in defs.items())
    prg = cl.Program(ctx, text).build(options=opts)
    k = prg.all_kernels()[0]
    gx = -(-W // (c['WG_X'] * c['CX'])) * c['WG_X']; gy = -(-H // (c['WG_Y'] * c['CY'])) * c['WG_Y']
    args = [bi, np.int32(W), np.int32(H), bk, bo, np.int32(W), np.int32(H), bk]
    runs[f"{name} wg{c['WG_X']}x{c['WG_Y']} c{c['CX']}x{c['CY']}"] = (k, args, (gx, gy), (c['WG_X'], c['WG_Y']))
ys = cl.Program(ctx, open('/work/main/kernels/yardstick/sepconv_cpu.cl').read()).build(options='-DXS=1024 -DR=64')
yk = [k for k in ys.all_kernels() if 'fused' in k.function_name][0]
runs['yardstick fused'] = (yk, [bi2, bo2, bk, np.int32(W), np.int32(H)], (-(-W // 1024), -(-H // 64)), (1, 1))
for n, (k, args, g, l) in runs.items():
  k.set_args(*args); cl.enqueue_fill_buffer(q, args[4] if len(args) > 5 else args[1], np.float32(np.nan), 0, img.nbytes); cl.enqueue_nd_range_kernel(q, k, g, l).wait()
  out = np.empty_like(img); cl.enqueue_copy(q, out, args[4] if len(args) > 5 else args[1]); print(n, 'maxerr', float(np.nanmax(np.abs(out - ref))) if not np.isnan(out).any() else 'NaN', flush=True)
times = {n: [] for n in runs}
for r in range(60):
  order = list(runs); random.shuffle(order)
  for n in order:
    k, args, g, l = runs[n]; e = cl.enqueue_nd_range_kernel(q, k, g, l); e.wait(); times[n].append((e.profile.end - e.profile.start) * 1e-6)
for n, t in times.items():
  t = np.array(t); print(f"{n:32s} median {np.median(t):.3f} IQR {np.percentile(t,25):.3f}-{np.percentile(t,75):.3f} min {t.min():.3f} ms")
