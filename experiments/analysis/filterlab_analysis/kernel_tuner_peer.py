"""Kernel Tuner 1.5 as the tuner's peer: its strategies and ours replayed on one
exhaustive cache, judged by the same quantity.

    PYTHONPATH=experiments/analysis build/pyenv/bin/python -m filterlab_analysis.kernel_tuner_peer \\
        --cache experiments/results/tuning/cache/nvidia-h200/study1.scharr_k5.jsonl \\
        --filterlab build/src/filterlab --budget 100 --seeds 10

The FilterLab cache (JSON lines, src/tuner/cache.cpp) becomes a Kernel Tuner cache file (the JSON
that tune_kernel(..., cache=FILE, simulation_mode=True) reads, util.read_cache): tune_params in the
header's order, one entry per measured configuration keyed by its comma-joined values, its "time"
the median in ms, or for a failure the marker Kernel Tuner itself writes (KT_ERRORS). Points a
constraint excluded are not in Kernel Tuner's search space: a python-constraint2 FunctionConstraint
admits exactly the candidates FilterLab's replay draws from (src/tuner/replay_space.cpp), so both
tools search the same points and a failed one costs each of them an evaluation.

Each strategy runs under seeds first..first+N-1 (Kernel Tuner's through Python's and NumPy's global
generators, which its strategies draw from; FilterLab's as `tune --simulate --seed`). The quantity
is the one `filterlab tune --simulate --seeds` and tuning.py report: after k distinct evaluations the
best time found, as a fraction of the exhaustive optimum (0 until a valid one is found), here at
k = the budget: median and quartiles (25-75 %, tuning.quartiles) over seeds. Prints a Markdown table.

Kernel Tuner is imported only inside the functions that run it: the rest of the analysis runs on
Debian's Python, which has none.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

from .tuning import at, quartiles

KT_SOURCE = "Kernel Tuner 1.5"
FL_SOURCE = "FilterLab"
KT_STRATEGIES = ["random_sample", "genetic_algorithm", "simulated_annealing", "greedy_ils", "basinhopping", "pso",
                 "firefly_algorithm"]
FL_STRATEGIES = ["random", "paper", "guided"]
# FilterLab's failure kinds as Kernel Tuner 1.5 marks the same failure (core.py): a work-group over
# the device's limit is its "too many threads per block" (InvalidConfig), a failed build
# CompilationFailedConfig, a failed launch RuntimeFailedConfig; a wrong output has no marker of its
# own there (verification raises), so it counts as a failed run.
KT_ERRORS = {"device_limit": "InvalidConfig", "build": "CompilationFailedConfig", "launch": "RuntimeFailedConfig",
             "wrong_output": "RuntimeFailedConfig"}
# Simulation mode compiles nothing; the source only has to name no argument list (lang C: no check).
DUMMY_KERNEL = "/* replayed from a FilterLab tuning cache: simulation mode runs no kernel */"


def read_filterlab_cache(path: Path) -> tuple[dict, list[dict]]:
    """The header and the rows of a FilterLab tuning cache, rows in file order."""
    lines = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
    if not lines or lines[0].get("schema") != "filterlab.tuning-cache/1" or "params" not in lines[0]:
        raise ValueError(f"{path} is not an exhaustive FilterLab tuning cache (no header with params)")
    return lines[0], lines[1:]


def candidates(rows: list[dict]) -> list[dict]:
    """The rows a replay draws from: every measured one but those a constraint ruled out."""
    return [r for r in rows if r.get("invalid") != "constraint"]


def key(point) -> str:
    return ",".join(str(v) for v in point)


def best_known_ms(rows: list[dict]) -> float:
    """The exhaustive optimum, as ReplaySpace::optimum_ms takes it: the fastest valid row."""
    return min(r["time_ms"] for r in rows if r["valid"])


def problem_size(setup: str) -> list[int]:
    """The image the cache was measured on ("4096x4096 warmup ..."), Kernel Tuner's problem_size."""
    m = re.match(r"(\d+)x(\d+)", setup)
    return [int(m.group(1)), int(m.group(2))] if m else [1]


def kernel_tuner_cache(header: dict, rows: list[dict]) -> dict:
    """The cache file Kernel Tuner's simulation mode replays (util.process_cache's format)."""
    names = [p["name"] for p in header["params"]]
    cache = {}
    for r in candidates(rows):
        entry = dict(zip(names, r["point"]))
        if r["valid"]:
            entry.update(time=r["time_ms"], times=r.get("samples_ms", [r["time_ms"]]))
        else:
            entry["time"] = KT_ERRORS[r["invalid"]]
        cache[key(r["point"])] = entry
    return {"device_name": header.get("device", {}).get("device", "unknown"),
            "kernel_name": re.sub(r"\W", "_", header["space"]), "problem_size": problem_size(header["setup"]),
            "tune_params_keys": names, "tune_params": {p["name"]: p["values"] for p in header["params"]},
            "objective": "time", "cache": cache}


