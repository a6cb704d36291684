"""imagecl.py: the fastest sampled configuration per kernel, from synthetic results."""

from pathlib import Path

from filterlab_analysis import imagecl as I
from analysis_helpers import stats


def _row(kernel: str, vid: str, median: float, side: int = 64) -> dict:
    return {"family": f"imagecl.{kernel}", "variant_id": vid, "case_id": f"{vid}/{side}x{side}",
            "kernel": kernel, "width": side, "height": side, "kernel_ms": stats(median, median * 0.9, median * 1.1)}


def test_fastest_and_slowest_per_kernel():
    data = {"provenance": {"device_slug": "dev", "device": "Dev", "commit": "c" * 40, "commit_dirty": False,
                           "scale": 2, "spaces": {"conv2d_u8": {"configurations": 100, "sampled": 3}}},
            "rows": [_row("conv2d_u8", "imagecl.conv2d_u8/a", 2.0), _row("conv2d_u8", "imagecl.conv2d_u8/b", 0.5),
                     _row("conv2d_u8", "imagecl.conv2d_u8/c", 3.5), _row("harris_sobel", "imagecl.harris_sobel/x", 1.0, 32)],
            "unsupported": [{"benchmark": "conv2d_u8"}]}
    s = I.derive([(Path("dev.json"), data)])
    k = s["devices"][0]["kernels"]
    assert k["conv2d_u8"] == {"configurations": 100, "sampled": 3, "timed": 3, "side": 64, "fastest_ms": 0.5,
                              "slowest_ms": 3.5, "fastest_id": "imagecl.conv2d_u8/b"}
    assert k["harris_sobel"]["side"] == 32 and k["sepconv_row"]["timed"] == 0
    assert s["devices"][0]["unsupported"] == 1
    tex = I.macros_tex(s)
    assert "4 configurations timed (image sides 32, 64), 1 pipelines" in tex


# The lines FilterLab keeps from NVIDIA's -cl-nv-verbose build log (driver 580, H200).
PTXAS = """ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function 'conv2d_u8' for 'sm_90'
ptxas info    : Function properties for conv2d_u8
    0 bytes stack frame, 8 bytes spill stores, 12 bytes spill loads
ptxas info    : Used 168 registers, 380 bytes cmem[0]
"""


def test_parse_ptxas_report():
    assert I.parse_ptxas(PTXAS) == {"registers": 168, "spill_store_bytes": 8, "spill_load_bytes": 12,
                                    "stack_bytes": 0, "target": "sm_90"}
    assert I.parse_ptxas("(the driver printed no ptxas report for k)")["registers"] is None
    assert I.parse_ptxas(PTXAS.replace("'sm_90'", "'sm_90a'"))["target"] == "sm_90"  # driver 580's target


def test_sm90_occupancy_by_registers_threads_and_local_memory():
    assert I.sm90_occupancy(32, 256, 0) == 1.0      # 8 warps x 8 work-groups
    assert I.sm90_occupancy(128, 128, 0) == 0.25    # 4096 registers a warp: 16 warps
    assert I.sm90_occupancy(168, 128, 0) == 0.1875  # 5376 a warp: 12 warps, 3 work-groups of 4
    assert I.sm90_occupancy(32, 256, 48 * 1024) == 4 * 8 / 64  # local memory: 4 work-groups


def test_tuned_rows_resources_table():
    row = {**_row("conv2d_u8", "imagecl.conv2d_u8/t", 0.15), "tuned": True, "local_size": [8, 16], "local_bytes": 0,
           "resources": {"max_work_group_size": 256, "preferred_work_group_multiple": 32, "private_bytes": 0,
                         "local_bytes": 0, "compiler_report": PTXAS}}
    data = {"provenance": {"device_slug": "dev", "device": "Dev", "commit": "c" * 40, "commit_dirty": False,
                           "scale": 1, "spaces": {}},
            "rows": [row, _row("conv2d_u8", "imagecl.conv2d_u8/u", 0.3)], "unsupported": []}
    s = I.derive([(Path("dev.json"), data)])
    (x,) = s["devices"][0]["resources"]
    assert (x["registers"], x["threads"], x["occupancy"]) == (168, 128, 0.1875)
    tex = I.resources_tex(s)
    assert r"Dev & conv2d\_u8 & 128 & 0.150 & 168 & 20 & 256 & 19\% \\" in tex
    empty = I.resources_tex({"devices": []})
    assert "no tuned kernel" in empty
