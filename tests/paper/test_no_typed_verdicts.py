"""No hand-written sentence states a claim's verdict: verdicts come from the claims ledger.

The ledger (experiments/analysis/filterlab_analysis/claims.py) judges every claim per device; the paper takes its
verdict sentences from generated macros (\\Summary<Study>Verdicts, \\SummarySentence) and the
docs link to docs/generated/. A verdict typed into the paper, the README or a study page goes
stale the moment a result or a method changes, and reviewers found four that contradicted the
ledger. This test reads the hand-written text (generated blocks, code, comments and the
bibliography left out) sentence by sentence and fails on one that
  - names a claim (S4.C2, C3, "S2.C1 to S2.C7") and says it holds, fails, is (not) reproduced,
    carries over or stays open; or
  - says that claims hold, fail or reproduce on every device, on none, or wherever decided.
Describing a method ("holds if the interval lies below 4") is not a verdict: conditional
sentences (if, where, when, unless, whether) pass."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", ROOT / "paper" / "filterlab.tex", *sorted((ROOT / "docs" / "studies").glob("*.md")),
         ROOT / "docs" / "peers.md"]

CLAIM_ID = re.compile(r"\bS\d\.C\d+\b|\bclaims? C\d+\b|\bC\d+\b(?=[^a-z]*(?:holds|fails))")
VERDICT = re.compile(r"\b(?:holds?|fails?|failed|held|(?:not )?reproduced?|reproduces|carr(?:y|ies) over|"
                     r"stays? open|inconclusive|does not hold|do not hold)\b", re.I)
QUANTIFIED = re.compile(r"\b(?:claims?|conclusions?)\b.*\b(?:holds?|fails?|reproduced?|carr(?:y|ies) over)\b.*"
                        r"\b(?:every device|all (?:our )?devices|any (?:of our )?devices?|no device|wherever|on none)\b"
                        r"|\b(?:none|all|every one) of (?:the|its|Study \d's)\b[^.]*\bclaims?\b[^.]*\b(?:holds?|fails?)\b", re.I)
CONDITIONAL = re.compile(r"\b(?:if|where|when|unless|whether|until)\b", re.I)


def _text(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"<!-- [\w-]+:begin -->.*?<!-- [\w-]+:end -->", " ", text, flags=re.S)  # generated blocks
    text = re.sub(r"```.*?```", " ", text, flags=re.S)
    text = re.sub(r"\*\*[^*\n]+\.\*\*", " ", text)  # bold run-in headings are labels, not sentences
    if path.suffix == ".tex":
        text = re.sub(r"(?<!\\)%.*", "", text)  # comments
        text = re.sub(r"\\begin\{thebibliography\}.*?\\end\{thebibliography\}", " ", text, flags=re.S)
        text = re.sub(r"\\newcommand\{\\[A-Za-z]+\}\{\\caption", r"\\caption", text)
    return text


def _sentences(text: str):
    flat = re.sub(r"\s+", " ", text)
    for s in re.split(r"(?<=[.;:!?])\s+(?=[A-Z\\(*`#|-])", flat):
        yield s.strip()


def typed_verdicts(text: str) -> list[str]:
    out = []
    for s in _sentences(text):
        if CONDITIONAL.search(s):
            continue
        if (CLAIM_ID.search(s) and VERDICT.search(s)) or QUANTIFIED.search(s):
            out.append(s)
    return out


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_page_states_no_verdict_by_hand(page: Path):
    found = typed_verdicts(_text(page))
    assert not found, (f"{page.relative_to(ROOT)} states verdicts by hand (take them from the ledger: a generated "
                       "macro in the paper, a link to docs/generated/ in the docs):\n  " + "\n  ".join(found))


@pytest.mark.parametrize("text", [
    "Step 5a is not the fastest step on any of our devices, so S5.C9 fails.",
    "The claims about the work per pixel hold on every device.",
    "None of the storage claims holds on every device.",
    "That the best step differs between devices holds (S5.C10).",
    "S4.C2 is not reproduced on the H200.",
])
def test_a_typed_verdict_is_caught(text):
    assert typed_verdicts(text) == [text]


@pytest.mark.parametrize("text", [
    "S4.C2 holds if even the least favourable ratio reaches 4.",
    "The verdicts of S4.C1 to S4.C3 are in the ledger.",
    "The speed-up is judged against the fastest non-tiled design on each device.",
    "A claim that depends on the device is not a failure of the article.",
])
def test_a_method_or_a_pointer_passes(text):
    assert typed_verdicts(text) == []
