"""scharr_single_storage.py: Study 2's images-versus-buffer table from the committed results."""

import json
import statistics

from filterlab_analysis import results as R
from filterlab_analysis import scharr_single_storage as S
from analysis_helpers import load_json
from filterlab_analysis.paths import RESULTS


def test_derive_matches_the_raw_samples():
    res = R.load_experiment(RESULTS, S.EXPERIMENT)
    summary = S.derive(res, RESULTS)
    raw = json.loads((RESULTS / S.EXPERIMENT / "nvidia-h200.json").read_text())
    h200 = next(d for d in summary["devices"] if d["device_slug"] == "nvidia-h200")
    by_id = {r["variant_id"] if "variant_id" in r else r["id"]: r for r in raw["rows"]}
    images5, buffer5 = by_id["scharr.single/images/k5/wg16x16"], by_id["scharr.single/buffer/k5/wg16x16"]
    ratio = next(r for r in h200["images_over_buffer"] if r["ksize"] == 5)
    assert ratio["images_over_buffer"] == images5["kernel_ms"]["median"] / buffer5["kernel_ms"]["median"]
    # the stored median is a median of the samples (type-7: the mean of the middle two for n = 30)
    assert images5["kernel_ms"]["median"] == statistics.median(images5["samples_kernel_ms"])
    best = max(h200["rows"], key=lambda r: r["roofline_fraction"])
    assert h200["best_roofline"]["roofline_fraction"] == best["roofline_fraction"]
    assert summary["overall"]["devices"] == 3


def test_table_shows_every_median(generated):
    summary = load_json(generated / "scharr_single_storage_summary.json")
    table = (generated / "scharr_single_storage_table.tex").read_text()
    assert table == S.table_tex(summary)
    for dev in summary["devices"]:
        for r in dev["rows"]:
            assert f"{R.fmt_ms(r['median_ms'])} [{R.fmt_ms(r['q1_ms'])}, {R.fmt_ms(r['q3_ms'])}]" in table
