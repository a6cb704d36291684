"""peers.py: like-for-like ratios, the fastest peer and ImageCL's best pipeline."""

import pytest

from filterlab_analysis import peers as P
from analysis_helpers import stats


def test_ratio_compares_like_with_like():
    fl = {"wall_ms": stats(2.0, 1.9, 2.1), "kernel_ms": stats(1.0, 0.9, 1.1)}
    assert P.ratio({"kind": "wall", "ms": stats(8.0, 7, 9)}, fl) == 4.0
    assert P.ratio({"kind": "event", "ms": stats(8.0, 7, 9)}, fl) == 8.0
    assert P.ratio({"kind": "wall", "ms": stats(8.0, 7, 9)}, {"missing": "not yet"}) is None


def test_fastest_measured_peer():
    w = {"peers": {"opencv_cpu": {"status": "measured", "runs_on": "host_cpu", "ms": stats(5, 4, 6)},
                   "halide_cpu": {"status": "measured", "runs_on": "host_cpu", "ms": stats(3, 2, 4)},
                   "opencv_umat": {"status": "measured", "runs_on": "opencl_device", "ms": stats(1, 0.5, 2)},
                   "broken": {"status": "disagrees_with_oracle", "runs_on": "host_cpu"}}}
    assert P.fastest_peer(w, ("host_cpu",))[0] == "halide_cpu"
    assert P.fastest_peer(w, ("host_cpu", "opencl_device"))[0] == "opencv_umat"
    assert P.fastest_peer(w, ("cuda_device",)) is None


def test_imagecl_pipeline_adds_its_kernels_fastest():
    def row(kernel, vid, median):
        return {"benchmark": "sepconv", "kernel": kernel, "width": 64, "variant_id": vid,
                "kernel_ms": stats(median, median - 0.1, median + 0.1), "wall_ms": stats(median + 1, median, median + 2)}
    data = {"provenance": {"scale": 1, "copy_bandwidth_GBps": 100.0, "samples_per_kernel": 2, "commit": "c"},
            "rows": [row("sepconv_row", "r1", 0.5), row("sepconv_row", "r2", 0.3),
                     row("sepconv_col", "c1", 0.4), row("sepconv_col", "c2", 0.6)]}
    best = P.imagecl_best(data, "sepconv", 64)
    assert best["id"] == "r2 + c1"
    assert abs(best["kernel_ms"]["median"] - 0.7) < 1e-12
    floor = 8 * 64 * 64 / 100e9 * 1e3
    assert abs(best["roofline_fraction"] - floor / 0.7) < 1e-12
    assert "missing" in P.imagecl_best(data, "sepconv", 128)


def test_npp_rows_read_through_the_row_keys_in_both_versions(tmp_path):
    import json
    from filterlab_analysis.paths import RESULTS
    from test_result_schemas import npp_as_v2
    committed = RESULTS / P.NPP_EXPERIMENT / "nvidia-h200.json"
    v1 = P._load(committed, P.NPP_EXPERIMENT)
    v2_path = tmp_path / "nvidia-h200.json"
    v2_path.write_text(json.dumps(npp_as_v2(json.loads(committed.read_text(encoding="utf-8")))))
    v2 = P._load(v2_path, P.NPP_EXPERIMENT)
    keys = [(r["family"], r["variant_id"], r["case_id"]) for r in v1["rows"]]
    assert keys == [(r["family"], r["variant_id"], r["case_id"]) for r in v2["rows"]]
    assert keys[0] == ("peers.npp", "peers.npp/scharr_pyramid/k3", "peers.npp/scharr_pyramid/k3")
    broken = json.loads(v2_path.read_text())
    broken["rows"][0]["family"] = "peers.cupy"
    v2_path.write_text(json.dumps(broken))
    with pytest.raises(P.R.ResultError, match="family 'peers.cupy' but peer 'npp'"):
        P._load(v2_path, P.NPP_EXPERIMENT)


