"""Every committed result file against its experiment's JSON Schema (experiments/schemas/), and the
schemas themselves against files that must fail them.

Files without schema_version must be valid against the schema's 'v1' (the committed results of
before the row-key contract), files with schema_version 2 against 'v2' (rows carry family,
variant_id and case_id; the provenance is complete). FILTERLAB_SCHEMA_RESULTS=<dir> checks another
results directory the same way (e.g. one a fresh `make reproduce` wrote)."""

from __future__ import annotations

import copy
import functools
import json
import os
from pathlib import Path

import pytest

from filterlab_analysis.paths import RESULTS, SCHEMAS

jsonschema = pytest.importorskip("jsonschema", reason="python3-jsonschema is not installed")


def _store() -> dict:
    store = {}
    for p in SCHEMAS.glob("*.schema.json"):
        s = json.loads(p.read_text(encoding="utf-8"))
        store[s["$id"]] = s
    return store


STORE = _store()


@functools.lru_cache(maxsize=None)
def validator(experiment: str, version: int | None = None):
    """The experiment's schema (or only its v1/v2 part) as a Draft 2020-12 validator."""
    path = SCHEMAS / f"{experiment}.schema.json"
    assert path.is_file(), f"no schema {path} for the results of experiment '{experiment}'"
    schema = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    if version is not None:
        schema = {**schema, "oneOf": [{"$ref": f"#/$defs/v{version}"}]}
    resolver = jsonschema.RefResolver.from_schema(schema, store=STORE)
    return jsonschema.Draft202012Validator(schema, resolver=resolver)


def errors(experiment: str, data: dict, version: int | None = None) -> list[str]:
    v = validator(experiment, version)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in v.iter_errors(data)]


# The parts of a result file that hold rows (lists of objects; tuning's 'best' is an object).
ROW_PARTS = ("rows", "sweep", "counts", "grid")


def key_contract_problems(data: dict) -> list[str]:
    """What JSON Schema cannot say about the row keys of a version-2 file: variant_id starts with
    the family, case_id with the variant_id, and case_ids are unique within a part."""
    out = []
    parts = {p: data[p] for p in ROW_PARTS if isinstance(data.get(p), list)}
    if isinstance(data.get("best"), dict):
        parts["best"] = [b for b in data["best"].values() if b]
    for part, rows in parts.items():
        seen = set()
        for i, r in enumerate(rows):
            fam, var, case = r["family"], r["variant_id"], r["case_id"]
            if not (var == fam or var.startswith(fam + "/")):
                out.append(f"{part}[{i}]: variant_id '{var}' does not start with family '{fam}'")
            if not (case == var or case.startswith(var + "/")):
                out.append(f"{part}[{i}]: case_id '{case}' does not start with variant_id '{var}'")
            if part != "best" and case in seen:
                out.append(f"{part}[{i}]: case_id '{case}' appears twice")
            seen.add(case)
    return out


def result_files(root: Path) -> list[Path]:
    return sorted(p for p in root.glob("*/*.json") if p.parent.name != "logs")


def _dirs() -> list[Path]:
    extra = os.environ.get("FILTERLAB_SCHEMA_RESULTS")
    return [RESULTS] + ([Path(extra)] if extra else [])


FILES = [p for d in _dirs() for p in result_files(d)]


def test_every_experiment_with_results_has_a_schema():
    experiments = {p.parent.name for p in result_files(RESULTS)}
    assert experiments, f"no results under {RESULTS}"
    missing = sorted(e for e in experiments if not (SCHEMAS / f"{e}.schema.json").is_file())
    assert not missing, f"experiments without a schema in {SCHEMAS}: {missing}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.name}")
