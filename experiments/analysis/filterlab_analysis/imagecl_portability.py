"""Experiment "imagecl_portability" (Study 6): the portability thesis, tested.

    PYTHONPATH=experiments/analysis /usr/bin/python3 -m filterlab_analysis.imagecl_portability --results experiments/results --out paper/generated

Reads <results>/imagecl_portability/<target>.json (written by `filterlab run imagecl_portability`:
every source device's tuned ImageCL configurations, from <results>/tuning/<source>.json, run on the
target, unsupported pairs named), and for Pennycook's performance-portability metric the tuning
results (each source's choice between a benchmark's unfused and fused pipeline), Study 6a's tuned
rows (<results>/imagecl/, ImageCL's own tuning on devices without a portability result) and the
peers (<results>/peers*/, through peers.py's derive). Writes:
    imagecl_portability_summary.json   the matrices, efficiencies and PP values (everything below reads it)
    imagecl_portability_matrix.pdf     heat map, one panel per pipeline: rows = source, columns = target
    imagecl_portability_matrix.tex     the same numbers as a table (efficiency and kernel time)
    imagecl_portability_pp.tex         PP per implementation and workload (application and
                                       architectural efficiency; wall clock and kernel events apart)
    imagecl_portability_matrix.md, imagecl_portability_pp.md   the same in Markdown
    imagecl_portability_macros.tex     \\newcommand's (\\Portability...) the prose quotes
Without portability results it says "no data" and writes the files anyway (PP of ImageCL's own
tuning and of the peers still comes from the other results); make_all runs on without them
(its study's results_optional). Study 6's claims C7 and C8 are evaluated here (retuning_claim, pp_claim) and
listed by tuning.py, which owns the study.

Efficiencies:
- matrix cell (source s, target t, pipeline p) = t's own tuned pipeline's kernel time / s's
  configuration's kernel time on t (1 on the diagonal); interval from the medians' 95 % intervals
  (own low / other high .. own high / other low); an unsupported pair is 0.
- application efficiency e_i(a) = the best time known on device i for the workload / a's time,
  like with like: host wall clock (ImageCL's wall time, OpenCV, Halide) and kernel events
  (ImageCL's kernel time, NPP's CUDA events, CuPy and PyTorch, FilterLab's fastest kernels).
- architectural efficiency = the copy floor (the workload's minimum bytes at the copy bandwidth
  FilterLab measured on the device) / a's time: the memory ceiling only (compute ceilings: issue 30).
  On a CPU with a native roofline result (roofline_native.py: plain C++ built -march=native, on the
  device's compute units) the copy bandwidth is the native one, else the OpenCL copy kernel's of the
  run; each device records which (copy_basis) and the tables say so.
- ImageCL's own tuning: Study 6a's tuned rows where they exist (the same pipeline run as the
  peers), else the portability run's own row; a source's configuration on a device: the own
  tuning's efficiency times its speed relative to the device's own configuration in the same
  portability run (so that both come from one run under one load), capped at 1.
- PP(a, H) = |H| / sum_i 1/e_i(a) when a runs on every device of H, else 0 (Pennycook, Sewall,
  Lee, FGCS 2019); "no data" where some e_i is unknown.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from . import claims as C
from . import figure_output as FO
from . import peers as P
from . import results as R
from . import roofline_native as RN
from . import tex_layout as T
from .study import Run, Study, first_paragraph

EXPERIMENT = "imagecl_portability"
# make_all.py: this experiment may be absent from a results directory (its analysis says "no data").

PIPELINES = ["sepconv", "sepconv_fused", "conv2d_u8", "harris", "harris_fused"]
PIPELINE_KERNELS = {"sepconv": ["sepconv_row", "sepconv_col"], "sepconv_fused": ["sepconv_fused"],
                    "conv2d_u8": ["conv2d_u8"], "harris": ["harris_sobel", "harris_response"],
                    "harris_fused": ["harris_fused"]}
# Study 6's conditions (the unfused benchmarks) -> the peers' workload; its pipelines from peers.py.
WORKLOADS = {"sepconv": "sepconv5", "conv2d_u8": "conv2d5_u8", "harris": "harris"}
# The same unfused pipelines with the ImageCL paper's transformations alone (rows with
# "transformations": "paper"): each source's fastest configuration without FilterLab's extensions.
PAPER = "/paper"
PAPER_PIPELINES = [b + PAPER for b in WORKLOADS]
PIPELINE_KERNELS.update({b + PAPER: PIPELINE_KERNELS[b] for b in WORKLOADS})
ALL_PIPELINES = PIPELINES + PAPER_PIPELINES


def _split(pipeline: str) -> tuple[str, str]:
    """A matrix pipeline -> (benchmark, transformation set)."""
    return (pipeline[:-len(PAPER)], "paper") if pipeline.endswith(PAPER) else (pipeline, "filterlab")
BENCH_LABELS = {"sepconv": "separable conv.", "conv2d_u8": "non-separable conv.", "harris": "Harris"}
# S6.C7: "performs poorly" = at most 80 % of the retuned code's speed (at least 25 % more time).
POOR = 0.8
# The peers in the PP table: library -> back ends per device type (tuning.py's BASELINES for OpenCV
# and Halide: each library's fastest back end on the device), and the timing class.
PP_PEERS = {"OpenCV": ("wall", {"GPU": ["opencv_umat"], "CPU": ["opencv_cpu", "opencv_umat"]}),
            "Halide": ("wall", {"GPU": ["halide_opencl"], "CPU": ["halide_cpu", "halide_opencl"]}),
            "NPP": ("kernel", {"GPU": ["npp"], "CPU": []})}
# Further implementations that only count towards the best time known (event-timed CUDA peers).
BEST_ONLY = {"kernel": ["cupy", "torch"], "wall": []}
CLASS_LABELS = {"wall": "host wall clock", "kernel": "kernel events"}


class NoData(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# raw -> derived


def _load(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise R.ResultError(f"{path}: cannot read ({e})") from e
    if data.get("experiment") != EXPERIMENT or "rows" not in data or "provenance" not in data:
        raise R.ResultError(f"{path}: not an '{EXPERIMENT}' result (experiment, rows, provenance)")
    if data["provenance"].get("device_slug") != path.stem:
        raise R.ResultError(f"{path}: provenance.device_slug does not match the file name")
    R.check_schema(data, "filterlab.result", path)
    data["rows"] = [R.with_row_keys(r, EXPERIMENT, path, f"rows[{i}]") for i, r in enumerate(data["rows"])]
    for r in data["rows"] + data.get("unsupported", []) + data.get("missing", []):
        r.setdefault("transformations", "filterlab")  # results written before the paper set existed
    for i, r in enumerate(data["rows"]):
        for key in ("benchmark", "kernel", "source_device_slug", "width", "kernel_ms", "wall_ms"):
            if key not in r:
                raise R.ResultError(f"{path}: rows[{i}] lacks '{key}'")
    return data


def _stats(s: dict) -> dict:
    return {"median": s["median"], "lo": s["ci95_low"], "hi": s["ci95_high"]}


def _sum(stats: list[dict]) -> dict:
    """A pipeline's time: the kernels' medians added, and their interval ends added (conservative)."""
    return {k: sum(s[k] for s in stats) for k in ("median", "lo", "hi")}


def _ratio(num: dict, den: dict, same: bool = False) -> dict:
    """num / den with the interval the two intervals allow; exactly 1 where they are one measurement."""
    if same:
        return {"median": 1.0, "lo": 1.0, "hi": 1.0}
    return {"median": num["median"] / den["median"], "lo": num["lo"] / den["hi"], "hi": num["hi"] / den["lo"]}


ZERO = {"median": 0.0, "lo": 0.0, "hi": 0.0}


def _pipeline_time(rows: list[dict], pipeline: str) -> dict | None:
    """{kernel, wall, ids, side} of a pipeline from its kernels' rows, or None if a kernel lacks one."""
    by_kernel = {r["kernel"]: r for r in rows}
    kernels = PIPELINE_KERNELS[pipeline]
    if not all(k in by_kernel for k in kernels):
        return None
    mine = [by_kernel[k] for k in kernels]
    return {"kernel": _sum([_stats(r["kernel_ms"]) for r in mine]), "wall": _sum([_stats(r["wall_ms"]) for r in mine]),
            "ids": [r["variant_id"] for r in mine], "side": mine[0]["width"]}


