"""roofline.py: the floors' arithmetic, the loader's checks and the outputs, on synthetic results
shaped like `filterlab run roofline` writes them (experiments/schemas/roofline.schema.json)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from filterlab_analysis import roofline as RL
from filterlab_analysis import results as R
from filterlab_analysis.paths import SCHEMAS

# A device's ceilings (rates_of form): copy 100 GB/s, 50 G mul-or-add/s, 100 GFLOP/s of fma
# (50 G fma instructions/s), the faster int-to-float probe 20 G/s, float-to-int 5 G/s.
RATES = {"copy_GBps": 100.0, "fp32_exact_GFLOPs": 50.0, "fp32_fma_GFLOPs": 100.0,
         "int_to_float_Gps": 20.0, "float_to_int_Gps": 5.0, "local_GBps": 400.0}
COUNTS = {"known": True, "fp32_add": 10, "fp32_mul": 6, "fp32_fma": 4, "fp32_other": 1,
          "int_to_float": 9, "float_to_int": 1, "image_reads": 9, "compulsory_bytes": 2,
          "compulsory_int_to_float": 1, "compulsory_float_to_int": 1}


# ---------------------------------------------------------------------------------------------
# floors


def test_each_floor_is_its_count_over_its_rate():
    f = RL.floors(COUNTS, 1e6, RATES)
    ms = f["floors_ms"]
    # memory: 2 B/px x 1e6 px at 100 GB/s = 2e6 / 1e11 s
    assert ms["memory"] == pytest.approx(0.02)
    # FP32 as written: 10 + 6 + 1 instructions at 50 G/s, 4 fmas at 100 / 2 = 50 G/s
    assert ms["fp32"] == pytest.approx((17 / 50e9 + 4 / 50e9) * 1e6 * 1e3)
    assert ms["fp32"] == pytest.approx(0.42)
    # conversions: the compulsory 1 at 20 G/s plus 1 at 5 G/s; as counted, 9 plus 1
    assert ms["conversion"] == pytest.approx((1 / 20e9 + 1 / 5e9) * 1e9)
    assert ms["conversion"] == pytest.approx(0.25)
    assert f["conversion_as_counted_ms"] == pytest.approx((9 / 20e9 + 1 / 5e9) * 1e9)
    assert "local" not in ms  # the counts give no local bytes
    assert f["binding"] == "fp32" and f["floor_ms"] == pytest.approx(0.42)


def test_an_fma_is_one_instruction_at_half_the_fma_flop_rate():
    only_fma = {**COUNTS, "fp32_add": 0, "fp32_mul": 0, "fp32_other": 0, "fp32_fma": 10}
    slow_fma = {**RATES, "fp32_fma_GFLOPs": 20.0}  # 10 G fma instructions/s
    assert RL.floors(only_fma, 1e6, slow_fma)["floors_ms"]["fp32"] == pytest.approx(1.0)
    # and the no-contraction rate plays no part in it
    assert RL.floors(only_fma, 1e6, {**slow_fma, "fp32_exact_GFLOPs": 1e-3})["floors_ms"]["fp32"] == \
        pytest.approx(1.0)


def test_contraction_fuses_each_mul_with_an_add():
    ms = RL.floors(COUNTS, 1e6, RATES, contracted=True)["floors_ms"]
    # 6 muls fused with 6 adds: 4 + 6 = 10 fmas at 50 G/s, 4 adds + 1 other at 50 G/s
    assert ms["fp32"] == pytest.approx((10 / 50e9 + 5 / 50e9) * 1e9)
    assert ms["fp32"] < RL.floors(COUNTS, 1e6, RATES)["floors_ms"]["fp32"]
    # floors scale with the pixels
    assert RL.floors(COUNTS, 2e6, RATES, True)["floors_ms"]["fp32"] == pytest.approx(2 * ms["fp32"])


def test_the_binding_ceiling_is_the_largest_floor():
    assert RL.floors(COUNTS, 1e6, {**RATES, "copy_GBps": 1.0})["binding"] == "memory"
    assert RL.floors(COUNTS, 1e6, {**RATES, "fp32_exact_GFLOPs": 1.0})["binding"] == "fp32"
    local = RL.floors({**COUNTS, "local_bytes": 1000}, 1e6, RATES)
    assert local["floors_ms"]["local"] == pytest.approx(1000 / 400e9 * 1e9)
    assert local["binding"] == "local"


def test_floors_refuse_unknown_counts_and_work_without_a_rate():
    with pytest.raises(ValueError, match="not known"):
        RL.floors({**COUNTS, "known": False}, 1e6, RATES)
    with pytest.raises(ValueError, match="float to int"):
        RL.floors(COUNTS, 1e6, {**RATES, "float_to_int_Gps": 0})
    # no work of a kind needs no rate for it
    no_cvt = {**COUNTS, "int_to_float": 0, "float_to_int": 0, "compulsory_int_to_float": 0,
              "compulsory_float_to_int": 0}
    rates = {k: v for k, v in RATES.items() if k not in ("int_to_float_Gps", "float_to_int_Gps")}
    assert RL.floors(no_cvt, 1e6, rates)["floors_ms"]["conversion"] == 0


# ---------------------------------------------------------------------------------------------
# synthetic result files


def _stats(samples: list[float]) -> dict:
    s = sorted(samples)

    def q(p):  # type 7, numpy's default
        h = (len(s) - 1) * p
        lo = int(h)
        return s[lo] + (h - lo) * (s[min(lo + 1, len(s) - 1)] - s[lo])
    return {"median": q(0.5), "q1": q(0.25), "q3": q(0.75), "ci95_low": s[0], "ci95_high": s[-1],
            "min": s[0], "max": s[-1], "n": len(s)}


PROBE_SPEC = {  # probe -> (work unit, work per op)
    "fp32_exact": ("flop", 1), "fp32_fma": ("flop", 2), "cvt_u8_f32": ("conversion", 1),
    "cvt_u16_f32": ("conversion", 1), "cvt_f32_u8": ("conversion", 1), "local_f32": ("byte", 4),
    "local_u8": ("byte", 1)}
OPS = 1e9  # operations per launch: a rate in G/s is work_per_op / (median time in s)
TIMES_MS = {"fp32_exact": 20.0, "fp32_fma": 20.0, "cvt_u8_f32": 50.0, "cvt_u16_f32": 40.0,
            "cvt_f32_u8": 1000.0, "local_f32": 10.0, "local_u8": 20.0}
COPY_BYTES = 1 << 27


def probe_row(probe: str, ms: float) -> dict:
    unit, per_op = PROBE_SPEC[probe]
    samples = [ms * 0.98, ms, ms * 1.03]
    k = _stats(samples)
    giga = OPS * per_op / 1e9
    fam = f"roofline.{probe}"
    return {"probe": probe, "description": probe, "work_unit": unit, "rate_unit": RL.UNITS[unit],
            "ops_per_launch": OPS, "work_per_op": per_op, "work_per_launch": OPS * per_op,
            "global_size": 1024, "local_size": 256, "chains": 16, "iterations": 4096,
            "build_options": "-cl-std=CL1.2 -DFL_CHAINS=16", "kernel_program_sha256": "a" * 64,
            "check": "33 work-items equal the host's exact replay",
            "rate": {"median": giga / (k["median"] * 1e-3), "ci95_low": giga / (k["ci95_high"] * 1e-3),
                     "ci95_high": giga / (k["ci95_low"] * 1e-3)},
            "kernel_ms": k, "wall_ms": _stats([x + 0.1 for x in samples]),
            "samples_kernel_ms": samples, "samples_wall_ms": [x + 0.1 for x in samples],
            "family": fam, "variant_id": fam, "case_id": fam}


def result(slug: str, device: str, times: dict | None = None, copy_ms: float = 10.0,
           counts: dict | None = None) -> dict:
    times = {**TIMES_MS, **(times or {})}
    copy_k, copy_e = [copy_ms, copy_ms * 1.01, copy_ms * 0.99], [copy_ms * 2] * 3
    moved = 2.0 * COPY_BYTES / 1e9
    ks, es = _stats(copy_k), _stats(copy_e)
    copy_block = {"bytes_per_copy": COPY_BYTES, "kernel_GBps": moved / (ks["median"] * 1e-3),
                  "enqueue_copy_GBps": moved / (es["median"] * 1e-3), "kernel_ms": ks,
                  "enqueue_copy_ms": es, "split_copy_GBps": 1.0, "split_copy_ms": ks}
    prov = {"device": device, "device_slug": slug, "device_type": "GPU", "vendor": "v",
            "platform": "p", "platform_version": "OpenCL 3.0", "device_version": "OpenCL 3.0",
            "driver_version": "1.0", "opencl_c_version": "OpenCL C 1.2", "compute_units": 2,
            "global_mem_bytes": 1 << 30, "local_mem_bytes": 65536, "max_alloc_bytes": 1 << 28,
            "max_work_group_size": 1024, "image_support": True, "image2d_max": [1, 1],
            "image_max_buffer_size": 1, "image_max_array_size": 1, "timer_resolution_ns": 1,
            "host": "h", "commit": "c" * 40, "commit_dirty": False, "filterlab_version": "0.1",
            "date": "2026-01-01T00:00:00Z", "kernel_sources": {"probe/roofline.cl": "b" * 64},
            "kernel_program_sha256": "a" * 64, "kernel_origin": "embedded",
            "kernel_programs": {"a" * 64: {"probe/roofline.cl": "b" * 64}},
            "build_options": "-cl-std=CL1.2", "libraries": {"compiler": "GCC", "cplusplus": 201703,
                                                            "nlohmann_json": "3", "opencl_target_version": 120},
            "warmup": 3, "repetitions": 3, "copy_bandwidth_GBps": copy_block["kernel_GBps"],
            "copy_bandwidth": copy_block, "probe_args": {}, "peak_host_rss_mib": 10.0,
            "probe_sizes": {"global_size": 1024, "local_size": 256, "chains": 16, "fp_iterations": 4096,
                            "cvt_iterations": 1024, "local_chains": 8, "local_iterations": 2048,
                            "tile": 1024, "tile_elements": 3072}}
    c = {"known": False, **{k: 0 for k in RL.COUNT_KEYS}, "kernel_sha256": "d" * 64}
    return {"schema": "filterlab.roofline/2", "schema_version": 2, "experiment": "roofline",
            "provenance": prov,
            "copy": {**copy_block, "GBps": copy_block["kernel_GBps"], "samples_kernel_ms": copy_k,
                     "samples_enqueue_copy_ms": copy_e, "samples_split_copy_ms": copy_k},
            "rows": [probe_row(p, times[p]) for p in RL.PROBES],
            "imagecl_counts": counts or {"sepconv_row": c, "conv2d_u8": {**COUNTS, "kernel_sha256": "e" * 64}}}


def write(root: Path, data: dict) -> Path:
    path = root / "roofline" / f"{data['provenance']['device_slug']}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return path


def roofline_validator():
    """A validator of experiments/schemas/roofline.schema.json with its references resolved."""
    jsonschema = pytest.importorskip("jsonschema", reason="python3-jsonschema is not installed")
    store = {}
    for p in SCHEMAS.glob("*.schema.json"):
        s = json.loads(p.read_text(encoding="utf-8"))
        store[s["$id"]] = s
    schema = store["https://filterlab.invalid/schemas/roofline.schema.json"]
    return jsonschema.Draft202012Validator(schema, resolver=jsonschema.RefResolver.from_schema(schema, store=store))


def test_the_synthetic_file_is_what_the_schema_describes():
    v = roofline_validator()
    good = result("gpu-a", "GPU A")
    assert [e.message for e in v.iter_errors(good)] == []
    for breakage in (lambda d: d["rows"].clear(), lambda d: d["rows"][0]["rate"].update(median=0),
                     lambda d: d.update(refused_probes=[{"probe": "fp32_exact"}]),
                     lambda d: d["imagecl_counts"]["sepconv_row"].pop("known"),
                     lambda d: d["copy"].pop("samples_kernel_ms"),
                     lambda d: d["provenance"].pop("probe_sizes")):
        broken = copy.deepcopy(good)
        breakage(broken)
        assert list(v.iter_errors(broken)), breakage


# ---------------------------------------------------------------------------------------------
# raw -> derived -> outputs


def test_derive_gives_each_ceiling_and_the_known_kernels_floors(tmp_path):
    write(tmp_path, result("gpu-b", "GPU B", times={"fp32_exact": 10.0}))
    write(tmp_path, result("gpu-a", "GPU A"))
    s = RL.derive(tmp_path)
    assert not s["no_data"]
    assert [d["slug"] for d in s["devices"]] == ["gpu-a", "gpu-b"]
    a, b = (d["ceilings"] for d in s["devices"])
    assert a["fp32_exact"]["median"] == pytest.approx(1e9 / 20e-3 / 1e9)  # 50 GFLOP/s
    assert b["fp32_exact"]["median"] == pytest.approx(100.0)
    assert a["fp32_fma"]["median"] == pytest.approx(100.0)  # 2 flops per op
    assert a["local_f32"]["median"] == pytest.approx(400.0)  # 4 bytes per load
    assert a["fp32_exact"]["lo"] < a["fp32_exact"]["median"] < a["fp32_exact"]["hi"]
    assert a["copy"]["median"] == pytest.approx(2 * COPY_BYTES / 1e9 / 10e-3)
    rates = s["devices"][0]["rates"]
    assert rates["int_to_float_Gps"] == pytest.approx(1 / 40e-3)  # the faster of uchar and ushort
    assert rates["float_to_int_Gps"] == pytest.approx(1.0)
    floors = s["devices"][0]["kernel_floors_per_megapixel"]
    assert list(floors) == ["conv2d_u8"]  # sepconv_row's counts are not known
    assert floors["conv2d_u8"]["as_written"] == RL.floors(COUNTS, 1e6, rates)
    assert floors["conv2d_u8"]["as_written"]["binding"] == "conversion"  # 1 float-to-int at 1 G/s


def test_main_writes_the_summary_and_a_table_per_device(tmp_path):
    write(tmp_path / "r", result("gpu-a", "GPU A"))
    assert RL.main(["--results", str(tmp_path / "r"), "--out", str(tmp_path / "o")]) == 0
    summary = json.loads((tmp_path / "o" / "roofline_summary.json").read_text())
    assert summary["devices"][0]["ceilings"]["fp32_fma"]["median"] == pytest.approx(100.0)
    tex = (tmp_path / "o" / "roofline_ceilings.tex").read_text()
    assert "GPU A" in tex and r"\toprule" in tex
    assert "FP32 fma (2 flops each) & GFLOP/s & 100 (97.1--102)" in tex
    assert tex.count(r"\\") == len(RL.CEILINGS) + 1  # head and one row per ceiling


def test_no_results_is_no_data_not_an_error(tmp_path):
    assert RL.main(["--results", str(tmp_path / "none"), "--out", str(tmp_path / "o")]) == 0
    assert json.loads((tmp_path / "o" / "roofline_summary.json").read_text())["no_data"] is True
    assert "no roofline results" in (tmp_path / "o" / "roofline_ceilings.tex").read_text()


@pytest.mark.parametrize("breakage,message", [
    (lambda d: d["rows"][1]["rate"].update(median=d["rows"][1]["rate"]["median"] * 1.1),
     "rate.median"),
    (lambda d: d["rows"][1].update(work_per_op=1, work_per_launch=1e9), "rate.median"),
    (lambda d: d["rows"].pop(3), "expected each of"),
    (lambda d: d["rows"][0].update(rate_unit="GB/s"), "rate unit"),
    (lambda d: d["provenance"].update(repetitions=5), "provenance.repetitions"),
    (lambda d: d["provenance"].update(device_slug="other"), "device_slug"),
    (lambda d: d["copy"].update(GBps=d["copy"]["GBps"] * 2), "copy.GBps"),
    (lambda d: d.update(schema="filterlab.result/2"), "filterlab.roofline/2"),
])
def test_a_broken_result_is_refused_naming_what(tmp_path, breakage, message):
    data = result("gpu-a", "GPU A")
    breakage(data)
    path = tmp_path / "roofline" / "gpu-a.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data))
    with pytest.raises(R.ResultError, match=message.replace(".", r"\.")):
        RL.derive(tmp_path)
    assert RL.main(["--results", str(tmp_path), "--out", str(tmp_path / "o")]) == 1


# ---------------------------------------------------------------------------------------------
# ImageCL's tuned pipelines against their floors


def _imagecl_rows(slug: str, kernel_ms: dict[str, float], side: int = 1000) -> dict:
    """Study 6a's result reduced to its tuned rows: one per kernel at `side`."""
    rows = []
    for k, ms in kernel_ms.items():
        bench = {"sepconv_row": "sepconv", "sepconv_col": "sepconv"}.get(k, k)
        st = _stats([ms * 0.99, ms, ms * 1.02])
        vid = f"imagecl.{k}/wg8x8"
        rows.append({"benchmark": bench, "kernel": k, "tuned": True, "width": side, "height": side,
                     "kernel_ms": st, "wall_ms": st, "family": f"imagecl.{k}", "variant_id": vid,
                     "case_id": f"{vid}/{side}x{side}"})
    return {"provenance": {"device": slug, "device_type": "GPU", "copy_bandwidth_GBps": 1.0}, "rows": rows}


