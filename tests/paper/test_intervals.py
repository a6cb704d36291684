"""The paper states the method and exact coverage of the results' confidence intervals of the
median (experiments/analysis/filterlab_analysis/intervals.py); check that the description matches what the results
hold: their ci95 ends are the order statistics at the ranks the module gives."""

import json
from pathlib import Path

from filterlab_analysis import intervals

ROOT = Path(__file__).resolve().parents[2]


def test_ten_samples_give_min_to_max_with_its_true_coverage():
    assert intervals.ranks(10) == (1, 10)
    assert abs(intervals.coverage(10) - (1 - 2 / 2 ** 10)) < 1e-12


def test_recorded_intervals_are_the_stated_order_statistics():
    checked = 0
    for path in sorted((ROOT / "experiments" / "results").glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for row in data.get("rows", [])[:20]:
            samples, stats = row.get("samples_kernel_ms"), row.get("kernel_ms")
            if not samples or not isinstance(stats, dict) or "ci95_low" not in stats:
                continue
            ordered = sorted(samples)
            lo, hi = intervals.ranks(len(ordered))
            assert stats["ci95_low"] == ordered[lo - 1], (path, row.get("id"))
            assert stats["ci95_high"] == ordered[hi - 1], (path, row.get("id"))
            checked += 1
    assert checked > 0
