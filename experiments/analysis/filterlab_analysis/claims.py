"""The claims ledger: what the reproduced articles concluded, checked per device on our results.

Generic and shared by every study. A study's module (e.g. scharr_gradient_variants.py)
defines its Claim records, each with a check function, and evaluates them per device and
condition (e.g. storage "images" / "buffer") with `evaluate_study` in its Study's claims() step;
study.Study.run saves the outcome as <experiment>_claims.json in the output directory and
saved_claims(out_dir) loads it back. make_all.py collects the studies of every experiment it ran and calls `write_ledger`,
which writes
    claims_ledger.tex          table: rows = claims, columns = devices, cells = verdicts
    claims_ledger_details.tex  per device: the numbers behind each verdict
    claims_ledger.md           Markdown: per claim, per device and condition, verdict and numbers
(update_docs.py copies claims_ledger.md to docs/generated/claims-ledger.md.)

Verdicts. "A faster than B" compares the confidence intervals of the two medians (order
statistics of nominal level 95 %, whose exact coverage intervals.py states): it holds
if A's interval lies entirely below B's, fails if it lies entirely above, and is inconclusive if
they overlap. A claim made of several parts (sizes, pairs) holds if every part holds, fails if
any part fails, and is otherwise inconclusive; "no data" where a part's rows are missing and
nothing else decides. Only the Python standard library is used here.

The written method. Every claim's method (quantity, statistic and interval, baseline, threshold,
and when it holds, fails or is inconclusive) is written once, in claims_spec.toml beside this
file; `claims_spec()` reads it and a Claim defined without a `check` text takes the one composed
from its entry (`spec_check`). tests/test_claims_spec.py keeps the file and the study modules'
claims one to one.
"""

from __future__ import annotations

import functools
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from . import results as R
from . import tex_layout as T

HOLDS, FAILS, INCONCLUSIVE, NO_DATA = "holds", "fails", "inconclusive", "no data"
VERDICTS = (HOLDS, FAILS, INCONCLUSIVE, NO_DATA)
SCHEMA = "filterlab.claims/1"

# Compact symbols for the LaTeX table (\ding needs \usepackage{pifont}); explained in its caption.
TEX_SYMBOL = {HOLDS: r"\ding{51}", FAILS: r"\ding{55}", INCONCLUSIVE: "?", NO_DATA: "--"}
TEX_WORD = {HOLDS: "holds", FAILS: r"\textbf{fails}", INCONCLUSIVE: r"\textit{inconclusive}",
            NO_DATA: "no data"}
MD_WORD = {HOLDS: "holds", FAILS: "**fails**", INCONCLUSIVE: "*inconclusive*", NO_DATA: "no data"}


class ClaimError(Exception):
    """A claims file that cannot be used, or a study defined inconsistently."""


# ---------------------------------------------------------------------------------------------
# records


@dataclass(frozen=True)
class Part:
    """The verdict of one check (or of a whole claim) and the numbers behind it."""
    verdict: str
    detail: str

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"unknown verdict '{self.verdict}'")


@dataclass(frozen=True)
class Claim:
    """One conclusion of an article.

    id      e.g. "S1.C1" (study id, dot, claim number)
    study   e.g. "S1"
    short   a few words for the table, e.g. "local memory pays from 5x5 up"
    text    the article's own words
    check   how FilterLab checks it, in words; left out (""), it is composed from the claim's
            entry in claims_spec.toml (spec_check), and stays "" where the file has none
    evaluate(context) -> Part, context being whatever the study passes per device and condition
    """
    id: str
    study: str
    short: str
    text: str
    check: str = ""
    evaluate: Callable[[Any], Part] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.check:
            object.__setattr__(self, "check", spec_check(self.id))


@dataclass(frozen=True)
class Device:
    slug: str
    name: str   # the device name, as in the result files
    note: str   # e.g. "pyramid at 1/4 scale", or ""


