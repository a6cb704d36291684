#!/usr/bin/env python3
"""Finds numbers typed into the paper's hand-written text (paper/filterlab.tex).

Every measured or derived number must come from a macro that the analysis (experiments/analysis) writes into
paper/generated/. What may stay typed is what defines the experiments or names things, and only
in these forms:
  - markup that is not prose: comments, the preamble, \\label/\\ref/\\cite/\\input/
    \\includegraphics arguments, \\code{...} (file names, options, identifiers), verbatim
    blocks, the bibliography;
  - sizes and shapes that define a kernel, image or work-group: 3x3, $16\\times16$, $4096^2$,
    $2^{24}$;
  - names of numbered things: Study~1, Table~2, Figure~3, Section~4, step~3a, claim S2.C5 or C8,
    workload~2, and product and version names (R9~290, H200, Adreno 630, Clang~15, OpenCL~2.0,
    Halide~21 and its autoschedulers Mullapudi2016, Adams2019, Li2018, Anderson2021);
  - each phrase of DEFINITIONS below, a number that defines a study's set-up, with its reason,
    and of QUOTED, a number quoted from a cited source, with its citation.
Everything else with a digit is reported with its line.

    python3 paper/typed_numbers.py [paper/filterlab.tex]   # exit 1 and the list if any
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

# Numbers that define a study's set-up (taken from the articles or chosen by us, the same in
# every run), each as the phrase it stands in. A measured value never belongs here.
DEFINITIONS = {
    # NVIDIA's architecture of the H100 and H200, whose per-multiprocessor limits give occupancy
    "compute capability 9.0": "the GPU architecture the occupancy is computed for",
    # the pyramid (storage study, Study 1): its definition
    "4 octaves of 4 levels": "the pyramid's shape",
    "16-level": "the pyramid's shape", "16 levels": "the pyramid's shape",
    "all 16 levels": "the pyramid's shape", "16 launches per filter": "one launch per level",
    "16 per filter": "one launch per level", "4 per filter": "one launch per octave",
    "4 launches per filter": "one launch per octave", "4 calls per filter instead of 16": "launch counts",
    "four levels": "the pyramid's shape", "88{,}722{,}000 pixels": "the pyramid's size, from its definition",
    "(32 launches)": "two filters x 16 levels", "(8)": "two filters x 4 octaves",
    "32-bit floats, $v/255$": "pixel format", "the 4-byte input and writes its 4-byte output": "pixel format",
    "16 bytes per pixel": "the traffic the floor counts", "8 bytes per pixel": "the traffic the floor counts",
    "a nominal level of 95\\,\\%": "the interval's nominal level (its exact coverage is the generated \\CICoverageSentence)",
    "(Le~Boudec's Theorem~2.1,": "a citation of the method",
    "100\\,\\%\nmeans": "the definition of the roofline fraction",
    "$w = 3$": "the Scharr weights", "$w = 10$": "the Scharr weights", "rows $0$ and $N-1$": "tap positions",
    "$s = 1, \\dots, 4$": "filter sizes", "$N = 2s+1$": "filter sizes", "$N = 3$": "filter sizes",
    "-3 & 0 & 3 \\\\ -10 & 0 & 10 \\\\ -3 & 0 & 3": "the Scharr kernel", "$2s\\,(3 + 10 + 3) = 32s$": "its gain",
    "$32s$": "its gain", "$2^{24}$": "float exactness bound",
    "8 rows per work-item": "our kernel's design", "8 pixels stacked vertically": "our kernel's design",
    "(30 loads for 8 pixels at $3\\times3$ instead of 8 per\n    pixel)": "load count of the generated code",
    # Study 3 (sampler): the article's inputs
    "$1, \\dots, 10$": "the article's image", "$s = k/10$, $k = -5, \\dots, 15$": "the article's coordinates",
    "\\code{k / (float)10}": "the article's code", "$k/10$": "the article's coordinates",
    "(10 texels)": "our grid", "$-n$ to $2n-1$": "our grid", "($\\pm100n$ and $\\pm1000n$ texels)": "our grid",
    "up to 1000 image widths": "our grid", "$\\pm0.1$": "the neighbour test", "(84 entries)": "the article's table size",
    "$(2^{-7} + 2\\varepsilon)$": "the conformance tolerance", "is~0 for": "border colour", "(0)": "border colour",
    "$u = p + 1/2$": "texel centres", "$\\lfloor u - 1/2\\rfloor$": "LINEAR's formula", "$u - 1/2$": "LINEAR's formula",
    "$i$ clamped to $[-1, w]$": "CLAMP's formula",     "$w-1$": "formula", "2\\,\\mathrm{rint}(s/2)": "formula", "$s = 1.0$": "the coordinate claim C1 names",
    "$u = k$": "texel edges",
    # Study 4 (AMD tiled): the paper's design
    "(a 32$\\times$32 tile per group)": "the paper's design", "each work-item produces a 4$\\times$4 block": "the paper's design",
    "the paper's 6 and 2": "the paper's printed ratios", "$2K-1$ operations": "the count's definition",
    "$2R$ halo rows": "the kernel's design", "$16R$ work-items": "the kernel's design",
    "4-pixel row each": "the kernel's design",
    "of 3/4 of each side": "the interior ROI", "16-byte boundary": "alignment", "\\code{float4}": "type",
    "the target is 80\\,\\% on the NVIDIA GPU": "the target we set (a definition)",
    "judged by the 95\\,\\% interval of their cost per group": "S4.C3's interval level (a definition)",
    # Study 6: the tuning-cost claim's threshold
    "needed to come within 5\\,\\% of the best configuration": "S6.C6's threshold (a definition)",
    # Study 5 (epsilon): the article's set-up
    "$3264\\times2448$": "the article's image size", "centre-cropped to 4:3": "crop", "quality-20 JPEG": "input definition",
    "(4, 8, 16 outputs per work-item)": "the article's steps", "(four Y pixels per": "the article's step 1",
    "$81\\times255$ fits": "range argument", "a 0/1 mask": "step 5's design", "within $0.01$ of a half": "rounding tolerance",
    "on 12 awkward sizes": "the test set", "($1\\times1$ up to $133\\times41$": "the test set",
    "widths not multiples of 4, 8, 16": "the test set", "six thresholds": "the test set",
    "Adreno 530 and 630": "device names", "(Adreno 630) and 3a (Adreno 530)": "the article's best steps",
    "steps 1--5b": "step names", "steps~2, 3a, 3b": "step names", "steps~4a, 4b": "step names", "steps~5a, 5b": "step names",
    "5a (Adreno 630)": "the article's best step", "$T \\in \\{0, 4, 8, 16, 32, 64, 128, 255\\}$": "the sweep's thresholds",
    "(a subset of 0..255": "threshold range", "steps~2 and 3a": "step names",
    "$8\\times16$ and $8\\times32$": "work-group sizes",
    # peers and ImageCL: the workloads' definitions
    "\\code{cv::cornerHarris(src, dst, 2, 3, 0.04, BORDER\\_REFLECT\\_101)}": "the Harris definition",
    "strips of 32 rows": "Halide schedule", "($32\\times8$ GPU tiles)": "Halide schedule",
    "(TF32 off)": "PyTorch setting", "workloads 2--4": "workload names", "(1)~": "workload name",
    "(2)~": "workload name", "(3)~": "workload name", "(4)~": "workload name", "for (2)": "workload name",
    "Tables~2--5": "the ImageCL paper's tables", "Table~5": "the ImageCL paper's table",
    "\\{8,16,32\\}\\times\\{8,16\\}": "search space", "\\{16,32,64\\}\\times\\{4,8\\}": "search space",
    "\\{1,2\\}\\times\\{1,2\\}": "search space", "\\{16,32,64,128\\}\\times\\{1,2,4,8,16\\}": "search space",
    "1, 2 or 4 pixels per work-item": "search space", "$1031^2$": "the tuning image",
    "(Study~5's steps 2--3)": "the article's step names", "an 8- or 16-bit Image": "pixel types",
    "(4, 8 or 16 pixels)": "search space (src/tuner/imagecl_subspace.cpp)",
    "\\{8,16,32\\}\\times\\{4,8,16\\}": "search space (src/tuner/imagecl_subspace.cpp)",
    "\\{4,8,16\\}\\times\\{1,2,4,8\\}": "search space (src/tuner/imagecl_subspace.cpp)",
    "the same budget (100 evaluations, one seed,": "the live runs' budget (src/experiments/tuning.cpp)",
    "than 100{,}000 points is searched in one fixed uniform pool of 100{,}000 valid": "the candidate pool's cap (src/tuner/space.hpp)",
    "reaches 256 pixels per": "search space (imagecl/compiler/tuning.cpp)",
    "configurations lie (32--256)": "quoted from the ImageCL paper's CPU tables",
    "a budget of 100": "the budget we set", "and 400 all": "the budget we set",
    "after 100 evaluations": "the checkpoint we set", "the next 128\npoints": "the build batch",
    "the 256 work-items": "the H200's compiled-kernel limit (a device property)",
    "a budget of 100 covers half or more": "the budget we set", "and 400 all of it": "the budget we set",
    "The full spaces have no exhaustive ground truth: 100 evaluations": "the budget we set",
    "$\\lfloor w/2\\rfloor \\times \\lfloor h/2\\rfloor$": "the pyramid's definition",
    "8-rows kernel": "kernel name", "within 1.5 interquartile ranges": "the box-plot rule (Tukey's)",
    "1\\,GiB": "the copy benchmark's size", "$(q_3-q_1)/\\text{median}$": "the spread's definition",
    "\\min(\\max(\\lfloor u\\rfloor, 0), w-1)$": "CLAMP_TO_EDGE's formula",
    "|s -\n2\\,\\mathrm{rint}(s/2)|\\,w$": "MIRRORED_REPEAT's formula",
    "$i = \\min(\\lfloor u\\rfloor, w-1)$": "MIRRORED_REPEAT's formula",
    "\\mathit{count}/2\\rfloor)/\\mathit{count}$": "the epsilon filter's rounding",
    "16-bit integers": "type", "packed 16-bit": "type", "the 1-GiB copy's": "the copy benchmark's size", "$3\\times$ enlarged": "the figure's magnification",
    "constant-0": "border definition", "8-bit": "pixel type",
    "$(64 \\cdot 16 + 16 \\cdot 4) \\cdot 5 + 64 \\cdot 16 \\cdot 5$ operations\nper 1024 pixels":
        "the count by hand (its value is the generated \\TiledHandCountThree)",
    "above 1, ImageCL is faster": "the speedup's definition",
    "``good 2 pass''": "the paper's words",
}

# Numbers quoted from a cited source (not ours, so not generated), each with its citation.
QUOTED = {
    "(about 1{,}700 evaluations and 2 hours)": "the ImageCL paper's tuning cost (\\cite{imagecl})",
    "report random search at 0.82--0.87 of the\noptimum after 100 evaluations and the best of the "
    "published strategies at 0.87--0.96": "Schoonhoven et al. (\\cite{schoonhoven})",
}

# Identifiers and definitions with digits, as regular expressions (see the module docstring).
ALLOWED = [
    r"\$?\d+\s*\$?\\times\$?\s*\d+\$?",                      # 3x3, $16\times16$, 4$\times$4
    r"\$?\d+\^\{?-?\d+\}?\$?",                                 # $4096^2$, $2^{24}$
    r"\b(?:Study|Studies|Section|Sections|Figure|Figures|Table|Tables|Appendix|step|steps|Step|"
    r"claim|claims|workload|workloads|level|Level|Workload)(?:~|\s)\d+[a-z]?\b(?![,.]\d)",
    r"\b(?:and|to|or)~\d+[a-z]?\b",
    r"\bS\d\.C\d+p\b", r"\bS\d\.C\d+\b", r"\bS\d\.C\d+--?C?\d+\b", r"\bFP32\b", r"\bS\d\b", r"\bC\d+\b", r"\bC\d+--C?\d+\b",
    r"\bR9~?290\b", r"\bH200\b", r"\bH100\b", r"\bPoCL~\d\b", r"\bA630\b", r"\bAdreno(?:~|\s)?\d+\b", r"\bi7-\d+K?\b", r"\bClang~?\d+\b",
    r"\bOpenCL~?\d\.\d\b", r"\bC\+\+\d+\b", r"\bHalide~?\d+\b", r"\b(?:Mullapudi2016|Adams2019|Li2018|Anderson2021)\b", r"\bLGPL-\d\.\d\b", r"\bfloat32\b", r"\bint8\b|INT8\b",
    r"\b[1-3]-D\b", r"\bimage[123]d\w*", r"\bd/d[xy]\b", r"\bk\d\b", r"\blevel~0\b",
    r"\bstep~?\d[ab]?\b", r"\b\d[ab]\b", r"\bQ\d\b", r"\b2-loop\b", r"REFLECT\\?_101",
    r"\breflect-?101\b",
]

STRIP = [
    r"(?<!\\)%.*",                                              # comments
    r"\\(?:label|ref|eqref|cite|input|include|bibitem|url|href|ding)\{[^}]*\}",
    r"\\includegraphics(?:\[[^\]]*\])?\{[^}]*\}",
    r"\\(?:begin|end)\{[^}]*\}(?:\{[^}]*\})?",
    r"\\code\{(?:[^{}]|\{[^{}]*\})*\}", r"\\texttt\{(?:[^{}]|\{[^{}]*\})*\}",
    r"\\[A-Za-z]+",                                             # macro names (\GradNumClaims)
]


def prose(tex: str) -> str:
    """The hand-written text: from \\begin{document} on, without verbatim blocks and the
    bibliography."""
    body = tex.split("\\begin{document}", 1)[-1]
    body = re.sub(r"\\begin\{verbatim\}.*?\\end\{verbatim\}", lambda m: "\n" * m.group(0).count("\n"),
                  body, flags=re.S)
    body = re.sub(r"\\begin\{thebibliography\}.*?\\end\{thebibliography\}",
                  lambda m: "\n" * m.group(0).count("\n"), body, flags=re.S)
    return body


def typed_numbers(tex: str) -> list[tuple[int, str]]:
    """(line, text) of every digit left after the allowed forms are removed."""
    offset = tex[:tex.find("\\begin{document}")].count("\n") if "\\begin{document}" in tex else 0
    body = prose(tex)
    for phrase in sorted({**DEFINITIONS, **QUOTED}, key=len, reverse=True):
        body = body.replace(phrase, re.sub(r"\d", "#", phrase))
    found = []
    for number, line in enumerate(body.splitlines(), start=offset + 1):
        for pattern in ALLOWED:
            line = re.sub(pattern, " ", line)
        for pattern in STRIP:
            line = re.sub(pattern, " ", line)
        if re.search(r"\d", line):
            found.append((number, line.strip()))
    return found


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else Path(__file__).with_name("filterlab.tex")
    found = typed_numbers(path.read_text(encoding="utf-8"))
    for number, text in found:
        print(f"{path}:{number}: typed number in: {text}", file=sys.stderr)
    if found:
        print(f"typed_numbers: {len(found)} line(s) of {path} hold numbers that no generator "
              "wrote; make each a macro in paper/generated/ (experiments/analysis) or, if it "
              "defines the set-up, add it to DEFINITIONS with its reason", file=sys.stderr)
        return 1
    print(f"typed_numbers: {path}: every number is a generated macro or a definition")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