def test_imagecl_pipelines_are_set_against_the_sum_of_their_kernels_floors(tmp_path):
    u8 = {**COUNTS, "kernel_sha256": "e" * 64}
    row = {**COUNTS, "known": True, "kernel_sha256": "f" * 64}
    write(tmp_path, with_copies(result("gpu-a", "GPU A", counts={"conv2d_u8": u8, "sepconv_row": row,
                                                                 "sepconv_col": row}), side=1000, copy_ms=0.5))
    (tmp_path / "imagecl").mkdir()
    (tmp_path / "imagecl" / "gpu-a.json").write_text(json.dumps(
        _imagecl_rows("gpu-a", {"conv2d_u8": 4.0, "sepconv_row": 1.0, "sepconv_col": 3.0})))
    s = RL.derive(tmp_path)
    rows = {r["pipeline"]: r for r in RL.imagecl_against_floors(tmp_path, s["devices"])}
    rates = s["devices"][0]["rates"]
    one = RL.floors(COUNTS, 1e6, rates)
    # sepconv: two kernels of the same counts, one after the other: twice each floor.
    sep = rows["sepconv"]["as_written"]
    for k in one["floors_ms"]:
        assert sep["floors_ms"][k] == pytest.approx(2 * one["floors_ms"][k])
    assert sep["binding"] == one["binding"]
    assert sep["fraction"] == pytest.approx(2 * one["floor_ms"] / 4.0)  # kernel medians 1 + 3 ms
    assert rows["conv2d_u8"]["as_written"]["fraction"] == pytest.approx(one["floor_ms"] / 4.0)
    assert rows["conv2d_u8"]["contracted"]["floors_ms"]["fp32"] <= one["floors_ms"]["fp32"]
    assert "exact" not in rows["conv2d_u8"]  # no exact twins timed
    # The same-bytes copy was measured for conv2d_u8 at the timed side only.
    assert rows["conv2d_u8"]["copy_ms"] == pytest.approx(0.5) and rows["conv2d_u8"]["copy_fraction"] == pytest.approx(0.125)
    assert rows["sepconv"]["copy_ms"] is None and rows["sepconv"]["copy_fraction"] is None
    assert "0.500 (0.12)" in RL.imagecl_md(list(rows.values()))
    tex = RL.imagecl_tex(list(rows.values()))
    assert "conversion" in tex and f"{rows['sepconv']['contracted']['fraction']:.2f}" in tex


