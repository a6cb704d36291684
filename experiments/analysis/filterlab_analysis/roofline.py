"""Experiment "roofline": each device's measured ceilings -> a table, and the floors that a kernel's
per-pixel work meets on a device (floors()).

    PYTHONPATH=experiments/analysis /usr/bin/python3 -m filterlab_analysis.roofline --results experiments/results --out paper/generated

Reads <results>/roofline/<device_slug>.json (schema "filterlab.roofline/2", written by `filterlab run
roofline`): the copy bandwidth, one row per probe of kernels/probe/roofline.cl with its rate and raw
samples, and every embedded ImageCL kernel's operation counts per pixel; and, for CPU devices,
<results>/roofline_native/<device_slug>.json where it exists (roofline_native.py: the same CPU's
ceilings measured by plain C++ built -march=native). The OpenCL probes are what OpenCL code reached;
a CPU device's floors take the native rates where they exist (roofline_native.combined_rates), the
OpenCL ones otherwise, and every table says which. Writes to --out:
    roofline_summary.json    derived numbers: per device each ceiling (median and 95 % interval; the
                             native ones beside them), the rates the floors use and their basis,
                             and each ImageCL kernel's floors per megapixel where its counts are known
    roofline_ceilings.tex/.md the ceilings, one column per device ("OpenCL probe" and "native" for
                             a CPU with native results)
    roofline_imagecl.tex/.md each ImageCL pipeline's tuned kernel time (Study 6a's tuned rows) beside
                             its floors on the same device, the binding ceiling and the fraction of it;
                             the tuned kernels run under OpenCL's default contraction (contracted
                             floors), their exact twins (`exact` 1, timed by Study 6a) against the
                             floors as written

How an operation maps to a ceiling (floors()):
    memory      compulsory_bytes per pixel at the copy bandwidth (bytes read plus written);
    FP32        as written, without contraction: each add, mul and other (division, sqrt, builtins:
                one instruction each, a lower bound) is one instruction at the no-contraction probe's
                rate (fp32_exact: one flop per instruction, so GFLOP/s = G instructions/s); each
                explicit fma is one instruction of two flops at the fma probe's instruction rate
                (fp32_fma GFLOP/s / 2). With contracted=True, min(add, mul) multiply-add pairs are
                fused into fmas first: the least the compiler can leave to issue;
    conversion  the compulsory conversions (compulsory_int_to_float: one per integer Image read, each
                loaded pixel converted once; compulsory_float_to_int: one per integer Image written)
                at the faster of the uchar and ushort probes (a floor is a lower bound) and at the
                float -> uchar (saturating, round to even) probe; the conversions as written (every
                tap converted again) are reported beside it (conversion_as_counted), not as a floor;
    local       only where the counts give local_bytes per pixel: at the float local-load probe.
The binding ceiling is the one with the largest floor.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from . import results as R
from . import roofline_native as RN
from . import tex_layout as T
from .study import Run, Study, first_paragraph

EXPERIMENT = "roofline"
# make_all.py: the experiment may be absent from a results directory (the analysis says "no data").

PROBES = ["fp32_exact", "fp32_fma", "cvt_u8_f32", "cvt_u16_f32", "cvt_f32_u8", "local_f32", "local_u8"]
UNITS = {"flop": "GFLOP/s", "conversion": "Gconv/s", "byte": "GB/s"}
# The table's rows: summary key, label, unit (the copy bandwidth first, then the probes in order).
CEILINGS = [
    ("copy", "copy bandwidth (read + written)", "GB/s"),
    ("fp32_exact", "FP32 mul or add, not contracted", "GFLOP/s"),
    ("fp32_fma", "FP32 fma (2 flops each)", "GFLOP/s"),
    ("cvt_u8_f32", "uchar to float", "G/s"),
    ("cvt_u16_f32", "ushort to float", "G/s"),
    ("cvt_f32_u8", "float to uchar (sat., rte)", "G/s"),
    ("local_f32", "local float loads", "GB/s"),
    ("local_u8", "local uchar loads", "GB/s"),
]
COUNT_KEYS = ("fp32_add", "fp32_mul", "fp32_fma", "fp32_other", "int_to_float", "float_to_int",
              "image_reads", "compulsory_bytes", "compulsory_int_to_float", "compulsory_float_to_int")
PROV_KEYS = {"device": "str", "device_slug": "str", "device_type": "str", "host": "str",
             "commit": "str", "commit_dirty": "bool", "driver_version": "str", "repetitions": "int",
             "warmup": "int", "copy_bandwidth_GBps": "number", "probe_sizes": "dict"}
ROW_KEYS = {"probe": "str", "work_unit": "str", "rate_unit": "str", "ops_per_launch": "number",
            "work_per_op": "number", "work_per_launch": "number", "kernel_ms": "dict",
            "samples_kernel_ms": "list", "rate": "dict", "build_options": "str", "check": "str"}


# ---------------------------------------------------------------------------------------------
# floors


def rates_of(ceilings: dict) -> dict:
    """The rates floors() reads, from a device's ceilings (summary form: key -> {median, ...}); None
    for a refused probe's (a floor that needs it then has no rate: floors() says so)."""
    m = {k: v["median"] for k, v in ceilings.items()}
    cvt = [m[k] for k in ("cvt_u8_f32", "cvt_u16_f32") if k in m]
    return {"copy_GBps": m["copy"], "fp32_exact_GFLOPs": m.get("fp32_exact"),
            "fp32_fma_GFLOPs": m.get("fp32_fma"), "int_to_float_Gps": max(cvt) if cvt else None,
            "float_to_int_Gps": m.get("cvt_f32_u8"), "local_GBps": m.get("local_f32")}