def _optional_json(path: Path) -> dict | None:
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise R.ResultError(f"{path}: not JSON ({e})") from e


def _marked_rows(results: Path, slug: str, mark: str) -> tuple[dict | None, list[dict]]:
    """Study 6a's result on a device and its rows marked `mark` (tuned, exact_twin), each with its
    variant ID; (None, []) without a result."""
    path = results / "imagecl" / f"{slug}.json"
    data = _optional_json(path)
    if data is None:
        return None, []
    rows = [r for r in data.get("rows", []) if r.get(mark)]
    for i, r in enumerate(rows):
        r.setdefault("variant_id", R.with_row_keys(r, "imagecl", path, f"rows[{i}]")["variant_id"])
    return data, rows


def _tuned_rows(results: Path, slug: str) -> dict[str, dict]:
    """ImageCL's own tuning on a device from Study 6a (rows marked tuned), per pipeline; only where
    every kernel's row times the configuration the device's tuning result names now (a tuning
    result measured again after Study 6a's run makes its tuned rows another configuration's)."""
    data, rows = _marked_rows(results, slug, "tuned")
    if data is None:
        return {}
    best = (_optional_json(results / "tuning" / f"{slug}.json") or {}).get("best")
    if best is not None:
        rows = [r for r in rows if (best.get(f"imagecl.{r['kernel']}") or {}).get("variant_id") == r["variant_id"]]
    out = {}
    for p in PIPELINES:
        t = _pipeline_time([r for r in rows if r["benchmark"] == p], p)
        if t:
            out[p] = {**t, "from": "imagecl (Study 6a's tuned rows)",
                      "copy_GBps": data["provenance"].get("copy_bandwidth_GBps"),
                      "name": data["provenance"].get("device"), "type": data["provenance"].get("device_type")}
    return out


def _exact_twin_rows(results: Path, slug: str, tuned: dict[str, dict]) -> dict[str, dict]:
    """Per pipeline of `tuned` (_tuned_rows): the same kernels with FP contraction off (Study 6a's
    rows marked exact_twin, IDs the tuned ones plus /exact1), where every kernel has one."""
    data, rows = _marked_rows(results, slug, "exact_twin")
    if data is None:
        return {}
    out = {}
    for p, t in tuned.items():
        want = {i + "/exact1" for i in t["ids"]}
        got = _pipeline_time([r for r in rows if r["benchmark"] == p and r["variant_id"] in want], p)
        if got:
            out[p] = got
    return out


def _source_choice(results: Path, slug: str, files: list[dict]) -> dict[str, str]:
    """Each workload's pipeline the source would ship: the unfused or fused one, whichever its
    tuning found faster (the tuned times of its kernels added)."""
    tuning = _optional_json(results / "tuning" / f"{slug}.json") or {}
    times: dict[str, float] = {}
    for p in PIPELINES:
        best = [(tuning.get("best") or {}).get(f"imagecl.{k}") or {} for k in PIPELINE_KERNELS[p]]
        if all("time_ms" in b for b in best):
            times[p] = sum(b["time_ms"] for b in best)
        else:  # the tuning file is not in this results directory: what the rows recorded
            rows = [r for f in files for r in f["rows"] if r["source_device_slug"] == slug and r["benchmark"] == p
                    and r["transformations"] == "filterlab"]
            got = {r["kernel"]: r["source_time_ms"] for r in rows}
            if all(k in got for k in PIPELINE_KERNELS[p]):
                times[p] = sum(got[k] for k in PIPELINE_KERNELS[p])
    out = {}
    for bench, workload in WORKLOADS.items():
        cands = [(times[p], p) for p in P.IMAGECL_BENCHMARK[workload] if p in times]
        if cands:
            out[bench] = min(cands)[1]
    return out


