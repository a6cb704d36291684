"""Experiment "sampler" (study 3): raw results and the article's tables -> summary -> LaTeX
tables, macros, findings, the study's claims, and the tables as text.

The sampler study: the article's 1-D experiment (texels 1..10, normalized k/10, k = -5..15, four
addressing modes, NEAREST) on every measured device and in the article's two published tables
(AMD R9 290, Intel CPU), all judged by the spec oracle; every sampler configuration over a grid of
coordinates on the measured devices; which OpenCV borders a sampler reproduces.

    PYTHONPATH=experiments/analysis /usr/bin/python3 -m filterlab_analysis.sampler \\
        --results experiments/results --out paper/generated \\
        [--published experiments/sampler/published_tables.json]

Writes to --out:
    sampler_summary.json          derived data (the only input of everything below)
    sampler_claims.json           the study's claims per device (make_all.py builds the ledger)
    sampler_tables.tex            the article's table per device, with the oracle's verdicts
    sampler_verdicts.tex          tabular: verdict counts per device, article and grid
    sampler_mapping.tex           tabular: addressing modes against OpenCV borders, measured
    sampler_findings.tex          per device: what the oracle said (prose, generated)
    sampler_macros.tex            \\newcommand's (\\Samp...) the prose quotes
    sampler_article_tables.txt    every table in the article's layout and the pairwise diffs
"""

from __future__ import annotations

import itertools
import sys
import textwrap
from pathlib import Path

from . import claims as C
from . import results as R
from . import sampler_data as D
from . import sampler_text as T
from .sampler_tex import findings_tex, macros_tex, mapping_tex, tables_tex, verdicts_tex
from .paths import EXPERIMENTS
from .study import Run, Study, first_paragraph

EXPERIMENT = D.EXPERIMENT
STUDY_ID = "S3"
STUDY_TITLE = "Addressing mode of sampler objects for image types in OpenCL reviewed"
CONDITION = "nearest"
PUBLISHED = EXPERIMENTS / "sampler" / "published_tables.json"
MODE_TEXT = {"none": "NONE", "clamp_to_edge": "CLAMP_TO_EDGE", "clamp": "CLAMP",
             "repeat": "REPEAT", "mirrored_repeat": "MIRRORED_REPEAT"}
BORDER_TEXT = {"constant": "CONSTANT", "replicate": "REPLICATE", "reflect": "REFLECT",
               "wrap": "WRAP", "reflect101": "REFLECT_101"}
# The article's table "Addressing mode ... OpenCV's counterpart".
ARTICLE_COUNTERPART = {"mirrored_repeat": "reflect", "repeat": "wrap",
                       "clamp_to_edge": "replicate", "clamp": "constant"}


# ---------------------------------------------------------------------------------------------
# raw -> derived


def _counts(verdicts: list[str]) -> dict[str, int]:
    return {v: verdicts.count(v) for v in D.VERDICTS}


def _article_device(name: str, slug: str, kind: str, columns: dict, k: list[int]) -> dict:
    """columns: mode -> {'values', 'verdicts', 'edge_sensitive'[, 'coords']}."""
    verdicts = [v for m in D.MODES for v in columns[m]["verdicts"]]
    off = [{"k": k[j], "mode": m, "value": columns[m]["values"][j],
            "float32": columns[m]["float32"][j], "verdict": columns[m]["verdicts"][j],
            "edge_sensitive": columns[m]["edge_sensitive"][j]}
           for m in D.MODES for j in range(len(k)) if columns[m]["verdicts"][j] != "float32"]
    return {"slug": slug, "name": name, "kind": kind, "article": columns,
            "article_counts": _counts(verdicts), "article_total": len(verdicts),
            "article_not_float32": off}


