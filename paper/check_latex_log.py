#!/usr/bin/env python3
"""Fail when LaTeX silently lost content: a float too large for its page, or a box that runs
past the margin by more than a few points. LaTeX reports both as warnings and still writes a PDF,
so without this check rows and columns vanish unnoticed.

Each problem is named by the file LaTeX was reading (e.g. generated/claims_ledger.tex) and, when
that file is \\input inside a float of the paper, by the float's label, so the reader knows which
table or figure to fix. Run it on the .log of a run made with max_print_line large enough that
LaTeX does not wrap log lines (the Makefile sets max_print_line=100000).
"""
import argparse
import re
import sys
from pathlib import Path

OVERFULL = re.compile(r"^Overfull \\[hv]box \(([0-9.]+)pt too (?:wide|high)\) (.*)$")
FLOAT = re.compile(r"^LaTeX Warning: Float too large for page by ([0-9.]+)pt on input line (\d+)\.")
# A file LaTeX opens shows as "(" followed by its path.
FILE_OPEN = re.compile(r"\(([^()\s]+\.(?:tex|sty|cls|clo|cfg|def|fd|aux|out|toc|lof|lot|ldf|mkii|code\.tex))")


def float_labels(tex_path):
    """Map each line of the main .tex to the label of the float (figure/table) around it and
    each generated file to the float that inputs it."""
    lines = Path(tex_path).read_text(encoding="utf-8").splitlines()
    by_line, by_input = {}, {}
    start = None
    for number, line in enumerate(lines, start=1):
        if re.search(r"\\begin\{(figure|table|longtable)\*?\}", line):
            start = number
        if start is not None and re.search(r"\\end\{(figure|table|longtable)\*?\}", line):
            block = "\n".join(lines[start - 1:number])
            label = re.search(r"\\label\{([^}]+)\}", block)
            name = label.group(1) if label else f"float at lines {start}-{number}"
            for n in range(start, number + 1):
                by_line[n] = name
            for inp in re.findall(r"\\input\{([^}]+)\}", block):
                by_input[inp if inp.endswith(".tex") else inp + ".tex"] = name
            start = None
    return by_line, by_input


def problems(log_text, max_overfull_pt):
    """Yield (kind, amount_pt, file, where) for every float too large and every overfull box
    wider than max_overfull_pt, with the file LaTeX was reading at the time."""
    stack = []
    skipping_box = False
    for line in log_text.splitlines():
        if skipping_box:
            # The lines after an overfull warning show the box's content, whose parentheses are
            # text, not files; it ends at the next blank line.
            if line.strip() == "":
                skipping_box = False
            continue
        match = OVERFULL.match(line)
        if match:
            amount = float(match.group(1))
            if amount > max_overfull_pt:
                yield ("overfull box", amount, stack[-1] if stack else "?", match.group(2))
            skipping_box = True
            continue
        match = FLOAT.match(line)
        if match:
            yield ("float too large", float(match.group(1)), stack[-1] if stack else "?",
                   f"input line {match.group(2)}")
            continue
        if line.startswith(("LaTeX Warning", "Package ", "LaTeX Font", "Underfull")):
            continue
        position = 0
        while position < len(line):
            char = line[position]
            if char == "(":
                opened = FILE_OPEN.match(line, position)
                if opened:
                    stack.append(opened.group(1))
                    position = opened.end()
                    continue
                stack.append(None)  # a parenthesis that is not a file still needs its match
            elif char == ")":
                if stack:
                    stack.pop()
            position += 1


def describe(file_name, where, main_tex, by_line, by_input):
    """Name the table or figure a problem belongs to."""
    if file_name is None or file_name == "?":
        return f"(file unknown) {where}"
    short = file_name[2:] if file_name.startswith("./") else file_name
    if Path(short).name == Path(main_tex).name:
        numbers = [int(n) for n in re.findall(r"\d+", where)]
        for n in numbers:
            if n in by_line:
                return f"{by_line[n]} ({short}, {where})"
        return f"{short}, {where}"
    if short in by_input:
        return f"{short}, in {by_input[short]} ({where})"
    return f"{short} ({where})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("log", help="the LaTeX .log file")
    parser.add_argument("--tex", help="the main .tex (to name floats by their labels); "
                        "default: the log's name with .tex")
    parser.add_argument("--max-overfull-pt", type=float, default=3.0,
                        help="overfull boxes up to this many points are tolerated (default 3)")
    args = parser.parse_args()
    log_path = Path(args.log)
    tex_path = Path(args.tex) if args.tex else log_path.with_suffix(".tex")
    if not log_path.exists():
        sys.exit(f"check_latex_log: {log_path} does not exist; run LaTeX first (make paper)")
    by_line, by_input = float_labels(tex_path) if tex_path.exists() else ({}, {})
    found = list(problems(log_path.read_text(encoding="utf-8", errors="replace"),
                          args.max_overfull_pt))
    for kind, amount, file_name, where in found:
        print(f"check_latex_log: {kind} by {amount:.1f}pt: "
              f"{describe(file_name, where, tex_path, by_line, by_input)}", file=sys.stderr)
    if found:
        print(f"check_latex_log: {len(found)} place(s) where LaTeX dropped or clipped content "
              f"in {log_path}; make each table/figure fit (longtable, landscape, smaller font, "
              f"fewer columns)", file=sys.stderr)
        return 1
    print(f"check_latex_log: {log_path}: no float too large, no box wider than "
          f"{args.max_overfull_pt:g}pt past the margin")
    return 0


if __name__ == "__main__":
    sys.exit(main())
