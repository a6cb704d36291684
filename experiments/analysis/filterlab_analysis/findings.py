"""The README's measured findings, generated so that no hand-written page types a measured number.

make_all.py runs `write` after the studies: it reads their summaries in the output directory
(tiled_summary.json, peers_summary.json, tuning_summary.json) and the ImageCL targets, and writes
findings.md there, one bullet per finding with absolute times beside every ratio. update_docs.py
copies it to docs/generated/findings.md, and tests/paper/test_readme.py checks that README.md's
findings block equals it. A finding whose study has no result is left out and says so.
"""

from __future__ import annotations

import json
from pathlib import Path

from . import halide_schedules as H
from . import peers as P
from . import results as R
from . import tiled as TL

# The tuner's sub-spaces the register-fusion finding compares (src/tuner/imagecl_subspace.cpp).
FUSED_KERNELS = ("sepconv_fused", "harris_fused")
PEER_LABELS = {"tiled_amd": "tiled.amd"}  # the targets' other sides that are not peers
U8_SPACES = {"regs": "register window", "slide": "sliding register rows",
             "staged": "local tile converted while staging"}


def _read(out: Path, name: str) -> dict | None:
    path = out / f"{name}_summary.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def _device(d: dict) -> str:
    return d["name"] + (f" (sizes / {d['scale']})" if d.get("scale", 1) != 1 else "")


def tiled_bullet(summary: dict) -> str:
    """Study 4: AMD's tiled design against the fastest non-tiled design at each device's largest size."""
    parts = []
    for d in summary["devices"]:
        size = d["sizes"][-1]
        ks = [f"{R.fmt_ratio(ms / t)}x at {k}x{k} ({R.fmt_ms(t)} ms against {label}'s {R.fmt_ms(ms)} ms)"
              for k, t, ms, label in reversed(TL.against_fastest_non_tiled(d, size))]
        if ks:
            parts.append(f"{d['name']} at {size}^2, " + " and ".join(ks))
    return ("- **AMD's tiled convolution (Study 4)** against the fastest non-tiled design, kernel time at each "
            "device's largest size: " + ("; ".join(parts) if parts else "no device has both at that size") + ".")


def peers_bullet(summary: dict) -> str:
    """FilterLab's fastest variant against the fastest peer at its best, per device: how many workloads it
    wins and the extremes, each with both times."""
    parts = []
    for d in summary["devices"]:
        rows = []
        for w in d["workloads"]:
            best = P.fastest_peer(w, ("opencl_device", "cuda_device", "host_cpu"))
            r = P.ratio(best[1], w["filterlab"]) if best else None
            if r:
                rows.append((r, w, *best))
        if not rows:
            continue
        rows.sort(key=lambda x: x[0])

        def one(x: tuple) -> str:
            r, w, name, p = x
            fl = w["filterlab"]["wall_ms" if p["kind"] == "wall" else "kernel_ms"]["median"]
            return (f"{R.fmt_ratio(r)}x on {P.workload_label(w)} ({P.peer_label(name, p)} {R.fmt_ms(p['ms']['median'])} ms "
                    f"against {R.fmt_ms(fl)} ms, {'wall' if p['kind'] == 'wall' else 'kernel'})")
        wins = sum(1 for r, *_ in rows if r > 1)
        ends = one(rows[0]) if len(rows) == 1 else f"from {one(rows[0])} to {one(rows[-1])}"
        parts.append(f"{_device(d)}: faster on {wins} of {len(rows)} workloads, {ends}")
    return ("- **FilterLab's fastest variant against the fastest peer at its best** (the peer's time over "
            "FilterLab's; wall clock against wall clock, CUDA events against kernel events): " + "; ".join(parts) + ".")