def _time_s(count: float, rate_per_s: float | None, what: str) -> float:
    """count operations (or bytes) at rate_per_s; 0 for no work, ValueError for work at no rate."""
    if count < 0:
        raise ValueError(f"negative count for {what}: {count}")
    if count == 0:
        return 0.0
    if not rate_per_s or rate_per_s <= 0 or not math.isfinite(rate_per_s):
        raise ValueError(f"{what}: {count:g} per pixel but no positive rate to divide by")
    return count / rate_per_s


def floors(counts: dict, pixels: float, rates: dict, contracted: bool = False) -> dict:
    """Each ceiling's floor in ms for `pixels` logical threads doing `counts` (an OpCounts: per
    pixel) on a device of `rates` (rates_of()), and the binding (largest) one:
    {"floors_ms": {"memory": ..., "fp32": ..., "conversion": ..., ["local": ...]},
     "binding": name, "floor_ms": the largest}. The mapping is the module docstring's.
    ValueError where the counts are not known."""
    if not counts.get("known", False):
        raise ValueError("the kernel's operation counts are not known (counts.known is false)")
    if pixels < 0:
        raise ValueError(f"negative pixel count {pixels}")
    add, mul = counts["fp32_add"], counts["fp32_mul"]
    fma, other = counts["fp32_fma"], counts["fp32_other"]
    if contracted:  # each fused pair: one fma instead of a mul and an add
        fused = min(add, mul)
        fma, add, mul = fma + fused, add - fused, mul - fused
    exact_per_s = (rates.get("fp32_exact_GFLOPs") or 0) * 1e9  # one flop per instruction
    fma_per_s = (rates.get("fp32_fma_GFLOPs") or 0) * 1e9 / 2  # two flops per instruction
    per_pixel_s = {
        "memory": _time_s(counts["compulsory_bytes"], (rates.get("copy_GBps") or 0) * 1e9,
                          "compulsory bytes"),
        "fp32": (_time_s(add + mul + other, exact_per_s, "FP32 add, mul and other")
                 + _time_s(fma, fma_per_s, "FP32 fma")),
        "conversion": (_time_s(counts["compulsory_int_to_float"], (rates.get("int_to_float_Gps") or 0) * 1e9,
                               "int to float")
                       + _time_s(counts["compulsory_float_to_int"], (rates.get("float_to_int_Gps") or 0) * 1e9,
                                 "float to int")),
    }
    as_counted = (_time_s(counts["int_to_float"], (rates.get("int_to_float_Gps") or 0) * 1e9, "int to float")
                  + _time_s(counts["float_to_int"], (rates.get("float_to_int_Gps") or 0) * 1e9, "float to int"))
    if counts.get("local_bytes") is not None and rates.get("local_GBps"):
        per_pixel_s["local"] = _time_s(counts["local_bytes"], rates["local_GBps"] * 1e9,
                                       "local bytes")
    out = {k: v * pixels * 1e3 for k, v in per_pixel_s.items()}
    binding = max(out, key=lambda k: out[k])
    return {"floors_ms": out, "binding": binding, "floor_ms": out[binding],
            "conversion_as_counted_ms": as_counted * pixels * 1e3}


# ---------------------------------------------------------------------------------------------
# raw -> derived


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=R.REL_TOL)


