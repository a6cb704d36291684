"""pyramid_storage.py: Study 2's storages, the CI ratio rule and the unsupported work-groups."""

import claims as C
import pyramid_storage as P
from conftest import load_json, stats


def test_ratio_above_threshold_from_intervals():
    # least ratio 3.0 / 2.1 = 1.43 > 1.25: holds; largest 1.1 / 0.9 = 1.22 <= 1.25: fails
    assert P._ratio_above(stats(3.1, 3.0, 3.2), stats(2.0, 1.9, 2.1), 1.25, "x").verdict == C.HOLDS
    assert P._ratio_above(stats(1.0, 0.95, 1.1), stats(1.0, 0.9, 1.05), 1.25, "x").verdict == C.FAILS
    assert P._ratio_above(stats(1.3, 1.1, 1.5), stats(1.0, 0.95, 1.05), 1.25, "x").verdict == C.INCONCLUSIVE
    assert P._neither(stats(1.0, 0.9, 1.1), stats(1.05, 0.95, 1.15), "x").verdict == C.HOLDS


def test_unsupported_work_group_label():
    assert P.unsupported_wg({"id": "scharr.single/images/k5/wg32x32"}) == "32x32"
    assert P.unsupported_wg({"id": "scharr.single/images/k5/wg32x32", "local_size": [16, 64]}) == "16x64"


def test_winners_follow_the_medians(generated):
    summary = load_json(generated / "pyramid_storage_summary.json")
    assert len(summary["devices"]) == 3
    for dev in summary["devices"]:
        grid = P._grid(dev)
        assert dev["winners"], dev["device"]
        for w in dev["winners"]:
            # the fastest storage of scharr.single 16x16 at this size, and the next one
            medians = sorted((r["kernel_ms"]["median"], s) for (f, s, k, wg), r in grid.items()
                             if f == "scharr.single" and k == w["ksize"] and wg == "16x16")
            assert (w["median_ms"], w["storage"]) == medians[0]
            assert (w["runner_up_median_ms"], w["runner_up"]) == medians[1]
            a = grid[("scharr.single", w["storage"], w["ksize"], "16x16")]["kernel_ms"]
            b = grid[("scharr.single", w["runner_up"], w["ksize"], "16x16")]["kernel_ms"]
            assert w["clear"] == (a["ci95_high"] < b["ci95_low"])
