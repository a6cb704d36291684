"""roofline_native.py and its use: the native CPU ceilings' loader and checks, the floors, binding
ceiling and architectural efficiency taken from them on CPU devices, the tables that show them
beside the OpenCL probes; and the probe itself, built and run briefly where a C++ compiler exists."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess

import pytest

from analysis_helpers import NATIVE_PROBES, native_result, write_native
from filterlab_analysis import peers as P
from filterlab_analysis import results as R
from filterlab_analysis import roofline as RL
from filterlab_analysis import roofline_native as RN
from filterlab_analysis.paths import REPO, SCHEMAS
from test_roofline import COUNTS, _imagecl_rows, result, write


def cpu_result(slug: str = "cpu-a", device: str = "CPU A", compute_units: int = 2) -> dict:
    """test_roofline's synthetic OpenCL roofline result, of a CPU device."""
    data = result(slug, device, counts={"conv2d_u8": {**COUNTS, "kernel_sha256": "e" * 64}})
    data["provenance"].update(device_type="CPU", compute_units=compute_units)
    return data


def validator():
    jsonschema = pytest.importorskip("jsonschema", reason="python3-jsonschema is not installed")
    store = {}
    for p in SCHEMAS.glob("*.schema.json"):
        s = json.loads(p.read_text(encoding="utf-8"))
        store[s["$id"]] = s
    schema = store["https://filterlab.invalid/schemas/roofline_native.schema.json"]
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, resolver=jsonschema.RefResolver.from_schema(schema, store=store))


# ---------------------------------------------------------------------------------------------
# the loader


def test_the_loader_recomputes_every_rate_from_the_samples(tmp_path):
    write_native(tmp_path, native_result("cpu-a", rates={"copy": 47.0}))
    (n,) = RN.load_all(tmp_path).values()
    assert set(n["ceilings"]) == set(NATIVE_PROBES)
    assert n["ceilings"]["copy"]["median"] == pytest.approx(47.0)
    assert n["ceilings"]["copy"]["best"] == pytest.approx(47.0 * 50 / 49)  # the fastest repetition
    assert n["ceilings"]["fp32_fma"]["unit"] == "GFLOP/s" and n["threads"] == 2
    assert RN.load_all(tmp_path / "none") == {}


@pytest.mark.parametrize("breakage,message", [
    (lambda d: d["rows"][2]["rate"].update(median=d["rows"][2]["rate"]["median"] * 1.1), "rate.median"),
    (lambda d: d["rows"][2]["rate"].update(best=d["rows"][2]["rate"]["median"]), "rate.best"),
    (lambda d: d["rows"][0]["ms"].update(median=51.0), "ms.median"),
    (lambda d: d["rows"][0].update(work_per_repetition=1.0), "work_per_repetition"),
    (lambda d: d["rows"][0].update(rate_unit="GB/s"), "rate unit"),
    (lambda d: d["rows"][1].update(threads=4), "threads"),
    (lambda d: d["rows"].pop(3), "expected each of"),
    (lambda d: d["provenance"].update(repetitions=5), "provenance.repetitions"),
    (lambda d: d["provenance"].update(device_type="GPU"), "measure CPUs"),
    (lambda d: d.update(schema="filterlab.roofline/2"), "filterlab.roofline_native/2"),
])
def test_a_broken_native_result_is_refused_naming_what(tmp_path, breakage, message):
    data = native_result("cpu-a")
    breakage(data)
    write_native(tmp_path, data)
    with pytest.raises(R.ResultError, match=message.replace(".", r"\.")):
        RN.load_all(tmp_path)


def test_a_native_result_must_be_named_after_its_device(tmp_path):
    path = write_native(tmp_path, native_result("cpu-a"))
    path.rename(path.with_name("cpu-b.json"))
    with pytest.raises(R.ResultError, match="device_slug is 'cpu-a'"):
        RN.load_all(tmp_path)


