#!/usr/bin/env python3
"""Fail when a table or figure prints far from where the text first cites it, or past the end of
the part (the body, or one appendix) that cites it, and when the body is longer than allowed.

It reads the .aux of a LaTeX run of a document that loads hyperref and carries the float-check
hook of paper/filterlab.tex (between "% BEGIN float-check hook" and "% END float-check hook"):
  - \\newlabel{L}{{number}{page}{title}{figure.N|table.N}{}}: the page a float printed on (hyperref's
    anchor says which labels are figures and tables; a longtable's label is its first page);
  - \\FLref{L}{page}: every \\ref to L and the page it printed on (the hook writes these);
  - \\FLdivisionmark{name}{page}: where a part of the document starts after the body, e.g. the
    references and each appendix (the hook's \\FLdivision and \\FLappendix write these); hyperref's
    table-of-contents lines of appendix sections (anchor appendix.X) count as well.

The rules, per float:
  1. it prints in a part that also cites it: a float cited only in the body must print before the
     references or the appendix start, one that an appendix cites must print before the next
     appendix starts;
  2. it prints near its first citation in that part: not before the page preceding it, and not
     more than --max-distance pages after it, not counting pages in between that print other
     floats (a run of full-page floats pushes the later ones on).
A float that no \\ref cites (e.g. generated per-device tables, which an appendix introduces as a
group) is listed, not failed. And the body (the pages before the first part after it) is at most --max-body-pages long; the
check prints "body: N pages".

    python3 paper/check_float_placement.py paper/filterlab.aux [--max-body-pages 15]
"""
from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

NEWLABEL = re.compile(r"^\\newlabel\{([^{}]+)\}\{\{([^{}]*)\}\{([^{}]*)\}")
ANCHOR = re.compile(r"\}\{((?:figure|table)\.[^{}]*)\}\{[^{}]*\}\}\s*$")
FLREF = re.compile(r"^\\FLref\{([^{}]+)\}\{([^{}]+)\}")
DIVISION = re.compile(r"^\\FLdivisionmark\{(.+)\}\{([^{}]+)\}\s*$")
TOC_APPENDIX = re.compile(r"\\contentsline \{section\}\{\\numberline \{([^{}]+)\}(.*)\}\{([^{}]+)\}"
                          r"\{(appendix\.[^{}]*)\}")


def page_number(text: str) -> int | None:
    """An arabic page number ("12"); roman or other numbering is not compared."""
    text = text.strip()
    return int(text) if text.isdigit() else None


@dataclass
class Aux:
    floats: dict[str, tuple[str, int]] = field(default_factory=dict)   # label -> (kind, page)
    refs: dict[str, list[int]] = field(default_factory=dict)           # label -> pages cited
    divisions: list[tuple[int, str]] = field(default_factory=list)     # (start page, name)
    hook_seen: bool = False


def read_aux(text: str) -> Aux:
    aux = Aux()
    seen_divisions = set()
    for line in text.splitlines():
        line = line.strip()
        match = NEWLABEL.match(line)
        if match:
            anchor = ANCHOR.search(line)
            page = page_number(match.group(3))
            if anchor and page is not None:
                kind = "figure" if anchor.group(1).startswith("figure") else "table"
                aux.floats.setdefault(match.group(1), (kind, page))
            continue
        match = FLREF.match(line)
        if match:
            aux.hook_seen = True
            page = page_number(match.group(2))
            if page is not None:
                aux.refs.setdefault(match.group(1), []).append(page)
            continue
        if line.startswith("\\FLhookmark"):
            aux.hook_seen = True
            continue
        match = DIVISION.match(line)
        if match:
            page = page_number(match.group(2))
            if page is not None and match.group(1) not in seen_divisions:
                seen_divisions.add(match.group(1))
                aux.divisions.append((page, match.group(1)))
            continue
        match = TOC_APPENDIX.search(line)
        if match:
            page = page_number(match.group(3))
            name = f"Appendix {match.group(1)}"
            if page is not None and name not in seen_divisions:
                seen_divisions.add(name)
                aux.divisions.append((page, name))
    aux.divisions.sort()
    return aux