def test_npp_at_its_best_beside_its_exact_border():
    w = {"border": "BORDER_CONSTANT (0)", "peers": {}}
    exact = {"status": "measured", "kind": "event", "ms": stats(0.18, 0.17, 0.19), "roofline_fraction": 0.2}
    row = {"case_id": "peers.npp/sepconv5/4096", "library": "NVIDIA NPP", "runs_on": "cuda_device", "timing": "events",
           "status": "measured", "method": "pad_constant0+row_column_border",
           "methods": [{"method": "constant", "status": "not_supported"},
                       {"method": "replicate_a", "status": "other_border", "border": "replicate",
                        "judged_from_edge_px": 2, "event_ms": stats(0.12, 0.11, 0.13)},
                       {"method": "replicate_b", "status": "other_border", "border": "replicate",
                        "judged_from_edge_px": 2, "event_ms": stats(0.09, 0.08, 0.10)}]}
    P._npp_best_border(w, row, exact)
    native = w["peers"]["npp_native"]
    assert native["method"] == "replicate_b" and native["ms"]["median"] == 0.09
    assert "padding" in exact["handicap"] and "only from 2 px inside the edges" in native["handicap"]
    assert native["roofline_fraction"] == pytest.approx(0.4)
    # NPP's best is the fastest measured peer, and the baseline a claim or target takes.
    w["peers"]["npp"] = dict(exact, runs_on="cuda_device")
    assert P.fastest_peer(w, ("cuda_device",))[0] == "npp_native"
    # An exact row already faster than every other-border method stands alone.
    w2 = {"border": "BORDER_CONSTANT (0)", "peers": {}}
    P._npp_best_border(w2, row, {"status": "measured", "ms": stats(0.05, 0.04, 0.06)})
    assert "npp_native" not in w2["peers"]


def test_npp_best_border_on_the_committed_h200_run(generated):
    from analysis_helpers import load_json
    summary = load_json(generated / "peers_summary.json")
    h200 = next(d for d in summary["devices"] if d["name"] == "NVIDIA H200")
    w = next(w for w in h200["workloads"] if w["workload"] == "sepconv5")
    exact, native = w["peers"]["npp"], w["peers"]["npp_native"]
    assert native["ms"]["median"] < exact["ms"]["median"] and native["handicap"] and exact["handicap"]


def _measured(median: float, kind: str = "event") -> dict:
    return {"status": "measured", "kind": kind, "runs_on": "cuda_device", "ms": stats(median, median * 0.9, median * 1.1)}


def _fl(benchmark: str, kernels: dict, median: float, **extra) -> dict:
    return {"source": "imagecl", "id": benchmark, "benchmark": benchmark, "side": 1000, "kernels": kernels, "commit": "c",
            "kernel_ms": stats(median, median * 0.9, median * 1.1), "wall_ms": stats(median * 2, median, median * 3), **extra}


def test_gpu_targets_take_npp_at_its_best_tiled_amd_and_the_exact_mode():
    sep = {"workload": "sepconv5", "width": 1000,
           "peers": {"npp": _measured(1.0), "npp_native": {**_measured(0.5), "handicap": "own border"}},
           "filterlab": _fl("sepconv_fused", {"sepconv_fused": False}, 0.2,
                            tiled_amd={"kernel_ms": stats(0.19, 0.18, 0.2), "handicap": "other weights"})}
    u8 = {"workload": "conv2d5_u8", "width": 1000, "peers": {"npp": _measured(0.9)},
          "filterlab": _fl("conv2d_u8", {"conv2d_u8": False}, 0.1,
                           exact_mode=_fl("conv2d_u8", {"conv2d_u8": True}, 0.3, id="exact1"))}
    summary = {"devices": [{"name": "GPU A", "slug": "gpu-a", "type": "GPU", "workloads": [sep, u8]}]}
    rows = {t["target"]: t for t in P.targets(summary)}
    npp = next(t for k, t in rows.items() if "NPP at its best" in k)
    assert npp["peer"] == "npp_native" and npp["value"] == pytest.approx(2.5) and npp["met"]
    tiled = next(t for k, t in rows.items() if "tiled.amd" in k)
    assert tiled["value"] == pytest.approx(0.95) and not tiled["met"]  # 0.19 / 0.2 < 1 / 1.05
    exact = next(t for k, t in rows.items() if "contraction off" in k)
    assert exact["value"] == pytest.approx(3.0) and exact["met"] and exact["imagecl_id"] == "exact1"
    assert exact["imagecl_kernel_ms"] == pytest.approx(0.3)
    # Without roofline results the binding-floor targets have no figure and are not met.
    binding = [t for k, t in rows.items() if "binding roofline" in k]
    assert binding and all(t["value"] is None and not t["met"] for t in binding)
    md = P.targets_md(list(rows.values()))
    assert "NO" in md and "own border" in md


