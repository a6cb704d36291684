"""The CPU's own ceilings, measured by plain C++ (experiments/roofline/native/native_probes.cpp, built
-O3 -march=native -fopenmp on the CPU it measures), and which rates a CPU device's floors take.

Reads <results>/roofline_native/<device_slug>.json (schema "filterlab.roofline_native/2"), which
scripts/run-experiments.sh writes after the roofline experiment for every OpenCL CPU device, on as
many threads as the device has compute units. The OpenCL probes (roofline.py) stay as what OpenCL
code reached on that CPU; the native ones say what the hardware gives plain vectorised C++. Each
rate is recomputed from the raw repetition times: from their median (what the floors use, as they
use the OpenCL probes' medians) and from the fastest repetition (best).

For a CPU device with a native result, combined_rates() takes, for every rate the native probes
have (copy, FP32 with and without FMA, integer to float as the faster of uchar and ushort, float to
uchar), the higher of the native and the OpenCL probe's (a ceiling is the highest rate shown on that
hardware: where OpenCL code ran faster than the C++, the C++ was not at the ceiling), and keeps the
OpenCL probe's where the native probes have none (local memory: a CPU's __local is its cache);
`basis` names the source of each rate.
"""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path

from . import results as R

EXPERIMENT = "roofline_native"
PROBES = ["fp32_exact", "fp32_fma", "copy", "read", "cvt_u8_f32", "cvt_u16_f32", "cvt_f32_u8"]
UNITS = {"flop": "GFLOP/s", "conversion": "Gconv/s", "byte": "GB/s"}
NATIVE, OPENCL = "native", "OpenCL probe"
# roofline.rates_of's keys -> the native probes that give them (the faster where several do).
RATE_PROBES = {"copy_GBps": ("copy",), "fp32_exact_GFLOPs": ("fp32_exact",), "fp32_fma_GFLOPs": ("fp32_fma",),
               "int_to_float_Gps": ("cvt_u8_f32", "cvt_u16_f32"), "float_to_int_Gps": ("cvt_f32_u8",)}
PROV_KEYS = {"device": "str", "device_slug": "str", "device_type": "str", "cpu_model": "str", "host": "str",
             "commit": "str", "commit_dirty": "bool", "date": "str", "threads": "int", "isa": "str",
             "vector_bytes": "int", "flags": "str", "libraries": "dict", "repetitions": "int", "warmup": "int"}
ROW_KEYS = {"probe": "str", "work_unit": "str", "rate_unit": "str", "count": "int", "work_per_count": "number",
            "work_per_repetition": "number", "threads": "int", "check": "str", "samples_ms": "list",
            "ms": "dict", "rate": "dict"}


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=R.REL_TOL)


def _row(obj: dict, where: str, prov: dict, path: Path) -> dict:
    R._require(obj, ROW_KEYS, where, path)
    R.row_keys(obj, EXPERIMENT, path, where)
    samples = obj["samples_ms"]
    if not samples or not all(R._is_type(v, "number") and v > 0 for v in samples):
        raise R.ResultError(f"{path}: '{where}.samples_ms' must be positive finite numbers")
    if len(samples) != prov["repetitions"]:
        raise R.ResultError(f"{path}: '{where}' has {len(samples)} samples but provenance.repetitions = "
                            f"{prov['repetitions']}")
    if obj["threads"] != prov["threads"]:
        raise R.ResultError(f"{path}: '{where}.threads' is {obj['threads']}, provenance.threads {prov['threads']}")
    if UNITS.get(obj["work_unit"]) != obj["rate_unit"]:
        raise R.ResultError(f"{path}: '{where}': work unit '{obj['work_unit']}' with rate unit '{obj['rate_unit']}'")
    if not _close(obj["work_per_repetition"], obj["count"] * obj["work_per_count"]):
        raise R.ResultError(f"{path}: '{where}.work_per_repetition' is not count x work_per_count")
    ms = {"median": statistics.median(samples), "min": min(samples), "max": max(samples)}
    R._require(obj["ms"], {"median": "number", "min": "number", "max": "number", "n": "int"}, f"{where}.ms", path)
    for key, want in ms.items():
        if not _close(obj["ms"][key], want):
            raise R.ResultError(f"{path}: '{where}.ms.{key}' is {obj['ms'][key]!r}, the samples give {want!r}")
    giga = obj["work_per_repetition"] / 1e9
    rate = {"median": giga / (ms["median"] * 1e-3), "best": giga / (ms["min"] * 1e-3)}
    R._require(obj["rate"], {"median": "number", "best": "number"}, f"{where}.rate", path)
    for key, want in rate.items():
        if not _close(obj["rate"][key], want):
            raise R.ResultError(f"{path}: '{where}.rate.{key}' is {obj['rate'][key]!r}, but the work over the "
                                f"samples' {'median' if key == 'median' else 'fastest'} time gives {want!r} "
                                f"{obj['rate_unit']}")
    return {**rate, "unit": obj["rate_unit"], "ms": ms, "check": obj["check"]}