@dataclass
class Study:
    """A study's claims evaluated on its devices: outcomes[claim_id][device_slug][condition]."""
    id: str                 # "S1"
    title: str              # the article's title
    experiment: str         # the experiment whose results were used
    conditions: list[str]   # e.g. ["images", "buffer"], the order of the verdicts in a cell
    condition_labels: dict[str, str]
    devices: list[Device]
    claims: list[Claim]
    outcomes: dict[str, dict[str, dict[str, Part]]]

    def outcome(self, claim_id: str, slug: str, condition: str) -> Part | None:
        return self.outcomes.get(claim_id, {}).get(slug, {}).get(condition)

    def counts(self, slug: str, condition: str) -> dict[str, list[str]]:
        """verdict -> ids of the claims with that verdict, for one device and condition."""
        out: dict[str, list[str]] = {v: [] for v in VERDICTS}
        for c in self.claims:
            part = self.outcome(c.id, slug, condition)
            out[part.verdict if part else NO_DATA].append(c.id)
        return out

    # -- serialisation ------------------------------------------------------------------------

    def to_json(self) -> dict:
        return {
            "schema": SCHEMA,
            "study": {"id": self.id, "title": self.title, "experiment": self.experiment},
            "conditions": list(self.conditions),
            "condition_labels": dict(self.condition_labels),
            "devices": [{"slug": d.slug, "name": d.name, "note": d.note} for d in self.devices],
            "claims": [{
                "id": c.id, "study": c.study, "short": c.short, "text": c.text, "check": c.check,
                "outcomes": {
                    d.slug: {cond: {"verdict": p.verdict, "detail": p.detail}
                             for cond in self.conditions
                             if (p := self.outcome(c.id, d.slug, cond)) is not None}
                    for d in self.devices},
            } for c in self.claims],
        }

    @staticmethod
    def from_json(data: Any, path: Path) -> "Study":
        def need(obj: Any, key: str, kind: type, where: str) -> Any:
            if not isinstance(obj, dict) or key not in obj:
                raise ClaimError(f"{path}: missing key '{where}{key}'")
            if not isinstance(obj[key], kind):
                raise ClaimError(f"{path}: key '{where}{key}' must be a {kind.__name__}")
            return obj[key]

        if need(data, "schema", str, "") != SCHEMA:
            raise ClaimError(f"{path}: schema is '{data['schema']}', expected '{SCHEMA}'")
        st = need(data, "study", dict, "")
        conditions = need(data, "conditions", list, "")
        labels = need(data, "condition_labels", dict, "")
        devices = [Device(slug=need(d, "slug", str, f"devices[{i}]."),
                          name=need(d, "name", str, f"devices[{i}]."),
                          note=need(d, "note", str, f"devices[{i}]."))
                   for i, d in enumerate(need(data, "devices", list, ""))]
        claims, outcomes = [], {}
        for i, c in enumerate(need(data, "claims", list, "")):
            w = f"claims[{i}]."
            claim = Claim(id=need(c, "id", str, w), study=need(c, "study", str, w),
                          short=need(c, "short", str, w), text=need(c, "text", str, w),
                          check=need(c, "check", str, w))
            claims.append(claim)
            outcomes[claim.id] = {}
            for slug, per_cond in need(c, "outcomes", dict, w).items():
                outcomes[claim.id][slug] = {}
                for cond, p in per_cond.items():
                    ww = f"{w}outcomes.{slug}.{cond}."
                    verdict = need(p, "verdict", str, ww)
                    if verdict not in VERDICTS:
                        raise ClaimError(f"{path}: key '{ww}verdict' is '{verdict}', expected "
                                         f"one of {', '.join(VERDICTS)}")
                    outcomes[claim.id][slug][cond] = Part(verdict, need(p, "detail", str, ww))
        return Study(id=need(st, "id", str, "study."), title=need(st, "title", str, "study."),
                     experiment=need(st, "experiment", str, "study."), conditions=conditions,
                     condition_labels=labels, devices=devices, claims=claims, outcomes=outcomes)


def save_study(study: Study, path: Path) -> None:
    R.write_text(path, json.dumps(study.to_json(), indent=1) + "\n")


def load_study(path: Path) -> Study:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ClaimError(f"{path}: cannot read ({e.strerror})") from e
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ClaimError(f"{path}: not valid JSON ({e})") from e
    return Study.from_json(data, path)


