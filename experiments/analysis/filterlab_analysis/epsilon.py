"""Experiment "epsilon" (Study 5): raw results -> summary -> Table 2, Figure 7, the threshold
sweep, the before/after crop, claims S5.C1-C11 and macros for the paper.

    PYTHONPATH=experiments/analysis /usr/bin/python3 -m filterlab_analysis.epsilon --results experiments/results --out paper/generated

Reads <results>/epsilon/<device_slug>.json (schema "filterlab.epsilon/2", or /1 for files of before the row keys, written by
`filterlab run epsilon`) and experiments/epsilon/adreno_article.json (the article's Table 2 and
the Adreno 530 numbers its text gives, transcribed with their source). Writes to --out:
    epsilon_summary.json   derived numbers (the only input of everything below)
    epsilon_table2.tex     the article's Table 2 with a speedup column per device
    epsilon_fig7.pdf       every step on every device, normalised to one device's naive step
    epsilon_sweep.pdf      median time against the threshold T (naive, 3a, 5b)
    epsilon_crop.png       before/after crop of the input (the filter at the table's T)
    epsilon_macros.tex     numbers the paper quotes
    epsilon_claims.json    the claims, for the shared ledger
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import claims as C
from . import figure_output as FO
from . import results as R
from . import tex_layout as T
from .paths import EXPERIMENTS
from .study import Run, Study, first_paragraph

EXPERIMENT = "epsilon"
ARTICLE = EXPERIMENTS / "epsilon" / "adreno_article.json"
TITLE = "OpenCL Optimization: Accelerating the Epsilon Filter on the Adreno GPU"
STEPS = ["naive", "step1", "step2", "step3a", "step3b", "step4a", "step4b", "step5a", "step5b"]
SWEEP_STEPS = ["naive", "step3a", "step5b"]
PROV_KEYS = {"device": "str", "device_slug": "str", "host": "str", "commit": "str",
             "commit_dirty": "bool", "width": "int", "height": "int", "scale": "int",
             "threshold": "int", "repetitions": "int", "warmup": "int",
             "copy_bandwidth_GBps": "number", "base_image_sha256": "str", "driver_version": "str"}
ROW_KEYS = {"step": "str", "label": "str", "outputs_per_item": "int",
            "threshold": "int", "local_size": "list", "bytes_min": "int", "floor_ms": "number",
            "kernel_ms": "dict", "samples_kernel_ms": "list", "roofline_fraction": "number"}


# ---------------------------------------------------------------------------------------------
# raw -> derived


def _row(obj: dict, where: str, prov: dict, path: Path) -> dict:
    R._require(obj, ROW_KEYS, where, path)
    variant_id = R.row_keys(obj, EXPERIMENT, path, where)[1]
    k = R._stats(obj["kernel_ms"], f"{where}.kernel_ms", path)
    R._samples(obj["samples_kernel_ms"], k, f"{where}.samples_kernel_ms", path)
    if k.n != prov["repetitions"]:
        raise R.ResultError(f"{path}: '{where}' has n = {k.n} but provenance.repetitions = "
                            f"{prov['repetitions']}")
    if obj["step"] not in STEPS:
        raise R.ResultError(f"{path}: '{where}.step' is '{obj['step']}', not a step of the study")
    return {"id": variant_id, "step": obj["step"], "label": obj["label"],
            "outputs_per_item": obj["outputs_per_item"], "threshold": obj["threshold"],
            "local_size": obj["local_size"], "bytes_min": obj["bytes_min"],
            "floor_ms": obj["floor_ms"],
            "roofline_fraction": obj["roofline_fraction"], "kernel_ms": k.to_dict()}


def load_device(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise R.ResultError(f"{path}: cannot read as JSON ({e})") from e
    R._require(data, {"schema": "str", "provenance": "dict", "rows": "list", "sweep": "list",
                      "crop": "dict"}, "", path)
    R.check_schema(data, "filterlab.epsilon", path)
    prov = data["provenance"]
    R._require(prov, PROV_KEYS, "provenance", path)
    if prov["device_slug"] != path.stem:
        raise R.ResultError(f"{path}: provenance.device_slug is '{prov['device_slug']}' but the "
                            f"file is named '{path.name}'")
    rows = [_row(r, f"rows[{i}]", prov, path) for i, r in enumerate(data["rows"])]
    sweep = [_row(r, f"sweep[{i}]", prov, path) for i, r in enumerate(data["sweep"])]
    steps = [r["step"] for r in rows]
    if sorted(steps) != sorted(STEPS):
        raise R.ResultError(f"{path}: rows hold steps {steps}, expected each of {STEPS} once")
    if any(r["threshold"] != prov["threshold"] for r in rows):
        raise R.ResultError(f"{path}: a row of 'rows' is not at provenance.threshold")
    crop = data["crop"]
    R._require(crop, {"x": "int", "y": "int", "width": "int", "height": "int", "before": "list",
                      "after": "list"}, "crop", path)
    if not len(crop["before"]) == len(crop["after"]) == crop["width"] * crop["height"]:
        raise R.ResultError(f"{path}: crop sizes disagree")
    return {"path": str(path), "prov": prov, "rows": rows, "sweep": sweep, "crop": crop}


def load_article() -> dict:
    data = json.loads(ARTICLE.read_text(encoding="utf-8"))
    if [r["step"] for r in data["table2"]] != STEPS:
        raise R.ResultError(f"{ARTICLE}: table2 must list the steps {STEPS} in order")
    return data


def load_devices(results_dir: Path) -> list[dict]:
    return sorted((load_device(p) for p in R.result_files(results_dir, EXPERIMENT)),
                  key=lambda d: d["prov"]["device"].lower())


def derive(results_dir: Path) -> dict:
    return derive_devices(load_devices(results_dir))


def derive_devices(devices: list[dict]) -> dict:
    article = load_article()
    out = []
    for d in devices:
        p = d["prov"]
        by = {r["step"]: r for r in d["rows"]}
        naive = by["naive"]["kernel_ms"]["median"]
        steps = [{**by[s], "speedup": naive / by[s]["kernel_ms"]["median"]} for s in STEPS]
        best = min(steps, key=lambda r: r["kernel_ms"]["median"])
        sweep = {s: sorted([r for r in d["sweep"] + d["rows"] if r["step"] == s],
                           key=lambda r: r["threshold"]) for s in SWEEP_STEPS}
        note = f"{p['width']}x{p['height']} centre crop" if p["scale"] != 1 else ""
        out.append({"slug": p["device_slug"], "device": p["device"], "note": note,
                    "host": p["host"], "commit": p["commit"], "commit_dirty": p["commit_dirty"],
                    "width": p["width"], "height": p["height"], "threshold": p["threshold"],
                    "repetitions": p["repetitions"], "driver": p["driver_version"],
                    "copy_bandwidth_GBps": p["copy_bandwidth_GBps"], "steps": steps,
                    "best": best["step"], "best_label": best["label"],
                    "best_speedup": best["speedup"], "best_ms": best["kernel_ms"]["median"],
                    "naive_ms": naive, "full_image": p["scale"] == 1,
                    "sweep": {s: [{"threshold": r["threshold"], "kernel_ms": r["kernel_ms"]}
                                  for r in rows] for s, rows in sweep.items()},
                    "crop": d["crop"]})
    # Figure 7's reference: the naive step on the device where it is slowest.
    ref = max(out, key=lambda d: d["naive_ms"])
    return {"article": article, "devices": out, "reference": ref["slug"]}


# ---------------------------------------------------------------------------------------------
# outputs


def _label(d: dict) -> str:
    return d["device"] + (f" ({d['note']})" if d["note"] else "")


def table2_tex(s: dict) -> str:
    e = R.latex_escape
    devs = s["devices"]
    cols = r"l>{\raggedright\arraybackslash}p{3.3cm}cc" + "r" * len(devs)
    lines = ["% Generated by experiments/analysis/filterlab_analysis/epsilon.py from the raw results; do not edit.",
             rf"\begin{{tabular}}{{{cols}}}", r"\toprule",
             r"Step & Description & \shortstack{Out/\\WI} & \shortstack{A630\\(article)} & "
             + " & ".join(r"\shortstack{" + e(T.short_device(d["device"])).replace(" ", r"\\", 1)
                          + (r"\\\scriptsize " + e(d["note"]) if d["note"] else "") + "}" for d in devs)
             + r" \\", r"\midrule"]
    for i, a in enumerate(s["article"]["table2"]):
        cells = [e(a["label"]), e(a["description"]), str(a["outputs_per_item"]),
                 f"{a['a630_speedup']:.1f}"]
        for d in devs:
            r = d["steps"][i]
            txt = f"{r['speedup']:.2f} ({R.fmt_ms(r['kernel_ms']['median'])})"
            cells.append(rf"\textbf{{{txt}}}" if r["step"] == d["best"] else txt)
        lines.append(" & ".join(cells) + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}", ""]
    return "\n".join(lines)


def fig7(s: dict, out: Path) -> None:
    plt = FO.pyplot()
    devs = s["devices"]
    ref = next(d for d in devs if d["slug"] == s["reference"])
    fig, ax = plt.subplots(figsize=(7.5, 3.4))
    width = 0.8 / len(devs)
    labels = [a["label"] for a in s["article"]["table2"]]
    for j, d in enumerate(devs):
        xs = [i + (j - (len(devs) - 1) / 2) * width for i in range(len(STEPS))]
        ys = [ref["naive_ms"] / r["kernel_ms"]["median"] for r in d["steps"]]
        ax.bar(xs, ys, width, label=_label(d))
    ax.set_yscale("log")
    ax.set_xticks(range(len(STEPS)), labels)
    ax.set_xlabel("step")
    ax.set_ylabel(f"speed relative to naive on\n{ref['device']}")
    ax.legend(fontsize=7)
    ax.grid(axis="y", which="both", alpha=0.3)
    fig.tight_layout()
    FO.save(fig, out / "epsilon_fig7.pdf")
    plt.close(fig)


def sweep_fig(s: dict, out: Path) -> None:
    """One panel per device at the printed width; linear time axis from zero, so that a flat line
    (time independent of T) reads as flat and every tick is labelled."""
    plt = FO.pyplot()
    import matplotlib.ticker as mticker
    devs = s["devices"]
    fig, axes = plt.subplots(1, len(devs), figsize=(FO.TEXT_WIDTH_IN, 2.5), squeeze=False)
    for ax, d in zip(axes[0], devs):
        thresholds = set()
        for step in SWEEP_STEPS:
            pts = d["sweep"][step]
            t = [p["threshold"] for p in pts]
            thresholds.update(t)
            m = [p["kernel_ms"]["median"] for p in pts]
            lo = [p["kernel_ms"]["median"] - p["kernel_ms"]["q1"] for p in pts]
            hi = [p["kernel_ms"]["q3"] - p["kernel_ms"]["median"] for p in pts]
            ax.errorbar(t, m, yerr=[lo, hi], marker="o", ms=2.5, lw=1, capsize=1.5, label=step)
        ax.set_xscale("symlog", linthresh=4, linscale=0.5)
        ticks = sorted(x for x in thresholds if x in (0, 4, 16, 64) or x == max(thresholds))
        ax.xaxis.set_major_locator(mticker.FixedLocator(ticks))
        ax.xaxis.set_major_formatter(mticker.FormatStrFormatter("%d"))
        ax.xaxis.set_minor_locator(mticker.NullLocator())
        ax.set_ylim(bottom=0)
        ax.yaxis.set_major_locator(mticker.MaxNLocator(5))
        ax.set_title(T.short_device(d["device"]) + (f"\n{d['note']}" if d["note"] else ""),
                     fontsize=FO.FONT_PT)
        ax.set_xlabel("threshold T", fontsize=FO.FONT_PT)
        ax.tick_params(labelsize=FO.SMALL_FONT_PT)
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("kernel time (ms)\nmedian, IQR bars", fontsize=FO.FONT_PT)
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="upper center", ncol=len(labels), fontsize=FO.FONT_PT,
               frameon=False)
    fig.tight_layout(rect=(0, 0, 1, 0.9))
    FO.save(fig, out / "epsilon_sweep.pdf")
    plt.close(fig)


def crop_png(s: dict, out: Path) -> None:
    plt = FO.pyplot()
    import numpy as np
    d = max(s["devices"], key=lambda d: (d["full_image"], d["slug"]))
    c = d["crop"]
    before = np.array(c["before"], dtype=np.uint8).reshape(c["height"], c["width"])
    after = np.array(c["after"], dtype=np.uint8).reshape(c["height"], c["width"])
    gap = np.full((c["height"], 6), 255, dtype=np.uint8)
    both = np.hstack([before, gap, after])
    plt.imsave(out / "epsilon_crop.png", np.kron(both, np.ones((3, 3), dtype=np.uint8)),
               cmap="gray", vmin=0, vmax=255, metadata=FO.PNG_METADATA)


def macros_tex(s: dict) -> str:
    devs = s["devices"]
    ref = next(d for d in devs if d["slug"] == s["reference"])
    crop_dev = max(devs, key=lambda d: (d["full_image"], d["slug"]))
    cpu = [d for d in devs if not d["full_image"]]
    best = "; ".join(
        f"{R.latex_escape(d['device'])}: step {R.latex_escape(d['best_label'])}, "
        f"{d['best_speedup']:.1f}$\\times$ its naive step "
        f"({R.fmt_ms(d['best_ms'])} vs {R.fmt_ms(d['naive_ms'])}\\,ms)" for d in devs)
    bests = {d["best"] for d in devs}
    m = {
        "EpsThreshold": str(devs[0]["threshold"]),
        "EpsDeviceCount": str(len(devs)),
        "EpsBestPerDevice": best,
        "EpsBestDiffers": ("differs between our devices" if len(bests) > 1
                           else "is the same step on all our devices"),
        "EpsRefDevice": R.latex_escape(ref["device"]),
        "EpsCropX": str(crop_dev["crop"]["x"]), "EpsCropY": str(crop_dev["crop"]["y"]),
        "EpsCropW": str(crop_dev["crop"]["width"]), "EpsCropH": str(crop_dev["crop"]["height"]),
        "EpsCropDevice": R.latex_escape(crop_dev["device"]),
        "EpsCropSize": f"{crop_dev['width']}\\,$\\times$\\,{crop_dev['height']}",
        "EpsCpuCrop": (f"{cpu[0]['width']}\\,$\\times$\\,{cpu[0]['height']}" if cpu else "half-size"),
        "EpsArticleNaiveMs": f"{s['article']['naive_ms']['Adreno 630']:g}",
    }
    lines = ["% Generated by experiments/analysis/filterlab_analysis/epsilon.py from the raw results; do not edit."]
    lines += [rf"\newcommand{{\{k}}}{{{v}}}" for k, v in m.items()]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# claims


def _st(d: dict, step: str) -> dict:
    return next(r for r in d["steps"] if r["step"] == step)["kernel_ms"]


def _faster(a: str, b: str):
    return lambda ctx: C.faster(_st(ctx["dev"], a), _st(ctx["dev"], b), f"{a} vs {b}")


def _slower(a: str, b: str):
    return lambda ctx: C.slower(_st(ctx["dev"], a), _st(ctx["dev"], b), f"{a} vs {b}")


def _lm(ctx) -> C.Part:
    d = ctx["dev"]
    return C.combine([C.slower(_st(d, s), _st(d, "step2"), f"{s} vs step2") for s in ("step4a", "step4b")]
                     + [C.faster(_st(d, s), _st(d, "naive"), f"{s} vs naive") for s in ("step4a", "step4b")])


def _5a_best(ctx) -> C.Part:
    d = ctx["dev"]
    return C.combine(C.faster(_st(d, "step5a"), _st(d, s), f"5a vs {s}") for s in STEPS if s != "step5a")


def _best_differs(ctx) -> C.Part:
    devs = ctx["all"]
    if len(devs) < 2:
        return C.Part(C.NO_DATA, "one device only")
    # Each device's best step, and whether it is clearly faster there than every other device's best.
    parts, bests = [], []
    for d in devs:
        others = {e["best"] for e in devs if e["best"] != d["best"]}
        clear = [C.faster(_st(d, d["best"]), _st(d, o), "") for o in others]
        parts.append((d, all(p.verdict == C.HOLDS for p in clear)))
        bests.append(d["best"])
    detail = "; ".join(f"{d['device']}: best {d['best']} ({R.fmt_ms(d['best_ms'])} ms)" for d, _ in parts)
    if len(set(bests)) > 1:
        return C.Part(C.HOLDS if all(ok for _, ok in parts) else C.INCONCLUSIVE, detail)
    return C.Part(C.FAILS, detail)


ROOF = 0.5  # S5.C11: a step is "memory-bound" if it moves its compulsory bytes at >= this share
LAST_STEP = STEPS[-1]  # of the copy bandwidth; the last step of the article's Table 2 (5b)


def copy_fraction(row: dict, copy_GBps: float) -> tuple[float, float, float] | None:
    """A step's achieved fraction of the device's copy bandwidth on the bytes the filter must move
    at least: bytes_min / (kernel time * copy bandwidth), at the median and at the two ends of
    the median's confidence interval (low, median, high). None where a number is missing."""
    k = row.get("kernel_ms") or {}
    if not row.get("bytes_min") or not copy_GBps or not all(k.get(x) for x in
                                                              ("median", "ci95_low", "ci95_high")):
        return None
    floor_ms = row["bytes_min"] / (copy_GBps * 1e9) * 1e3
    return floor_ms / k["ci95_high"], floor_ms / k["median"], floor_ms / k["ci95_low"]