def division_of(page: int, divisions: list[tuple[int, str]]) -> str:
    """The part a page belongs to: the last one that starts on or before it ('body' before any).
    Parts after the body start on a fresh page (\\clearpage), so a start page is the part's own."""
    name = "body"
    for start, div in divisions:
        if start <= page:
            name = div
    return name


def body_pages(divisions: list[tuple[int, str]]) -> int | None:
    return divisions[0][0] - 1 if divisions else None


def problems(aux: Aux, max_distance: int, notes: list[str] | None = None) -> list[str]:
    """The rules' violations; floats no \\ref cites go to notes."""
    found = []
    notes = [] if notes is None else notes
    float_pages = {}
    for label, (_kind, page) in aux.floats.items():
        float_pages.setdefault(page, set()).add(label)
    for label, (kind, page) in sorted(aux.floats.items(), key=lambda item: (item[1][1], item[0])):
        where = division_of(page, aux.divisions)
        cites = sorted(aux.refs.get(label, []))
        if not cites:  # nothing to be near; reported, not failed (e.g. generated per-device tables)
            notes.append(f"{kind} {label} (p. {page}, {where}) is not cited by \\ref")
            continue
        own = [c for c in cites if division_of(c, aux.divisions) == where]
        if not own:
            first = cites[0]
            found.append(f"{kind} {label} prints on p. {page} in {where}, but is cited only in "
                         f"{division_of(first, aux.divisions)} (first on p. {first}): it has drifted "
                         f"past the end of the part that cites it")
            continue
        first = own[0]
        if page < first - 1:
            found.append(f"{kind} {label} prints on p. {page}, {first - page} pages before its "
                         f"first citation in {where} (p. {first})")
            continue
        crowded = sum(1 for p in range(first + 1, page) if float_pages.get(p, set()) - {label})
        distance = page - first - crowded
        if distance > max_distance:
            found.append(f"{kind} {label} prints on p. {page}, {page - first} pages after its first "
                         f"citation in {where} (p. {first}; {crowded} page(s) between hold other "
                         f"floats): move it or its citation")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("aux", help="the LaTeX .aux file")
    parser.add_argument("--max-body-pages", type=int, default=15,
                        help="the body (pages before the references or appendix) at most this long")
    parser.add_argument("--max-distance", type=int, default=2,
                        help="pages a float may print after its first citation, not counting "
                             "pages of other floats in between (default 2)")
    args = parser.parse_args(argv)
    path = Path(args.aux)
    if not path.exists():
        print(f"check_float_placement: {path} does not exist; run LaTeX first (make paper)",
              file=sys.stderr)
        return 1
    aux = read_aux(path.read_text(encoding="utf-8", errors="replace"))
    found, notes = [], []
    if aux.floats and not aux.hook_seen:
        found.append("no \\FLref lines in the .aux: the document lacks the float-check hook of "
                     "paper/filterlab.tex, so no citation can be placed")
    else:
        found += problems(aux, args.max_distance, notes)
    for note in notes:
        print(f"check_float_placement: note: {note}")
    body = body_pages(aux.divisions)
    if body is None:
        found.append("no \\FLdivisionmark line in the .aux: mark where the references or the appendix "
                     "start (\\FLdivision{References}, \\FLappendix{...})")
    else:
        print(f"check_float_placement: body: {body} pages (the references or appendix start on "
              f"p. {aux.divisions[0][0]}: {aux.divisions[0][1]})")
        if body > args.max_body_pages:
            found.append(f"the body has {body} pages, more than {args.max_body_pages}: move "
                         f"material to an appendix")
    for problem in found:
        print(f"check_float_placement: {problem}", file=sys.stderr)
    if found:
        print(f"check_float_placement: {len(found)} problem(s) in {path}", file=sys.stderr)
        return 1
    print(f"check_float_placement: {path}: {len(aux.floats)} floats, each in the part that cites "
          f"it and within {args.max_distance} page(s) of its first citation there")
    return 0


if __name__ == "__main__":
    sys.exit(main())
