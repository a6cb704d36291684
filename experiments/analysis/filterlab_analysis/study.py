"""The protocol every experiment's analysis follows: raw results -> derived summary -> claims,
figures and tables.

Each study module (one per registered experiment: the registry's `analysis` field names it)
defines a subclass of Study and one object of it, STUDY; studies.py lists them and make_all runs
each through run(). A subclass states only what is particular to its experiment:

    load(run)      the raw results (read and checked against their schema; by default
                   results.load_experiment), and any published numbers they are compared with
    validate(run)  checks across files that the schema cannot state; raises ResultError
    derive(run)    the summary: written to <out>/<name>_summary.json and read back, so what
                   follows sees exactly what the file holds
    claims(run)    the claims evaluated on the summary (a claims.Study), or None for a study
                   without claims; written to <out>/<name>_claims.json, which the claims ledger
                   reads (saved_claims)
    figures(run)   the figures, into run.out
    tables(run)    tables, macros, Markdown and text, into run.out
    report(run)    what it prints when done (a line per device, the targets)

A ResultError (or one of the study's `errors`) while loading or deriving is printed as
"<name>: <message>" and the analysis exits 1 before writing anything; a ResultError later exits 1
after what was written so far. A step that finds the results too small for it (quick mode) raises
NeedsFullSize: the exit status is then NEEDS_FULL_SIZE, and make_all --quick leaves the study out.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import claims as C
from . import results as R

# The exit status of a study whose results are too small for it (make reproduce QUICK=1).
NEEDS_FULL_SIZE = 3


class NeedsFullSize(Exception):
    """Raised by a step when the results are too small for it; the message says why."""


@dataclass
class Run:
    """One run of a study: its arguments and what each step has produced so far."""
    results: Path                      # the raw results directory
    out: Path                          # the output directory
    options: argparse.Namespace        # every command-line option (the study's own included)
    raw: Any = None                    # what load() returned
    summary: dict = field(default_factory=dict)
    claims: C.Study | None = None


class Study:
    """One experiment's analysis (see the module's docstring for the steps)."""

    name: str = ""                  # the experiment: its results folder and registry entry
    description: str = ""           # the first line of --help
    # Why the analysis also runs without results of its own (it then says "no data"), or "".
    results_optional: str = ""
    needs_matplotlib: bool = True   # figures: select Agg, or exit with advice if it is missing
    # What load(), validate() and derive() raise on results that cannot be analysed.
    errors: tuple[type[BaseException], ...] = (R.ResultError,)
    # Provenance keys the experiment records per row, not per file (the default load's).
    per_row: tuple[str, ...] = ()

    # -- the steps a study defines ----------------------------------------------------------

    def add_options(self, ap: argparse.ArgumentParser) -> None:
        """Options of its own besides --results and --out."""

    def load(self, run: Run) -> Any:
        """By default every device's result file of the experiment, checked against its schema
        (results.DeviceResult)."""
        return R.load_experiment(run.results, self.name, self.per_row)

    def validate(self, run: Run) -> None:
        """Checks beyond what load() does; the schema checks are load()'s."""

    def derive(self, run: Run) -> dict:
        raise NotImplementedError

    def claims(self, run: Run) -> C.Study | None:
        return None

    def figures(self, run: Run) -> None:
        pass

    def tables(self, run: Run) -> None:
        pass

    def report(self, run: Run) -> None:
        pass

    # -- the protocol ------------------------------------------------------------------------

    @property
    def has_claims(self) -> bool:
        """Whether the study judges claims (and so has a place in the claims ledger)."""
        return type(self).claims is not Study.claims

    def claims_path(self, out: Path) -> Path:
        return Path(out) / f"{self.name}_claims.json"

    def saved_claims(self, out: Path) -> C.Study | None:
        """For the claims ledger: the claims as run() saved them in out."""
        return C.load_study(self.claims_path(out)) if self.has_claims else None

    def run(self, run: Run) -> int:
        """load, validate, derive, save the summary, claims, figures, tables, report; the exit
        status."""
        try:
            return self._steps(run)
        except NeedsFullSize as e:
            print(f"{self.name}: needs full-size results: {e}", file=sys.stderr)
            return NEEDS_FULL_SIZE

    def _steps(self, run: Run) -> int:
        if self.needs_matplotlib:
            R.require_matplotlib(self.name)
        try:
            run.raw = self.load(run)
            self.validate(run)
            summary = self.derive(run)
        except self.errors as e:
            print(f"{self.name}: {e}", file=sys.stderr)
            return 1
        run.summary = R.save_summary(run.out, self.name, summary)
        try:
            run.claims = self.claims(run)
            if run.claims is not None:
                C.save_study(run.claims, self.claims_path(run.out))
            self.figures(run)
            self.tables(run)
        except R.ResultError as e:
            print(f"{self.name}: {e}", file=sys.stderr)
            return 1
        self.report(run)
        return 0

    def main(self, argv: list[str] | None = None) -> int:
        """The command line: --results DIR --out DIR and the study's own options."""
        ap = argparse.ArgumentParser(description=self.description)
        ap.add_argument("--results", required=True, type=Path,
                        help=f"results directory (holds {self.name}/<device_slug>.json)")
        ap.add_argument("--out", required=True, type=Path, help="output directory (created)")
        self.add_options(ap)
        args = ap.parse_args(argv)
        return self.run(Run(results=args.results, out=args.out, options=args))


def first_paragraph(doc: str | None) -> str:
    """A module docstring's first paragraph: a study's description."""
    return (doc or "").split("\n\n")[0]