# ---------------------------------------------------------------------------------------------
# the claims specification (claims_spec.toml): the written method of every claim

SPEC_PATH = Path(__file__).resolve().parent / "claims_spec.toml"
# Every entry has these fields, non-empty; the order is the order of the composed text.
SPEC_FIELDS = ("quantity", "statistic", "baseline", "threshold", "holds", "fails", "inconclusive")
SPEC_OPTIONAL = ("no_data",)
# "inconclusive" is written to follow the word "inconclusive" in the composed text.
INCONCLUSIVE_OPENINGS = ("otherwise", "if ", "when ", "never")


@functools.lru_cache(maxsize=None)
def claims_spec(path: Path = SPEC_PATH) -> dict[str, dict[str, str]]:
    """claim id -> {field: text}, read once from claims_spec.toml. Raises ClaimError where the
    file cannot be read or parsed, an entry is not a table, or a field is unknown or not a string
    (which fields an entry lacks is for spec_problems to say). Callers must not modify the
    result (it is cached)."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ClaimError(f"{path}: cannot read ({e.strerror})") from e
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ClaimError(f"{path}: not valid TOML ({e})") from e
    known = SPEC_FIELDS + SPEC_OPTIONAL
    for cid, entry in data.items():
        nested = [k for k, v in entry.items() if isinstance(v, dict)] if isinstance(entry, dict) else []
        if nested:
            raise ClaimError(f"{path}: write the table of claim {cid}.{nested[0]} as "
                             f"[\"{cid}.{nested[0]}\"]: unquoted, the dot makes nested tables")
        if not isinstance(entry, dict):
            raise ClaimError(f"{path}: '{cid}' must be a table of fields ([\"{cid}\"])")
        for key, value in entry.items():
            if key not in known:
                raise ClaimError(f"{path}: [\"{cid}\"] has an unknown field '{key}' (fields: "
                                 f"{', '.join(known)})")
            if not isinstance(value, str):
                raise ClaimError(f"{path}: [\"{cid}\"].{key} must be a string")
    return data


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if text.endswith((".", "!", "?")) else text + "."


def _clause(text: str) -> str:
    return " ".join(text.split()).rstrip(".")


def compose_check(entry: Mapping[str, str]) -> str:
    """The method as one text, the fields in a fixed order:
    "Quantity: ... Statistic: ... Baseline: ... Threshold: ... Holds if ...; fails if ...;
    inconclusive .... No data if ...." (the last sentence only where the entry has no_data)."""
    head = " ".join(f"{name.capitalize()}: {_sentence(entry[name])}"
                    for name in ("quantity", "statistic", "baseline", "threshold"))
    rule = (f"Holds if {_clause(entry['holds'])}; fails if {_clause(entry['fails'])}; "
            f"inconclusive {_clause(entry['inconclusive'])}.")
    out = f"{head} {rule}"
    if entry.get("no_data", "").strip():
        out += f" No data if {_clause(entry['no_data'])}."
    return out


def decision_rule(entry: Mapping[str, str]) -> str:
    """The short form (the LaTeX ledger's): "Holds if ...; fails if ...; inconclusive ..."."""
    return (f"Holds if {_clause(entry['holds'])}; fails if {_clause(entry['fails'])}; "
            f"inconclusive {_clause(entry['inconclusive'])}.")


def spec_check(claim_id: str) -> str:
    """The composed method of a claim, or "" where claims_spec.toml has no complete entry for it
    (tests/test_claims_spec.py says which id lacks what)."""
    entry = claims_spec().get(claim_id)
    if entry is None or any(not entry.get(f, "").strip() for f in SPEC_FIELDS):
        return ""
    return compose_check(entry)