def _rate_row(obj: dict, where: str, prov: dict, path: Path) -> dict:
    R._require(obj, ROW_KEYS, where, path)
    R.row_keys(obj, EXPERIMENT, path, where)
    k = R._stats(obj["kernel_ms"], f"{where}.kernel_ms", path)
    R._samples(obj["samples_kernel_ms"], k, f"{where}.samples_kernel_ms", path)
    if k.n != prov["repetitions"]:
        raise R.ResultError(f"{path}: '{where}' has n = {k.n} but provenance.repetitions = "
                            f"{prov['repetitions']}")
    if UNITS.get(obj["work_unit"]) != obj["rate_unit"]:
        raise R.ResultError(f"{path}: '{where}': work unit '{obj['work_unit']}' with rate unit "
                            f"'{obj['rate_unit']}'")
    if not _close(obj["work_per_launch"], obj["ops_per_launch"] * obj["work_per_op"]):
        raise R.ResultError(f"{path}: '{where}.work_per_launch' is not ops_per_launch x work_per_op")
    rate = obj["rate"]
    R._require(rate, {"median": "number", "ci95_low": "number", "ci95_high": "number"},
               f"{where}.rate", path)
    giga = obj["work_per_launch"] / 1e9
    for key, ms in (("median", k.median), ("ci95_low", k.ci95_high), ("ci95_high", k.ci95_low)):
        want = giga / (ms * 1e-3)
        if not _close(rate[key], want):
            raise R.ResultError(f"{path}: '{where}.rate.{key}' is {rate[key]!r}, but work_per_launch "
                                f"over the kernel time gives {want!r} {obj['rate_unit']}")
    return {"median": rate["median"], "lo": rate["ci95_low"], "hi": rate["ci95_high"],
            "unit": obj["rate_unit"], "kernel_ms": k.median, "check": obj["check"]}


def _copy(obj: dict, path: Path) -> dict:
    R._require(obj, {"GBps": "number", "kernel_GBps": "number", "enqueue_copy_GBps": "number",
                     "bytes_per_copy": "int", "kernel_ms": "dict", "enqueue_copy_ms": "dict",
                     "samples_kernel_ms": "list", "samples_enqueue_copy_ms": "list"}, "copy", path)
    out = {}
    for name, stats, samples in (("kernel", "kernel_ms", "samples_kernel_ms"),
                                 ("enqueue", "enqueue_copy_ms", "samples_enqueue_copy_ms")):
        s = R._stats(obj[stats], f"copy.{stats}", path)
        R._samples(obj[samples], s, f"copy.{samples}", path)
        moved = 2.0 * obj["bytes_per_copy"] / 1e9  # read plus written
        out[name] = {"median": moved / (s.median * 1e-3), "lo": moved / (s.ci95_high * 1e-3),
                     "hi": moved / (s.ci95_low * 1e-3)}
    if not _close(out["kernel"]["median"], obj["kernel_GBps"]) or not _close(
            out["enqueue"]["median"], obj["enqueue_copy_GBps"]):
        raise R.ResultError(f"{path}: copy GB/s disagree with bytes_per_copy and the median times")
    best = max(out.values(), key=lambda v: v["median"])
    if not _close(best["median"], obj["GBps"]):
        raise R.ResultError(f"{path}: copy.GBps is {obj['GBps']!r}, not the better of the kernel and "
                            f"the enqueued copy ({best['median']!r})")
    return {**best, "unit": "GB/s"}


def _copies_at_kernel_sizes(entries: list, path: Path) -> dict:
    """Each ImageCL kernel's same-bytes copy (the raw 'copy_at_kernel_sizes'): kernel -> {side,
    bytes_moved, ms: the better of the kernel and the enqueued copy, median and its 95 % interval}."""
    out = {}
    for i, e in enumerate(entries):
        R._require(e, {"bytes_moved": "int", "kernels": "list"}, f"copy_at_kernel_sizes[{i}]", path)
        if e["bytes_moved"] != 2 * e.get("bytes_per_copy", -1):
            raise R.ResultError(f"{path}: copy_at_kernel_sizes[{i}].bytes_moved is not twice bytes_per_copy")
        best = _copy(e, path)
        giga = e["bytes_moved"] / 1e9
        ms = {"median": giga / best["median"] * 1e3, "lo": giga / best["hi"] * 1e3, "hi": giga / best["lo"] * 1e3}
        for k in e["kernels"]:
            R._require(k, {"kernel": "str", "side": "int", "compulsory_bytes": "number"},
                       f"copy_at_kernel_sizes[{i}].kernels", path)
            out[k["kernel"]] = {"side": k["side"], "bytes_moved": e["bytes_moved"], "GBps": best["median"], "ms": ms}
    return out


