"""imagecl_portability.py: the portability matrix, Pennycook's PP, Study 6's claims C7 and C8, and
the experiment's schema, on synthetic result files built from the committed Study 6a results (their
tuned rows, their complete provenance) and on the committed results themselves."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest

from analysis_helpers import load_json
from filterlab_analysis.paths import RESULTS
from filterlab_analysis import claims as C
from filterlab_analysis import imagecl_portability as IP

SLUGS = sorted(p.stem for p in (RESULTS / "imagecl").glob("*.json"))
GPU = next(s for s in SLUGS if s.startswith("nvidia"))
CPUS = [s for s in SLUGS if s != GPU]


def _samples(row: dict, key: str, f: float) -> list[float]:
    """The row's median of `key` x f, as many samples as it has, spread by 1 %: the verdicts built on
    them follow from the factors alone, not from the noise of the committed samples."""
    m = row[key]["median"] * f
    return [m * (1 + 0.01 * (i % 3 - 1)) for i in range(len(row["samples_" + key]))]


def _stats(row: dict, key: str, f: float) -> dict:
    """The statistics of _samples(row, key, f), in the committed rows' fields."""
    m, n = row[key]["median"] * f, row[key].get("n", len(row["samples_" + key]))
    lo, hi = m * 0.99, m * 1.01
    return {**row[key], "median": m, "q1": lo, "q3": hi, "ci95_low": lo, "ci95_high": hi, "min": lo, "max": hi, "n": n}


def fake_result(target: str, factors: dict[str, float | str], paper: float | None = None) -> dict:
    """A portability result on `target` as the C++ writes it: per source device (factors' keys), the
    source's tuned configuration of every kernel, timed at `factor` x the target's own tuned time
    (1 for the target itself; samples from _samples), or listed as unsupported (factor
    "unsupported"); with `paper`, each unfused benchmark again with the paper's transformations
    alone at paper x that time."""
    own = load_json(RESULTS / "imagecl" / f"{target}.json")
    prov = copy.deepcopy(own["provenance"])
    for key in ("samples_per_kernel", "spaces", "tuning_database"):
        prov.pop(key, None)
    prov["sources"] = [{"device_slug": s, "device": load_json(RESULTS / "imagecl" / f"{s}.json")["provenance"]["device"],
                        "file": f"results/tuning/{s}.json", "commit": "a" * 40} for s in factors]
    tuned = [r for r in own["rows"] if r.get("tuned")]
    rows, unsupported = [], []
    for s, f in factors.items():
        src = {r["kernel"]: r for r in load_json(RESULTS / "imagecl" / f"{s}.json")["rows"] if r.get("tuned")}
        for bench in IP.PIPELINES:
            if f == "unsupported":
                unsupported.append({"benchmark": bench, "source_device_slug": s, "source_device": s,
                                    "variant_ids": [src[k]["variant_id"] for k in IP.PIPELINE_KERNELS[bench]],
                                    "kind": "device_limit", "unsupported": "work-group of 16384 work-items > the device's 1024"})
                continue
            for r in tuned:
                if r["benchmark"] != bench:
                    continue
                row = {k: v for k, v in r.items() if k not in ("tuned", "resources")}
                vid = src[r["kernel"]]["variant_id"]
                row.update(variant_id=vid, case_id=f"{vid}/{r['width']}x{r['height']}/from:{s}",
                           source_device_slug=s, source_device=s, source_tuning_commit="a" * 40,
                           source_found_by="test", source_time_ms=1.0, own=s == target,
                           kernel_ms=_stats(r, "kernel_ms", f), wall_ms=_stats(r, "wall_ms", f),
                           samples_kernel_ms=_samples(r, "kernel_ms", f), samples_wall_ms=_samples(r, "wall_ms", f))
                rows.append(row)
                if paper is not None and bench in IP.WORKLOADS:
                    twin = copy.deepcopy(row)
                    twin.update(transformations="paper", case_id=row["case_id"] + "/paper",
                                kernel_ms=_stats(row, "kernel_ms", paper), wall_ms=_stats(row, "wall_ms", paper),
                                samples_kernel_ms=_samples(row, "kernel_ms", paper),
                                samples_wall_ms=_samples(row, "wall_ms", paper))
                    rows.append(twin)
    return {"schema": "filterlab.result/2", "schema_version": 2, "experiment": IP.EXPERIMENT,
            "provenance": prov, "rows": rows, "unsupported": unsupported, "missing": []}


