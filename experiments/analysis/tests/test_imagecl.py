"""imagecl.py: the fastest sampled configuration per kernel, from synthetic results."""

from pathlib import Path

import imagecl as I
from conftest import stats


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
