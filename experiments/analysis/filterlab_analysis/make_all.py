"""Regenerates every figure, table and macro file of the paper from the raw results.

    PYTHONPATH=experiments/analysis /usr/bin/python3 -m filterlab_analysis.make_all \\
        --results experiments/results --out paper/generated

The experiments, their analysis modules and the result folders each reads come from the experiment
registry's snapshot, experiments/registry.json (`make registry` writes it from `filterlab experiments
--json`; a test keeps them equal), so this runs without a build. For each registered experiment of the
default set, runs its study (studies.STUDIES, by the registry's `analysis` name; the steps are
study.Study's), which returns an exit status. Then writes the claims ledger (claims_ledger.tex,
claims_ledger_details.tex, claims_ledger.md) from the claims of every study that judges claims, and
results_notes.tex (\\ResultsNote{<experiment>} for captions: mixed commits, quick mode).
Exits non-zero, before writing anything, if an experiment the paper needs has no results (unless its
study has a `results_optional` reason: it then says "no data"), or if the
results come from different commits (unless --allow-mixed-commits); and if any module fails.
--quick (make reproduce QUICK=1): results from small inputs; a module that needs full-size results
says so (exit status 3) and the paper's notes say which were left out.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from . import claims as C
from . import findings
from . import intervals
from . import provenance
from . import study_summary
from . import result_commits as RC
from . import results as R
from .paths import REGISTRY
from .studies import STUDIES
from .study import NEEDS_FULL_SIZE  # a study's exit status: "these results are too small for me"


def load_registry(path: Path = REGISTRY) -> list[dict]:
    """The registered experiments (name, analysis, also_reads, in_default_set, ...)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return list(data["experiments"])
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"make_all: cannot read the experiment registry snapshot {path} ({e}); "
                         f"run `make registry` (it writes it from `filterlab experiments --json`)")


def results_optional(experiment: dict) -> bool:
    """Whether the experiment's study runs without its results (it then says "no data"): its
    results_optional reason, e.g. imagecl_portability's until every device has run it."""
    study = STUDIES.get(experiment["analysis"])
    return bool(study and study.results_optional)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", required=True, type=Path, help="raw results directory")
    ap.add_argument("--out", required=True, type=Path, help="output directory (created)")
    ap.add_argument("--registry", type=Path, default=REGISTRY, help="the registry snapshot (JSON)")
    ap.add_argument("--allow-mixed-commits", action="store_true",
                    help="build tables from results of different commits (their captions say so)")
    ap.add_argument("--quick", action="store_true",
                    help="results of make reproduce QUICK=1: the paper says so; modules that need "
                         "full-size results are left out, named")
    args = ap.parse_args(argv)

    registry = [e for e in load_registry(args.registry) if e.get("in_default_set", True)]
    folders = {e["name"]: [e["name"], *e.get("also_reads", [])] for e in registry}
    present = R.experiments_present(args.results)
    missing = [e["name"] for e in registry if e["name"] not in present and not results_optional(e)]
    if missing:
        for e in missing:
            print(f"make_all: no results for experiment '{e}', which the paper needs: "
                  f"{args.results / e}/ holds no <device>.json file. Run the experiments first "
                  f"(`make reproduce`), or point --results at a directory that has them.",
                  file=sys.stderr)
        return 1
    for name in present:
        if not any(name in f for f in folders.values()):
            print(f"make_all: warning: {args.results / name}/ belongs to no registered experiment "
                  f"(`filterlab experiments`); it is not in the paper", file=sys.stderr)

    found = RC.commits(args.results, [f for fs in folders.values() for f in fs])
    if len(found) > 1:
        if not args.allow_mixed_commits:
            print(f"make_all: the results in {args.results} come from {len(found)} different commits; "
                  f"a table must come from one:\n{RC.describe(found, args.results)}\n"
                  f"Rerun the stale ones (`make reproduce` keeps only results of the current commit), "
                  f"or pass --allow-mixed-commits (make figures ALLOW_MIXED_COMMITS=1), and the "
                  f"captions say which commits.", file=sys.stderr)
            return 1
        print(f"make_all: note: results from {len(found)} commits, allowed by "
              f"--allow-mixed-commits; captions using \\ResultsNote say so", file=sys.stderr)

    unknown = [f"{e['name']} ({e['analysis']})" for e in registry if e["analysis"] not in STUDIES]
    if unknown:
        print(f"make_all: no study for experiment(s) {', '.join(unknown)}: add the module's STUDY to "
              f"filterlab_analysis/studies.py", file=sys.stderr)
        return 1
    failed, studies, too_small = [], [], []
    for e in registry:
        study = STUDIES[e["analysis"]]
        status = study.main(["--results", str(args.results), "--out", str(args.out)])
        if status == NEEDS_FULL_SIZE and args.quick:
            too_small.append(e["name"])
        elif status:
            failed.append(e["name"])
        elif study.has_claims:
            try:
                studies.append(study.saved_claims(args.out))
            except C.ClaimError as err:
                if args.quick:
                    print(f"make_all: quick mode: {e['name']}'s claims do not hold on quick results "
                          f"({err}); left out of the ledger", file=sys.stderr)
                    too_small.append(e["name"])
                else:
                    print(f"make_all: {err}", file=sys.stderr)
                    failed.append(e["name"])
    if failed:
        print(f"make_all: analysis failed for: {', '.join(failed)}", file=sys.stderr)
        return 1
    notes = RC.write_notes(args.out, args.results, folders, args.quick, too_small)
    if too_small:
        print(f"make_all: quick mode: left out (need full-size results): {', '.join(too_small)}",
              file=sys.stderr)
    try:
        C.write_ledger(args.out, studies)
        study_summary.write(args.out, studies)  # per study: claims reproduced or not, best result
    except C.ClaimError as err:
        print(f"make_all: {err}", file=sys.stderr)
        return 1
    # The confidence intervals' method and exact coverage for every sample size in the results.
    intervals.write(args.results, args.out)
    findings.write(args.out, args.results)  # README's measured findings (docs/generated/findings.md)
    # Each result's commit, date and driver; README's provenance sentence (docs/generated/provenance.md).
    provenance.write(args.out, args.results, [f for fs in folders.values() for f in fs])
    print(f"make_all: claims ledger of {len(studies)} stud{'y' if len(studies) == 1 else 'ies'} "
          f"-> {args.out / 'claims_ledger.tex'}, .md, _details.tex; caption notes -> {notes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