def matrices(files: list[dict]) -> dict:
    """Per pipeline: targets (columns), sources (rows) and every cell."""
    targets = [f["provenance"]["device_slug"] for f in files]
    out = {}
    for p in ALL_PIPELINES:
        bench, tset = _split(p)
        sources: list[str] = []
        for f in files:
            for s in f["provenance"].get("sources", []):
                if s["device_slug"] not in sources:
                    sources.append(s["device_slug"])
        cells: dict[str, dict[str, dict]] = {}
        for f in files:
            t = f["provenance"]["device_slug"]
            col = cells.setdefault(t, {})
            for s in sources:
                def mine(items: list[dict]) -> list[dict]:
                    return [x for x in items if x["benchmark"] == bench and x["source_device_slug"] == s
                            and x["transformations"] == tset]
                rows, unsup, miss = mine(f["rows"]), mine(f.get("unsupported", [])), mine(f.get("missing", []))
                time = _pipeline_time(rows, p) if rows else None
                if time:
                    col[s] = {"status": "measured", **time}
                elif unsup:
                    col[s] = {"status": "unsupported", "reason": unsup[0]["unsupported"], "kind": unsup[0].get("kind", ""),
                              "ids": unsup[0].get("variant_ids", [])}
                elif miss:
                    col[s] = {"status": "missing", "reason": miss[0]["reason"]}
                else:
                    col[s] = {"status": "absent", "reason": f"{s} was not a source of this run (no tuning result, or --variants)"}
            own = col.get(t)
            for s, c in col.items():
                if c["status"] == "measured" and own and own["status"] == "measured":
                    c["efficiency"] = _ratio(own["kernel"], c["kernel"], same=(s == t))
                elif c["status"] == "unsupported":
                    c["efficiency"] = dict(ZERO)
        if any(c["status"] != "absent" for col in cells.values() for c in col.values()):
            out[p] = {"sources": sources, "targets": targets, "cells": cells}
    return out


def _peers_by_device(results: Path) -> dict[str, dict]:
    """peers.py's derived data per device slug ({} where the peers have no results)."""
    if not (results / P.EXPERIMENT).is_dir() or not any((results / P.EXPERIMENT).glob("*.json")):
        return {}
    files = [(p, P._load(p, P.EXPERIMENT)) for p in R.result_files(results, P.EXPERIMENT)]
    cuda = [(p, P._load(p, e)) for e in (P.CUDA_EXPERIMENT, P.NPP_EXPERIMENT)
            if (results / e).is_dir() for p in sorted((results / e).glob("*.json"))]
    return {d["slug"]: d for d in P.derive(results, files, cuda)["devices"]}


def _impl_stats(entry: dict) -> dict:
    return _stats(entry["ms"])