def restrictions(kt: dict) -> list:
    """Kernel Tuner's search space: exactly the cached points (a FunctionConstraint of python-constraint2,
    as kernel_tuner.util.infer_restrictions_from_cache builds, but failures stay in: they cost an
    evaluation in FilterLab too). None when no point of the product is missing."""
    from constraint import FunctionConstraint

    allowed = {tuple(e[n] for n in kt["tune_params_keys"]) for e in kt["cache"].values()}
    if len(allowed) == math.prod(len(v) for v in kt["tune_params"].values()):
        return None
    return [FunctionConstraint(lambda *values: values in allowed)]


def best_so_far(times: list) -> list[float]:
    """The best valid time among the first k evaluations, k = 1..n (inf while none was valid), from
    the times in evaluation order (None: failed), as strategy.cpp's best_so_far."""
    out, best = [], math.inf
    for t in times:
        if t is not None:
            best = min(best, t)
        out.append(best)
    return out


def fractions(times: list, optimum: float) -> list[float]:
    """The fraction of the optimum after each evaluation, as simulate.cpp's fractions."""
    return [optimum / b if math.isfinite(b) else 0.0 for b in best_so_far(times)]


def run_kernel_tuner(kt_file: Path, kt: dict, strategy: str, budget: int, seed: int) -> list:
    """One Kernel Tuner search in simulation mode: the times of its distinct evaluations, in order.
    A revisit costs Kernel Tuner no evaluation (SimulationRunner), so it counts once here too."""
    import random

    import numpy as np
    from kernel_tuner import tune_kernel

    random.seed(seed)  # tune_kernel's own seed argument is not used by its strategies
    np.random.seed(seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        results, _ = tune_kernel(kt["kernel_name"], DUMMY_KERNEL, kt["problem_size"], [], kt["tune_params"],
                                 restrictions=restrictions(kt), lang="C", strategy=strategy,
                                 strategy_options={"max_fevals": budget}, cache=str(kt_file), simulation_mode=True,
                                 quiet=True, verbose=False)
    seen, times = set(), []
    for r in results:
        k = key(r[n] for n in kt["tune_params_keys"])
        if k in kt["cache"] and k not in seen:  # outside the cache: refused by the restrictions, at no cost
            seen.add(k)
            times.append(None if "__error__" in r else r["time"])
    return times


def kernel_tuner_best(kt_file: Path, kt: dict) -> tuple[float, str, int]:
    """Kernel Tuner's own view of the best known: its brute force over the converted cache (the best
    time, its configuration and how many configurations its search space holds)."""
    from kernel_tuner import tune_kernel

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        results, env = tune_kernel(kt["kernel_name"], DUMMY_KERNEL, kt["problem_size"], [], kt["tune_params"],
                                   restrictions=restrictions(kt), lang="C", strategy="brute_force",
                                   cache=str(kt_file), simulation_mode=True, quiet=True, verbose=False)
    best = env["best_config"]
    return best["time"], key(best[n] for n in kt["tune_params_keys"]), len(results)


def filterlab(binary: Path, *args: str) -> str:
    """The output of `filterlab ARGS`; its own message when it fails."""
    proc = subprocess.run([str(binary), *args], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"filterlab {' '.join(args)} failed ({proc.returncode}): {proc.stderr or proc.stdout}")
    return proc.stdout


def run_filterlab(binary: Path, cache: Path, strategy: str, budget: int, seed: int, scratch: Path) -> list:
    """One `filterlab tune --simulate` search: its evaluations in order, read back from the cache it
    records them in (full precision; one fresh file per run)."""
    trace = scratch / f"{strategy}_s{seed}.jsonl"
    filterlab(binary, "tune", "--simulate", str(cache), "--strategy", strategy, "--budget", str(budget),
              "--seed", str(seed), "--cache", str(trace))
    _, rows = read_filterlab_cache(trace)
    return [r["time_ms"] if r["valid"] else None for r in rows]


def filterlab_optimum(binary: Path, cache: Path, space: int) -> float:
    """The exhaustive optimum `filterlab tune --simulate` reports (printed to 6 decimals), after a
    search of the whole space (a shorter one may find nothing valid, and then reports none)."""
    out = filterlab(binary, "tune", "--simulate", str(cache), "--strategy", "random", "--budget", str(space))
    return float(re.search(r"of the exhaustive optimum ([0-9.]+) ms", out).group(1))


def row(strategy: str, source: str, budget: int, runs: list[list], optimum: float) -> dict:
    at_budget = [at(fractions(t, optimum), budget) if t else 0.0 for t in runs]
    q1, median, q3 = quartiles(at_budget)
    return {"strategy": strategy, "source": source, "budget": budget, "median": median, "q1": q1, "q3": q3,
            "evaluations": quartiles([len(t) for t in runs])[1],
            "failed": quartiles([sum(1 for x in t if x is None) for t in runs])[1], "seeds": len(runs)}


def compare(cache: Path, binary: Path, budget: int, seeds: int, first_seed: int = 1,
            kt_strategies=KT_STRATEGIES, fl_strategies=FL_STRATEGIES, kt_cache: Path | None = None) -> dict:
    """Every strategy of both tools on one cache and budget, and each tool's best known; the
    converted cache is kept at kt_cache if given."""
    header, rows = read_filterlab_cache(cache)
    space = len(candidates(rows))
    budget = min(budget, space)  # as both tools cap it
    optimum = best_known_ms(rows)
    kt = kernel_tuner_cache(header, rows)
    out = {"space": header["space"], "cache": str(cache), "candidates": space,
           "valid": sum(1 for r in rows if r["valid"]), "budget": budget, "best_known_ms": optimum,
           "best_known_point": key(min((r for r in rows if r["valid"]), key=lambda r: r["time_ms"])["point"]),
           "rows": []}
    with tempfile.TemporaryDirectory(prefix="kernel_tuner_peer.") as tmp:
        kt_file = Path(kt_cache) if kt_cache else Path(tmp) / "kernel_tuner_cache.json"
        kt_file.write_text(json.dumps(kt), encoding="utf-8")
        out["kernel_tuner_best_ms"], out["kernel_tuner_best_point"], out["kernel_tuner_space"] = \
            kernel_tuner_best(kt_file, kt)
        out["filterlab_best_ms"] = filterlab_optimum(binary, cache, space)
        seed_list = range(first_seed, first_seed + seeds)
        for s in kt_strategies:
            runs = [run_kernel_tuner(kt_file, kt, s, budget, seed) for seed in seed_list]
            out["rows"].append(row(s, KT_SOURCE, budget, runs, optimum))
        for s in fl_strategies:
            runs = [run_filterlab(binary, cache, s, budget, seed, Path(tmp)) for seed in seed_list]
            out["rows"].append(row(s, FL_SOURCE, budget, runs, optimum))
    return out


def markdown(result: dict) -> str:
    lines = [f"{result['space']} ({result['cache']}): {result['candidates']} candidates, {result['valid']} valid",
             f"best known: FilterLab {result['best_known_ms']:.6f} ms at {result['best_known_point']} (its cache; "
             f"`filterlab tune --simulate` reports {result['filterlab_best_ms']:.6f} ms), Kernel Tuner "
             f"{result['kernel_tuner_best_ms']:.6f} ms at {result['kernel_tuner_best_point']} (brute force over the "
             f"converted cache, {result['kernel_tuner_space']} configurations)",
             "",
             "| strategy | source | budget | evaluations (median) | fraction of best known: median [25-75 %] | seeds |",
             "|---|---|---:|---:|---|---:|"]
    for r in result["rows"]:
        lines.append(f"| {r['strategy']} | {r['source']} | {r['budget']} | {r['evaluations']:g} | "
                     f"{r['median']:.3f} [{r['q1']:.3f}-{r['q3']:.3f}] | {r['seeds']} |")
    lines += ["", "evaluations: distinct configurations measured; below the budget, the strategy stopped by itself "
              "and its fraction is that of its last evaluation. Interval: 25-75 % of the seeds."]
    return "\n".join(lines) + "\n"


def split(text: str) -> list[str]:
    return [s for s in text.split(",") if s]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cache", type=Path, required=True, help="an exhaustive FilterLab tuning cache (.jsonl)")
    ap.add_argument("--filterlab", type=Path, required=True, help="the filterlab binary")
    ap.add_argument("--budget", type=int, default=100, help="evaluations per search (capped at the space's size)")
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--kt-strategies", default=",".join(KT_STRATEGIES), help="comma-separated; empty for none")
    ap.add_argument("--filterlab-strategies", default=",".join(FL_STRATEGIES), help="comma-separated; empty for none")
    ap.add_argument("--json", type=Path, help="also write the table's exact numbers here")
    ap.add_argument("--kt-cache", type=Path, help="keep the converted Kernel Tuner cache here (.json)")
    a = ap.parse_args(argv)
    result = compare(a.cache, a.filterlab, a.budget, a.seeds, a.first_seed, split(a.kt_strategies),
                     split(a.filterlab_strategies), a.kt_cache)
    if a.json:
        a.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    sys.stdout.write(markdown(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
