"""Loading, validating and formatting FilterLab's raw results.

Raw results are JSON files, one per (experiment, device):
    <results>/<experiment>/<device_slug>.json
with schema "filterlab.result/2" (written by the C++ runner; the committed results of before the
row-key contract are "filterlab.result/1"). Every file of an experiment is
loaded and validated; a malformed file is an error naming the file and the offending key, never
skipped. Only the Python standard library is used here.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = "filterlab.result/1"  # the first version's layout name (see check_schema for both)
SCHEMA_VERSION = 2  # files carry schema_version 2 and rows family/variant_id/case_id (row_keys)

# provenance key -> expected JSON type ("int", "number", "str", "bool", "list", "dict")
PROVENANCE_KEYS = {
    "device": "str", "device_slug": "str", "device_type": "str", "vendor": "str",
    "platform": "str", "platform_version": "str", "device_version": "str",
    "driver_version": "str", "opencl_c_version": "str", "compute_units": "int",
    "global_mem_bytes": "int", "host": "str", "commit": "str", "commit_dirty": "bool",
    "date": "str", "filterlab_version": "str", "kernel_sources": "dict", "build_options": "str",
    "scale": "number", "base_width": "int", "base_height": "int", "pyramid_pixels": "int",
    "warmup": "int", "repetitions": "int", "border": "str", "local_size": "list",
    "copy_bandwidth_GBps": "number", "timer_resolution_ns": "number",
}
ROW_KEYS = {
    "storage": "str", "ksize": "int", "local_size": "list",
    "launches_per_sample": "int", "bytes_min": "int", "floor_ms": "number",
    "kernel_ms": "dict", "wall_ms": "dict", "roofline_fraction": "number",
    "samples_kernel_ms": "list", "samples_wall_ms": "list",
}
STAT_KEYS = ("median", "q1", "q3", "ci95_low", "ci95_high", "min", "max", "n")

# Relative tolerance for values the runner derives from other values in the same file
# (floor from bytes and bandwidth, roofline fraction, median/min/max of the raw samples). Loose
# enough for rounding, tight enough to catch a unit error (GB vs GiB is 7 %).
REL_TOL = 1e-3


class ResultError(Exception):
    """A results file (or directory) that cannot be used; the message names the file."""


@dataclass(frozen=True)
class Stats:
    median: float
    q1: float
    q3: float
    ci95_low: float
    ci95_high: float
    min: float
    max: float
    n: int

    def to_dict(self) -> dict[str, float]:
        return {k: getattr(self, k) for k in STAT_KEYS}


@dataclass(frozen=True)
class Row:
    family: str
    variant_id: str
    case_id: str
    storage: str
    ksize: int
    local_size: tuple[int, ...]
    launches_per_sample: int
    bytes_min: int
    floor_ms: float
    kernel_ms: Stats
    wall_ms: Stats
    roofline_fraction: float
    samples_kernel_ms: tuple[float, ...]
    samples_wall_ms: tuple[float, ...]


@dataclass(frozen=True)
class DeviceResult:
    path: Path
    sha256: str  # of the raw file, so derived outputs can name exactly what they came from
    experiment: str
    provenance: dict[str, Any]
    rows: tuple[Row, ...]

    @property
    def device(self) -> str:
        return self.provenance["device"]

    @property
    def slug(self) -> str:
        return self.provenance["device_slug"]


# ---------------------------------------------------------------------------------------------
# the file's version and the row keys


def schema_version(data: dict) -> int:
    """2 for files with the row-key contract, 1 for the committed files of before it (no key)."""
    return data.get("schema_version", 1)


def check_schema(data: dict, layout: str, path: Path) -> int:
    """The file's schema version, after checking that its 'schema' names `layout` (e.g.
    "filterlab.result") at that version: "<layout>/1" without schema_version, "<layout>/2" with
    schema_version 2. ResultError otherwise."""
    version = schema_version(data)
    if version not in (1, SCHEMA_VERSION):
        raise ResultError(f"{path}: schema_version is {version!r}; this analysis reads 1 and "
                          f"{SCHEMA_VERSION}")
    want = f"{layout}/{version}"
    if data.get("schema") != want:
        raise ResultError(f"{path}: schema is '{data.get('schema')}', this analysis reads '{want}' "
                          f"(schema_version {version})")
    return version


ROW_KEY_NAMES = ("family", "variant_id", "case_id")


def _legacy_row_keys(obj: dict, experiment: str, part: str) -> tuple[str, str, str]:
    """(family, variant_id, case_id) of a row of a version-1 file, which named them differently per
    experiment: the only place that knows those old layouts."""
    if experiment in ("scharr_single_storage", "scharr_gradient_variants", "pyramid_storage"):
        return obj["variant"], obj["id"], obj["id"]  # 'variant' was the family
    if experiment == "tiled" and part == "counts":
        return obj["design"], obj["variant"], f"{obj['variant']}/counts/{obj['image']}"
    if experiment == "tiled":
        return obj["design"], obj["variant"], obj["id"]  # 'variant' was the variant ID here
    if experiment == "epsilon":
        return f"epsilon.{obj['step']}", obj["id"], f"{obj['id']}/t{obj['threshold']}"
    if experiment == "imagecl":
        return f"imagecl.{obj['kernel']}", obj["id"], f"{obj['id']}/{obj['width']}x{obj['height']}"
    if experiment in ("peers", "peers_cuda", "peers_npp"):
        return f"peers.{obj['peer']}", obj["id"], obj["id"]  # one row per peer and workload
    raise ResultError(f"no version-1 row layout known for experiment '{experiment}'")


def row_keys(obj: dict, experiment: str, path: Path, where: str,
             part: str = "rows") -> tuple[str, str, str]:
    """(family, variant_id, case_id) of a result row: its own keys in a version-2 file, derived
    from the old keys of a version-1 file (part: "rows", or "counts" for tiled's counts)."""
    if not isinstance(obj, dict):
        raise ResultError(f"{path}: '{where}' must be a JSON object")
    if any(k in obj for k in ROW_KEY_NAMES):
        _require(obj, {k: "str" for k in ROW_KEY_NAMES}, where, path)
        if not obj["case_id"].startswith(obj["variant_id"]):
            raise ResultError(f"{path}: '{where}.case_id' ({obj['case_id']}) does not start with "
                              f"its variant_id ({obj['variant_id']})")
        return obj["family"], obj["variant_id"], obj["case_id"]
    try:
        return _legacy_row_keys(obj, experiment, part)
    except KeyError as e:
        raise ResultError(f"{path}: '{where}' has neither the row keys "
                          f"{', '.join(ROW_KEY_NAMES)} nor the old key {e}") from e


def with_row_keys(obj: dict, experiment: str, path: Path, where: str,
                  part: str = "rows") -> dict:
    """The row with family, variant_id and case_id set (see row_keys)."""
    family, variant_id, case_id = row_keys(obj, experiment, path, where, part)
    return {**obj, "family": family, "variant_id": variant_id, "case_id": case_id}


# ---------------------------------------------------------------------------------------------
# validation


def _is_type(value: Any, kind: str) -> bool:
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return (isinstance(value, (int, float)) and not isinstance(value, bool)
                and math.isfinite(value))
    return isinstance(value, {"str": str, "bool": bool, "list": list, "dict": dict}[kind])


def _require(obj: dict, keys: dict[str, str], where: str, path: Path) -> None:
    if not isinstance(obj, dict):
        raise ResultError(f"{path}: '{where}' must be a JSON object")
    for key, kind in keys.items():
        name = f"{where}.{key}" if where else key
        if key not in obj:
            raise ResultError(f"{path}: missing key '{name}'")
        if not _is_type(obj[key], kind):
            raise ResultError(f"{path}: key '{name}' must be of type {kind}, "
                              f"got {json.dumps(obj[key])[:60]}")


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=REL_TOL, abs_tol=1e-12)


