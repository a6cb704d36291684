"""sampler_data.py: the NEAREST verdict rule, texel coordinates and the committed grids."""

from fractions import Fraction

from filterlab_analysis import sampler_data as D
from filterlab_analysis.paths import RESULTS


def test_judge_verdicts():
    assert D.judge(6.0, 6.0, [6.0, 7.0]) == "float32"
    assert D.judge(7.0, 6.0, [6.0, 7.0]) == "neighbour"
    assert D.judge(8.0, 6.0, [6.0, 7.0]) == "wrong"


def test_true_texel_coordinate():
    assert D.true_u("-1/2", 10, True) == Fraction(-5)
    assert D.true_u("3/4", 10, False) == Fraction(3, 4)


def test_committed_devices_load_with_their_grids():
    devices = D.load_devices(RESULTS)
    assert len(devices) == 3
    for d in devices:
        assert d["experiment"] == "sampler" and len(d["grid"]) == 32
        for case in d["grid"]:
            assert len(case["verdicts"]) == len(case["values"]) == len(case["edge_sensitive"])
            assert set(case["verdicts"]) <= set(D.VERDICT_CODES)
