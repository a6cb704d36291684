"""Experiment "peers": FilterLab's best variant beside OpenCV, Halide, CuPy, PyTorch and NVIDIA NPP.

    PYTHONPATH=experiments/analysis /usr/bin/python3 -m filterlab_analysis.peers --results experiments/results --out paper/generated

Reads <results>/peers/*.json (filterlab-peers: OpenCV CPU/UMat, Halide CPU/OpenCL, one file per
OpenCL device), <results>/peers_cuda/*.json (gpu_peers.py: CuPy, PyTorch, per CUDA device),
<results>/peers_npp/*.json (experiments/peers/npp: NVIDIA NPP, per CUDA device) and, for
FilterLab's own side, the committed results of the studies that measured the same work:
  workload 1 (Scharr pyramid): scharr_gradient_variants/<slug>.json, the fastest variant per size
    (kernel time) at the same pyramid scale;
  workload 2 (5x5 separable): tiled/<slug>.json, tiled.amd 5x5 over the whole image of the same
    side (Study 4: reflect-101 border and Study 4's weights, not constant-0 and the binomial);
  workloads 3-4 (8-bit 5x5, Harris): imagecl/<slug>.json once the ImageCL study has results;
    until then "not measured yet".
Ratios compare like with like: host wall-clock peers against FilterLab's wall time (enqueue to
finish), CUDA-event peers against FilterLab's kernel time (profiling events). Roofline fractions
use the copy bandwidth of the processor the row ran on: the OpenCL device's for device rows, the
same host CPU's PoCL measurement for CPU rows (matched by processor name), else none.

Writes to --out:
    peers_summary.json   derived data (the only input of everything below)
    peers_table.tex      tabular: per device and workload, FilterLab's best and every peer
    peers.pdf            median time per workload and implementation, per device (log scale)
    peers_macros.tex     \\newcommand's (\\Peers...) the prose quotes
    peers_headline.md    per device and workload, the fastest peer (docs/generated/, update_docs.py)
    peers_table.md       the full table in Markdown (docs/generated/)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import figure_output as FO
from . import halide_schedules as H
from . import results as R
from . import roofline_native as RN
from . import tex_layout as T
from .study import Run, Study, first_paragraph

EXPERIMENT = "peers"
CUDA_EXPERIMENT = "peers_cuda"
NPP_EXPERIMENT = "peers_npp"
PEERS = ["opencv_cpu", "opencv_umat", "halide_cpu", "halide_opencl", "halide_cuda", "cupy", "torch", "npp", "npp_native"]
LABELS = {"opencv_cpu": "OpenCV (CPU)", "opencv_umat": "OpenCV UMat (OpenCL)", "halide_cpu": "Halide (CPU)",
          "halide_opencl": "Halide (OpenCL)", "halide_cuda": "Halide (CUDA)", "cupy": "CuPy ndimage (CUDA)", "torch": "PyTorch conv2d (CUDA)",
          "npp": "NVIDIA NPP (CUDA), exact border", "npp_native": "NVIDIA NPP (CUDA), its own border"}
# NPP at its best beside NPP with the workload's exact semantics: its border-controlled filters offer
# only the replicate border, so an exact row pads the image first (the padding is timed) and its best
# row filters with replicate, which agrees with the oracle only away from the edges. Each such row
# carries its handicap wherever it is shown.
WORKLOAD_LABELS = {"scharr_pyramid": "Scharr d/dx+d/dy, pyramid", "sepconv5": "5x5 separable, float",
                   "conv2d5_u8": "5x5 non-separable, 8-bit", "harris": "Harris (cornerHarris)"}
NOT_YET = "not measured yet"

PROV_KEYS = {"device": "str", "device_slug": "str", "device_type": "str", "commit": "str", "commit_dirty": "bool",
             "repetitions": "int", "scale": "number", "libraries": "dict"}
ROW_KEYS = {"peer": "str", "library": "str", "runs_on": "str", "workload": "str",
            "workload_id": "str", "ksize": "int", "width": "int", "height": "int", "bytes_min": "int",
            "status": "str", "timing": "str"}


# ---------------------------------------------------------------------------------------------
# raw -> derived


def _load(path: Path, experiment: str) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise R.ResultError(f"{path}: cannot read ({e})") from e
    R._require(data, {"schema": "str", "experiment": "str", "provenance": "dict", "rows": "list"}, "", path)
    if data["experiment"] != experiment:
        raise R.ResultError(f"{path}: not a '{experiment}' result (experiment '{data['experiment']}')")
    R.check_schema(data, "filterlab.result", path)
    keys = dict(PROV_KEYS)
    if experiment == CUDA_EXPERIMENT:
        keys.pop("device_type")
    R._require(data["provenance"], keys, "provenance", path)
    if data["provenance"]["device_slug"] != path.stem:
        raise R.ResultError(f"{path}: provenance.device_slug does not match the file name")
    # Every row read through the row keys (family, variant_id, case_id), whatever the file's version.
    data["rows"] = [R.with_row_keys(r, experiment, path, f"rows[{i}]") for i, r in enumerate(data["rows"])]
    for i, row in enumerate(data["rows"]):
        R._require(row, ROW_KEYS, f"rows[{i}]", path)
        case_id = row["case_id"]
        if row["family"] != f"peers.{row['peer']}":
            raise R.ResultError(f"{path}: rows[{i}] ({case_id}) has family '{row['family']}' but peer "
                                f"'{row['peer']}' (expected family 'peers.{row['peer']}')")
        if row["status"] in ("measured", "fallback"):
            key = "wall_ms" if "wall_ms" in row else "event_ms"
            stats = R._stats(row.get(key), f"rows[{i}].{key}", path)
            R._samples(row.get(f"samples_{key}", []), stats, f"rows[{i}].samples_{key}", path)
            if stats.n != data["provenance"]["repetitions"]:
                raise R.ResultError(f"{path}: rows[{i}] ({case_id}) has {stats.n} samples, "
                                    f"provenance.repetitions is {data['provenance']['repetitions']}")
    if not data["rows"]:
        raise R.ResultError(f"{path}: 'rows' is empty")
    return data


def _optional(results: Path, experiment: str, slug: str) -> dict | None:
    path = results / experiment / f"{slug}.json"
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rows"] = [R.with_row_keys(r, experiment, path, f"rows[{i}]") for i, r in enumerate(data["rows"])]
    return data


def _time(row: dict) -> tuple[str, dict]:
    return ("wall", row["wall_ms"]) if "wall_ms" in row else ("event", row["event_ms"])


# The peers' workloads that the ImageCL study's benchmarks compute (same function, same border),
# and the minimum bytes per pixel of each whole pipeline (read the input, write the output once).
# A workload's ImageCL pipelines: two kernels, or the same two fused into one (the fastest counts).
IMAGECL_BENCHMARK = {"sepconv5": ["sepconv", "sepconv_fused"], "conv2d5_u8": ["conv2d_u8"], "harris": ["harris", "harris_fused"]}
PIPELINE_BYTES_PER_PIXEL = {"sepconv": 8, "sepconv_fused": 8, "conv2d_u8": 2, "harris": 8, "harris_fused": 8}


def imagecl_best(data: dict, benchmark: str, side: int, exact_only: bool = False) -> dict:
    """The ImageCL study's fastest measured pipeline: its fastest configuration of each kernel, in
    sequence (every kernel's configurations were timed on their own, verified as whole pipelines).
    Study 6a times the tuner's best known configuration of each kernel (rows marked `tuned`) beside
    its sampled ones, so this is the tuned configuration unless a sample beat it in this run.
    `exact_only`: among configurations with FP contraction off (`exact` 1) only."""
    rows = [r for r in data["rows"] if r["benchmark"] == benchmark and r["width"] == side
            and (not exact_only or r.get("exact") == 1)]
    if not rows:
        what = "no configuration with FP contraction off" if exact_only else NOT_YET
        return {"missing": f"{what} at {side}^2 (ImageCL scale {data['provenance']['scale']})"}
    best = {}
    for r in rows:
        if r["kernel"] not in best or r["kernel_ms"]["median"] < best[r["kernel"]]["kernel_ms"]["median"]:
            best[r["kernel"]] = r
    def total(key: str) -> dict:
        return {q: sum(b[key][q] for b in best.values()) for q in ("median", "q1", "q3")}
    kernel_ms, wall_ms = total("kernel_ms"), total("wall_ms")
    copy = data["provenance"].get("copy_bandwidth_GBps")
    floor = PIPELINE_BYTES_PER_PIXEL[benchmark] * side * side / (copy * 1e9) * 1e3 if copy else None
    tuned = sum(1 for b in best.values() if b.get("tuned"))
    return {"id": " + ".join(b["variant_id"] for b in best.values()), "source": "imagecl",
            "note": f"ImageCL's fastest timed configuration of each kernel ({len(best)} kernel(s): the tuner's best "
                    f"known and {data['provenance']['samples_per_kernel']} sampled per kernel; {tuned} of {len(best)} "
                    f"fastest are the tuned ones; quartiles added)",
            "tuned_kernels": tuned, "benchmark": benchmark, "side": side,
            # Per kernel: whether it was built with contraction off (its FP32 floor as written).
            "kernels": {k: b.get("exact") == 1 for k, b in best.items()},
            "kernel_ms": kernel_ms, "wall_ms": wall_ms,
            "roofline_fraction": floor / kernel_ms["median"] if floor else None,
            "copy_GBps": copy, "commit": data["provenance"]["commit"]}


def filterlab_best(results: Path, slug: str, workload: dict) -> dict:
    """FilterLab's fastest measured variant for a workload on a device, or why there is none."""
    name, side = workload["workload"], workload["width"]
    if name == "scharr_pyramid":
        data = _optional(results, "scharr_gradient_variants", slug)
        if data is None:
            return {"missing": NOT_YET}
        if data["provenance"]["scale"] != workload["scale"]:
            return {"missing": f"measured at pyramid scale {data['provenance']['scale']}, the peers at {workload['scale']}"}
        rows = [r for r in data["rows"] if r["ksize"] == workload["ksize"]]
        source, note = "scharr_gradient_variants", "Study 1's fastest variant"
    elif name in IMAGECL_BENCHMARK and _optional(results, "imagecl", slug) is not None:
        data = _optional(results, "imagecl", slug)
        def fastest(exact_only: bool) -> dict:
            found = [imagecl_best(data, b, side, exact_only) for b in IMAGECL_BENCHMARK[name]]
            measured = [f for f in found if "missing" not in f]
            return min(measured, key=lambda f: f["kernel_ms"]["median"]) if measured else found[0]
        best = fastest(False)
        if "missing" not in best:
            best["exact_mode"] = fastest(True)
            if name == "sepconv5":  # the project's hand-written bar (Study 4's tiled.amd)
                best["tiled_amd"] = _tiled_amd(results, slug, side)
            if name == "harris":  # the fused pipeline's own figure, fastest or not
                best["harris_fused"] = imagecl_best(data, "harris_fused", side)
        return best
    elif name == "sepconv5":
        data = _optional(results, "tiled", slug)
        if data is None:
            return {"missing": NOT_YET}
        rows = [r for r in data["rows"] if r["variant_id"] == "tiled.amd/k5/wg8x8" and r["size"] == side and r["roi"] == "full"]
        source, note = "tiled", "Study 4's tiled 5x5: reflect-101 border and Study 4's weights (not constant-0, binomial)"
        if not rows:
            return {"missing": f"{NOT_YET} at {side}^2 (Study 4 sizes: {data['provenance']['sizes']})"}
    else:
        data = _optional(results, "imagecl", slug)
        if data is None:
            return {"missing": NOT_YET}
        rows = [r for r in data["rows"] if r.get("workload") == name and r.get("width", r.get("size")) == side
                and "kernel_ms" in r]
        source, note = "imagecl", "the ImageCL study's fastest configuration"
    if not rows:
        return {"missing": NOT_YET}
    best = min(rows, key=lambda r: r["kernel_ms"]["median"])
    return {"id": best["case_id"], "source": source, "note": note, "kernel_ms": best["kernel_ms"],
            "wall_ms": best.get("wall_ms"), "roofline_fraction": best.get("roofline_fraction"),
            "copy_GBps": data["provenance"]["copy_bandwidth_GBps"], "commit": data["provenance"]["commit"]}


def _tiled_amd(results: Path, slug: str, side: int) -> dict:
    """Study 4's tiled.amd 5x5 over the whole image of this side on this device, or why not."""
    data = _optional(results, "tiled", slug)
    if data is None:
        return {"missing": NOT_YET}
    rows = [r for r in data["rows"] if r["variant_id"] == "tiled.amd/k5/wg8x8" and r["size"] == side and r["roi"] == "full"]
    if not rows:
        return {"missing": f"{NOT_YET} at {side}^2"}
    r = rows[0]
    return {"id": r["case_id"], "kernel_ms": r["kernel_ms"], "commit": data["provenance"]["commit"],
            "handicap": "Study 4's tiled.amd filters with reflect-101 and Study 4's weights, ImageCL with constant 0 and "
                        "the binomial: the same work per pixel"}


def derive(results: Path, files: list[tuple[Path, dict]], cuda: list[tuple[Path, dict]]) -> dict:
    # The copy bandwidth of each host processor, from the peers runs on its PoCL device.
    cpu_bw = {d["provenance"].get("host_cpu"): (d["provenance"]["copy_bandwidth_GBps"], d["provenance"]["device_slug"])
              for _, d in files if d["provenance"]["device_type"] == "CPU"}
    cuda_by_slug: dict[tuple[str, str], tuple[Path, dict]] = {
        (d["experiment"], d["provenance"]["device_slug"]): (p, d) for p, d in cuda}
    devices = []
    for path, data in files:
        prov = data["provenance"]
        slug = prov["device_slug"]
        extra = cuda_by_slug.get((CUDA_EXPERIMENT, slug))
        npp = cuda_by_slug.get((NPP_EXPERIMENT, slug))
        rows = [(r, prov) for r in data["rows"]] + [(r, x[1]["provenance"]) for x in (extra, npp) if x for r in x[1]["rows"]]
        workloads: dict[str, dict] = {}
        for r, rprov in rows:
            w = workloads.setdefault(r["workload_id"], {
                "workload": r["workload"], "workload_id": r["workload_id"], "ksize": r["ksize"],
                "width": r["width"], "height": r["height"], "bytes_min": r["bytes_min"],
                "border": r.get("border", ""), "scale": prov["scale"], "peers": {}})
            entry = {"case_id": r["case_id"], "status": r["status"], "library": r["library"], "runs_on": r["runs_on"], "timing": r["timing"],
                     "reason": r.get("reason", ""), "max_abs_error": r.get("max_abs_error"),
                     "tolerance": r.get("tolerance")}
            if r["status"] in ("measured", "fallback"):
                kind, stats = _time(r)
                entry.update(kind=kind, ms=stats)
                if r["runs_on"] == "opencl_device":
                    bw, basis = prov["copy_bandwidth_GBps"], slug
                elif r["runs_on"] == "cuda_device":
                    fl = _optional(results, "tiled", slug) or _optional(results, "scharr_gradient_variants", slug)
                    bw, basis = ((fl["provenance"]["copy_bandwidth_GBps"], f"FilterLab's OpenCL copy on {slug}") if fl
                                 else (rprov.get("copy_bandwidth_GBps"), rprov.get("copy_bandwidth", {}).get("method", "CUDA copy")))
                else:
                    bw, basis = cpu_bw.get(prov.get("host_cpu"), (None, None))
                if bw:
                    entry.update(roofline_fraction=r["bytes_min"] / (bw * 1e9) * 1e3 / stats["median"],
                                 roofline_basis=basis)
            w["peers"][r["peer"]] = entry
            if r["peer"] == "npp":
                _npp_best_border(w, r, entry)
        for w in workloads.values():
            H.at_its_best(w["peers"], lambda p: p["ms"]["median"] if "ms" in p else None)
            w["filterlab"] = filterlab_best(results, slug, w)
        order = sorted(workloads.values(), key=lambda w: (list(WORKLOAD_LABELS).index(w["workload"]), w["ksize"]))
        devices.append({"slug": slug, "name": prov["device"], "type": prov["device_type"], "commit": prov["commit"],
                        "commit_dirty": prov["commit_dirty"], "file": str(path), "cuda_file": str(extra[0]) if extra else None,
                        "scale": prov["scale"], "host_cpu": prov.get("host_cpu", ""), "libraries": prov["libraries"],
                        "cuda_libraries": extra[1]["provenance"]["libraries"] if extra else None,
                        "npp_file": str(npp[0]) if npp else None,
                        "npp_libraries": npp[1]["provenance"]["libraries"] if npp else None,
                        "copy_GBps": prov["copy_bandwidth_GBps"], "repetitions": prov["repetitions"],
                        "workloads": order})
    return {"experiment": EXPERIMENT, "devices": devices}


def _npp_best_border(w: dict, row: dict, exact: dict) -> None:
    """Beside NPP's exact row, NPP's fastest timed method with its own border (replicate) where the
    workload has another, as peer "npp_native"; both rows say what they pay or leave out."""
    if "pad" in row.get("method", ""):
        exact["handicap"] = (f"the workload's {w['border']} through NPP's padding calls ({row['method']}), "
                             "the padding inside the timed region")
    native = [m for m in row.get("methods", []) if m.get("status") == "other_border" and m.get("event_ms")]
    if not native or row.get("status") not in ("measured", "other_border"):
        return
    m = min(native, key=lambda m: m["event_ms"]["median"])
    if "ms" in exact and m["event_ms"]["median"] >= exact["ms"]["median"]:
        return  # the exact row is NPP's best already
    w["peers"]["npp_native"] = {
        "case_id": row["case_id"] + "/native", "status": "measured", "library": row["library"],
        "runs_on": row["runs_on"], "timing": row["timing"], "reason": "", "max_abs_error": m.get("max_abs_error"),
        "tolerance": row.get("tolerance"), "kind": "event", "ms": m["event_ms"], "method": m["method"],
        "handicap": (f"NPP's {m['border']} border instead of the workload's {w['border']}: it agrees with the oracle "
                     f"only from {m.get('judged_from_edge_px', '?')} px inside the edges ({m['method']})")}
    if exact.get("roofline_fraction"):
        w["peers"]["npp_native"].update(
            roofline_fraction=exact["roofline_fraction"] * exact["ms"]["median"] / m["event_ms"]["median"],
            roofline_basis=exact.get("roofline_basis"))


def peer_label(name: str, p: dict | None) -> str:
    """The peer's label, with the schedule that made Halide's time where it was not our hand one."""
    return LABELS[name] + H.label((p or {}).get("schedule"))


def handicaps(summary: dict) -> list[str]:
    """'device, workload: implementation: handicap' for every row that carries one."""
    return [f"{T.short_device(d['name'])}, {workload_label(w)}: {LABELS[n]}: {p['handicap']}"
            for d in summary["devices"] for w in d["workloads"] for n, p in w["peers"].items() if p.get("handicap")]


def ratio(peer: dict, fl: dict) -> float | None:
    """Peer time over FilterLab's, like for like (wall vs wall, events vs kernel events)."""
    if "missing" in fl or "ms" not in peer:
        return None
    ref = fl["wall_ms"] if peer["kind"] == "wall" else fl["kernel_ms"]
    return peer["ms"]["median"] / ref["median"] if ref else None


def fastest_peer(w: dict, runs_on: tuple[str, ...]) -> tuple[str, dict] | None:
    measured = [(n, p) for n, p in w["peers"].items() if p["status"] == "measured" and p["runs_on"] in runs_on]
    return min(measured, key=lambda np_: np_[1]["ms"]["median"]) if measured else None


# ---------------------------------------------------------------------------------------------
# derived -> table, figure, macros, README block


def workload_label(w: dict) -> str:
    size = f"{w['ksize']}x{w['ksize']}" if w["workload"] == "scharr_pyramid" else f"{w['width']}^2"
    return f"{WORKLOAD_LABELS[w['workload']]}, {size}"


def _peer_cell(p: dict) -> str:
    if p["status"] == "measured":
        m = p["ms"]
        return f"{R.fmt_ms(m['median'])} [{R.fmt_ms(m['q1'])}, {R.fmt_ms(m['q3'])}]"
    if p["status"] == "fallback":
        return "CPU fallback"
    return R.latex_escape(p["status"].replace("_", " "))


def table_tex(summary: dict) -> str:
    # A longtable (breaks across pages; the paper defines \PeersCaption, its caption and label);
    # the workload column is narrow enough for the longest implementation and time cells.
    head = r"workload & implementation & ms, median [IQR] & $\times$ FilterLab & of copy (\%) \\"
    lines = [r"\begin{longtable}{@{}>{\raggedright\arraybackslash}p{0.26\linewidth} l r r r@{}}",
             r"\PeersCaption\\", r"\toprule", head, r"\midrule", r"\endfirsthead",
             r"\multicolumn{5}{@{}l}{\textit{Peers, continued}}\\", r"\toprule", head,
             r"\midrule", r"\endhead", r"\bottomrule", r"\endfoot"]
    for d in summary["devices"]:
        scale = f" (sizes / {d['scale']} per side)" if d["scale"] != 1 else ""
        lines.append(r"\multicolumn{5}{@{}l}{\textbf{" + R.latex_escape(d["name"]) + "}" + scale + r"} \\*")
        for w in d["workloads"]:
            fl = w["filterlab"]
            first = R.latex_escape(workload_label(w)).replace("\\textasciicircum{}2", "$^2$")
            if "missing" in fl:
                lines.append(f"{first} & FilterLab & \\multicolumn{{3}}{{l}}{{{R.latex_escape(fl['missing'])}}} \\\\")
            else:
                k = fl["kernel_ms"]
                frac = R.fmt_percent(fl["roofline_fraction"]) if fl.get("roofline_fraction") else "--"
                lines.append(f"{first} & FilterLab (kernel) & {R.fmt_ms(k['median'])} [{R.fmt_ms(k['q1'])}, "
                             f"{R.fmt_ms(k['q3'])}] & 1 & {frac} \\\\")
                if fl.get("wall_ms"):
                    lines.append(f" & FilterLab (wall) & {R.fmt_ms(fl['wall_ms']['median'])} & 1 & -- \\\\")
            for name in PEERS:
                p = w["peers"].get(name)
                if not p:
                    continue
                r = ratio(p, fl) if p["status"] == "measured" else None
                frac = R.fmt_percent(p["roofline_fraction"]) if p.get("roofline_fraction") and p["status"] == "measured" else "--"
                mark = "$^\\dagger$" if p.get("handicap") else ""
                lines.append(f" & {R.latex_escape(peer_label(name, p))}{mark} & {_peer_cell(p)} & "
                             f"{R.fmt_ratio(r) if r else '--'} & {frac} \\\\")
            lines.append(r"\addlinespace")
        lines.append(r"\midrule")
    lines.pop()
    lines.append(r"\end{longtable}")
    return "\n".join(lines) + "\n"


def figure(summary: dict, path: Path) -> None:
    """Median time per workload, like against like: per device, one panel of host wall clocks
    (FilterLab's wall time beside the peers timed by wall clock) and one of device events
    (FilterLab's kernel events beside the CUDA peers' events), never one kind against the other."""
    plt = FO.pyplot()
    devs = summary["devices"]
    kinds = (("wall", "host wall clock", "wall_ms", "FilterLab (best, wall)"),
             ("event", "device events", "kernel_ms", "FilterLab (best, kernel events)"))
    fig, axes = plt.subplots(max(1, len(devs)), 2, figsize=(FO.TEXT_WIDTH_IN, 0.6 + 2.3 * max(1, len(devs))),
                             squeeze=False, gridspec_kw={"width_ratios": (3, 2)})
    colors = {n: f"C{i + 1}" for i, n in enumerate(PEERS)}
    colors["filterlab"] = "C0"
    for row, d in zip(axes, devs):
        ws = d["workloads"]
        scale = f" (sizes / {d['scale']})" if d["scale"] != 1 else ""
        for ax, (kind, title, fl_key, fl_label) in zip(row, kinds):
            names = ["filterlab"] + [n for n in PEERS if any(
                w["peers"].get(n, {}).get("status") == "measured" and w["peers"][n].get("kind", "wall") == kind
                for w in ws)]
            if len(names) == 1:
                ax.axis("off")
                ax.text(0.5, 0.5, f"no peer timed by {title}\non this device", ha="center", va="center",
                        fontsize=FO.SMALL_FONT_PT, transform=ax.transAxes)
                continue
            ax.set_title(f"{T.short_device(d['name'])}{scale}: {title}", fontsize=FO.FONT_PT)
            width = 0.8 / len(names)
            for i, n in enumerate(names):
                xs, ys = [], []
                for j, w in enumerate(ws):
                    if n == "filterlab":
                        ms = w["filterlab"].get(fl_key) if "missing" not in w["filterlab"] else None
                        if ms:
                            xs.append(j), ys.append(ms["median"])
                    elif w["peers"].get(n, {}).get("status") == "measured":
                        xs.append(j), ys.append(w["peers"][n]["ms"]["median"])
                if xs:
                    ax.bar([x - 0.4 + (i + 0.5) * width for x in xs], ys, width, color=colors[n],
                           label=fl_label if n == "filterlab" else LABELS[n])
            ax.set_yscale("log")
            ax.set_xticks(range(len(ws)))
            ax.set_xticklabels([(f"Scharr {w['ksize']}x{w['ksize']}" if w["workload"] == "scharr_pyramid"
                                 else {"sepconv5": "sepconv", "conv2d5_u8": "conv2d u8"}.get(w["workload"], w["workload"]))
                                for w in ws], fontsize=FO.SMALL_FONT_PT - 1, rotation=30, ha="right")
            ax.set_ylabel("median (ms)", fontsize=FO.SMALL_FONT_PT)
            ax.tick_params(labelsize=FO.SMALL_FONT_PT - 1)
    handles, labels = [], []
    for ax in axes.flat:
        for h, lab in zip(*ax.get_legend_handles_labels()):
            if lab not in labels:
                handles.append(h)
                labels.append(lab)
    fig.legend(handles, labels, loc="upper center", ncol=3, fontsize=FO.SMALL_FONT_PT, frameon=False)
    top = 1 - (0.08 + 0.14 * -(-len(labels) // 3)) / (0.6 + 2.3 * max(1, len(devs)))
    fig.tight_layout(rect=(0, 0, 1, top), h_pad=0.8, w_pad=0.8)
    FO.save(fig, path)
    plt.close(fig)


def _sentence(d: dict) -> str:
    parts = []
    for w in d["workloads"]:
        fl = w["filterlab"]
        best = fastest_peer(w, ("opencl_device", "cuda_device", "host_cpu"))
        if not best:
            continue
        name, p = best
        if "missing" in fl:
            parts.append(f"{workload_label(w)}: fastest peer {peer_label(name, p)} {R.fmt_ms(p['ms']['median'])} ms, FilterLab {fl['missing']}")
        else:
            r = ratio(p, fl)
            parts.append(f"{workload_label(w)}: FilterLab {R.fmt_ms(fl['kernel_ms']['median'])} ms (kernel), fastest peer "
                         f"{peer_label(name, p)} {R.fmt_ms(p['ms']['median'])} ms ({R.fmt_ratio(r)}x FilterLab's "
                         f"{'wall' if p['kind'] == 'wall' else 'kernel'} time)")
    return "; ".join(parts)


def macros_tex(summary: dict) -> str:
    def cmd(name: str, value: str) -> str:
        return f"\\newcommand{{\\Peers{name}}}{{{value}}}\n"
    out = "% generated by experiments/analysis/filterlab_analysis/peers.py from the raw results; do not edit\n"
    devs = summary["devices"]
    out += cmd("Devices", str(len(devs)))
    out += cmd("DeviceList", R.latex_escape(R.join_and([d["name"] for d in devs])))
    libs = devs[0]["libraries"]
    out += cmd("OpenCVVersion", R.latex_escape(libs["opencv"]))
    out += cmd("HalideVersion", R.latex_escape(libs["halide"]))
    cuda = [d for d in devs if d["cuda_libraries"]]
    out += cmd("CudaLibraries", R.latex_escape(
        "; ".join(f"{d['name']}: CuPy {d['cuda_libraries']['cupy']}, PyTorch {d['cuda_libraries']['torch']}, "
                  f"CUDA runtime {d['cuda_libraries']['cuda_runtime']}" for d in cuda) or NOT_YET))
    out += cmd("NppLibraries", R.latex_escape(
        "; ".join(f"{d['name']}: NPP {d['npp_libraries']['npp']}, CUDA runtime {d['npp_libraries']['cuda_runtime']}"
                  for d in devs if d["npp_libraries"]) or NOT_YET))
    fallbacks = [f"{d['name']} {w['workload_id']}" for d in devs for w in d["workloads"]
                 if w["peers"].get("opencv_umat", {}).get("status") == "fallback"]
    out += cmd("UmatFallbacks", R.latex_escape(R.join_and(fallbacks) if fallbacks else "none"))
    bad = [f"{d['name']}: {LABELS[n]} on {w['workload_id']} ({p['status'].replace('_', ' ')})"
           for d in devs for w in d["workloads"] for n, p in w["peers"].items()
           if p["status"] not in ("measured", "fallback")]
    out += cmd("NotMeasured", R.latex_escape("; ".join(bad) if bad else "none"))
    out += cmd("Handicaps", R.latex_escape("; ".join(handicaps(summary)) or "none").replace("\\textasciicircum{}2", "$^2$"))
    out += cmd("Sentences", " ".join(f"On {R.latex_escape(d['name'])}"
                                     f"{' (sizes / ' + str(d['scale']) + ')' if d['scale'] != 1 else ''}: "
                                     f"{R.latex_escape(_sentence(d))}." for d in devs))
    return out


def table_md(summary: dict) -> str:
    """Every peer beside FilterLab's fastest variant, per device and workload, as Markdown."""
    out = ["| device | workload | implementation | ms, median [IQR] | x FilterLab | of copy (%) |",
           "| --- | --- | --- | --- | ---: | ---: |"]
    for d in summary["devices"]:
        name = d["name"] + (f" (sizes / {d['scale']})" if d["scale"] != 1 else "")
        for w in d["workloads"]:
            fl = w["filterlab"]
            label = workload_label(w)
            if "missing" in fl:
                out.append(f"| {name} | {label} | FilterLab | {fl['missing']} | | |")
            else:
                k = fl["kernel_ms"]
                frac = f"{100 * fl['roofline_fraction']:.1f}" if fl.get("roofline_fraction") else "--"
                out.append(f"| {name} | {label} | FilterLab (kernel) | {R.fmt_ms(k['median'])} "
                           f"[{R.fmt_ms(k['q1'])}, {R.fmt_ms(k['q3'])}] | 1 | {frac} |")
                if fl.get("wall_ms"):
                    out.append(f"| {name} | {label} | FilterLab (wall) | {R.fmt_ms(fl['wall_ms']['median'])} | 1 | -- |")
            for peer in PEERS:
                p = w["peers"].get(peer)
                if not p:
                    continue
                r = ratio(p, fl) if p["status"] == "measured" else None
                frac = (f"{100 * p['roofline_fraction']:.1f}" if p.get("roofline_fraction")
                        and p["status"] == "measured" else "--")
                if p["status"] in ("measured", "fallback") and p.get("ms"):
                    m = p["ms"]
                    cell = f"{R.fmt_ms(m['median'])} [{R.fmt_ms(m['q1'])}, {R.fmt_ms(m['q3'])}]"
                    if p["status"] == "fallback":
                        cell += " (CPU fallback)"
                else:
                    cell = p["status"].replace("_", " ")
                impl = peer_label(peer, p) + (f" ({p['handicap']})" if p.get("handicap") else "")
                out.append(f"| {name} | {label} | {impl} | {cell} | "
                           f"{R.fmt_ratio(r) if r else '--'} | {frac} |")
    out += ["", "Generated by experiments/analysis/filterlab_analysis/peers.py from experiments/results/peers*/; the "
            "ratio is the peer's time over FilterLab's, wall clock against wall clock and CUDA events "
            "against kernel events; every output was checked against the oracle (NPP with its own border away "
            "from the edges, as its row says). Each peer is shown at its fastest configuration, beside the "
            "exact-semantics one where they differ."]
    return "\n".join(out) + "\n"


def headline_md(summary: dict) -> str:
    out = ["| device | workload | FilterLab best (kernel ms) | fastest peer | peer ms | peer / FilterLab |",
           "|---|---|---|---|---|---|"]
    for d in summary["devices"]:
        for w in d["workloads"]:
            fl = w["filterlab"]
            best = fastest_peer(w, ("opencl_device", "cuda_device", "host_cpu"))
            name, p = best if best else (None, None)
            r = ratio(p, fl) if p else None
            out.append(f"| {d['name']}{' (/' + str(d['scale']) + ')' if d['scale'] != 1 else ''} | {workload_label(w)} | "
                       f"{fl['missing'] if 'missing' in fl else R.fmt_ms(fl['kernel_ms']['median'])} | "
                       f"{(peer_label(name, p) + (' (' + p['handicap'] + ')' if p.get('handicap') else '')) if name else '-'} | "
                       f"{R.fmt_ms(p['ms']['median']) if p else '-'} | "
                       f"{R.fmt_ratio(r) + ' (' + ('wall' if p['kind'] == 'wall' else 'kernel') + ')' if r else '-'} |")
    out.append("")
    out.append("Generated by experiments/analysis/filterlab_analysis/peers.py from experiments/results/peers*/ and the studies' results; "
               "ratios compare wall with wall and CUDA events with kernel events; every peer output was checked "
               "against the oracle with FilterLab's tolerances.")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# The ImageCL targets (issue 22), as ratios measured in one run; printed and written, never asserted

# Issue 30's bars, printed by this analysis from one run per device (never timed tests).
BINDING_TARGET = 0.85       # GPU: every ImageCL workload at >= 85 % of its binding roofline floor
SEPCONV_NPP_BAR = 2.0       # GPU: separable 5x5 >= 2x NPP at its best border
SEPCONV_TILED_SLACK = 1.05  # GPU: separable 5x5 within 5 % of Study 4's tiled.amd, or faster
U8_NPP_EXACT_BAR = 3.0      # GPU: 8-bit 5x5 >= 3x NPP, ImageCL in exact mode (FP contraction off)
HARRIS_MEMORY_TARGET = 0.70  # GPU: fused Harris at >= 70 % of its memory floor
CPU_HALIDE_LIMIT = 1.3      # CPU: every ImageCL workload within 1.3x of Halide's best CPU time


def _roofline_devices(results: Path) -> dict[str, dict]:
    """The roofline analysis's devices by slug (rates and counts), or {} without roofline results."""
    from . import roofline as RL  # imported here: roofline imports imagecl_portability, which imports this module
    try:
        return {d["slug"]: d for d in RL.derive(results)["devices"]}
    except R.ResultError:
        return {}


def pipeline_floors(roof: dict | None, fl: dict) -> dict | None:
    """The floors of ImageCL's timed pipeline `fl` (imagecl_best) on a device: each kernel's
    floors at the pipeline's side, contracted unless the kernel was built exact, added up; the
    binding floor over the kernel time and the memory floor over it. None without counts."""
    from . import roofline as RL
    if not roof or "kernels" not in fl:
        return None
    total: dict[str, float] = {}
    for k, exact in fl["kernels"].items():
        c = roof["counts"].get(k)
        if not (c and c.get("known")):
            return None
        for ceiling, ms in RL.floors(c, float(fl["side"]) ** 2, roof["rates"], contracted=not exact)["floors_ms"].items():
            total[ceiling] = total.get(ceiling, 0.0) + ms
    binding = max(total, key=lambda k: total[k])
    t = fl["kernel_ms"]["median"]
    copy_ms = RL.same_bytes_copy_ms(roof, list(fl["kernels"]), int(fl["side"]))
    return {"floors_ms": total, "binding": binding, "fraction": total[binding] / t, "memory_fraction": total["memory"] / t,
            "copy_ms": copy_ms, "copy_fraction": copy_ms / t if copy_ms else None}


def workload_floor(roof: dict | None, workload: str, side: int) -> dict | None:
    """A workload's floor on a device: the floors of its one-kernel pipeline (the last of
    IMAGECL_BENCHMARK's: the fused kernel, or the only one) at `side`, contracted, from the counts
    of ImageCL's compiler and the device's floor rates (roofline.py: on a CPU with native results
    the native probes', else the OpenCL probes'), so that ImageCL's pipelines, fused or not, and a
    peer are judged against one floor (a peer may beat an OpenCL-probe floor: those rates are of
    the probes' code as the OpenCL driver compiles it, not the hardware's). With the OpenCL probes'
    floor beside a native one, and the copy of that kernel's bytes at `side` where the roofline
    result has one. None without counts."""
    from . import roofline as RL
    kernel = IMAGECL_BENCHMARK[workload][-1]
    counts = (roof or {}).get("counts", {}).get(kernel)
    if not (counts and counts.get("known")):
        return None
    f = RL.floors(counts, float(side) ** 2, roof["rates"], contracted=True)
    out = {"kernel": kernel, "binding": f["binding"], "floor_ms": f["floor_ms"],
           "floors_from": roof.get("floors_from", RN.OPENCL), "copy_ms": RL.same_bytes_copy_ms(roof, [kernel], side)}
    if roof.get("native"):
        o = RL.floors(counts, float(side) ** 2, roof["opencl_rates"], contracted=True)
        out["opencl_probe"] = {"binding": o["binding"], "floor_ms": o["floor_ms"]}
    return out


def _cpu_floor_fields(wf: dict | None, fl: dict, peer_ms: float | None) -> dict:
    """A CPU target row's floor: the workload's binding ceiling, its floor, and the fraction of it that
    ImageCL's and the peer's wall times reach (the target's basis); beside them the same-bytes copy,
    a kernel, against ImageCL's kernel time."""
    if not wf:
        return {}
    kernel, wall = fl["kernel_ms"]["median"], fl["wall_ms"]["median"]
    return {"binding": wf["binding"], "floor_ms": wf["floor_ms"], "imagecl_floor_fraction": wf["floor_ms"] / wall,
            "peer_floor_fraction": wf["floor_ms"] / peer_ms if peer_ms else None, "copy_ms": wf["copy_ms"],
            "copy_fraction": wf["copy_ms"] / kernel if wf["copy_ms"] else None, "floors_from": wf["floors_from"],
            "opencl_probe_floor": wf.get("opencl_probe")}


def _copy_fields(floors: dict | None) -> dict:
    """A floor row's same-bytes copy: its time and ImageCL's fraction of it (None where not measured)."""
    return {"copy_ms": floors and floors["copy_ms"], "copy_fraction": floors and floors["copy_fraction"]}


def _npp_best(w: dict) -> tuple[str, dict] | None:
    """NPP at its best: the faster of its exact-border and own-border rows."""
    rows = [(n, w["peers"][n]) for n in ("npp", "npp_native") if w["peers"].get(n, {}).get("status") == "measured"]
    return min(rows, key=lambda np_: np_[1]["ms"]["median"]) if rows else None


def targets(summary: dict, results: Path | None = None) -> list[dict]:
    """One row per target, device and ImageCL workload: the figure, the bar, met or not, with the
    absolute times, the like-for-like basis (CUDA events against kernel events, wall against wall)
    and, for roofline targets, the binding ceiling."""
    roofs = _roofline_devices(results) if results else {}
    out = []
    for d in summary["devices"]:
        for w in d["workloads"]:
            fl = w["filterlab"]
            if w["workload"] not in IMAGECL_BENCHMARK or fl.get("source") != "imagecl":
                continue
            base = {"device": d["name"], "type": d["type"], "workload": workload_label(w), "imagecl_id": fl["id"],
                    "imagecl_kernel_ms": fl["kernel_ms"]["median"], "imagecl_wall_ms": fl["wall_ms"]["median"],
                    "pipeline": fl.get("benchmark"), "commit": fl.get("commit"), "binding": None, "handicap": None}

            def add(kind: str, target: str, value: float | None, bar: float, peer: str | None = None,
                    peer_ms: float | None = None, basis: str | None = None, **extra) -> None:
                out.append({**base, "kind": kind, "target": target, "value": value, "bar": bar, "peer": peer, "peer_ms": peer_ms,
                            "basis": basis, "met": value is not None and value >= bar, **extra})

            if d["type"] != "GPU":
                peer = w["peers"].get("halide_cpu")
                r = ratio(peer, fl) if peer and peer.get("status") == "measured" else None
                peer_ms = peer["ms"]["median"] if r else None
                wf = workload_floor(roofs.get(d["slug"]), w["workload"], fl["side"])
                add("cpu_halide", f"within {CPU_HALIDE_LIMIT}x of Halide's best CPU time", r, 1 / CPU_HALIDE_LIMIT, "halide_cpu",
                    peer_ms, "wall" if r else None, handicap=(peer or {}).get("handicap"),
                    schedule=(peer or {}).get("schedule"), **_cpu_floor_fields(wf, fl, peer_ms))
                continue
            floors = pipeline_floors(roofs.get(d["slug"]), fl)
            add("binding_floor", f"at least {BINDING_TARGET:.0%} of the binding roofline floor", floors and floors["fraction"], BINDING_TARGET,
                basis="kernel", binding=floors and floors["binding"], **_copy_fields(floors))
            if w["workload"] == "sepconv5":
                best = _npp_best(w)
                r = ratio(best[1], fl) if best else None
                add("npp_best_border", f"{SEPCONV_NPP_BAR}x faster than NPP at its best border", r, SEPCONV_NPP_BAR, best and best[0],
                    best[1]["ms"]["median"] if r else None, "kernel" if r else None, handicap=best and best[1].get("handicap"))
                tiled = fl.get("tiled_amd") or {"missing": NOT_YET}
                r = None if "missing" in tiled else tiled["kernel_ms"]["median"] / fl["kernel_ms"]["median"]
                add("tiled_amd", f"within {SEPCONV_TILED_SLACK - 1:.0%} of Study 4's tiled.amd, or faster", r, 1 / SEPCONV_TILED_SLACK,
                    "tiled_amd", tiled["kernel_ms"]["median"] if r else None, "kernel" if r else None,
                    handicap=tiled.get("handicap"))
            elif w["workload"] == "conv2d5_u8":
                ex = fl.get("exact_mode") or {"missing": NOT_YET}
                npp = w["peers"].get("npp")
                r = ratio(npp, ex) if npp and npp.get("status") == "measured" and "missing" not in ex else None
                add("npp_exact", f"{U8_NPP_EXACT_BAR}x faster than NPP (exact border), ImageCL with FP contraction off", r,
                    U8_NPP_EXACT_BAR, "npp", npp["ms"]["median"] if r else None, "kernel" if r else None,
                    handicap=(npp or {}).get("handicap"), imagecl_kernel_ms=None if "missing" in ex else ex["kernel_ms"]["median"],
                    imagecl_wall_ms=None if "missing" in ex else ex["wall_ms"]["median"],
                    imagecl_id=ex.get("id", ex.get("missing")))
            elif w["workload"] == "harris":
                fused = fl.get("harris_fused") or {"missing": NOT_YET}
                ff = None if "missing" in fused else pipeline_floors(roofs.get(d["slug"]), fused)
                add("harris_fused_memory", f"fused Harris at least {HARRIS_MEMORY_TARGET:.0%} of its memory floor", ff and ff["memory_fraction"],
                    HARRIS_MEMORY_TARGET, basis="kernel", binding="memory", pipeline="harris_fused", **_copy_fields(ff),
                    imagecl_kernel_ms=None if "missing" in fused else fused["kernel_ms"]["median"],
                    imagecl_wall_ms=None if "missing" in fused else fused["wall_ms"]["median"],
                    imagecl_id=fused.get("id", fused.get("missing")))
    return out


def _ms(v: float | None) -> str:
    return "-" if v is None else R.fmt_ms(v)


def _copy_cell(t: dict) -> str:
    if t.get("copy_ms") is None:
        return "-"
    return f"{R.fmt_ms(t['copy_ms'])} ({t['copy_fraction']:.2f})"


def _binding_cell(t: dict) -> str:
    """The binding ceiling; on CPU rows also the workload's floor and the fraction of it each side reaches."""
    if t.get("imagecl_floor_fraction") is None:
        return t["binding"] or "-"
    peer = "-" if t.get("peer_floor_fraction") is None else f"{t['peer_floor_fraction']:.2f}"
    o = t.get("opencl_probe_floor")
    beside = f"; OpenCL probe: {o['binding']} {R.fmt_ms(o['floor_ms'])} ms" if o else ""
    return (f"{t['binding']}: floor {R.fmt_ms(t['floor_ms'])} ms ({t.get('floors_from', RN.OPENCL)} ceilings{beside}), "
            f"ImageCL {t['imagecl_floor_fraction']:.2f}, {LABELS.get(t['peer'], t['peer'])} {peer}")


def targets_md(rows: list[dict]) -> str:
    out = ["| device | workload | target | ImageCL kernel / wall (ms) | peer (ms) | figure | bar | met | binding ceiling "
           "| copy of the same bytes: ms (fraction) |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for t in rows:
        fig = "-" if t["value"] is None else (f"{t['value']:.2f}" + (f" ({t['basis']})" if t["peer"] else ""))
        peer = (LABELS.get(t["peer"], t["peer"]) + H.label(t.get("schedule")) + " " + R.fmt_ms(t["peer_ms"])) if t["peer_ms"] else "-"
        out.append(f"| {t['device']} | {t['workload']} | {t['target']} | {_ms(t['imagecl_kernel_ms'])} / "
                   f"{_ms(t['imagecl_wall_ms'])} | {peer} | {fig} | {t['bar']:.2f} | {'yes' if t['met'] else 'NO'} | "
                   f"{_binding_cell(t)} | {_copy_cell(t)} |")
    notes = sorted({f"{LABELS.get(t['peer'], t['peer'])}, {t['workload']}: {t['handicap']}" for t in rows if t.get("handicap")})
    out.append("")
    if notes:
        out.append("Handicaps: " + "; ".join(notes) + ".")
        out.append("")
    out.append("Generated by experiments/analysis/filterlab_analysis/peers.py. Figure: the other side's time over ImageCL's (like for like: "
               "CUDA events against kernel events, wall against wall), or ImageCL's fraction of a roofline floor (the "
               "binding one: the largest of the memory, FP32-issue and conversion floors, contracted unless the kernel "
               f"was built exact; experiments/analysis/filterlab_analysis/roofline.py). Bars: GPU {BINDING_TARGET:.2f} of the binding floor, "
               f"{SEPCONV_NPP_BAR}x NPP at its best border and within {SEPCONV_TILED_SLACK - 1:.0%} of tiled.amd for the "
               f"separable 5x5, {U8_NPP_EXACT_BAR}x NPP for the 8-bit 5x5 in exact mode, {HARRIS_MEMORY_TARGET:.2f} of the "
               f"memory floor for fused Harris; CPU Halide's best CPU time (the fastest of our hand schedule and Halide's "
               f"autoschedulers) over ImageCL's at least 1/{CPU_HALIDE_LIMIT}; beside it, the workload's floor on that "
               "device: the binding ceiling of that floor (its one-kernel pipeline's bytes and operations as "
               "ImageCL's compiler counts them, contracted, fused or not, at the device's ceilings: native, plain C++ "
               "built -march=native, where the CPU has native results, with the OpenCL probes' floor beside; else "
               "the rates the roofline's OpenCL probes reach there) and the fraction of that floor ImageCL's and "
               "Halide's wall times reach; above 1, Halide beats that floor: an OpenCL probe's rate is that of its "
               "code as the OpenCL driver compiles it, not the hardware's, or Halide does less work. The last column, beside the floors: a plain "
               "copy of the pipeline's compulsory bytes at the same image size (the roofline experiment's "
               "copy_at_kernel_sizes; its launch and the memory system's ramp included, and on CPUs caches as warm as the "
               "kernel's) and ImageCL's kernel time's fraction of it; '-' where that copy was not measured. ImageCL "
               "is the fastest timed configuration of each kernel (the tuner's best known among them) of its fastest "
               "pipeline; in exact mode the fastest with FP contraction off.")
    return "\n".join(out) + "\n"


def targets_tex(rows: list[dict]) -> str:
    out = ["% Generated by experiments/analysis/filterlab_analysis/peers.py; do not edit.",
           "\\begin{table}[t]\\centering\\footnotesize\\setlength{\\tabcolsep}{3pt}",
           "\\caption{The ImageCL targets, measured in one run per device. GPUs: ImageCL's fraction of its binding "
           f"roofline floor (at least {BINDING_TARGET:.2f}); the separable 5x5 against NPP at its best border (at least "
           f"{SEPCONV_NPP_BAR:.0f}x) and against Study 4's hand-written tiled.amd (at least $1/{SEPCONV_TILED_SLACK}$); the "
           f"8-bit 5x5 with FP contraction off against NPP with the exact border (at least {U8_NPP_EXACT_BAR:.0f}x); fused "
           f"Harris's fraction of its memory floor (at least {HARRIS_MEMORY_TARGET:.2f}). CPUs: Halide CPU's best time (hand "
           f"schedule or autoscheduled) over "
           f"ImageCL's (at least $1/{CPU_HALIDE_LIMIT}$); binding: the ceiling of the workload's own floor (its one-kernel "
           "pipeline's counted bytes and operations) and, in parentheses, the fraction of it ImageCL's and "
           "Halide's wall times reach (above 1: Halide beats the floor); $^n$: that floor at the CPU's native "
           "ceilings (plain C++, -march=native), else at the OpenCL probes' rates. "
           "Like for like: CUDA events against kernel events, wall clock "
           "against wall clock (w). Copy: ImageCL's fraction of a plain copy of the same bytes at the same image size, "
           "beside the floors.}",
           "\\label{tab:imagecl-targets}",
           "\\resizebox{\\linewidth}{!}{\\begin{tabular}{@{}lllrrrrllr@{}}\\toprule",
           "Device & workload & target & \\shortstack{ImageCL\\\\kernel (ms)} & \\shortstack{ImageCL\\\\wall (ms)} & "
           "\\shortstack{other\\\\(ms)} & figure & met & binding & copy \\\\\\midrule"]
    short = {"npp": "NPP exact", "npp_native": "NPP own border", "halide_cpu": "Halide CPU", "tiled_amd": "tiled.amd"}
    for t in rows:
        target = (f"$\\geq {t['bar']:.2f}$ vs {short.get(t['peer'], t['peer'])}" if t["peer"]
                  else f"$\\geq {t['bar']:.2f}$ of {'memory' if t['binding'] == 'memory' and 'memory' in t['target'] else 'binding'} floor")
        fig = "--" if t["value"] is None else f"{t['value']:.2f}" + (" (w)" if t["basis"] == "wall" and t["peer"] else "")
        cells = [R.latex_escape(T.short_device(t["device"])), R.latex_escape(t["workload"]).replace("\\textasciicircum{}2", "$^2$"),
                 target, "--" if t["imagecl_kernel_ms"] is None else f"{t['imagecl_kernel_ms']:.4f}",
                 "--" if t["imagecl_wall_ms"] is None else f"{t['imagecl_wall_ms']:.4f}",
                 f"{t['peer_ms']:.4f}" if t["peer_ms"] else "--", fig, "yes" if t["met"] else "no",
                 R.latex_escape(t["binding"] or "--") + ("$^n$" if t.get("opencl_probe_floor") else "") + (
                     "" if t.get("imagecl_floor_fraction") is None else
                     f" ({t['imagecl_floor_fraction']:.2f}/"
                     + ("--" if t.get("peer_floor_fraction") is None else f"{t['peer_floor_fraction']:.2f}") + ")"),
                 "--" if t.get("copy_fraction") is None else f"{t['copy_fraction']:.2f}"]
        out.append(" & ".join(cells) + " \\\\")
    if not rows:
        out.append("\\multicolumn{10}{c}{no ImageCL results beside the peers in these results} \\\\")
    out.append("\\bottomrule\\end{tabular}}\\end{table}")
    return "\n".join(out) + "\n"


class PeersStudy(Study):
    name = EXPERIMENT
    description = first_paragraph(__doc__)
    errors = (R.ResultError, OSError, json.JSONDecodeError, KeyError)

    def load(self, run: Run) -> tuple[list[tuple[Path, dict]], list[tuple[Path, dict]]]:
        loaded = [(p, _load(p, EXPERIMENT)) for p in R.result_files(run.results, EXPERIMENT)]
        cuda = [(p, _load(p, e)) for e in (CUDA_EXPERIMENT, NPP_EXPERIMENT)
                for p in sorted((run.results / e).glob("*.json"))]
        return loaded, cuda

    def derive(self, run: Run) -> dict:
        return derive(run.results, *run.raw)

    def figures(self, run: Run) -> None:
        figure(run.summary, run.out / "peers.pdf")

    def tables(self, run: Run) -> None:
        summary, out = run.summary, run.out
        R.write_text(out / "peers_table.tex", table_tex(summary))
        R.write_text(out / "peers_macros.tex", macros_tex(summary))
        R.write_text(out / "peers_headline.md", headline_md(summary))
        R.write_text(out / "peers_table.md", table_md(summary))
        R.write_text(out / "peers_halide_schedules.md", H.table_md(summary["devices"], workload_label))
        rows = targets(summary, run.results)
        R.write_text(out / "peers_targets.md", targets_md(rows))
        R.write_text(out / "peers_targets.tex", targets_tex(rows))

    def report(self, run: Run) -> None:
        for t in targets(run.summary, run.results):
            fig = "no figure" if t["value"] is None else f"{t['value']:.3f}"
            times = ("no ImageCL time" if t["imagecl_kernel_ms"] is None
                     else f"ImageCL kernel {t['imagecl_kernel_ms']:.4f} ms, wall {t['imagecl_wall_ms']:.4f} ms")
            print(f"target ({t['target']}) on {t['device']}, {t['workload']}: {'met' if t['met'] else 'NOT met'}: {fig} "
                  f"({times}" + (f"; {t['peer']} {t['peer_ms']:.4f} ms, {t['basis']}" if t["peer_ms"] else "")
                  + (f"; binding {_binding_cell(t)}" if t["binding"] else "") + ")")
        print(f"{EXPERIMENT}: {len(run.summary['devices'])} device(s) -> {run.out}")


STUDY = PeersStudy()
main = STUDY.main


if __name__ == "__main__":
    sys.exit(main())
