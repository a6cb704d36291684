#!/usr/bin/env python3
"""The CUDA peers: CuPy's cupyx.scipy.ndimage and PyTorch on FilterLab's workloads.

Reads what `filterlab-peers export` wrote (manifest.json and .npy inputs and oracle outputs: the
same inputs and the same oracle as every other peer), runs each workload with each peer, checks
every output against the oracle with the manifest's tolerance (max |peer - oracle| <= tolerance
over every pixel of every job, FilterLab's rule), times the verified ones with CUDA events
(warm-up, shuffled rounds, median with IQR and the raw samples) and writes
<results>/peers_cuda/<device-slug>.json in FilterLab's result schema.

  python3 gpu_peers.py --inputs DIR --results DIR [--repetitions 30] [--warmup 3]
  python3 gpu_peers.py --inputs DIR --self-check   # SciPy on the CPU through the CuPy code path:
                                                   # checks loading, definitions and verification

Border mapping (OpenCV -> scipy.ndimage mode / torch F.pad mode): BORDER_REFLECT_101 -> 'mirror' /
'reflect'; BORDER_REPLICATE -> 'nearest' / 'replicate'; BORDER_CONSTANT 0 -> 'constant' (cval 0) /
constant 0. Both libraries correlate (no kernel flip), like OpenCV, with the anchor at the centre of
odd kernels; scipy's 2-tap window with origin 0 covers x-1..x, which is cornerHarris's box window.
PyTorch runs with TF32 off (cudnn.allow_tf32 = False, matmul too): TF32 would round the inputs
to 10-bit mantissas and no float tolerance of ours would hold.
"""
import argparse
import datetime
import json
import os
import platform
import random
import re
import socket
import sys
import time

import numpy as np

SCHEMA_VERSION = 2  # the row keys family, variant_id, case_id (experiments/schemas/peers_cuda.schema.json)
SCHEMA = f"filterlab.result/{SCHEMA_VERSION}"
EXPERIMENT = "peers_cuda"


def nvidia_driver_version(path: str = "/proc/driver/nvidia/version") -> str:
    """The NVIDIA kernel driver's version string ("580.159.04"), as nvidia-smi reports it."""
    try:
        text = open(path, encoding="utf-8").read()
    except OSError as e:
        return f"unknown ({path}: {e.strerror})"
    for line in text.splitlines():
        if line.startswith("NVRM version:"):
            words = [w for w in line.split() if w[:1].isdigit() and "." in w]
            if words:
                return words[0]
    return f"unknown (no NVRM version line in {path})"


def file_sha256(path: str) -> str:
    import hashlib
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


# ---------------------------------------------------------------------------------------------
# Statistics: exactly src/stats.cpp (type-7 quantiles, distribution-free CI of the median).
def quantile_sorted(s, q):
    pos = q * (len(s) - 1)
    lo = int(np.floor(pos))
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (pos - lo) * (s[hi] - s[lo])


def summarize(samples):
    s = sorted(samples)
    n = len(s)
    half = 1.96 * np.sqrt(n)
    lo = int(np.floor((n - half) / 2.0))
    hi = int(np.ceil(1.0 + (n + half) / 2.0))
    clamp = lambda r: min(max(r, 1), n) - 1
    return {"median": quantile_sorted(s, 0.5), "q1": quantile_sorted(s, 0.25), "q3": quantile_sorted(s, 0.75),
            "ci95_low": s[clamp(lo)], "ci95_high": s[clamp(hi)], "min": s[0], "max": s[-1], "n": n}