def test_exact_twins_are_set_against_the_floors_as_written(tmp_path):
    u8 = {**COUNTS, "kernel_sha256": "e" * 64}
    write(tmp_path, result("gpu-a", "GPU A", counts={"conv2d_u8": u8}))
    (tmp_path / "imagecl").mkdir()
    data = _imagecl_rows("gpu-a", {"conv2d_u8": 4.0})
    twin = {**data["rows"][0], "tuned": False, "exact_twin": True, "exact": 1,
            "kernel_ms": _stats([7.9, 8.0, 8.1]), "variant_id": "imagecl.conv2d_u8/wg8x8/exact1",
            "case_id": "imagecl.conv2d_u8/wg8x8/exact1/1000x1000"}
    stray = {**twin, "variant_id": "imagecl.conv2d_u8/wg4x4/exact1", "case_id": "imagecl.conv2d_u8/wg4x4/exact1/1000x1000",
             "kernel_ms": _stats([0.9, 1.0, 1.1])}  # the twin of another configuration: not this pipeline's
    data["rows"] += [twin, stray]
    (tmp_path / "imagecl" / "gpu-a.json").write_text(json.dumps(data))
    s = RL.derive(tmp_path)
    (r,) = RL.imagecl_against_floors(tmp_path, s["devices"])
    x = r["exact"]
    assert x["kernel_ms"]["median"] == pytest.approx(8.0)
    assert x["floors_ms"] == r["as_written"]["floors_ms"]
    assert x["fraction"] == pytest.approx(r["as_written"]["floor_ms"] / 8.0)
    assert "8.00" in RL.imagecl_md([r]) or RL.R.fmt_ms(8.0) in RL.imagecl_md([r])


