"""Helpers the analysis tests share (conftest.py holds the fixtures): reading a JSON file, a
statistics block of given median and interval for synthetic results, a synthetic native
roofline result (roofline_native) and a synthetic hand-written CUDA peer result (peers_cuda_hand)."""

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


# The hand-written CUDA peer's workloads and variants (experiments/peers/cuda_hand/variants.cuh):
# workload -> (side, ksize, border, 8-bit, tolerance, [(variant, exact)]).
CUDA_HAND_WORKLOADS = {
    "sepconv5": (4096, 5, "BORDER_CONSTANT (0)", False, 6.556513589829287e-07,
                 [("stream64_4px", False), ("stream32_4px", False), ("tile4x8_float4", False)]),
    "conv2d5_u8": (8192, 5, "BORDER_REPLICATE", True, 1.0,
                   [("stream64_4px_dp4a_exact", True), ("stream64_8px_dp4a_exact", True),
                    ("stream64_4px_fma_contracted", False)]),
    "harris": (5120, 3, "BORDER_REFLECT_101", False, 9.1552734375e-05,
               [("stream80_4px", False), ("stream80_4px_cpasync_d4", False), ("stream80_4px_cpasync_d8", False)]),
}


def cuda_hand_result(slug: str = "nvidia-h200", repetitions: int = 30) -> dict:
    """A peers_cuda_hand result as hand_peers.cu writes it (result_rows.hpp): every variant measured
    at 0.05 ms + 0.01 ms per place in its workload's list, the same-bytes copy at 0.04 ms."""
    samples = [0.05] * repetitions
    rows, floors, sizes = [], [], {}
    for workload, (side, ksize, border, u8, tol, variants) in CUDA_HAND_WORKLOADS.items():
        wid = f"{workload}/{side}"
        sizes[wid] = f"{side}x{side}"
        pixels = side * side
        bytes_min = pixels * (2 if u8 else 8)
        for i, (variant, exact) in enumerate(variants):
            vid = f"peers.cuda_hand/{wid}/{variant}"
            ms = 0.05 + 0.01 * i
            rows.append({
                "family": "peers.cuda_hand", "variant_id": vid, "case_id": vid, "peer": "cuda_hand",
                "library": "FilterLab hand-written CUDA", "runs_on": "cuda_device", "workload": workload,
                "workload_id": wid, "method": variant, "description": variant.replace("_", " "), "ksize": ksize,
                "width": side, "height": side, "border": border, "pixels": pixels, "bytes_min": bytes_min,
                "exact": exact, "status": "measured", "tolerance": tol, "judged_tolerance": 0 if exact else tol,
                "max_abs_error": 0 if exact or u8 else tol / 4,
                "kernel": {"registers": 72, "local_bytes": 0, "static_shared_bytes": 0, "dynamic_shared_bytes": 0,
                           "blocks_per_sm": 6, "grid": [side // 512, side // 64, 1], "block": [128, 1, 1]},
                "timing": "CUDA events around one launch, the L2 flushed before",
                "event_ms": stats(ms, ms * 0.99, ms * 1.01, repetitions), "samples_event_ms": [ms] * repetitions,
                "floor_ms": 0.03, "roofline_fraction": 0.03 / ms, "copy_floor_ms": 0.04, "copy_fraction": 0.04 / ms,
                "fastest_of_workload": i == 0})
        copy = {"method": "copy_grid_stride", "description": "uint4 grid-stride copy", "status": "measured",
                "event_ms": stats(0.04, 0.039, 0.041, repetitions), "samples_event_ms": [0.04] * repetitions}
        floors.append({"workload_id": wid, "bytes_read": bytes_min // 2, "bytes_written": bytes_min // 2,
                       "method": "copy_grid_stride", "median_ms": 0.04, "candidates": [copy]})
    prov = {"device": "NVIDIA H200", "device_slug": slug, "device_type": "GPU", "global_mem_bytes": 150 << 30,
            "compute_units": 132, "compute_capability": "9.0", "copy_bandwidth_GBps": 4000.0,
            "copy_bandwidth": {"bytes_per_copy": 1 << 30, "median_ms": 0.54, "method": "cudaMemcpyAsync"},
            "l2_flush": {"l2_cache_bytes": 62914560, "flush_bytes": 125829120, "method": "a read of twice the L2"},
            "host": "h", "date": "2026-01-01T00:00:00Z", "commit": "c" * 40, "commit_dirty": False,
            "commit_note": "the bundle's commit", "export_commit": "c" * 40, "driver_version": "580.159.04",
            "libraries": {"cuda_runtime": "13.0", "cuda_driver_api": "13.0", "nvcc": "13.0.88",
                          "host_compiler": "12.2.0", "cplusplus": 201703},
            "build_options": "-O3 -std=c++17 -arch=sm_90 -Xcompiler -Wall,-Wextra",
            "kernel_origin": "FilterLab's own hand-written CUDA kernels",
            "kernel_sources": {"experiments/peers/cuda_hand/hand_peers.cu": "f" * 64}, "sizes": sizes,
            "inputs": "/tmp/in", "scale": 1, "warmup": 3, "repetitions": repetitions, "order_seed": 20261122,
            "tolerance_rule": "max |peer - oracle| <= tolerance", "timing": "CUDA events",
            "method_choice": "every variant is a row"}
    return {"schema": "filterlab.result/2", "schema_version": 2, "experiment": "peers_cuda_hand",
            "provenance": prov, "rows": rows, "floors": floors}