def spec_problems(defined: Iterable[str], spec: Mapping[str, Mapping[str, str]] | None = None
                  ) -> list[str]:
    """What keeps the specification and the defined claims (their ids) from being one to one:
    a claim without an entry, an entry without some field (or with it empty, or with an
    "inconclusive" that does not read after the word), an entry of no defined claim."""
    spec = claims_spec() if spec is None else spec
    defined = list(dict.fromkeys(defined))
    problems = []
    for cid in defined:
        entry = spec.get(cid)
        if entry is None:
            problems.append(f"{cid}: no entry in {SPEC_PATH.name}; add [\"{cid}\"] with "
                            f"{', '.join(SPEC_FIELDS)} written from its evaluate function")
            continue
        lacking = [f for f in SPEC_FIELDS if not str(entry.get(f, "")).strip()]
        if lacking:
            problems.append(f"{cid}: its entry in {SPEC_PATH.name} lacks {', '.join(lacking)} "
                            f"(missing or empty)")
        inc = str(entry.get("inconclusive", "")).strip()
        if inc and not inc.lower().startswith(INCONCLUSIVE_OPENINGS):
            problems.append(f"{cid}: 'inconclusive' must read after the word \"inconclusive\": "
                            f"start it with one of {', '.join(repr(o) for o in INCONCLUSIVE_OPENINGS)}")
    for cid in spec:
        if cid not in defined:
            problems.append(f"{cid}: an entry in {SPEC_PATH.name} of no claim the study modules "
                            f"define (a typo, or a claim removed from the code)")
    return problems


# ---------------------------------------------------------------------------------------------
# verdict helpers


def _stat(s: Any, key: str) -> float:
    """A statistic from a Stats-like object or a mapping ('median', 'ci95_low', 'ci95_high')."""
    return float(s[key] if isinstance(s, Mapping) else getattr(s, key))


def _ms(x: float) -> str:
    return R.fmt_ms(x)


def _label(label: str) -> str:
    return f"{label}: " if label else ""


def faster(a: Any, b: Any, label: str = "", unit: str = "ms") -> Part:
    """"A faster than B" from the confidence intervals of the medians (None: no data).
    The detail reads "label: <A's median> vs <B's median> ms"."""
    if a is None or b is None:
        return Part(NO_DATA, f"{_label(label)}no data")
    detail = f"{_label(label)}{_ms(_stat(a, 'median'))} vs {_ms(_stat(b, 'median'))} {unit}"
    if _stat(a, "ci95_high") < _stat(b, "ci95_low"):
        return Part(HOLDS, detail)
    if _stat(a, "ci95_low") > _stat(b, "ci95_high"):
        return Part(FAILS, detail)
    return Part(INCONCLUSIVE, detail)


def slower(a: Any, b: Any, label: str = "", unit: str = "ms") -> Part:
    """"A slower than B" (= B faster than A); the detail still names A first."""
    if a is None or b is None:
        return Part(NO_DATA, f"{_label(label)}no data")
    return Part(faster(b, a).verdict,
                f"{_label(label)}{_ms(_stat(a, 'median'))} vs {_ms(_stat(b, 'median'))} {unit}")


def not_clearly(part: Part) -> Part:
    """"Not clearly X": holds unless X holds (then fails). No data stays no data."""
    if part.verdict == NO_DATA:
        return part
    return Part(FAILS if part.verdict == HOLDS else HOLDS, part.detail)


def combine(parts: Iterable[Part], sep: str = "; ") -> Part:
    """Holds if every part holds, fails if any fails, inconclusive if any is inconclusive,
    otherwise (some parts without data) no data."""
    parts = list(parts)
    verdicts = {p.verdict for p in parts}
    detail = sep.join(p.detail for p in parts)
    if not parts:
        return Part(NO_DATA, "no data")
    if FAILS in verdicts:
        return Part(FAILS, detail)
    if verdicts == {HOLDS}:
        return Part(HOLDS, detail)
    if INCONCLUSIVE in verdicts:
        return Part(INCONCLUSIVE, detail)
    return Part(NO_DATA, detail)