def test_the_schema_describes_the_synthetic_file_and_refuses_broken_ones():
    v = validator()
    good = native_result("cpu-a")
    assert [e.message for e in v.iter_errors(good)] == []
    for breakage in (lambda d: d["rows"].pop(), lambda d: d["rows"][0]["rate"].pop("best"),
                     lambda d: d["rows"][0].update(probe="local_f32"), lambda d: d["provenance"].pop("thread_cpus"),
                     lambda d: d["provenance"].update(flags="-O2"), lambda d: d["provenance"].update(commit="HEAD"),
                     lambda d: d["rows"][0].update(family="roofline.copy")):
        broken = copy.deepcopy(good)
        breakage(broken)
        assert list(v.iter_errors(broken)), breakage


# ---------------------------------------------------------------------------------------------
# the floors take the native rates on CPUs


def test_a_cpus_floors_and_binding_ceiling_come_from_its_native_ceilings(tmp_path):
    write(tmp_path, cpu_result())
    write_native(tmp_path, native_result("cpu-a"))
    (d,) = RL.derive(tmp_path)["devices"]
    rates, basis = d["rates"], d["rates_basis"]
    assert rates["copy_GBps"] == pytest.approx(40.0) and rates["fp32_fma_GFLOPs"] == pytest.approx(160.0)
    assert rates["int_to_float_Gps"] == pytest.approx(25.0)  # the faster of uchar and ushort
    assert rates["float_to_int_Gps"] == pytest.approx(10.0)
    assert rates["local_GBps"] == pytest.approx(d["opencl_rates"]["local_GBps"])  # no native local probe
    assert basis["copy_GBps"] == RN.NATIVE and basis["local_GBps"] == RN.OPENCL
    assert d["floors_from"] == "native (local: OpenCL probe)"
    floors = d["kernel_floors_per_megapixel"]["conv2d_u8"]["as_written"]
    assert floors == RL.floors(COUNTS, 1e6, rates)
    # The OpenCL probes' float-to-uchar (1 G/s) binds; the native one (10 G/s) leaves FP32 binding.
    assert RL.floors(COUNTS, 1e6, d["opencl_rates"])["binding"] == "conversion"
    assert floors["binding"] == "fp32"


def test_an_opencl_probe_faster_than_the_native_one_is_the_ceiling(tmp_path):
    # OpenCL code that ran faster than the C++ shows the C++ was not at the hardware's ceiling.
    data = cpu_result()
    write(tmp_path, data)
    (d,) = RL.derive(tmp_path)["devices"]
    opencl_fma = d["opencl_rates"]["fp32_fma_GFLOPs"]
    write_native(tmp_path, native_result("cpu-a", rates={"fp32_fma": opencl_fma / 2}))
    (d,) = RL.derive(tmp_path)["devices"]
    assert d["rates"]["fp32_fma_GFLOPs"] == pytest.approx(opencl_fma)
    assert d["rates_basis"]["fp32_fma_GFLOPs"] == RN.OPENCL and d["rates_basis"]["copy_GBps"] == RN.NATIVE
    assert d["floors_from"] == "native (fp32_fma, local: OpenCL probe)"


def test_without_a_native_result_or_on_a_gpu_the_opencl_probes_stay(tmp_path):
    write(tmp_path, cpu_result())
    gpu = result("gpu-a", "GPU A")
    write(tmp_path, gpu)
    write_native(tmp_path, native_result("gpu-a"))  # a native file never stands for a GPU
    devices = {d["slug"]: d for d in RL.derive(tmp_path)["devices"]}
    for d in devices.values():
        assert d["native"] is None and d["rates"] == d["opencl_rates"] and d["floors_from"] == RN.OPENCL


def test_native_ceilings_of_another_thread_count_are_refused(tmp_path):
    write(tmp_path, cpu_result(compute_units=8))
    write_native(tmp_path, native_result("cpu-a", threads=2))
    with pytest.raises(R.ResultError, match="2 threads but the OpenCL device cpu-a has 8 compute units"):
        RL.derive(tmp_path)


# ---------------------------------------------------------------------------------------------
# the tables show both


