"""halide_schedules.py: each Halide back end becomes its fastest measured schedule, named."""

from filterlab_analysis import halide_schedules as H


def test_the_fastest_measured_schedule_stands_for_each_back_end():
    peers = {"halide_cpu": {"status": "measured", "ms": 4.0}, "halide_cpu_adams2019": {"status": "error", "reason": "x"},
             "halide_cpu_mullapudi2016": {"status": "measured", "ms": 1.5}, "halide_cpu_li2018": {"status": "measured", "ms": 2.0},
             "halide_opencl": {"status": "measured", "ms": 3.0}, "opencv_cpu": {"status": "measured", "ms": 9.0}}
    H.at_its_best(peers, lambda p: p.get("ms"))
    assert set(peers) == {"halide_cpu", "halide_opencl", "opencv_cpu"}
    cpu = peers["halide_cpu"]
    assert cpu["ms"] == 1.5 and cpu["schedule"] == "mullapudi2016"
    assert cpu["schedules"] == {"hand": 4.0, "adams2019": "error", "mullapudi2016": 1.5, "li2018": 2.0}
    assert peers["halide_opencl"]["schedule"] == "hand" and peers["halide_opencl"]["schedules"] == {"hand": 3.0}
    assert H.label(cpu["schedule"]) == ", Mullapudi2016 autoschedule" and H.label("hand") == ""


def test_results_without_autoschedules_and_without_any_time_keep_their_row():
    peers = {"halide_cpu": {"status": "measured", "ms": 4.0}}
    H.at_its_best(peers, lambda p: p.get("ms"))
    assert peers["halide_cpu"]["schedule"] == "hand" and peers["halide_cpu"]["ms"] == 4.0
    peers = {"halide_opencl_li2018": {"status": "error"}, "halide_opencl": {"status": "not_comparable"}}
    H.at_its_best(peers, lambda p: p.get("ms"))
    assert peers == {"halide_opencl": {"status": "not_comparable", "schedule": "hand",
                                       "schedules": {"hand": "not_comparable", "li2018": "error"}}}
    assert H.schedule_of("halide_opencl_li2018") == "li2018"


def test_the_schedules_table_marks_the_fastest_and_says_what_is_missing():
    peers = {"halide_cpu": {"status": "measured", "ms": 4.0}, "halide_cpu_mullapudi2016": {"status": "measured", "ms": 1.5},
             "halide_cpu_adams2019": {"status": "error"}}
    H.at_its_best(peers, lambda p: p.get("ms"))
    md = H.table_md([{"name": "CPU X", "workloads": [{"id": "w", "peers": peers}]}], lambda w: w["id"])
    assert "| CPU X | w | halide_cpu | 4 | **1.5** | error | - |" in md
    assert "no Halide rows" in H.table_md([], lambda w: "")
