"""epsilon.py: Study 5's speedups over the naive step and the claim that step 5a is fastest."""

from filterlab_analysis import claims as C
from filterlab_analysis import epsilon as E
from filterlab_analysis.paths import RESULTS


def test_speedups_and_best_step():
    s = E.derive(RESULTS)
    assert len(s["devices"]) == 3
    for d in s["devices"]:
        by = {r["step"]: r for r in d["steps"]}
        naive = by["naive"]["kernel_ms"]["median"]
        assert by["naive"]["speedup"] == 1.0
        assert by["step2"]["speedup"] == naive / by["step2"]["kernel_ms"]["median"]
        fastest = min(d["steps"], key=lambda r: r["kernel_ms"]["median"])
        assert d["best"] == fastest["step"] and d["best_ms"] == fastest["kernel_ms"]["median"]
        # the sweep of each swept step is ordered by threshold and holds the main run's threshold
        for step, points in d["sweep"].items():
            thresholds = [p["threshold"] for p in points]
            assert thresholds == sorted(thresholds) and d["threshold"] in thresholds
    assert s["reference"] == max(s["devices"], key=lambda d: d["naive_ms"])["slug"]


def test_step5a_claim_follows_the_intervals():
    s = E.derive(RESULTS)
    study = E.evaluate_claims(s)
    claim = next(c for c in study.claims if c.evaluate is E._5a_best)
    for d in s["devices"]:
        by = {r["step"]: r["kernel_ms"] for r in d["steps"]}
        a = by["step5a"]
        if all(a["ci95_high"] < by[x]["ci95_low"] for x in E.STEPS if x != "step5a"):
            want = C.HOLDS
        elif any(a["ci95_low"] > by[x]["ci95_high"] for x in E.STEPS if x != "step5a"):
            want = C.FAILS
        else:
            want = C.INCONCLUSIVE
        assert study.outcome(claim.id, d["slug"], "time").verdict == want, d["device"]


def test_memory_then_alu_rule_on_synthetic_fractions():
    # fractions of the copy bandwidth (low, median, high)
    roof, below, far_below = (0.6, 0.62, 0.65), (0.40, 0.42, 0.45), (0.01, 0.011, 0.012)
    assert E.memory_then_alu(roof, below).verdict == C.HOLDS
    assert E.memory_then_alu(roof, (0.45, 0.5, 0.62)).verdict == C.INCONCLUSIVE  # not clearly below
    assert E.memory_then_alu(below, (0.7, 0.75, 0.8)).verdict == C.FAILS  # last step at the roof
    assert E.memory_then_alu(far_below, far_below).verdict == C.INCONCLUSIVE
    assert E.memory_then_alu(None, below).verdict == C.NO_DATA


def test_copy_fraction_from_the_recorded_bytes_and_bandwidth():
    row = {"bytes_min": 2_000_000_000, "kernel_ms": {"median": 2.0, "ci95_low": 1.0, "ci95_high": 4.0}}
    low, mid, high = E.copy_fraction(row, 1000.0)  # 2 GB at 1000 GB/s: 2 ms
    assert (low, mid, high) == (0.5, 1.0, 2.0)
    assert E.copy_fraction({**row, "bytes_min": None}, 1000.0) is None


def test_memory_then_alu_on_the_committed_results():
    s = E.derive(RESULTS)
    study = E.evaluate_claims(s)
    for d in s["devices"]:
        by = {r["step"]: r for r in d["steps"]}
        naive = E.copy_fraction(by["naive"], d["copy_bandwidth_GBps"])
        last = E.copy_fraction(by[E.LAST_STEP], d["copy_bandwidth_GBps"])
        # the fraction is the result file's roofline_fraction
        assert abs(naive[1] - by["naive"]["roofline_fraction"]) < 1e-9 * naive[1] + 1e-12
        part = study.outcome("S5.C11", d["slug"], "time")
        assert part.verdict == E.memory_then_alu(naive, last).verdict, d["device"]
        if naive[0] < E.ROOF and last[0] < E.ROOF:
            assert part.verdict == C.INCONCLUSIVE and "no per-step traffic" in part.detail