def portability(results: Path, files: list[dict]) -> dict:
    """Pennycook's PP per workload for ImageCL (own tuning; each source's one configuration
    everywhere) and the peers, with both efficiencies, over every device with ImageCL's own tuning
    (H) and over its GPUs."""
    mats = matrices(files)
    by_target = {f["provenance"]["device_slug"]: f for f in files}
    peers = _peers_by_device(results)
    slugs = sorted(set(by_target) | {p.stem for p in (results / "imagecl").glob("*.json")}
                   if (results / "imagecl").is_dir() else set(by_target))
    sources = sorted({s for m in mats.values() for s in m["sources"]})
    choice = {s: _source_choice(results, s, files) for s in sources}
    natives = RN.load_all(results)
    out = {}
    for bench, workload in WORKLOADS.items():
        pipes = P.IMAGECL_BENCHMARK[workload]
        devices = {}
        for t in slugs:
            f = by_target.get(t)
            # ImageCL's own tuning against the peers: Study 6a's tuned rows, measured in the same
            # pipeline run as the peers; the portability run's own row where Study 6a has none.
            port_own: dict[str, dict] = {}
            if f:
                for p in pipes:
                    c = mats.get(p, {}).get("cells", {}).get(t, {}).get(t)
                    if c and c["status"] == "measured":
                        port_own[p] = {**c, "from": "imagecl_portability (own row)",
                                       "copy_GBps": f["provenance"].get("copy_bandwidth_GBps")}
            own = {p: v for p, v in _tuned_rows(results, t).items() if p in pipes} or port_own
            if not own:
                continue
            any_own = next(iter(own.values()))
            side = any_own["side"]
            prov = f["provenance"] if f else {}
            name = prov.get("device") or any_own.get("name") or t
            dtype = prov.get("device_type") or any_own.get("type") or ("GPU" if t.startswith("nvidia") else "CPU")
            opencl_copy = prov.get("copy_bandwidth_GBps") or any_own.get("copy_GBps")
            # A CPU's own copy bandwidth where the native probes measured it; the OpenCL copy's otherwise.
            native = RN.for_device(natives.get(t), t, dtype, prov.get("compute_units"),
                                   str(results / RN.EXPERIMENT / f"{t}.json"))
            copy = native["ceilings"]["copy"]["median"] if native else opencl_copy
            pw = peers.get(t)
            w = next((x for x in (pw or {}).get("workloads", []) if x["workload"] == workload and x["width"] == side), None)
            bytes_min = w["bytes_min"] if w else P.PIPELINE_BYTES_PER_PIXEL[pipes[0]] * side * side
            floor = bytes_min / (copy * 1e9) * 1e3 if copy else None
            impls: dict[str, dict] = {}  # name -> {"class", "stats"} or {"status": ...}
            for cls in ("wall", "kernel"):
                best_p = min(own, key=lambda p: own[p][cls]["median"])
                impls[f"imagecl:{cls}"] = {"class": cls, "stats": own[best_p][cls], "pipeline": best_p,
                                           "ids": own[best_p]["ids"], "from": own[best_p]["from"]}
                for s in sources:
                    p = choice[s].get(bench)
                    c = mats.get(p, {}).get("cells", {}).get(t, {}).get(s) if p else None
                    key = f"from:{s}:{cls}"
                    if c is None or c["status"] in ("absent", "missing"):
                        impls[key] = {"class": cls, "status": "no data", "pipeline": p}
                    elif c["status"] == "unsupported":
                        impls[key] = {"class": cls, "status": "unsupported", "pipeline": p, "reason": c["reason"]}
                    elif not port_own:
                        impls[key] = {"class": cls, "status": "no data", "pipeline": p,
                                      "reason": "the device's own configuration was not timed in the portability run"}
                    else:
                        # Relative to the own configuration in the same run (the same load and
                        # clocks), then anchored on the own tuning's efficiency below.
                        ref = min((v[cls] for v in port_own.values()), key=lambda x: x["median"])
                        impls[key] = {"class": cls, "relative": _ratio(ref, c[cls], same=s == t),
                                      "time": c[cls], "pipeline": p, "ids": c["ids"]}
            # ImageCL with the paper's transformations alone: the portability run's own row.
            paper = mats.get(bench + PAPER, {}).get("cells", {}).get(t, {}).get(t)
            for cls in ("wall", "kernel"):
                if paper and paper["status"] == "measured" and paper["side"] == side:
                    impls[f"imagecl-paper:{cls}"] = {"class": cls, "stats": paper[cls], "pipeline": bench + PAPER,
                                                     "ids": paper["ids"], "from": "imagecl_portability (own row)"}
                else:
                    impls[f"imagecl-paper:{cls}"] = {"class": cls, "status": "no data", "reason": (
                        "the portability run did not time the device's own paper-transformations pipeline"
                        if not paper or paper["status"] != "measured" else f"timed at {paper['side']}^2, not {side}^2")}
            for lib, (cls, backends) in PP_PEERS.items():
                names = backends.get(dtype, [])
                if not names:
                    impls[lib] = {"class": cls, "status": "unsupported",
                                  "reason": f"{lib} does not run on a {dtype} device"}
                    continue
                if w is None:
                    impls[lib] = {"class": cls, "status": "no data",
                                  "reason": f"no peers result for {workload} at {side}^2 on this device"}
                    continue
                measured = [(w["peers"][n]["ms"]["median"], n) for n in names
                            if w["peers"].get(n, {}).get("status") == "measured" and "ms" in w["peers"][n]]
                if measured:
                    n = min(measured)[1]
                    impls[lib] = {"class": cls, "stats": _impl_stats(w["peers"][n]), "backend": n}
                elif any(n in w["peers"] for n in names):
                    impls[lib] = {"class": cls, "status": "unsupported", "reason": "; ".join(
                        f"{n}: {w['peers'][n]['status']} {w['peers'][n].get('reason', '')}".strip() for n in names if n in w["peers"])}
                else:
                    impls[lib] = {"class": cls, "status": "no data", "reason": f"{lib} not measured on this device"}
            # The best time known per class: every measured implementation above, the CUDA peers
            # timed by events and FilterLab's fastest timed (peers.py's "filterlab": Study 6a's
            # fastest configurations, or Study 4's tiled kernel).
            best: dict[str, tuple[dict, str]] = {}
            extra = []
            if w:
                for cls in ("wall", "kernel"):
                    for n in BEST_ONLY[cls]:
                        e = w["peers"].get(n)
                        if e and e.get("status") == "measured" and "ms" in e:
                            extra.append((cls, _impl_stats(e), n))
                fl = w.get("filterlab", {})
                if "missing" not in fl:
                    for cls, key in (("wall", "wall_ms"), ("kernel", "kernel_ms")):
                        if fl.get(key) and "median" in fl[key]:
                            s = fl[key]
                            extra.append((cls, {"median": s["median"], "lo": s.get("ci95_low", s["median"]),
                                                "hi": s.get("ci95_high", s["median"])}, f"filterlab ({fl.get('source')})"))
            for p, c in own.items():  # both own pipelines
                for cls in ("wall", "kernel"):
                    extra.append((cls, c[cls], f"imagecl own {p}"))
            for key, v in impls.items():
                if "stats" in v:
                    extra.append((v["class"], v["stats"], key))
                elif "time" in v:
                    extra.append((v["class"], v["time"], key))
            for cls, stats, label in extra:
                if cls not in best or stats["median"] < best[cls][0]["median"]:
                    best[cls] = (stats, label)
            for key, v in impls.items():
                if "stats" in v:
                    b, label = best[v["class"]]
                    v["app"] = _ratio(b, v["stats"], same=b is v["stats"] or b == v["stats"])
                    v["app"] = {k: min(1.0, x) for k, x in v["app"].items()}
                    v["arch"] = ({"median": floor / v["stats"]["median"], "lo": floor / v["stats"]["hi"],
                                  "hi": floor / v["stats"]["lo"]} if floor else None)
                elif v.get("status") == "unsupported":
                    v["app"], v["arch"] = dict(ZERO), dict(ZERO)
            for key, v in impls.items():  # each source's configuration: own efficiency x relative speed
                if "relative" in v:
                    base = impls[f"imagecl:{v['class']}"]
                    v["app"] = {k: min(1.0, base["app"][k] * v["relative"][k]) for k in ("median", "lo", "hi")}
                    v["arch"] = ({k: base["arch"][k] * v["relative"][k] for k in ("median", "lo", "hi")}
                                 if base.get("arch") else None)
            devices[t] = {"name": name, "type": dtype, "side": side, "floor_ms": floor, "bytes_min": bytes_min,
                          "copy_GBps": copy, "copy_basis": RN.NATIVE if native else RN.OPENCL,
                          "opencl_copy_GBps": opencl_copy, "best": {cls: {"stats": b, "by": label} for cls, (b, label) in best.items()},
                          "impls": impls}
        names = ["imagecl:wall", "imagecl:kernel", "imagecl-paper:wall", "imagecl-paper:kernel"] + [f"from:{s}:{c}" for s in sources for c in ("wall", "kernel")] + list(PP_PEERS)
        sets = {"all": sorted(devices), "gpu": sorted(t for t, d in devices.items() if d["type"] == "GPU")}
        pp = {}
        for n in names:
            pp[n] = {}
            for set_name, H in sets.items():
                for eff in ("app", "arch"):
                    pp[n][f"{eff}:{set_name}"] = pennycook([devices[t]["impls"].get(n, {}).get(eff) for t in H])
        out[bench] = {"workload": workload, "pipelines": pipes, "devices": devices, "sets": sets, "pp": pp,
                      "source_choice": {s: choice[s].get(bench) for s in sources}}
    return out