def _measured(d: dict) -> dict:
    art = d["article"]
    cols = {}
    for c in art["columns"]:
        cols[c["mode"]] = {"values": c["values"], "coords": c["coords"],
                           "verdicts": [D.VERDICT_CODES[x] for x in c["verdicts"]],
                           "float32": c["float32"], "edge_sensitive": c["edge_sensitive"]}
    p = d["provenance"]
    out = _article_device(p["device"], p["device_slug"], "measured", cols, art["k"])
    grid_verdicts = "".join(c["verdicts"] for c in d["grid"])
    out["grid"] = {
        "configurations": len(d["grid"]), "reads": len(grid_verdicts),
        "counts": _counts([D.VERDICT_CODES[x] for x in grid_verdicts]),
        "edge_sensitive": sum(c["edge_sensitive"].count("1") for c in d["grid"]),
        "crashed": [f"{c['mode']} {c['filter']} {c['dims']}-D "
                    f"{'normalized' if c['normalized'] else 'unnormalized'}: {c['crashed']}"
                    for c in d["grid"] if "crashed" in c],
        "cases": [{"dims": c["dims"], "mode": c["mode"], "normalized": c["normalized"],
                   "filter": c["filter"], "reads": len(c["verdicts"]),
                   "counts": _counts([D.VERDICT_CODES[x] for x in c["verdicts"]]),
                   "wrong_at": [i for i, x in enumerate(c["verdicts"]) if x == "W"][:20]}
                  for c in d["grid"]],
    }
    out["mapping"] = d["border_mapping"]
    out["provenance"] = {k: p[k] for k in ("device", "device_slug", "device_type", "vendor",
                                           "platform", "platform_version", "driver_version",
                                           "opencl_c_version", "host", "commit", "commit_dirty",
                                           "date")}
    out["coords_equal_host"] = all(c["coords"] == art["host_coords"] for c in art["columns"])
    return out


def _published(p: dict, oracle: dict, k: list[int]) -> dict:
    cols = {}
    for m in D.MODES:
        o = oracle[m]
        vals = p["columns"][m]
        cols[m] = {"values": vals, "float32": o["float32"], "edge_sensitive": o["edge_sensitive"],
                   "verdicts": [D.judge(v, f, a) for v, f, a in zip(vals, o["float32"],
                                                                     o["accepted"])]}
    out = _article_device(p["name"], p["slug"], "published", cols, k)
    out["provenance"] = {"device_type": p["device_type"],
                         "printed_platform": p.get("printed_platform", ""),
                         "printed_device": p.get("printed_device", "")}
    return out


def _edge_axis(texts: list[str], n: int, normalized: bool) -> list[bool]:
    """Per grid coordinate: does it stand for a texel edge (an integer unnormalized u)?"""
    return [D.true_u(t, n, normalized).denominator == 1 for t in texts]


def _grid_compare(a: dict, b: dict) -> dict:
    """NEAREST reads where two measured devices differ (both defined), and how many of those
    lie off texel edges; the same for CLAMP_TO_EDGE and CLAMP (NEAREST and LINEAR, exact)."""
    key = lambda c: (c["dims"], c["mode"], c["normalized"], c["filter"])  # noqa: E731
    cb = {key(c): c for c in b["grid"]}
    differ = off_edge = clamp_differ = 0
    for ca in a["grid"]:
        other = cb.get(key(ca))
        if other is None or other["x"] != ca["x"] or other["y"] != ca["y"]:
            continue
        ex = _edge_axis(ca["true_x"], ca["width"], ca["normalized"])
        ey = _edge_axis(ca["true_y"], ca["height"], ca["normalized"]) if ca["dims"] == 2 else [False]
        for idx, (va, vb) in enumerate(zip(ca["values"], other["values"])):
            if "U" in (ca["verdicts"][idx], other["verdicts"][idx]) or va == vb:
                continue
            if ca["mode"] in ("clamp_to_edge", "clamp"):
                clamp_differ += 1
            if ca["filter"] != "nearest":
                continue
            differ += 1
            i, j = idx % len(ca["x"]), idx // len(ca["x"])
            if not (ex[i] or ey[j]):
                off_edge += 1
    return {"nearest_differ": differ, "nearest_differ_off_edge": off_edge,
            "clamp_modes_differ": clamp_differ}


def derive(measured_raw: list[dict], published_raw: dict) -> dict:
    art = measured_raw[0]["article"]
    k = art["k"]
    oracle = {o["mode"]: o for o in art["oracle"]}
    measured = [_measured(d) for d in measured_raw]
    published = [_published(p, oracle, k) for p in published_raw["devices"]]
    devices = published + measured
    pairs = []
    for a, b in itertools.combinations(devices, 2):
        rows = [{"k": k[j], "mode": m, "a": a["article"][m]["values"][j],
                 "b": b["article"][m]["values"][j],
                 "edge_sensitive": oracle[m]["edge_sensitive"][j]}
                for m in D.MODES for j in range(len(k))
                if a["article"][m]["values"][j] != b["article"][m]["values"][j]]
        pairs.append({"a": a["slug"], "b": b["slug"], "article_differ": rows})
    raw_by_slug = {d["provenance"]["device_slug"]: d for d in measured_raw}
    grid_pairs = [{"a": a["slug"], "b": b["slug"],
                   **_grid_compare(raw_by_slug[a["slug"]], raw_by_slug[b["slug"]])}
                  for a, b in itertools.combinations(measured, 2)]
    edge_sensitive = [{"k": k[j], "mode": m} for m in D.MODES for j in range(len(k))
                      if oracle[m]["edge_sensitive"][j]]
    return {
        "experiment": EXPERIMENT, "k": k, "width": art["width"], "texels": art["texels"],
        "true_coords": art["true_coords"], "host_coords": art["host_coords"],
        "oracle": {m: {x: oracle[m][x] for x in ("float32", "exact", "rational", "accepted",
                                                 "edge_sensitive")} for m in D.MODES},
        "article_edge_sensitive": edge_sensitive,
        "published_source": published_raw["source"],
        "devices": devices, "article_pairs": pairs, "grid_pairs": grid_pairs,
        "inputs": [{"path": d["path"], "sha256": d["sha256"]} for d in measured_raw],
    }