def _target_phrase(t: dict, imagecl_ms: float) -> str:
    """One target's figure and bar, the other side's time beside it, and ImageCL's where this row's differs
    from the workload's (the 8-bit convolution with FP contraction off)."""
    v = "-" if t["value"] is None else f"{t['value']:.2f}"
    what = {"binding_floor": f"{v} of its binding ({t['binding'] or '-'}) floor",
            "npp_best_border": f"NPP's time over ImageCL's {v}",
            "tiled_amd": f"tiled.amd's kernel time over ImageCL's {v}",
            "npp_exact": f"NPP's time over ImageCL's with FP contraction off {v}",
            "harris_fused_memory": f"fused Harris at {v} of its memory floor",
            "cpu_halide": f"Halide's best CPU time over ImageCL's wall time {v}"}[t["kind"]]
    beside = [f"bar {t['bar']:.2f}" + (", met" if t["met"] else "")]
    if t.get("imagecl_kernel_ms") is not None and t["imagecl_kernel_ms"] != imagecl_ms:
        beside.append(f"ImageCL {R.fmt_ms(t['imagecl_kernel_ms'])} ms")
    if t.get("peer_ms"):
        label = PEER_LABELS.get(t["peer"], P.LABELS.get(t["peer"], t["peer"])) + H.label(t.get("schedule"))
        beside.append(f"{label} {R.fmt_ms(t['peer_ms'])} ms")
    return f"{what} ({'; '.join(beside)})"


def targets_bullet(rows: list[dict]) -> str:
    """Issue 30's ImageCL targets per device and workload: the figure, its bar, ImageCL's kernel time."""
    parts, seen = [], {}
    for t in rows:
        seen.setdefault(t["device"], {}).setdefault(t["workload"], []).append(t)
    for device, workloads in seen.items():
        met = sum(t["met"] for ts in workloads.values() for t in ts)
        total = sum(len(ts) for ts in workloads.values())
        items = [f"{w} (ImageCL {R.fmt_ms(ts[0]['imagecl_kernel_ms'])} ms kernel, {R.fmt_ms(ts[0]['imagecl_wall_ms'])} "
                 f"ms wall): " + ", ".join(_target_phrase(t, ts[0]["imagecl_kernel_ms"]) for t in ts)
                 for w, ts in workloads.items()]
        parts.append(f"{device}, {met} of {total} met: " + "; ".join(items))
    return ("- **The ImageCL targets** (the generated targets table has every one's binding ceiling and copy "
            "fraction): " + ". ".join(parts) + ".")


def fusion_bullet(summary: dict) -> str | None:
    """The tuner's best per sub-space on each GPU: register fusion against the local-memory tile for the
    fused kernels, and the 8-bit convolution's register window against its alternatives."""
    parts = []
    for d in summary["devices"]:
        if d.get("type") != "GPU":
            continue
        best = {k: s["best"]["time_ms"] for k, s in d["spaces"].items() if s.get("best")}
        fused = [f"{k} {R.fmt_ms(best[f'imagecl.{k}:split'])} ms with a local-memory tile, "
                 f"{R.fmt_ms(best[f'imagecl.{k}:private'])} ms with register fusion"
                 for k in FUSED_KERNELS if f"imagecl.{k}:split" in best and f"imagecl.{k}:private" in best]
        u8 = [f"{what} {R.fmt_ms(best[f'imagecl.conv2d_u8:{k}'])} ms" for k, what in U8_SPACES.items()
              if f"imagecl.conv2d_u8:{k}" in best]
        if fused or u8:
            parts.append(f"{d['name']}: " + "; ".join(fused + ([f"conv2d_u8 " + ", ".join(u8)] if u8 else [])))
    if not parts:
        return None
    return ("- **Where the tuner's best comes from** (the best kernel time of each exhaustive sub-space): "
            + ". ".join(parts) + ".")


def findings_md(out: Path, results: Path) -> str:
    lines = []
    tiled = _read(out, "tiled")
    lines.append(tiled_bullet(tiled) if tiled else "- Study 4 (tiled): no result.")
    peers = _read(out, "peers")
    if peers:
        lines.append(peers_bullet(peers))
        lines.append(targets_bullet(P.targets(peers, results)))
    else:
        lines.append("- Peers and ImageCL targets: no result.")
    tuning = _read(out, "tuning")
    fusion = fusion_bullet(tuning) if tuning else None
    if fusion:
        lines.append(fusion)
    return "\n".join(lines) + "\n"


def write(out: Path, results: Path) -> None:
    R.write_text(out / "findings.md", findings_md(out, results))