def combine_every_or_none(parts: Iterable[Part], sep: str = "; ") -> Part:
    """For a claim checked by a yes/no test per part: holds if every part holds, fails if no
    part holds, inconclusive otherwise (some hold, some do not); no data if a part lacks data
    and the others do not already decide (some hold and some fail)."""
    parts = list(parts)
    verdicts = [p.verdict for p in parts]
    detail = sep.join(p.detail for p in parts)
    if not parts:
        return Part(NO_DATA, "no data")
    if HOLDS in verdicts and any(v != HOLDS and v != NO_DATA for v in verdicts):
        return Part(INCONCLUSIVE, detail)
    if NO_DATA in verdicts:
        return Part(NO_DATA, detail)
    if all(v == HOLDS for v in verdicts):
        return Part(HOLDS, detail)
    if all(v == FAILS for v in verdicts):
        return Part(FAILS, detail)
    return Part(INCONCLUSIVE, detail)


def nearly_constant(stats: Mapping[str, Any], threshold: float, unit: str = "ms") -> Part:
    """"Nearly independent of X" over labelled medians (label -> stats): holds if the largest
    upper CI bound over the smallest lower bound is <= threshold (even the extreme ratio the
    intervals allow is small), fails if the largest lower bound over the smallest upper bound
    exceeds it (even the mildest ratio is large), inconclusive otherwise."""
    if not stats or any(s is None for s in stats.values()):
        missing = ", ".join(k for k, s in stats.items() if s is None)
        return Part(NO_DATA, f"no data for {missing}" if missing else "no data")
    hi = max(_stat(s, "ci95_high") for s in stats.values()) / min(
        _stat(s, "ci95_low") for s in stats.values())
    lo = max(_stat(s, "ci95_low") for s in stats.values()) / min(
        _stat(s, "ci95_high") for s in stats.values())
    meds = ", ".join(f"{k}: {_ms(_stat(s, 'median'))}" for k, s in stats.items())
    detail = f"{meds} {unit}; max/min ratio between {lo:.2f} and {hi:.2f} (threshold {threshold:g})"
    if hi <= threshold:
        return Part(HOLDS, detail)
    if lo > threshold:
        return Part(FAILS, detail)
    return Part(INCONCLUSIVE, detail)


def evaluate_study(*, id: str, title: str, experiment: str, conditions: list[str],
                   condition_labels: dict[str, str], devices: list[Device], claims: list[Claim],
                   context: Callable[[str, str], Any]) -> Study:
    """Runs every claim's check for every device and condition. context(slug, condition) gives
    the object the checks receive."""
    ids = [c.id for c in claims]
    if len(set(ids)) != len(ids):
        raise ClaimError(f"study {id}: duplicate claim ids")
    for c in claims:
        if c.study != id or not c.id.startswith(id + "."):
            raise ClaimError(f"study {id}: claim '{c.id}' belongs to study '{c.study}'")
        if c.evaluate is None:
            raise ClaimError(f"study {id}: claim '{c.id}' has no check")
    outcomes: dict[str, dict[str, dict[str, Part]]] = {c.id: {} for c in claims}
    for d in devices:
        for cond in conditions:
            ctx = context(d.slug, cond)
            for c in claims:
                outcomes[c.id].setdefault(d.slug, {})[cond] = c.evaluate(ctx)
    return Study(id=id, title=title, experiment=experiment, conditions=list(conditions),
                 condition_labels=dict(condition_labels), devices=list(devices),
                 claims=list(claims), outcomes=outcomes)


# ---------------------------------------------------------------------------------------------
# renderers


def _study_key(s: Study) -> tuple:
    m = re.fullmatch(r"[A-Za-z]*(\d+)", s.id)
    return (int(m.group(1)) if m else 1 << 30, s.id)


def _all_devices(studies: list[Study]) -> list[Device]:
    """Every device of every study, once, in order of first appearance; notes merged."""
    seen: dict[str, Device] = {}
    for s in studies:
        for d in s.devices:
            if d.slug not in seen:
                seen[d.slug] = d
            elif d.note and d.note not in seen[d.slug].note:
                old = seen[d.slug]
                note = f"{old.note}; {d.note}" if old.note else d.note
                seen[d.slug] = Device(old.slug, old.name, note)
    return list(seen.values())


def _device_headers(devices: list[Device]) -> dict[str, str]:
    """slug -> header text: the name, plus the slug where two devices share a name."""
    names = [d.name for d in devices]
    return {d.slug: d.name if names.count(d.name) == 1 else f"{d.name} ({d.slug})"
            for d in devices}