# ---------------------------------------------------------------------------------------------
# claims


def _others(summary: dict, slug: str) -> list[dict]:
    return [d for d in summary["devices"] if d["slug"] != slug]


def _pair(summary: dict, a: str, b: str, key: str) -> dict | None:
    for p in summary[key]:
        if {p["a"], p["b"]} == {a, b}:
            return p
    return None


class _Ctx:
    def __init__(self, summary: dict, slug: str):
        self.s = summary
        self.dev = next(d for d in summary["devices"] if d["slug"] == slug)

    def name(self, slug: str) -> str:
        return next(d["name"] for d in self.s["devices"] if d["slug"] == slug)


def _c1(c: _Ctx) -> C.Part:
    j = c.s["k"].index(c.s["width"])  # s = k/10 = 1.0
    vals = {m: c.dev["article"][m]["values"][j] for m in D.MODES}
    detail = "at s = 1.0: " + ", ".join(f"{MODE_TEXT[m]} {v:g}" for m, v in vals.items())
    return C.Part(C.HOLDS if len(set(vals.values())) > 1 else C.FAILS, detail)


def _c2(c: _Ctx) -> C.Part:
    if c.dev["kind"] != "measured":
        return C.Part(C.NO_DATA, "published table only: its coordinates all lie on texel edges, "
                                 "where no integer index is implied")
    parts = []
    for mode, border in ARTICLE_COUNTERPART.items():
        row = next((r for r in c.dev["mapping"] if r["mode"] == mode and r["normalized"]
                    and r["border"] == border), None)
        if row is None:
            parts.append(C.Part(C.NO_DATA, f"{MODE_TEXT[mode]}: no data"))
            continue
        ok = row["total"] > 0 and row["matches"] == row["total"]
        parts.append(C.Part(C.HOLDS if ok else C.FAILS,
                            f"{MODE_TEXT[mode]} = {BORDER_TEXT[border]} at "
                            f"{row['matches']} of {row['total']} texel centres"))
    return C.combine(parts)


def _c3(c: _Ctx) -> C.Part:
    parts = []
    for o in _others(c.s, c.dev["slug"]):
        p = _pair(c.s, c.dev["slug"], o["slug"], "article_pairs")
        n = len(p["article_differ"])
        es = sum(r["edge_sensitive"] for r in p["article_differ"])
        text = (f"vs {o['name']}: article's table " +
                (f"{n} entries differ, all at texel edges ({es} edge-sensitive)" if n
                 else "identical"))
        verdict = C.HOLDS  # every coordinate k/10 of the article's table is a texel edge
        g = _pair(c.s, c.dev["slug"], o["slug"], "grid_pairs")
        if g is not None:
            text += (f"; grid NEAREST {g['nearest_differ']} reads differ, "
                     f"{g['nearest_differ_off_edge']} off texel edges")
            if g["nearest_differ_off_edge"]:
                verdict = C.FAILS
        parts.append(C.Part(verdict, text))
    return C.combine(parts)


def _c4(c: _Ctx) -> C.Part:
    parts = []
    for o in _others(c.s, c.dev["slug"]):
        same = all(c.dev["article"][m]["values"] == o["article"][m]["values"]
                   for m in ("clamp_to_edge", "clamp"))
        text = f"vs {o['name']}: article's table " + ("equal" if same else "differs")
        verdict = C.HOLDS if same else C.FAILS
        g = _pair(c.s, c.dev["slug"], o["slug"], "grid_pairs")
        if g is not None:
            text += f"; grid {g['clamp_modes_differ']} reads differ"
            if g["clamp_modes_differ"]:
                verdict = C.FAILS
        parts.append(C.Part(verdict, text))
    if not parts:
        return C.Part(C.NO_DATA, "no other device")
    return C.combine(parts)