def _pct(x: float) -> str:
    return f"{100 * x:.3g} %"


def _frac_text(name: str, f: tuple[float, float, float]) -> str:
    return f"{name} {_pct(f[1])} ({_pct(f[0])} to {_pct(f[2])})"


def memory_then_alu(naive: tuple | None, last: tuple | None, roof: float = ROOF) -> C.Part:
    """S5.C11 from the copy-bandwidth fractions (low, median, high) of the naive and the last step:
    holds if the naive step is memory-bound (low >= roof) and the last step lies further below the
    roof than the naive step (its high below the naive step's low); fails if the last step is
    itself memory-bound (low >= roof); inconclusive otherwise: with only the compulsory bytes
    recorded, a step below the roof may still be bound by traffic the records do not hold."""
    if naive is None or last is None:
        return C.Part(C.NO_DATA, "no data: bytes_min, the copy bandwidth or a step's timing is "
                                 "missing from the result file")
    detail = (f"share of the copy bandwidth on the compulsory bytes (median, interval): "
              f"{_frac_text('naive', naive)}, {_frac_text(LAST_STEP, last)}; roof threshold "
              f"{_pct(roof)}")
    if last[0] >= roof:
        return C.Part(C.FAILS, detail + f"; {LAST_STEP} is itself at the memory roof")
    if naive[0] >= roof and last[2] < naive[0]:
        return C.Part(C.HOLDS, detail + f"; naive at the memory roof, {LAST_STEP} further below it")
    if naive[0] < roof:
        return C.Part(C.INCONCLUSIVE, detail + "; the naive step is not at the memory roof on its "
                      "compulsory bytes, and the result file records no per-step traffic (the "
                      "naive step issues 81 image reads per output pixel; how many reach memory "
                      "is not recorded) and no hardware counters, so memory-bound cannot be told "
                      "from ALU-bound")
    return C.Part(C.INCONCLUSIVE, detail + f"; {LAST_STEP} is neither at the roof nor clearly "
                  "further below it than the naive step")