def test_result_file_matches_its_schema(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    experiment = path.parent.name
    assert data.get("experiment") == experiment
    version = data.get("schema_version", 1)
    assert errors(experiment, data, version) == [], f"{path} (schema_version {version})"
    assert errors(experiment, data) == []  # exactly one of v1, v2
    if version >= 2:
        assert key_contract_problems(data) == []


# ---------------------------------------------------------------------------------------------
# the schemas must be able to fail


def _committed(experiment: str) -> dict:
    files = sorted((RESULTS / experiment).glob("*.json"))
    assert files, f"no committed {experiment} results"
    return json.loads(files[0].read_text(encoding="utf-8"))


def test_a_committed_file_passes_only_its_own_version():
    data = _committed("tiled")
    version = data.get("schema_version", 1)
    other = 1 if version == 2 else 2
    assert errors("tiled", data, version) == []
    assert errors("tiled", data, other), f"a version-{version} file must not pass as version {other}"


@pytest.mark.parametrize("experiment,mutate", [
    ("scharr_single_storage", lambda d: d["provenance"].pop("commit")),
    ("scharr_gradient_variants", lambda d: d["rows"][0]["kernel_ms"].pop("median")),
    ("pyramid_storage", lambda d: d["rows"][0].update(storage="texture")),
    ("tiled", lambda d: d["rows"][0].pop("variant_id" if "variant_id" in d["rows"][0] else "variant")),
    ("epsilon", lambda d: d["sweep"][0].update(threshold=300)),
    ("peers", lambda d: d["rows"][0].update(status="fine")),
    ("peers_cuda", lambda d: d["provenance"].update(commit="HEAD")),
    ("peers_npp", lambda d: d["rows"][0].pop("samples_event_ms")),
    ("tuning", lambda d: (lambda b: b.pop("variant_id" if "variant_id" in b else "id"))(next(b for b in d["best"].values() if b))),
    ("imagecl", lambda d: d["rows"][0].update(program_sha256="abc")),
    ("sampler", lambda d: d["provenance"].update(date="yesterday")),
])
def test_a_broken_file_fails_its_schema(experiment, mutate):
    data = copy.deepcopy(_committed(experiment))
    assert errors(experiment, data) == []
    mutate(data)
    assert errors(experiment, data), f"{experiment}: the schema accepted a broken file"


def _as_v2(data: dict, experiment: str) -> dict:
    """A committed file rewritten as the current writers write it: schema_version 2, row keys
    instead of id/variant, the provenance the C++ adds now (libraries)."""
    from filterlab_analysis import results as R
    d = copy.deepcopy(data)
    if d.get("schema_version") == 2:  # already written by the current writers
        return d
    d["schema"] = d["schema"].rsplit("/", 1)[0] + "/2"
    d["schema_version"] = 2
    for part in ("rows", "sweep", "counts"):
        if isinstance(d.get(part), list):
            d[part] = [R.with_row_keys(r, experiment, Path("x"), f"{part}[{i}]", part)
                       for i, r in enumerate(d[part])]
            for r in d[part]:
                r.pop("id", None)
                r.pop("variant", None)
                if experiment == "tiled" and part == "rows":
                    r["kernel_program_sha256"] = "0" * 64
    d["provenance"]["libraries"] = {"compiler": "12.2.0", "cplusplus": 201703, "nlohmann_json": "3.11.2",
                                    "opencl_target_version": 120}
    return d


@pytest.mark.parametrize("experiment", ["scharr_single_storage", "scharr_gradient_variants",
                                        "pyramid_storage", "tiled", "epsilon", "imagecl"])
def test_the_row_key_contract_in_v2(experiment):
    v2 = _as_v2(_committed(experiment), experiment)
    assert errors(experiment, v2, 2) == []
    assert key_contract_problems(v2) == []
    # a v2 row with the old ambiguous key, without a row key, or with a case outside its variant
    for breakage in (lambda r: r.update(variant="x"), lambda r: r.pop("family"),
                     lambda r: r.update(case_id="other.family/k3")):
        broken = copy.deepcopy(v2)
        breakage(broken["rows"][0])
        assert errors(experiment, broken, 2) or key_contract_problems(broken), breakage


def test_v2_provenance_must_be_complete():
    v2 = _as_v2(_committed("scharr_single_storage"), "scharr_single_storage")
    for key in ("libraries", "driver_version", "kernel_sources", "kernel_program_sha256"):
        broken = copy.deepcopy(v2)
        broken["provenance"].pop(key)
        assert errors("scharr_single_storage", broken, 2), f"v2 without provenance.{key} passed"
    broken = copy.deepcopy(v2)
    broken["provenance"]["kernel_sources"] = {}
    assert errors("scharr_single_storage", broken, 2), "v2 with no kernel sources passed"


def npp_as_v2(data: dict) -> dict:
    """The committed NPP file as experiments/peers/npp/npp_peers.cu writes it now (result_v2.hpp):
    schema_version 2, row keys instead of id, driver string, sources' hashes, compilers."""
    d = copy.deepcopy(data)
    if d.get("schema_version") == 2:  # written by npp_peers.cu itself
        return d
    d.update(schema="filterlab.result/2", schema_version=2)
    prov = d["provenance"]
    source = prov.pop("source_sha256")
    prov["driver_version"] = prov["libraries"].pop("nvidia_driver", "580.159.04")
    prov["libraries"].update(nvcc="13.0.88", host_compiler="12.2.0", cplusplus=201703)
    prov["kernel_origin"] = "none: NVIDIA NPP's own kernels, called by experiments/peers/npp/npp_peers.cu"
    prov["kernel_sources"] = {"experiments/peers/npp/npp_peers.cu": source}
    for r in d["rows"]:
        variant_id = "peers.npp/" + r.pop("id").split("/", 1)[1]
        r.update(family="peers.npp", variant_id=variant_id, case_id=variant_id)
    return d


def test_npp_v2_layout():
    v1 = _committed("peers_npp")
    v2 = npp_as_v2(v1)
    assert errors("peers_npp", v2, 2) == [] and errors("peers_npp", v2) == []
    assert key_contract_problems(v2) == []
    assert errors("peers_npp", v2, 1), "a schema_version 2 file must not pass as version 1"
    for breakage in (lambda d: d["provenance"].pop("driver_version"),
                     lambda d: d["provenance"].update(driver_version="unknown (no NVRM line)"),
                     lambda d: d["provenance"].update(kernel_sources={}),
                     lambda d: d["provenance"].pop("kernel_origin"),
                     lambda d: d["provenance"]["libraries"].pop("nvcc"),
                     lambda d: d["rows"][0].update(id="peers.npp/x"),
                     lambda d: d["rows"][0].update(family="peers.cupy"),
                     lambda d: d["rows"][0].pop("case_id")):
        broken = copy.deepcopy(v2)
        breakage(broken)
        assert errors("peers_npp", broken, 2) or key_contract_problems(broken), breakage


def test_roofline_native_has_only_a_v2_layout():
    """roofline_native (experiments/roofline/native/native_probes.cpp) has no committed file of its
    own in every release: its schema is checked on the synthetic file the analysis tests use."""
    from analysis_helpers import native_result
    data = native_result("cpu-a")
    assert errors("roofline_native", data, 2) == [] and errors("roofline_native", data) == []
    assert key_contract_problems(data) == []
    for breakage in (lambda d: d.pop("schema_version"), lambda d: d["provenance"].pop("commit"),
                     lambda d: d["rows"][0]["samples_ms"].clear(), lambda d: d["rows"][0].update(case_id="x.y")):
        broken = copy.deepcopy(data)
        breakage(broken)
        assert errors("roofline_native", broken) or key_contract_problems(broken), breakage


def cuda_hand_problems(data: dict) -> list[str]:
    """What JSON Schema cannot say about a peers_cuda_hand file: a measured row's error is within the
    tolerance it was judged with, and each workload has one fastest measured row."""
    out, fastest = [], {}
    for i, r in enumerate(data["rows"]):
        if r["status"] != "measured":
            continue
        if r["max_abs_error"] > r["judged_tolerance"]:
            out.append(f"rows[{i}]: measured with max_abs_error {r['max_abs_error']} > {r['judged_tolerance']}")
        fastest[r["workload_id"]] = fastest.get(r["workload_id"], 0) + int(r["fastest_of_workload"])
    out += [f"{w}: {n} rows marked fastest_of_workload" for w, n in fastest.items() if n != 1]
    return out


def test_cuda_hand_has_only_a_v2_layout():
    """peers_cuda_hand (experiments/peers/cuda_hand/hand_peers.cu) has no committed file yet: its schema
    is checked on the synthetic file of analysis_helpers, which follows result_rows.hpp."""
    from analysis_helpers import cuda_hand_result
    data = cuda_hand_result()
    assert errors("peers_cuda_hand", data, 2) == [] and errors("peers_cuda_hand", data) == []
    assert key_contract_problems(data) == [] and cuda_hand_problems(data) == []
    not_applicable = copy.deepcopy(data)
    row = not_applicable["rows"][3]
    for k in ("max_abs_error", "kernel", "timing", "event_ms", "samples_event_ms", "floor_ms", "roofline_fraction",
              "copy_floor_ms", "copy_fraction", "fastest_of_workload"):
        row.pop(k)
    row.update(status="not_applicable", reason="the weights are not integers times 2^-k")
    not_applicable["rows"][4]["fastest_of_workload"] = True
    assert errors("peers_cuda_hand", not_applicable) == [] and cuda_hand_problems(not_applicable) == []
    for breakage in (lambda d: d.pop("schema_version"), lambda d: d["provenance"].update(commit="HEAD"),
                     lambda d: d["provenance"].update(repetitions=10),
                     lambda d: d["provenance"].update(build_options="unknown (no --build-options)"),
                     lambda d: d["provenance"]["libraries"].update(nvcc="none (not built by nvcc)"),
                     lambda d: d["provenance"].update(kernel_sources={}),
                     lambda d: d["provenance"]["l2_flush"].pop("flush_bytes"),
                     lambda d: d["rows"][3].update(max_abs_error=1),  # an exact variant off by one
                     lambda d: d["rows"][5].update(max_abs_error=2),  # beyond the manifest's tolerance
                     lambda d: d["rows"][0].pop("copy_fraction"),
                     lambda d: d["rows"][0].update(samples_event_ms=[0.05] * 5),
                     lambda d: d["rows"][0].update(status="not_applicable"),  # without a reason
                     lambda d: d["rows"][1].update(fastest_of_workload=True),
                     lambda d: d["rows"][0].update(family="peers.npp"),
                     lambda d: d["rows"][0].update(case_id="peers.cuda_hand/other"),
                     lambda d: d["floors"].clear(),
                     lambda d: d["floors"][0].pop("median_ms")):
        broken = copy.deepcopy(data)
        breakage(broken)
        assert errors("peers_cuda_hand", broken) or key_contract_problems(broken) or cuda_hand_problems(broken), breakage