def same_bytes_copy_ms(device: dict, kernels: list[str], side: int) -> float | None:
    """The time a plain copy of the kernels' compulsory bytes at `side` took on `device` (the kernels'
    copies added), or None where the roofline result has no copy of that size (measured before
    copy_at_kernel_sizes existed, or the kernels timed at another side)."""
    copies = device.get("copies", {})
    total = 0.0
    for k in kernels:
        c, n = copies.get(k), device["counts"].get(k)
        if not c or c["side"] != side or not n:
            return None
        # The copy moves the kernel's bytes, rounded down to whole 16 KiB work-groups per buffer.
        if abs(c["bytes_moved"] - n["compulsory_bytes"] * side * side) > 2 * 16384:
            return None
        total += c["ms"]["median"]
    return total


def load_device(path: Path) -> dict:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise R.ResultError(f"{path}: cannot read as JSON ({e})") from e
    R._require(data, {"schema": "str", "experiment": "str", "provenance": "dict", "copy": "dict",
                      "rows": "list", "imagecl_counts": "dict"}, "", path)
    R.check_schema(data, "filterlab.roofline", path)
    if data["experiment"] != EXPERIMENT:
        raise R.ResultError(f"{path}: experiment is '{data['experiment']}', not '{EXPERIMENT}'")
    prov = data["provenance"]
    R._require(prov, PROV_KEYS, "provenance", path)
    if prov["device_slug"] != path.stem:
        raise R.ResultError(f"{path}: provenance.device_slug is '{prov['device_slug']}' but the "
                            f"file is named '{path.name}'")
    # Every probe once: measured (rows) or refused (its output differed from the exact replay).
    refused = {r["probe"]: r["reason"] for r in data.get("refused_probes", [])}
    probes = [r.get("probe") for r in data["rows"]] + list(refused)
    if sorted(probes) != sorted(PROBES):
        raise R.ResultError(f"{path}: rows and refused_probes hold probes {probes}, expected each of {PROBES} once")
    ceilings = {"copy": _copy(data["copy"], path)}
    for i, r in enumerate(data["rows"]):
        ceilings[r["probe"]] = _rate_row(r, f"rows[{i}]", prov, path)
    counts = {}
    for name, c in data["imagecl_counts"].items():
        R._require(c, {"known": "bool", **{k: "number" for k in COUNT_KEYS}},
                   f"imagecl_counts.{name}", path)
        counts[name] = {k: c[k] for k in ("known", *COUNT_KEYS)}
    copies = _copies_at_kernel_sizes(data.get("copy_at_kernel_sizes", []), path)
    return {"slug": prov["device_slug"], "device": prov["device"], "type": prov["device_type"],
            "compute_units": prov.get("compute_units"), "host": prov["host"], "commit": prov["commit"], "commit_dirty": prov["commit_dirty"],
            "driver": prov["driver_version"], "repetitions": prov["repetitions"],
            "probe_sizes": prov["probe_sizes"], "ceilings": ceilings, "refused": refused, "counts": counts,
            "copies": copies}


def derive(results_dir: Path) -> dict:
    """Every device's ceilings and its ImageCL kernels' floors per megapixel (known counts only);
    no devices (no_data) where the results hold no roofline folder."""
    return derive_devices(load_devices(results_dir))


def load_devices(results_dir: Path) -> list[dict]:
    """Every device's roofline result, each with its native result ("native", None for GPUs and CPUs
    without one)."""
    folder = Path(results_dir) / EXPERIMENT
    files = sorted(folder.glob("*.json")) if folder.is_dir() else []
    devices = sorted((load_device(p) for p in files), key=lambda d: (d["device"].lower(), d["slug"]))
    natives = RN.load_all(results_dir)
    for d in devices:
        d["native"] = RN.for_device(natives.get(d["slug"]), d["slug"], d["type"], d.get("compute_units"),
                                    str(Path(results_dir) / RN.EXPERIMENT / f"{d['slug']}.json"))
    return devices


def _floors_or_why(counts: dict, pixels: float, rates: dict, contracted: bool = False) -> dict:
    """floors(), or {"no_floor": why} where a rate it needs is missing (a refused probe)."""
    try:
        return floors(counts, pixels, rates, contracted)
    except ValueError as e:
        return {"no_floor": str(e)}


