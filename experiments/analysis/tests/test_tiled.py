"""tiled.py: Study 4's least-squares split of free and non-free groups, and its claims."""

import json

import pytest

import claims as C
import tiled as T
from conftest import RESULTS, load_json


def test_fit_recovers_exact_coefficients():
    # t = 2 * free + 5 * nonfree exactly
    pts = [(f, n, 2 * f + 5 * n) for f, n in ((10, 1), (20, 3), (7, 9), (1, 1))]
    a, b = T._fit_nonfree(pts)
    assert a == pytest.approx(2.0) and b == pytest.approx(5.0)
    assert T._fit_nonfree([(1, 1, 3)]) is None  # one point fits nothing
    assert T._fit_nonfree([(1, 2, 3), (2, 4, 6)]) is None  # collinear


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
