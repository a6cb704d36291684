"""study_summary.py: a claim's category over its cells, and the sentences generated from them."""

from filterlab_analysis import claims as C
from filterlab_analysis import study_summary as S

CELLS = {"a": [C.HOLDS, C.HOLDS], "b": [C.HOLDS, C.INCONCLUSIVE], "c": [C.HOLDS, C.FAILS],
         "d": [C.FAILS, C.INCONCLUSIVE], "e": [C.INCONCLUSIVE, C.NO_DATA], "f": [C.NO_DATA, C.NO_DATA]}


def _study() -> C.Study:
    verdicts = {f"S9.C{i}": v for i, v in enumerate(CELLS.values(), 1)}
    claims = [C.Claim(id=cid, study="S9", short=cid, text="", check="",
                      evaluate=lambda ctx, v=v: C.Part(v[ctx], "x")) for cid, v in verdicts.items()]
    devices = [C.Device("d0", "D0", ""), C.Device("d1", "D1", "")]
    return C.evaluate_study(id="S9", title="t", experiment="e", conditions=["c"], condition_labels={"c": "c"},
                            devices=devices, claims=claims, context=lambda slug, cond: int(slug[1]))


def test_each_claim_gets_the_category_its_cells_say():
    got = S.claim_outcomes(_study())
    assert got == {"S9.C1": S.REPRODUCED, "S9.C2": S.HOLDS_WHERE_DECIDED, "S9.C3": S.DEVICE_DEPENDENT,
                   "S9.C4": S.NOT_REPRODUCED, "S9.C5": S.OPEN, "S9.C6": S.OPEN}


def test_sentences_name_every_non_empty_category():
    outcomes = S.claim_outcomes(_study())
    row = {"outcomes": outcomes, **{k: sum(v == k for v in outcomes.values()) for k in S.CATEGORIES}}
    assert S.study_sentence(row) == ("Reproduced: S9.C1. Holds where decided: S9.C2. Depends on the device: "
                                     "S9.C3. Not reproduced: S9.C4. Open: S9.C5 and S9.C6.")
    total = {k: row[k] for k in S.CATEGORIES}
    assert S.totals_sentence(total, 6) == (
        "Of the 6 claims, 1 hold on every device and condition judged, 1 hold wherever decided and stay "
        "open elsewhere, 1 hold on one device and fail on another, 1 fail wherever decided and 2 stay "
        "inconclusive everywhere.")