def test_imagecl_pipelines_without_counts_say_so(tmp_path):
    write(tmp_path, result("gpu-a", "GPU A"))  # sepconv_row's counts unknown, no sepconv_col
    (tmp_path / "imagecl").mkdir()
    (tmp_path / "imagecl" / "gpu-a.json").write_text(json.dumps(
        _imagecl_rows("gpu-a", {"sepconv_row": 1.0, "sepconv_col": 3.0})))
    s = RL.derive(tmp_path)
    (r,) = RL.imagecl_against_floors(tmp_path, s["devices"])
    assert r["pipeline"] == "sepconv" and "sepconv_row" in r["no_floor"] and "sepconv_col" in r["no_floor"]
    assert "operation counts unknown" in RL.imagecl_md([r])


# ---------------------------------------------------------------------------------------------
# a plain copy of each ImageCL kernel's own bytes (copy_at_kernel_sizes)


def with_copies(data: dict, side: int = 1000, copy_ms: float = 0.5) -> dict:
    """`data` with a copy of conv2d_u8's compulsory bytes (2 per pixel) at `side`, as `filterlab run
    roofline` records it: half the bytes per buffer, read plus written, taking `copy_ms`."""
    per_buffer = COUNTS["compulsory_bytes"] * side * side // 2
    moved = 2 * per_buffer / 1e9
    k = [copy_ms, copy_ms * 1.01, copy_ms * 0.99]
    ks, es = _stats(k), _stats([copy_ms * 3] * 3)
    entry = {"bytes_per_copy": per_buffer, "bytes_moved": 2 * per_buffer,
             "kernel_GBps": moved / (ks["median"] * 1e-3), "enqueue_copy_GBps": moved / (es["median"] * 1e-3),
             "kernel_ms": ks, "enqueue_copy_ms": es, "split_copy_GBps": 1.0, "split_copy_ms": ks,
             "GBps": moved / (ks["median"] * 1e-3), "samples_kernel_ms": k, "samples_enqueue_copy_ms": [copy_ms * 3] * 3,
             "samples_split_copy_ms": k,
             "kernels": [{"kernel": "conv2d_u8", "side": side, "compulsory_bytes": COUNTS["compulsory_bytes"]}]}
    return {**data, "copy_at_kernel_sizes": [entry]}