def _stats(obj: Any, where: str, path: Path) -> Stats:
    _require(obj, {k: ("int" if k == "n" else "number") for k in STAT_KEYS}, where, path)
    s = Stats(**{k: obj[k] for k in STAT_KEYS})
    ordered = (s.min <= s.q1 <= s.median <= s.q3 <= s.max
               and s.ci95_low <= s.median <= s.ci95_high and s.min > 0 and s.n > 0)
    if not ordered:
        raise ResultError(f"{path}: '{where}' is inconsistent: need 0 < min <= q1 <= median <= q3 "
                          f"<= max and ci95_low <= median <= ci95_high, got {s.to_dict()}")
    return s


def _samples(obj: list, stats: Stats, where: str, path: Path) -> tuple[float, ...]:
    if not all(_is_type(v, "number") for v in obj):
        raise ResultError(f"{path}: '{where}' must be a list of finite numbers")
    if len(obj) != stats.n:
        raise ResultError(f"{path}: '{where}' has {len(obj)} samples but its statistics say "
                          f"n = {stats.n}")
    for name, value in (("min", min(obj)), ("max", max(obj))):
        if not _close(value, getattr(stats, name)):
            raise ResultError(f"{path}: '{where}' disagrees with its statistics: the samples' "
                              f"{name} is {value!r}, the file says {getattr(stats, name)!r}")
    # For an even n any value between the two middle samples is a median (lower, upper, mean).
    low, high = statistics.median_low(obj), statistics.median_high(obj)
    if not (low <= stats.median <= high or _close(stats.median, low) or _close(stats.median, high)):
        raise ResultError(f"{path}: '{where}' disagrees with its statistics: the samples' median "
                          f"lies in [{low!r}, {high!r}], the file says {stats.median!r}")
    return tuple(float(v) for v in obj)


