"""make paper must not lose content silently: the log check (paper/check_latex_log.py) fails on a
float too large or a box past the margin, and the paper built from the committed results passes it."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = ROOT / "paper" / "check_latex_log.py"

LOG_WITH_LOSSES = """This is pdfTeX
(./filterlab.tex
(./generated/claims_ledger.tex
Overfull \\hbox (31.6pt too wide) in alignment at lines 2--7
 []\\OT1/cmr/m/n/10 (a) text (with) parentheses
 []

)
(./generated/tiny.tex
Overfull \\hbox (1.2pt too wide) in paragraph at lines 1--2
 []

)

LaTeX Warning: Float too large for page by 502.1pt on input line 12.

)
"""

TEX = r"""\documentclass{article}
\begin{document}
\begin{figure}[t]
\rule{1pt}{2\textheight}
\caption{Too tall.}\label{fig:tall}
\end{figure}
\end{document}
"""


def run_check(log, tex=None):
    args = [sys.executable, str(CHECK), str(log)] + (["--tex", str(tex)] if tex else [])
    return subprocess.run(args, capture_output=True, text=True)


def test_check_names_each_lost_table_and_tolerates_a_point(tmp_path):
    log = tmp_path / "filterlab.log"
    log.write_text(LOG_WITH_LOSSES)
    tex = tmp_path / "filterlab.tex"
    tex.write_text("\n" * 10 + "\\begin{table}\n\\input{generated/x}\n\\label{tab:big}\n\\end{table}\n")
    done = run_check(log, tex)
    assert done.returncode == 1, done.stderr
    assert "overfull box by 31.6pt: generated/claims_ledger.tex" in done.stderr
    assert "float too large by 502.1pt: tab:big" in done.stderr
    assert "tiny.tex" not in done.stderr  # 1.2 pt is within the tolerance of 3 pt


def test_check_passes_a_clean_log(tmp_path):
    log = tmp_path / "x.log"
    log.write_text("This is pdfTeX\n(./x.tex\nOutput written on x.pdf (1 page).\n)\n")
    done = run_check(log)
    assert done.returncode == 0, done.stderr


def test_check_catches_latex_own_float_too_large(tmp_path, latexmk):
    (tmp_path / "tall.tex").write_text(TEX)
    subprocess.run([latexmk, "-pdf", "-interaction=nonstopmode", "tall.tex"], cwd=tmp_path,
                   capture_output=True, env={**os.environ, "max_print_line": "100000"})
    done = run_check(tmp_path / "tall.log")
    assert done.returncode == 1
    assert "float too large" in done.stderr and "fig:tall" in done.stderr


def test_paper_from_committed_results_loses_nothing(tmp_path, latexmk, generated):
    shutil.copy(ROOT / "paper" / "filterlab.tex", tmp_path / "filterlab.tex")
    shutil.copy(ROOT / "paper" / "filterlab.bib", tmp_path / "filterlab.bib")
    shutil.copytree(generated, tmp_path / "generated")
    built = subprocess.run([latexmk, "-pdf", "-interaction=nonstopmode", "-halt-on-error",
                            "filterlab.tex"], cwd=tmp_path, capture_output=True, text=True,
                           env={**os.environ, "max_print_line": "100000"})
    assert built.returncode == 0, built.stdout[-3000:]
    done = run_check(tmp_path / "filterlab.log")
    assert done.returncode == 0, done.stderr
