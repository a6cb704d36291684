"""sampler_diff.py: choosing devices by pattern and printing the committed tables."""

import pytest

from filterlab_analysis import sampler_diff as SD
from filterlab_analysis.paths import RESULTS


def test_pick_needs_exactly_one_match():
    devs = [{"name": "NVIDIA H200", "slug": "nvidia-h200"}, {"name": "pthread AMD EPYC", "slug": "pocl-amd"}]
    assert SD.pick(devs, "h200")["slug"] == "nvidia-h200"
    with pytest.raises(SystemExit, match="matches no device"):
        SD.pick(devs, "adreno")
    with pytest.raises(SystemExit, match="matches several devices"):
        SD.pick(devs, "a")


def test_diff_of_two_committed_devices(capsys):
    assert SD.main(["--results", str(RESULTS), "h200", "pthread"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "--- NVIDIA H200" and out[1].startswith("+++ ") and "pthread" in out[1]
    assert out[-1].endswith("rows differ") or out[-1] == "the tables are identical"
