"""Shared fixtures of the analysis tests. The package (filterlab_analysis) and analysis_helpers.py
are importable through the repository's pytest.ini (pythonpath)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from filterlab_analysis.paths import RESULTS

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree


@pytest.fixture
def results_dir() -> Path:
    return RESULTS


@pytest.fixture(scope="session")
def generated(tmp_path_factory) -> Path:
    """make_all run once on the committed results: every summary, table, macro file and figure."""
    pytest.importorskip("matplotlib", reason="python3-matplotlib is not installed")
    from filterlab_analysis import make_all
    out = tmp_path_factory.mktemp("generated")
    # The committed results may span several commits (docs/generated/provenance.md): allowed, as make figures
    # is told with ALLOW_MIXED_COMMITS=1; the refusal itself is tested in test_make_all.py.
    assert make_all.main(["--results", str(RESULTS), "--out", str(out), "--allow-mixed-commits"]) == 0
    return out
