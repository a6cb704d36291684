"""tiled.py: Study 4's least-squares split of free and non-free groups, and its claims."""

import json

import pytest

from filterlab_analysis import claims as C
from filterlab_analysis import tiled as T
from analysis_helpers import load_json
from filterlab_analysis.paths import RESULTS


def test_fit_recovers_exact_coefficients():
    # t = 6 + 2 * free + 5 * nonfree exactly: the intercept is the launch, not the border groups'
    pts = [(f, n, 6 + 2 * f + 5 * n) for f, n in ((10, 1), (20, 3), (7, 9), (1, 1))]
    c, a, b = T._fit_groups(pts)
    assert c == pytest.approx(6.0) and a == pytest.approx(2.0) and b == pytest.approx(5.0)
    assert T._fit_groups([(1, 1, 3), (2, 5, 4)]) is None  # two points cannot fit three unknowns
    assert T._fit_groups([(1, 2, 3), (2, 4, 6), (3, 6, 9)]) is None  # free and nonfree collinear


def _ctx_with(rows: dict, sizes=(1024, 2048)) -> "T._Ctx":
    paper = {"claims": {"speedup_vs_twopass": [4, 5]}}
    return T._Ctx({"rows": rows, "sizes": list(sizes), "counts": {}}, "k3", paper)


def _row(ms: float, groups=None) -> dict:
    return {"kernel_ms": {"median": ms, "ci95_low": ms * 0.99, "ci95_high": ms * 1.01},
            "tiled_groups_by_class": groups}


def test_speedup_baseline_is_the_fastest_non_tiled_design():
    # two-pass slower than naive: judged against naive (2x), not against two-pass (6x)
    rows = {"tiled.amd/k3/wg8x8/2048/full": _row(1.0), "tiled.naive/k3/wg16x16/2048/full": _row(2.0),
            "tiled.twopass/k3/wg16x16/2048/full": _row(6.0)}
    part = T._c2(_ctx_with(rows))
    assert part.verdict == C.FAILS and "naive 2-D" in part.detail and "= 2.00x" in part.detail


def test_border_share_leaves_the_launch_to_the_intercept():
    # 100 us launch + 1 us per free group + 1.2 us per other group: through the origin the border
    # groups would absorb the launch; with the intercept they are ~1 % of the time.
    rows = {}
    for size, free, other in ((1024, 900, 124), (2048, 3900, 252), (4096, 16000, 508)):
        for roi, extra in (("full", 0), ("interior", -60)):
            g = [other // 3 + extra // 3, other // 3 + extra // 3, other - 2 * (other // 3) + extra - 2 * (extra // 3), free]
            ms = (100 + free + 1.2 * (g[0] + g[1] + g[2])) / 1e3
            rows[f"tiled.amd/k3/wg8x8/{size}/{roi}"] = _row(ms, g)
    part = T._c3(_ctx_with(rows, sizes=(1024, 2048, 4096)))
    assert part.verdict == C.HOLDS, part.detail
    assert "c = 100 us" in part.detail


def test_rows_are_keyed_by_case(tmp_path):
    path = RESULTS / "tiled" / "nvidia-h200.json"
    data = T._load(path)
    summary = T.derive([(path, data)], json.loads(T.PAPER_COUNTS.read_text()))
    dev = summary["devices"][0]
    raw = next(r for r in data["rows"] if r.get("case_id", r.get("id")) == "tiled.amd/k5/wg8x8/4096/full")
    row = dev["rows"]["tiled.amd/k5/wg8x8/4096/full"]
    assert row["variant"] == "tiled.amd/k5/wg8x8" and row["kernel_ms"] == raw["kernel_ms"]
    assert dev["target_size"] == 4096 and set(dev["counts"]) >= {"tiled.amd/k5/wg8x8", "tiled.naive/k3/wg16x16"}


def test_fetch_claim_from_counts(generated):
    summary = load_json(generated / "tiled_summary.json")
    study = T.evaluate_claims(summary)
    dev = summary["devices"][0]
    naive = dev["counts"]["tiled.naive/k3/wg16x16"]["per_pixel_all"]
    tiled = dev["counts"]["tiled.amd/k3/wg8x8"]["per_pixel_free_groups"]
    want = summary["paper_counts"]["claims"]
    # The paper counts per 4x4 block: the tile's halo rows are taken out of the measured counts.
    halo = T.halo_per_pixel(3)
    block = {m: tiled[m] - halo[m] for m in ("global_reads", "arithmetic")}
    exact = all(abs(block[m] - T.block_per_pixel(3)[m]) < 1e-9 for m in block)
    holds = (naive["global_reads"] / block["global_reads"] >= want["fetch_ratio_vs_naive"] - 1e-9
             and naive["arithmetic"] / block["arithmetic"] >= want["arithmetic_ratio_vs_naive"] - 1e-9)
    expected = (C.HOLDS if holds else C.FAILS) if exact else C.INCONCLUSIVE
    assert study.outcome("S4.C1", dev["slug"], "k3").verdict == expected