def pennycook(effs: list[dict | None]) -> dict | None:
    """PP = |H| / sum 1/e_i over H (at the medians and at each interval end), 0 where some device
    cannot run it, None where some e_i is unknown or H is empty."""
    if not effs or any(e is None for e in effs):
        return None
    out = {}
    for k in ("median", "lo", "hi"):
        vals = [e[k] for e in effs]
        out[k] = 0.0 if any(v <= 0 for v in vals) else len(vals) / sum(1.0 / v for v in vals)
    out["devices"] = len(effs)
    return out


def derive(results: Path, files: list[dict]) -> dict:
    targets = [{"slug": f["provenance"]["device_slug"], "name": f["provenance"]["device"],
                "type": f["provenance"].get("device_type"), "scale": f["provenance"]["scale"],
                "commit": f["provenance"]["commit"], "commit_dirty": f["provenance"].get("commit_dirty"),
                "repetitions": f["provenance"]["repetitions"], "copy_GBps": f["provenance"].get("copy_bandwidth_GBps"),
                "sources": f["provenance"].get("sources", []), "unsupported": len(f.get("unsupported", [])),
                "rows": len(f["rows"])} for f in files]
    names = {t["slug"]: t["name"] for t in targets}
    for t in targets:
        for s in t["sources"]:
            names.setdefault(s["device_slug"], s.get("device", s["device_slug"]))
    pp = portability(results, files)
    for b in pp.values():
        for slug, d in b["devices"].items():
            names.setdefault(slug, d["name"])
    sources = sorted({s["device_slug"] for t in targets for s in t["sources"]})
    return {"experiment": EXPERIMENT, "no_data": not files, "threshold": POOR, "targets": targets, "names": names,
            "matrix": matrices(files), "pp": pp, "shipped": {s: _source_choice(results, s, files) for s in sources}}


def load_results(results: Path) -> list[dict]:
    folder = results / EXPERIMENT
    if not folder.is_dir() or not any(folder.glob("*.json")):
        return []
    return [_load(p) for p in R.result_files(results, EXPERIMENT)]


def summarize(results: Path) -> dict:
    """The derived summary straight from a results directory (tuning.py's claims use it)."""
    return derive(Path(results), load_results(Path(results)))


# ---------------------------------------------------------------------------------------------
# derived -> tables, figure, macros


def _name(summary: dict, slug: str) -> str:
    return T.short_device(summary["names"].get(slug, slug))


def _eff(e: dict | None, interval: bool = True) -> str:
    if e is None:
        return "--"
    text = f"{e['median']:.2f}"
    if interval and (e["lo"] != e["median"] or e["hi"] != e["median"]):
        text += f" [{e['lo']:.2f}, {e['hi']:.2f}]"
    return text


def _cell_text(c: dict | None, tex: bool) -> str:
    if c is None or c["status"] == "absent":
        return "--"
    if c["status"] == "unsupported":
        return r"\textit{unsupported}" if tex else "*unsupported*"
    if c["status"] == "missing":
        return "no config." if tex else "no configuration"
    eff = _eff(c.get("efficiency"), interval=False)
    return f"{eff} ({R.fmt_ms(c['kernel']['median'])} ms)"


def matrix_tex(summary: dict) -> str:
    e = R.latex_escape
    lines = ["% generated by experiments/analysis/filterlab_analysis/imagecl_portability.py from the raw results; do not edit"]
    if summary["no_data"]:
        return "\n".join(lines + [r"\textit{No portability results (experiment imagecl\_portability) yet: no data.}", ""])
    targets = [t["slug"] for t in summary["targets"]]
    cols = "l l" + " r" * len(targets)
    lines += [rf"\begin{{tabular}}{{{cols}}}", r"\toprule",
              r"pipeline & tuned on (source) & " + " & ".join(e(_name(summary, t)) for t in targets) + r" \\", r"\midrule"]
    for i, (p, m) in enumerate(summary["matrix"].items()):
        if i:
            lines.append(r"\midrule")
        for j, s in enumerate(m["sources"]):
            cells = [e(p.replace("_", " ")) if j == 0 else "", e(_name(summary, s))]
            cells += [_cell_text(m["cells"].get(t, {}).get(s), True) for t in targets]
            lines.append(" & ".join(cells) + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}", ""]
    return "\n".join(lines)


def matrix_md(summary: dict) -> str:
    if summary["no_data"]:
        return "No portability results (experiment imagecl_portability) yet: no data.\n"
    targets = [t["slug"] for t in summary["targets"]]
    out = ["Cell: the target's own tuned pipeline's kernel time over the source configuration's kernel time on "
           "the target (1.00 on the diagonal), and that configuration's kernel time (sum of the kernels' medians).", "",
           "| pipeline | tuned on (source) | " + " | ".join(f"on {_name(summary, t)}" for t in targets) + " |",
           "| --- | --- | " + " | ".join("---" for _ in targets) + " |"]
    for p, m in summary["matrix"].items():
        for s in m["sources"]:
            out.append(f"| {p} | {_name(summary, s)} | " + " | ".join(
                _cell_text(m["cells"].get(t, {}).get(s), False) for t in targets) + " |")
    return "\n".join(out) + "\n"


def _impl_label(summary: dict, key: str) -> str:
    if key.startswith("imagecl:"):
        return "ImageCL, tuned per device"
    if key.startswith("imagecl-paper:"):
        return "ImageCL, paper's transformations only, tuned per device"
    if key.startswith("from:"):
        return f"ImageCL, {_name(summary, key.split(':')[1])}'s configuration everywhere"
    return {"NPP": "NPP (exact border)"}.get(key, key)


def _pp_rows(summary: dict, cls: str) -> list[str]:
    keys = ["imagecl:" + cls, "imagecl-paper:" + cls]
    sources = sorted({s for b in summary["pp"].values() for s in b["source_choice"]})
    keys += [f"from:{s}:{cls}" for s in sources]
    keys += [lib for lib, (c, _) in PP_PEERS.items() if c == cls]
    return keys


