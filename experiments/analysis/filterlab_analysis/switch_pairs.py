"""What one on/off tuning switch is worth, read from an exhaustive tuning cache whose space searches it.

The method, fixed before any number was read:
- Quantity: for every valid point with the switch on whose twin (the same point with the switch off)
  is valid too, the ratio t_off / t_on of their median times (above 1: the switch pays).
- Statistic: the median of these ratios over the pairs, with the distribution-free interval of a
  median from two order statistics (intervals.ranks; its exact coverage is printed).
- Best against best: the fastest point with the switch on against the fastest with it off, the
  tuner's pick on either side (the competing design at its best, not a convenient weak twin), each
  with the same interval over its own timed samples.
- Where it depends on another parameter (--by NAME): the same median and interval over the pairs at
  each value of that parameter, judged by the same thresholds.
- Thresholds: the switch pays on the pairs when the interval lies above 1 + THRESHOLD, costs when it
  lies below 1 - THRESHOLD, and is inconclusive otherwise; the best with it on is faster (slower) when
  its interval lies wholly below (above) the other best's, and indistinguishable when they overlap.

Usage: python3 switch_pairs.py CACHE.jsonl PARAMETER [--by OTHER]  (prints Markdown; the sentences come from here)
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

from . import intervals as I

THRESHOLD = 0.02  # 2 %: the smallest change stated as a gain or a loss; chosen before any data were read


def load(cache: Path) -> tuple[dict, list[dict]]:
    """The cache's header and its valid rows (each with point, time_ms and samples_ms)."""
    lines = [json.loads(line) for line in Path(cache).read_text(encoding="utf-8").splitlines() if line.strip()]
    if not lines or "params" not in lines[0]:
        raise ValueError(f"{cache}: not a tuning cache (its first line names no params)")
    return lines[0], [r for r in lines[1:] if r.get("valid")]


def median_interval(values: list[float]) -> tuple[float, float, float, float]:
    """(median, low, high, coverage) of `values` by order statistics."""
    s = sorted(values)
    lo, hi = I.ranks(len(s))
    return statistics.median(s), s[lo - 1], s[hi - 1], I.coverage(len(s))


def _index(header: dict, parameter: str) -> int:
    names = [p["name"] for p in header["params"]]
    if parameter not in names:
        raise ValueError(f"the space {header.get('space')} does not search {parameter} (it searches {', '.join(names)})")
    return names.index(parameter)


def _ratio(ratios: list[float]) -> dict:
    med, low, high, cov = median_interval(ratios)
    return {"median": med, "low": low, "high": high, "coverage": cov, "min": min(ratios), "max": max(ratios), "pairs": len(ratios)}


def pairs(header: dict, rows: list[dict], parameter: str, by: str | None = None) -> dict:
    at = _index(header, parameter)
    by_at = _index(header, by) if by else None
    by_point = {tuple(r["point"]): r for r in rows}
    ratios, groups = [], {}
    for point, on in by_point.items():
        if point[at] != 1:
            continue
        off = by_point.get(point[:at] + (0,) + point[at + 1:])
        if off:
            ratios.append(off["time_ms"] / on["time_ms"])
            if by_at is not None:
                groups.setdefault(point[by_at], []).append(ratios[-1])
    if not ratios:
        raise ValueError(f"no valid point of {header.get('space')} has a valid twin with {parameter} off")
    best = {}
    for value in (0, 1):
        side = [r for r in by_point.values() if r["point"][at] == value]
        fastest = min(side, key=lambda r: r["time_ms"])
        med, low, high, cov = median_interval(fastest["samples_ms"])
        best[value] = {"id": fastest["id"], "time_ms": med, "low": low, "high": high, "coverage": cov,
                       "n": len(fastest["samples_ms"]), "valid": len(side)}
    return {"space": header.get("space"), "device": header.get("device", {}).get("device"),
            "commit": header.get("commit"), "parameter": parameter, "pairs": len(ratios), "ratio": _ratio(ratios),
            "best_on": best[1], "best_off": best[0], "by": by,
            "groups": {value: _ratio(rs) for value, rs in sorted(groups.items())}}


def paired_verdict(r: dict) -> str:
    if r["low"] > 1 + THRESHOLD:
        return "pays"
    if r["high"] < 1 - THRESHOLD:
        return "costs"
    return "inconclusive"


def verdicts(p: dict) -> tuple[str, str]:
    on, off = p["best_on"], p["best_off"]
    paired = paired_verdict(p["ratio"])
    if on["high"] < off["low"]:
        best = "faster"
    elif on["low"] > off["high"]:
        best = "slower"
    else:
        best = "indistinguishable"
    return paired, best


def markdown(p: dict) -> str:
    paired, best = verdicts(p)
    r, on, off = p["ratio"], p["best_on"], p["best_off"]
    name = p["parameter"]
    effects = {"pays": f"{name} 1 pays", "costs": f"{name} 1 costs time",
               "inconclusive": f"the effect of {name} 1 is inconclusive"}
    effect = effects[paired]
    at_best = {"faster": "faster than", "slower": "slower than", "indistinguishable": "indistinguishable from"}[best]
    return "\n".join([
        f"# {name} in {p['space']} on {p['device']} (commit {p['commit']})",
        "",
        f"Over {p['pairs']} pairs of valid points that differ only in {name}, the median of t(off) / t(on) is "
        f"{r['median']:.3f} (interval {r['low']:.3f} .. {r['high']:.3f}, coverage {100 * r['coverage']:.1f} %; "
        f"range {r['min']:.3f} .. {r['max']:.3f}): {effect} (threshold {100 * THRESHOLD:.0f} %).",
        "",
        f"The best point with {name} 1 takes {on['time_ms']:.4f} ms ({on['low']:.4f} .. {on['high']:.4f}, "
        f"{on['n']} samples, coverage {100 * on['coverage']:.1f} %), {at_best} the best with {name} 0, "
        f"{off['time_ms']:.4f} ms ({off['low']:.4f} .. {off['high']:.4f}, {off['n']} samples).",
        "",
        "| side | valid points | best ID | median (ms) | interval (ms) |",
        "|---|---|---|---|---|",
        f"| {name} 1 | {on['valid']} | `{on['id']}` | {on['time_ms']:.4f} | {on['low']:.4f} .. {on['high']:.4f} |",
        f"| {name} 0 | {off['valid']} | `{off['id']}` | {off['time_ms']:.4f} | {off['low']:.4f} .. {off['high']:.4f} |",
        "",
    ] + _groups(p, effects))


def _groups(p: dict, effects: dict) -> list[str]:
    if not p["by"]:
        return []
    lines = [f"By {p['by']}:", "", f"| {p['by']} | pairs | median t(off) / t(on) | interval (coverage) | verdict |",
             "|---|---|---|---|---|"]
    for value, r in p["groups"].items():
        lines.append(f"| {value} | {r['pairs']} | {r['median']:.3f} | {r['low']:.3f} .. {r['high']:.3f} "
                     f"({100 * r['coverage']:.1f} %) | {effects[paired_verdict(r)]} |")
    return lines + [""]


def main(argv: list[str]) -> int:
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] != "--by"):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    try:
        header, rows = load(Path(argv[1]))
        print(markdown(pairs(header, rows, argv[2], argv[4] if len(argv) == 5 else None)), end="")
    except (OSError, ValueError, KeyError) as e:
        print(f"switch_pairs: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