def derive_devices(devices: list[dict]) -> dict:
    for d in devices:
        d["opencl_rates"] = rates_of(d["ceilings"])
        rates, d["rates_basis"] = RN.combined_rates(d["opencl_rates"], d.get("native"))
        d["rates"] = rates
        d["floors_from"] = RN.basis_label(d["rates_basis"])
        d["kernel_floors_per_megapixel"] = {
            name: {"as_written": _floors_or_why(c, 1e6, rates), "contracted": _floors_or_why(c, 1e6, rates, True)}
            for name, c in sorted(d["counts"].items()) if c["known"]}
    return {"no_data": not devices, "ceilings": [{"key": k, "label": lab, "unit": u}
                                                 for k, lab, u in CEILINGS],
            "devices": devices}


# ---------------------------------------------------------------------------------------------
# ImageCL's tuned pipelines against their floors


def _against(counts: list[dict], pixels: float, rates: dict, contracted: bool, kernel: dict) -> dict:
    """The kernels' floors added (they run one after the other), the binding one, and it over the time."""
    per = [floors(c, pixels, rates, contracted) for c in counts]
    total = {k: sum(f["floors_ms"].get(k, 0.0) for f in per) for k in per[0]["floors_ms"]}
    binding = max(total, key=lambda k: total[k])
    return {"floors_ms": total, "binding": binding, "floor_ms": total[binding],
            "fraction": total[binding] / kernel["median"],
            # A floor above the time's interval: that probe runs slower than the kernel does the
            # same work, so its rate is no ceiling here.
            "above_time": sorted(k for k, v in total.items() if v > kernel["hi"])}


def imagecl_against_floors(results_dir: Path, devices: list[dict]) -> list[dict]:
    """Per device with a roofline result and Study 6a's tuned rows, per pipeline: the tuned kernel
    time (kernels' medians added) and each ceiling's floor for the pipeline at its side.

    The tuned kernels are built under OpenCL's default, FP_CONTRACT ON, so the device compiler may
    fuse every multiply-add pair: their floors are `contracted` (the least issue the code allows),
    with `as_written` beside them. Where Study 6a also timed their exact twins (FP contraction off,
    `exact` 1), `exact` sets that time against the floors as written."""
    from . import imagecl_portability as IP  # the pipelines and Study 6a's tuned rows
    out = []
    for d in devices:
        tuned = IP._tuned_rows(Path(results_dir), d["slug"])
        twins = IP._exact_twin_rows(Path(results_dir), d["slug"], tuned)
        for pipeline, t in tuned.items():
            kernels = IP.PIPELINE_KERNELS[pipeline]
            counts = [d["counts"].get(k) for k in kernels]
            row = {"device": d["device"], "slug": d["slug"], "pipeline": pipeline, "side": t["side"],
                   "kernel_ms": t["kernel"], "ids": t["ids"]}
            if not all(c and c["known"] for c in counts):
                row["no_floor"] = "operation counts unknown for " + ", ".join(
                    k for k, c in zip(kernels, counts) if not (c and c["known"]))
                out.append(row)
                continue
            pixels = float(t["side"]) ** 2
            try:
                for mode, contracted in (("as_written", False), ("contracted", True)):
                    row[mode] = _against(counts, pixels, d["rates"], contracted, t["kernel"])
            except ValueError as e:  # a rate it needs was refused on this device
                row["no_floor"] = str(e)
                out.append(row)
                continue
            row["floors_from"] = d["floors_from"]
            if d.get("native"):  # the same tuned time against the OpenCL probes' floors, beside
                try:
                    row["opencl_probe"] = _against(counts, pixels, d["opencl_rates"], True, t["kernel"])
                except ValueError as e:
                    row["opencl_probe"] = {"no_floor": str(e)}
            row["copy_ms"] = same_bytes_copy_ms(d, kernels, int(t["side"]))
            row["copy_fraction"] = row["copy_ms"] / t["kernel"]["median"] if row["copy_ms"] else None
            if pipeline in twins:
                tw = twins[pipeline]
                row["exact"] = {"kernel_ms": tw["kernel"], "ids": tw["ids"],
                                **_against(counts, pixels, d["rates"], False, tw["kernel"])}
            out.append(row)
    return out


CEILING_LABELS = {"memory": "memory", "fp32": "FP32 issue", "conversion": "conversion", "local": "local memory"}


def _native_rows(rows: list[dict]) -> bool:
    """Whether some row's floors come from native ceilings: the tables then name each row's basis
    and give the OpenCL probes' binding floor beside."""
    return any("opencl_probe" in r for r in rows)


def _opencl_cell(r: dict) -> str:
    o = r.get("opencl_probe")
    if o and "no_floor" in o:
        return "refused probe"
    return "--" if not o else f"{CEILING_LABELS[o['binding']]} {o['fraction']:.2f}"