def results_with(tmp_path: Path, files: dict[str, dict]) -> Path:
    """A results directory: the committed results plus these portability files."""
    root = tmp_path / "results"
    shutil.copytree(RESULTS, root, ignore=shutil.ignore_patterns("logs", "cache", IP.EXPERIMENT))
    (root / IP.EXPERIMENT).mkdir()
    for slug, data in files.items():
        (root / IP.EXPERIMENT / f"{slug}.json").write_text(json.dumps(data))
    return root


# ---------------------------------------------------------------------------------------------
# Pennycook's metric


def test_pennycook_is_the_harmonic_mean_and_zero_where_unsupported():
    e = lambda m: {"median": m, "lo": m, "hi": m}  # noqa: E731
    assert IP.pennycook([e(1.0), e(0.5)])["median"] == pytest.approx(2 / 3)
    assert IP.pennycook([e(1.0), e(0.0)])["median"] == 0.0
    assert IP.pennycook([e(1.0), None]) is None
    assert IP.pennycook([]) is None


# ---------------------------------------------------------------------------------------------
# the matrix and S6.C7


def _c7(summary: dict, target: str, bench: str) -> C.Part:
    return IP.retuning_claim({"portability": summary, "device": {"slug": target}, "bench": bench})


def test_matrix_cells_and_retuning_holds_when_every_other_configuration_is_slow(tmp_path):
    target = CPUS[0]
    root = results_with(tmp_path, {target: fake_result(target, {target: 1.0, GPU: 5.0, CPUS[1]: 2.0})})
    s = IP.summarize(root)
    assert not s["no_data"]
    cell = s["matrix"]["conv2d_u8"]["cells"][target]
    assert cell[target]["efficiency"] == {"median": 1.0, "lo": 1.0, "hi": 1.0}
    assert cell[GPU]["efficiency"]["median"] == pytest.approx(0.2)
    assert cell[CPUS[1]]["efficiency"]["median"] == pytest.approx(0.5)
    for bench in IP.WORKLOADS:
        part = _c7(s, target, bench)
        assert part.verdict == C.HOLDS, part.detail
    assert _c7(s, GPU, "sepconv").verdict == C.NO_DATA  # no result on the GPU


def test_retuning_fails_when_another_configuration_is_as_fast(tmp_path):
    target = CPUS[0]
    root = results_with(tmp_path, {target: fake_result(target, {target: 1.0, GPU: 5.0, CPUS[1]: 1.0})})
    part = _c7(IP.summarize(root), target, "conv2d_u8")
    assert part.verdict == C.FAILS, part.detail


def test_a_configuration_clearly_faster_than_the_targets_own_is_named(tmp_path):
    """A source's configuration whose interval lies above the target's own is listed, with both
    times; one as fast as the target's own, or slower, is not."""
    target = CPUS[0]
    root = results_with(tmp_path, {target: fake_result(target, {target: 1.0, GPU: 0.5, CPUS[1]: 1.0})})
    s = IP.summarize(root)
    cells = IP.beaten_own(s)
    assert cells and {c["source"] for c in cells} == {GPU} and {c["target"] for c in cells} == {target}
    assert all(c["efficiency"]["median"] == pytest.approx(2.0) for c in cells)
    assert {c["pipeline"] for c in cells} == set(s["matrix"])
    sentence = IP.beaten_own_sentence(s)
    assert sentence.count("against its own") == len(cells) and "2.00 [" in sentence
    assert "BeatenOwnSentence}{on " in IP.macros_tex(s)
    slow = results_with(tmp_path / "slow", {target: fake_result(target, {target: 1.0, GPU: 5.0, CPUS[1]: 1.0})})
    assert IP.beaten_own(IP.summarize(slow)) == [] and IP.beaten_own_sentence(IP.summarize(slow)) == "none"


