#!/usr/bin/env python3
"""Copies the generated claims ledger (Markdown) into README.md, between its markers.

    /usr/bin/python3 experiments/analysis/update_readme.py \\
        --ledger paper/generated/claims_ledger.md --readme README.md

Replaces the lines between the line `<!-- claims-ledger:begin -->` and the line
`<!-- claims-ledger:end -->` (the markers stay) with the ledger; each `--block NAME=FILE` likewise
puts FILE between `<!-- NAME:begin -->` and `<!-- NAME:end -->` (e.g. the peers' headline table). Rewrites the README only if its
content changes. Exits non-zero with a message naming the file if the ledger cannot be read or
the markers are missing, repeated or out of order.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree
sys.path.insert(0, str(HERE))
import results as R  # noqa: E402

BEGIN = "<!-- claims-ledger:begin -->"
END = "<!-- claims-ledger:end -->"


class ReadmeError(Exception):
    pass


def splice(readme: str, ledger: str, readme_name: str = "README.md", begin_marker: str = BEGIN,
           end_marker: str = END) -> str:
    """The README text with the ledger (or any block) between the markers (each alone on its line)."""
    BEGIN, END = begin_marker, end_marker  # noqa: N806
    lines = readme.splitlines(keepends=True)
    where = {m: [i for i, line in enumerate(lines) if line.strip() == m] for m in (BEGIN, END)}
    for marker, found in where.items():
        if not found:
            raise ReadmeError(f"{readme_name}: no line '{marker}'; the generated block goes between "
                              f"a line '{BEGIN}' and a line '{END}' (add them, e.g. under "
                              "'## Claims ledger (generated)')")
        if len(found) > 1:
            raise ReadmeError(f"{readme_name}: the line '{marker}' appears {len(found)} times "
                              f"(lines {', '.join(str(i + 1) for i in found)}); keep one")
    begin, end = where[BEGIN][0], where[END][0]
    if end < begin:
        raise ReadmeError(f"{readme_name}: '{END}' (line {end + 1}) comes before '{BEGIN}' "
                          f"(line {begin + 1})")
    body = ledger.strip("\n")
    newline = "\r\n" if lines[begin].endswith("\r\n") else "\n"
    middle = [newline] + [line + newline for line in body.split("\n")] + [newline] if body else []
    return "".join(lines[:begin + 1] + middle + lines[end:])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ledger", required=True, type=Path,
                    help="the generated Markdown ledger (paper/generated/claims_ledger.md)")
    ap.add_argument("--readme", required=True, type=Path, help="the README to update")
    ap.add_argument("--block", action="append", default=[], metavar="NAME=FILE",
                    help="also put FILE between <!-- NAME:begin --> and <!-- NAME:end -->")
    args = ap.parse_args(argv)
    try:
        try:
            ledger = args.ledger.read_text(encoding="utf-8")
        except OSError as e:
            raise ReadmeError(f"{args.ledger}: cannot read the claims ledger ({e.strerror}); "
                              "run experiments/analysis/make_all.py first (make figures)") from e
        try:
            readme = args.readme.read_text(encoding="utf-8")
        except OSError as e:
            raise ReadmeError(f"{args.readme}: cannot read ({e.strerror})") from e
        updated = splice(readme, ledger, str(args.readme))
        for block in args.block:
            name, sep, file = block.partition("=")
            if not sep or not name or not file:
                raise ReadmeError(f"--block '{block}': expected NAME=FILE")
            try:
                text = Path(file).read_text(encoding="utf-8")
            except OSError as e:
                raise ReadmeError(f"{file}: cannot read the block '{name}' ({e.strerror}); run "
                                  "experiments/analysis/make_all.py first (make figures)") from e
            updated = splice(updated, text, str(args.readme), f"<!-- {name}:begin -->", f"<!-- {name}:end -->")
    except (ReadmeError, UnicodeDecodeError) as e:
        print(f"update_readme: {e}", file=sys.stderr)
        return 1
    if updated == readme:
        print(f"update_readme: {args.readme} unchanged (generated blocks up to date)")
        return 0
    R.write_text(args.readme, updated)
    print(f"update_readme: {args.readme}: generated blocks updated from {args.ledger}"
          + "".join(f", {b.partition('=')[2]}" for b in args.block))
    return 0


if __name__ == "__main__":
    sys.exit(main())
