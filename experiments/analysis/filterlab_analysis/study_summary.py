"""One line per study for the paper's discussion and the README: how many of the article's claims
held, failed or stayed open on our devices, and the study's best measured result.

Over every device and condition a claim was judged on (cells without data left out), a claim is
  *reproduced*            if it holds in every cell;
  *holds where decided*   if it holds in some cells, fails in none and is inconclusive in others;
  *depends on the device* if it holds in some cells and fails in others;
  *not reproduced*        if it fails in some cells and holds in none (inconclusive elsewhere or not);
  *open*                  if it is inconclusive in every cell, or has no data anywhere. The best
result per study comes from that study's generated summary (<experiment>_summary.json) in the
same output directory. Writes study_summary.tex (a table), study_summary.md (the same in
Markdown, for README and docs) and study_summary_macros.tex.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from . import claims as C
from . import results as R
from . import tex_layout as T

REPRODUCED, HOLDS_WHERE_DECIDED, DEVICE_DEPENDENT, NOT_REPRODUCED, OPEN = (
    "reproduced", "holds where decided", "depends on the device", "not reproduced", "open")
CATEGORIES = (REPRODUCED, HOLDS_WHERE_DECIDED, DEVICE_DEPENDENT, NOT_REPRODUCED, OPEN)
# Macro names of the categories (\Summary<Name>, \Summary<Study><Name>, ...Ids).
MACRO = {REPRODUCED: "Reproduced", HOLDS_WHERE_DECIDED: "HoldsWhereDecided", DEVICE_DEPENDENT: "DeviceDependent",
         NOT_REPRODUCED: "NotReproduced", OPEN: "Open"}


def claim_outcomes(study: C.Study) -> dict[str, str]:
    """claim id -> one of CATEGORIES, over every device and condition."""
    out = {}
    for claim in study.claims:
        verdicts = [p.verdict for d in study.devices for cond in study.conditions
                    if (p := study.outcome(claim.id, d.slug, cond)) is not None
                    and p.verdict != C.NO_DATA]
        holds, fails = C.HOLDS in verdicts, C.FAILS in verdicts
        if holds and fails:
            out[claim.id] = DEVICE_DEPENDENT
        elif holds:
            out[claim.id] = REPRODUCED if all(v == C.HOLDS for v in verdicts) else HOLDS_WHERE_DECIDED
        elif fails:
            out[claim.id] = NOT_REPRODUCED
        else:
            out[claim.id] = OPEN
    return out


def _load(out: Path, experiment: str) -> dict | None:
    path = out / f"{experiment}_summary.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def _percent(x: float) -> str:
    return f"{100 * x:.1f} %"


def _best_gradient(s: dict) -> str:
    b = s["overall"]["best_roofline"]
    dev = next((d["device"] for d in s["devices"] for r in d["rows"] if r["id"] == b["id"]
                and r["kernel_ms"]["median"] == b["median_ms"]), "?")
    return (f"{_percent(b['roofline_fraction'])} of the copy bandwidth on {T.short_device(dev)} "
            f"({b['family'].split('.')[-1]}, {b['storage']}, k{b['ksize']})")


def _best_storage(s: dict) -> str:
    best = None
    for d in s["devices"]:
        for r in d["rows"]:
            if r.get("roofline_fraction") and (best is None or r["roofline_fraction"] > best[0]):
                best = (r["roofline_fraction"], d["device"], r["family"].split(".")[-1], r["storage"], r["ksize"])
    if best is None:
        return "--"
    return f"{_percent(best[0])} of the copy bandwidth on {T.short_device(best[1])} ({best[2]}, {best[3]}, k{best[4]})"


def _best_tiled(s: dict) -> str:
    best = None
    for d in s["devices"]:
        r = d["rows"].get(f"tiled.amd/k5/wg8x8/{d['target_size']}/full")
        if r and (best is None or r["roofline_fraction"] > best[0]):
            best = (r["roofline_fraction"], d["name"], d["target_size"], r.get("same_size_copy_fraction"))
    if best is None:
        return "--"
    same = f", {_percent(best[3])} of a same-size copy" if best[3] is not None else ""
    return (f"tiled 5x5 at {best[2]}^2: {_percent(best[0])} of the 1-GiB copy{same} "
            f"on {T.short_device(best[1])}")


def _best_epsilon(s: dict) -> str:
    d = max(s["devices"], key=lambda d: d["best_speedup"])
    return f"step {d['best_label']} {d['best_speedup']:.2f}x the naive step on {T.short_device(d['device'])}"


def _best_sampler(s: dict) -> str:
    return "no timing: conformance of every read (see claims)"


def _best_imagecl(s: dict) -> str:
    best = None
    for d in s["devices"]:
        for bench, e in d["figure6"].items():
            for library, sp in e.get("speedups", {}).items():
                if best is None or sp["speedup"] > best[0]:
                    best = (sp["speedup"], library, bench, d["name"])
    if best is None:
        return "--"
    return (f"ImageCL {best[0]:.2f}x {best[1]} on {best[2]} on {T.short_device(best[3])} "
            f"(wall clock)")


BEST: dict[str, tuple[str, Callable[[dict], str]]] = {
    "S1": ("scharr_gradient_variants", _best_gradient),
    "S2": ("pyramid_storage", _best_storage),
    "S3": ("sampler", _best_sampler),
    "S4": ("tiled", _best_tiled),
    "S5": ("epsilon", _best_epsilon),
    "S6": ("tuning", _best_imagecl),
}


def rows(out: Path, studies: list[C.Study]) -> list[dict]:
    table = []
    for s in sorted(studies, key=C._study_key):
        outcomes = claim_outcomes(s)
        counts = {k: sum(1 for v in outcomes.values() if v == k) for k in CATEGORIES}
        experiment, best = BEST.get(s.id, (s.experiment, None))
        summary = _load(out, experiment) if best else None
        try:
            headline = best(summary) if summary else "--"
        except (KeyError, TypeError, ValueError) as e:
            raise C.ClaimError(f"study summary of {s.id}: {experiment}_summary.json lacks what it needs ({e})")
        table.append({"id": s.id, "title": s.title, "claims": len(s.claims), **counts,
                      "devices": [T.short_device(d.name) for d in s.devices],
                      "outcomes": outcomes, "best": headline})
    return table


def _tex_best(text: str) -> str:
    """The best result in LaTeX, with 4096^2 as a power."""
    return C.tex_text(text).replace(r"\textasciicircum{}2", "$^2$")


HEADERS_TEX = {REPRODUCED: r"\shortstack{repro-\\duced}", HOLDS_WHERE_DECIDED: r"\shortstack{holds\\where\\decided}",
               DEVICE_DEPENDENT: r"\shortstack{depends\\on the\\device}", NOT_REPRODUCED: r"\shortstack{not re-\\produced}",
               OPEN: "open"}


def tex(table: list[dict]) -> str:
    e = R.latex_escape
    lines = ["% Generated by experiments/analysis/filterlab_analysis/study_summary.py (make_all.py); do not edit.",
             r"\begin{tabular}{@{}>{\raggedright\arraybackslash}p{0.22\linewidth}rrrrrr"
             r">{\raggedright\arraybackslash}p{0.30\linewidth}@{}}", r"\toprule",
             "Study & claims & " + " & ".join(HEADERS_TEX[k] for k in CATEGORIES) + r" & best result on our devices \\",
             r"\midrule"]
    for r in table:
        lines.append(f"{e(r['id'])}: {e(r['title'])} & {r['claims']} & " + " & ".join(str(r[k]) for k in CATEGORIES) +
                     f" & {_tex_best(r['best'])} \\\\")
    lines += [r"\bottomrule", r"\end{tabular}", ""]
    return "\n".join(lines)


def markdown(table: list[dict]) -> str:
    """The table, then the verdicts in words: the totals, and each study's claims by category
    (the lines README.md's study-verdicts block copies; every verdict sentence of the docs is one
    of these)."""
    out = ["| study | claims | " + " | ".join(CATEGORIES) + " | best result on our devices |",
           "| --- | ---: | " + " | ".join("---:" for _ in CATEGORIES) + " | --- |"]
    for r in table:
        out.append(f"| {r['id']}: {r['title']} | {r['claims']} | " + " | ".join(str(r[k]) for k in CATEGORIES) +
                   f" | {r['best'].replace('|', '/')} |")
    total = {k: sum(r[k] for r in table) for k in CATEGORIES}
    out += ["", "Verdicts in words:", "", "- " + totals_sentence(total, sum(r["claims"] for r in table))]
    out += [f"- {r['id']}: {study_sentence(r)}" for r in table]
    return "\n".join(out) + "\n"


def macros(table: list[dict]) -> str:
    words = {"S1": "One", "S2": "Two", "S3": "Three", "S4": "Four", "S5": "Five", "S6": "Six"}
    lines = ["% Generated by experiments/analysis/filterlab_analysis/study_summary.py (make_all.py); do not edit."]
    total = {k: sum(r[k] for r in table) for k in CATEGORIES}
    lines.append(f"\\newcommand{{\\SummaryClaims}}{{{sum(r['claims'] for r in table)}}}")
    lines.append(f"\\newcommand{{\\SummaryStudies}}{{{len(table)}}}")
    for k in CATEGORIES:
        lines.append(f"\\newcommand{{\\Summary{MACRO[k]}}}{{{total[k]}}}")
    for r in table:
        w = words.get(r["id"], r["id"])
        lines.append(f"\\newcommand{{\\Summary{w}Claims}}{{{r['claims']}}}")
        for k in CATEGORIES:
            ids = R.join_and([c for c, v in r["outcomes"].items() if v == k]) or "none"
            lines += [f"\\newcommand{{\\Summary{w}{MACRO[k]}}}{{{r[k]}}}",
                      f"\\newcommand{{\\Summary{w}{MACRO[k]}Ids}}{{{ids}}}"]
        lines.append(f"\\newcommand{{\\Summary{w}Best}}{{{_tex_best(r['best'])}}}")
        lines.append(f"\\newcommand{{\\Summary{w}Verdicts}}{{{study_sentence(r)}}}")
    lines.append(f"\\newcommand{{\\SummarySentence}}{{{totals_sentence(total, sum(r['claims'] for r in table))}}}")
    return "\n".join(lines) + "\n"


def study_sentence(r: dict) -> str:
    """'Reproduced: S4.C1. Depends on the device: S4.C2.' -- the non-empty categories of a study."""
    parts = []
    for k in CATEGORIES:
        ids = [c for c, v in r["outcomes"].items() if v == k]
        if ids:
            parts.append(f"{k[0].upper()}{k[1:]}: {R.join_and(ids)}.")
    return " ".join(parts)


PHRASE = {REPRODUCED: "hold on every device and condition judged",
          HOLDS_WHERE_DECIDED: "hold wherever decided and stay open elsewhere",
          DEVICE_DEPENDENT: "hold on one device and fail on another",
          NOT_REPRODUCED: "fail wherever decided",
          OPEN: "stay inconclusive everywhere"}


def totals_sentence(total: dict, claims: int) -> str:
    """The ledger in one sentence, every category with its count (categories with none left out)."""
    parts = [f"{total[k]} {PHRASE[k]}" for k in CATEGORIES if total[k]]
    return f"Of the {claims} claims, " + R.join_and(parts) + "."


def write(out: Path, studies: list[C.Study]) -> None:
    out = Path(out)
    table = rows(out, studies)
    R.write_text(out / "study_summary.tex", tex(table))
    R.write_text(out / "study_summary.md", markdown(table))
    R.write_text(out / "study_summary_macros.tex", macros(table))