def _memory_then_alu(ctx) -> C.Part:
    d = ctx["dev"]
    by = {r["step"]: r for r in d["steps"]}
    bw = d.get("copy_bandwidth_GBps")
    return memory_then_alu(copy_fraction(by["naive"], bw), copy_fraction(by[LAST_STEP], bw))


# Each claim's written method (quantity, statistic, baseline, threshold, verdict rule) is its entry in
# claims_spec.toml; the Claim takes its check text from there.
STUDY_CLAIMS = [
    C.Claim("S5.C1", "S5", "step 1 (packed short4) beats naive", "After this optimization step, the algorithm runs 1.6x faster on Adreno 630.",
            evaluate=_faster("step1", "naive")),
    C.Claim("S5.C2", "S5", "step 2 (4 outputs per item) beats step 1", "With the above changes in place, the performance improves by 2.7x over the baseline.",
            evaluate=_faster("step2", "step1")),
    C.Claim("S5.C3", "S5", "step 3a (8 outputs) is slightly slower than step 2", "the performance on Adreno 630 drops off slightly, from 2.7x to 2.6x",
            evaluate=_slower("step3a", "step2")),
    C.Claim("S5.C4", "S5", "step 3b (16 outputs) is slower than step 3a", "Table 2: step 3b 1.5x against step 3a 2.6x on Adreno 630.",
            evaluate=_slower("step3b", "step3a")),
    C.Claim("S5.C5", "S5", "local memory beats naive but not step 2", "Both sizes yield a substantial improvement of 2x compared to the baseline, but it falls short of beating our implementation in step 2.",
            evaluate=_lm),
    C.Claim("S5.C6", "S5", "the larger work-group (4b) does not clearly help", "increasing the local size does not improve performance much",
            evaluate=lambda ctx: C.not_clearly(_faster("step4b", "step4a")(ctx))),
    C.Claim("S5.C7", "S5", "branch-free 5a beats step 2", "When we apply this optimization [...] performance improves from 2.7x to 3x of the baseline.",
            evaluate=_faster("step5a", "step2")),
    C.Claim("S5.C8", "S5", "branch-free 5b beats step 3a", "Table 2: step 5b 2.8x against step 3a 2.6x on Adreno 630.",
            evaluate=_faster("step5b", "step3a")),
    C.Claim("S5.C9", "S5", "step 5a is the fastest step", "on the Adreno 630, the greatest performance boost came from step 5a",
            evaluate=_5a_best),
    C.Claim("S5.C10", "S5", "the best step differs between devices", "the main takeaway is that [...] you need to tune the kernel according to the target hardware",
            evaluate=_best_differs),
    C.Claim("S5.C11", "S5", "naive is memory-bound, the optimised steps more ALU-bound",
            "In the naïve implementation, the algorithm is memory-bound. By data-packing, "
            "vectorized load and data reuse, it becomes more ALU-bound.",
            evaluate=_memory_then_alu),
]