def _study_no(s: Study) -> str:
    """'1' for study 'S1'."""
    return s.id[1:] if s.id[:1] == "S" and s.id[1:].isdigit() else s.id


def _claim_no(claim_id: str) -> str:
    return claim_id.split(".", 1)[1] if "." in claim_id else claim_id


def tex_text(text: str) -> str:
    """Escapes text for LaTeX and typesets "5x5" as a product and a few symbols."""
    out = R.latex_escape(text)
    out = re.sub(r"(\d+)x(\d+)", r"$\1\\times\2$", out)
    return (out.replace("≥", r"$\geq$").replace("≤", r"$\leq$").replace("≈", r"$\approx$")
            .replace("×", r"$\times$"))


def ledger_tex(studies: list[Study]) -> str:
    """The ledger as a longtable (it breaks across pages, so no row is lost): rows = claims,
    columns = devices. The caption and label are written by the paper (\\LedgerCaption)."""
    studies = sorted(studies, key=_study_key)
    devices = _all_devices(studies)
    heads = _device_headers(devices)
    e = R.latex_escape
    n = len(devices)
    if not studies or not devices:
        return ("% Generated by experiments/analysis/filterlab_analysis/claims.py (make_all.py); do not edit.\n"
                "No claims were evaluated (no study with claims has results).\n")
    # Claim text gets what the device columns leave; each device column the same width.
    device_width = 0.50 / max(n, 1)
    spec = (rf"@{{}}l>{{\raggedright\arraybackslash}}p{{0.30\linewidth}}"
            rf"*{{{n}}}{{>{{\centering\arraybackslash}}p{{{device_width:.3f}\linewidth}}}}@{{}}")
    head = ["", "Claim"] + [
        r"\raggedright\arraybackslash " + e(T.short_device(heads[d.slug]))
        + (rf"\newline{{\scriptsize ({e(d.note)})}}" if d.note else "") for d in devices]
    lines = ["% Generated by experiments/analysis/filterlab_analysis/claims.py (make_all.py) from the raw results; "
             "do not edit. Needs booktabs, array, longtable, pifont; the paper defines "
             r"\LedgerCaption (caption and label).",
             rf"\begin{{longtable}}{{{spec}}}",
             r"\LedgerCaption\\", r"\toprule", " & ".join(head) + r" \\", r"\midrule",
             r"\endfirsthead",
             rf"\multicolumn{{{n + 2}}}{{@{{}}l}}{{\textit{{Claims ledger, continued}}}}\\",
             r"\toprule", " & ".join(head) + r" \\", r"\midrule", r"\endhead",
             r"\bottomrule", r"\endfoot"]
    for index, s in enumerate(studies):
        conds = " / ".join(e(s.condition_labels.get(c, c)) for c in s.conditions)
        if index:
            lines.append(r"\midrule")
        lines.append(rf"\multicolumn{{{n + 2}}}{{@{{}}>{{\raggedright\arraybackslash}}"
                     rf"p{{\linewidth}}@{{}}}}{{\textit{{Study {e(_study_no(s))}: {e(s.title)}}} "
                     rf"(cells: {conds})}} \\*")
        for c in s.claims:
            cells = [e(_claim_no(c.id)), tex_text(c.short)]
            for d in devices:
                if d.slug not in {x.slug for x in s.devices}:
                    cells.append("n.m.")  # not measured (the paper's caption says so)
                    continue
                cells.append(" / ".join(
                    TEX_SYMBOL[(p.verdict if (p := s.outcome(c.id, d.slug, cond)) else NO_DATA)]
                    for cond in s.conditions))
            lines.append(" & ".join(cells) + r" \\")
    lines += [r"\end{longtable}", ""]
    lines += method_tex(studies)
    return "\n".join(lines)


