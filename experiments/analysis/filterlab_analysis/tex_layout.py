"""Small helpers that keep generated tables within the page: short device names for column
heads and cells, and column heads broken over lines."""

from __future__ import annotations

import re

from . import results as R


def short_device(name: str) -> str:
    """A device name short enough for a table column: GPUs keep their name; PoCL's CPU devices
    ("cpu-skylake-avx512-Intel(R) Xeon(R) Processor", "pthread-skylake-avx512-AMD EPYC") become
    PoCL, its CPU driver and the processor ("PoCL-cpu Intel Xeon", "PoCL-pthread AMD EPYC"). The
    driver tells our two Xeons apart: PoCL 5 names its device "cpu-..." (the GPU host), PoCL 3.1
    "pthread-..." (the 2-core machine)."""
    m = re.fullmatch(r"(cpu|pthread|basic)-[^-]+-[^-]+-(.*)", name.strip())
    if not m:
        return name
    cpu = re.sub(r"\((?:R|TM)\)", "", m.group(2))
    cpu = re.sub(r"\b(Processor|CPU)\b", "", cpu)
    return f"PoCL-{m.group(1)} " + " ".join(cpu.split())


def stacked(text: str, escape: bool = True) -> str:
    """A column head broken at its spaces into short lines (\\shortstack)."""
    words = (R.latex_escape(text) if escape else text).split()
    if len(words) <= 1:
        return words[0] if words else ""
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > max(10, (len(text) + 1) // 2):
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append(line)
    return r"\shortstack{" + r"\\".join(lines) + "}"
