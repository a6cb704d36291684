"""sampler.py: Study 3's derived counts and its claims on the committed and published tables."""

import claims as C
import sampler as S
import sampler_data as D
from conftest import RESULTS


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
