"""How long an exhaustive search of each full ImageCL space would take on a cluster, from the tuning
results: the space's size and the seconds per evaluation measured on the same device (docs/cluster.md
explains the sharded run it plans).

Points to evaluate: a space of at most the candidate cap is enumerated by the tuner, so its valid
count is exact; a larger one is given by its number of points, an upper bound (constraints exclude
some). Seconds per evaluation: measured by runs of the same device that made their evaluations
themselves (a resumed run only replays its cache): the kernel's own live full-space runs when there
are any (their points are drawn from the whole space, as an exhaustive run's are), else the device's
live full-space runs of other kernels, else its exhaustive sub-space searches, else none (the plan
then says it cannot estimate). Hours on N devices
divide the total evenly (the shards split a space point by point, so they are balanced to within one
evaluation); per-job start-up is left out.
"""

from __future__ import annotations

import statistics

DEVICE_COUNTS = (1, 8, 64)


def _rate(runs: list[tuple[float, int]]) -> float | None:
    """Seconds per evaluation over runs of (seconds, evaluations): total over total."""
    seconds = sum(s for s, n in runs if n > 0)
    evaluations = sum(n for _, n in runs if n > 0)
    return seconds / evaluations if evaluations else None


def plan(files: list[dict]) -> list[dict]:
    """One row per device and full space: points, whether that count is exact, seconds per
    evaluation and its source, and the hours on each of DEVICE_COUNTS devices."""
    rows = []
    for data in files:
        prov = data["provenance"]
        sub_runs = [(s["exhaustive_seconds_this_run"], s.get("evaluated_this_run") or 0)
                    for s in data["spaces"].values() if "skipped" not in s]
        full = {n: f for n, f in data.get("full_spaces", {}).items() if "space_points" in f}
        live = {n: [(r["seconds_this_run"], r.get("evaluated_this_run") or 0)
                    for r in f.get("runs", {}).values() if "seconds_this_run" in r] for n, f in full.items()}
        all_live = [run for runs in live.values() for run in runs]
        for name, f in sorted(full.items()):
            runs, source = live[name], "its live full-space runs"
            if _rate(runs) is None:
                runs, source = all_live, "the device's live full-space runs"
            if _rate(runs) is None:
                runs, source = sub_runs, "the device's exhaustive sub-space searches"
            rate = _rate(runs)
            exact = f["space_points"] <= f.get("candidate_cap", 0)
            points = int(f["candidates"] if exact else f["space_points"])
            row = {"device": prov["device"], "device_type": prov["device_type"], "space": name,
                   "points": points, "exact": exact, "seconds_per_evaluation": rate,
                   "rate_source": source if rate is not None else None,
                   "evaluations_timed": sum(n for _, n in runs)}
            row["hours"] = {n: points * rate / 3600 / n for n in DEVICE_COUNTS} if rate is not None else None
            rows.append(row)
    return rows


def _hours(h: float) -> str:
    if h < 1:
        return f"{h * 60:.0f} min"
    if h < 48:
        return f"{h:.1f} h"
    if h < 24 * 365:
        return f"{h / 24:.0f} days"
    return f"{h / 24 / 365:.1f} years"


def plan_md(rows: list[dict]) -> str:
    head = ("| device | full space | points to evaluate | s per evaluation (measured by) | device-hours | "
            + " | ".join(f"on {n}" for n in DEVICE_COUNTS) + " |")
    out = [head, "|---|---|---:|---|---:|" + "---:|" * len(DEVICE_COUNTS)]
    for r in rows:
        pts = f"{r['points']:,}" + ("" if r["exact"] else " (at most)")
        if r["hours"] is None:
            out.append(f"| {r['device']} | {r['space']} | {pts} | no evaluation timed on this device | -- |"
                       + " -- |" * len(DEVICE_COUNTS))
            continue
        out.append(f"| {r['device']} | {r['space']} | {pts} | {r['seconds_per_evaluation']:.3f} "
                   f"({r['rate_source']}, {r['evaluations_timed']} evaluations) | {r['hours'][1]:,.0f} | "
                   + " | ".join(_hours(r["hours"][n]) for n in DEVICE_COUNTS) + " |")
    if not rows:
        out.append("| no full-space runs in these results |" + " |" * (4 + len(DEVICE_COUNTS)))
    timed = [r for r in rows if r["hours"] is not None]
    if timed:
        within = [f"{r['space']} on {r['device']}" for r in timed if r["hours"][max(DEVICE_COUNTS)] <= 24]
        out += ["", f"Within a day on {max(DEVICE_COUNTS)} devices: "
                + (", ".join(within) if within else "none of these spaces") + "."]
        med = statistics.median(r["seconds_per_evaluation"] for r in timed)
        out += [f"Median of the measured seconds per evaluation: {med:.3f}."]
    return "\n".join(out) + "\n"