def load(path: Path) -> dict:
    """One native result, checked: {slug, device, cpu_model, threads, ..., ceilings: probe -> {median,
    best, unit, ms, check}}. ResultError naming what is wrong."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise R.ResultError(f"{path}: cannot read as JSON ({e})") from e
    R._require(data, {"schema": "str", "experiment": "str", "provenance": "dict", "rows": "list"}, "", path)
    R.check_schema(data, "filterlab.roofline_native", path)
    if data["experiment"] != EXPERIMENT:
        raise R.ResultError(f"{path}: experiment is '{data['experiment']}', not '{EXPERIMENT}'")
    prov = data["provenance"]
    R._require(prov, PROV_KEYS, "provenance", path)
    if prov["device_slug"] != path.stem:
        raise R.ResultError(f"{path}: provenance.device_slug is '{prov['device_slug']}' but the file is named "
                            f"'{path.name}'")
    if prov["device_type"] != "CPU":
        raise R.ResultError(f"{path}: native probes measure CPUs, not a '{prov['device_type']}' device")
    probes = [r.get("probe") for r in data["rows"]]
    if sorted(probes) != sorted(PROBES):
        raise R.ResultError(f"{path}: rows hold probes {probes}, expected each of {PROBES} once")
    ceilings = {r["probe"]: _row(r, f"rows[{i}]", prov, path) for i, r in enumerate(data["rows"])}
    return {"slug": prov["device_slug"], "device": prov["device"], "cpu_model": prov["cpu_model"],
            "host": prov["host"], "commit": prov["commit"], "commit_dirty": prov["commit_dirty"],
            "date": prov["date"], "threads": prov["threads"], "isa": prov["isa"],
            "vector_bytes": prov["vector_bytes"], "compiler": prov["libraries"].get("compiler", ""),
            "flags": prov["flags"], "repetitions": prov["repetitions"], "ceilings": ceilings}


def load_all(results_dir: Path) -> dict[str, dict]:
    """Every native result under <results>/roofline_native/, by device slug ({} without the folder)."""
    folder = Path(results_dir) / EXPERIMENT
    return {p.stem: load(p) for p in sorted(folder.glob("*.json"))} if folder.is_dir() else {}


def for_device(native: dict | None, slug: str, device_type: str, compute_units: int | None, path_hint: str) -> dict | None:
    """The native result that stands beside an OpenCL device's roofline: only a CPU's, and only one
    measured on as many threads as the OpenCL device has compute units (else the two compare
    different parts of the CPU: ResultError saying so)."""
    if native is None or device_type != "CPU":
        return None
    if compute_units is not None and native["threads"] != compute_units:
        raise R.ResultError(f"{path_hint}: the native probes ran on {native['threads']} threads but the OpenCL "
                            f"device {slug} has {compute_units} compute units: run them again with --threads "
                            f"{compute_units} (scripts/run-experiments.sh does)")
    return native


def combined_rates(opencl: dict, native: dict | None) -> tuple[dict, dict]:
    """(rates, basis): the floors' rates (roofline.rates_of's keys), each the higher of the native
    probes' and the OpenCL probe's where the native probes give it, and per key which of NATIVE and
    OPENCL it came from."""
    rates, basis = dict(opencl), {k: OPENCL for k in opencl}
    if native:
        for key, probes in RATE_PROBES.items():
            rate = max(native["ceilings"][p]["median"] for p in probes)
            if opencl.get(key) is None or rate >= opencl[key]:
                rates[key], basis[key] = rate, NATIVE
    return rates, basis


def basis_label(basis: dict) -> str:
    """One phrase for a device's rates: 'native', 'OpenCL probe', or e.g. 'native (fp32_fma, local: OpenCL
    probe)'."""
    kinds = set(basis.values())
    if kinds == {OPENCL} or not kinds:
        return OPENCL
    rest = sorted({k.rsplit("_", 1)[0] for k, v in basis.items() if v == OPENCL})
    return NATIVE + (f" ({', '.join(rest)}: {OPENCL})" if rest else "")
