"""Study 3's raw results and the article's published tables, loaded, validated and judged.

Raw results: <results>/sampler/<device_slug>.json (schema "filterlab.sampler/2", or /1 before the row keys, written by
`filterlab run sampler`). Each holds the article's experiment as the device ran it, with the spec
oracle's expectation for every entry and its verdict, the oracle evaluated once more at the
correctly rounded k/10 (device-independent), the grid of every sampler configuration (verdicts as
one character per read) and the OpenCV border mapping.

The article's two tables (experiments/sampler/published_tables.json) are judged here with the
oracle's expectations recorded in the raw results: a value equal to the float32 formula's is
"float32", one of the values the conformance rule accepts is "neighbour", anything else "wrong".
That is set membership, not a second oracle; the same rule re-judges every measured entry and must
agree with the C++ verdicts. Only the Python standard library is used here.
"""

from __future__ import annotations

import hashlib
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from . import results as R

PUBLISHED_SCHEMA = "filterlab.published_sampler_tables/1"
EXPERIMENT = "sampler"
MODES = ("mirrored_repeat", "repeat", "clamp_to_edge", "clamp")  # the article's column order
ALL_MODES = ("none", "clamp_to_edge", "clamp", "repeat", "mirrored_repeat")
BORDERS = ("constant", "replicate", "reflect", "wrap", "reflect101")
VERDICT_CODES = {"F": "float32", "N": "neighbour", "W": "wrong", "U": "undefined"}
VERDICTS = tuple(VERDICT_CODES.values())
PROVENANCE_KEYS = {
    "device": "str", "device_slug": "str", "device_type": "str", "vendor": "str",
    "platform": "str", "platform_version": "str", "device_version": "str",
    "driver_version": "str", "opencl_c_version": "str", "host": "str", "commit": "str",
    "commit_dirty": "bool", "date": "str", "kernel_sources": "dict", "build_options": "str",
    "nearest_offset_texels": "number", "linear_relative_tolerance": "number",
}
EXPECTATION_KEYS = {"float32": "list", "exact": "list", "rational": "list", "accepted": "list",
                    "edge_sensitive": "list"}
GRID_KEYS = {"dims": "int", "mode": "str", "normalized": "bool", "filter": "str", "width": "int",
             "height": "int", "true_x": "list", "true_y": "list", "x": "list", "y": "list",
             "values": "list", "verdicts": "str", "edge_sensitive": "str"}


def judge(value: float, float32: float, accepted: list[float]) -> str:
    """The NEAREST verdict from the oracle's expectation (see the module docstring)."""
    if value == float32:
        return "float32"
    return "neighbour" if value in accepted else "wrong"


def _need(obj: Any, keys: dict[str, str], where: str, path: Path) -> None:
    R._require(obj, keys, where, path)


def _expectations(obj: Any, n: int, where: str, path: Path) -> None:
    _need(obj, EXPECTATION_KEYS, where, path)
    for k in EXPECTATION_KEYS:
        if len(obj[k]) != n:
            raise R.ResultError(f"{path}: '{where}.{k}' has {len(obj[k])} entries, expected {n}")