def _pp(v: dict | None) -> str:
    if v is None:
        return "--"
    if v["median"] == 0:
        return "0"
    return _eff(v)


def copy_bases(summary: dict) -> list[str]:
    """Per device of the PP sets, the copy bandwidth its architectural efficiency divides by and where
    it comes from: 'H200: 4,238 GB/s (OpenCL copy)', 'Xeon: 47.1 GB/s (native; OpenCL copy 55.6)'."""
    seen: dict[str, str] = {}
    for b in summary["pp"].values():
        for slug, d in b["devices"].items():
            if slug in seen or not d.get("copy_GBps"):
                continue
            native = d.get("copy_basis") == RN.NATIVE
            other = f"; OpenCL copy {R.fmt_sig(d['opencl_copy_GBps'])}" if native and d.get("opencl_copy_GBps") else ""
            seen[slug] = (f"{_name(summary, slug)}: {R.fmt_sig(d['copy_GBps'])} GB/s "
                          f"({'native' if native else 'OpenCL copy'}{other})")
    return [seen[k] for k in sorted(seen)]


def pp_tex(summary: dict) -> str:
    e = R.latex_escape
    benches = list(summary["pp"])
    lines = ["% generated by experiments/analysis/filterlab_analysis/imagecl_portability.py from the raw results; do not edit",
             r"\begin{tabular}{l" + " r r" * len(benches) + "}", r"\toprule",
             " & " + " & ".join(rf"\multicolumn{{2}}{{c}}{{{e(BENCH_LABELS[b])}}}" for b in benches) + r" \\",
             "implementation" + " & application & architectural" * len(benches) + r" \\"]
    for cls in ("wall", "kernel"):
        for set_name, set_label in (("all", "every device"), ("gpu", "GPUs only")):
            sizes = {len(summary["pp"][b]["sets"][set_name]) for b in benches}
            lines += [r"\midrule", rf"\multicolumn{{{1 + 2 * len(benches)}}}{{l}}{{\textit{{{CLASS_LABELS[cls]}, "
                      rf"{set_label} ($|H| = {', '.join(str(n) for n in sorted(sizes))}$)}}}} \\"]
            for key in _pp_rows(summary, cls):
                cells = [e(_impl_label(summary, key))]
                for b in benches:
                    pp = summary["pp"][b]["pp"].get(key, {})
                    cells += [_pp(pp.get(f"app:{set_name}")), _pp(pp.get(f"arch:{set_name}"))]
                lines.append(" & ".join(cells) + r" \\")
    native = sorted({_name(summary, t) for b in benches for t, d in summary["pp"][b]["devices"].items()
                     if d.get("copy_basis") == RN.NATIVE})
    if native:  # short: the table is scaled to the line width
        lines += [r"\midrule", rf"\multicolumn{{{1 + 2 * len(benches)}}}{{l}}{{\textit{{architectural: the native copy "
                  rf"bandwidth on {e(', '.join(native))}, the OpenCL copy's elsewhere}}}} \\"]
    lines += [r"\bottomrule", r"\end{tabular}", ""]
    return "\n".join(lines)


def pp_md(summary: dict) -> str:
    benches = list(summary["pp"])
    out = ["Pennycook's PP = |H| / sum over H of 1/e_i (0 where the implementation does not run on some device of H; "
           "-- where some e_i is unknown). Application efficiency: the best time known on the device for the workload "
           "over the implementation's, wall clock against wall clock and kernel events against kernel events. "
           "Architectural efficiency: the copy floor (minimum bytes at FilterLab's measured copy bandwidth) over the "
           "time: the memory ceiling only; on a CPU with native roofline results (plain C++, -march=native) the "
           "native copy bandwidth, else the OpenCL copy's. Brackets: the PP the medians' 95 % intervals allow.", ""]
    bases = copy_bases(summary)
    if bases:
        out += ["Copy bandwidth of the architectural efficiency: " + "; ".join(bases) + ".", ""]
    for cls in ("wall", "kernel"):
        for set_name, set_label in (("all", "every device"), ("gpu", "GPUs only")):
            out += [f"**{CLASS_LABELS[cls]}, {set_label}** (H: " + "; ".join(
                f"{BENCH_LABELS[b]}: " + (", ".join(_name(summary, t) for t in summary["pp"][b]["sets"][set_name]) or "none")
                for b in benches) + ")", "",
                "| implementation | " + " | ".join(f"{BENCH_LABELS[b]}: app. | arch." for b in benches) + " |",
                "| --- | " + " | ".join("--- | ---" for _ in benches) + " |"]
            for key in _pp_rows(summary, cls):
                cells = [_impl_label(summary, key)]
                for b in benches:
                    pp = summary["pp"][b]["pp"].get(key, {})
                    cells += [_pp(pp.get(f"app:{set_name}")), _pp(pp.get(f"arch:{set_name}"))]
                out.append("| " + " | ".join(cells) + " |")
            out.append("")
    return "\n".join(out)


def beaten_own(summary: dict) -> list[dict]:
    """The cells where another device's configuration is clearly faster on the target than the
    target's own tuned one (the efficiency's interval lies above 1): the target's tuner missed a
    configuration of its space that the source's tuner found. Largest efficiency first."""
    out = []
    for p, m in summary.get("matrix", {}).items():
        for t, col in m["cells"].items():
            own = col.get(t)
            for s, c in col.items():
                e = c.get("efficiency")
                if s != t and c["status"] == "measured" and e and e["lo"] > 1.0:
                    out.append({"pipeline": p, "target": t, "source": s, "efficiency": e,
                                "kernel_ms": c["kernel"]["median"], "own_kernel_ms": own["kernel"]["median"]})
    return sorted(out, key=lambda x: -x["efficiency"]["median"])