def test_pipeline_floors_use_the_contracted_fp32_floor_unless_built_exact():
    from filterlab_analysis import roofline as RL
    from test_roofline import COUNTS, RATES
    roof = {"counts": {"conv2d_u8": COUNTS}, "rates": RATES}
    loose = P.pipeline_floors(roof, _fl("conv2d_u8", {"conv2d_u8": False}, 1.0))
    exact = P.pipeline_floors(roof, _fl("conv2d_u8", {"conv2d_u8": True}, 1.0))
    assert loose["floors_ms"]["fp32"] == pytest.approx(RL.floors(COUNTS, 1e6, RATES, contracted=True)["floors_ms"]["fp32"])
    assert exact["floors_ms"]["fp32"] == pytest.approx(RL.floors(COUNTS, 1e6, RATES)["floors_ms"]["fp32"])
    assert loose["floors_ms"]["fp32"] < exact["floors_ms"]["fp32"]
    assert exact["fraction"] == pytest.approx(max(exact["floors_ms"].values()) / 1.0)
    assert exact["memory_fraction"] == pytest.approx(exact["floors_ms"]["memory"] / 1.0)
    assert P.pipeline_floors(roof, _fl("sepconv", {"sepconv_row": False}, 1.0)) is None  # no counts
    # No copy of the pipeline's bytes at its side in the roofline result: no copy figure.
    assert loose["copy_ms"] is None and loose["copy_fraction"] is None
    copies = {"conv2d_u8": {"side": 1000, "bytes_moved": 2 * 1000 * 1000, "GBps": 8.0, "ms": {"median": 0.25}}}
    timed = P.pipeline_floors({**roof, "copies": copies}, _fl("conv2d_u8", {"conv2d_u8": False}, 1.0))
    assert timed["copy_ms"] == pytest.approx(0.25) and timed["copy_fraction"] == pytest.approx(0.25)


def test_cpu_targets_judge_imagecl_and_halide_against_the_workloads_own_floor(monkeypatch):
    from filterlab_analysis import roofline as RL
    from test_roofline import COUNTS, RATES
    fused = {**COUNTS, "compulsory_bytes": 8}
    roof = {"counts": {"sepconv_fused": fused}, "rates": RATES,
            "copies": {"sepconv_fused": {"side": 1000, "bytes_moved": 8 * 1000 * 1000, "ms": {"median": 0.1}}}}
    halide = {**_measured(0.4, "wall"), "runs_on": "cpu"}
    # ImageCL's fastest pipeline is the unfused one: it is still judged against the fused kernel's floor.
    sep = {"workload": "sepconv5", "width": 1000, "peers": {"halide_cpu": halide},
           "filterlab": _fl("sepconv", {"sepconv_row": False, "sepconv_col": False}, 0.5)}
    summary = {"devices": [{"name": "CPU A", "slug": "cpu-a", "type": "CPU", "workloads": [sep]}]}
    row = P.targets(summary)[0]
    assert row["binding"] is None and "imagecl_floor_fraction" not in row  # no roofline result: no floor
    monkeypatch.setattr(P, "_roofline_devices", lambda results: {"cpu-a": roof})
    row = P.targets(summary, "results")[0]
    want = RL.floors(fused, 1e6, RATES, contracted=True)
    assert row["binding"] == want["binding"] and row["floor_ms"] == pytest.approx(want["floor_ms"])
    assert row["imagecl_floor_fraction"] == pytest.approx(want["floor_ms"] / 1.0)  # wall, the target's basis
    assert row["peer_floor_fraction"] == pytest.approx(want["floor_ms"] / 0.4)
    assert row["copy_ms"] == pytest.approx(0.1) and row["copy_fraction"] == pytest.approx(0.2)
    assert row["value"] == pytest.approx(0.4) and not row["met"]  # Halide's wall 0.4 over ImageCL's 1.0
    md = P.targets_md([row])
    assert f"ImageCL {want['floor_ms'] / 1.0:.2f}" in md and f"{want['floor_ms'] / 0.4:.2f}" in md
    tex = P.targets_tex([row])
    assert f"({want['floor_ms'] / 1.0:.2f}/{want['floor_ms'] / 0.4:.2f})" in tex
