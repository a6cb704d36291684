"""Shared fixtures of the analysis tests: paths, and the analysis modules importable by name."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree
ANALYSIS = Path(__file__).resolve().parents[1]
REPO = ANALYSIS.parents[1]
RESULTS = REPO / "experiments" / "results"
SCHEMAS = REPO / "experiments" / "schemas"
sys.path.insert(0, str(ANALYSIS))


@pytest.fixture
def results_dir() -> Path:
    return RESULTS


@pytest.fixture(scope="session")
def generated(tmp_path_factory) -> Path:
    """make_all run once on the committed results: every summary, table, macro file and figure."""
    pytest.importorskip("matplotlib", reason="python3-matplotlib is not installed")
    import make_all
    out = tmp_path_factory.mktemp("generated")
    # The committed results span two commits (docs/reproducing.md, "Which commit"): allowed, as make figures
    # is told with ALLOW_MIXED_COMMITS=1; the refusal itself is tested in test_make_all.py.
    assert make_all.main(["--results", str(RESULTS), "--out", str(out), "--allow-mixed-commits"]) == 0
    return out


def load_json(path: Path) -> dict:
    import json
    return json.loads(Path(path).read_text(encoding="utf-8"))


def stats(median: float, low: float, high: float, n: int = 10) -> dict:
    """A statistics block with the given median and 95 % interval (quartiles at the interval)."""
    return {"median": median, "q1": low, "q3": high, "ci95_low": low, "ci95_high": high,
            "min": low, "max": high, "n": n}
