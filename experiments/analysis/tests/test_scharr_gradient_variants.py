"""scharr_gradient_variants.py: Study 1's targets and fastest variants from the committed results."""

import json

import pytest

from filterlab_analysis import claims as C
from filterlab_analysis import scharr_gradient_variants as G
from analysis_helpers import load_json
from filterlab_analysis.paths import RESULTS


def test_target_is_the_best_roofline_row(generated):
    summary = load_json(generated / "scharr_gradient_variants_summary.json")
    raw = json.loads((RESULTS / G.EXPERIMENT / "nvidia-h200.json").read_text())
    rid = lambda r: r.get("variant_id", r.get("id"))  # noqa: E731 (schema_version 2, or 1)
    best = max(raw["rows"], key=lambda r: (r["roofline_fraction"], rid(r)))
    h200 = next(d for d in summary["devices"] if d["device_slug"] == "nvidia-h200")
    target = h200["target"]["pyramid"]
    assert target["id"] == rid(best)
    assert target["roofline_fraction"] == best["roofline_fraction"]
    assert target["met"] == (best["roofline_fraction"] >= G.PYRAMID_TARGET)
    # the fastest 3x3 variant is the row with the smallest median
    k3 = min((r for r in raw["rows"] if r["ksize"] == 3), key=lambda r: (r["kernel_ms"]["median"], rid(r)))
    assert next(f for f in h200["fastest"] if f["ksize"] == 3)["best"]["id"] == rid(k3)


def test_claims_are_judged_on_every_device(generated):
    summary = load_json(generated / "scharr_gradient_variants_summary.json")
    study = G.evaluate_claims(summary)
    assert study.id == "S1" and len(study.devices) == 3
    for claim in study.claims:
        for dev in study.devices:
            for cond in study.conditions:
                part = study.outcome(claim.id, dev.slug, cond)
                assert part is not None and part.verdict in C.VERDICTS
    saved = C.load_study(generated / "scharr_gradient_variants_claims.json")
    assert {c.id: {d.slug: saved.outcome(c.id, d.slug, "images").verdict for d in saved.devices}
            for c in saved.claims} == \
           {c.id: {d.slug: study.outcome(c.id, d.slug, "images").verdict for d in study.devices}
            for c in study.claims}


def test_expected_copy_pattern():
    assert G.short("scharr.double_local") == "double+local"
    assert G.expected_copy("scharr.single", 3) == "none"
    # the article's rule for the local-memory families: remap copy up to 7x7, two loops at 9x9
    assert [G.expected_copy("scharr.double_local", k) for k in (5, 7, 9)] == ["remap", "remap", "2loop"]


def _level0_obj(samples: list[float]) -> dict:
    s = sorted(samples)
    med = (s[len(s) // 2 - 1] + s[len(s) // 2]) / 2 if len(s) % 2 == 0 else s[len(s) // 2]
    floor = G.BYTES_PER_PIXEL * 4 * 2 / (100.0 * 1e9) * 1e3
    return {"width": 4, "height": 2, "bytes_min": G.BYTES_PER_PIXEL * 8, "floor_ms": floor,
            "roofline_fraction": floor / med, "samples_kernel_ms": samples,
            "kernel_ms": {"min": s[0], "q1": s[0], "median": med, "q3": s[-1], "max": s[-1],
                          "ci95_low": s[0], "ci95_high": s[-1], "n": len(s)}}


def test_level0_samples_checked_one_by_one_only_within_the_pyramids_enqueue():
    import pytest
    from pathlib import Path
    from filterlab_analysis import results as R
    prov = {"repetitions": 3, "level0_width": 4, "level0_height": 2, "copy_bandwidth_GBps": 100.0}
    pyramid = (36.0, 42.0, 37.0)
    # One noisy level-0 sample (timed in its own enqueue) above the pyramid's: accepted.
    G._level0(_level0_obj([6.5, 42.9, 6.6]), "rows[0].level0", pyramid, prov, Path("x.json"))
    # Timed within the pyramid's own enqueue, each sample is part of the pyramid's: checked one by one.
    with pytest.raises(R.ResultError, match=r"samples_kernel_ms\[1\]' \(42.9 ms"):
        G._level0({**_level0_obj([6.5, 42.9, 6.6]), "timed_with_pyramid": True}, "rows[0].level0", pyramid, prov,
                  Path("x.json"))
    G._level0({**_level0_obj([6.5, 41.9, 6.6]), "timed_with_pyramid": True}, "rows[0].level0", pyramid, prov,
              Path("x.json"))
    # Level 0 slower than the whole pyramid in the median: a bookkeeping error.
    with pytest.raises(R.ResultError, match="exceeds the whole pyramid's median"):
        G._level0(_level0_obj([40.0, 41.0, 42.9]), "rows[0].level0", pyramid, prov, Path("x.json"))


def test_design_facts_come_from_the_variant_catalogue(tmp_path):
    # Every Scharr sub-family of the catalogue (experiments/variants.json) has a label and its facts;
    # the launch counts follow from the design (d/dx and d/dy together or apart, separable passes).
    designs = G.scharr_designs()
    assert set(designs) == set(G.FAMILIES) == set(G.LABELS)
    for name, d in designs.items():
        assert G.FAMILIES[name][1] == (1 if d["both"] else 2) * (2 if d["separable"] else 1)
        assert G.FAMILIES[name][2] == ("none" if not d["local"] else d["copy"])
    assert G.BUFFER_ONLY == G.ONE_LAUNCH == {"scharr.double_predefined_rows8_onelaunch"}
    missing = tmp_path / "variants.json"
    with pytest.raises(SystemExit, match="make registry"):
        G.scharr_designs(missing)
    missing.write_text('{"families": []}')
    with pytest.raises(SystemExit, match="variant catalogue"):
        G.scharr_designs(missing)