def _article(art: Any, path: Path) -> dict:
    _need(art, {"width": "int", "texels": "list", "k": "list", "true_coords": "list",
                "host_coords": "list", "columns": "list", "oracle": "list"}, "article", path)
    n = len(art["k"])
    if art["k"] != list(range(-art["width"] // 2, art["width"] + art["width"] // 2 + 1)):
        raise R.ResultError(f"{path}: 'article.k' is not -w/2 .. w + w/2 for width {art['width']}")
    for name in ("columns", "oracle"):
        if [c.get("mode") for c in art[name]] != list(MODES):
            raise R.ResultError(f"{path}: 'article.{name}' modes must be {', '.join(MODES)} in "
                                "this order")
    for i, c in enumerate(art["columns"]):
        where = f"article.columns[{i}]"
        _expectations(c, n, where, path)
        _need(c, {"coords": "list", "values": "list", "verdicts": "str"}, where, path)
        if len(c["coords"]) != n or len(c["values"]) != n or len(c["verdicts"]) != n:
            raise R.ResultError(f"{path}: '{where}' must have {n} coords, values and verdicts")
        for j, (v, code) in enumerate(zip(c["values"], c["verdicts"])):
            mine = judge(v, c["float32"][j], c["accepted"][j])
            if VERDICT_CODES.get(code) != mine:
                raise R.ResultError(f"{path}: '{where}.verdicts[{j}]' is '{code}' but the "
                                    f"oracle's expectation gives '{mine}' for value {v}")
    for i, o in enumerate(art["oracle"]):
        _expectations(o, n, f"article.oracle[{i}]", path)
    return art


def _grid(grid: Any, path: Path) -> list[dict]:
    if not isinstance(grid, list) or not grid:
        raise R.ResultError(f"{path}: 'grid' must be a non-empty list")
    for i, c in enumerate(grid):
        where = f"grid[{i}]"
        _need(c, GRID_KEYS, where, path)
        n = len(c["x"]) * (len(c["y"]) if c["dims"] == 2 else 1)
        if "crashed" in c:  # the process reading the case died: nothing was read
            if not isinstance(c["crashed"], str) or not c["crashed"]:
                raise R.ResultError(f"{path}: '{where}.crashed' must say how the process ended")
            n = 0
        for k in ("values", "verdicts", "edge_sensitive"):
            if len(c[k]) != n:
                raise R.ResultError(f"{path}: '{where}.{k}' has {len(c[k])} entries, expected {n}")
        if set(c["verdicts"]) - set(VERDICT_CODES):
            raise R.ResultError(f"{path}: '{where}.verdicts' has codes other than "
                                f"{''.join(VERDICT_CODES)}")
        if c["mode"] not in ALL_MODES or c["filter"] not in ("nearest", "linear"):
            raise R.ResultError(f"{path}: '{where}' has mode '{c['mode']}' / filter "
                                f"'{c['filter']}'")
    return grid


def load_device(path: Path) -> dict:
    """One raw result file, validated; adds 'path' and 'sha256'."""
    path = Path(path)
    try:
        raw = path.read_bytes()
        data = json.loads(raw.decode("utf-8"))
    except OSError as e:
        raise R.ResultError(f"{path}: cannot read ({e.strerror})") from e
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise R.ResultError(f"{path}: not valid JSON ({e})") from e
    _need(data, {"schema": "str", "experiment": "str", "provenance": "dict", "article": "dict",
                 "grid": "list", "border_mapping": "list"}, "", path)
    R.check_schema(data, "filterlab.sampler", path)
    if data["experiment"] != EXPERIMENT:
        raise R.ResultError(f"{path}: experiment is '{data['experiment']}', expected "
                            f"'{EXPERIMENT}'")
    _need(data["provenance"], PROVENANCE_KEYS, "provenance", path)
    if data["provenance"]["device_slug"] != path.stem:
        raise R.ResultError(f"{path}: provenance.device_slug is "
                            f"'{data['provenance']['device_slug']}' but the file is named "
                            f"'{path.name}' (expected <device_slug>.json)")
    _article(data["article"], path)
    _grid(data["grid"], path)
    data["path"] = str(path)
    data["sha256"] = hashlib.sha256(raw).hexdigest()
    return data


def load_devices(results_dir: Path) -> list[dict]:
    folder = Path(results_dir) / EXPERIMENT
    files = sorted(folder.glob("*.json")) if folder.is_dir() else []
    if not files:
        raise R.ResultError(f"{folder}: holds no .json results file (run `filterlab run "
                            "sampler --results DIR` first)")
    devices = [load_device(p) for p in files]
    first = devices[0]
    for d in devices[1:]:  # the oracle at the host's k/10 does not depend on the device
        if d["article"]["oracle"] != first["article"]["oracle"] or \
                d["article"]["host_coords"] != first["article"]["host_coords"]:
            raise R.ResultError(f"{d['path']}: its oracle block differs from that of "
                                f"{first['path']}: the two were made by different oracles; "
                                "re-run the older one at the current commit")
    return sorted(devices, key=lambda d: (d["provenance"]["device"].lower(),
                                          d["provenance"]["device_slug"]))


def load_published(path: Path, k: list[int]) -> dict:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise R.ResultError(f"{path}: cannot read ({e.strerror})") from e
    except json.JSONDecodeError as e:
        raise R.ResultError(f"{path}: not valid JSON ({e})") from e
    _need(data, {"schema": "str", "source": "str", "k": "list", "devices": "list"}, "", path)
    if data["schema"] != PUBLISHED_SCHEMA:
        raise R.ResultError(f"{path}: schema is '{data['schema']}', expected "
                            f"'{PUBLISHED_SCHEMA}'")
    if data["k"] != k:
        raise R.ResultError(f"{path}: its k ({data['k']}) differs from the measured runs' ({k})")
    for i, d in enumerate(data["devices"]):
        _need(d, {"slug": "str", "name": "str", "device_type": "str", "columns": "dict"},
              f"devices[{i}]", path)
        for m in MODES:
            if len(d["columns"].get(m, [])) != len(k):
                raise R.ResultError(f"{path}: devices[{i}].columns.{m} must have {len(k)} values")
    return data


def true_u(text: str, n: int, normalized: bool) -> Fraction:
    """The unnormalized texel coordinate a grid entry stands for ('a/b' strings in the file)."""
    t = Fraction(text)
    return t * n if normalized else t
