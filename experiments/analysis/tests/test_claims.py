"""claims.py: the verdict rules from confidence intervals, and the ledger's round trip."""

from filterlab_analysis import claims as C
from analysis_helpers import stats


def test_faster_from_confidence_intervals():
    a, b = stats(1.0, 0.9, 1.1), stats(2.0, 1.8, 2.2)
    assert C.faster(a, b).verdict == C.HOLDS
    assert C.faster(b, a).verdict == C.FAILS
    assert C.faster(a, stats(1.15, 1.05, 1.3)).verdict == C.INCONCLUSIVE  # intervals overlap
    assert C.faster(None, b).verdict == C.NO_DATA
    assert C.slower(b, a, "k3").detail == "k3: 2.00 vs 1.00 ms"
    assert C.slower(b, a).verdict == C.HOLDS


def test_combining_parts():
    h, f, i, n = (C.Part(v, v) for v in (C.HOLDS, C.FAILS, C.INCONCLUSIVE, C.NO_DATA))
    assert C.combine([h, h]).verdict == C.HOLDS
    assert C.combine([h, i, f]).verdict == C.FAILS
    assert C.combine([h, i]).verdict == C.INCONCLUSIVE
    assert C.combine([h, n]).verdict == C.NO_DATA
    assert C.combine_every_or_none([f, f]).verdict == C.FAILS
    assert C.combine_every_or_none([h, f]).verdict == C.INCONCLUSIVE
    assert C.not_clearly(h).verdict == C.FAILS and C.not_clearly(i).verdict == C.HOLDS


def test_nearly_constant_threshold():
    # extreme ratio 1.1 / 0.95 = 1.158 <= 1.2: holds
    assert C.nearly_constant({"a": stats(1.0, 0.95, 1.05), "b": stats(1.05, 1.0, 1.1)}, 1.2).verdict == C.HOLDS
    # mildest ratio 2.0 / 1.05 = 1.9 > 1.2: fails
    assert C.nearly_constant({"a": stats(1.0, 0.95, 1.05), "b": stats(2.1, 2.0, 2.2)}, 1.2).verdict == C.FAILS


def test_study_round_trip_and_ledger(tmp_path):
    claims = [C.Claim("S9.C1", "S9", "A beats B", "A is faster than B.", "CI of medians",
                      evaluate=lambda ctx: C.faster(ctx["a"], ctx["b"]))]
    data = {"d1": {"a": stats(1, 0.9, 1.1), "b": stats(2, 1.9, 2.1)},
            "d2": {"a": stats(3, 2.9, 3.1), "b": stats(2, 1.9, 2.1)}}
    study = C.evaluate_study(id="S9", title="Test study", experiment="test", conditions=["x"],
                             condition_labels={"x": "x"},
                             devices=[C.Device("d1", "Device one", ""), C.Device("d2", "Device two", "")],
                             claims=claims, context=lambda slug, cond: data[slug])
    assert study.outcome("S9.C1", "d1", "x").verdict == C.HOLDS
    assert study.outcome("S9.C1", "d2", "x").verdict == C.FAILS
    assert study.counts("d2", "x")[C.FAILS] == ["S9.C1"]
    C.save_study(study, tmp_path / "s9.json")
    back = C.load_study(tmp_path / "s9.json")
    assert back.outcome("S9.C1", "d2", "x") == study.outcome("S9.C1", "d2", "x")
    md = C.ledger_markdown([back])
    assert "S9.C1" in md and "Device two" in md