def test_the_ceilings_tables_show_the_native_ceilings_beside_the_opencl_ones(tmp_path):
    write(tmp_path, cpu_result())
    write(tmp_path, result("gpu-a", "GPU A"))
    write_native(tmp_path, native_result("cpu-a", rates={"read": 31.0}))
    assert RL.main(["--results", str(tmp_path), "--out", str(tmp_path / "o")]) == 0
    tex = (tmp_path / "o" / "roofline_ceilings.tex").read_text()
    assert r"\multicolumn{2}{c}{\shortstack{CPU A}} & \shortstack{GPU A}" in tex and "OpenCL probe & native" in tex
    assert "40.0 (best 40.8)" in tex  # the native copy: median and fastest repetition
    assert "read bandwidth (read only) & GB/s & -- & 31.0 (best 31.6) & --" in tex  # no OpenCL read probe
    assert "the floors use" in tex and "native (local: OpenCL probe)" in tex
    md = (tmp_path / "o" / "roofline_ceilings.md").read_text()
    assert "| ceiling | unit | CPU A: OpenCL probe | CPU A: native | GPU A |" in md
    assert "| threads (OpenCL: compute units) |  | 2 | 2 | 2 |" in md
    local = next(line for line in md.splitlines() if line.startswith("| local float loads"))
    assert local.split(" | ")[3] == "--"  # the native column: no native local-memory probe
    summary = json.loads((tmp_path / "o" / "roofline_summary.json").read_text())
    cpu = next(d for d in summary["devices"] if d["slug"] == "cpu-a")
    assert cpu["native"]["ceilings"]["read"]["median"] == pytest.approx(31.0) and cpu["floors_from"].startswith("native")


def test_without_native_results_the_ceilings_table_keeps_one_column_per_device(tmp_path):
    write(tmp_path, cpu_result())
    assert RL.main(["--results", str(tmp_path), "--out", str(tmp_path / "o")]) == 0
    tex = (tmp_path / "o" / "roofline_ceilings.tex").read_text()
    assert "native" not in tex and tex.count(r"\\") == len(RL.CEILINGS) + 1
    assert ": native |" not in (tmp_path / "o" / "roofline_ceilings.md").read_text()


def test_the_imagecl_tables_name_the_basis_and_give_the_opencl_probes_floor_beside(tmp_path):
    write(tmp_path, cpu_result())
    write_native(tmp_path, native_result("cpu-a"))
    (tmp_path / "imagecl").mkdir()
    (tmp_path / "imagecl" / "cpu-a.json").write_text(json.dumps(_imagecl_rows("cpu-a", {"conv2d_u8": 4.0})))
    s = RL.derive(tmp_path)
    (r,) = RL.imagecl_against_floors(tmp_path, s["devices"])
    d = s["devices"][0]
    assert r["contracted"]["binding"] == "fp32" and r["opencl_probe"]["binding"] == "conversion"
    assert r["opencl_probe"]["floor_ms"] == pytest.approx(
        RL.floors(COUNTS, 1e6, d["opencl_rates"], True)["floor_ms"])
    md, tex = RL.imagecl_md([r]), RL.imagecl_tex([r])
    assert "| ceilings |" in md and "| native |" in md and f"conversion {r['opencl_probe']['fraction']:.2f}" in md
    assert r"\begin{tabular}{llrlrrrrlrlrrlr}" in tex and "& native &" in tex
    assert r"\cmidrule(lr){5-12}\cmidrule(lr){13-15}" in tex
    # A device without native results: no basis column at all.
    assert "ceilings" not in RL.imagecl_md([{k: v for k, v in r.items() if k != "opencl_probe"}])


