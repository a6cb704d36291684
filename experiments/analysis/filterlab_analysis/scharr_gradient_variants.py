"""Experiment "scharr_gradient_variants" (study 1): raw results -> summary -> figures, tables,
macros and the study's claims.

The gradient-filter study: Scharr d/dx and d/dy, sizes 3 to 9, over every level of the 16-level
pyramid, in the article's five cases (single, local, separable, double, predefined), its two
local-memory copy patterns and its combinations, on images and on buffers, per device.

    PYTHONPATH=experiments/analysis /usr/bin/python3 -m filterlab_analysis.scharr_gradient_variants \\
        --results experiments/results --out paper/generated

Writes to --out:
    scharr_gradient_variants_summary.json  derived numbers (the only input of everything below)
    scharr_gradient_variants_claims.json   the article's claims C1..C13 checked per device and
                                           storage (make_all.py turns every study's claims into
                                           claims_ledger.tex / _details.tex / .md)
    scharr_gradient_fig1.pdf               the five cases: time and roofline fraction
    scharr_gradient_fig5.pdf               local memory: 2-loop versus remap copies
    scharr_gradient_fig6.pdf               separable: box-whisker plots of every sample
    scharr_gradient_fig8.pdf, scharr_gradient_fig8_roofline.pdf   the combinations
    scharr_gradient_fastest.tex            tabular: fastest variant per device and size
    scharr_gradient_target.tex             tabular: the roofline targets (whole pyramid, level 0)
    scharr_gradient_table.tex              tabular: every 16x16 row, median and roofline
    scharr_gradient_findings.tex           per device: which claims held (prose, generated)
    scharr_gradient_macros.tex             \\newcommand's (\\Grad...): numbers the prose quotes
"""

from __future__ import annotations

import hashlib
import json
import sys
import textwrap
from pathlib import Path

from . import claims as C
from . import figure_output as FO
from . import results as R
from .paths import VARIANTS
from .study import Run, Study, first_paragraph

EXPERIMENT = "scharr_gradient_variants"
STUDY_ID = "S1"
STUDY_TITLE = "Performance evaluation of image convolution with gradient filters in OpenCL"
STORAGES = ("images", "buffer")
STORAGE_LABEL = {"images": "images (image2d_t)", "buffer": "buffer"}
KSIZES = (3, 5, 7, 9)
WG = (16, 16)  # the work-group of the figures and the claims
BYTES_PER_PIXEL = 12  # input read once, both outputs written once (4-byte floats)
OUTPUTS = 2
PYRAMID_TARGET = 0.70  # best whole-pyramid roofline fraction on the NVIDIA GPU
LEVEL0_TARGET = 0.80   # best level-0 roofline fraction on the NVIDIA GPU
NEARLY_CONSTANT = 1.25  # claim C8: max/min time ratio over sizes

# The design facts come from the variant catalogue (experiments/variants.json, the snapshot of
# `filterlab variants --json`, kept equal to the binary by ctest cli:variants_snapshot): launches per
# launch unit (a level on images, an octave on the buffer, the whole pyramid for a one-launch
# family), the copy pattern ("none", the article's "rule", or a fixed one) and the storages. Only
# the figures' short labels are written here.
CATALOGUE = VARIANTS
LABELS = {
    "scharr.single": "single", "scharr.local": "local", "scharr.local_2loop": "local, 2-loop copy",
    "scharr.local_remap": "local, remap copy", "scharr.separable": "separable", "scharr.double": "double",
    "scharr.predefined": "predefined", "scharr.double_local": "double+local",
    "scharr.double_predefined": "double+predefined", "scharr.predefined_local": "predefined+local",
    "scharr.double_predefined_local": "double+predefined+local",
    "scharr.double_predefined_rows8": "double+predefined, 8 rows/item",
    "scharr.double_predefined_rows8_onelaunch": "rows8, one launch for all levels",
}


def scharr_designs(path: Path = CATALOGUE) -> dict:
    """The catalogue's Scharr sub-families: name -> design facts, in registration order."""
    try:
        catalogue = json.loads(path.read_text(encoding="utf-8"))
        family = next(f for f in catalogue["families"] if f["name"] == "scharr")
    except (OSError, ValueError, KeyError, StopIteration) as e:
        raise SystemExit(f"cannot read the Scharr families from the variant catalogue {path} ({e}): "
                         "run `make registry` to write it from `filterlab variants --json`")
    return {s["name"]: s["design"] for s in family["subfamilies"]}


DESIGNS = scharr_designs()
# family -> (short label, launches per launch unit, copy pattern)
FAMILIES = {name: (LABELS[name], d["launches_per_unit"], d["copy"]) for name, d in DESIGNS.items()}
ONE_LAUNCH = {name for name, d in DESIGNS.items() if d["one_launch"]}  # the launch unit is the pyramid
BUFFER_ONLY = {name for name, d in DESIGNS.items() if "images" not in d["storages"]}  # no image2d_t form
LAUNCH_UNITS = {"images": 16, "buffer": 4}  # levels, octaves
CASES = ["scharr.single", "scharr.local", "scharr.separable", "scharr.double",
         "scharr.predefined"]
COLOUR = {
    "scharr.single": "C0", "scharr.local": "C1", "scharr.local_2loop": "C8",
    "scharr.local_remap": "C9", "scharr.separable": "C2", "scharr.double": "C3",
    "scharr.predefined": "C4", "scharr.double_local": "C5", "scharr.double_predefined": "C6",
    "scharr.predefined_local": "C7", "scharr.double_predefined_local": "k",
    "scharr.double_predefined_rows8": "y",
}
MARKER = {
    "scharr.single": "o", "scharr.local": "s", "scharr.local_2loop": "s",
    "scharr.local_remap": "D", "scharr.separable": "^", "scharr.double": "v",
    "scharr.predefined": "P", "scharr.double_local": "X", "scharr.double_predefined": "*",
    "scharr.predefined_local": "p", "scharr.double_predefined_local": "h",
    "scharr.double_predefined_rows8": "8",
}
LEVEL0_KEYS = {"width": "int", "height": "int", "bytes_min": "int", "floor_ms": "number",
               "kernel_ms": "dict", "roofline_fraction": "number", "samples_kernel_ms": "list"}
EXTRA_PROVENANCE = {"families": "list", "bytes_per_pixel_min": "int", "level0_width": "int",
                    "level0_height": "int"}
EXTRA_ROW = {"copy_pattern": "str", "outputs": "int", "level0": "dict"}


def short(family: str) -> str:
    return FAMILIES[family][0]


