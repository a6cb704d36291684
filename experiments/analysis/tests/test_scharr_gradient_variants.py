"""scharr_gradient_variants.py: Study 1's targets and fastest variants from the committed results."""

import json

import claims as C
import scharr_gradient_variants as G
from conftest import RESULTS, load_json


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
