#!/usr/bin/env bash
# The paper from a results directory other than the committed one (make reproduce QUICK=1, or
# make reproduce RESULTS=DIR): copies paper/ to OUT/paper (the committed paper and its generated/ are
# left alone), generates its figures and tables from RESULTS with filterlab_analysis.make_all (--quick
# unless PAPER_MODE=full), and builds OUT/paper/filterlab.pdf with a note on page 1 saying where its numbers
# come from (\ResultsQuickNote, written by make_all).
# Such a run may cover fewer devices than the committed one (quick mode runs on PoCL alone); where the
# paper's text names a quantity of a second or third device (a macro \...Dev[B-Z]..., e.g.
# \StorDevBName) that these results do not have, it is left blank and the note says how many; any
# other LaTeX error fails the build.
# Usage: [PAPER_MODE=quick|full] scripts/paper-from-results.sh RESULTS OUT [PYTHON]
set -euo pipefail
results=$1 out=$2 python=${3:-/usr/bin/python3}
case ${PAPER_MODE:-quick} in
  quick) mode=(--quick) ;;
  full) mode=() ;;
  *) echo "paper-from-results: PAPER_MODE '${PAPER_MODE}' is not supported: give quick or full" >&2; exit 2 ;;
esac
rm -rf "$out/paper"
mkdir -p "$out"
cp -r paper "$out/paper"
rm -rf "$out/paper/generated"
PYTHONPATH="$PWD/experiments/analysis" "$python" -B -m filterlab_analysis.make_all \
  --results "$results" --out "$out/paper/generated" "${mode[@]}"
cat > "$out/paper/quick.tex" <<'TEX'
% The paper, with a first-page note saying where its numbers come from (scripts/paper-from-results.sh).
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
    sys.exit("paper-from-results: LaTeX errors other than absent devices' macros:\n  " + "\n  ".join(other[:20]))
print(len(absent))
PY
) || { echo "paper-from-results: see $out/paper/filterlab.log" >&2; exit 1; }
if [ "$absent" -gt 0 ]; then
  printf '%s\n' "\\def\\ResultsQuickAbsent{ The text names $absent quantities of devices these results do not have (a second or third device of the committed run), so they are blank.}" \
    > generated/quick_absent.tex
  build -g
fi
[ -s filterlab.pdf ] || { echo "paper-from-results: no PDF was written; see $out/paper/filterlab.log" >&2; exit 1; }
echo "paper from results: $out/paper/filterlab.pdf (results from $results; $absent absent-device quantities left blank)"
