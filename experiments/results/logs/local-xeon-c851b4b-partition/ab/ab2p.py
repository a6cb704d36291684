# Development A/B at c851b4b (run with /tmp/pcl: python3 -m venv, pip install pyopencl numpy; taskset -c 0,1).
# "part": the generated simd source as built; "per_pixel": the same with the untested range forced empty
# (every strip per pixel: the cost the partitioning removes is not this, the pre-partitioning code tested
# every strip in lanes); "yardstick": kernels/yardstick/sepconv_cpu.cl. ab_cold.py scrubs 256 MiB before each launch.
# A/B: generated two-pass sepconv SIMD (partitioned vs unpartitioned) vs the two-pass yardstick, PoCL.
import json, random, numpy as np, pyopencl as cl
W = H = 1024
cfgs = [dict(WG_X=1, WG_Y=4, CX=256, CY=64), dict(WG_X=1, WG_Y=1, CX=1024, CY=64), dict(WG_X=1, WG_Y=1, CX=512, CY=32), dict(WG_X=1, WG_Y=1, CX=1024, CY=8)]
plats = [p for p in cl.get_platforms() if 'Portable' in p.name]
ctx = cl.Context(plats[0].get_devices()); q = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
kern = np.array([1, 4, 6, 4, 1], np.float32) / 16
rng = np.random.default_rng(1); img = rng.random((H, W), np.float32)
pad = np.pad(img, 2); t = sum(kern[i] * pad[:, i:i + W] for i in range(5)); tp = np.pad(t[2:-2], ((2, 2), (0, 0)))
ref = sum(kern[j] * tp[j:j + H] for j in range(5))
mf = cl.mem_flags
bi = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=img); bk = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=kern)
bt = cl.Buffer(ctx, mf.READ_WRITE, img.nbytes); bo = cl.Buffer(ctx, mf.READ_WRITE, img.nbytes)
progs = {}
for n in ('sepconv_row', 'sepconv_col'):
  d = json.load(open(f'/work/main/build/imagecl/generated/{n}.json'))
  src = d['simd']['opencl']
  old = src.replace('icl_row_in ? icl_s_lo : 0, icl_hi = icl_row_in ? icl_s_hi : 0', '0, icl_hi = 0'); assert old != src
  progs[n] = (src, old, [p['define'] for p in d['parameters']])
runs = {}
for name in ('part', 'per_pixel'):
  for c in cfgs:
    ks = []
    for n, (src, old, params) in progs.items():
      defs = {p: 0 for p in params}
      defs.update({'ICL_WG_X': c['WG_X'], 'ICL_WG_Y': c['WG_Y'], 'ICL_CX': c['CX'], 'ICL_CY': c['CY'], 'ICL_SIMD': 16,
                   'ICL_INTERIOR': 1, 'ICL_CONSTANT_k': 1, 'ICL_UNROLL_0': 5, 'ICL_VECTOR_in': 1, 'ICL_VECTOR_out': 1})
      prg = cl.Program(ctx, src if name == 'part' else old).build(options=' '.join(f'-D{k}={v}' for k, v in defs.items()))
      k = prg.all_kernels()[0]
      a, b = (bi, bt) if n == 'sepconv_row' else (bt, bo)
      k.set_args(a, np.int32(W), np.int32(H), b, np.int32(W), np.int32(H), bk)
      ks.append((k, (-(-W // (c['WG_X'] * c['CX'])) * c['WG_X'], -(-H // (c['WG_Y'] * c['CY'])) * c['WG_Y']), (c['WG_X'], c['WG_Y'])))
    runs[f"{name} wg{c['WG_X']}x{c['WG_Y']} c{c['CX']}x{c['CY']}"] = ks
ys = cl.Program(ctx, open('/work/main/kernels/yardstick/sepconv_cpu.cl').read()).build(options='-DXS=1024 -DR=64')
yk = {k.function_name: k for k in ys.all_kernels()}
yk['yardstick_sepconv_row'].set_args(bi, bt, bk, np.int32(W), np.int32(H)); yk['yardstick_sepconv_col'].set_args(bt, bo, bk, np.int32(W), np.int32(H))
g = (-(-W // 1024), -(-H // 64))
runs['yardstick two-pass'] = [(yk['yardstick_sepconv_row'], g, (1, 1)), (yk['yardstick_sepconv_col'], g, (1, 1))]
for n, ks in runs.items():
  cl.enqueue_fill_buffer(q, bo, np.float32(np.nan), 0, img.nbytes)
  for k, g, l in ks: cl.enqueue_nd_range_kernel(q, k, g, l)
  q.finish(); out = np.empty_like(img); cl.enqueue_copy(q, out, bo); print(n, 'maxerr', float(np.abs(out - ref).max()), flush=True)
times = {n: [] for n in runs}
for r in range(60):
  order = list(runs); random.shuffle(order)
  for n in order:
    es = [cl.enqueue_nd_range_kernel(q, k, g, l) for k, g, l in runs[n]]; q.finish()
    times[n].append(sum((e.profile.end - e.profile.start) * 1e-6 for e in es))
for n, t in times.items():
  t = np.array(t); print(f"{n:32s} median {np.median(t):.3f} IQR {np.percentile(t,25):.3f}-{np.percentile(t,75):.3f} min {t.min():.3f} ms")
