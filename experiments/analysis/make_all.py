#!/usr/bin/env python3
"""Regenerates every figure, table and macro file of the paper from the raw results.

    /usr/bin/python3 experiments/analysis/make_all.py \\
        --results experiments/results --out paper/generated

For each experiment directory under --results that holds results, runs the analysis script of
the same name (experiments/analysis/<experiment>.py, whose main(argv) returns an exit status).
Then writes the claims ledger (claims_ledger.tex, claims_ledger_details.tex, claims_ledger.md)
from the claims of every script that has them (a function claims_study(out) returning a
claims.Study). Exits non-zero, before writing anything, if an experiment the paper needs has no
results, and if any script fails.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree
sys.path.insert(0, str(HERE))
import claims as C  # noqa: E402
import intervals  # noqa: E402
import study_summary  # noqa: E402
import results as R  # noqa: E402

# Experiments whose generated fragments paper/filterlab.tex \input's.
PAPER_NEEDS = ["scharr_single_storage", "scharr_gradient_variants", "pyramid_storage", "sampler",
               "tiled", "epsilon", "imagecl", "peers", "tuning"]
# Results another experiment's script reads (the CUDA peers and NPP belong to the peers' table).
READ_BY = {"peers_cuda": "peers", "peers_npp": "peers"}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", required=True, type=Path, help="raw results directory")
    ap.add_argument("--out", required=True, type=Path, help="output directory (created)")
    args = ap.parse_args(argv)

    present = R.experiments_present(args.results)
    missing = [e for e in PAPER_NEEDS if e not in present]
    if missing:
        for e in missing:
            print(f"make_all: no results for experiment '{e}', which the paper needs: "
                  f"{args.results / e}/ holds no <device>.json file. Run the experiments first "
                  f"(`make reproduce`), or point --results at a directory that has them.",
                  file=sys.stderr)
        return 1

    failed, studies = [], []
    for experiment in present:
        if experiment in READ_BY:
            continue
        if not (HERE / f"{experiment}.py").is_file():
            print(f"make_all: warning: no analysis script {HERE / experiment}.py for the results "
                  f"in {args.results / experiment}/; they are not in the paper", file=sys.stderr)
            continue
        module = importlib.import_module(experiment)
        status = module.main(["--results", str(args.results), "--out", str(args.out)])
        if status:
            failed.append(experiment)
        elif hasattr(module, "claims_study"):
            try:
                studies.append(module.claims_study(args.out))
            except C.ClaimError as e:
                print(f"make_all: {e}", file=sys.stderr)
                failed.append(experiment)
    if failed:
        print(f"make_all: analysis failed for: {', '.join(failed)}", file=sys.stderr)
        return 1
    try:
        C.write_ledger(args.out, studies)
        study_summary.write(args.out, studies)  # per study: claims reproduced or not, best result
    except C.ClaimError as e:
        print(f"make_all: {e}", file=sys.stderr)
        return 1
    # The confidence intervals' method and exact coverage for every sample size in the results.
    intervals.write(args.results, args.out)
    print(f"make_all: claims ledger of {len(studies)} stud{'y' if len(studies) == 1 else 'ies'} "
          f"-> {args.out / 'claims_ledger.tex'}, .md, _details.tex")
    return 0


if __name__ == "__main__":
    sys.exit(main())