def evaluate_claims(s: dict) -> C.Study:
    devs = s["devices"]
    by = {d["slug"]: d for d in devs}
    return C.evaluate_study(
        id="S5", title=TITLE, experiment=EXPERIMENT, conditions=["time"],
        condition_labels={"time": f"kernel time, T = {devs[0]['threshold']}"},
        devices=[C.Device(d["slug"], d["device"], d["note"]) for d in devs], claims=STUDY_CLAIMS,
        context=lambda slug, cond: {"dev": by[slug], "all": devs})


class EpsilonStudy(Study):
    name = EXPERIMENT
    description = first_paragraph(__doc__)

    def load(self, run: Run) -> list[dict]:
        return load_devices(run.results)

    def derive(self, run: Run) -> dict:
        return derive_devices(run.raw)

    def claims(self, run: Run) -> C.Study:
        return evaluate_claims(run.summary)

    def figures(self, run: Run) -> None:
        fig7(run.summary, run.out)
        sweep_fig(run.summary, run.out)
        crop_png(run.summary, run.out)

    def tables(self, run: Run) -> None:
        R.write_text(run.out / "epsilon_table2.tex", table2_tex(run.summary))
        R.write_text(run.out / "epsilon_macros.tex", macros_tex(run.summary))

    def report(self, run: Run) -> None:
        for d in run.summary["devices"]:
            print(f"epsilon: {d['device']}: best step {d['best_label']} "
                  f"{d['best_speedup']:.2f}x ({R.fmt_ms(d['best_ms'])} vs naive {R.fmt_ms(d['naive_ms'])} ms)")


STUDY = EpsilonStudy()
main = STUDY.main


if __name__ == "__main__":
    sys.exit(main())
