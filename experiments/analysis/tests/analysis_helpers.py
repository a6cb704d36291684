"""Helpers the analysis tests share (conftest.py holds the fixtures): reading a JSON file, a
statistics block of given median and interval for synthetic results, and a synthetic native
roofline result (roofline_native)."""

from __future__ import annotations

import json
from pathlib import Path


def load_json(path: Path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def stats(median: float, low: float, high: float, n: int = 10) -> dict:
    """A statistics block with the given median and 95 % interval (quartiles at the interval)."""
    return {"median": median, "q1": low, "q3": high, "ci95_low": low, "ci95_high": high,
            "min": low, "max": high, "n": n}


# A native roofline result's probes (experiments/roofline/native/native_probes.cpp) -> (work unit,
# rate unit, the rate at the median repetition that native_result gives by default).
NATIVE_PROBES = {"fp32_exact": ("flop", "GFLOP/s", 80.0), "fp32_fma": ("flop", "GFLOP/s", 160.0),
                 "copy": ("byte", "GB/s", 40.0), "read": ("byte", "GB/s", 30.0),
                 "cvt_u8_f32": ("conversion", "Gconv/s", 20.0), "cvt_u16_f32": ("conversion", "Gconv/s", 25.0),
                 "cvt_f32_u8": ("conversion", "Gconv/s", 10.0)}


def native_result(slug: str, device: str = "CPU A", threads: int = 2, rates: dict | None = None) -> dict:
    """A roofline_native result as native_probes.cpp writes it: three repetitions per probe (49, 50
    and 52 ms), each probe's work sized so that the median one runs at rates[probe] (default
    NATIVE_PROBES' rates)."""
    rates = {p: r for p, (_, _, r) in NATIVE_PROBES.items()} | (rates or {})
    samples = [49.0, 50.0, 52.0]
    rows = []
    for probe, (unit, rate_unit, _) in NATIVE_PROBES.items():
        work = rates[probe] * 1e9 * 50e-3
        fam = f"roofline_native.{probe}"
        rows.append({"probe": probe, "description": probe, "work_unit": unit, "rate_unit": rate_unit,
                     "count": 1000, "work_per_count": work / 1000, "work_per_repetition": work, "threads": threads,
                     "check": "the host's replay", "samples_ms": samples,
                     "ms": {"median": 50.0, "min": 49.0, "max": 52.0, "n": 3},
                     "rate": {"median": work / 1e9 / 50e-3, "best": work / 1e9 / 49e-3},
                     "family": fam, "variant_id": fam, "case_id": fam})
    prov = {"device": device, "device_slug": slug, "device_type": "CPU", "cpu_model": "Some CPU", "host": "h",
            "commit": "c" * 40, "commit_dirty": False, "date": "2026-01-01T00:00:00Z", "threads": threads,
            "logical_cpus": threads, "omp_proc_bind": "close", "omp_places": "cores", "thread_cpus": list(range(threads)),
            "libraries": {"compiler": "GCC 13.2.0", "cplusplus": 201703, "openmp": 201511},
            "flags": "-std=c++17 -O3 -march=native -fopenmp -ffp-contract=off",
            "source": "experiments/roofline/native/native_probes.cpp", "source_sha256": "f" * 64, "isa": "AVX2",
            "vector_bytes": 32, "vector_lanes": 8, "fp32_chains": 12, "last_level_cache_bytes": 1 << 24,
            "array_bytes": 1 << 29, "cache_buffer_bytes": 16384, "min_ms": 50.0, "warmup": 3, "repetitions": 3}
    return {"schema": "filterlab.roofline_native/2", "schema_version": 2, "experiment": "roofline_native",
            "provenance": prov, "rows": rows}


def write_native(root: Path, data: dict) -> Path:
    path = Path(root) / "roofline_native" / f"{data['provenance']['device_slug']}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return path
