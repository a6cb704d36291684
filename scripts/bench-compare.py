#!/usr/bin/env python3
"""Compares two filterlab-bench JSON files (Google Benchmark's format): per benchmark the device
time of each (the median over repetitions), their ratio B/A, and the roofline fractions.

  scripts/bench-compare.py before.json after.json            # two commits, same device
  scripts/bench-compare.py --across-devices pocl.json h200.json   # two devices, same commit

--across-devices pairs benchmarks by name without the device segment. Benchmarks skipped with an
error (a wrong output, a device limit, no timed form) are listed with their reason, never compared.
The JSON is the library's own, so Google Benchmark's compare.py (Debian: libbenchmark-tools,
/usr/share/benchmark/compare.py, with python3-scipy) reads it too and adds a significance test over
repetitions; it pairs equal names only.
"""
import argparse
import json
import math
import re
import statistics
import sys

TO_US = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}


def load(path, across_devices):
    """{key: {"us": median device time, "roofline": median, "error": reason}} and the context."""
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        sys.exit(f"bench-compare: error: cannot read {path}: {e}: give a file written with --benchmark_out=FILE")
    if "benchmarks" not in doc or "context" not in doc:
        sys.exit(f"bench-compare: error: {path} is not Google Benchmark JSON: write it with --benchmark_out=FILE")
    runs = {}
    for b in doc["benchmarks"]:
        if b.get("run_type", "iteration") != "iteration":
            continue  # aggregates: recomputed below from the repetitions
        key = b.get("run_name", b["name"])
        if across_devices:
            key = re.sub(r"/[^/]+/manual_time$", "/manual_time", key)
        r = runs.setdefault(key, {"us": [], "roofline": [], "error": None})
        if b.get("error_occurred"):
            r["error"] = b.get("error_message", "error")
        else:
            r["us"].append(b["real_time"] * TO_US[b["time_unit"]])
            if "roofline" in b:
                r["roofline"].append(b["roofline"])
    out = {}
    for key, r in runs.items():
        out[key] = {"us": statistics.median(r["us"]) if r["us"] else None,
                    "roofline": statistics.median(r["roofline"]) if r["roofline"] else None,
                    "error": None if r["us"] else r["error"]}
    return out, doc["context"]


def describe(context):
    devices = sorted({k.split(".")[1] for k in context if k.startswith("device.")})
    return (f"commit {context.get('filterlab_commit', '?')}, "
            + ", ".join(f"{context.get(f'device.{d}.name', d)} (driver {context.get(f'device.{d}.driver', '?')})"
                        for d in devices))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", help="baseline JSON (--benchmark_out)")
    ap.add_argument("b", help="contender JSON")
    ap.add_argument("--across-devices", action="store_true", help="pair names without the device segment")
    args = ap.parse_args(argv)
    a, ctx_a = load(args.a, args.across_devices)
    b, ctx_b = load(args.b, args.across_devices)
    print(f"A: {args.a}: {describe(ctx_a)}")
    print(f"B: {args.b}: {describe(ctx_b)}")
    both = [k for k in a if k in b]
    if not both:
        sys.exit("bench-compare: error: no benchmark name in both files"
                 + ("" if args.across_devices else ": for two devices give --across-devices"))
    width = max(len(k) for k in both)
    print(f"{'benchmark':<{width}}  {'A us':>11}  {'B us':>11}  {'B/A':>7}  {'roof A':>7}  {'roof B':>7}")
    ratios = []
    for k in sorted(both):
        ra, rb = a[k], b[k]
        if ra["error"] or rb["error"]:
            print(f"{k:<{width}}  skipped: " + "; ".join(f"{n}: {r['error']}" for n, r in (("A", ra), ("B", rb)) if r["error"]))
            continue
        ratio = rb["us"] / ra["us"]
        ratios.append(ratio)
        roof = lambda r: f"{r['roofline']:7.3f}" if r["roofline"] is not None else f"{'-':>7}"
        print(f"{k:<{width}}  {ra['us']:11.2f}  {rb['us']:11.2f}  {ratio:7.3f}  {roof(ra)}  {roof(rb)}")
    if ratios:
        geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(f"{len(ratios)} compared; geometric mean of B/A {geo:.3f} (below 1: B is faster)")
    only_a, only_b = sorted(set(a) - set(b)), sorted(set(b) - set(a))
    if only_a or only_b:
        print(f"only in A: {len(only_a)}, only in B: {len(only_b)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