def beaten_own_sentence(summary: dict) -> str:
    """beaten_own() as one LaTeX phrase: "none" or each cell with both kernel times."""
    cells = beaten_own(summary)
    if not cells:
        return "none"
    return "; ".join(
        f"on {R.latex_escape(_name(summary, c['target']))}, {R.latex_escape(_name(summary, c['source']))}'s "
        f"{R.latex_escape(c['pipeline'].replace('_', ' '))} configuration {_fmt_interval(c['efficiency'])} "
        f"({R.fmt_ms(c['kernel_ms'])} ms against its own {R.fmt_ms(c['own_kernel_ms'])} ms)" for c in cells)


def macros_tex(summary: dict) -> str:
    def cmd(name: str, value: str) -> str:
        name = "".join(c for c in name if c.isalpha())
        return f"\\newcommand{{\\Portability{name}}}{{{value}}}\n"
    out = "% generated by experiments/analysis/filterlab_analysis/imagecl_portability.py from the raw results; do not edit\n"
    out += cmd("Threshold", f"{POOR:g}")
    out += cmd("Targets", str(len(summary["targets"])))
    if summary["no_data"]:
        out += cmd("RunSentence", "no portability results yet")
    else:
        parts = []
        for t in summary["targets"]:
            parts.append(f"{R.latex_escape(T.short_device(t['name']))}: {t['rows']} kernel rows timed from "
                         f"{len(t['sources'])} source devices, {t['unsupported']} unsupported pairs "
                         f"(image sides / {t['scale']})")
        out += cmd("RunSentence", "; ".join(parts))
    out += cmd("BeatenOwnSentence", "no portability results yet" if summary["no_data"] else beaten_own_sentence(summary))
    words = {"sepconv": "Sep", "conv2d_u8": "Conv", "harris": "Harris"}
    libs = {"imagecl": "Imagecl", "imagecl-paper": "ImageclPaper", "OpenCV": "Opencv", "Halide": "Halide", "NPP": "Npp"}
    for b, data in summary["pp"].items():
        for key, vals in data["pp"].items():
            if key.startswith("from:"):
                continue
            lib, cls = (key.split(":") + [PP_PEERS.get(key, ("", {}))[0]])[:2]
            for which, v in vals.items():
                eff, set_name = which.split(":")
                out += cmd(f"PP{libs[lib]}{words[b]}{cls.capitalize()}{eff.capitalize()}{set_name.capitalize()}",
                           "--" if v is None else f"{v['median']:.2f}")
    return out


def _compact(summary: dict, slug: str) -> str:
    """A device's label short enough for a heat map's narrow column (vendor and CPU model dropped)."""
    return T.short_device(summary["names"].get(slug, slug)).replace("NVIDIA ", "").replace(" Intel Xeon", "")


def figure(summary: dict, path: Path) -> None:
    """Heat map per pipeline: rows = source (tuned on), columns = target (run on); colour = the
    fraction of the target's own tuned kernel time; text = that fraction and the time."""
    plt = FO.pyplot()
    pipes = list(summary["matrix"]) or ["none"]
    ncol = min(4, len(pipes))  # eight panels: two rows of four
    nrow = math.ceil(len(pipes) / ncol)
    fig, axes = plt.subplots(nrow, ncol, figsize=(FO.TEXT_WIDTH_IN, 0.6 + 1.9 * nrow), squeeze=False,
                             constrained_layout=True)
    im = None
    for ax in axes.flat:
        ax.axis("off")
    if summary["no_data"]:
        axes[0][0].text(0.5, 0.5, "no portability results yet", ha="center", va="center", fontsize=FO.FONT_PT,
                        transform=axes[0][0].transAxes)
    for index, (ax, p) in enumerate(zip(axes.flat, pipes if not summary["no_data"] else [])):
        m = summary["matrix"][p]
        first_col, bottom = index % ncol == 0, index + ncol >= len(pipes)
        targets = m["targets"]
        ax.axis("on")
        vals = [[float("nan")] * len(targets) for _ in m["sources"]]
        for i, s in enumerate(m["sources"]):
            for j, t in enumerate(targets):
                c = m["cells"].get(t, {}).get(s)
                if c and c.get("efficiency"):
                    vals[i][j] = c["efficiency"]["median"]
                text = {"measured": None, "unsupported": "unsupp.", "missing": "no cfg.", "absent": "--"}.get(
                    c["status"] if c else "absent")
                if c and c["status"] == "measured":
                    eff = c.get("efficiency")
                    text = (f"{eff['median']:.2f}\n" if eff else "") + R.fmt_ms(c["kernel"]["median"])
                dark = not (vals[i][j] >= 0.5)  # NaN (no value) counts as dark: the text stays readable
                ax.text(j, i, text, ha="center", va="center", fontsize=FO.SMALL_FONT_PT - 2,
                        color="white" if dark and c and c.get("efficiency") else "black")
        im = ax.imshow(vals, cmap="viridis", vmin=0, vmax=1, aspect="auto")
        ax.set_xticks(range(len(targets)), [_compact(summary, t).replace("-", "-\n") for t in targets],
                      fontsize=FO.SMALL_FONT_PT - 1)
        ax.set_yticks(range(len(m["sources"])), [_compact(summary, s) for s in m["sources"]] if first_col else [],
                      fontsize=FO.SMALL_FONT_PT - 1)
        ax.set_title(p, fontsize=FO.FONT_PT)
        if bottom:
            ax.set_xlabel("run on (target)", fontsize=FO.SMALL_FONT_PT)
        if first_col:
            ax.set_ylabel("tuned on (source)", fontsize=FO.SMALL_FONT_PT)
    if im is not None:
        cb = fig.colorbar(im, ax=axes.ravel().tolist(), shrink=0.8)
        cb.set_label("fraction of the target's own tuned speed (kernel time)", fontsize=FO.SMALL_FONT_PT)
        cb.ax.tick_params(labelsize=FO.SMALL_FONT_PT)
    FO.save(fig, path)
    plt.close(fig)


# ---------------------------------------------------------------------------------------------
# Study 6's claims C7 and C8 (listed in tuning.py's STUDY_CLAIMS; methods in claims_spec.toml)


def _fmt_interval(e: dict) -> str:
    return f"{e['median']:.2f} [{e['lo']:.2f}, {e['hi']:.2f}]"


