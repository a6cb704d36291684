"""Experiment "imagecl" (Study 6a): raw results -> the table of generated spaces and sampled times.

    PYTHONPATH=experiments/analysis /usr/bin/python3 -m filterlab_analysis.imagecl --results experiments/results --out paper/generated

Reads experiments/results/imagecl/<device>.json (written by `filterlab run imagecl`: every sampled
configuration of every benchmark kernel, verified as a whole pipeline against the oracle on the
image it is timed on, then timed). Writes:
    imagecl_summary.json   per device and kernel: configurations, sampled, timed, fastest, slowest
    imagecl_spaces.tex     tabular: the spaces and the spread of the sampled times per device
    imagecl_macros.tex     \\newcommand's (\\Imagecl...) the prose quotes
    imagecl_resources.tex  tabular: what each tuned kernel costs the device (registers, spills,
                           the driver's work-group limit, theoretical occupancy on NVIDIA sm_90)
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path

from . import results as R
from .study import Run, Study, first_paragraph

EXPERIMENT = "imagecl"
KERNELS = ["sepconv_row", "sepconv_col", "conv2d_u8", "harris_sobel", "harris_response", "sepconv_fused", "harris_fused"]


def _load(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise R.ResultError(f"{path}: not JSON ({e})") from e
    if data.get("experiment") != EXPERIMENT or "rows" not in data or "provenance" not in data:
        raise R.ResultError(f"{path}: not an '{EXPERIMENT}' result (experiment, rows, provenance)")
    if data["provenance"].get("device_slug") != path.stem:
        raise R.ResultError(f"{path}: provenance.device_slug does not match the file name")
    R.check_schema(data, "filterlab.result", path)
    data["rows"] = [R.with_row_keys(r, EXPERIMENT, path, f"rows[{i}]") for i, r in enumerate(data["rows"])]
    return data


# NVIDIA compute capability 9.0 (H100, H200), from the CUDA C++ Programming Guide's table of
# technical specifications per compute capability: what bounds resident warps on one SM.
SM90 = {"registers": 65536, "register_unit": 256, "max_warps": 64, "max_blocks": 32,
        "shared_bytes": 233472, "shared_reserved_per_block": 1024, "warp": 32}


def parse_ptxas(report: str) -> dict:
    """Registers per work-item, spill and stack bytes and the target from ptxas's verbose report."""
    regs = re.search(r"Used (\d+) registers", report)
    spill = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill loads", report)
    stack = re.search(r"(\d+) bytes stack frame", report)
    target = re.search(r"for '(sm_\d+)a?'", report)  # sm_90a: sm_90 with its arch-specific features
    return {"registers": int(regs.group(1)) if regs else None,
            "spill_store_bytes": int(spill.group(1)) if spill else None,
            "spill_load_bytes": int(spill.group(2)) if spill else None,
            "stack_bytes": int(stack.group(1)) if stack else None,
            "target": target.group(1) if target else None}


