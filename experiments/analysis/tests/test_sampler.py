"""sampler.py: Study 3's derived counts and its claims on the committed and published tables."""

from filterlab_analysis import claims as C
from filterlab_analysis import sampler as S
from filterlab_analysis import sampler_data as D
from filterlab_analysis.paths import RESULTS


def _summary():
    measured = D.load_devices(RESULTS)
    return S.derive(measured, D.load_published(S.PUBLISHED, measured[0]["article"]["k"]))


def test_counts_add_up():
    s = _summary()
    measured = [d for d in s["devices"] if d["kind"] == "measured"]
    assert len(measured) == 3 and len(s["devices"]) == 5  # and the article's two devices
    for d in s["devices"]:
        assert sum(d["article_counts"].values()) == d["article_total"] == 4 * len(s["k"])
        assert len(d["article_not_float32"]) == d["article_total"] - d["article_counts"]["float32"]
    for d in measured:
        g = d["grid"]
        assert sum(g["counts"].values()) == g["reads"]
        assert sum(c["reads"] for c in g["cases"]) == g["reads"]


def test_claim_one_reads_the_column_at_s_equals_one():
    s = _summary()
    study = S.evaluate_claims(s)
    j = s["k"].index(s["width"])
    for d in s["devices"]:
        values = {d["article"][m]["values"][j] for m in D.MODES}
        want = C.HOLDS if len(values) > 1 else C.FAILS
        assert study.outcome("S3.C1", d["slug"], study.conditions[0]).verdict == want


def _table(name: str, float32: int, neighbour: int, total: int = 84) -> dict:
    return {"name": name, "article_total": total,
            "article_counts": {"float32": float32, "neighbour": neighbour,
                               "wrong": total - float32 - neighbour, "undefined": 0}}


def _differ(*modes: str) -> dict:
    return {"a": "amd", "b": "intel",
            "article_differ": [{"k": i, "mode": m, "a": 1.0, "b": 2.0, "edge_sensitive": True}
                               for i, m in enumerate(modes)]}


def test_claim_six_rule_on_synthetic_tables():
    mr = ("mirrored_repeat", "mirrored_repeat", "repeat")
    # AMD closer to the formula than Intel, differences only in MIRRORED_REPEAT/REPEAT: holds
    held = S.article_devices_compared(_table("AMD", 84, 0), _table("Intel", 81, 3), _differ(*mr))
    assert held.verdict == C.HOLDS and "84 of 84" in held.detail and "81 of 84" in held.detail
    # the other way round (the article's own tables): fails
    failed = S.article_devices_compared(_table("AMD", 73, 11), _table("Intel", 84, 0), _differ(*mr))
    assert failed.verdict == C.FAILS
    # as close as each other: inconclusive; a difference in CLAMP breaks part (a): fails
    assert S.article_devices_compared(_table("AMD", 80, 4), _table("Intel", 80, 4),
                                      _differ(*mr)).verdict == C.INCONCLUSIVE
    assert S.article_devices_compared(_table("AMD", 84, 0), _table("Intel", 80, 4),
                                      _differ("repeat", "clamp")).verdict == C.FAILS
    assert S.article_devices_compared(_table("AMD", 84, 0), _table("Intel", 80, 4),
                                      None).verdict == C.NO_DATA


def test_claim_six_on_the_article_tables():
    s = _summary()
    study = S.evaluate_claims(s)
    by = {d["slug"]: d for d in s["devices"]}
    amd, intel = by[S.ARTICLE_AMD], by[S.ARTICLE_INTEL]
    assert amd["article_counts"]["float32"] == 73 and intel["article_counts"]["float32"] == 84
    for d in s["devices"]:
        part = study.outcome("S3.C6", d["slug"], "nearest")
        if d["kind"] == "published":
            assert part.verdict == C.FAILS  # Intel's table matches the formula in more entries
            assert "73 of 84" in part.detail and "84 of 84" in part.detail
            assert "MIRRORED_REPEAT 9, REPEAT 2" in part.detail
        else:
            assert part.verdict == C.NO_DATA