def _c5(c: _Ctx) -> C.Part:
    n = c.dev["article_counts"]
    text = (f"article's table: {n['float32']} float32, {n['neighbour']} neighbour, "
            f"{n['wrong']} wrong of {c.dev['article_total']}")
    wrong = n["wrong"]
    if c.dev.get("grid"):
        g = c.dev["grid"]["counts"]
        text += (f"; grid: {g['float32']} float32, {g['neighbour']} neighbour, {g['wrong']} "
                 f"wrong, {g['undefined']} undefined of {c.dev['grid']['reads']}")
        if c.dev["grid"].get("crashed"):
            text += (f"; {len(c.dev['grid']['crashed'])} configurations not read: the process reading "
                     f"them died ({'; '.join(c.dev['grid']['crashed'])})")
        wrong += g["wrong"]
    return C.Part(C.FAILS if wrong else C.HOLDS, text)


# The article's two published devices (experiments/sampler/published_tables.json slugs): claim 6
# compares them.
ARTICLE_AMD = "published-amd-r9-290-hawaii"
ARTICLE_INTEL = "published-intel-core-i7-5820k"
ARTICLE_DIFFER_MODES = ("mirrored_repeat", "repeat")  # the modes the article says differ


def article_devices_compared(amd: dict, intel: dict, pair: dict | None) -> C.Part:
    """Claim 6 on the article's two tables: (a) they differ, and only in the MIRRORED_REPEAT and
    REPEAT columns; (b) AMD's is the "more reasonable", read as closer to the specification: more
    of its entries equal the float32 formula of the spec (the oracle's "float32" verdict) than
    Intel's. (b) holds if AMD has more such entries, fails if fewer, is inconclusive if as many;
    the claim combines (a) and (b)."""
    if pair is None:
        return C.Part(C.NO_DATA, "no comparison of the article's two tables")
    rows = pair["article_differ"]
    per_mode = {m: sum(r["mode"] == m for r in rows) for m in D.MODES}
    where = ", ".join(f"{MODE_TEXT[m]} {n}" for m, n in per_mode.items() if n) or "none"
    only = bool(rows) and all(r["mode"] in ARTICLE_DIFFER_MODES for r in rows)
    differ = C.Part(C.HOLDS if only else C.FAILS,
                    f"(a) the two tables differ in {len(rows)} of {amd['article_total']} "
                    f"entries ({where})")
    na, ni = amd["article_counts"], intel["article_counts"]
    text = (f"(b) entries equal to the spec's float32 formula: {amd['name']} {na['float32']} of "
            f"{amd['article_total']} ({na['neighbour']} a neighbouring texel at an edge, "
            f"{na['wrong']} wrong), {intel['name']} {ni['float32']} of {intel['article_total']} "
            f"({ni['neighbour']} neighbouring, {ni['wrong']} wrong)")
    if na["float32"] > ni["float32"]:
        closer = C.Part(C.HOLDS, text)
    elif na["float32"] < ni["float32"]:
        closer = C.Part(C.FAILS, text + ": the Intel table is the closer one")
    else:
        closer = C.Part(C.INCONCLUSIVE, text)
    return C.combine([differ, closer])


def _c6(c: _Ctx) -> C.Part:
    if c.dev["kind"] != "published":
        return C.Part(C.NO_DATA, "the claim compares the article's two tables (AMD R9 290 GPU and "
                                 "Intel CPU); judged in their columns")
    by = {d["slug"]: d for d in c.s["devices"]}
    if ARTICLE_AMD not in by or ARTICLE_INTEL not in by:
        return C.Part(C.NO_DATA, "the article's AMD or Intel table is missing")
    return article_devices_compared(by[ARTICLE_AMD], by[ARTICLE_INTEL],
                                    _pair(c.s, ARTICLE_AMD, ARTICLE_INTEL, "article_pairs"))