def sm90_occupancy(registers: int, threads: int, local_bytes: int) -> float:
    """Theoretical occupancy (resident warps over the SM's 64) of a work-group of `threads`."""
    a = SM90
    warps = math.ceil(threads / a["warp"])
    per_warp = math.ceil(registers * a["warp"] / a["register_unit"]) * a["register_unit"]
    blocks = min(a["max_blocks"], a["max_warps"] // warps, (a["registers"] // per_warp) // warps)
    if local_bytes > 0:
        blocks = min(blocks, a["shared_bytes"] // (local_bytes + a["shared_reserved_per_block"]))
    return blocks * warps / a["max_warps"]


def tuned_resources(rows: list[dict]) -> list[dict]:
    out = []
    for r in rows:
        res = r.get("resources")
        if not r.get("tuned") or res is None:
            continue
        ptx = parse_ptxas(res.get("compiler_report", ""))
        threads = r["local_size"][0] * r["local_size"][1]
        occ = (sm90_occupancy(ptx["registers"], threads, r.get("local_bytes", 0))
               if ptx["target"] == "sm_90" and ptx["registers"] else None)
        out.append({"kernel": r["kernel"], "variant_id": r["variant_id"], "threads": threads,
                    "kernel_ms": r["kernel_ms"]["median"], "max_work_group_size": res["max_work_group_size"],
                    "private_bytes": res["private_bytes"], **ptx, "occupancy": occ})
    return sorted(out, key=lambda x: KERNELS.index(x["kernel"]) if x["kernel"] in KERNELS else len(KERNELS))


def derive(results: list[tuple[Path, dict]]) -> dict:
    devices = []
    for path, data in results:
        prov = data["provenance"]
        kernels = {}
        for k in KERNELS:
            rows = [r for r in data["rows"] if r["kernel"] == k]
            space = prov["spaces"].get(k, {})
            times = sorted(r["kernel_ms"]["median"] for r in rows)
            fastest = min(rows, key=lambda r: r["kernel_ms"]["median"]) if rows else None
            kernels[k] = {"configurations": space.get("configurations"), "sampled": space.get("sampled"),
                          "timed": len(rows), "side": rows[0]["width"] if rows else None,
                          "fastest_ms": times[0] if times else None, "slowest_ms": times[-1] if times else None,
                          "fastest_id": fastest["variant_id"] if fastest else None}
        devices.append({"slug": prov["device_slug"], "name": prov["device"], "commit": prov["commit"],
                        "commit_dirty": prov["commit_dirty"], "scale": prov["scale"],
                        "unsupported": len(data.get("unsupported", [])), "kernels": kernels,
                        "resources": tuned_resources(data["rows"])})
    return {"experiment": EXPERIMENT, "devices": devices}


def spaces_tex(summary: dict) -> str:
    devs = summary["devices"]
    cols = "l r" + " r r" * len(devs)
    head = "kernel & configurations" + "".join(
        f" & \\multicolumn{{2}}{{c}}{{{R.latex_escape(d['name'])}}}" for d in devs) + r" \\"
    sub = " & " + "".join(" & fastest (ms) & slowest/fastest" for _ in devs) + r" \\"
    lines = [rf"\begin{{tabular}}{{{cols}}}", r"\toprule", head, sub, r"\midrule"]
    for k in KERNELS:
        conf = devs[0]["kernels"][k]["configurations"] if devs else None
        cells = [R.latex_escape(k), f"{int(conf):,}" if conf else "-"]
        for d in devs:
            kk = d["kernels"][k]
            if kk["fastest_ms"] is None:
                cells += ["-", "-"]
            else:
                cells += [R.fmt_ms(kk["fastest_ms"]), f"{kk['slowest_ms'] / kk['fastest_ms']:.1f}"]
        lines.append(" & ".join(cells) + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}"]
    return "\n".join(lines) + "\n"


def resources_tex(summary: dict) -> str:
    """One row per device and tuned kernel that recorded its resources."""
    def cell(v, fmt="{}"):
        return "-" if v is None else fmt.format(v)
    lines = [r"\begin{tabular}{l l r r r r r r}", r"\toprule",
             r"device & kernel & work-items & kernel (ms) & registers & spilled (B) & driver's max work-group & occupancy \\",
             r"\midrule"]
    for d in summary["devices"]:
        for x in d.get("resources", []):
            spilled = None if x["spill_store_bytes"] is None else x["spill_store_bytes"] + x["spill_load_bytes"]
            lines.append(" & ".join([R.latex_escape(d["name"]), R.latex_escape(x["kernel"]), str(x["threads"]),
                                     R.fmt_ms(x["kernel_ms"]), cell(x["registers"]), cell(spilled),
                                     str(x["max_work_group_size"]), cell(x["occupancy"], "{:.0%}").replace("%", r"\%")]) + r" \\")
    if len(lines) == 4:
        lines.append(r"\multicolumn{8}{l}{no tuned kernel in these results recorded its resources} \\")
    lines += [r"\bottomrule", r"\end{tabular}"]
    return "\n".join(lines) + "\n"


def macros_tex(summary: dict) -> str:
    def cmd(name: str, value: str) -> str:
        return f"\\newcommand{{\\Imagecl{name}}}{{{value}}}\n"
    out = "% generated by experiments/analysis/filterlab_analysis/imagecl.py from the raw results; do not edit\n"
    devs = summary["devices"]
    out += cmd("Devices", str(len(devs)))
    parts = []
    for d in devs:
        timed = sum(k["timed"] for k in d["kernels"].values())
        sides = sorted({k["side"] for k in d["kernels"].values() if k["side"]})
        parts.append(f"{R.latex_escape(d['name'])}: {timed} configurations timed "
                     f"(image sides {', '.join(str(s) for s in sides)}), {d['unsupported']} pipelines beyond the device's limits")
    out += cmd("RunSentence", "; ".join(parts))
    return out


class ImageclStudy(Study):
    name = EXPERIMENT
    description = first_paragraph(__doc__)
    needs_matplotlib = False
    errors = (R.ResultError, OSError, KeyError)

    def load(self, run: Run) -> list[tuple[Path, dict]]:
        return [(p, _load(p)) for p in R.result_files(run.results, EXPERIMENT)]

    def derive(self, run: Run) -> dict:
        return derive(run.raw)

    def tables(self, run: Run) -> None:
        summary, out = run.summary, run.out
        R.write_text(out / "imagecl_spaces.tex", spaces_tex(summary))
        R.write_text(out / "imagecl_macros.tex", macros_tex(summary))
        R.write_text(out / "imagecl_resources.tex", resources_tex(summary))

    def report(self, run: Run) -> None:
        print(f"{EXPERIMENT}: {len(run.summary['devices'])} device(s) -> {run.out}")


STUDY = ImageclStudy()
main = STUDY.main


if __name__ == "__main__":
    sys.exit(main())
