"""results.py: loading and validating raw results, the row keys of both schema versions, and
number formatting."""

import json
import statistics
from pathlib import Path

import pytest

from filterlab_analysis import results as R
from filterlab_analysis.paths import RESULTS


def test_formatting_known_values():
    assert R.fmt_sig(0.23649) == "0.236"
    assert R.fmt_sig(9.996) == "10.0"
    assert R.fmt_sig(1234.4) == "1234"
    assert R.fmt_percent(0.2134) == "21.3"
    assert R.fmt_percent(0.00456) == "0.46"
    assert R.scale_text(4) == "1/4"
    assert R.macro_letters(0) == "A" and R.macro_letters(25) == "Z" and R.macro_letters(26) == "AA"
    assert R.join_and(["a", "b", "c"]) == "a, b and c"
    assert R.latex_escape("a_b & 5%") == r"a\_b \& 5\%"


def test_committed_rows_agree_with_their_samples():
    res = R.load_experiment(RESULTS, "scharr_single_storage", per_row=())
    assert len(res) == 3
    for dev in res:
        for row in dev.rows:
            assert row.family == "scharr.single"
            assert row.variant_id == row.case_id == f"scharr.single/{row.storage}/k{row.ksize}/wg16x16"
            s = sorted(row.samples_kernel_ms)
            assert statistics.median_low(s) <= row.kernel_ms.median <= statistics.median_high(s)
            assert row.roofline_fraction == pytest.approx(row.floor_ms / row.kernel_ms.median, rel=1e-9)


def test_legacy_and_new_row_keys():
    # Version-1 rows (before the row-key contract) as the tiled experiment wrote them.
    row = {"design": "tiled.amd", "variant": "tiled.amd/k5/wg8x8", "size": 512, "roi": "full",
           "id": "tiled.amd/k5/wg8x8/512/full"}
    count = {"design": "tiled.amd", "variant": "tiled.amd/k5/wg8x8", "image": 1024}
    assert R.row_keys(row, "tiled", Path("t"), "rows[0]") == (
        row["design"], row["variant"], f"{row['variant']}/{row['size']}/{row['roi']}")
    assert R.row_keys(count, "tiled", Path("t"), "counts[0]", "counts")[2] == f"{count['variant']}/counts/1024"
    new = {"family": "tiled.amd", "variant_id": "tiled.amd/k5/wg8x8", "case_id": "tiled.amd/k5/wg8x8/512/full"}
    assert R.row_keys(new, "tiled", Path("t"), "rows[0]") == tuple(new.values())
    with pytest.raises(R.ResultError, match="does not start with"):
        R.row_keys({**new, "case_id": "tiled.naive/k5/wg8x8/512/full"}, "tiled", Path("t"), "rows[0]")
    with pytest.raises(R.ResultError, match="neither the row keys"):
        R.row_keys({"design": "tiled.amd"}, "tiled", Path("t"), "rows[0]")


def test_check_schema_versions():
    assert R.check_schema({"schema": "filterlab.result/1"}, "filterlab.result", Path("f")) == 1
    assert R.check_schema({"schema": "filterlab.result/2", "schema_version": 2}, "filterlab.result", Path("f")) == 2
    with pytest.raises(R.ResultError, match="reads 'filterlab.result/2'"):
        R.check_schema({"schema": "filterlab.result/1", "schema_version": 2}, "filterlab.result", Path("f"))
    with pytest.raises(R.ResultError, match="schema_version is 3"):
        R.check_schema({"schema": "filterlab.result/3", "schema_version": 3}, "filterlab.result", Path("f"))


def test_a_wrong_floor_is_refused(tmp_path):
    src = RESULTS / "scharr_single_storage" / "nvidia-h200.json"
    data = json.loads(src.read_text())
    data["rows"][2]["floor_ms"] *= 1.0737  # GiB instead of GB
    bad = tmp_path / "nvidia-h200.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(R.ResultError, match=r"rows\[2\].floor_ms"):
        R.load_file(bad, "scharr_single_storage")
