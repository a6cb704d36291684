"""Prints one device's sampler table in the article's layout, or the diff of two devices' tables.

    PYTHONPATH=experiments/analysis /usr/bin/python3 -m filterlab_analysis.sampler_diff --results experiments/results A [B]

A and B are case-insensitive parts of a device's name or slug, measured (results/sampler/*.json)
or published (experiments/sampler/published_tables.json), e.g. "amd r9", "intel", "pocl", "nvidia".
With one device, prints its table with the oracle's verdict marks; with two, the rows that differ.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import results as R
from . import sampler as S
from . import sampler_data as D
from . import sampler_text as T


def pick(devices: list[dict], pattern: str) -> dict:
    p = pattern.lower()
    found = [d for d in devices if p in d["name"].lower() or p in d["slug"].lower()]
    if len(found) != 1:
        names = "; ".join(d["name"] for d in devices)
        what = "matches no device" if not found else "matches several devices"
        raise SystemExit(f"sampler_diff: '{pattern}' {what}; choose one of: {names}")
    return found[0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", required=True, type=Path, help="results directory")
    ap.add_argument("--published", type=Path, default=S.PUBLISHED, help="the article's tables")
    ap.add_argument("devices", nargs="+", help="one or two name patterns")
    args = ap.parse_args(argv)
    if len(args.devices) > 2:
        ap.error("give one or two devices")
    try:
        measured = D.load_devices(args.results)
        summary = S.derive(measured, D.load_published(args.published, measured[0]["article"]["k"]))
    except R.ResultError as e:
        print(f"sampler_diff: {e}", file=sys.stderr)
        return 1
    chosen = [pick(summary["devices"], p) for p in args.devices]
    coords = summary["host_coords"]
    print(T.table(chosen[0], coords) if len(chosen) == 1 else T.diff(chosen[0], chosen[1], coords), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
