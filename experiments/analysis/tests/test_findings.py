"""README's measured findings (findings.py): each bullet from its study's data, ratios with both times."""

from __future__ import annotations

from filterlab_analysis import findings as F
from filterlab_analysis.paths import RESULTS


def _ms(median: float) -> dict:
    return {"median": median, "q1": median, "q3": median}


def _workload(name: str, fl_kernel: float, fl_wall: float, peer_ms: float, kind: str) -> dict:
    return {"workload": "sepconv5", "workload_id": name, "ksize": 5, "width": 4096, "height": 4096,
            "filterlab": {"kernel_ms": _ms(fl_kernel), "wall_ms": _ms(fl_wall)},
            "peers": {"halide_opencl": {"status": "measured", "runs_on": "opencl_device", "kind": kind,
                                     "ms": _ms(peer_ms)}}}


def test_peers_bullet_counts_wins_and_gives_both_times_of_each_end():
    device = {"name": "GPU X", "scale": 1, "workloads": [
        _workload("a", 1.0, 2.0, 4.0, "wall"),      # peer 2.00x FilterLab's wall time: a win
        _workload("b", 1.0, 2.0, 0.5, "event")]}    # peer 0.50x FilterLab's kernel time: a loss
    text = F.peers_bullet({"devices": [device]})
    assert "GPU X: faster on 1 of 2 workloads" in text
    assert "from 0.50x" in text and "0.500 ms against 1.00 ms, kernel" in text
    assert "to 2.00x" in text and "4.00 ms against 2.00 ms, wall" in text


def test_targets_bullet_counts_met_and_names_the_exact_kernel_time():
    base = {"device": "GPU X", "workload": "8-bit", "imagecl_kernel_ms": 0.15, "imagecl_wall_ms": 0.17,
            "binding": "fp32", "peer": None, "peer_ms": None}
    rows = [{**base, "kind": "binding_floor", "target": "at least 85% of the binding roofline floor", "value": 0.9,
             "bar": 0.85, "met": True},
            {**base, "kind": "npp_exact", "target": "3.0x faster than NPP (exact border), ImageCL with FP contraction off",
             "value": 0.77, "bar": 3.0, "met": False, "imagecl_kernel_ms": 0.22, "peer": "npp", "peer_ms": 0.17}]
    text = F.targets_bullet(rows)
    assert "GPU X, 1 of 2 met" in text
    assert "0.90 of its binding (fp32) floor (bar 0.85, met)" in text
    assert "with FP contraction off 0.77 (bar 3.00; ImageCL 0.220 ms; NVIDIA NPP" in text


def test_make_all_writes_the_findings_of_the_committed_results(generated):
    written = (generated / "findings.md").read_text(encoding="utf-8")
    assert written == F.findings_md(generated, RESULTS)
    assert written.count("\n- ") + written.startswith("- ") == 4  # tiled, peers, targets, sub-spaces