def slugify(text):
    """src/ocl/device.cpp slugify: lower case, runs of other characters -> one '-'."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


# ---------------------------------------------------------------------------------------------
# The ndimage peer (CuPy on the GPU; SciPy on the CPU for --self-check): same code, module passed in.
class NdimagePeer:
    def __init__(self, name, xp, ndi, sync, timer):
        self.name, self.xp, self.ndi, self.sync, self.timer = name, xp, ndi, sync, timer

    def prepare(self, workload, inputs):
        xp = self.xp
        self.jobs = workload["jobs"]
        self.u8 = workload["u8"]
        self.src = [xp.asarray(inputs[j["input"]]) for j in self.jobs]
        self.out = [None] * len(self.jobs)
        self.sync()

    def _job(self, j, x):
        xp, ndi, d = self.xp, self.ndi, j["definition"]
        name = self.workload_name
        if name == "scharr_pyramid":
            kx = xp.asarray(d["kx"], dtype=xp.float32)
            ky = xp.asarray(d["ky"], dtype=xp.float32)
            t = ndi.correlate1d(x, kx, axis=1, mode="mirror")
            return ndi.correlate1d(t, ky, axis=0, mode="mirror")
        if name == "sepconv5":
            kx = xp.asarray(d["kx"], dtype=xp.float32)
            ky = xp.asarray(d["ky"], dtype=xp.float32)
            t = ndi.correlate1d(x, kx, axis=1, mode="constant", cval=0.0)
            return ndi.correlate1d(t, ky, axis=0, mode="constant", cval=0.0)
        if name == "conv2d5_u8":
            w = xp.asarray(d["weights"], dtype=xp.float32)
            s = ndi.correlate(x.astype(xp.float32), w, mode="nearest")
            return xp.clip(xp.rint(s), 0, 255).astype(xp.uint8)  # rint: half to even
        if name == "harris":
            return harris_ndimage(xp, ndi, x, d)
        raise ValueError(f"unknown workload {name}")

    def run(self):
        for i, j in enumerate(self.jobs):
            self.out[i] = self._job(j, self.src[i])

    def outputs(self):
        self.sync()
        return [np.asarray(o.get() if hasattr(o, "get") else o) for o in self.out]


def harris_ndimage(xp, ndi, x, d):
    s = xp.float32(d["sobel_scale"])
    deriv = xp.asarray([-1, 0, 1], dtype=xp.float32)
    smooth = xp.asarray([1, 2, 1], dtype=xp.float32)
    gx = ndi.correlate1d(ndi.correlate1d(x, deriv, axis=1, mode="mirror"), smooth, axis=0, mode="mirror") * s
    gy = ndi.correlate1d(ndi.correlate1d(x, smooth, axis=1, mode="mirror"), deriv, axis=0, mode="mirror") * s
    box = xp.ones((2, 2), dtype=xp.float32)  # origin 0 on 2 taps: window x-1..x, y-1..y
    a = ndi.correlate(gx * gx, box, mode="mirror")
    b = ndi.correlate(gx * gy, box, mode="mirror")
    c = ndi.correlate(gy * gy, box, mode="mirror")
    k = xp.float32(d["k"])
    return a * c - b * b - k * (a + c) * (a + c)


# ---------------------------------------------------------------------------------------------
# The PyTorch peer: F.pad with the workload's border, then F.conv2d (cross-correlation).
class TorchPeer:
    name = "torch"

    def __init__(self, torch, sync):
        self.torch, self.F, self.sync = torch, torch.nn.functional, sync

    def prepare(self, workload, inputs):
        t = self.torch
        self.jobs = workload["jobs"]
        self.workload_name = workload["name"]
        self.src = [t.from_numpy(np.ascontiguousarray(inputs[j["input"]])).cuda()[None, None] for j in self.jobs]
        self.w = [self._weights(j) for j in self.jobs]
        self.out = [None] * len(self.jobs)
        self.sync()

    def _weights(self, j):
        t, d = self.torch, j["definition"]
        f = lambda a: t.tensor(a, dtype=t.float32, device="cuda")
        if "weights" in d and self.workload_name != "sepconv5":
            return f(d["weights"])[None, None]
        if "kx" in d:
            return (f(d["kx"])[None, None, None, :], f(d["ky"])[None, None, :, None])
        return None

    def _job(self, i):
        t, F, j, x = self.torch, self.F, self.jobs[i], self.src[i]
        name, d = self.workload_name, j["definition"]
        if name == "scharr_pyramid":
            r = len(d["kx"]) // 2
            return F.conv2d(F.pad(x, (r, r, r, r), mode="reflect"), self.w[i])  # reflect = BORDER_REFLECT_101
        if name == "sepconv5":
            r = len(d["kx"]) // 2
            wx, wy = self.w[i]
            return F.conv2d(F.conv2d(F.pad(x, (r, r, r, r), mode="constant", value=0.0), wx), wy)
        if name == "conv2d5_u8":
            s = F.conv2d(F.pad(x.float(), (2, 2, 2, 2), mode="replicate"), self.w[i])
            return t.clamp(t.round(s), 0, 255).to(t.uint8)  # torch.round: half to even
        if name == "harris":
            s = float(d["sobel_scale"])
            sobel_x = t.tensor([[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]], dtype=t.float32, device="cuda")[None, None]
            sobel_y = sobel_x.transpose(2, 3).contiguous()
            p = F.pad(x, (1, 1, 1, 1), mode="reflect")
            gx, gy = F.conv2d(p, sobel_x) * s, F.conv2d(p, sobel_y) * s
            box = t.ones((1, 1, 2, 2), dtype=t.float32, device="cuda")
            win = lambda v: F.conv2d(F.pad(v, (1, 0, 1, 0), mode="reflect"), box)  # window x-1..x, y-1..y
            a, b, c = win(gx * gx), win(gx * gy), win(gy * gy)
            k = float(d["k"])
            return a * c - b * b - k * (a + c) * (a + c)
        raise ValueError(f"unknown workload {name}")

    def run(self):
        for i in range(len(self.jobs)):
            self.out[i] = self._job(i)

    def outputs(self):
        self.sync()
        return [o[0, 0].cpu().numpy() for o in self.out]


# ---------------------------------------------------------------------------------------------
def judge(workload, outputs, oracles):
    worst, detail = 0.0, ""
    for j, got in zip(workload["jobs"], outputs):
        want = oracles[j["oracle"]]
        if got.shape != want.shape:
            return False, float("inf"), f"{j['label']}: shape {got.shape}, oracle {want.shape}"
        err = np.abs(got.astype(np.float64) - want.astype(np.float64))
        err[~np.isfinite(got.astype(np.float64))] = np.inf
        m = float(err.max())
        worst = max(worst, m)
        if m > j["tolerance"] and not detail:
            y, x = np.unravel_index(int(np.argmax(err)), err.shape)
            detail = (f"{j['label']}: {int((err > j['tolerance']).sum())} of {err.size} pixels differ; max |error| {m} "
                      f"at ({x},{y}): peer {got[y, x]}, oracle {want[y, x]} (tolerance {j['tolerance']})")
    return not detail, worst, detail


def load_workload(inputs_dir, w):
    inputs, oracles = {}, {}
    for j in w["jobs"]:
        for key, store in (("input", inputs), ("oracle", oracles)):
            if j[key] not in store:
                store[j[key]] = np.load(os.path.join(inputs_dir, j[key]))
    return inputs, oracles


def cuda_event_timer(cp):
    def time_ms(fn):
        start, end = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        fn()
        end.record()
        end.synchronize()
        return cp.cuda.get_elapsed_time(start, end)
    return time_ms


def host_timer(fn):
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1e3


def copy_bandwidth_GBps(cp, nbytes=1 << 30, reps=20):
    """Device-to-device copy, bytes read plus written, best median of CUDA-event-timed copies."""
    a = cp.empty(nbytes, dtype=cp.uint8)
    b = cp.empty_like(a)
    timer = cuda_event_timer(cp)
    for _ in range(3):
        b[...] = a
    ms = summarize([timer(lambda: b.__setitem__(Ellipsis, a)) for _ in range(reps)])["median"]
    del a, b
    return 2.0 * nbytes / (ms * 1e-3) / 1e9, ms


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--inputs", required=True, help="directory written by `filterlab-peers export`")
    ap.add_argument("--results", help="results directory (writes peers_cuda/<device-slug>.json)")
    ap.add_argument("--repetitions", type=int, default=30)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--workloads", default="", help="only workloads whose ID contains this text")
    ap.add_argument("--self-check", action="store_true",
                    help="run the ndimage peer with NumPy/SciPy on the CPU (no CUDA): checks definitions and verification")
    args = ap.parse_args()
    with open(os.path.join(args.inputs, "manifest.json")) as f:
        manifest = json.load(f)
    if manifest.get("schema") != "filterlab.peer_inputs/1":
        sys.exit(f"gpu_peers: {args.inputs}/manifest.json is not a filterlab-peers export")

    if args.self_check:
        import scipy.ndimage as ndi
        peers = [NdimagePeer("scipy_cpu", np, ndi, lambda: None, host_timer)]
        timer = host_timer
        versions, device = {"numpy": np.__version__}, {"device": platform.processor() or "cpu"}
    else:
        if not args.results:
            sys.exit("gpu_peers: --results is required (or --self-check)")
        import cupy as cp
        import cupyx.scipy.ndimage as cndi
        import torch
        torch.backends.cudnn.allow_tf32 = False
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.benchmark = False
        cp_sync = lambda: cp.cuda.Device().synchronize()
        t_sync = lambda: torch.cuda.synchronize()
        # CuPy and PyTorch use different streams: each peer's timer records events on its own stream.
        peers = [NdimagePeer("cupy", cp, cndi, cp_sync, None), TorchPeer(torch, t_sync)]
        timer = None
        props = cp.cuda.runtime.getDeviceProperties(0)
        name = props["name"].decode() if isinstance(props["name"], bytes) else props["name"]
        bw, bw_ms = copy_bandwidth_GBps(cp)
        device = {"device": name, "device_slug": slugify(name), "device_type": "GPU",
                  "global_mem_bytes": int(props["totalGlobalMem"]), "compute_units": int(props["multiProcessorCount"]),
                  "copy_bandwidth_GBps": bw,
                  "copy_bandwidth": {"bytes_per_copy": 1 << 30, "median_ms": bw_ms,
                                     "method": "CuPy device-to-device copy, CUDA events, bytes read plus written"}}
        versions = {"cupy": cp.__version__, "torch": torch.__version__, "numpy": np.__version__,
                    "cuda_runtime": cp.cuda.runtime.runtimeGetVersion(), "cuda_driver": cp.cuda.runtime.driverGetVersion(),
                    "torch_cuda": torch.version.cuda, "cudnn": torch.backends.cudnn.version()}

    def time_peer(peer):
        if args.self_check:
            return host_timer
        if peer.name == "cupy":
            return cuda_event_timer(cp)

        def torch_timer(fn):
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            fn()
            end.record()
            end.synchronize()
            return start.elapsed_time(end)
        return torch_timer

    bw_GBps = device.get("copy_bandwidth_GBps")
    rows = []
    rng = random.Random(args.seed)
    for w in manifest["workloads"]:
        if args.workloads and args.workloads not in w["id"]:
            continue
        print(f"[peers_cuda] {w['id']}: loading", file=sys.stderr)
        inputs, oracles = load_workload(args.inputs, w)
        timed = []
        for peer in peers:
            peer.workload_name = w["name"]
            # A peer on one workload (its ksize or size in the workload ID) is one variant, one case.
            variant_id = f"peers.{peer.name}/{w['id']}"
            row = {"family": f"peers.{peer.name}", "variant_id": variant_id, "case_id": variant_id, "peer": peer.name,
                   "library": {"cupy": "CuPy", "torch": "PyTorch", "scipy_cpu": "SciPy"}[peer.name],
                   "runs_on": "host_cpu" if args.self_check else "cuda_device", "workload": w["name"],
                   "workload_id": w["id"], "ksize": w["ksize"], "width": w["width"], "height": w["height"],
                   "border": w["border"], "calls_per_sample": len(w["jobs"]), "pixels": w["pixels"],
                   "bytes_min": w["bytes_min"],
                   "timing": ("host wall clock (self-check)" if args.self_check else
                              "CUDA events recorded before the first and after the last call of a sample, on the peer's stream")}
            if bw_GBps:
                row["floor_ms"] = w["bytes_min"] / (bw_GBps * 1e9) * 1e3
            try:
                peer.prepare(w, inputs)
                peer.run()
                ok, worst, detail = judge(w, peer.outputs(), oracles)
            except Exception as e:  # a peer that cannot run the workload is reported, not hidden
                row.update(status="error", reason=f"{type(e).__name__}: {e}")
                rows.append(row)
                print(f"[peers_cuda] {peer.name} failed: {e}", file=sys.stderr)
                continue
            row["max_abs_error"] = worst
            row["tolerance"] = w["jobs"][0]["tolerance"]
            if not ok:
                row.update(status="disagrees_with_oracle", reason=detail)
                rows.append(row)
                print(f"[peers_cuda] {peer.name} disagrees: {detail}", file=sys.stderr)
                continue
            timed.append((peer, row, []))
        for peer, _, _ in timed:
            for _ in range(args.warmup):
                time_peer(peer)(peer.run)
        order = list(range(len(timed)))
        for r in range(args.repetitions):
            rng.shuffle(order)
            for i in order:
                peer, _, samples = timed[i]
                samples.append(time_peer(peer)(peer.run))
        for peer, row, samples in timed:
            ok, worst, detail = judge(w, peer.outputs(), oracles)  # the last timed sample's outputs too
            s = summarize(samples)
            row.update(status="measured" if ok else "disagrees_with_oracle", event_ms=s, samples_event_ms=samples)
            if not ok:
                row["reason"] = "after timing: " + detail
            if "floor_ms" in row:
                row["roofline_fraction"] = row["floor_ms"] / s["median"]
            rows.append(row)
            print(f"{row['case_id']}: {row['status']}, {s['median']:.4f} ms median", flush=True)
        del inputs, oracles

    prov = dict(device)
    prov.update({"host": socket.gethostname(), "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                 "commit": manifest["commit"], "commit_dirty": manifest["commit_dirty"],
                 "commit_note": "the commit of the filterlab-peers that exported the inputs and oracle (this script ships in the same bundle)",
                 "libraries": versions, "python": platform.python_version(), "inputs": os.path.abspath(args.inputs),
                 "scale": manifest["scale"], "warmup": args.warmup, "repetitions": args.repetitions, "order_seed": args.seed,
                 "tolerance_rule": manifest["tolerance_rule"],
                 "timing": "CUDA events around every call of a sample (device work only, no host copies); warm-up, shuffled rounds",
                 "torch_settings": "cudnn.allow_tf32 = False, matmul.allow_tf32 = False, cudnn.benchmark = False"})
    # The GPU code is the libraries' (versions above) driven by this script: its hash stands for the kernels.
    script = os.path.abspath(__file__)
    prov.update({"kernel_origin": "none: CuPy's and PyTorch's own kernels, called by this script",
                 "kernel_sources": {"experiments/peers/gpu_peers.py": file_sha256(script)},
                 "driver_version": "none (self-check on the host)" if args.self_check else nvidia_driver_version()})
    result = {"schema": SCHEMA, "schema_version": SCHEMA_VERSION, "experiment": EXPERIMENT, "provenance": prov,
              "rows": rows}
    if args.self_check:
        bad = [r["case_id"] for r in rows if r["status"] != "measured"]
        print("self-check: " + ("every workload agrees with the oracle" if not bad else "FAILED: " + ", ".join(bad)))
        return 1 if bad else 0
    out_dir = os.path.join(args.results, EXPERIMENT)
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, prov["device_slug"] + ".json")
    with open(path + ".tmp", "w") as f:
        json.dump(result, f, indent=1)
        f.write("\n")
    os.replace(path + ".tmp", path)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