def test_the_same_bytes_copy_is_the_faster_copy_of_the_kernels_own_bytes(tmp_path):
    v = roofline_validator()
    write(tmp_path, with_copies(result("gpu-a", "GPU A"), side=1000, copy_ms=0.5))
    d = RL.derive(tmp_path)["devices"][0]
    assert d["copies"]["conv2d_u8"]["ms"]["median"] == pytest.approx(0.5)  # the kernel copy beats the enqueued one
    assert RL.same_bytes_copy_ms(d, ["conv2d_u8"], 1000) == pytest.approx(0.5)
    assert RL.same_bytes_copy_ms(d, ["conv2d_u8", "conv2d_u8"], 1000) == pytest.approx(1.0)  # kernels add up
    # No copy of that size, or of that kernel: no figure rather than a scaled one.
    assert RL.same_bytes_copy_ms(d, ["conv2d_u8"], 2000) is None
    assert RL.same_bytes_copy_ms(d, ["sepconv_row"], 1000) is None
    # A result from before the copies existed loads, with none.
    write(tmp_path, result("gpu-b", "GPU B"))
    assert RL.derive(tmp_path)["devices"][1]["copies"] == {}
    # The schema describes the entry, and a copy whose bytes disagree is refused.
    good = with_copies(result("gpu-a", "GPU A"))
    assert [e.message for e in v.iter_errors(good)] == []
    broken = copy.deepcopy(good)
    broken["copy_at_kernel_sizes"][0].pop("kernels")
    assert list(v.iter_errors(broken))
    broken = copy.deepcopy(good)
    broken["copy_at_kernel_sizes"][0]["bytes_moved"] += 2
    write(tmp_path, broken)
    with pytest.raises(R.ResultError, match="bytes_moved is not twice bytes_per_copy"):
        RL.derive(tmp_path)