def test_an_unsupported_configuration_counts_as_performing_poorly(tmp_path):
    target = CPUS[0]
    root = results_with(tmp_path, {target: fake_result(target, {target: 1.0, GPU: "unsupported", CPUS[1]: 3.0})})
    s = IP.summarize(root)
    assert s["matrix"]["harris"]["cells"][target][GPU]["status"] == "unsupported"
    assert s["matrix"]["harris"]["cells"][target][GPU]["efficiency"]["median"] == 0.0
    part = _c7(s, target, "harris")
    assert part.verdict == C.HOLDS and "unsupported" in part.detail


def test_one_configuration_everywhere_pp(tmp_path):
    """Every device a target: each source's configuration gets a PP over the three devices; an
    unsupported one makes it 0."""
    files = {GPU: fake_result(GPU, {GPU: 1.0, CPUS[0]: "unsupported", CPUS[1]: 4.0}),
             CPUS[0]: fake_result(CPUS[0], {GPU: 3.0, CPUS[0]: 1.0, CPUS[1]: 1.25}),
             CPUS[1]: fake_result(CPUS[1], {GPU: 3.0, CPUS[0]: 1.25, CPUS[1]: 1.0})}
    root = results_with(tmp_path, files)
    s = IP.summarize(root)
    pp = s["pp"]["conv2d_u8"]["pp"]
    assert pp[f"from:{CPUS[0]}:kernel"]["app:all"]["median"] == 0.0  # unsupported on the GPU
    own, gpu_everywhere = pp["imagecl:kernel"]["app:all"], pp[f"from:{GPU}:kernel"]["app:all"]
    assert own["devices"] == 3 and gpu_everywhere["median"] < own["median"]
    out = tmp_path / "out"
    assert IP.main(["--results", str(root), "--out", str(out)]) == 0
    assert "unsupported" in (out / "imagecl_portability_matrix.md").read_text()
    assert (out / "imagecl_portability_matrix.pdf").is_file()


# ---------------------------------------------------------------------------------------------
# S6.C8


def _pp_summary(imagecl: float, opencv: float, halide: float, npp: float) -> dict:
    v = lambda m: {"median": m, "lo": m * 0.95, "hi": min(1.0, m * 1.05), "devices": 3}  # noqa: E731
    pp = {"imagecl:wall": {"app:all": v(imagecl)}, "imagecl:kernel": {"app:all": v(imagecl)},
          "OpenCV": {"app:all": v(opencv)}, "Halide": {"app:all": v(halide)}, "NPP": {"app:all": v(npp)}}
    devices = {s: {"name": s} for s in SLUGS}
    return {"pp": {"sepconv": {"sets": {"all": SLUGS, "gpu": [GPU]}, "devices": devices, "pp": pp}}}


def test_pp_claim_holds_fails_and_is_inconclusive():
    ctx = lambda s: {"portability": s, "device": {"slug": GPU}, "bench": "sepconv"}  # noqa: E731
    assert IP.pp_claim(ctx(_pp_summary(0.8, 0.3, 0.4, 0.0))).verdict == C.HOLDS
    assert IP.pp_claim(ctx(_pp_summary(0.3, 0.3, 0.8, 0.0))).verdict == C.FAILS
    assert IP.pp_claim(ctx(_pp_summary(0.5, 0.49, 0.2, 0.0))).verdict == C.INCONCLUSIVE
    assert IP.pp_claim(ctx(None)).verdict == C.NO_DATA


