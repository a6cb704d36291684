"""Halide at its best: the peers measure every Halide pipeline in our hand schedules (peers
`halide_cpu`, `halide_opencl`, on NVIDIA GPUs `halide_cuda`) and in the autoschedulers of Halide 21
that write a schedule for the back end (peers `halide_<back end>_<autoscheduler>`;
src/peers/halide_peer.hpp). Wherever Halide is
compared, each back end is its fastest measured schedule, named beside its time; every schedule's
time stays in the derived data ("schedules")."""

from __future__ import annotations

from typing import Callable

BACK_ENDS = {"halide_cpu": ["halide_cpu", "halide_cpu_mullapudi2016", "halide_cpu_adams2019", "halide_cpu_li2018"],
             "halide_opencl": ["halide_opencl", "halide_opencl_anderson2021", "halide_opencl_li2018",
                               "halide_opencl_mullapudi2016"],
             "halide_cuda": ["halide_cuda", "halide_cuda_anderson2021", "halide_cuda_li2018", "halide_cuda_mullapudi2016"]}
SCHEDULE_LABELS = {"hand": "hand schedule", "mullapudi2016": "Mullapudi2016 autoschedule",
                   "adams2019": "Adams2019 autoschedule", "li2018": "Li2018 autoschedule",
                   "anderson2021": "Anderson2021 autoschedule"}


def schedule_of(peer: str) -> str:
    """'halide_cpu' -> 'hand', 'halide_cpu_adams2019' -> 'adams2019'."""
    for base in BACK_ENDS:
        if peer == base:
            return "hand"
        if peer.startswith(base + "_"):
            return peer[len(base) + 1:]
    raise ValueError(f"{peer} is not a Halide peer")


def at_its_best(peers: dict, median: Callable[[dict], float | None]) -> None:
    """In place: the rows of each Halide back end's schedules become one row under the back end's
    name (halide_cpu, halide_opencl, halide_cuda), the fastest measured schedule (by `median`; the hand schedule's
    row when none was measured), with "schedule" (its name) and "schedules" (each schedule's median,
    or its status when it has no time)."""
    for base, names in BACK_ENDS.items():
        present = {n: peers[n] for n in names if n in peers}
        if not present:
            continue
        timed = {n: median(p) for n, p in present.items() if p.get("status", "measured") == "measured"}
        timed = {n: t for n, t in timed.items() if t is not None}
        best = min(timed, key=timed.get) if timed else (base if base in present else next(n for n in names if n in present))
        entry = dict(present[best])
        entry["schedule"] = schedule_of(best)
        entry["schedules"] = {schedule_of(n): timed.get(n, p.get("status")) for n, p in present.items()}
        for n in present:
            del peers[n]
        peers[base] = entry


def label(schedule: str | None) -> str:
    """', Adams2019 autoschedule' for an autoscheduled best, '' for the hand schedule or none."""
    return f", {SCHEDULE_LABELS.get(schedule, schedule)}" if schedule and schedule != "hand" else ""


def table_md(devices: list[dict], workload_label: Callable[[dict], str]) -> str:
    """Every Halide schedule's median per device and workload (ms), the fastest marked: the hand
    schedules beside the autoschedulers. `devices`: peers.py's derived devices."""
    schedules = list(SCHEDULE_LABELS)
    out = ["| device | workload | back end | " + " | ".join(SCHEDULE_LABELS[s] for s in schedules) + " |",
           "|---|---|---|" + "---:|" * len(schedules)]
    for d in devices:
        for w in d["workloads"]:
            for base in BACK_ENDS:
                p = w["peers"].get(base)
                if not p or "schedules" not in p:
                    continue
                cells = []
                for s in schedules:
                    v = p["schedules"].get(s)
                    text = "-" if v is None else (f"{v:.4g}" if isinstance(v, (int, float)) else str(v).replace("_", " "))
                    cells.append(f"**{text}**" if s == p["schedule"] and isinstance(v, (int, float)) else text)
                out.append(f"| {d['name']} | {workload_label(w)} | {base} | " + " | ".join(cells) + " |")
    if len(out) == 2:
        out.append("| no Halide rows in these results |" + " |" * (2 + len(schedules)))
    out += ["", "Median ms per schedule (bold: the fastest, which stands for Halide wherever it is compared); "
            "'-': not built for that back end (Adams2019 writes no GPU schedules, Anderson2021 no CPU ones) or not in the result "
            "(results measured before the autoschedulers were added); a status in words: no time (e.g. an error: "
            "an autoscheduled pipeline planned for 4096^2 may fail on images smaller than its tiles)."]
    return "\n".join(out) + "\n"
