"""No number in the paper's hand-written text that no generator wrote (paper/typed_numbers.py):
the paper passes, a planted result is caught, and every allowed phrase still occurs (an
allow-list entry whose text has gone must go too, so the list cannot hide new numbers)."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

spec = importlib.util.spec_from_file_location("typed_numbers", ROOT / "paper" / "typed_numbers.py")
typed_numbers = importlib.util.module_from_spec(spec)
spec.loader.exec_module(typed_numbers)

TEX = (ROOT / "paper" / "filterlab.tex").read_text(encoding="utf-8")


def test_paper_text_has_no_typed_numbers():
    found = typed_numbers.typed_numbers(TEX)
    assert not found, "\n".join(f"line {n}: {t}" for n, t in found)


def test_planted_results_are_caught():
    body = TEX.replace("\\end{document}", "Guided search reached 0.950 of the optimum in three "
                       "runs, 39\\,\\% of the copy and 1,440 configurations.\n\\end{document}")
    found = typed_numbers.typed_numbers(body)
    assert len(found) == 1 and "0.950" in found[0][1] and "1,440" in found[0][1]


def test_sizes_references_and_macros_pass():
    body = ("\\begin{document}\nA $5\\times5$ filter on a $4096^2$ image (Study~4, Table~\\ref{t:2}, "
            "claim S2.C5, Figure~3) takes \\TiledSpeed{} ms~\\cite{amd2}.\n\\end{document}")
    assert typed_numbers.typed_numbers(body) == []


def test_every_allowed_phrase_still_occurs():
    stale = [p for p in {**typed_numbers.DEFINITIONS, **typed_numbers.QUOTED} if p not in TEX]
    assert not stale, f"allow-list phrases no longer in filterlab.tex: {stale}"