def expected_copy(family: str, ksize: int) -> str:
    rule = FAMILIES[family][2]
    if rule == "rule":  # the article's rule: remap copy up to 7x7, the two loops at 9x9
        return "remap" if ksize <= 7 else "2loop"
    return rule


# ---------------------------------------------------------------------------------------------
# raw -> validated rows (results.py validates the common schema; this adds the study's keys)


def _raw(res: R.DeviceResult) -> dict:
    """The raw JSON of a file results.py has loaded (for the keys its Row does not keep)."""
    raw = res.path.read_bytes()
    if hashlib.sha256(raw).hexdigest() != res.sha256:
        raise R.ResultError(f"{res.path}: changed while being read; run the analysis again")
    return json.loads(raw.decode("utf-8"))


def _level0(obj: dict, where: str, row_samples: tuple, prov: dict, path: Path) -> dict:
    R._require(obj, LEVEL0_KEYS, where, path)
    stats = R._stats(obj["kernel_ms"], f"{where}.kernel_ms", path)
    samples = R._samples(obj["samples_kernel_ms"], stats, f"{where}.samples_kernel_ms", path)
    if stats.n != prov["repetitions"]:
        raise R.ResultError(f"{path}: '{where}.kernel_ms' has n = {stats.n} but "
                            f"provenance.repetitions = {prov['repetitions']}")
    if (obj["width"], obj["height"]) != (prov["level0_width"], prov["level0_height"]):
        raise R.ResultError(f"{path}: '{where}' is {obj['width']}x{obj['height']} but "
                            f"provenance.level0_width/height say "
                            f"{prov['level0_width']}x{prov['level0_height']}")
    expected_bytes = BYTES_PER_PIXEL * obj["width"] * obj["height"]
    if obj["bytes_min"] != expected_bytes:
        raise R.ResultError(f"{path}: '{where}.bytes_min' is {obj['bytes_min']}, expected "
                            f"{BYTES_PER_PIXEL} * width * height = {expected_bytes}")
    floor = obj["bytes_min"] / (prov["copy_bandwidth_GBps"] * 1e9) * 1e3
    if not R._close(obj["floor_ms"], floor):
        raise R.ResultError(f"{path}: '{where}.floor_ms' is {obj['floor_ms']!r}, but bytes_min "
                            f"/ copy_bandwidth_GBps gives {floor!r} ms")
    if not R._close(obj["roofline_fraction"], obj["floor_ms"] / stats.median):
        raise R.ResultError(f"{path}: '{where}.roofline_fraction' is "
                            f"{obj['roofline_fraction']!r}, but floor_ms / kernel_ms.median "
                            f"gives {obj['floor_ms'] / stats.median!r}")
    # Where level 0's launches are part of the pyramid's enqueue (timed_with_pyramid), each of its
    # samples is part of the pyramid's sample of the same index. A variant whose launches level 0
    # shares (an octave or every level in one launch) times it in an enqueue of its own, where one
    # noisy sample may pass the pyramid's (PoCL 3.1 at 28bf1a8, scharr.predefined/buffer/k3: a
    # 42.9 ms level-0 sample beside a 42.1 ms pyramid sample, medians 6.6 and 36.8 ms); results
    # older than the field cannot tell the two apart. The medians are compared in every case.
    if obj.get("timed_with_pyramid") is True:
        for i, (part, whole) in enumerate(zip(samples, row_samples)):
            if part > whole * (1 + R.REL_TOL):
                raise R.ResultError(f"{path}: '{where}.samples_kernel_ms[{i}]' ({part!r} ms, level 0 "
                                    f"only) exceeds the whole pyramid's sample ({whole!r} ms)")
    whole = sorted(row_samples)[len(row_samples) // 2] if row_samples else None
    part = sorted(samples)[len(samples) // 2] if samples else None
    if whole is not None and part is not None and part > whole * (1 + R.REL_TOL):
        raise R.ResultError(f"{path}: '{where}.samples_kernel_ms' (level 0 only, median {part!r} ms) "
                            f"exceeds the whole pyramid's median sample ({whole!r} ms)")
    return {"width": obj["width"], "height": obj["height"], "bytes_min": obj["bytes_min"],
            "floor_ms": float(obj["floor_ms"]), "kernel_ms": stats.to_dict(),
            "roofline_fraction": float(obj["roofline_fraction"])}


def validate(res: R.DeviceResult) -> list[dict]:
    """The study's checks on top of results.py's; returns one dict per row (summary form)."""
    path, prov = res.path, res.provenance
    R._require(prov, EXTRA_PROVENANCE, "provenance", path)
    unknown = [f for f in prov["families"] if f not in FAMILIES]
    if unknown or not all(isinstance(f, str) for f in prov["families"]):
        raise R.ResultError(f"{path}: provenance.families lists unknown families {unknown}; "
                            f"known: {', '.join(FAMILIES)}")
    if prov["bytes_per_pixel_min"] != BYTES_PER_PIXEL:
        raise R.ResultError(f"{path}: provenance.bytes_per_pixel_min is "
                            f"{prov['bytes_per_pixel_min']}, this study counts {BYTES_PER_PIXEL} "
                            "(input read once, both outputs written once)")
    if (prov["level0_width"], prov["level0_height"]) != (prov["base_width"],
                                                         prov["base_height"]):
        raise R.ResultError(f"{path}: provenance.level0_width/height "
                            f"({prov['level0_width']}x{prov['level0_height']}) differ from "
                            f"base_width/height ({prov['base_width']}x{prov['base_height']})")
    raw_rows = _raw(res)["rows"]
    out = []
    for i, (row, raw) in enumerate(zip(res.rows, raw_rows)):
        where = f"rows[{i}]"
        R._require(raw, EXTRA_ROW, where, path)
        if row.family not in FAMILIES:
            raise R.ResultError(f"{path}: '{where}.family' is '{row.family}' ({row.variant_id}); "
                                f"this experiment has {', '.join(FAMILIES)}")
        if row.family not in prov["families"]:
            raise R.ResultError(f"{path}: '{where}' ({row.variant_id}) has family '{row.family}', "
                                "which provenance.families does not list")
        if row.storage not in STORAGES:
            raise R.ResultError(f"{path}: '{where}.storage' is '{row.storage}' ({row.variant_id}), "
                                f"expected one of {', '.join(STORAGES)}")
        if row.ksize not in KSIZES:
            raise R.ResultError(f"{path}: '{where}.ksize' is {row.ksize} ({row.variant_id}), expected "
                                f"one of {', '.join(map(str, KSIZES))}")
        if len(row.local_size) != 2 or not all(isinstance(v, int) and v > 0
                                               for v in row.local_size):
            raise R.ResultError(f"{path}: '{where}.local_size' must be [w, h], got "
                                f"{list(row.local_size)}")
        wg = tuple(row.local_size)
        expected_id = f"{row.family}/{row.storage}/k{row.ksize}/wg{wg[0]}x{wg[1]}"
        if row.variant_id != expected_id:
            raise R.ResultError(f"{path}: '{where}.variant_id' is '{row.variant_id}' but its keys give "
                                f"'{expected_id}'")
        copy = expected_copy(row.family, row.ksize)
        if raw["copy_pattern"] != copy:
            raise R.ResultError(f"{path}: '{where}.copy_pattern' ({row.variant_id}) is "
                                f"'{raw['copy_pattern']}', expected '{copy}'")
        if raw["outputs"] != OUTPUTS:
            raise R.ResultError(f"{path}: '{where}.outputs' ({row.variant_id}) is {raw['outputs']}, "
                                f"every sample computes both derivatives ({OUTPUTS})")
        units = 1 if row.family in ONE_LAUNCH else LAUNCH_UNITS[row.storage]
        launches = FAMILIES[row.family][1] * units
        if row.launches_per_sample != launches:
            raise R.ResultError(f"{path}: '{where}.launches_per_sample' ({row.variant_id}) is "
                                f"{row.launches_per_sample}, expected {launches} for "
                                f"{row.family}")
        if row.bytes_min != BYTES_PER_PIXEL * prov["pyramid_pixels"]:
            raise R.ResultError(f"{path}: '{where}.bytes_min' ({row.variant_id}) is {row.bytes_min}, "
                                f"expected {BYTES_PER_PIXEL} * provenance.pyramid_pixels = "
                                f"{BYTES_PER_PIXEL * prov['pyramid_pixels']}")
        level0 = _level0(raw["level0"], f"{where}.level0", row.samples_kernel_ms, prov, path)
        k = row.kernel_ms
        out.append({
            "id": row.variant_id, "family": row.family, "storage": row.storage, "ksize": row.ksize,
            "local_size": list(wg), "copy_pattern": raw["copy_pattern"],
            "launches_per_sample": row.launches_per_sample, "bytes_min": row.bytes_min,
            "floor_ms": row.floor_ms, "kernel_ms": k.to_dict(),
            "roofline_fraction": row.roofline_fraction,
            "rel_iqr": (k.q3 - k.q1) / k.median,
            "wall_median_ms": row.wall_ms.median,
            "level0": level0,
            # every sample of the rows Figure 6 shows
            **({"samples_kernel_ms": list(row.samples_kernel_ms)}
               if row.family == "scharr.separable" and wg == WG else {}),
        })
    return out


# ---------------------------------------------------------------------------------------------
# raw -> derived


def _ref(r: dict) -> dict:
    """A row as the summary's "best"/"fastest" entries name it."""
    return {"id": r["id"], "family": r["family"], "storage": r["storage"], "ksize": r["ksize"],
            "local_size": r["local_size"], "median_ms": r["kernel_ms"]["median"],
            "q1_ms": r["kernel_ms"]["q1"], "q3_ms": r["kernel_ms"]["q3"],
            "floor_ms": r["floor_ms"], "roofline_fraction": r["roofline_fraction"]}


def _is_target_device(prov: dict) -> bool:
    """The targets are defined for the NVIDIA GPU."""
    return prov["device_type"].upper() == "GPU" and "nvidia" in (
        prov["vendor"] + " " + prov["platform"]).lower()


def derive(results: list[R.DeviceResult], results_dir: Path) -> dict:
    labels = R.device_labels(results)
    devices = []
    for res in results:
        rows = validate(res)
        grid = {(r["family"], r["storage"], r["ksize"]): r for r in rows
                if tuple(r["local_size"]) == WG}
        missing = [f"{f}/{s}/k{k}/wg{WG[0]}x{WG[1]}" for f in FAMILIES for s in STORAGES
                   for k in KSIZES if (f, s, k) not in grid
                   and not (f in BUFFER_ONLY and s == "images")]
        for m in missing:
            print(f"warning: {res.path}: no row for {m}; it is shown as missing",
                  file=sys.stderr)
        fastest = []
        for k in KSIZES:
            ranked = sorted((r for r in rows if r["ksize"] == k),
                            key=lambda r: (r["kernel_ms"]["median"], r["id"]))
            if ranked:
                fastest.append({"ksize": k, "best": _ref(ranked[0]),
                                "runner_up": _ref(ranked[1]) if len(ranked) > 1 else None})
        best = max(rows, key=lambda r: (r["roofline_fraction"], r["id"]))
        best0 = max(rows, key=lambda r: (r["level0"]["roofline_fraction"], r["id"]))
        is_target = _is_target_device(res.provenance)
        # What a pure one-read-two-writes stream reaches, as a fraction of the roofline: over 1 GiB
        # beside the pyramid, and at level 0's size beside level 0 (None where not recorded).
        prov = res.provenance
        roof = prov["copy_bandwidth_GBps"]
        small = prov.get("copy_bandwidth_level0_size")
        stream = {"pyramid": prov["copy_bandwidth"]["split_copy_GBps"] / roof,
                  "level0": small["split_copy_GBps"] / roof if small else None}
        target = {
            "applies": is_target,
            "pyramid": dict(_ref(best), target=PYRAMID_TARGET, stream_fraction=stream["pyramid"],
                            met=best["roofline_fraction"] >= PYRAMID_TARGET if is_target else None),
            "level0": {"id": best0["id"], "median_ms": best0["level0"]["kernel_ms"]["median"],
                       "floor_ms": best0["level0"]["floor_ms"],
                       "roofline_fraction": best0["level0"]["roofline_fraction"],
                       "width": best0["level0"]["width"], "height": best0["level0"]["height"],
                       "target": LEVEL0_TARGET, "stream_fraction": stream["level0"],
                       "met": (best0["level0"]["roofline_fraction"] >= LEVEL0_TARGET
                               if is_target else None)},
        }
        devices.append({
            "device": res.device, "device_slug": res.slug, "label": labels[res.slug],
            "source": {"file": res.path.relative_to(results_dir).as_posix(),
                       "sha256": res.sha256},
            "provenance": res.provenance, "rows": rows, "missing": missing,
            "fastest": fastest, "target": target,
        })
    best_dev = max(devices, key=lambda d: d["target"]["pyramid"]["roofline_fraction"])
    return {"schema": "filterlab.summary/1", "experiment": EXPERIMENT,
            "families": list(FAMILIES), "cases": CASES, "storages": list(STORAGES),
            "ksizes": list(KSIZES), "work_group": list(WG),
            "bytes_per_pixel_min": BYTES_PER_PIXEL,
            "targets": {"pyramid": PYRAMID_TARGET, "level0": LEVEL0_TARGET},
            "devices": devices,
            "overall": {"devices": len(devices),
                        "best_roofline": dict(best_dev["target"]["pyramid"],
                                              device=best_dev["device"])}}


# ---------------------------------------------------------------------------------------------
# the article's claims (study 1)


def _grid16(dev: dict, storage: str) -> dict[tuple[str, int], dict]:
    return {(r["family"], r["ksize"]): r for r in dev["rows"]
            if r["storage"] == storage and tuple(r["local_size"]) == WG}


class _Ctx:
    """What a claim's check sees: one device, one storage, the 16x16 rows."""

    def __init__(self, dev: dict, storage: str):
        self.grid = _grid16(dev, storage)

    def t(self, family: str, k: int):
        """The kernel-time statistics of a family at size k, or None (no data)."""
        r = self.grid.get((f"scharr.{family}", k))
        return None if r is None else r["kernel_ms"]

    def row(self, family: str, k: int):
        return self.grid.get((f"scharr.{family}", k))


def _over(ks, fn) -> C.Part:
    return C.combine(fn(k) for k in ks)


def _spread(ctx: _Ctx) -> C.Part:
    """C5: separable's relative IQR above that of each other case, size by size."""
    parts = []
    for k in KSIZES:
        sep = ctx.row("separable", k)
        others = {f: ctx.row(f, k) for f in ("single", "local", "double", "predefined")}
        if sep is None or any(r is None for r in others.values()):
            parts.append(C.Part(C.NO_DATA, f"k{k}: no data"))
            continue
        top = max(others, key=lambda f: others[f]["rel_iqr"])
        verdict = C.HOLDS if sep["rel_iqr"] > others[top]["rel_iqr"] else C.FAILS
        parts.append(C.Part(verdict, f"k{k}: IQR/median {R.fmt_percent(sep['rel_iqr'])}% vs "
                                     f"at most {R.fmt_percent(others[top]['rel_iqr'])}% ({top})"))
    return C.combine_every_or_none(parts)


# Each claim's written method (quantity, statistic, baseline, threshold, verdict rule) is its entry in
# claims_spec.toml; the Claim takes its check text from there.
def study_claims() -> list[C.Claim]:
    big = (5, 7, 9)

    def claim(n, short_, text, fn):
        return C.Claim(id=f"{STUDY_ID}.C{n}", study=STUDY_ID, short=short_, text=text,
                       evaluate=fn)

    return [
        claim(1, "local memory pays from 5x5 up",
              "But for the other filter sizes [than 3x3], this is definitively an optimization "
              "we should activate.",
              lambda c: _over(big, lambda k: C.faster(c.t("local", k), c.t("single", k),
                                                      f"k{k}"))),
        claim(2, "for 3x3 local memory does not clearly pay",
              "In the case of a 3x3 filter the results are even a little bit worse due to the "
              "overhead of copying the data from global to local memory.",
              lambda c: C.not_clearly(C.faster(c.t("local", 3), c.t("single", 3), "k3"))),
        claim(3, "separation is the worst of the five cases at 3x3",
              "For a 3x3 filter it turns out that this is even a really bad idea since it "
              "produces the worst results from all.",
              lambda c: C.combine(C.slower(c.t("separable", 3), c.t(f, 3), f"k3 vs {f}")
                                  for f in ("single", "local", "double", "predefined"))),
        claim(4, "separation disappoints above 3x3",
              "Even when things get better for larger filter sizes (which is expected) the "
              "results are not overwhelming.",
              lambda c: _over(big, lambda k: C.slower(c.t("separable", k), c.t("local", k),
                                                      f"k{k}"))),
        claim(5, "separation's timings spread widely",
              "Another thing I noticed here is that the range of values is very high [...] I "
              "did not notice such behaviour for the other test cases.",
              _spread),
        claim(6, "double beats single",
              "There is not more about it and it is not surprising that this test case "
              "outperforms the single approach.",
              lambda c: _over(KSIZES, lambda k: C.faster(c.t("double", k), c.t("single", k),
                                                         f"k{k}"))),
        claim(7, "predefined is fast",
              "The benchmark results show that the approach performs very well [...]",
              lambda c: _over(KSIZES, lambda k: C.faster(c.t("predefined", k),
                                                         c.t("single", k), f"k{k}"))),
        claim(8, "predefined is nearly independent of size",
              "[...] and is relatively independent of the filter size.",
              lambda c: C.nearly_constant({f"k{k}": c.t("predefined", k) for k in KSIZES},
                                          NEARLY_CONSTANT)),
        claim(9, "local memory makes predefined slower, single and double",
              "But note that local memory does not work well together with predefined "
              "filters, neither in the single nor in the double approach. [...] the results "
              "with local memory are even worse (in both cases).",
              lambda c: C.combine(
                  [C.slower(c.t("predefined_local", k), c.t("predefined", k), f"single k{k}")
                   for k in KSIZES]
                  + [C.slower(c.t("double_predefined_local", k), c.t("double_predefined", k),
                              f"double k{k}") for k in KSIZES])),
        claim(10, "remap copies win at 7x7",
              "Only for a 7x7 filter there is a small advantage of ≈1.5 ms for the index "
              "remapping approach.",
              lambda c: C.faster(c.t("local_remap", 7), c.t("local_2loop", 7), "k7")),
        claim(11, "2-loop copies win at 9x9",
              "It is very noticeable though that a 9x9 filter is much faster in the 2-loops "
              "approach.",
              lambda c: C.faster(c.t("local_2loop", 9), c.t("local_remap", 9), "k9")),
        claim(12, "double also benefits from local memory",
              "As expected, the double approach does also benefit from local memory [...]",
              lambda c: _over(big, lambda k: C.faster(c.t("double_local", k),
                                                      c.t("double", k), f"k{k}"))),
        claim(13, "double works well with predefined",
              "[...] and works well with predefined filters. No surprises here.",
              lambda c: _over(KSIZES, lambda k: C.faster(c.t("double_predefined", k),
                                                         c.t("double", k), f"k{k}"))),
    ]


def _scale_note(prov: dict) -> str:
    return "" if prov["scale"] == 1 else f"pyramid at {R.scale_text(prov['scale'])} scale"


def evaluate_claims(summary: dict) -> C.Study:
    by_slug = {d["device_slug"]: d for d in summary["devices"]}
    devices = [C.Device(d["device_slug"], d["device"], _scale_note(d["provenance"]))
               for d in summary["devices"]]
    return C.evaluate_study(
        id=STUDY_ID, title=STUDY_TITLE, experiment=EXPERIMENT, conditions=list(STORAGES),
        condition_labels={"images": "images", "buffer": "buffer"}, devices=devices,
        claims=study_claims(), context=lambda slug, storage: _Ctx(by_slug[slug], storage))


# ---------------------------------------------------------------------------------------------
# derived -> figures


def _family_handles(families: list[str]):
    from matplotlib.lines import Line2D
    handles = [Line2D([], [], color=COLOUR[f], marker=MARKER[f], markersize=3.5, linewidth=1.1,
                      label=short(f)) for f in families]
    handles += [Line2D([], [], color="0.25", linestyle="-", linewidth=1.1,
                       label=STORAGE_LABEL["images"]),
                Line2D([], [], color="0.25", linestyle="--", linewidth=1.1,
                       label=STORAGE_LABEL["buffer"])]
    return handles


def _lines(ax, dev: dict, families: list[str], metric: str) -> None:
    """Median with IQR bars (metric "ms"), or roofline fraction with the IQR mapped through
    floor / time (metric "roofline"), per family and storage, against filter size."""
    style = {"images": "-", "buffer": "--"}
    n = len(families) * len(STORAGES)
    step = min(0.09, 0.7 / max(n, 1))
    for i, f in enumerate(families):
        for j, s in enumerate(STORAGES):
            grid = _grid16(dev, s)
            rows = [grid[(f, k)] for k in KSIZES if (f, k) in grid]
            if not rows:
                continue
            dx = (i * len(STORAGES) + j - (n - 1) / 2) * step
            x = [r["ksize"] + dx for r in rows]
            y, err = FO.median_and_iqr(rows, metric)
            ax.errorbar(x, y, yerr=err, color=COLOUR[f], linestyle=style[s], marker=MARKER[f],
                        markersize=3, linewidth=1.0, capsize=1.5, elinewidth=0.7)


def _axes_style(ax, metric: str, bottom: bool, left: bool) -> None:
    FO.filter_size_axis(ax, KSIZES, bottom)
    if metric == "ms":
        FO.log_time_axis(ax, "Median time (ms)" if left else None)
    else:
        ax.set_ylim(bottom=0)
        if left:
            ax.set_ylabel("Roofline fraction (%)")


def plot_lines(summary: dict, out: Path, stem: str, columns: list[tuple[str, list[str], str]],
               legend_families: list[str]) -> None:
    """Rows: devices; columns: (title, families, metric "ms" | "roofline")."""
    plt = FO.pyplot()
    devices = summary["devices"]
    handles = _family_handles(legend_families)
    fig, axes = FO.grid_figure(plt, len(devices), len(columns), handles,
                               min(len(handles), 4),
                               [textwrap.shorten(d["label"], 110) for d in devices],
                               [c[0] for c in columns])
    for i, dev in enumerate(devices):
        for j, (_, families, metric) in enumerate(columns):
            _lines(axes[i][j], dev, families, metric)
            _axes_style(axes[i][j], metric, bottom=i == len(devices) - 1,
                        left=j == 0 or metric != columns[j - 1][2])
    FO.save_and_close(fig, out / f"{stem}.pdf")


def plot_fig6(summary: dict, out: Path) -> None:
    """Separable: every sample per size as a box-whisker plot, per device and storage."""
    plt = FO.pyplot()
    from matplotlib.lines import Line2D
    devices = summary["devices"]
    handles = [Line2D([], [], color="C2", linewidth=1.2, label="median"),
               Line2D([], [], color="0.2", linewidth=0.8,
                      label="box: Q1 to Q3; whiskers: furthest sample within 1.5 IQR"),
               Line2D([], [], color="0.2", marker="o", markersize=2.5, linestyle="none",
                      markerfacecolor="none", label="samples beyond the whiskers")]
    titles = []
    for d in devices:
        ns = sorted({len(r["samples_kernel_ms"]) for r in d["rows"] if "samples_kernel_ms" in r})
        n_text = "/".join(map(str, ns)) if ns else "no"
        titles.append(textwrap.shorten(f"{d['label']}: n = {n_text} samples per box", 120))
    fig, axes = FO.grid_figure(plt, len(devices), len(STORAGES), handles, 3, titles,
                               [STORAGE_LABEL[s] for s in STORAGES])
    for i, dev in enumerate(devices):
        for j, s in enumerate(STORAGES):
            ax = axes[i][j]
            grid = _grid16(dev, s)
            ks = [k for k in KSIZES if ("scharr.separable", k) in grid]
            data = [grid[("scharr.separable", k)]["samples_kernel_ms"] for k in ks]
            if data:
                ax.boxplot(data, positions=ks, widths=0.9, whis=1.5, showfliers=True,
                           medianprops={"color": "C2", "linewidth": 1.2},
                           boxprops={"linewidth": 0.8}, whiskerprops={"linewidth": 0.8},
                           capprops={"linewidth": 0.8},
                           flierprops={"marker": "o", "markersize": 2.5,
                                       "markerfacecolor": "none", "markeredgewidth": 0.6})
            ax.set_xticks(KSIZES, [f"{k}×{k}" for k in KSIZES])
            ax.set_xlim(KSIZES[0] - 1, KSIZES[-1] + 1)
            ax.grid(True, axis="y", color="0.88", linewidth=0.6)
            ax.set_axisbelow(True)
            if i == len(devices) - 1:
                ax.set_xlabel("Filter size")
            if j == 0:
                ax.set_ylabel("Kernel time per pyramid (ms)")
    FO.save_and_close(fig, out / "scharr_gradient_fig6.pdf")


def plot_all(summary: dict, out: Path) -> None:
    time_t, roof_t = "Median kernel time per pyramid (bars: IQR)", "Roofline fraction (bars: IQR)"
    plot_lines(summary, out, "scharr_gradient_fig1",
               [(time_t, CASES, "ms"), (roof_t, CASES, "roofline")], CASES)
    pair = ["scharr.local_2loop", "scharr.local_remap"]
    plot_lines(summary, out, "scharr_gradient_fig5",
               [(time_t, pair, "ms"), (roof_t, pair, "roofline")], pair)
    plot_fig6(summary, out)
    q1 = ["scharr.double", "scharr.double_local"]
    q2 = ["scharr.double", "scharr.double_predefined"]
    q3 = ["scharr.predefined", "scharr.predefined_local", "scharr.double_predefined",
          "scharr.double_predefined_local"]
    everything = ["scharr.double", "scharr.double_local", "scharr.double_predefined",
                  "scharr.predefined", "scharr.predefined_local",
                  "scharr.double_predefined_local"]
    for stem, metric, unit in (("scharr_gradient_fig8", "ms", "median time"),
                               ("scharr_gradient_fig8_roofline", "roofline",
                                "roofline fraction")):
        plot_lines(summary, out, stem,
                   [(f"Q1: double with local?\n({unit})", q1, metric),
                    (f"Q2: double with predefined?\n({unit})", q2, metric),
                    (f"Q3: predefined with local?\n({unit})", q3, metric)], everything)


# ---------------------------------------------------------------------------------------------
# derived -> LaTeX


def _size(k: int) -> str:
    return f"${k}\\times{k}$"


def _wg(ls) -> str:
    return f"${ls[0]}\\times{ls[1]}$"


def _device_head(dev: dict) -> str:
    head = R.latex_escape(dev["device"])
    note = _scale_note(dev["provenance"])
    return head + (f" ({note})" if note else "")


def _variant_text(ref: dict) -> str:
    """'double+predefined, buffer, 32x8' (the size is in another column)."""
    return f"{R.latex_escape(short(ref['family']))}, {ref['storage']}, {_wg(ref['local_size'])}"


def _header(what: str) -> str:
    return (f"% Generated by experiments/analysis/filterlab_analysis/{EXPERIMENT}.py from the raw results; "
            f"do not edit. {what}")


def fastest_tex(summary: dict) -> str:
    lines = [_header("Needs booktabs, tabularx, array."), r"\setlength{\tabcolsep}{3pt}",
             r"\begin{tabularx}{\linewidth}{@{}rlrrr>{\raggedright\arraybackslash}X@{}}",
             r"\toprule",
             r"Size & Fastest variant & Median [Q1, Q3] (ms) & Floor (ms) & Roofline (\%) "
             r"& Runner-up: median (ms) \\"]
    for dev in summary["devices"]:
        lines += [r"\midrule", rf"\multicolumn{{6}}{{@{{}}l}}{{\textit{{{_device_head(dev)}}}}} \\"]
        for f in dev["fastest"]:
            b, r = f["best"], f["runner_up"]
            runner = "---" if r is None else f"{_variant_text(r)}: {R.fmt_ms(r['median_ms'])}"
            lines.append(" & ".join([
                _size(f["ksize"]), _variant_text(b),
                f"{R.fmt_ms(b['median_ms'])} [{R.fmt_ms(b['q1_ms'])}, {R.fmt_ms(b['q3_ms'])}]",
                R.fmt_ms(b["floor_ms"]), R.fmt_percent(b["roofline_fraction"]), runner]) + r" \\")
    lines += [r"\bottomrule", r"\end{tabularx}", ""]
    return "\n".join(lines)


def _met(value: bool | None) -> str:
    return "---" if value is None else ("met" if value else r"\textbf{not met}")


def _tt_id(vid: str) -> str:
    """A variant ID in typewriter type that may break after its slashes and underscores."""
    parts = (R.latex_escape(p).replace(r"\_", r"\_\allowbreak{}") for p in vid.split("/"))
    return r"\texttt{" + r"/\allowbreak{}".join(parts) + "}"


def target_tex(summary: dict) -> str:
    lines = [_header("Needs booktabs, tabularx, array."), r"\setlength{\tabcolsep}{4pt}",
             r"\begin{tabularx}{\linewidth}{@{}l>{\raggedright\arraybackslash}Xrrrrrl@{}}",
             r"\toprule",
             r"Scope & Best variant & Median (ms) & Floor (ms) & Roofline (\%) & Stream (\%) "
             r"& Target (\%) & Verdict \\"]
    for dev in summary["devices"]:
        t = dev["target"]
        lines += [r"\midrule", rf"\multicolumn{{8}}{{@{{}}l}}{{\textit{{{_device_head(dev)}}}}} \\"]
        z = t["level0"]
        for scope, x in (("whole pyramid", t["pyramid"]), ("level 0", z)):
            lines.append(" & ".join([
                scope, _tt_id(x["id"]),
                R.fmt_ms(x["median_ms"]), R.fmt_ms(x["floor_ms"]),
                R.fmt_percent(x["roofline_fraction"]),
                R.fmt_percent(x["stream_fraction"]) if x["stream_fraction"] is not None else "---",
                rf"$\geq${100 * x['target']:.0f}" if t["applies"] else "---",
                _met(x["met"])]) + r" \\")
    lines += [r"\bottomrule", r"\end{tabularx}", ""]
    return "\n".join(lines)


def table_tex(summary: dict) -> str:
    """Every 16x16 row: median (ms) and roofline (%), images and buffer side by side."""
    n = len(KSIZES)
    lines = [_header("Needs booktabs."), r"\setlength{\tabcolsep}{2pt}",
             rf"\begin{{tabular}}{{@{{}}l*{{{2 * n}}}{{r}}@{{}}}}", r"\toprule",
             rf" & \multicolumn{{{n}}}{{c}}{{Images (\texttt{{image2d\_t}}): ms (\%)}} "
             rf"& \multicolumn{{{n}}}{{c}}{{Buffer: ms (\%)}} \\",
             rf"\cmidrule(lr){{2-{n + 1}}}\cmidrule(l){{{n + 2}-{2 * n + 1}}}",
             "Family & " + " & ".join(_size(k) for k in KSIZES * 2) + r" \\"]
    for dev in summary["devices"]:
        lines += [r"\midrule",
                  rf"\multicolumn{{{2 * n + 1}}}{{@{{}}l}}{{\textit{{{_device_head(dev)}}}}} \\"]
        grids = {s: _grid16(dev, s) for s in STORAGES}
        for f in FAMILIES:
            cells = [R.latex_escape(short(f))]
            for s in STORAGES:
                for k in KSIZES:
                    r = grids[s].get((f, k))
                    cells.append("---" if r is None else
                                 f"{R.fmt_ms(r['kernel_ms']['median'])}\\,"
                                 f"({R.fmt_percent(r['roofline_fraction'])})")
            lines.append(" & ".join(cells) + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}", ""]
    return "\n".join(lines)


def _ids(ids: list[str]) -> str:
    """'C1, C2 and C5' for ids 'S1.C1', 'S1.C2', 'S1.C5'."""
    return R.join_and([i.split(".", 1)[1] for i in ids])


def _count_phrase(counts: dict[str, list[str]], total: int, shorts: dict[str, str],
                  explained: set[str]) -> str:
    """"9 of the 13 claims held (C1, ...); failed: C2 (its short text); ..." The short text of
    a failed claim is given at its first mention only (ids added to `explained`)."""
    if len(counts[C.NO_DATA]) == total:
        return "no claim could be checked (no rows)"
    parts = [f"{len(counts[C.HOLDS])} of the {total} claims held"
             + (f" ({_ids(counts[C.HOLDS])})" if counts[C.HOLDS] else "")]
    for verdict, word in ((C.FAILS, "failed"), (C.INCONCLUSIVE, "inconclusive"),
                          (C.NO_DATA, "without data")):
        ids = counts[verdict]
        if not ids:
            continue
        if verdict == C.FAILS and any(i not in explained for i in ids):
            items = [_ids([i]) + ("" if i in explained else f" ({C.tex_text(shorts[i])})")
                     for i in ids]
            explained.update(ids)
            parts.append(f"{word}: " + ", ".join(items))
        else:
            parts.append(f"{word}: {_ids(ids)}")
    return "; ".join(parts)


def findings_tex(summary: dict, study: C.Study) -> str:
    """One paragraph per device: the claims' verdicts, the fastest variants, the best roofline."""
    total = len(study.claims)
    lines = [_header("")]
    for dev in summary["devices"]:
        slug = dev["device_slug"]

        def verdict(claim: C.Claim, storage: str) -> str:
            part = study.outcome(claim.id, slug, storage)
            return part.verdict if part else C.NO_DATA

        per = {s: study.counts(slug, s) for s in STORAGES}
        shorts = {c.id: c.short for c in study.claims}
        seen: set[str] = set()
        text = [rf"\paragraph{{{_device_head(dev)}.}}"]
        if per["images"] == per["buffer"]:
            text.append("On images and on buffers alike, "
                        f"{_count_phrase(per['images'], total, shorts, seen)}.")
        else:
            text.append(f"On images, {_count_phrase(per['images'], total, shorts, seen)}. "
                        f"On buffers, {_count_phrase(per['buffer'], total, shorts, seen)}.")
            differ = [c for c in study.claims if verdict(c, "images") != verdict(c, "buffer")
                      and C.NO_DATA not in (verdict(c, "images"), verdict(c, "buffer"))]
            if differ:
                text.append("The storages disagree on " + "; ".join(
                    f"{_ids([c.id])} ({verdict(c, 'images')} on images, "
                    f"{verdict(c, 'buffer')} on buffers)" for c in differ) + ".")
        winners = {(f["best"]["family"], f["best"]["storage"], tuple(f["best"]["local_size"]))
                   for f in dev["fastest"]}
        if len(winners) == 1 and len(dev["fastest"]) == len(KSIZES):
            text.append(f"The fastest variant at every size was "
                        f"{_variant_text(dev['fastest'][0]['best'])}.")
        else:
            text.append("The fastest variants were " + "; ".join(
                f"{_size(f['ksize'])}: {_variant_text(f['best'])}" for f in dev["fastest"])
                + ".")
        p = dev["target"]["pyramid"]
        text.append(f"The best whole-pyramid roofline fraction was "
                    f"{R.fmt_percent(p['roofline_fraction'])}\\,\\% "
                    f"({_variant_text(p)}, {_size(p['ksize'])}).")
        lines.append(textwrap.fill(" ".join(text[1:]), 100, initial_indent=text[0] + " ",
                                   break_on_hyphens=False, break_long_words=False))
        lines.append("")
    return "\n".join(lines)


def macros_tex(summary: dict, study: C.Study) -> str:
    e = R.latex_escape
    devices = summary["devices"]
    o = summary["overall"]
    b = o["best_roofline"]
    defs = {
        "GradNumDevices": str(len(devices)),
        "GradDevicesPhrase": "one device" if len(devices) == 1 else f"{len(devices)} devices",
        "GradNumFamilies": str(len(FAMILIES)),
        "GradNumClaims": str(len(study.claims)),
        "GradBytesPerPixel": str(summary["bytes_per_pixel_min"]),
        "GradNearlyConstantThreshold": f"{NEARLY_CONSTANT:g}",
        "GradPyramidTargetPercent": f"{100 * PYRAMID_TARGET:.0f}\\,\\%",
        "GradLevelZeroTargetPercent": f"{100 * LEVEL0_TARGET:.0f}\\,\\%",
        "GradBestRooflinePercent": R.fmt_percent(b["roofline_fraction"]) + r"\,\%",
        "GradBestRooflineDevice": e(b["device"]),
        "GradBestRooflineVariant": rf"\texttt{{{e(b['id'])}}}",
    }
    reduced = [d for d in devices if d["provenance"]["scale"] != 1]
    if reduced:
        parts = [f"{e(d['device'])} (pyramid at {R.scale_text(d['provenance']['scale'])} scale, "
                 f"base ${d['provenance']['base_width']}\\times{d['provenance']['base_height']}$)"
                 for d in reduced]
        defs["GradScaleSentence"] = ("Measured on a reduced pyramid: " + "; ".join(parts)
                                     + "; their absolute times are not comparable with "
                                       "full-size ones.")
    else:
        defs["GradScaleSentence"] = "Every device ran the full-size pyramid."
    ns = []
    for d in devices:
        counts = sorted({len(r["samples_kernel_ms"]) for r in d["rows"]
                         if "samples_kernel_ms" in r})
        if counts:
            ns.append(f"{'/'.join(map(str, counts))} on {e(d['device'])}")
    defs["GradSeparableSamplesPhrase"] = "; ".join(ns) if ns else "none"
    other_wg = {}
    for d in devices:
        for r in d["rows"]:
            if tuple(r["local_size"]) != WG:
                other_wg.setdefault(r["family"], set()).add(tuple(r["local_size"]))
    if other_wg:
        parts = [f"{e(short(f))} with " + R.join_and([_wg(w) for w in sorted(ws)])
                 for f, ws in sorted(other_wg.items())]
        defs["GradWorkGroupSentence"] = (
            f"Besides $16\\times16$, we measured {R.join_and(parts)} work-groups; the tables include "
            "those rows, the figures and the claims use $16\\times16$ only.")
    else:
        defs["GradWorkGroupSentence"] = ("Every configuration was measured with $16\\times16$ "
                                         "work-groups.")
    targets = [d for d in devices if d["target"]["applies"]]
    if targets:
        d = targets[0]
        p, z = d["target"]["pyramid"], d["target"]["level0"]
        met = {True: "met", False: "not met"}
        defs.update({
            "GradTargetDevice": e(d["device"]),
            "GradTargetPyramidPercent": R.fmt_percent(p["roofline_fraction"]) + r"\,\%",
            "GradTargetPyramidVariant": _tt_id(p["id"]),
            "GradTargetPyramidMedian": R.fmt_ms(p["median_ms"]) + r"\,ms",
            "GradTargetPyramidFloor": R.fmt_ms(p["floor_ms"]) + r"\,ms",
            "GradTargetPyramidVerdict": met[p["met"]],
            "GradTargetLevelZeroPercent": R.fmt_percent(z["roofline_fraction"]) + r"\,\%",
            "GradTargetLevelZeroVariant": _tt_id(z["id"]),
            "GradTargetLevelZeroMedian": R.fmt_ms(z["median_ms"]) + r"\,ms",
            "GradTargetLevelZeroFloor": R.fmt_ms(z["floor_ms"]) + r"\,ms",
            "GradTargetLevelZeroVerdict": met[z["met"]],
        })
        defs["GradTargetSentence"] = (
            f"On {e(d['device'])}, the best whole-pyramid roofline fraction was "
            f"{defs['GradTargetPyramidPercent']} ({defs['GradTargetPyramidVariant']}), so the "
            f"target of {defs['GradPyramidTargetPercent']} was {met[p['met']]}; the best level-0 "
            f"roofline fraction was {defs['GradTargetLevelZeroPercent']} "
            f"({defs['GradTargetLevelZeroVariant']}), so the target of "
            f"{defs['GradLevelZeroTargetPercent']} was {met[z['met']]}.")
        split = d["provenance"].get("copy_bandwidth", {}).get("split_copy_GBps")
        if split:
            share = split / d["provenance"]["copy_bandwidth_GBps"]
            defs["GradTargetSplitPercent"] = R.fmt_percent(share) + r"\,\%"
            defs["GradTargetSentence"] += (
                f" A plain stream that reads once and writes twice, the traffic mix of these "
                f"kernels, reached {defs['GradTargetSplitPercent']} of the copy bandwidth there")
            defs["GradTargetSentence"] += (
                ", so the mix does not explain the gap: the kernels do." if share >= 0.9 else ".")
        stream0 = z.get("stream_fraction")
        if stream0 is not None:
            defs["GradTargetLevelZeroStreamPercent"] = R.fmt_percent(stream0) + r"\,\%"
            above = stream0 < LEVEL0_TARGET
            defs["GradTargetSentence"] += (
                f" The same stream over level~0's size ({z['width']}$\\times${z['height']} pixels "
                f"in) reached {defs['GradTargetLevelZeroStreamPercent']} of the copy bandwidth "
                f"measured over 1\\,GiB"
                + (", below the level-0 target itself" if above else "")
                + f"; the best level-0 variant reached "
                f"{R.fmt_percent(z['roofline_fraction'] / stream0)}\\,\\% of that stream.")
        if len(targets) > 1:
            defs["GradTargetSentence"] += (" Table~\\ref{tab:grad-target} gives the other "
                                           "NVIDIA GPUs.")
    else:
        for k in ("Device", "PyramidPercent", "PyramidVariant", "PyramidMedian", "PyramidFloor",
                  "PyramidVerdict", "LevelZeroPercent", "LevelZeroVariant", "LevelZeroMedian",
                  "LevelZeroFloor", "LevelZeroVerdict"):
            defs[f"GradTarget{k}"] = "---"
        defs["GradTargetSentence"] = ("No NVIDIA GPU was measured, so the targets were not "
                                      "evaluated.")
    for i, d in enumerate(devices):
        x = "GradDev" + R.macro_letters(i)
        defs[f"{x}Name"] = e(d["device"])
        defs[f"{x}BestRooflinePercent"] = (
            R.fmt_percent(d["target"]["pyramid"]["roofline_fraction"]) + r"\,\%")
        defs[f"{x}BestLevelZeroPercent"] = (
            R.fmt_percent(d["target"]["level0"]["roofline_fraction"]) + r"\,\%")
        for s in STORAGES:
            counts = study.counts(d["device_slug"], s)
            cap = s.capitalize()
            defs[f"{x}Held{cap}"] = str(len(counts[C.HOLDS]))
            defs[f"{x}Failed{cap}"] = str(len(counts[C.FAILS]))
            defs[f"{x}Inconclusive{cap}"] = str(len(counts[C.INCONCLUSIVE]))
    lines = [_header("")]
    lines += [f"\\newcommand{{\\{k}}}{{{v}}}" for k, v in defs.items()]
    return "\n".join(lines) + "\n"


def print_targets(summary: dict) -> None:
    for d in summary["devices"]:
        t = d["target"]
        for scope, x in (("whole pyramid", t["pyramid"]), ("level 0", t["level0"])):
            verdict = ("" if x["met"] is None else
                       f"  target >= {100 * x['target']:.0f}%: "
                       + ("met" if x["met"] else "NOT met"))
            print(f"{EXPERIMENT}: {d['device']}: best {scope} roofline "
                  f"{R.fmt_percent(x['roofline_fraction'])}% ({x['id']}, median "
                  f"{R.fmt_ms(x['median_ms'])} ms, floor {R.fmt_ms(x['floor_ms'])} ms){verdict}")


# ---------------------------------------------------------------------------------------------


class GradientVariantsStudy(Study):
    name = EXPERIMENT
    description = first_paragraph(__doc__)

    def derive(self, run: Run) -> dict:
        return derive(run.raw, run.results)

    def claims(self, run: Run) -> C.Study:
        return evaluate_claims(run.summary)

    def figures(self, run: Run) -> None:
        plot_all(run.summary, run.out)

    def tables(self, run: Run) -> None:
        summary, out = run.summary, run.out
        R.write_text(out / "scharr_gradient_fastest.tex", fastest_tex(summary))
        R.write_text(out / "scharr_gradient_target.tex", target_tex(summary))
        R.write_text(out / "scharr_gradient_table.tex", table_tex(summary))
        R.write_text(out / "scharr_gradient_findings.tex", findings_tex(summary, run.claims))
        R.write_text(out / "scharr_gradient_macros.tex", macros_tex(summary, run.claims))

    def report(self, run: Run) -> None:
        print_targets(run.summary)
        names = ", ".join(d["device"] for d in run.summary["devices"])
        print(f"{EXPERIMENT}: {len(run.summary['devices'])} device(s) ({names}) -> {run.out}")


STUDY = GradientVariantsStudy()
main = STUDY.main


if __name__ == "__main__":
    sys.exit(main())
