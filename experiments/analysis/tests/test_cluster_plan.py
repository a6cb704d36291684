"""cluster_plan.py: points, measured seconds per evaluation (which runs count) and hours on N devices."""

from filterlab_analysis import cluster_plan as CP


def result(full_spaces: dict, spaces: dict | None = None) -> dict:
    return {"provenance": {"device": "GPU X", "device_type": "GPU"}, "full_spaces": full_spaces,
            "spaces": spaces or {}}


def test_own_live_runs_give_the_rate_and_small_spaces_their_exact_valid_count():
    rows = CP.plan([result({
        "imagecl.a": {"space_points": 50000.0, "candidates": 30000, "candidate_cap": 100000,
                      "runs": {"random": {"seconds_this_run": 200.0, "evaluated_this_run": 100},
                               "guided": {"seconds_this_run": 9.0, "evaluated_this_run": 0}}}})])
    (r,) = rows
    assert r["points"] == 30000 and r["exact"]
    assert r["seconds_per_evaluation"] == 2.0  # the resumed guided run (0 evaluated) does not count
    assert r["rate_source"] == "its live full-space runs" and r["evaluations_timed"] == 100
    assert r["hours"][1] == 30000 * 2.0 / 3600 and r["hours"][64] == r["hours"][1] / 64


def test_rates_fall_back_to_other_kernels_then_to_sub_spaces_then_to_none():
    big = {"space_points": 1e7, "candidates": 100000, "candidate_cap": 100000, "runs": {}}
    timed = {"space_points": 1e6, "candidates": 100000, "candidate_cap": 100000,
             "runs": {"random": {"seconds_this_run": 30.0, "evaluated_this_run": 10}}}
    (r,) = [x for x in CP.plan([result({"imagecl.big": big, "imagecl.t": timed})]) if x["space"] == "imagecl.big"]
    assert r["points"] == 10_000_000 and not r["exact"]  # an upper bound: more points than the cap
    assert r["seconds_per_evaluation"] == 3.0 and r["rate_source"] == "the device's live full-space runs"
    subs = {"imagecl.big:sub": {"exhaustive_seconds_this_run": 12.0, "evaluated_this_run": 48},
            "imagecl.big:wide": {"skipped": "on GPUs only"},
            "study1.x": {"exhaustive_seconds_this_run": 0.01, "evaluated_this_run": 0}}
    (r,) = CP.plan([result({"imagecl.big": big}, subs)])
    assert r["seconds_per_evaluation"] == 0.25 and r["rate_source"] == "the device's exhaustive sub-space searches"
    (r,) = CP.plan([result({"imagecl.big": big})])
    assert r["seconds_per_evaluation"] is None and r["hours"] is None
    assert "no evaluation timed on this device" in CP.plan_md([r])


def test_markdown_states_bounds_hours_and_what_fits_in_a_day():
    rows = CP.plan([result({
        "imagecl.small": {"space_points": 3600.0, "candidates": 3600, "candidate_cap": 100000,
                          "runs": {"random": {"seconds_this_run": 100.0, "evaluated_this_run": 100}}},
        "imagecl.huge": {"space_points": 1e9, "candidates": 100000, "candidate_cap": 100000, "runs": {}}})])
    md = CP.plan_md(rows)
    assert "| GPU X | imagecl.small | 3,600 | 1.000 (its live full-space runs, 100 evaluations) | 1 | 1.0 h | 8 min | 1 min |" in md
    assert "1,000,000,000 (at most)" in md and "years" in md
    assert "Within a day on 64 devices: imagecl.small on GPU X." in md
    assert "no full-space runs" in CP.plan_md([])
