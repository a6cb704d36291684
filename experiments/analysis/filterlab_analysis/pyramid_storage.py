"""Experiment "pyramid_storage" (study 2): raw results -> summary -> figures, tables, macros and
the study's claims.

The image pyramid on four storage types (buffer, image buffer, images, cubes): the Scharr single
filter (d/dx and d/dy over all 16 levels) with the runtime's default local size against 16x16
(the article's Figure 3), with and without local memory at 16x16 (its Figure 4), a local-size
sweep at 5x5, and kernel against wall time.

    PYTHONPATH=experiments/analysis /usr/bin/python3 -m filterlab_analysis.pyramid_storage \\
        --results experiments/results --out paper/generated

Writes to --out:
    pyramid_storage_summary.json  derived numbers (the only input of everything below)
    pyramid_storage_claims.json   the article's claims S2.C1..C8 per device and on the article
                                  author's R9 290 values (make_all.py builds the shared ledger)
    pyramid_storage_fig3.pdf      default local size vs 16x16 per storage: time and roofline
    pyramid_storage_fig4.pdf      with and without local memory at 16x16: time and roofline
    pyramid_storage_sweep.pdf     the local-size sweep at 5x5 (unsupported sizes marked)
    pyramid_storage_table.tex     the article's storage table, from the result files, and what
                                  the runtime reported about work-group sizes
    pyramid_storage_wall.tex      kernel vs wall time per storage (16x16 single, 3x3)
    pyramid_storage_macros.tex    \\newcommand's (\\Stor...): every number the prose quotes
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

from . import claims as C
from . import figure_output as FO
from . import results as R
from .paths import EXPERIMENTS
from .study import Run, Study, first_paragraph

EXPERIMENT = "pyramid_storage"
STUDY_ID = "S2"
STUDY_TITLE = "Buffer vs. image performance for applying filters to an image pyramid in OpenCL"
ARTICLE = EXPERIMENTS / "pyramid_storage" / "r9_290_article.json"
STORAGES = ("buffer", "image_buffer", "images", "cubes")
STORAGE_LABEL = {"buffer": "buffer", "image_buffer": "image buffer", "images": "images",
                 "cubes": "cubes"}
KERNEL_TYPE_LABEL = {"buffer": "buffer (global float*)",
                     "image_buffer": "image buffer (image1d_buffer_t)",
                     "images": "images (image2d_t)", "cubes": "cubes (image2d_array_t)"}
COLOUR = {"buffer": "C0", "image_buffer": "C1", "images": "C2", "cubes": "C3"}
MARKER = {"buffer": "o", "image_buffer": "s", "images": "^", "cubes": "D"}
FAMILIES = ("scharr.single", "scharr.local")
KSIZES = (3, 5, 7, 9)
WG = (16, 16)
DEFAULT = (0, 0)  # local_size of the rows that leave it to the runtime (NullRange)
SWEEP_K = 5
SWEEP_WGS = ((8, 8), (16, 16), (32, 8), (32, 32), (64, 4))
BYTES_PER_PIXEL = 16  # each of the two filters reads the input and writes its output (floats)
BREAKDOWN = 1.25  # C2: "breaks down" = default / 16x16 above this at 9x9
NEGLIGIBLE = 1.10  # C4: "negligible" = default and 16x16 within this ratio at every size
WALL_K = 3  # the wall-time table's size: the shortest kernels, where launches weigh most

EXTRA_PROVENANCE = {"storage_table": "list", "unsupported": "list",
                    "image_max_buffer_size": "int"}
EXTRA_ROW = {"default_local_size": "bool", "kernel_work_group_size": "int",
             "preferred_work_group_size_multiple": "int"}


def unsupported_wg(u: dict) -> str:
    """"32x32": the work-group size of an unsupported variant (its local_size; version-1 files
    recorded only the variant ID, which ends in /wg<w>x<h>)."""
    if "local_size" in u:
        return f"{u['local_size'][0]}x{u['local_size'][1]}"
    return u["id"].rsplit("/wg", 1)[1]


def _wg_key(ls) -> str:
    ls = tuple(ls)
    return "default" if ls == DEFAULT else f"{ls[0]}x{ls[1]}"


# ---------------------------------------------------------------------------------------------
# raw -> validated rows


def _raw(res: R.DeviceResult) -> dict:
    return json.loads(res.path.read_text(encoding="utf-8"))


def _stats(s: R.Stats) -> dict:
    return s.to_dict()


def validate(res: R.DeviceResult) -> tuple[list[dict], list[dict], list[dict]]:
    """The study's checks on top of results.py's; returns (rows, storage_table, unsupported)."""
    path, prov = res.path, res.provenance
    R._require(prov, EXTRA_PROVENANCE, "provenance", path)
    table = []
    for i, t in enumerate(prov["storage_table"]):
        R._require(t, {"storage": "str", "host_type": "str", "kernel_type": "str",
                       "kernel_calls_per_filter": "int"}, f"provenance.storage_table[{i}]", path)
        if t["storage"] not in STORAGES:
            raise R.ResultError(f"{path}: provenance.storage_table[{i}].storage is "
                                f"'{t['storage']}', expected one of {', '.join(STORAGES)}")
        table.append(dict(t))
    calls = {t["storage"]: t["kernel_calls_per_filter"] for t in table}
    unsupported = []
    for i, u in enumerate(prov["unsupported"]):
        R._require(u, {"storage": "str", "reason": "str"}, f"provenance.unsupported[{i}]", path)
        if u.get("id") is not None and not isinstance(u["id"], str):
            raise R.ResultError(f"{path}: provenance.unsupported[{i}].id must be a string or null")
        unsupported.append({"storage": u["storage"], "id": u.get("id"), "reason": u["reason"],
                            **({"local_size": u["local_size"]} if "local_size" in u else {})})
    raw_rows = _raw(res)["rows"]
    if len(raw_rows) != len(res.rows):
        raise R.ResultError(f"{path}: changed while being read; run the analysis again")
    out = []
    for i, (row, raw) in enumerate(zip(res.rows, raw_rows)):
        where = f"rows[{i}]"
        R._require(raw, EXTRA_ROW, where, path)
        if row.family not in FAMILIES:
            raise R.ResultError(f"{path}: '{where}.family' is '{row.family}' ({row.variant_id}), "
                                f"expected one of {', '.join(FAMILIES)}")
        if row.storage not in STORAGES:
            raise R.ResultError(f"{path}: '{where}.storage' is '{row.storage}' ({row.variant_id})")
        if row.ksize not in KSIZES:
            raise R.ResultError(f"{path}: '{where}.ksize' is {row.ksize} ({row.variant_id})")
        ls = tuple(row.local_size)
        if len(ls) != 2 or not all(isinstance(v, int) and v >= 0 for v in ls):
            raise R.ResultError(f"{path}: '{where}.local_size' must be [w, h], got {list(ls)}")
        if raw["default_local_size"] != (ls == DEFAULT):
            raise R.ResultError(f"{path}: '{where}' ({row.variant_id}): default_local_size is "
                                f"{raw['default_local_size']} but local_size is {list(ls)}")
        expected_id = f"{row.family}/{row.storage}/k{row.ksize}/wg" + (
            "default" if ls == DEFAULT else f"{ls[0]}x{ls[1]}")
        if row.variant_id != expected_id:
            raise R.ResultError(f"{path}: '{where}.variant_id' is '{row.variant_id}' but its keys give "
                                f"'{expected_id}'")
        if row.storage not in calls:
            raise R.ResultError(f"{path}: '{where}' ({row.variant_id}): storage '{row.storage}' is not "
                                "in provenance.storage_table")
        if row.launches_per_sample != 2 * calls[row.storage]:
            raise R.ResultError(f"{path}: '{where}.launches_per_sample' ({row.variant_id}) is "
                                f"{row.launches_per_sample}, but two filters at "
                                f"{calls[row.storage]} calls each make {2 * calls[row.storage]}")
        if row.bytes_min != BYTES_PER_PIXEL * prov["pyramid_pixels"]:
            raise R.ResultError(f"{path}: '{where}.bytes_min' ({row.variant_id}) is {row.bytes_min}, "
                                f"expected {BYTES_PER_PIXEL} * provenance.pyramid_pixels")
        out.append({
            "id": row.variant_id, "family": row.family, "storage": row.storage, "ksize": row.ksize,
            "wg": _wg_key(ls), "local_size": list(ls),
            "launches_per_sample": row.launches_per_sample, "floor_ms": row.floor_ms,
            "kernel_ms": _stats(row.kernel_ms), "wall_ms": _stats(row.wall_ms),
            "roofline_fraction": row.roofline_fraction,
            "kernel_work_group_size": raw["kernel_work_group_size"],
            "preferred_work_group_size_multiple": raw["preferred_work_group_size_multiple"],
        })
    return out, table, unsupported


# ---------------------------------------------------------------------------------------------
# raw -> derived


def _grid(dev: dict) -> dict[tuple[str, str, int, str], dict]:
    return {(r["family"], r["storage"], r["ksize"], r["wg"]): r for r in dev["rows"]}


def _separated(a: dict, b: dict) -> bool:
    """a's confidence interval of the median lies entirely below b's."""
    return a["ci95_high"] < b["ci95_low"]


def load_article() -> dict:
    try:
        data = json.loads(ARTICLE.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise R.ResultError(f"{ARTICLE}: cannot read ({e})") from e
    for s, fams in data.get("ms", {}).items():
        for f, vals in fams.items():
            if s not in STORAGES or f not in FAMILIES or len(vals) != len(KSIZES):
                raise R.ResultError(f"{ARTICLE}: ms.{s}.{f} must be a known storage and family "
                                    f"with one value per size {KSIZES}")
    return data


def derive(results: list[R.DeviceResult], results_dir: Path) -> dict:
    labels = R.device_labels(results)
    devices = []
    for res in results:
        rows, table, unsupported = validate(res)
        dev = {"rows": rows}
        g = _grid(dev)
        expected = ([(f, s, k, "16x16") for f in FAMILIES for s in STORAGES for k in KSIZES]
                    + [("scharr.single", s, k, "default") for s in STORAGES for k in KSIZES]
                    + [("scharr.single", s, SWEEP_K, f"{w}x{h}") for s in STORAGES
                       for (w, h) in SWEEP_WGS])
        unsup_ids = {u["id"] for u in unsupported if u["id"]}
        unsup_storages = {u["storage"] for u in unsupported if not u["id"]}
        missing = []
        for f, s, k, wg in expected:
            if (f, s, k, wg) in g:
                continue
            rid = f"{f}/{s}/k{k}/wg{wg}"
            if rid in unsup_ids or s in unsup_storages:
                continue
            missing.append(rid)
            print(f"warning: {res.path}: no row for {rid} (and not listed as unsupported); "
                  "it is shown as missing", file=sys.stderr)
        single16 = {(s, k): g.get(("scharr.single", s, k, "16x16")) for s in STORAGES
                    for k in KSIZES}
        # the fastest storage per size (16x16 single) and whether its CI separates it
        winners = []
        for k in KSIZES:
            ranked = sorted((r for s in STORAGES if (r := single16[(s, k)]) is not None),
                            key=lambda r: r["kernel_ms"]["median"])
            if not ranked:
                continue
            w = ranked[0]
            second = ranked[1] if len(ranked) > 1 else None
            winners.append({
                "ksize": k, "storage": w["storage"], "median_ms": w["kernel_ms"]["median"],
                "runner_up": None if second is None else second["storage"],
                "runner_up_median_ms": None if second is None else second["kernel_ms"]["median"],
                "clear": second is None or _separated(w["kernel_ms"], second["kernel_ms"]),
            })
        ratios = []
        for s in STORAGES:
            for k in KSIZES:
                d = g.get(("scharr.single", s, k, "default"))
                x = g.get(("scharr.single", s, k, "16x16"))
                loc = g.get(("scharr.local", s, k, "16x16"))
                ratios.append({
                    "storage": s, "ksize": k,
                    "default_over_16x16": (d["kernel_ms"]["median"] / x["kernel_ms"]["median"]
                                           if d and x else None),
                    "local_over_single": (loc["kernel_ms"]["median"] / x["kernel_ms"]["median"]
                                          if loc and x else None)})
        wall = []
        for s in STORAGES:
            r = single16[(s, WALL_K)]
            if r is None:
                continue
            k_ms, w_ms = r["kernel_ms"]["median"], r["wall_ms"]["median"]
            wall.append({"storage": s, "ksize": WALL_K, "launches_per_sample":
                         r["launches_per_sample"], "kernel_median_ms": k_ms,
                         "wall_median_ms": w_ms, "wall_minus_kernel_ms": w_ms - k_ms,
                         "gap_per_launch_us": 1e3 * (w_ms - k_ms) / r["launches_per_sample"]})
        wg_info = {}
        for r in rows:
            wg_info.setdefault(r["storage"], set()).add(
                (r["kernel_work_group_size"], r["preferred_work_group_size_multiple"]))
        prov = res.provenance
        devices.append({
            "device": res.device, "device_slug": res.slug, "label": labels[res.slug],
            "source": {"file": res.path.relative_to(results_dir).as_posix(),
                       "sha256": res.sha256},
            "provenance": {k: v for k, v in prov.items() if k != "kernel_sources"},
            "rows": rows, "missing": missing, "storage_table": table,
            "unsupported": unsupported, "winners": winners, "ratios": ratios, "wall": wall,
            "work_group_info": {s: sorted([list(x) for x in v]) for s, v in wg_info.items()},
            "image_buffer_limit": {"image_max_buffer_size": prov["image_max_buffer_size"],
                                   "pyramid_pixels": prov["pyramid_pixels"]},
        })
    article = load_article()
    art = {"source": article["source"], "device": article["device"],
           "statistic": article["statistic"], "work_group": article["work_group"],
           "ms": article["ms"], "kernel_calls_per_filter": article["kernel_calls_per_filter"]}
    a = article["ms"]
    art["cubes_over_images_single"] = [c / i for c, i in zip(a["cubes"]["scharr.single"],
                                                             a["images"]["scharr.single"])]
    art["local_over_single"] = {s: [lo / si for lo, si in zip(a[s]["scharr.local"],
                                                              a[s]["scharr.single"])]
                                for s in a}
    art["winners_single"] = [min(a, key=lambda s: a[s]["scharr.single"][i]) for i in
                             range(len(KSIZES))]
    return {"schema": "filterlab.summary/1", "experiment": EXPERIMENT,
            "storages": list(STORAGES), "families": list(FAMILIES), "ksizes": list(KSIZES),
            "sweep": {"ksize": SWEEP_K, "work_groups": [f"{w}x{h}" for w, h in SWEEP_WGS]},
            "thresholds": {"breakdown": BREAKDOWN, "negligible": NEGLIGIBLE},
            "bytes_per_pixel_min": BYTES_PER_PIXEL, "devices": devices, "article": art}


# ---------------------------------------------------------------------------------------------
# the article's claims (study 2)


class _Ctx:
    """What a claim's check sees: one device's rows, and how two timings are compared (the
    ledger's rule: the confidence intervals of the medians)."""

    def __init__(self, dev: dict):
        self.grid = _grid(dev)

    def t(self, family: str, storage: str, k: int, wg: str = "16x16"):
        r = self.grid.get((f"scharr.{family}", storage, k, wg))
        return None if r is None else r["kernel_ms"]

    def configs(self, storage: str) -> list[tuple[str, int, str]]:
        """(family, size, local size) of every row measured on this storage, sorted."""
        return sorted((f.split(".", 1)[1], k, wg) for (f, s, k, wg) in self.grid if s == storage)

    def faster(self, a, b, label: str = "") -> C.Part:
        return C.faster(a, b, label)

    def slower(self, a, b, label: str = "") -> C.Part:
        return C.slower(a, b, label)


NOTEBOOK_SLUG = "article-amd-r9-290-notebook"
NOTEBOOK_NAME = "AMD R9 290 (article author's notebook)"
NOTEBOOK_REL = 0.05  # on the notebook's values (no intervals) a relative difference above this decides
NOTEBOOK_RULE = (f"the author's notebook values, single numbers without intervals: one is faster "
                 f"if the other exceeds it by more than {100 * NOTEBOOK_REL:g} %, otherwise "
                 "inconclusive; no image-buffer and no default-local-size values")


class _NotebookCtx(_Ctx):
    """The article author's R9 290 values (experiments/pyramid_storage/r9_290_article.json, via
    the summary's "article"): 16x16 single and local for images, cubes and buffer only. A value is
    a point (its "interval" is the value itself); orderings use the relative-difference rule."""

    def __init__(self, article: dict):
        self.grid = {}
        for storage, fams in article["ms"].items():
            for family, vals in fams.items():
                for k, v in zip(KSIZES, vals):
                    self.grid[(family, storage, k, "16x16")] = {
                        "kernel_ms": {"median": float(v), "ci95_low": float(v),
                                      "ci95_high": float(v)}}

    def faster(self, a, b, label: str = "") -> C.Part:
        return point_faster(a, b, label)

    def slower(self, a, b, label: str = "") -> C.Part:
        if a is None or b is None:
            return C.Part(C.NO_DATA, f"{label}: no data" if label else "no data")
        p = point_faster(b, a)
        return C.Part(p.verdict, f"{label}: " * bool(label) + _point_detail(a, b))


def _point_detail(a, b) -> str:
    ma, mb = a["median"], b["median"]
    return f"{R.fmt_ms(ma)} vs {R.fmt_ms(mb)} ms ({100 * (ma / mb - 1):+.0f} %)"


def point_faster(a, b, label: str = "", rel: float = NOTEBOOK_REL) -> C.Part:
    """"a faster than b" on single values: holds if b exceeds a by more than rel (relative to a),
    fails if a exceeds b by more than rel, inconclusive otherwise."""
    prefix = f"{label}: " if label else ""
    if a is None or b is None:
        return C.Part(C.NO_DATA, f"{prefix}no data")
    ma, mb = a["median"], b["median"]
    detail = prefix + _point_detail(a, b)
    if mb > ma * (1 + rel):
        return C.Part(C.HOLDS, detail)
    if ma > mb * (1 + rel):
        return C.Part(C.FAILS, detail)
    return C.Part(C.INCONCLUSIVE, detail)


def _ratio_above(a, b, threshold: float, label: str) -> C.Part:
    """"a / b > threshold" from the CIs: holds if even the least ratio the intervals allow
    (a's low over b's high) exceeds it, fails if even the largest (a's high over b's low) does
    not, inconclusive otherwise."""
    if a is None or b is None:
        return C.Part(C.NO_DATA, f"{label}: no data")
    lo, hi = a["ci95_low"] / b["ci95_high"], a["ci95_high"] / b["ci95_low"]
    detail = (f"{label}: {R.fmt_ms(a['median'])} vs {R.fmt_ms(b['median'])} ms, ratio "
              f"{a['median'] / b['median']:.2f} (CIs allow {lo:.2f} to {hi:.2f}; threshold "
              f"{threshold:g})")
    if lo > threshold:
        return C.Part(C.HOLDS, detail)
    if hi <= threshold:
        return C.Part(C.FAILS, detail)
    return C.Part(C.INCONCLUSIVE, detail)


def _neither(a, b, label: str, faster=C.faster) -> C.Part:
    """Holds unless a is clearly faster or clearly slower than b (the CIs separate)."""
    part = faster(a, b, label)
    if part.verdict == C.NO_DATA:
        return part
    if part.verdict == C.INCONCLUSIVE:
        return C.Part(C.HOLDS, part.detail)
    return C.Part(C.FAILS, part.detail + (" (local clearly faster)" if part.verdict == C.HOLDS
                                          else " (local clearly slower)"))


def _ratio_range(slow: dict, fast: dict) -> tuple[float, float]:
    """The least and largest ratio slow/fast that the two medians' confidence intervals allow."""
    return slow["ci95_low"] / fast["ci95_high"], slow["ci95_high"] / fast["ci95_low"]


def _c2(c: _Ctx) -> C.Part:
    """"Breaks down for larger filters": the default's penalty over 16x16 is large at 9x9 and
    larger than at 3x3 (it grows with the filter); both must hold."""
    big = _ratio_above(c.t("single", "buffer", 9, "default"), c.t("single", "buffer", 9),
                       BREAKDOWN, "buffer k9 default vs 16x16")
    d9, x9 = c.t("single", "buffer", 9, "default"), c.t("single", "buffer", 9)
    d3, x3 = c.t("single", "buffer", 3, "default"), c.t("single", "buffer", 3)
    if not (d9 and x9 and d3 and x3):
        return big
    lo9, hi9 = _ratio_range(d9, x9)
    lo3, hi3 = _ratio_range(d3, x3)
    detail = (f"penalty k9 {d9['median'] / x9['median']:.2f} (CIs allow {lo9:.2f} to {hi9:.2f}) vs "
              f"k3 {d3['median'] / x3['median']:.2f} ({lo3:.2f} to {hi3:.2f})")
    if lo9 > hi3:
        grows = C.Part(C.HOLDS, detail + ": grows with the filter")
    elif hi9 < lo3:
        grows = C.Part(C.FAILS, detail + ": shrinks with the filter")
    else:
        grows = C.Part(C.INCONCLUSIVE, detail)
    return C.combine([big, grows])


def image_buffer_sometimes_faster(c: _Ctx) -> C.Part:
    """C8: the image buffer against the buffer in every configuration (family, size, local size)
    measured on both: holds if the image buffer is clearly faster in at least one, fails if in
    none and every buffer configuration has its image-buffer counterpart, inconclusive if in none
    but some buffer configurations have no image-buffer counterpart, no data if none compares."""
    buf, ib = c.configs("buffer"), set(c.configs("image_buffer"))
    both = [x for x in buf if x in ib]
    if not both:
        return C.Part(C.NO_DATA, "no configuration measured on both the buffer and the image buffer")
    parts = {x: c.faster(c.t(x[0], "image_buffer", x[1], x[2]), c.t(x[0], "buffer", x[1], x[2]),
                         f"{x[0]} k{x[1]} {x[2]}") for x in both}
    won = [p.detail for p in parts.values() if p.verdict == C.HOLDS]
    lost = sum(p.verdict == C.FAILS for p in parts.values())
    tied = len(both) - len(won) - lost
    unmatched = len(buf) - len(both)
    detail = (f"image buffer vs buffer in {len(both)} configurations: clearly faster in "
              f"{len(won)}, clearly slower in {lost}, intervals overlap in {tied}"
              + (f"; {unmatched} buffer configurations without an image-buffer counterpart"
                 if unmatched else ""))
    if won:
        return C.Part(C.HOLDS, detail + "; faster: " + "; ".join(won))
    if unmatched:
        return C.Part(C.INCONCLUSIVE, detail)
    return C.Part(C.FAILS, detail)


# Each claim's written method (quantity, statistic, baseline, threshold, verdict rule) is its entry in
# claims_spec.toml; the Claim takes its check text from there.
def study_claims() -> list[C.Claim]:
    big = (5, 7, 9)

    def claim(n, short, text, fn):
        return C.Claim(id=f"{STUDY_ID}.C{n}", study=STUDY_ID, short=short, text=text,
                       evaluate=fn)

    return [
        claim(1, "16x16 by hand is faster than the default for the buffer",
              "It really is important to manually set the local work-group size for buffers.",
              lambda c: C.combine(c.faster(c.t("single", "buffer", k), c.t("single", "buffer", k,
                                                                            "default"), f"k{k}")
                                  for k in KSIZES)),
        claim(2, "with the default, the buffer breaks down at large filters",
              "Performance totally breaks for larger filters.",
              _c2),
        claim(3, "image buffers are a bit slower than images",
              "If you compare the image buffers with one of the other image types (e.g. images), "
              "you see that image buffers are a bit slower.",
              lambda c: C.combine(c.slower(c.t("single", "image_buffer", k),
                                           c.t("single", "images", k), f"k{k}")
                                  for k in KSIZES)),
        claim(4, "for images and cubes the local size hardly matters",
              "First, the local work-group size does not play an important role in both cases. "
              "The differences here are negligible.",
              lambda c: C.combine(
                  C.Part(p.verdict, f"{s} k{k}: {p.detail}")
                  for s in ("images", "cubes") for k in KSIZES
                  for p in [C.nearly_constant({"default": c.t("single", s, k, "default"),
                                               "16x16": c.t("single", s, k)}, NEGLIGIBLE)])),
        claim(5, "cubes are slower than images at every size",
              "Second, cubes are consistently slower than images. Even though cubes can be "
              "executed with only 4 instead of 16 kernel calls [...]",
              lambda c: C.combine(c.slower(c.t("single", "cubes", k), c.t("single", "images", k),
                                           f"k{k}") for k in KSIZES)),
        claim(6, "local memory pays from 5x5 up on every storage",
              "It is clear that local memory is beneficial for filter sizes ≥ 5x5 regardless of "
              "the storage type.",
              lambda c: C.combine(c.faster(c.t("local", s, k), c.t("single", s, k),
                                           f"{STORAGE_LABEL[s]} k{k}")
                                  for s in STORAGES for k in big)),
        claim(7, "at 3x3 local memory is neither clearly faster nor slower",
              "For a filter of size 3x3 the situation is not that clear. Sometimes it is faster "
              "and sometimes not.",
              lambda c: C.combine(_neither(c.t("local", s, 3), c.t("single", s, 3),
                                           f"{STORAGE_LABEL[s]} k3", c.faster) for s in STORAGES)),
        claim(8, "the image buffer is sometimes faster than the buffer",
              "But it turns out that it is sometimes faster than buffers on my machine as we will "
              "see later.",
              image_buffer_sometimes_faster),
    ]


def _scale_note(prov: dict) -> str:
    return "" if prov["scale"] == 1 else f"pyramid at {R.scale_text(prov['scale'])} scale"


def evaluate_claims(summary: dict) -> C.Study:
    """The claims on every measured device and, as one more column, on the article author's R9 290
    values (no intervals: NOTEBOOK_RULE, said in each of its cells)."""
    by_slug = {d["device_slug"]: d for d in summary["devices"]}
    devices = [C.Device(d["device_slug"], d["device"], _scale_note(d["provenance"]))
               for d in summary["devices"]]
    article = summary.get("article") or {}
    if article.get("ms"):
        devices.append(C.Device(NOTEBOOK_SLUG, NOTEBOOK_NAME, "no intervals"))
    study = C.evaluate_study(
        id=STUDY_ID, title=STUDY_TITLE, experiment=EXPERIMENT, conditions=["all"],
        condition_labels={"all": "the storages each claim names"}, devices=devices,
        claims=study_claims(),
        context=lambda slug, cond: (_NotebookCtx(article) if slug == NOTEBOOK_SLUG
                                    else _Ctx(by_slug[slug])))
    for per_device in study.outcomes.values():
        for cond, p in per_device.get(NOTEBOOK_SLUG, {}).items():
            per_device[NOTEBOOK_SLUG][cond] = C.Part(p.verdict, f"{p.detail} [{NOTEBOOK_RULE}]")
    return study


# ---------------------------------------------------------------------------------------------
# derived -> figures


def _series(ax, dev: dict, lines: list[tuple[str, str, str]], metric: str) -> None:
    """lines: (family, wg, linestyle); one line per storage and entry; IQR bars."""
    g = _grid(dev)
    n = len(STORAGES) * len(lines)
    step = min(0.07, 0.7 / max(n, 1))
    for i, s in enumerate(STORAGES):
        for j, (fam, wg, ls) in enumerate(lines):
            rows = [g[(fam, s, k, wg)] for k in KSIZES if (fam, s, k, wg) in g]
            if not rows:
                continue
            dx = (i * len(lines) + j - (n - 1) / 2) * step
            x = [r["ksize"] + dx for r in rows]
            y, err = FO.median_and_iqr(rows, metric)
            ax.errorbar(x, y, yerr=err, color=COLOUR[s], linestyle=ls, marker=MARKER[s],
                        markersize=3, linewidth=1.0, capsize=1.5, elinewidth=0.7)


def _article_panel(ax, art: dict, families: list[tuple[str, str]]) -> None:
    for s in STORAGES:
        for fam, ls in families:
            vals = art["ms"].get(s, {}).get(fam)
            if vals:
                ax.plot(KSIZES, vals, color=COLOUR[s], linestyle=ls, marker=MARKER[s],
                        markersize=3, linewidth=1.0, markerfacecolor="none")


def _handles(style: list[tuple[str, str]]):
    from matplotlib.lines import Line2D
    h = [Line2D([], [], color=COLOUR[s], marker=MARKER[s], markersize=3.5, linewidth=1.1,
                label=KERNEL_TYPE_LABEL[s]) for s in STORAGES]
    h += [Line2D([], [], color="0.25", linestyle=ls, linewidth=1.1, label=label)
          for label, ls in style]
    return h


def plot_pair(summary: dict, out: Path, stem: str, lines: list[tuple[str, str, str]],
              style: list[tuple[str, str]], article_families: list[tuple[str, str]],
              article_title: str) -> None:
    """Rows: devices, then the article's R9 290; columns: time (log) and roofline fraction."""
    plt = FO.pyplot()
    devices = summary["devices"]
    titles = [textwrap.shorten(d["label"], 110) for d in devices] + [article_title]
    fig, axes = FO.grid_figure(plt, len(devices) + 1, 2, _handles(style), 3, titles,
                               ["Median kernel time per pyramid (bars: IQR)",
                                "Roofline fraction (bars: IQR)"])
    for i, dev in enumerate(devices):
        for j, metric in enumerate(("ms", "roofline")):
            ax = axes[i][j]
            _series(ax, dev, lines, metric)
            FO.filter_size_axis(ax, KSIZES, bottom=False)
            if metric == "ms":
                FO.log_time_axis(ax, "Median time (ms)")
            else:
                ax.set_ylim(bottom=0)
                ax.set_ylabel("Roofline fraction (%)")
    ax = axes[-1][0]
    _article_panel(ax, summary["article"], article_families)
    FO.filter_size_axis(ax, KSIZES, bottom=True)
    FO.log_time_axis(ax, "Time (ms)")
    note = axes[-1][1]
    note.axis("off")
    note.text(0.0, 0.95, textwrap.fill(
        "AMD R9 290 (the author's notebook, open markers): values as listed in "
        "experiments/pyramid_storage/r9_290_article.json; no image-buffer values and no "
        "default-local-size values are available, and no roofline fraction (no copy bandwidth "
        "measured there).", 48), va="top", ha="left", fontsize=6.5)
    FO.save_and_close(fig, out / f"{stem}.pdf")


def plot_sweep(summary: dict, out: Path) -> None:
    """Per device: median time (IQR) per local size at 5x5, one point per storage; the runtime's
    default first; sizes the device refused marked 'unsupported'."""
    plt = FO.pyplot()
    from matplotlib.lines import Line2D
    devices = summary["devices"]
    wgs = ["default"] + summary["sweep"]["work_groups"]
    handles = [Line2D([], [], color=COLOUR[s], marker=MARKER[s], linestyle="none", markersize=4,
                      label=KERNEL_TYPE_LABEL[s]) for s in STORAGES]
    handles.append(Line2D([], [], color="0.3", marker="x", linestyle="none", markersize=4,
                          label="unsupported on the device (limit in the result file)"))
    fig, axes = FO.grid_figure(plt, len(devices), 1, handles, 2,
                               [textwrap.shorten(d["label"], 110) for d in devices],
                               [f"Scharr single, {SWEEP_K}×{SWEEP_K}: median kernel time per pyramid "
                                "(bars: IQR) per local size"], axes_h=1.2, xlabel_h=0.45)
    for i, dev in enumerate(devices):
        ax = axes[i][0]
        g = _grid(dev)
        unsup = {u["id"] for u in dev["unsupported"] if u["id"]}
        bad = []
        for j, s in enumerate(STORAGES):
            dx = (j - 1.5) * 0.12
            for x, wg in enumerate(wgs):
                r = g.get(("scharr.single", s, SWEEP_K, wg))
                if r is None:
                    if f"scharr.single/{s}/k{SWEEP_K}/wg{wg}" in unsup:
                        bad.append((x + dx, s))
                    continue
                k = r["kernel_ms"]
                ax.errorbar([x + dx], [k["median"]], yerr=[[k["median"] - k["q1"]],
                                                           [k["q3"] - k["median"]]],
                            color=COLOUR[s], marker=MARKER[s], markersize=3.5, capsize=1.5,
                            elinewidth=0.7, linestyle="none")
        FO.log_time_axis(ax, "Median time (ms)")
        lo, _ = ax.get_ylim()
        for x, s in bad:
            ax.plot([x], [lo * 1.15], marker="x", color=COLOUR[s], markersize=4,
                    linestyle="none")
        if bad:
            ax.text(sum(x for x, _ in bad) / len(bad), lo * 1.5, "unsupported", ha="center",
                    va="bottom", fontsize=6.5, color="0.3")
        ax.set_xticks(range(len(wgs)), ["default\n(NullRange)" if w == "default" else
                                        w.replace("x", "×") for w in wgs])
        ax.set_xlim(-0.5, len(wgs) - 0.5)
        ax.grid(True, which="major", axis="y", color="0.88", linewidth=0.6)
        ax.set_axisbelow(True)
        if i == len(devices) - 1:
            ax.set_xlabel("Local size (work-group)")
    FO.save_and_close(fig, out / f"{EXPERIMENT}_sweep.pdf")


def plot_all(summary: dict, out: Path) -> None:
    plot_pair(summary, out, f"{EXPERIMENT}_fig3",
              [("scharr.single", "default", "-"), ("scharr.single", "16x16", "--")],
              [("runtime's default local size (solid)", "-"), ("16×16 (dashed)", "--")],
              [("scharr.single", "--")],
              "AMD R9 290 (author's notebook): single")
    plot_pair(summary, out, f"{EXPERIMENT}_fig4",
              [("scharr.local", "16x16", "-"), ("scharr.single", "16x16", "--")],
              [("with local memory (solid)", "-"), ("without (dashed); both 16×16", "--")],
              [("scharr.local", "-"), ("scharr.single", "--")],
              "AMD R9 290 (author's notebook): with and without local memory")


# ---------------------------------------------------------------------------------------------
# derived -> LaTeX


def _header(what: str = "") -> str:
    return (f"% Generated by experiments/analysis/filterlab_analysis/{EXPERIMENT}.py from the raw results; "
            f"do not edit. {what}")


def _device_head(dev: dict) -> str:
    note = _scale_note(dev["provenance"])
    return R.latex_escape(dev["device"]) + (f" ({note})" if note else "")


def _num(n: int) -> str:
    return f"{n:,}".replace(",", "{,}")


def table_tex(summary: dict) -> str:
    """The article's storage table from the first device's record (checked equal on every
    device), then per device what the runtime reported about work-group sizes."""
    e = R.latex_escape
    devices = summary["devices"]
    tables = [json.dumps(d["storage_table"], sort_keys=True) for d in devices]
    if len(set(tables)) != 1:
        raise R.ResultError("the devices' provenance.storage_table differ; the table assumes "
                            "one")
    table = {t["storage"]: t for t in devices[0]["storage_table"]}
    art = summary["article"]["kernel_calls_per_filter"]
    lines = [_header("Needs booktabs, tabularx, array."),
             r"\begin{tabularx}{\linewidth}{@{}l>{\raggedright\arraybackslash}Xlrr@{}}",
             r"\toprule",
             r"Storage & Host type & Kernel type & \multicolumn{2}{c}{Calls per filter} \\",
             r"\cmidrule(l){4-5}",
             r" & & & ours & article \\", r"\midrule"]
    for s in STORAGES:
        t = table.get(s)
        if t is None:
            lines.append(f"{e(STORAGE_LABEL[s])} & \\multicolumn{{4}}{{l}}{{not measured}} \\\\")
            continue
        lines.append(" & ".join([e(STORAGE_LABEL[s]), rf"\texttt{{{e(t['host_type'])}}}",
                                 rf"\texttt{{{e(t['kernel_type'])}}}",
                                 str(t["kernel_calls_per_filter"]), str(art.get(s, "---"))])
                     + r" \\")
    lines += [r"\midrule",
              r"\multicolumn{5}{@{}l}{\textit{What the runtime reported for the kernels "
              r"(\texttt{CL\_KERNEL\_WORK\_GROUP\_SIZE}, preferred multiple)}} \\"]
    for d in devices:
        info = d["work_group_info"]
        vals = {tuple(map(tuple, v)) for v in info.values()}
        if len(vals) == 1:
            text = "; ".join(f"{a}, multiple {b}" for a, b in next(iter(vals)))
            text += " (every storage)"
        else:
            text = "; ".join(f"{STORAGE_LABEL[s]}: " + ", ".join(f"{a}/{b}" for a, b in v)
                             for s, v in info.items())
        lim = d["image_buffer_limit"]
        lines.append(rf"\multicolumn{{5}}{{@{{}}>{{\raggedright\arraybackslash}}p{{\linewidth}}@{{}}}}"
                     rf"{{{_device_head(d)}: {e(text)}; image-buffer limit "
                     rf"{_num(lim['image_max_buffer_size'])} pixels, pyramid "
                     rf"{_num(lim['pyramid_pixels'])} pixels}} \\")
    lines += [r"\bottomrule", r"\end{tabularx}", ""]
    return "\n".join(lines)


def wall_tex(summary: dict) -> str:
    lines = [_header("Needs booktabs."),
             r"\begin{tabular}{@{}lrrrrr@{}}", r"\toprule",
             r"Storage & Launches & Kernel (ms) & Wall (ms) & Wall $-$ kernel (ms) "
             r"& per launch ($\mu$s) \\"]
    for d in summary["devices"]:
        lines += [r"\midrule", rf"\multicolumn{{6}}{{@{{}}l}}{{\textit{{{_device_head(d)}}}}} \\"]
        for w in d["wall"]:
            lines.append(" & ".join([
                R.latex_escape(STORAGE_LABEL[w["storage"]]), str(w["launches_per_sample"]),
                R.fmt_ms(w["kernel_median_ms"]), R.fmt_ms(w["wall_median_ms"]),
                R.fmt_sig(w["wall_minus_kernel_ms"], 3), R.fmt_sig(w["gap_per_launch_us"], 3)])
                + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}", ""]
    return "\n".join(lines)


SLASH = r"/\allowbreak{}"  # a line may break after the slash of "1.20/1.21/1.14/1.10"


def _sz(k: int) -> str:
    return f"\\ensuremath{{{k}\\times{k}}}"


def macros_tex(summary: dict, study: C.Study) -> str:
    e = R.latex_escape
    devices = summary["devices"]
    art = summary["article"]
    defs = {
        "StorNumDevices": str(len(devices)),
        "StorNumClaims": str(len(study.claims)),
        "StorBreakdown": f"{BREAKDOWN:g}",
        "StorNegligible": f"{NEGLIGIBLE:g}",
        "StorSweepSize": _sz(SWEEP_K),
        "StorWallSize": _sz(WALL_K),
        "StorBytesPerPixel": str(BYTES_PER_PIXEL),
    }
    # the article (transcribed values)
    a = art["ms"]
    for s, name in (("images", "Images"), ("cubes", "Cubes"), ("buffer", "Buffer")):
        for fam, fname in (("scharr.single", "Single"), ("scharr.local", "Local")):
            defs[f"StorArt{name}{fname}"] = "/".join(str(v) for v in a[s][fam])
    cov = art["cubes_over_images_single"]
    defs["StorArtCubesOverImagesMin"] = R.fmt_ratio(min(cov))
    defs["StorArtCubesOverImagesMax"] = R.fmt_ratio(max(cov))
    defs["StorArtCubesBelowImagesEverySize"] = ("below" if all(x < 1 for x in cov) else
                                               "not below")
    winners = art["winners_single"]
    defs["StorArtWinners"] = "; ".join(f"{_sz(k)}: {e(STORAGE_LABEL[w])}"
                                       for k, w in zip(KSIZES, winners))
    los = [x for s in a for x in art["local_over_single"][s][1:]]
    defs["StorArtLocalOverSingleMaxBig"] = R.fmt_ratio(max(los))
    defs["StorArtLocalOverSingleThree"] = ", ".join(
        f"{e(STORAGE_LABEL[s])} {R.fmt_ratio(art['local_over_single'][s][0])}" for s in a)
    for i, d in enumerate(devices):
        x = "StorDev" + R.macro_letters(i)
        g = _grid(d)
        defs[f"{x}Name"] = e(d["device"])
        defs[f"{x}Note"] = e(_scale_note(d["provenance"])) or "full-size pyramid"
        # winners per size at 16x16 single
        parts = []
        for w in d["winners"]:
            p = (f"{_sz(w['ksize'])}: {e(STORAGE_LABEL[w['storage']])} "
                 f"{R.fmt_ms(w['median_ms'])}\\,ms")
            if w["runner_up"]:
                p += (f" ({'clearly ahead of' if w['clear'] else 'within the CI of'} "
                      f"{e(STORAGE_LABEL[w['runner_up']])}, "
                      f"{R.fmt_ms(w['runner_up_median_ms'])}\\,ms)")
            parts.append(p)
        defs[f"{x}Winners"] = "; ".join(parts)
        ratios = {(r["storage"], r["ksize"]): r for r in d["ratios"]}

        def ratio(s, k, key):
            v = ratios[(s, k)][key]
            return "---" if v is None else R.fmt_ratio(v)

        for s in STORAGES:
            n = {"buffer": "Buffer", "image_buffer": "ImageBuffer", "images": "Images",
                 "cubes": "Cubes"}[s]
            defs[f"{x}DefaultRatio{n}"] = SLASH.join(ratio(s, k, "default_over_16x16")
                                                   for k in KSIZES)
            defs[f"{x}LocalRatio{n}"] = SLASH.join(ratio(s, k, "local_over_single")
                                                 for k in KSIZES)
        dr = [r["default_over_16x16"] for r in d["ratios"] if r["default_over_16x16"]]
        defs[f"{x}DefaultRatioMin"] = R.fmt_ratio(min(dr)) if dr else "---"
        defs[f"{x}DefaultRatioMax"] = R.fmt_ratio(max(dr)) if dr else "---"
        # cubes vs images (16x16 single)
        ci = [g[("scharr.single", "cubes", k, "16x16")]["kernel_ms"]["median"]
              / g[("scharr.single", "images", k, "16x16")]["kernel_ms"]["median"]
              for k in KSIZES if ("scharr.single", "cubes", k, "16x16") in g
              and ("scharr.single", "images", k, "16x16") in g]
        defs[f"{x}CubesOverImages"] = SLASH.join(R.fmt_ratio(v) for v in ci) or "---"
        # wall vs kernel
        wall = {w["storage"]: w for w in d["wall"]}
        for s, n in (("images", "Images"), ("cubes", "Cubes"), ("buffer", "Buffer"),
                     ("image_buffer", "ImageBuffer")):
            w = wall.get(s)
            defs[f"{x}WallGap{n}"] = "---" if w is None else (
                R.fmt_sig(w["wall_minus_kernel_ms"], 3) + r"\,ms")
            defs[f"{x}WallGapPerLaunch{n}"] = "---" if w is None else (
                R.fmt_sig(w["gap_per_launch_us"], 3) + r"\,$\mu$s")
        # sweep at 5x5: fastest local size per storage
        sweep = []
        for s in STORAGES:
            cand = [(g[k]["kernel_ms"]["median"], k[3]) for k in g
                    if k[0] == "scharr.single" and k[1] == s and k[2] == SWEEP_K]
            if cand:
                best_wg = min(cand)[1].replace("x", r"$\times$")
                sweep.append(f"{e(STORAGE_LABEL[s])} {best_wg}")
        defs[f"{x}SweepBest"] = "; ".join(sweep)
        unsup = sorted({unsupported_wg(u) for u in d["unsupported"] if u["id"]})
        defs[f"{x}Unsupported"] = (R.join_and([u.replace("x", r"$\times$") for u in unsup])
                                   if unsup else "none")
        lim = d["image_buffer_limit"]
        defs[f"{x}ImageBufferLimit"] = _num(lim["image_max_buffer_size"])
        defs[f"{x}PyramidPixels"] = _num(lim["pyramid_pixels"])
        counts = study.counts(d["device_slug"], "all")
        defs[f"{x}Held"] = str(len(counts[C.HOLDS]))
        defs[f"{x}Failed"] = str(len(counts[C.FAILS]))
        defs[f"{x}Inconclusive"] = str(len(counts[C.INCONCLUSIVE]))
        for verdict, word in ((C.HOLDS, "HeldList"), (C.FAILS, "FailedList"),
                              (C.INCONCLUSIVE, "InconclusiveList")):
            ids = [i.split(".", 1)[1] for i in counts[verdict]]
            defs[f"{x}{word}"] = R.join_and(ids) if ids else "none"
    lines = [_header()]
    lines += [f"\\newcommand{{\\{k}}}{{{v}}}" for k, v in defs.items()]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------


class PyramidStorageStudy(Study):
    name = EXPERIMENT
    description = first_paragraph(__doc__)
    per_row = ("local_size",)  # each row has its own (16x16, the runtime's default [0, 0], the sweep)

    def derive(self, run: Run) -> dict:
        return derive(run.raw, run.results)

    def claims(self, run: Run) -> C.Study:
        return evaluate_claims(run.summary)

    def figures(self, run: Run) -> None:
        plot_all(run.summary, run.out)
        plot_sweep(run.summary, run.out)

    def tables(self, run: Run) -> None:
        summary, out = run.summary, run.out
        R.write_text(out / f"{EXPERIMENT}_table.tex", table_tex(summary))
        R.write_text(out / f"{EXPERIMENT}_wall.tex", wall_tex(summary))
        R.write_text(out / f"{EXPERIMENT}_macros.tex", macros_tex(summary, run.claims))

    def report(self, run: Run) -> None:
        for d in run.summary["devices"]:
            print(f"{EXPERIMENT}: {d['device']}: fastest storage (16x16 single) "
                  + ", ".join(f"k{w['ksize']} {w['storage']} {R.fmt_ms(w['median_ms'])} ms"
                              + ("" if w["clear"] else " (CI overlaps the runner-up)")
                              for w in d["winners"]))
        names = ", ".join(d["device"] for d in run.summary["devices"])
        print(f"{EXPERIMENT}: {len(run.summary['devices'])} device(s) ({names}) -> {run.out}")


STUDY = PyramidStorageStudy()
main = STUDY.main


if __name__ == "__main__":
    sys.exit(main())
