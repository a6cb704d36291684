#!/usr/bin/env bash
# The paper from quick-mode results (make reproduce QUICK=1): copies paper/ to OUT/paper (the committed
# paper and its generated/ are left alone), generates its figures and tables from RESULTS with
# make_all.py --quick, and builds OUT/paper/filterlab.pdf with a note on page 1 saying where its
# numbers come from (\ResultsQuickNote, written by make_all.py).
# Quick mode runs on one device; where the paper's text names a quantity of a second or third device
# (a macro \...Dev[B-Z]..., e.g. \StorDevBName) that these results do not have, it is left blank and
# the note says how many; any other LaTeX error fails the build.
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
\InputIfFileExists{generated/quick_absent.tex}{}{\def\ResultsQuickAbsent{}}
\AtBeginDocument{\noindent\fbox{\parbox{\dimexpr\linewidth-2\fboxsep-2\fboxrule\relax}{\small\ResultsQuickNote\ResultsQuickAbsent}}\par\medskip}
\input{filterlab.tex}
TEX
cd "$out/paper"
build() { latexmk "$@" -pdf -f -interaction=nonstopmode -jobname=filterlab quick.tex > latexmk.out 2>&1 || true; }
build
# Every LaTeX error must be an undefined per-device macro of a device these results lack.
absent=$("$python" - filterlab.log <<'PY'
import re, sys
log = open(sys.argv[1], encoding="latin-1").read().splitlines()
absent, other = set(), []
for i, line in enumerate(log):
    if not line.startswith("! "):
        continue
    where = next((l for l in log[i + 1:i + 6] if l.startswith("l.")), "")
    name = re.search(r"\\([A-Za-z]+)$", where)
    if line == "! Undefined control sequence." and name and re.search(r"Dev[B-Z][A-Z]", name.group(1)):
        absent.add(name.group(1))
    else:
        other.append(f"{line} {where}".strip())
if other:
    sys.exit("quick-paper: LaTeX errors other than absent devices' macros:\n  " + "\n  ".join(other[:20]))
print(len(absent))
PY
) || { echo "quick-paper: see $out/paper/filterlab.log" >&2; exit 1; }
if [ "$absent" -gt 0 ]; then
  printf '%s\n' "\\def\\ResultsQuickAbsent{ The text names $absent quantities of other devices (a second or third device of the full run); quick mode runs on one device, so they are blank.}" \
    > generated/quick_absent.tex
  build -g
fi
[ -s filterlab.pdf ] || { echo "quick-paper: no PDF was written; see $out/paper/filterlab.log" >&2; exit 1; }
echo "quick paper: $out/paper/filterlab.pdf (results from $results; $absent absent-device quantities left blank)"
