#!/usr/bin/env bash
# The paper from quick-mode results (make reproduce QUICK=1): copies paper/ to OUT/paper (the committed
# paper and its generated/ are left alone), generates its figures and tables from RESULTS with
# make_all.py --quick, and builds OUT/paper/filterlab.pdf with a note on page 1 saying where its
# numbers come from (\ResultsQuickNote, written by make_all.py).
# Usage: scripts/quick-paper.sh RESULTS OUT [PYTHON]
set -euo pipefail
results=$1 out=$2 python=${3:-/usr/bin/python3}
rm -rf "$out/paper"
mkdir -p "$out"
cp -r paper "$out/paper"
rm -rf "$out/paper/generated"
"$python" experiments/analysis/make_all.py --results "$results" --out "$out/paper/generated" --quick
cat > "$out/paper/quick.tex" <<'TEX'
% The paper, with a first-page note that its numbers are quick-mode results (scripts/quick-paper.sh).
\input{generated/results_notes.tex}
\AtBeginDocument{\noindent\fbox{\parbox{\dimexpr\linewidth-2\fboxsep-2\fboxrule\relax}{\small\ResultsQuickNote}}\par\medskip}
\input{filterlab.tex}
TEX
cd "$out/paper"
latexmk -pdf -interaction=nonstopmode -halt-on-error -jobname=filterlab quick.tex
echo "quick paper: $out/paper/filterlab.pdf (results from $results)"
