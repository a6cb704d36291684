"""The claims specification (claims_spec.toml) and the claims the study modules define are one to
one: every claim has its written method, every entry its claim, and each Claim's check text is the
one composed from the file, so no module keeps prose of its own.

The defined claims come from the modules themselves: every study of the experiment registry that
judges claims (its Study has a claims step), and every module of filterlab_analysis that defines
study_claims() or STUDY_CLAIMS, gives its claims through study_claims() or STUDY_CLAIMS."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from filterlab_analysis import claims as C
from filterlab_analysis import make_all
from filterlab_analysis.studies import STUDIES

ANALYSIS = Path(C.__file__).resolve().parent
DEFINES = re.compile(r"^(def study_claims\(|STUDY_CLAIMS\s*[:=])", re.MULTILINE)


def _claim_modules() -> dict[str, object]:
    """Module name -> module, for every module that defines or reports claims."""
    names = {e["analysis"] for e in make_all.load_registry()
             if (ANALYSIS / f"{e['analysis']}.py").is_file()}  # a registered module not yet written is the registry test's concern
    names |= {p.stem for p in ANALYSIS.glob("*.py") if DEFINES.search(p.read_text(encoding="utf-8"))}
    modules = {n: importlib.import_module(f"filterlab_analysis.{n}") for n in sorted(names)}
    return {n: m for n, m in modules.items()
            if (n in STUDIES and STUDIES[n].has_claims) or hasattr(m, "study_claims") or hasattr(m, "STUDY_CLAIMS")}


def _module_claims(name: str, module) -> list[C.Claim]:
    if hasattr(module, "study_claims"):
        return list(module.study_claims())
    if hasattr(module, "STUDY_CLAIMS"):
        return list(module.STUDY_CLAIMS)
    raise AssertionError(f"{name}.py reports claims (its Study's claims step) but defines neither study_claims() nor "
                         f"STUDY_CLAIMS, so its claims cannot be checked against claims_spec.toml")


@pytest.fixture(scope="module")
def defined() -> dict[str, C.Claim]:
    out: dict[str, C.Claim] = {}
    for name, module in _claim_modules().items():
        for c in _module_claims(name, module):
            if c.id in out:  # a module may list another's claims (e.g. a study split over modules)
                assert out[c.id] == c, f"claim {c.id} is defined twice, differently ({name}.py)"
            out[c.id] = c
    return out


def test_the_modules_define_the_claims_of_every_study(defined):
    studies = {c.study for c in defined.values()}
    assert {"S1", "S2", "S3", "S4", "S5", "S6"} <= studies, sorted(studies)


def test_every_claim_has_its_written_method_and_every_entry_its_claim(defined):
    problems = C.spec_problems(defined)
    assert not problems, (
        "experiments/analysis/filterlab_analysis/claims_spec.toml and the claims the study modules define are not one to "
        "one (docs/developers/adding-an-experiment.md, \"Claims: write the method first\"):\n  "
        + "\n  ".join(problems))


def test_each_claim_takes_its_check_from_the_spec(defined):
    spec = C.claims_spec()
    wrong = [cid for cid, c in defined.items() if cid in spec and c.check != C.compose_check(spec[cid])]
    assert not wrong, (f"these claims carry a check text of their own; remove it from the module (the "
                       f"method is written in claims_spec.toml only): {', '.join(wrong)}")


def test_the_thresholds_written_are_the_codes():
    """The numbers the spec states are the constants the evaluate functions use."""
    from filterlab_analysis import epsilon
    from filterlab_analysis import imagecl_portability as IP
    from filterlab_analysis import pyramid_storage
    from filterlab_analysis import scharr_gradient_variants as grad
    from filterlab_analysis import tiled
    from filterlab_analysis import tuning
    spec = C.claims_spec()
    paper = json.loads(tiled.PAPER_COUNTS.read_text(encoding="utf-8"))["claims"]
    expect = {
        "S1.C8": [f"{grad.NEARLY_CONSTANT:g}"],
        "S2.C2": [f"{pyramid_storage.BREAKDOWN:g}"],
        "S2.C4": [f"{pyramid_storage.NEGLIGIBLE:.2f}"],
        "S4.C1": [f"{paper['fetch_ratio_vs_naive']:g}", f"{paper['arithmetic_ratio_vs_naive']:g}"],
        "S4.C2": [f"{paper['speedup_vs_twopass'][0]:g}"],
        "S4.C3": [f"{100 * tiled.NONFREE_SHARE_LIMIT:g} %"],
        "S5.C11": [f"{epsilon.ROOF:g}"],
        "S6.C7": [f"{IP.POOR:g}"],
        "S6.C6": [f"{tuning.PAPER_EVALUATIONS * tuning.CHEAP_FRACTION:,.0f}",
                  f"{tuning.PAPER_SECONDS * tuning.CHEAP_FRACTION:,.0f} s",
                  f"{tuning.PAPER_EVALUATIONS * (1 - tuning.CHEAP_FRACTION):,.0f}"],
    }
    for cid, numbers in expect.items():
        for n in numbers:
            assert n in spec[cid]["threshold"], f"{cid}: the code's threshold {n} is not in its spec entry"


def test_spec_problems_name_the_id_and_what_it_lacks():
    full = {f: "x" for f in C.SPEC_FIELDS} | {"inconclusive": "otherwise"}
    spec = {"S9.C1": full, "S9.C2": {**full, "baseline": " ", "fails": ""},
            "S9.C3": {**full, "inconclusive": "maybe"}, "S9.C9": full}
    problems = C.spec_problems(["S9.C1", "S9.C2", "S9.C3", "S9.C4"], spec)
    assert len(problems) == 4, problems
    assert problems[0].startswith("S9.C2: ") and "lacks baseline, fails" in problems[0]
    assert problems[1].startswith("S9.C3: ") and "inconclusive" in problems[1]
    assert problems[2].startswith("S9.C4: no entry")
    assert problems[3].startswith("S9.C9: ") and "of no claim" in problems[3]


def test_compose_check_order_and_rule():
    entry = {"quantity": "Q", "statistic": "S.", "baseline": "B", "threshold": "T", "holds": "h.",
             "fails": "f", "inconclusive": "otherwise", "no_data": "n"}
    assert C.compose_check(entry) == ("Quantity: Q. Statistic: S. Baseline: B. Threshold: T. Holds if h; "
                                      "fails if f; inconclusive otherwise. No data if n.")
    assert C.decision_rule(entry) == "Holds if h; fails if f; inconclusive otherwise."
    assert C.compose_check({**entry, "no_data": ""}).endswith("inconclusive otherwise.")


def test_a_claim_without_check_takes_the_spec_and_one_with_check_keeps_it():
    spec = C.claims_spec()
    c = C.Claim(id="S4.C2", study="S4", short="", text="")
    assert c.check == C.compose_check(spec["S4.C2"])
    assert "fastest non-tiled design" in c.check
    assert C.Claim(id="S4.C2", study="S4", short="", text="", check="kept").check == "kept"
    assert C.Claim(id="S9.C1", study="S9", short="", text="").check == ""


def test_claims_spec_errors(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[S1.C1]\nquantity = \"q\"\n", encoding="utf-8")  # unquoted: nested tables
    with pytest.raises(C.ClaimError, match=r'as \["S1.C1"\]: unquoted'):
        C.claims_spec(bad)
    bad.write_text("[\"S1.C1\"]\nquantitty = \"q\"\n", encoding="utf-8")
    with pytest.raises(C.ClaimError, match="unknown field 'quantitty'"):
        C.claims_spec(bad)
    bad.write_text("[\"S1.C1\"]\nquantity = 3\n", encoding="utf-8")
    with pytest.raises(C.ClaimError, match="must be a string"):
        C.claims_spec(bad)
    bad.write_text("[\"S1.C1\"\n", encoding="utf-8")
    with pytest.raises(C.ClaimError, match="not valid TOML"):
        C.claims_spec(bad)
    with pytest.raises(C.ClaimError, match="cannot read"):
        C.claims_spec(tmp_path / "absent.toml")


def test_ledgers_print_the_method():
    claim = C.Claim(id="S4.C2", study="S4", short="4-5x faster", text="about 4-5 times",
                    evaluate=lambda ctx: C.Part(C.HOLDS, "5.1x"))
    study = C.evaluate_study(id="S4", title="Tiled", experiment="tiled", conditions=["k3"],
                             condition_labels={"k3": "3x3"}, devices=[C.Device("d", "Dev", "")],
                             claims=[claim], context=lambda slug, cond: None)
    md = C.ledger_markdown([study])
    assert f"Method: {claim.check}" in md
    tex = C.ledger_tex([study])
    assert r"\label{tab:claims-method}" in tex
    assert "the least favourable ratio reaches 4" in tex and "fastest non-tiled design" in tex
    orphan = C.Claim(id="S9.C1", study="S9", short="s", text="t", evaluate=lambda ctx: C.Part(C.HOLDS, ""))
    other = C.evaluate_study(id="S9", title="T", experiment="e", conditions=["c"], condition_labels={"c": "c"},
                             devices=[C.Device("d", "Dev", "")], claims=[orphan], context=lambda s, c: None)
    assert "Method: not written" in C.ledger_markdown([other])