def _basis_cell(r: dict) -> str:
    return RN.NATIVE if "opencl_probe" in r else RN.OPENCL


def imagecl_tex(rows: list[dict]) -> str:
    e = R.latex_escape
    lines = ["% Generated by experiments/analysis/filterlab_analysis/roofline.py from the raw results; do not edit."]
    if not rows:
        return "\n".join(lines + [r"\begin{tabular}{l}", r"\toprule",
                                  r"no roofline and Study 6a results on one device \\", r"\bottomrule",
                                  r"\end{tabular}", ""])
    native = _native_rows(rows)
    heads = (["device", "pipeline", "side"] + ["ceilings"] * native
             + ["ms", "memory", "FP32", "conv.", "binding", "fraction"] + ["OpenCL probe"] * native
             + ["copy", "ms", "binding", "fraction"])
    aligns = "llr" + "l" * native + "rrrrlr" + "l" * native + "rrlr"
    first, tuned = 4 + native, 7 + native  # the tuned block's first column and its width
    lines += [r"\begin{tabular}{" + aligns + "}", r"\toprule",
              "& " * (first - 1) + rf"\multicolumn{{{tuned}}}{{c}}{{tuned (contraction allowed)}} & "
              r"\multicolumn{3}{c}{exact twin} \\",
              rf"\cmidrule(lr){{{first}-{first + tuned - 1}}}\cmidrule(lr){{{first + tuned}-{first + tuned + 2}}}",
              " & ".join(heads) + r" \\",
              r"\midrule"]
    for r in rows:
        head = [e(T.short_device(r["device"])), e(r["pipeline"].replace("_", " ")), str(r["side"])]
        head += [e(_basis_cell(r))] * native
        head.append(R.fmt_ms(r["kernel_ms"]["median"]))
        if "no_floor" in r:
            lines.append(" & ".join(head + [rf"\multicolumn{{{9 + native}}}{{l}}{{" + e(r["no_floor"]) + "}"]) + r" \\")
            continue
        c = r["contracted"]
        f = c["floors_ms"]
        mark = r"$^\dagger$" if c["above_time"] else ""
        x = r.get("exact")
        tail = ([R.fmt_ms(x["kernel_ms"]["median"]), e(CEILING_LABELS[x["binding"]]),
                 f"{x['fraction']:.2f}" + (r"$^\dagger$" if x["above_time"] else "")] if x else ["--", "", ""])
        copy = "--" if r.get("copy_fraction") is None else f"{r['copy_fraction']:.2f}"
        lines.append(" & ".join(head + [R.fmt_ms(f["memory"]), R.fmt_ms(f["fp32"]), R.fmt_ms(f["conversion"]),
                                        e(CEILING_LABELS[c["binding"]]), f"{c['fraction']:.2f}{mark}"]
                                + [e(_opencl_cell(r))] * native + [copy] + tail)
                     + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}", ""]
    return "\n".join(lines)


def imagecl_md(rows: list[dict]) -> str:
    if not rows:
        return "No roofline and Study 6a results on one device: no data.\n"
    native = _native_rows(rows)
    out = ["Floors in ms: each ceiling's floor for the pipeline's counted work at its side. The tuned kernels "
           "are built under OpenCL's default contraction (FP_CONTRACT ON): their FP32 floor counts every "
           "multiply-add pair as one fma, and the fraction is the binding floor over the tuned kernel time. "
           "The exact twin is the same configuration with contraction off (`exact` 1), against the floors "
           "as written (FP32 as written in brackets). Copy: a plain copy of the kernels' compulsory bytes at the "
           "same side (the roofline run's copy_at_kernel_sizes), in ms, and the tuned time's fraction of it."
           + (" Ceilings: where the floors' rates come from, the CPU's native probes (plain C++, -march=native; "
              "local memory stays the OpenCL probe's) or the OpenCL probes; OpenCL probe: the binding floor and "
              "fraction the OpenCL probes' rates give for the same tuned time." if native else ""), "",
           "| device | pipeline | side | " + "ceilings | " * native + "kernel ms | memory | FP32 | conversion | binding "
           "| fraction | " + "OpenCL probe | " * native + "copy ms (fraction) | exact twin ms | binding | fraction |",
           "| " + " | ".join(["---"] * (13 + 2 * native)) + " |"]
    for r in rows:
        head = (f"| {T.short_device(r['device'])} | {r['pipeline']} | {r['side']} | " + f"{_basis_cell(r)} | " * native
                + f"{R.fmt_ms(r['kernel_ms']['median'])} |")
        if "no_floor" in r:
            out.append(head + f" {r['no_floor']} |" + " |" * (8 + native))
            continue
        c, a = r["contracted"], r["as_written"]
        f = c["floors_ms"]
        mark = (" (floor above the time: " + ", ".join(CEILING_LABELS[k] for k in c["above_time"])
                + " probe slower than the kernel)") if c["above_time"] else ""
        x = r.get("exact")
        tail = (f" {R.fmt_ms(x['kernel_ms']['median'])} | {CEILING_LABELS[x['binding']]} | {x['fraction']:.2f}"
                + (" (floor above the time)" if x["above_time"] else "") + " |") if x else " not timed | | |"
        copy = "-" if r.get("copy_ms") is None else f"{R.fmt_ms(r['copy_ms'])} ({r['copy_fraction']:.2f})"
        out.append(head + f" {R.fmt_ms(f['memory'])} | {R.fmt_ms(f['fp32'])} ({R.fmt_ms(a['floors_ms']['fp32'])}) | "
                   f"{R.fmt_ms(f['conversion'])} | {CEILING_LABELS[c['binding']]} | {c['fraction']:.2f}{mark} | "
                   + f"{_opencl_cell(r)} | " * native + f"{copy} |" + tail)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# outputs