def retuning_claim(ctx: dict) -> C.Part:
    """S6.C7 on one target device and benchmark. Each device ships its tuned code: the benchmark's
    pipeline its own tuning found faster (unfused or fused) at its tuned configuration. Every other
    device's shipped code is timed on the target and set against the target's own shipped code
    (kernel times; the ratio of the two medians with the interval their intervals allow; an
    unsupported configuration is 0). Holds if every other device's interval lies below POOR, fails
    if some device's lies above it, inconclusive otherwise."""
    summary, slug, bench = ctx.get("portability"), ctx["device"]["slug"], ctx["bench"]
    if not summary or summary["no_data"]:
        return C.Part(C.NO_DATA, "no imagecl_portability results")
    shipped = summary.get("shipped", {})

    def cell(source: str) -> tuple[str, dict | None]:
        p = shipped.get(source, {}).get(bench)
        return p, (summary["matrix"].get(p, {}).get("cells", {}).get(slug, {}).get(source) if p else None)

    own_p, own = cell(slug)
    if not own or own["status"] != "measured":
        return C.Part(C.NO_DATA, "the device's own shipped pipeline was not timed here")
    effs, words = {}, []
    for source in sorted(shipped):
        if source == slug:
            continue
        p, c = cell(source)
        if not c or c["status"] not in ("measured", "unsupported"):
            continue
        effs[source] = dict(ZERO) if c["status"] == "unsupported" else _ratio(own["kernel"], c["kernel"])
        words.append(f"{T.short_device(summary['names'].get(source, source))}'s {p} "
                     + ("unsupported" if c["status"] == "unsupported"
                        else f"{R.fmt_ms(c['kernel']['median'])} ms = {_fmt_interval(effs[source])}"))
    if not effs:
        return C.Part(C.NO_DATA, "no other device's shipped pipeline on this device")
    detail = f"own {own_p} {R.fmt_ms(own['kernel']['median'])} ms; " + "; ".join(words) + f" (poor below {POOR})"
    if max(e["hi"] for e in effs.values()) < POOR:
        return C.Part(C.HOLDS, detail)
    if max(e["lo"] for e in effs.values()) > POOR:
        return C.Part(C.FAILS, detail)
    return C.Part(C.INCONCLUSIVE, detail)


def pp_claim(ctx: dict, ours: str = "imagecl") -> C.Part:
    """S6.C8 (ours "imagecl": FilterLab's extensions; S6.C8p: "imagecl-paper", the paper's
    transformations alone) on one benchmark (the same verdict in every device's column: PP is over the device set
    H): ImageCL's PP (application efficiency, each device's own tuning) against OpenCV's and
    Halide's (wall clock) and NPP's (kernel events) over H. Holds if ImageCL's PP interval lies above
    every peer's, fails if some peer's lies above ImageCL's, inconclusive otherwise."""
    summary, bench = ctx.get("portability"), ctx["bench"]
    if not summary or bench not in summary.get("pp", {}):
        return C.Part(C.NO_DATA, "no ImageCL or peer results")
    b = summary["pp"][bench]
    H = b["sets"]["all"]
    if len(H) < 2:
        return C.Part(C.NO_DATA, f"ImageCL's own tuning is known on {len(H)} device(s); PP needs at least two")
    where = "H = " + ", ".join(T.short_device(b["devices"][t]["name"]) for t in H)
    verdicts, parts = [], []
    for lib, (cls, _) in PP_PEERS.items():
        mine, theirs = b["pp"][f"{ours}:{cls}"]["app:all"], b["pp"][lib]["app:all"]
        if mine is None or theirs is None:
            return C.Part(C.NO_DATA, f"{where}: {'ImageCL' if mine is None else lib}'s efficiency is unknown on some device of H")
        parts.append(f"{lib} {_pp(theirs)} vs ImageCL {_pp(mine)} ({CLASS_LABELS[cls]})")
        if mine["lo"] > theirs["hi"]:
            verdicts.append(C.HOLDS)
        elif theirs["lo"] > mine["hi"]:
            verdicts.append(C.FAILS)
        else:
            verdicts.append(C.INCONCLUSIVE)
    detail = f"PP over {where}: " + "; ".join(parts)
    if C.FAILS in verdicts:
        return C.Part(C.FAILS, detail)
    if all(v == C.HOLDS for v in verdicts):
        return C.Part(C.HOLDS, detail)
    return C.Part(C.INCONCLUSIVE, detail)


# ---------------------------------------------------------------------------------------------


class PortabilityStudy(Study):
    name = EXPERIMENT
    description = first_paragraph(__doc__)
    results_optional = ("the portability matrix needs each device's run of imagecl_portability; without it the "
                        "analysis says no data")
    errors = (R.ResultError, OSError, KeyError)

    def load(self, run: Run) -> list[dict]:
        return load_results(Path(run.results))

    def derive(self, run: Run) -> dict:
        return derive(Path(run.results), run.raw)

    def figures(self, run: Run) -> None:
        figure(run.summary, run.out / "imagecl_portability_matrix.pdf")

    def tables(self, run: Run) -> None:
        summary, out = run.summary, run.out
        R.write_text(out / "imagecl_portability_matrix.tex", matrix_tex(summary))
        R.write_text(out / "imagecl_portability_matrix.md", matrix_md(summary))
        R.write_text(out / "imagecl_portability_pp.tex", pp_tex(summary))
        R.write_text(out / "imagecl_portability_pp.md", pp_md(summary))
        R.write_text(out / "imagecl_portability_macros.tex", macros_tex(summary))

    def report(self, run: Run) -> None:
        if run.summary["no_data"]:
            print(f"{EXPERIMENT}: no data ({run.results / EXPERIMENT}/ holds no result); PP of ImageCL's own "
                  f"tuning and the peers only -> {run.out}")
        else:
            print(f"{EXPERIMENT}: {len(run.summary['targets'])} target device(s) -> {run.out}")


STUDY = PortabilityStudy()
main = STUDY.main


if __name__ == "__main__":
    sys.exit(main())