def _method_parts(c: Claim) -> tuple[str, str]:
    """(baseline, decision rule) of a claim, from claims_spec.toml; where the file has no complete
    entry (a claims file of other code), ("", the claim's check text)."""
    entry = claims_spec().get(c.id)
    if entry is None or any(not entry.get(f, "").strip() for f in SPEC_FIELDS):
        return "", c.check
    return _clause(entry["baseline"]), decision_rule(entry)


def _tex_quoted(text: str) -> str:
    """tex_text, with "quoted words" typeset with LaTeX's opening and closing quotes."""
    return re.sub(r'"([^"]*)"', r"``\1''", tex_text(text))


def method_tex(studies: list[Study]) -> list[str]:
    """Lines of a second longtable: per claim its baseline and its decision rule (the short form
    of its written method; the Markdown ledger has the whole method)."""
    e = R.latex_escape
    spec = (r"@{}l>{\raggedright\arraybackslash}p{0.28\linewidth}"
            r">{\raggedright\arraybackslash}p{0.62\linewidth}@{}")
    head = r"Claim & Compared with & Verdict rule \\"
    lines = [r"\setlength{\LTcapwidth}{\linewidth}",  # the caption's long path breaks badly in 4in
             rf"\begin{{longtable}}{{{spec}}}",
             r"\caption{Claims ledger: the written method of each claim "
             r"(\texttt{experiments/\allowbreak{}analysis/\allowbreak{}filterlab\_analysis/\allowbreak{}claims\_spec.toml}, "
             r"which the analysis reads): what "
             r"it is compared with and when it holds, fails or is inconclusive. Timing intervals "
             r"are the 95\,\% order-statistic intervals of the medians; ``lies below'' means "
             r"entirely below. The quantity, statistic and threshold of each claim are in the "
             r"Markdown ledger.}\label{tab:claims-method}\\",
             r"\toprule", head, r"\midrule", r"\endfirsthead",
             r"\multicolumn{3}{@{}l}{\textit{Claims ledger: the written method, continued}}\\",
             r"\toprule", head, r"\midrule", r"\endhead",
             r"\bottomrule", r"\endfoot"]
    for index, s in enumerate(studies):
        if index:
            lines.append(r"\midrule")
        for c in s.claims:
            baseline, rule = _method_parts(c)
            lines.append(" & ".join([e(c.id), _tex_quoted(baseline), _tex_quoted(rule)]) + r" \\")
    lines += [r"\end{longtable}", ""]
    return lines


def ledger_details_tex(studies: list[Study]) -> str:
    """Per device, one longtable with a row per claim and condition the claim's study has: the
    verdict and the numbers behind it (conditions of other studies would only be empty cells)."""
    studies = sorted(studies, key=_study_key)
    devices = _all_devices(studies)
    heads = _device_headers(devices)
    e = R.latex_escape
    lines = ["% Generated by experiments/analysis/filterlab_analysis/claims.py (make_all.py) from the raw results; "
             "do not edit. Needs booktabs, array, longtable."]
    spec = (r"@{}l>{\raggedright\arraybackslash}p{0.16\linewidth}l"
            r">{\raggedright\arraybackslash}p{0.56\linewidth}@{}")
    head = r"Claim & Condition & Verdict & Numbers behind it \\"
    for d in devices:
        mine = [s for s in studies if d.slug in {x.slug for x in s.devices}]
        note = f" ({e(d.note)})" if d.note else ""
        lines += [r"{\scriptsize", rf"\begin{{longtable}}{{{spec}}}",
                  rf"\caption{{Claims ledger, {e(heads[d.slug])}{note}: the verdict of each "
                  r"claim and the numbers behind it (timings: medians, sizes as k3 to k9 for "
                  r"$3\times3$ to $9\times9$; timing verdicts compare the confidence "
                  r"intervals of the medians described in Section~\ref{sec:claims}; other "
                  r"claims are checked as stated in the text).}"
                  rf"\label{{tab:claims-details-{d.slug}}}\\",
                  r"\toprule", head, r"\midrule", r"\endfirsthead",
                  rf"\multicolumn{{4}}{{@{{}}l}}{{\textit{{Claims ledger, {e(heads[d.slug])}, "
                  r"continued}}\\", r"\toprule", head, r"\midrule", r"\endhead",
                  r"\bottomrule", r"\endfoot"]
        for index, s in enumerate(mine):
            if index:
                lines.append(r"\midrule")
            for c in s.claims:
                for cond in s.conditions:
                    p = s.outcome(c.id, d.slug, cond)
                    verdict = TEX_WORD[p.verdict if p else NO_DATA]
                    detail = tex_text(p.detail) if p else ""
                    lines.append(" & ".join([e(c.id), e(s.condition_labels.get(cond, cond)),
                                             verdict, detail]) + r" \\")
        lines += [r"\end{longtable}", r"}", ""]
    return "\n".join(lines)