# ---------------------------------------------------------------------------------------------
# the paper's transformations alone (S6.C1p-C5p, S6.C8p)


def test_paper_transformations_form_their_own_matrix_and_implementation(tmp_path):
    files = {t: fake_result(t, {s: 1.0 if s == t else 1.25 for s in SLUGS}, paper=2.0) for t in SLUGS}
    s = IP.summarize(results_with(tmp_path, files))
    for bench in IP.WORKLOADS:
        paper, ours = s["matrix"][bench + IP.PAPER], s["matrix"][bench]
        for t in SLUGS:
            assert paper["cells"][t][t]["efficiency"]["median"] == 1.0
            assert paper["cells"][t][t]["kernel"]["median"] == pytest.approx(2 * ours["cells"][t][t]["kernel"]["median"])
            impl = s["pp"][bench]["devices"][t]["impls"]["imagecl-paper:kernel"]
            assert impl["pipeline"] == bench + IP.PAPER and impl["stats"] == paper["cells"][t][t]["kernel"]
        pp = s["pp"][bench]["pp"]
        assert 0 < pp["imagecl-paper:kernel"]["app:all"]["median"] < pp["imagecl:kernel"]["app:all"]["median"]
    # The paper rows never enter FilterLab's matrices (their times are 2x, FilterLab's own 1x).
    for t in SLUGS:
        own = [r for r in files[t]["rows"] if r["benchmark"] == "conv2d_u8" and "transformations" not in r
               and r["source_device_slug"] == t]
        assert s["matrix"]["conv2d_u8"]["cells"][t][t]["kernel"]["median"] == pytest.approx(own[0]["kernel_ms"]["median"])
    assert IP.pp_claim({"portability": s, "bench": "sepconv", "device": {"slug": GPU}}, "imagecl-paper").verdict != C.NO_DATA


def test_paper_claims_compare_the_paper_pipeline_with_the_peers(tmp_path):
    from filterlab_analysis import tuning as TU
    files = {t: fake_result(t, {s: 1.0 for s in SLUGS}, paper=3.0) for t in SLUGS}
    root = results_with(tmp_path, files)
    out = tmp_path / "out"
    assert TU.main(["--results", str(root), "--out", str(out)]) == 0
    study = C.load_study(out / "tuning_claims.json")
    c1, c1p = study.outcome("S6.C1", GPU, "sepconv"), study.outcome("S6.C1p", GPU, "sepconv")
    assert c1.verdict != C.NO_DATA and c1p.verdict != C.NO_DATA
    assert "paper's transformations only" in c1p.detail
    # 3x the portability run's own time: the wall time quoted is three times that row's.
    own = [r for r in files[GPU]["rows"] if r["benchmark"] == "sepconv" and r.get("transformations") == "paper"
           and r["source_device_slug"] == GPU]
    assert R_fmt(sum(r["wall_ms"]["median"] for r in own)) in c1p.detail
    assert study.outcome("S6.C3p", GPU, "sepconv").verdict == C.NO_DATA  # a CPU claim
    assert study.outcome("S6.C2p", GPU, "harris").verdict == C.NO_DATA   # convolutions only


def R_fmt(ms: float) -> str:
    from filterlab_analysis import results as R
    return R.fmt_ms(ms)


# ---------------------------------------------------------------------------------------------
# the committed results (no portability results yet)