def _row(obj: Any, index: int, prov: dict, path: Path, experiment: str) -> Row:
    where = f"rows[{index}]"
    _require(obj, ROW_KEYS, where, path)
    family, variant_id, case_id = row_keys(obj, experiment, path, where)
    kernel = _stats(obj["kernel_ms"], f"{where}.kernel_ms", path)
    wall = _stats(obj["wall_ms"], f"{where}.wall_ms", path)
    row = Row(
        family=family, variant_id=variant_id, case_id=case_id, storage=obj["storage"],
        ksize=obj["ksize"],
        local_size=tuple(obj["local_size"]), launches_per_sample=obj["launches_per_sample"],
        bytes_min=obj["bytes_min"], floor_ms=float(obj["floor_ms"]), kernel_ms=kernel,
        wall_ms=wall, roofline_fraction=float(obj["roofline_fraction"]),
        samples_kernel_ms=_samples(obj["samples_kernel_ms"], kernel,
                                   f"{where}.samples_kernel_ms", path),
        samples_wall_ms=_samples(obj["samples_wall_ms"], wall, f"{where}.samples_wall_ms", path),
    )
    if kernel.n != prov["repetitions"]:
        raise ResultError(f"{path}: '{where}' ({row.case_id}) has n = {kernel.n} kernel samples but "
                          f"provenance.repetitions = {prov['repetitions']}")
    expected_floor = row.bytes_min / (prov["copy_bandwidth_GBps"] * 1e9) * 1e3
    if not _close(row.floor_ms, expected_floor):
        raise ResultError(f"{path}: '{where}.floor_ms' ({row.case_id}) is {row.floor_ms!r}, but "
                          f"bytes_min / copy_bandwidth_GBps gives {expected_floor!r} ms")
    expected_fraction = row.floor_ms / kernel.median
    if not _close(row.roofline_fraction, expected_fraction):
        raise ResultError(f"{path}: '{where}.roofline_fraction' ({row.case_id}) is "
                          f"{row.roofline_fraction!r}, but floor_ms / kernel_ms.median gives "
                          f"{expected_fraction!r}")
    return row


def load_file(path: Path, experiment: str | None = None,
              per_row: tuple[str, ...] = ()) -> DeviceResult:
    """Loads and validates one raw results file. Raises ResultError naming the file. per_row
    names provenance keys that the experiment records per row instead (e.g. "local_size" where
    rows differ in it); they are not required in the provenance."""
    path = Path(path)
    try:
        raw = path.read_bytes()
        data = json.loads(raw.decode("utf-8"))
    except OSError as e:
        raise ResultError(f"{path}: cannot read ({e.strerror})") from e
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ResultError(f"{path}: not valid JSON ({e})") from e
    _require(data, {"schema": "str", "experiment": "str", "provenance": "dict", "rows": "list"},
             "", path)
    check_schema(data, "filterlab.result", path)
    if experiment is not None and data["experiment"] != experiment:
        raise ResultError(f"{path}: experiment is '{data['experiment']}' but the file lies in the "
                          f"directory of experiment '{experiment}'")
    prov = data["provenance"]
    _require(prov, {k: v for k, v in PROVENANCE_KEYS.items() if k not in per_row},
             "provenance", path)
    if prov["device_slug"] != path.stem:
        raise ResultError(f"{path}: provenance.device_slug is '{prov['device_slug']}' but the "
                          f"file is named '{path.name}' (expected <device_slug>.json)")
    for key in ("copy_bandwidth_GBps", "repetitions", "scale", "pyramid_pixels"):
        if prov[key] <= 0:
            raise ResultError(f"{path}: provenance.{key} must be positive, got {prov[key]}")
    if not data["rows"]:
        raise ResultError(f"{path}: 'rows' is empty")
    rows = tuple(_row(r, i, prov, path, data["experiment"]) for i, r in enumerate(data["rows"]))
    ids = [r.case_id for r in rows]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise ResultError(f"{path}: duplicate row id(s): {', '.join(dup)}")
    return DeviceResult(path=path, sha256=hashlib.sha256(raw).hexdigest(),
                        experiment=data["experiment"], provenance=prov, rows=rows)