def test_a_refused_probe_is_named_and_the_rest_still_count(tmp_path):
    """A device whose compiler computed fp32_exact differently (refused_probes): loaded, its table cell
    says refused, its rate is None, and a floor that needs it says it has no rate."""
    data = result("cpu-i", "CPU I")
    data["rows"] = [r for r in data["rows"] if r["probe"] != "fp32_exact"]
    data["refused_probes"] = [{"probe": "fp32_exact", "reason": "work-item 0 wrote 18.06 but the replay gives 18.05"}]
    assert [e.message for e in roofline_validator().iter_errors(data)] == []
    write(tmp_path, data)
    s = RL.derive(tmp_path)
    d = s["devices"][0]
    assert d["refused"] == {"fp32_exact": data["refused_probes"][0]["reason"]}
    assert d["opencl_rates"]["fp32_exact_GFLOPs"] is None and d["opencl_rates"]["fp32_fma_GFLOPs"] > 0
    _, rows = RL.ceiling_grid(s)
    assert [cells for label, _, cells in rows if "not contracted" in label] == [["refused"]]
    known = next(name for name, c in d["counts"].items() if c["known"] and c["fp32_add"] > 0)
    assert "no positive rate" in d["kernel_floors_per_megapixel"][known]["as_written"]["no_floor"]
    # A probe neither measured nor refused is still an error.
    del data["refused_probes"]
    write(tmp_path, data)
    with pytest.raises(R.ResultError, match="expected each of"):
        RL.derive(tmp_path)