def test_committed_results_without_portability_say_no_data(tmp_path, capsys):
    s = IP.summarize(RESULTS)
    if not (RESULTS / IP.EXPERIMENT).is_dir():
        assert s["no_data"] and s["matrix"] == {}
        assert _c7(s, GPU, "sepconv").verdict == C.NO_DATA
    # PP of ImageCL's own tuning and of the peers comes from Study 6a and the peers: every device.
    for bench in IP.WORKLOADS:
        b = s["pp"][bench]
        assert sorted(b["sets"]["all"]) == SLUGS and b["sets"]["gpu"] == [GPU]
        assert b["pp"]["NPP"]["app:all"]["median"] == 0.0  # NPP runs on CUDA devices only
        assert b["pp"]["NPP"]["app:gpu"]["median"] > 0.0
        assert 0.0 < b["pp"]["imagecl:kernel"]["app:all"]["median"] <= 1.0
        assert IP.pp_claim({"portability": s, "bench": bench, "device": {"slug": GPU}}).verdict != C.NO_DATA
    out = tmp_path / "out"
    assert IP.main(["--results", str(RESULTS), "--out", str(out)]) == 0
    if s["no_data"]:
        assert "no data" in capsys.readouterr().out
        assert "no data" in (out / "imagecl_portability_matrix.md").read_text()
    assert r"\newcommand{\PortabilityThreshold}{0.8}" in (out / "imagecl_portability_macros.tex").read_text()


def test_make_all_runs_without_portability_results(generated):
    summary = load_json(generated / "imagecl_portability_summary.json")
    assert summary["experiment"] == IP.EXPERIMENT
    claims = load_json(generated / "tuning_claims.json")
    ids = [c["id"] for c in claims["claims"]]
    assert "S6.C7" in ids and "S6.C8" in ids
    assert "S6.C7" in (generated / "claims_ledger.md").read_text()


# ---------------------------------------------------------------------------------------------
# the result schema


def test_schema_accepts_a_result_and_refuses_broken_ones():
    T = pytest.importorskip("test_result_schemas")
    data = fake_result(CPUS[0], {CPUS[0]: 1.0, GPU: "unsupported", CPUS[1]: 2.0})
    assert T.errors(IP.EXPERIMENT, data) == []
    assert T.errors(IP.EXPERIMENT, data, 2) == []
    assert T.key_contract_problems(data) == []
    for breakage in (lambda d: d["rows"][0].pop("source_device_slug"),
                     lambda d: d["rows"][0].update(own="yes"),
                     lambda d: d["rows"][0].update(case_id=d["rows"][0]["variant_id"]),
                     lambda d: d["unsupported"][0].pop("unsupported"),
                     lambda d: d["provenance"].pop("sources"),
                     lambda d: d.pop("schema_version")):
        broken = copy.deepcopy(data)
        breakage(broken)
        assert T.errors(IP.EXPERIMENT, broken), breakage


def test_committed_portability_runs():
    """The committed runs: every target timed every source's pipelines, own on the diagonal where the
    target has a tuning result, and the 2-core's 64x8 Harris work-groups refused by the H100's driver."""
    s = IP.summarize(RESULTS)
    if s["no_data"]:
        pytest.skip("no committed imagecl_portability results")
    for p, m in s["matrix"].items():
        for target, col in m["cells"].items():
            if target in SLUGS:  # a device with its own tuning result
                assert col[target]["efficiency"] == {"median": 1.0, "lo": 1.0, "hi": 1.0}, (p, target)
    h100 = [t for t in s["matrix"]["harris"]["cells"] if t not in SLUGS]
    for t in h100:
        assert s["matrix"]["harris"]["cells"][t][CPUS[0] if "pthread" in CPUS[0] else CPUS[1]]["status"] == "unsupported"


def test_study6a_rows_of_a_superseded_tuning_are_not_the_devices_own(tmp_path):
    """A device retuned after Study 6a's run: its tuned rows time other configurations, so its own
    tuning's time comes from the portability run's own row instead."""
    root = results_with(tmp_path, {})
    slug = CPUS[0]
    assert IP._tuned_rows(root, slug)  # the committed results agree with their tuning
    tuning = load_json(root / "tuning" / f"{slug}.json")
    tuning["best"]["imagecl.conv2d_u8"]["variant_id"] += "/interior1"
    (root / "tuning" / f"{slug}.json").write_text(json.dumps(tuning))
    rows = IP._tuned_rows(root, slug)
    assert "conv2d_u8" not in rows and "sepconv" in rows
