"""switch_pairs.py: a switch's paired effect and best against best, with the written verdict rules."""

import json

import pytest

from filterlab_analysis import switch_pairs as S
from filterlab_analysis.paths import RESULTS

STAGED = RESULTS / "logs" / "gpu-host-8d035f6" / "tuning" / "cache" / "nvidia-h100-80gb-hbm3" / "imagecl.conv2d_u8_staged.jsonl"


def _cache(tmp_path, times_off, times_on, spread=0.001):
    """A cache of one tuned parameter `a` (values 1..n) and the switch `s`; ten samples per point."""
    lines = [{"space": "k:test", "commit": "c", "device": {"device": "GPU"},
              "params": [{"name": "a", "values": list(range(1, len(times_off) + 1))}, {"name": "s", "values": [0, 1]}]}]
    for s, times in ((0, times_off), (1, times_on)):
        for a, t in enumerate(times, start=1):
            samples = [t + spread * (i - 4.5) / 4.5 for i in range(10)]
            lines.append({"id": f"k/a{a}/s{s}", "point": [a, s], "time_ms": t, "samples_ms": samples, "valid": True})
    lines.append({"id": "k/a9/s1", "point": [9, 1], "invalid": "device_limit", "valid": False})
    path = tmp_path / "c.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    return path


def _run(path, parameter="s"):
    header, rows = S.load(path)
    p = S.pairs(header, rows, parameter)
    return p, S.verdicts(p)


def test_a_switch_that_halves_every_time_pays_and_its_best_is_faster(tmp_path):
    p, (paired, best) = _run(_cache(tmp_path, [2.0, 4.0, 6.0, 8.0, 10.0], [1.0, 2.0, 3.0, 4.0, 5.0]))
    assert p["pairs"] == 5 and p["ratio"]["median"] == 2.0
    assert (paired, best) == ("pays", "faster")
    assert p["best_on"]["id"] == "k/a1/s1" and p["best_off"]["id"] == "k/a1/s0"


def test_a_switch_that_costs_and_one_within_the_threshold(tmp_path):
    _, (paired, best) = _run(_cache(tmp_path, [1.0, 2.0, 3.0], [1.5, 3.0, 4.5]))
    assert (paired, best) == ("costs", "slower")
    _, (paired, best) = _run(_cache(tmp_path, [1.0, 2.0, 3.0], [1.01, 1.99, 3.0], spread=0.05))
    assert (paired, best) == ("inconclusive", "indistinguishable")


def test_the_effect_by_another_parameter(tmp_path):
    # a = 1, 2 halve with the switch, a = 3, 4 are untouched: by a, two groups each way
    p, _ = _run(_cache(tmp_path, [2.0, 4.0, 3.0, 5.0], [1.0, 2.0, 3.0, 5.0]))
    assert p["groups"] == {}
    header, rows = S.load(tmp_path / "c.jsonl")
    p = S.pairs(header, rows, "s", by="a")
    assert {a: r["median"] for a, r in p["groups"].items()} == {1: 2.0, 2: 2.0, 3: 1.0, 4: 1.0}
    assert "By a:" in S.markdown(p) and "| 1 | 1 | 2.000 |" in S.markdown(p)
    assert S.main(["switch_pairs.py", str(tmp_path / "c.jsonl"), "s", "--with", "a"]) == 2


def test_bad_inputs_say_what_is_wrong(tmp_path):
    path = _cache(tmp_path, [1.0], [1.0])
    header, rows = S.load(path)
    with pytest.raises(ValueError, match="does not search nope"):
        S.pairs(header, rows, "nope")
    lonely = tmp_path / "lonely.jsonl"
    lonely.write_text(path.read_text(encoding="utf-8").splitlines()[0] + "\n", encoding="utf-8")
    header, rows = S.load(lonely)
    with pytest.raises(ValueError, match="no valid point"):
        S.pairs(header, rows, "s")
    (tmp_path / "x.jsonl").write_text('{"a": 1}\n', encoding="utf-8")
    with pytest.raises(ValueError, match="not a tuning cache"):
        S.load(tmp_path / "x.jsonl")
    assert S.main(["switch_pairs.py", str(tmp_path / "x.jsonl"), "s"]) == 1


def test_the_committed_h100_record_of_convert_while_staging(capsys):
    p, (paired, best) = _run(STAGED, "convert_in")
    assert p["device"] == "NVIDIA H100 80GB HBM3" and p["pairs"] == 180
    # every point's twin is in the space: both halves have the same valid points
    assert p["best_on"]["valid"] == p["best_off"]["valid"] == 180
    assert S.main(["switch_pairs.py", str(STAGED), "convert_in", "--by", "interleaved"]) == 0
    printed = capsys.readouterr().out
    assert printed == (STAGED.parents[3] / "staged-pairs.md").read_text(encoding="utf-8")
    assert f"is {p['ratio']['median']:.3f}" in printed and (paired, best) == S.verdicts(p)
