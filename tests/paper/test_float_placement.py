"""Floats print near their first citation and never past the part (body, appendix) that cites
them, and the body has at most 15 pages (paper/check_float_placement.py, run by make paper): the
check fails on synthetic bad cases, passes good ones, works on a real LaTeX run with the hook of
paper/filterlab.tex, and passes the paper built from the committed results."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = ROOT / "paper" / "check_float_placement.py"
PAPER = ROOT / "paper" / "filterlab.tex"


def aux(floats, refs, divisions, hook=True):
    """A .aux as hyperref and the float-check hook write it."""
    lines = ["\\relax", "\\FLhookmark"] if hook else ["\\relax"]
    for label, (kind, number, page) in floats.items():
        lines.append(f"\\newlabel{{{label}}}{{{{{number}}}{{{page}}}{{Caption}}{{{kind}.{number}}}{{}}}}")
    lines += [f"\\FLref{{{label}}}{{{page}}}" for label, page in refs]
    lines += [f"\\FLdivisionmark{{{name}}}{{{page}}}" for name, page in divisions]
    lines.append("\\newlabel{sec:x}{{2}{3}{Section}{section.2}{}}")  # not a float: ignored
    return "\n".join(lines) + "\n"


def run_check(tmp_path, text, *extra):
    path = tmp_path / "doc.aux"
    path.write_text(text)
    return subprocess.run([sys.executable, str(CHECK), str(path), *extra], capture_output=True, text=True)


GOOD = aux({"fig:a": ("figure", 1, 2), "tab:b": ("table", 1, 4), "fig:c": ("figure", 2, 14)},
           [("fig:a", 2), ("tab:b", 3), ("fig:c", 13), ("fig:c", 5)],
           [("References", 12), ("Appendix A", 13), ("Appendix B", 16)])


def test_good_placement_passes_and_counts_the_body(tmp_path):
    done = run_check(tmp_path, GOOD)
    assert done.returncode == 0, done.stderr
    assert "body: 11 pages" in done.stdout


def test_float_past_the_appendix_that_follows_its_citation_fails(tmp_path):
    # Cited on p. 9 of the body, printed on p. 17 in Appendix B (the old paper's Figure 10).
    text = aux({"fig:late": ("figure", 10, 17)}, [("fig:late", 9)],
               [("References", 12), ("Appendix A", 13), ("Appendix B", 16)])
    done = run_check(tmp_path, text)
    assert done.returncode == 1
    assert "fig:late prints on p. 17 in Appendix B, but is cited only in body" in done.stderr


def test_float_far_from_its_citation_fails_unless_other_floats_fill_the_pages(tmp_path):
    far = aux({"fig:far": ("figure", 1, 8)}, [("fig:far", 3)], [("References", 12)])
    done = run_check(tmp_path, far)
    assert done.returncode == 1 and "fig:far prints on p. 8, 5 pages after" in done.stderr
    pushed = aux({"fig:far": ("figure", 1, 8), "fig:p4": ("figure", 2, 4), "fig:p5": ("figure", 3, 5),
                  "fig:p6": ("figure", 4, 6), "fig:p7": ("figure", 5, 7)},
                 [("fig:far", 3), ("fig:p4", 3), ("fig:p5", 3), ("fig:p6", 4), ("fig:p7", 5)],
                 [("References", 12)])
    assert run_check(tmp_path, pushed).returncode == 0


def test_float_long_before_its_citation_fails(tmp_path):
    early = aux({"tab:early": ("table", 1, 2)}, [("tab:early", 6)], [("References", 12)])
    done = run_check(tmp_path, early)
    assert done.returncode == 1 and "4 pages before its first citation" in done.stderr


def test_body_over_the_limit_fails(tmp_path):
    long_body = aux({"fig:a": ("figure", 1, 2)}, [("fig:a", 2)], [("References", 17)])
    done = run_check(tmp_path, long_body)
    assert done.returncode == 1
    assert "body: 16 pages" in done.stdout and "more than 15" in done.stderr
    assert run_check(tmp_path, long_body, "--max-body-pages", "16").returncode == 0


def test_missing_hook_or_division_fails(tmp_path):
    no_hook = aux({"fig:a": ("figure", 1, 2)}, [], [("References", 12)], hook=False)
    assert "float-check hook" in run_check(tmp_path, no_hook).stderr
    no_division = aux({"fig:a": ("figure", 1, 2)}, [("fig:a", 2)], [])
    done = run_check(tmp_path, no_division)
    assert done.returncode == 1 and "no \\FLdivisionmark" in done.stderr


def hook():
    text = PAPER.read_text(encoding="utf-8")
    match = re.search(r"% BEGIN float-check hook\n(.*?)% END float-check hook", text, re.S)
    assert match, "paper/filterlab.tex lost its float-check hook"
    return match.group(1)


def latex_doc(figure_in_appendix):
    figure = ("\\begin{figure}[htbp]\\centering\\rule{2cm}{2cm}\\caption{A figure.}"
              "\\label{fig:x}\\end{figure}\n")
    filler = "\n\n".join(["Filler text that makes a page. " * 40] * 3)
    body = ("\\section{Body}\nAs Figure~\\ref{fig:x} shows, and Section~\\ref{sec:app} adds.\n"
            + ("" if figure_in_appendix else figure) + filler + "\n")
    appendix = ("\\FLdivision{References}\nNo references.\n\\appendix\n\\FLappendix{First}\\label{sec:app}\n"
                + filler + "\n" + (figure if figure_in_appendix else "")
                + "\\FLappendix{Second}\nMore.\n")
    return ("\\documentclass{article}\n\\usepackage[hidelinks]{hyperref}\n" + hook()
            + "\\begin{document}\n" + body + appendix + "\\end{document}\n")


def build(tmp_path, latexmk, name, text):
    (tmp_path / f"{name}.tex").write_text(text)
    subprocess.run([latexmk, "-pdf", "-interaction=nonstopmode", "-halt-on-error", f"{name}.tex"],
                   cwd=tmp_path, capture_output=True)
    return subprocess.run([sys.executable, str(CHECK), str(tmp_path / f"{name}.aux")],
                          capture_output=True, text=True)


def test_latex_run_with_the_paper_hook(tmp_path, latexmk):
    good = build(tmp_path, latexmk, "good", latex_doc(figure_in_appendix=False))
    assert good.returncode == 0, good.stdout + good.stderr
    assert re.search(r"body: \d+ pages", good.stdout)
    bad = build(tmp_path, latexmk, "bad", latex_doc(figure_in_appendix=True))
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "fig:x prints on p." in bad.stderr and "cited only in body" in bad.stderr


def test_paper_from_committed_results_places_every_float(tmp_path, latexmk, generated):
    shutil.copy(PAPER, tmp_path / "filterlab.tex")
    shutil.copy(ROOT / "paper" / "filterlab.bib", tmp_path / "filterlab.bib")
    shutil.copytree(generated, tmp_path / "generated")
    built = subprocess.run([latexmk, "-pdf", "-interaction=nonstopmode", "-halt-on-error",
                            "filterlab.tex"], cwd=tmp_path, capture_output=True, text=True,
                           env={**os.environ, "max_print_line": "100000"})
    assert built.returncode == 0, built.stdout[-3000:]
    done = subprocess.run([sys.executable, str(CHECK), str(tmp_path / "filterlab.aux")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "body:" in done.stdout
