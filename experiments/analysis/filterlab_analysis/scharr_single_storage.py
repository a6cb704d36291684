"""Experiment "scharr_single_storage": raw results -> summary -> figure and LaTeX fragments.

The Scharr "single" filter (d/dx and d/dy) over every level of the 16-level pyramid, stored as
images (image2d_t) or as one buffer, filter sizes 3, 5, 7, 9, per device.

    PYTHONPATH=experiments/analysis /usr/bin/python3 -m filterlab_analysis.scharr_single_storage \\
        --results experiments/results --out paper/generated

Writes to --out:
    scharr_single_storage_summary.json  derived numbers (the only input of everything below)
    scharr_single_storage.pdf / .png     the figure
    scharr_single_storage_table.tex      tabular: per device, size and storage
    scharr_single_storage_devices.tex    tabular: the devices and how they were measured
    scharr_single_storage_macros.tex     \\newcommand's for the few numbers the prose quotes
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

from . import figure_output as FO
from . import results as R
from .study import Run, Study, first_paragraph

EXPERIMENT = "scharr_single_storage"
VARIANT = "scharr.single"
STORAGES = ("images", "buffer")
STORAGE_LABEL = {"images": "images (image2d_t)", "buffer": "buffer"}
KSIZES = (3, 5, 7, 9)


# ---------------------------------------------------------------------------------------------
# raw -> derived


def _grid(result: R.DeviceResult) -> dict[tuple[str, int], R.Row]:
    grid: dict[tuple[str, int], R.Row] = {}
    for row in result.rows:
        if row.family != VARIANT:
            raise R.ResultError(f"{result.path}: row '{row.variant_id}' has family '{row.family}', "
                                f"this experiment has only '{VARIANT}'")
        if row.storage not in STORAGES:
            raise R.ResultError(f"{result.path}: row '{row.variant_id}' has storage '{row.storage}', "
                                f"expected one of {', '.join(STORAGES)}")
        if row.ksize not in KSIZES:
            raise R.ResultError(f"{result.path}: row '{row.variant_id}' has ksize {row.ksize}, "
                                f"expected one of {', '.join(map(str, KSIZES))}")
        key = (row.storage, row.ksize)
        if key in grid:
            raise R.ResultError(f"{result.path}: rows '{grid[key].variant_id}' and '{row.variant_id}' both "
                                f"measure storage '{row.storage}', size {row.ksize}")
        grid[key] = row
    return grid


def derive(results: list[R.DeviceResult], results_dir: Path) -> dict:
    labels = R.device_labels(results)
    devices = []
    for res in results:
        grid = _grid(res)
        missing = [f"{s}/k{k}" for s in STORAGES for k in KSIZES if (s, k) not in grid]
        for m in missing:
            print(f"warning: {res.path}: no row for {m}; it is shown as missing", file=sys.stderr)
        rows = [{
            "storage": s, "ksize": k, "id": r.variant_id, "local_size": list(r.local_size),
            "median_ms": r.kernel_ms.median, "q1_ms": r.kernel_ms.q1, "q3_ms": r.kernel_ms.q3,
            "ci95_low_ms": r.kernel_ms.ci95_low, "ci95_high_ms": r.kernel_ms.ci95_high,
            "n": r.kernel_ms.n, "wall_median_ms": r.wall_ms.median, "bytes_min": r.bytes_min,
            "floor_ms": r.floor_ms, "roofline_fraction": r.roofline_fraction,
        } for s in STORAGES for k in KSIZES if (r := grid.get((s, k))) is not None]
        best = max(rows, key=lambda x: x["roofline_fraction"])
        ratios = [{
            "ksize": k, "images_median_ms": grid[("images", k)].kernel_ms.median,
            "buffer_median_ms": grid[("buffer", k)].kernel_ms.median,
            "images_over_buffer": (grid[("images", k)].kernel_ms.median
                                   / grid[("buffer", k)].kernel_ms.median),
        } for k in KSIZES if ("images", k) in grid and ("buffer", k) in grid]
        devices.append({
            "device": res.device, "device_slug": res.slug, "label": labels[res.slug],
            "source": {"file": res.path.relative_to(results_dir).as_posix(),
                       "sha256": res.sha256},
            "provenance": res.provenance,
            "rows": rows, "missing": missing,
            "best_roofline": {k: best[k] for k in ("storage", "ksize", "roofline_fraction",
                                                   "median_ms", "floor_ms")},
            "images_over_buffer": ratios,
        })
    best_dev = max(devices, key=lambda d: d["best_roofline"]["roofline_fraction"])
    all_ratios = [dict(r, device=d["device"]) for d in devices for r in d["images_over_buffer"]]
    overall = {
        "devices": len(devices),
        "best_roofline": dict(best_dev["best_roofline"], device=best_dev["device"]),
        "images_over_buffer_min": min(all_ratios, key=lambda r: r["images_over_buffer"],
                                      default=None),
        "images_over_buffer_max": max(all_ratios, key=lambda r: r["images_over_buffer"],
                                      default=None),
    }
    return {"schema": "filterlab.summary/1", "experiment": EXPERIMENT,
            "storages": list(STORAGES), "ksizes": list(KSIZES),
            "devices": devices, "overall": overall}


# ---------------------------------------------------------------------------------------------
# derived -> figure


def plot(summary: dict, out: Path) -> None:
    plt = FO.pyplot({**FO.BASE_STYLE, "font.size": 8, "axes.titlesize": 9})
    from matplotlib.lines import Line2D
    from matplotlib.ticker import FuncFormatter, LogLocator
    devices = summary["devices"]
    colours = plt.get_cmap("tab10").colors
    style = {"images": "-", "buffer": "--"}
    n_groups = 2 * len(devices)
    step = min(0.08, 0.6 / max(n_groups, 1))

    fig, (ax_t, ax_r) = plt.subplots(1, 2, figsize=(6.5, 3.5))
    for i, dev in enumerate(devices):
        colour = colours[i % len(colours)]
        for j, storage in enumerate(STORAGES):
            rows = [r for r in dev["rows"] if r["storage"] == storage]
            if not rows:
                continue
            dx = (2 * i + j - (n_groups - 1) / 2) * step
            x = [r["ksize"] + dx for r in rows]
            med = [r["median_ms"] for r in rows]
            ax_t.errorbar(x, med, yerr=[[m - r["q1_ms"] for m, r in zip(med, rows)],
                                        [r["q3_ms"] - m for m, r in zip(med, rows)]],
                          color=colour, linestyle=style[storage], marker="o", markersize=3,
                          linewidth=1.2, capsize=2, elinewidth=0.8)
            frac = [100 * r["roofline_fraction"] for r in rows]
            # IQR of the time mapped through floor / time: [floor/q3, floor/q1]
            ax_r.errorbar(x, frac,
                          yerr=[[f - 100 * r["floor_ms"] / r["q3_ms"] for f, r in zip(frac, rows)],
                                [100 * r["floor_ms"] / r["q1_ms"] - f for f, r in zip(frac, rows)]],
                          color=colour, linestyle=style[storage], marker="o", markersize=3,
                          linewidth=1.2, capsize=2, elinewidth=0.8)

    ticks = list(summary["ksizes"])
    for ax in (ax_t, ax_r):
        ax.set_xticks(ticks, [f"{k}×{k}" for k in ticks])
        ax.set_xlim(ticks[0] - 0.6, ticks[-1] + 0.6)
        ax.set_xlabel("Filter size")
        ax.grid(True, which="major", color="0.88", linewidth=0.6)
        ax.set_axisbelow(True)
    ax_t.set_yscale("log")
    ax_t.yaxis.set_minor_locator(LogLocator(subs=(2, 5)))
    plain = FuncFormatter(lambda v, _: f"{v:.3g}" if v < 1000 else f"{v:.0f}")
    ax_t.yaxis.set_major_formatter(plain)
    ax_t.yaxis.set_minor_formatter(plain)
    ax_t.set_ylabel("Median kernel time per pyramid (ms)")
    ax_t.set_title("Kernel time (bars: IQR)")
    top = max(100 * r["floor_ms"] / r["q1_ms"] for d in devices for r in d["rows"])
    ax_r.set_ylim(0, top * 1.12)
    ax_r.set_ylabel("Roofline fraction: floor / median time (%)")
    ax_r.set_title("Roofline fraction (bars: from the IQR)")

    # Legends below the panels: storage encoding on one row, then one row per device. Their
    # heights are measured once drawn, then the figure grows to fit them under the axes.
    dev_handles = [Line2D([], [], color=colours[i % len(colours)], marker="o", markersize=3,
                          linewidth=1.2, label=textwrap.fill(d["label"], 100))
                   for i, d in enumerate(devices)]
    sto_handles = [Line2D([], [], linestyle="none", label="Storage:")]
    sto_handles += [Line2D([], [], color="0.2", linestyle=style[s], linewidth=1.2,
                           label=STORAGE_LABEL[s]) for s in STORAGES]
    common = {"loc": "lower left", "frameon": False, "borderaxespad": 0.2,
              "handletextpad": 0.5, "borderpad": 0.2}
    leg_dev = fig.legend(handles=dev_handles, **common)
    leg_sto = fig.legend(handles=sto_handles, ncol=len(sto_handles), columnspacing=1.2,
                         **common)
    fig.canvas.draw()
    dpi = fig.dpi
    dev_in = leg_dev.get_window_extent().height / dpi
    sto_in = leg_sto.get_window_extent().height / dpi
    axes_in, top_in, xlabel_in, gap_in, pad_in = 2.45, 0.25, 0.45, 0.06, 0.03
    height = top_in + axes_in + xlabel_in + sto_in + gap_in + dev_in + pad_in
    fig.set_size_inches(6.5, height)
    leg_dev.set_bbox_to_anchor((0.005, pad_in / height), transform=fig.transFigure)
    leg_sto.set_bbox_to_anchor((0.005, (pad_in + dev_in + gap_in) / height),
                               transform=fig.transFigure)
    fig.subplots_adjust(left=0.09, right=0.985, top=1 - top_in / height, wspace=0.28,
                        bottom=(pad_in + dev_in + gap_in + sto_in + xlabel_in) / height)
    fig.savefig(out / f"{EXPERIMENT}.pdf", metadata={"CreationDate": None, "ModDate": None})
    fig.savefig(out / f"{EXPERIMENT}.png", dpi=200, metadata={"Software": None})
    plt.close(fig)


# ---------------------------------------------------------------------------------------------
# derived -> LaTeX


def _size(k: int) -> str:
    return f"${k}\\times{k}$"


def table_tex(summary: dict) -> str:
    e = R.latex_escape
    lines = [
        f"% Generated by experiments/analysis/filterlab_analysis/{EXPERIMENT}.py from the raw results; do not edit.",
        r"\begin{tabular}{@{}rrrrrr@{}}",
        r"\toprule",
        r" & & \multicolumn{2}{c}{Images (\texttt{image2d\_t})} & \multicolumn{2}{c}{Buffer} \\",
        r"\cmidrule(lr){3-4}\cmidrule(l){5-6}",
        r"Size & Floor (ms) & Median [Q1, Q3] (ms) & Roofline (\%) "
        r"& Median [Q1, Q3] (ms) & Roofline (\%) \\",
    ]
    for dev in summary["devices"]:
        prov = dev["provenance"]
        head = e(dev["device"])
        if prov["scale"] != 1:
            head += f" (pyramid at {R.scale_text(prov['scale'])} scale)"
        lines += [r"\midrule", rf"\multicolumn{{6}}{{@{{}}l}}{{\textit{{{head}}}}} \\"]
        by_key = {(r["storage"], r["ksize"]): r for r in dev["rows"]}
        for k in summary["ksizes"]:
            cells = [_size(k)]
            floors = [by_key[(s, k)]["floor_ms"] for s in STORAGES if (s, k) in by_key]
            floor_text = sorted({R.fmt_ms(f) for f in floors})
            cells.append(" / ".join(floor_text) if floor_text else "---")
            for s in STORAGES:
                r = by_key.get((s, k))
                if r is None:
                    cells += ["missing", "---"]
                    continue
                cells.append(f"{R.fmt_ms(r['median_ms'])} "
                             f"[{R.fmt_ms(r['q1_ms'])}, {R.fmt_ms(r['q3_ms'])}]")
                cells.append(R.fmt_percent(r["roofline_fraction"]))
            lines.append(" & ".join(cells) + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}", ""]
    return "\n".join(lines)


def _device_facts(dev: dict) -> list[str]:
    e = R.latex_escape
    p = dev["provenance"]
    bw = p["copy_bandwidth_GBps"]
    commit = e(p["commit"][:12]) + (" (with local changes)" if p["commit_dirty"] else "")
    scale = "1 (full size)" if p["scale"] == 1 else R.scale_text(p["scale"])
    return [
        rf"\textbf{{{e(p['device'])}}}",
        e(f"{p['device_type']}, {p['vendor']}"),
        e(p["platform_version"]),
        e(p["driver_version"]),
        str(p["compute_units"]),
        f"{bw:.0f}" if bw >= 100 else R.fmt_sig(bw, 3),
        f"{p['timer_resolution_ns']:g}",
        f"{scale}; base ${p['base_width']}\\times{p['base_height']}$, "
        + f"{p['pyramid_pixels']:,}".replace(",", "{,}") + " pixels",
        f"{p['repetitions']} ({p['warmup']} warm-up)",
        e(p["border"]) + ", $" + r"\times".join(str(v) for v in p["local_size"]) + "$",
        rf"\texttt{{{commit}}}",
        e(p["date"].replace("T", " ")),
    ]


DEVICE_FACT_NAMES = ["Device", "Type, vendor", "Platform version", "Driver", "Compute units",
                     "Copy bandwidth (GB/s)", "Timer resolution (ns)", "Pyramid scale",
                     "Repetitions", "Border, work-group", "Commit", "Date (UTC)"]


def devices_tex(summary: dict, per_table: int = 3) -> str:
    """Devices as columns (at most per_table per tabular, so long names and version strings
    wrap instead of running off the page); facts as rows."""
    devs = summary["devices"]
    lines = [f"% Generated by experiments/analysis/filterlab_analysis/{EXPERIMENT}.py from the raw results; "
             "do not edit. Needs \\usepackage{tabularx,booktabs}."]
    for start in range(0, len(devs), per_table):
        chunk = devs[start:start + per_table]
        facts = [_device_facts(d) for d in chunk]
        if start:
            lines.append(r"\par\medskip")
        lines += [rf"\begin{{tabularx}}{{\linewidth}}{{@{{}}l*{{{len(chunk)}}}"
                  r"{>{\raggedright\arraybackslash}X}@{}}", r"\toprule"]
        for i, name in enumerate(DEVICE_FACT_NAMES):
            lines.append(" & ".join([name] + [f[i] for f in facts]) + r" \\")
            if i == 0:
                lines.append(r"\midrule")
        lines += [r"\bottomrule", r"\end{tabularx}"]
    lines.append("")
    return "\n".join(lines)


def macros_tex(summary: dict) -> str:
    e = R.latex_escape
    o = summary["overall"]
    b = o["best_roofline"]
    defs = {
        "ScharrNumDevices": str(o["devices"]),
        "ScharrDevicesPhrase": "one device" if o["devices"] == 1 else f"{o['devices']} devices",
        "ScharrBestRooflinePercent": R.fmt_percent(b["roofline_fraction"]) + r"\,\%",
        "ScharrBestRooflineDevice": e(b["device"]),
        "ScharrBestRooflineStorage": e(STORAGE_LABEL[b["storage"]]).replace(
            "image2d\\_t", "\\texttt{image2d\\_t}"),
        "ScharrBestRooflineSize": f"\\ensuremath{{{b['ksize']}\\times{b['ksize']}}}",
    }
    for end in ("min", "max"):
        r = o[f"images_over_buffer_{end}"]
        name = "Min" if end == "min" else "Max"
        defs[f"ScharrImagesOverBuffer{name}"] = "---" if r is None else R.fmt_ratio(
            r["images_over_buffer"])
        defs[f"ScharrImagesOverBuffer{name}Where"] = "---" if r is None else (
            f"{e(r['device'])}, \\ensuremath{{{r['ksize']}\\times{r['ksize']}}}")
    lines = [f"% Generated by experiments/analysis/filterlab_analysis/{EXPERIMENT}.py from the raw results; "
             "do not edit."]
    lines += [f"\\newcommand{{\\{k}}}{{{v}}}" for k, v in defs.items()]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------


class SingleStorageStudy(Study):
    name = EXPERIMENT
    description = first_paragraph(__doc__)

    def derive(self, run: Run) -> dict:
        return derive(run.raw, run.results)

    def figures(self, run: Run) -> None:
        plot(run.summary, run.out)

    def tables(self, run: Run) -> None:
        summary, out = run.summary, run.out
        R.write_text(out / f"{EXPERIMENT}_table.tex", table_tex(summary))
        R.write_text(out / f"{EXPERIMENT}_devices.tex", devices_tex(summary))
        R.write_text(out / f"{EXPERIMENT}_macros.tex", macros_tex(summary))

    def report(self, run: Run) -> None:
        names = ", ".join(d["device"] for d in run.summary["devices"])
        print(f"{EXPERIMENT}: {len(run.summary['devices'])} device(s) ({names}) -> {run.out}")


STUDY = SingleStorageStudy()
main = STUDY.main


if __name__ == "__main__":
    sys.exit(main())
