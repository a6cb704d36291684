"""Study 3's tables as plain text in the article's layout, and the diff between two devices.

A device here is a summary entry (sampler.py's derive): measured or published, each with the
article's four columns. The marks after a value are the oracle's verdict: none for the float32
formula, '~' for a neighbouring texel at an edge, '!' for wrong.
"""

from __future__ import annotations

from .sampler_data import MODES

HEAD = "  coords | MIRRORED_REPEAT | REPEAT | CLAMP_TO_EDGE | CLAMP"
MARK = {"float32": " ", "neighbour": "~", "wrong": "!", "undefined": "?"}


def _widths() -> list[int]:
    return [len(h.strip()) for h in HEAD.split("|")[1:]]


def coord_text(c: float) -> str:
    return f"{c:8.5f}"


def table(dev: dict, coords: list[float]) -> str:
    """The device's table in the article's layout (coordinates as the article printed them)."""
    widths = _widths()
    lines = [f"{dev['name']}", HEAD, "---------|" + "|".join("-" * (w + 2) for w in widths)]
    for j, c in enumerate(coords):
        cells = []
        for m, w in zip(MODES, widths):
            col = dev["article"][m]
            cells.append(f" {col['values'][j]:>{w - 1}g}{MARK[col['verdicts'][j]]} ")
        lines.append(coord_text(c) + " |" + "|".join(cells).rstrip())
    n = dev["article_counts"]
    lines.append(f"verdicts: {n['float32']} float32 formula, {n['neighbour']} neighbour at an edge "
                 f"(~), {n['wrong']} wrong (!)")
    return "\n".join(lines) + "\n"


def diff(a: dict, b: dict, coords: list[float]) -> str:
    """The rows where two devices' tables differ, '-' for a and '+' for b, as the article did."""
    widths = _widths()
    out = [f"--- {a['name']}", f"+++ {b['name']}", "  " + HEAD]
    rows = 0
    for j, c in enumerate(coords):
        va = [a["article"][m]["values"][j] for m in MODES]
        vb = [b["article"][m]["values"][j] for m in MODES]
        if va == vb:
            continue
        rows += 1
        for sign, vals in (("-", va), ("+", vb)):
            cells = [f" {v:>{w}g} " for v, w in zip(vals, widths)]
            out.append(sign + " " + coord_text(c) + " |" + "|".join(cells).rstrip())
    out.append(f"{rows} of {len(coords)} rows differ" if rows else "the tables are identical")
    return "\n".join(out) + "\n"
