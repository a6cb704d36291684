"""sampler_data.py: the NEAREST verdict rule, texel coordinates and the committed grids."""

import json
from fractions import Fraction

import pytest

from filterlab_analysis import results as R
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


def _with_crashed_case(tmp_path, crashed):
    """A committed PoCL result rewritten with its first CLK_ADDRESS_NONE case's process dead."""
    src = sorted(RESULTS.glob("sampler/pocl-*.json"))[0]
    data = json.loads(src.read_text())
    case = next(c for c in data["grid"] if c["mode"] == "none")
    case.update(values=[], verdicts="", edge_sensitive="", crashed=crashed)
    out = tmp_path / "sampler" / src.name
    out.parent.mkdir()
    out.write_text(json.dumps(data))
    return out


def test_a_crashed_case_loads_without_reads(tmp_path):
    d = D.load_device(_with_crashed_case(tmp_path, "was killed by signal 11 (Segmentation fault)"))
    crashed = [c for c in d["grid"] if "crashed" in c]
    assert len(crashed) == 1 and crashed[0]["values"] == []


def test_a_crashed_case_must_say_how(tmp_path):
    with pytest.raises(R.ResultError, match="crashed' must say how"):
        D.load_device(_with_crashed_case(tmp_path, ""))