def test_the_cpu_targets_floor_is_the_native_one_with_the_opencl_probes_beside(tmp_path):
    write(tmp_path, cpu_result())
    write_native(tmp_path, native_result("cpu-a"))
    roof = P._roofline_devices(tmp_path)["cpu-a"]
    f = P.workload_floor(roof, "conv2d5_u8", 1000)
    assert f["floors_from"].startswith("native") and f["binding"] == "fp32"
    assert f["opencl_probe"]["binding"] == "conversion" and f["opencl_probe"]["floor_ms"] > f["floor_ms"]
    fl = {"kernel_ms": {"median": 2.0}, "wall_ms": {"median": 4.0}}
    row = {"binding": None, "peer": "halide_cpu", **P._cpu_floor_fields(f, fl, 3.0)}
    cell = P._binding_cell(row)
    assert "native (local: OpenCL probe) ceilings; OpenCL probe: conversion" in cell
    assert f"ImageCL {f['floor_ms'] / 4.0:.2f}" in cell


def test_the_architectural_efficiency_of_a_cpu_divides_by_its_native_copy(tmp_path):
    from filterlab_analysis import imagecl_portability as IP
    from filterlab_analysis.paths import RESULTS
    cpu = next(p.stem for p in sorted((RESULTS / "imagecl").glob("*.json")) if not p.stem.startswith("nvidia"))
    root = tmp_path / "results"
    shutil.copytree(RESULTS, root, ignore=shutil.ignore_patterns("logs", "cache"))
    before = IP.summarize(root)["pp"]["sepconv"]["devices"][cpu]
    cus = json.loads((RESULTS / "imagecl" / f"{cpu}.json").read_text())["provenance"]["compute_units"]
    write_native(root, native_result(cpu, threads=cus, rates={"copy": 2 * before["copy_GBps"]}))
    s = IP.summarize(root)
    d = s["pp"]["sepconv"]["devices"][cpu]
    assert before["copy_basis"] == RN.OPENCL and d["copy_basis"] == RN.NATIVE
    assert d["copy_GBps"] == pytest.approx(2 * before["copy_GBps"]) and d["opencl_copy_GBps"] == before["copy_GBps"]
    assert d["floor_ms"] == pytest.approx(before["floor_ms"] / 2)  # twice the bandwidth: half the copy floor
    own, was = d["impls"]["imagecl:kernel"], before["impls"]["imagecl:kernel"]
    assert own["arch"]["median"] == pytest.approx(was["arch"]["median"] / 2)
    assert own["app"] == was["app"]  # application efficiency does not use the ceilings
    assert "(native; OpenCL copy" in IP.pp_md(s) and "the native copy bandwidth on" in IP.pp_tex(s)
    assert "native" not in IP.pp_tex(IP.summarize(tmp_path / "none"))


# ---------------------------------------------------------------------------------------------
# the probe itself: what it writes is what the schema and the loader read


def test_the_probe_builds_runs_and_writes_what_the_analysis_reads(tmp_path):
    cxx = os.environ.get("CXX", "g++")
    if shutil.which(cxx) is None:
        pytest.skip(f"no C++ compiler '{cxx}' (CXX) to build the native probes")
    native = REPO / "experiments" / "roofline" / "native"
    binary = tmp_path / "native_probes"
    subprocess.run([str(native / "build.sh"), str(binary)], check=True, capture_output=True, text=True)
    out = tmp_path / "roofline_native" / "cpu-test.json"
    out.parent.mkdir()
    run = subprocess.run([str(binary), "--threads", "1", "--reps", "2", "--warmup", "0", "--min-ms", "1",
                          "--array-mib", "8", "--device-slug", "cpu-test", "--commit", "a" * 40 + "-dirty",
                          "--out", str(out)], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "OMP_PROC_BIND": "close", "OMP_PLACES": "cores"})
    assert run.returncode == 0, run.stderr
    data = json.loads(out.read_text())
    assert [e.message for e in validator().iter_errors(data)] == []
    assert data["provenance"]["commit"] == "a" * 40 and data["provenance"]["commit_dirty"] is True
    (n,) = RN.load_all(tmp_path).values()
    assert all(c["median"] > 0 and c["best"] >= c["median"] for c in n["ceilings"].values())
    # Arguments it cannot use are refused before anything runs.
    bad = subprocess.run([str(binary), "--threads", "0", "--device-slug", "x", "--commit", "a", "--out", str(out)],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "--threads" in bad.stderr