def _cell(c: dict) -> str:
    return f"{R.fmt_sig(c['median'])} ({R.fmt_sig(c['lo'])}--{R.fmt_sig(c['hi'])})"


# The native probe beside each ceiling (none for local memory: a CPU's __local is its cache), and
# the native ceiling the OpenCL probes have no row for.
NATIVE_OF = {"copy": "copy", "read": "read", "fp32_exact": "fp32_exact", "fp32_fma": "fp32_fma",
             "cvt_u8_f32": "cvt_u8_f32", "cvt_u16_f32": "cvt_u16_f32", "cvt_f32_u8": "cvt_f32_u8"}
READ_CEILING = {"key": "read", "label": "read bandwidth (read only)", "unit": "GB/s"}


def _native_cell(c: dict | None) -> str:
    return "--" if c is None else f"{R.fmt_sig(c['median'])} (best {R.fmt_sig(c['best'])})"


def ceiling_grid(s: dict) -> tuple[list[tuple[dict, str]], list[tuple[str, str, list[str]]]]:
    """The ceilings table as plain cells: columns (device, "opencl" or "native": a CPU with native
    results has both) and rows (label, unit, one cell per column). With native results, a read
    bandwidth row, the threads beside the compute units, and which rates the floors use."""
    devs = s["devices"]
    columns = [(d, kind) for d in devs for kind in (("opencl", "native") if d.get("native") else ("opencl",))]
    natives = any(d.get("native") for d in devs)
    ceilings = list(s["ceilings"])
    if natives:
        ceilings.insert(1, READ_CEILING)
    rows = []
    for c in ceilings:
        cells = []
        for d, kind in columns:
            if kind == "native":
                probe = NATIVE_OF.get(c["key"])
                cells.append(_native_cell(d["native"]["ceilings"].get(probe) if probe else None))
            else:
                cells.append(_cell(d["ceilings"][c["key"]]) if c["key"] in d["ceilings"]
                             else "refused" if c["key"] in d.get("refused", {}) else "--")
        rows.append((c["label"], c["unit"], cells))
    if natives:
        rows.append(("threads (OpenCL: compute units)", "",
                     [str(d["native"]["threads"] if kind == "native" else d.get("compute_units") or "--")
                      for d, kind in columns]))
        rows.append(("the floors use", "", ["" if kind == "opencl" and d.get("native") else d["floors_from"]
                                            for d, kind in columns]))
    return columns, rows


def ceilings_tex(s: dict) -> str:
    e = R.latex_escape
    lines = ["% Generated by experiments/analysis/filterlab_analysis/roofline.py from the raw results; do not edit."]
    devs = s["devices"]
    if not devs:
        return "\n".join(lines + [r"\begin{tabular}{l}", r"\toprule",
                                  r"no roofline results (run \texttt{filterlab run roofline}) \\",
                                  r"\bottomrule", r"\end{tabular}", ""])
    columns, rows = ceiling_grid(s)
    names = [T.stacked(T.short_device(d["device"])) for d in devs]
    lines += [r"\begin{tabular}{ll" + "r" * len(columns) + "}", r"\toprule"]
    if len(columns) == len(devs):  # no native results: one column per device
        lines.append("Ceiling & Unit & " + " & ".join(names) + r" \\")
    else:
        lines.append("Ceiling & Unit & " + " & ".join(
            rf"\multicolumn{{2}}{{c}}{{{n}}}" if d.get("native") else n for d, n in zip(devs, names)) + r" \\")
        col, rules = 3, ""
        for d in devs:
            width = 2 if d.get("native") else 1
            rules += rf"\cmidrule(lr){{{col}-{col + 1}}}" if width == 2 else ""
            col += width
        lines += [rules, " & & " + " & ".join(
            ("OpenCL probe" if kind == "opencl" else "native") if d.get("native") else "" for d, kind in columns)
            + r" \\"]
    lines.append(r"\midrule")
    for label, unit, cells in rows:
        lines.append(" & ".join([e(label), e(unit)] + [e(c) for c in cells]) + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}", ""]
    return "\n".join(lines)


