"""epsilon.py: Study 5's speedups over the naive step and the claim that step 5a is fastest."""

import claims as C
import epsilon as E
from conftest import RESULTS


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