def experiments_present(results_dir: Path) -> list[str]:
    """Names of the experiment directories under results_dir that hold at least one .json."""
    results_dir = Path(results_dir)
    if not results_dir.is_dir():
        return []
    return sorted(d.name for d in results_dir.iterdir()
                  if d.is_dir() and any(d.glob("*.json")))


def result_files(results_dir: Path, experiment: str) -> list[Path]:
    """The experiment's raw result files (<results>/<experiment>/*.json), sorted; ResultError when
    there are none."""
    folder = Path(results_dir) / experiment
    files = sorted(folder.glob("*.json")) if folder.is_dir() else []
    if not files:
        raise ResultError(f"{folder}: holds no .json results file")
    return files


def save_summary(out: Path, experiment: str, summary: dict) -> dict:
    """Writes <out>/<experiment>_summary.json and returns the summary as read back from it, so that
    every output is made from the derived file alone (raw -> derived -> outputs)."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{experiment}_summary.json"
    write_text(path, json.dumps(summary, indent=1) + "\n")
    return json.loads(path.read_text(encoding="utf-8"))


def load_experiment(results_dir: Path, experiment: str,
                    per_row: tuple[str, ...] = ()) -> list[DeviceResult]:
    """All devices' results of one experiment, sorted by device name then slug (per_row: as
    for load_file)."""
    folder = Path(results_dir) / experiment
    if not folder.is_dir():
        raise ResultError(f"{folder}: no such directory (no results for experiment "
                          f"'{experiment}')")
    files = result_files(results_dir, experiment)
    for other in sorted(p for p in folder.iterdir() if p.suffix != ".json"):
        print(f"note: ignoring {other} (not a .json results file)", file=sys.stderr)
    results = [load_file(p, experiment, per_row) for p in files]
    return sorted(results, key=lambda r: (r.device.lower(), r.slug))


# ---------------------------------------------------------------------------------------------
# labels and number formatting


def scale_text(scale: float) -> str:
    """'1/4' for scale 4 (a pyramid whose base is 1/4 of the full size per side) or 0.25."""
    if scale > 1:
        return f"1/{scale:g}"
    inv = 1.0 / scale
    if math.isclose(inv, round(inv), rel_tol=1e-9):
        return f"1/{round(inv)}"
    return f"{scale:g}"


def device_labels(results: list[DeviceResult]) -> dict[str, str]:
    """slug -> label for legends: the device name, plus the host where two files share a name,
    plus '(pyramid at 1/4 scale)' where the scale is not 1."""
    names = [r.device for r in results]
    labels = {}
    for r in results:
        label = r.device
        if names.count(r.device) > 1:
            label += f" on {r.provenance['host']}"
        if r.provenance["scale"] != 1:
            label += f" (pyramid at {scale_text(r.provenance['scale'])} scale)"
        labels[r.slug] = label
    return labels


def fmt_sig(x: float, digits: int = 3) -> str:
    """x with `digits` significant digits, never in exponent form: 0.236, 1.10, 12.3, 1234."""
    if x == 0 or not math.isfinite(x):
        return f"{x:g}"
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(x))))
    text = f"{x:.{decimals}f}"
    # rounding can add a digit (9.996 -> 10.00); recompute once with the rounded magnitude
    if decimals > 0 and len(text.replace("-", "").replace(".", "").lstrip("0")) > digits:
        text = f"{x:.{decimals - 1}f}"
    return text


def fmt_ms(x: float) -> str:
    return fmt_sig(x, 3)


def fmt_percent(fraction: float) -> str:
    """A fraction as a percentage number (no % sign): 0.2134 -> '21.3', 0.00456 -> '0.46'."""
    p = 100.0 * fraction
    return f"{p:.1f}" if p >= 1 else f"{p:.2f}"


def fmt_ratio(x: float) -> str:
    return f"{x:.2f}"


_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
    "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
}


def latex_escape(text: str) -> str:
    return "".join(_LATEX_SPECIAL.get(c, c) for c in str(text))


# ---------------------------------------------------------------------------------------------
# output


def write_text(path: Path, text: str) -> None:
    """Writes a file atomically (temporary file + rename), so no reader sees half of it."""
    path = Path(path)
    tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


# ---------------------------------------------------------------------------------------------
# figures: the backend


def require_matplotlib(experiment: str) -> None:
    """Selects the Agg backend; exits with advice if matplotlib is missing."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot  # noqa: F401
    except ImportError as e:
        raise SystemExit(f"{experiment}: matplotlib is missing ({e}); run with Debian's "
                         "/usr/bin/python3 (python3-matplotlib) or scripts/install-deps.sh paper")


def macro_letters(i: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (LaTeX macro names take letters only)."""
    s = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(65 + r) + s
    return s


def join_and(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