def ceilings_md(s: dict) -> str:
    if not s["devices"]:
        return "No roofline results (run `filterlab run roofline`): no data.\n"
    columns, rows = ceiling_grid(s)
    out = ["Each device's ceilings. OpenCL probe: kernels/probe/roofline.cl as the device's OpenCL compiler "
           "builds it, the median with its 95 % interval. Native (CPUs, where measured): plain C++ built -O3 "
           "-march=native with OpenMP on as many threads as the device has compute units "
           "(experiments/roofline/native/), the median repetition's rate and the fastest one's. Copy counts "
           "bytes read plus written; an fma two flops.", "",
           "| ceiling | unit | " + " | ".join(
               T.short_device(d["device"]) + ({"opencl": ": OpenCL probe", "native": ": native"}[kind] if d.get("native") else "")
               for d, kind in columns) + " |",
           "| " + " | ".join(["---"] * (2 + len(columns))) + " |"]
    for label, unit, cells in rows:
        out.append("| " + " | ".join([label, unit] + cells) + " |")
    return "\n".join(out) + "\n"


class RooflineStudy(Study):
    name = EXPERIMENT
    description = first_paragraph(__doc__)
    results_optional = "the ceilings need each device's run of roofline; without it the table says no data"
    needs_matplotlib = False
    errors = (R.ResultError, ValueError)

    def load(self, run: Run) -> list[dict]:
        return load_devices(run.results)

    def derive(self, run: Run) -> dict:
        summary = derive_devices(run.raw)
        try:
            summary["imagecl"] = imagecl_against_floors(run.results, summary["devices"])
        except (R.ResultError, OSError, KeyError, ValueError) as e:
            raise R.ResultError(f"ImageCL against its floors: {e}") from e
        return summary

    def tables(self, run: Run) -> None:
        s, out = run.summary, run.out
        R.write_text(out / "roofline_ceilings.tex", ceilings_tex(s))
        R.write_text(out / "roofline_ceilings.md", ceilings_md(s))
        R.write_text(out / "roofline_imagecl.tex", imagecl_tex(s["imagecl"]))
        R.write_text(out / "roofline_imagecl.md", imagecl_md(s["imagecl"]))

    def report(self, run: Run) -> None:
        s = run.summary
        if s["no_data"]:
            print(f"{EXPERIMENT}: no data ({run.results / EXPERIMENT}/ holds no result) -> {run.out}")
        for d in s["devices"]:
            c = d["ceilings"]

            def m(k: str) -> str:
                return R.fmt_sig(c[k]["median"]) if k in c else "refused"
            print(f"{EXPERIMENT}: {d['device']}: copy {m('copy')} GB/s, FP32 {m('fp32_exact')} / {m('fp32_fma')} "
                  f"GFLOP/s (not contracted / fma), uchar to float {m('cvt_u8_f32')} G/s, local {m('local_f32')} GB/s")
            for probe, reason in sorted(d.get("refused", {}).items()):
                print(f"{EXPERIMENT}: {d['device']}: {probe} refused: {reason}")
            n = (d.get("native") or {}).get("ceilings")
            if n:
                print(f"{EXPERIMENT}: {d['device']}, native at {d['native']['threads']} threads: copy "
                      f"{R.fmt_sig(n['copy']['median'])} GB/s, read {R.fmt_sig(n['read']['median'])} GB/s, FP32 "
                      f"{R.fmt_sig(n['fp32_exact']['median'])} / {R.fmt_sig(n['fp32_fma']['median'])} GFLOP/s, "
                      f"uchar to float {R.fmt_sig(n['cvt_u8_f32']['median'])} G/s; the floors use {d['floors_from']}")


STUDY = RooflineStudy()
main = STUDY.main


if __name__ == "__main__":
    sys.exit(main())