# Each claim's written method (quantity, statistic, baseline, threshold, verdict rule) is its entry in
# claims_spec.toml; the Claim takes its check text from there.
def study_claims() -> list[C.Claim]:
    def claim(n, short, text, fn):
        return C.Claim(id=f"{STUDY_ID}.C{n}", study=STUDY_ID, short=short, text=text,
                       evaluate=fn)

    return [
        claim(1, "1.0 already gives a mode-dependent value",
              "The fact that the access to 1.0 results already in a mode dependent value is "
              "indeed an indicator for the [0;1[ range (note that the right side is not "
              "included) of the normalized coordinates.",
              _c1),
        claim(2, "the addressing modes are OpenCV's REFLECT, WRAP, REPLICATE, CONSTANT",
              "CLK_ADDRESS_MIRRORED_REPEAT [...] cv::BORDER_REFLECT; CLK_ADDRESS_REPEAT [...] "
              "cv::BORDER_WRAP; CLK_ADDRESS_CLAMP_TO_EDGE [...] cv::BORDER_REPLICATE; "
              "CLK_ADDRESS_CLAMP [...] cv::BORDER_CONSTANT",
              _c2),
        claim(3, "the devices differ only near texel edges",
              "The output of the test program running on an AMD R9 290 GPU device and on an "
              "Intel CPU device together with the differences",
              _c3),
        claim(4, "CLAMP_TO_EDGE and CLAMP agree across devices",
              "(No sentence: the article's diff of its two tables changes the MIRRORED_REPEAT "
              "and REPEAT columns only.)",
              _c4),
        claim(5, "every entry is spec-conformant",
              "(No sentence: the article presents both tables as what the addressing modes do, "
              "calling neither device wrong.)",
              _c5),
        claim(6, "the AMD table is the more reasonable one",
              "Interestingly, the two devices produce slightly different values for the "
              "CLK_ADDRESS_MIRRORED_REPEAT and CLK_ADDRESS_REPEAT modes. I am not sure why this "
              "happens, but the AMD output seems more reasonable to me.",
              _c6),
    ]


def evaluate_claims(summary: dict) -> C.Study:
    devices = [C.Device(d["slug"], d["name"], "") for d in summary["devices"]]
    return C.evaluate_study(
        id=STUDY_ID, title=STUDY_TITLE, experiment=EXPERIMENT, conditions=[CONDITION],
        condition_labels={CONDITION: "sampler reads"}, devices=devices, claims=study_claims(),
        context=lambda slug, cond: _Ctx(summary, slug))


# ---------------------------------------------------------------------------------------------
# derived -> LaTeX and text


def article_tables_text(summary: dict) -> str:
    coords = summary["host_coords"]
    out = ["# Generated by experiments/analysis/filterlab_analysis/sampler.py from the raw results and "
           "experiments/sampler/published_tables.json; do not edit.",
           "# Marks: none = the float32 formula, ~ = a neighbouring texel at an edge (accepted), "
           "! = wrong.", ""]
    for d in summary["devices"]:
        out.append(T.table(d, coords))
    for a, b in itertools.combinations(summary["devices"], 2):
        out.append(T.diff(a, b, coords))
    return "\n".join(out)


class SamplerStudy(Study):
    name = EXPERIMENT
    description = first_paragraph(__doc__)
    needs_matplotlib = False

    def add_options(self, ap) -> None:
        ap.add_argument("--published", type=Path, default=PUBLISHED,
                        help="the article's tables (default: %(default)s)")

    def load(self, run: Run) -> tuple[list[dict], dict]:
        measured = D.load_devices(run.results)
        return measured, D.load_published(run.options.published, measured[0]["article"]["k"])

    def derive(self, run: Run) -> dict:
        return derive(*run.raw)

    def claims(self, run: Run) -> C.Study:
        return evaluate_claims(run.summary)

    def tables(self, run: Run) -> None:
        summary, out = run.summary, run.out
        R.write_text(out / "sampler_tables.tex", tables_tex(summary))
        R.write_text(out / "sampler_verdicts.tex", verdicts_tex(summary))
        R.write_text(out / "sampler_mapping.tex", mapping_tex(summary))
        R.write_text(out / "sampler_findings.tex", findings_tex(summary))
        R.write_text(out / "sampler_macros.tex", macros_tex(summary, run.claims))
        R.write_text(out / "sampler_article_tables.txt", article_tables_text(summary))

    def report(self, run: Run) -> None:
        for d in run.summary["devices"]:
            n = d["article_counts"]
            print(textwrap.shorten(
                f"{EXPERIMENT}: {d['name']}: article's table {n['float32']} float32, "
                f"{n['neighbour']} neighbour, {n['wrong']} wrong of {d['article_total']}"
                + (f"; grid {d['grid']['counts']}" if d.get("grid") else ""), 200))
        print(f"{EXPERIMENT}: {len(run.summary['devices'])} device(s) -> {run.out}")


STUDY = SamplerStudy()
main = STUDY.main


if __name__ == "__main__":
    sys.exit(main())
