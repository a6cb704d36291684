"""Kernel Tuner 1.5 beside the tuner: filterlab_analysis.kernel_tuner_peer replays
Kernel Tuner's strategies (simulation mode) and ours on one committed exhaustive cache, and this
checks the table it prints. The cache is Study 1's Scharr space on the H200: small, with points of
its product ruled out by constraints (absent from the cache) and with failed configurations
(work-groups over the device's limit), so the conversion's restrictions and failure markers are both
exercised.

Runs on the tool environment (scripts/install-pyenv.sh: kernel_tuner, python-constraint2); the
filterlab binary comes from FILTERLAB_BIN (ctest sets it) or build/src/filterlab."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("kernel_tuner", reason="kernel_tuner cannot be imported: run with the tool environment "
                    "(scripts/install-pyenv.sh, build/pyenv/bin/python)")

ROOT = Path(__file__).resolve().parents[2]
FILTERLAB = Path(os.environ.get("FILTERLAB_BIN", ROOT / "build/src/filterlab"))
CACHE = ROOT / "experiments/results/tuning/cache/nvidia-h200/study1.scharr_k5.jsonl"
BUDGET = 50  # a checkpoint of `filterlab tune --simulate --seeds`'s own table, so the two can be compared
SEEDS = 10
KERNEL_TUNER = ["random_sample", "genetic_algorithm", "simulated_annealing", "greedy_ils", "basinhopping", "pso",
                "firefly_algorithm"]
OURS = ["random", "paper", "guided"]
CELL = re.compile(r"^(\d\.\d{3}) \[(\d\.\d{3})-(\d\.\d{3})\]$")

if not (FILTERLAB.is_file() and os.access(FILTERLAB, os.X_OK)):
    pytest.skip(f"no filterlab binary at {FILTERLAB} (build it, or set FILTERLAB_BIN)", allow_module_level=True)


def cache_rows() -> list[dict]:
    """The cache's measured rows, read here independently of the module under test."""
    return [json.loads(line) for line in CACHE.read_text(encoding="utf-8").splitlines()[1:] if line.strip()]


def peer(tmp: Path, *args: str) -> tuple[str, dict]:
    """The module run as a user runs it: its printed table and its --json numbers."""
    out = tmp / "result.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "experiments/analysis")}
    proc = subprocess.run([sys.executable, "-m", "filterlab_analysis.kernel_tuner_peer", "--cache", str(CACHE),
                           "--filterlab", str(FILTERLAB), "--first-seed", "1", "--json", str(out), *args],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout, json.loads(out.read_text(encoding="utf-8"))


def table(text: str) -> dict[tuple[str, str], dict]:
    """(strategy, source) -> the row's cells, from the printed Markdown table."""
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("| ") or cells[0] == "strategy":
            continue
        strategy, source, budget, evaluations, fraction, seeds = cells
        assert (strategy, source) not in rows, f"row {strategy} ({source}) printed twice"
        m = CELL.match(fraction)
        assert m, f"{strategy}: fraction cell {fraction!r} is not 'median [q1-q3]'"
        rows[strategy, source] = {"budget": int(budget), "evaluations": float(evaluations), "seeds": int(seeds),
                                  "median": float(m[1]), "q1": float(m[2]), "q3": float(m[3]), "cell": fraction}
    return rows


@pytest.fixture(scope="module")
def at_budget(tmp_path_factory):
    text, data = peer(tmp_path_factory.mktemp("budget"), "--budget", str(BUDGET), "--seeds", str(SEEDS))
    return text, table(text), data


@pytest.fixture(scope="module")
def whole_space(tmp_path_factory):
    """Random sampling of both tools with the budget set to the space's size."""
    size = sum(1 for r in cache_rows() if r.get("invalid") != "constraint")
    text, data = peer(tmp_path_factory.mktemp("whole"), "--budget", str(size), "--seeds", "3",
                      "--kt-strategies", "random_sample", "--filterlab-strategies", "random")
    return size, table(text), data


def test_every_strategy_row_is_present(at_budget):
    _, rows, _ = at_budget
    expected = {(s, "Kernel Tuner 1.5") for s in KERNEL_TUNER} | {(s, "FilterLab") for s in OURS}
    assert set(rows) == expected
    for (strategy, _), r in rows.items():
        assert r["budget"] == BUDGET and r["seeds"] == SEEDS, strategy
        assert 0 < r["evaluations"] <= BUDGET, strategy


def test_fractions_are_in_zero_one(at_budget):
    _, rows, data = at_budget
    for (strategy, _), r in rows.items():
        assert 0 < r["q1"] <= r["median"] <= r["q3"] <= 1, (strategy, r["cell"])
    for r in data["rows"]:
        assert 0 < r["q1"] <= r["median"] <= r["q3"] <= 1, r


def test_random_sampling_of_the_whole_space_finds_the_best_known(whole_space):
    size, rows, data = whole_space
    failed = sum(1 for r in cache_rows() if not r["valid"] and r.get("invalid") != "constraint")
    assert set(rows) == {("random_sample", "Kernel Tuner 1.5"), ("random", "FilterLab")}
    for r in data["rows"]:
        # q1 == 1 with three seeds: every seed's best is the optimum itself, not within rounding of it.
        assert r["budget"] == size and r["evaluations"] == size and r["q1"] == 1.0, r
        assert r["failed"] == failed, r  # every failure marked as one, and counted as an evaluation
    for r in rows.values():
        assert r["cell"] == "1.000 [1.000-1.000]"


def test_kernel_tuner_sees_the_best_known_filterlab_sees(at_budget):
    text, _, data = at_budget
    rows = cache_rows()
    best = min((r for r in rows if r["valid"]), key=lambda r: r["time_ms"])
    assert data["kernel_tuner_space"] == sum(1 for r in rows if r.get("invalid") != "constraint")
    assert data["kernel_tuner_best_ms"] == data["best_known_ms"] == best["time_ms"]
    assert data["kernel_tuner_best_point"] == data["best_known_point"] == ",".join(map(str, best["point"]))
    assert data["filterlab_best_ms"] == pytest.approx(best["time_ms"], abs=5e-7)  # printed to 6 decimals
    shown = f"{best['time_ms']:.6f} ms at {','.join(map(str, best['point']))}"
    assert f"FilterLab {shown}" in text and f"Kernel Tuner {shown}" in text


def test_our_rows_are_filterlab_own_simulation(at_budget):
    """The same quantity as `filterlab tune --simulate --seeds` (and tuning.py): its table's column
    at this budget, same seeds, holds our rows' cells."""
    _, rows, _ = at_budget
    out = subprocess.run([str(FILTERLAB), "tune", "--simulate", str(CACHE), "--budget", str(BUDGET), "--seeds",
                          str(SEEDS), "--seed", "1"], capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    checkpoints = lines[1].split()[2:]
    col = checkpoints.index(str(BUDGET))
    own = {}
    for line in lines[2:]:
        m = re.match(r"\s+(\w+)\s+(\d+)\s+(.*)$", line)
        if not m:
            continue
        cells = re.findall(r"\d\.\d{3} \[\d\.\d{3}-\d\.\d{3}\]\*?|-", m[3])
        if cells[col] != "-":  # the paper's method: one row per budget, its own column only
            own[m[1]] = cells[col].rstrip("*")
    assert set(own) == set(OURS)
    for s in OURS:
        assert rows[s, "FilterLab"]["cell"] == own[s], s
