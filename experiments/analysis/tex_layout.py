"""Small helpers that keep generated tables within the page: short device names for column
heads and cells, and column heads broken over lines."""

from __future__ import annotations

import re

import results as R


def short_device(name: str) -> str:
    """A device name short enough for a table column: GPUs keep their name; PoCL's CPU devices
    ("cpu-skylake-avx512-Intel(R) Xeon(R) Processor", "pthread-skylake-avx512-AMD EPYC") become
    "PoCL" and the processor ("PoCL Intel Xeon", "PoCL AMD EPYC")."""
    m = re.fullmatch(r"(?:cpu|pthread|basic)-[^-]+-[^-]+-(.*)", name.strip())
    if not m:
        return name
    cpu = re.sub(r"\((?:R|TM)\)", "", m.group(1))
    cpu = re.sub(r"\b(Processor|CPU)\b", "", cpu)
    return "PoCL " + " ".join(cpu.split())


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
