"""Helpers the analysis tests share (conftest.py holds the fixtures): reading a JSON file, and a
statistics block of given median and interval for synthetic results."""

from __future__ import annotations

import json
from pathlib import Path


def load_json(path: Path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def stats(median: float, low: float, high: float, n: int = 10) -> dict:
    """A statistics block with the given median and 95 % interval (quartiles at the interval)."""
    return {"median": median, "q1": low, "q3": high, "ci95_low": low, "ci95_high": high,
            "min": low, "max": high, "n": n}