NO_METHOD = "not written: experiments/analysis/filterlab_analysis/claims_spec.toml has no complete entry for this claim."


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def ledger_markdown(studies: list[Study]) -> str:
    studies = sorted(studies, key=_study_key)
    devices = _all_devices(studies)
    heads = _device_headers(devices)
    out = ["Each claim of a reproduced article, checked per device on the committed raw results "
           "(and, where a study judges an article's published data, on those: devices marked "
           "\"(article)\"). Timing claims: \"A faster than B\" holds if the confidence "
           "interval of A's median (two order statistics, nominal level 95 %; its exact coverage "
           "for each sample size is in intervals.md) lies entirely below B's, fails if it lies entirely above, and "
           "is inconclusive if they overlap; a claim over several sizes or pairs holds if every "
           "part holds and fails if any part fails. Numbers are medians (k3 to k9: filter sizes "
           "3x3 to 9x9). Each claim's \"Method\" is its written method from "
           "experiments/analysis/filterlab_analysis/claims_spec.toml: the quantity, the statistic and its interval, "
           "the baseline and how it is chosen, the threshold, and when the verdict holds, fails "
           "or is inconclusive.",
           ""]
    for s in studies:
        conds = [s.condition_labels.get(c, c) for c in s.conditions]
        devs = [d for d in devices if d.slug in {x.slug for x in s.devices}]
        out += [f"### Study {_study_no(s)}: {s.title}", "",
                f"Experiment `{s.experiment}`; each cell: {' / '.join(conds)}.", ""]
        notes = {x.slug: x.note for x in s.devices}  # this study's note, not another study's
        head = ["claim"] + [_md(heads[d.slug] + (f" ({notes[d.slug]})" if notes[d.slug] else ""))
                            for d in devs]
        out += ["| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in head) + " |"]
        for c in s.claims:
            cells = [f"{c.id} {_md(c.short)}"]
            for d in devs:
                cells.append(" / ".join(
                    MD_WORD[p.verdict if (p := s.outcome(c.id, d.slug, cond)) else NO_DATA]
                    for cond in s.conditions))
            out.append("| " + " | ".join(cells) + " |")
        out.append("")
        for c in s.claims:
            out += [f"#### {c.id}: {c.short}", "", f"Article: \"{c.text}\"", "",
                    f"Method: {c.check or NO_METHOD}", "",
                    "| device | " + " | ".join(conds) + " |",
                    "| --- | " + " | ".join("---" for _ in conds) + " |"]
            for d in devs:
                cells = [_md(heads[d.slug])]
                for cond in s.conditions:
                    p = s.outcome(c.id, d.slug, cond)
                    cells.append("no data" if p is None else
                                 f"{MD_WORD[p.verdict]}: {_md(p.detail)}")
                out.append("| " + " | ".join(cells) + " |")
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


LEDGER_FILES = ("claims_ledger.tex", "claims_ledger_details.tex", "claims_ledger.md")


def write_ledger(out: Path, studies: list[Study]) -> None:
    """Writes the three ledger files for all studies into out."""
    out = Path(out)
    ids = [s.id for s in studies]
    if len(set(ids)) != len(ids):
        raise ClaimError(f"two experiments report claims of the same study: {sorted(ids)}")
    R.write_text(out / "claims_ledger.tex", ledger_tex(studies))
    R.write_text(out / "claims_ledger_details.tex", ledger_details_tex(studies))
    R.write_text(out / "claims_ledger.md", ledger_markdown(studies))
