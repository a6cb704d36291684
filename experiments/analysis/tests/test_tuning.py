"""tuning.py: efficiency curves over seeds, the GPU targets and the best configuration's ID."""

import tuning as T
from conftest import load_json


def test_efficiency_quartiles_and_checkpoints():
    space = {"valid": 200, "efficiency": [
        {"strategy": "random", "budget": 200, "curves": [[0.5, 0.9, 1.0], [0.7, 0.8, 0.8], [0.6, 0.6, 0.9]]},
        {"strategy": "paper", "budget": 25, "curves": [[0.2, 0.8], [0.4, 0.9]]}]}
    e = T.efficiency(space)
    # after one evaluation the seeds stand at 0.5, 0.7, 0.6: median 0.6, quartiles 0.55 and 0.65
    q1, med, q3 = e["by_strategy"]["random"]["curve"][0]
    assert (round(q1, 9), med, round(q3, 9)) == (0.55, 0.6, 0.65)
    # the curves stop at 3 evaluations: the value at 25 is the last one (0.8, 0.9, 1.0 -> median 0.9)
    assert e["table"]["random"]["25"]["median"] == 0.9
    assert round(e["table"]["paper"]["25"]["median"], 9) == 0.85 and not e["table"]["paper"]["25"]["exhaustive"]
    assert T.quartiles([4.0]) == (4.0, 4.0, 4.0)


def test_targets_on_the_committed_gpu_run(generated):
    summary = load_json(generated / "tuning_summary.json")
    rows = T.targets(summary)
    assert rows and all(r["device"] == "NVIDIA H200" and r["valid"] > 400 for r in rows)
    for r in rows:
        assert r["met"] == (r["guided_100"] >= 0.95 and r["guided_400"] >= 0.99)
    assert summary["targets"] == rows


def test_best_id_of_both_versions():
    assert T.best_id({"id": "imagecl.conv2d_u8/wg8x8"}) == "imagecl.conv2d_u8/wg8x8"
    assert T.best_id({"family": "imagecl.conv2d_u8", "variant_id": "imagecl.conv2d_u8/wg4x4",
                      "case_id": "imagecl.conv2d_u8/wg4x4/imagecl.conv2d_u8:sub"}) == "imagecl.conv2d_u8/wg4x4"
