"""Which commit, date and driver produced each raw result: provenance.md, generated so that
no page types the commits the results come from.

make_all.py runs `write` over the registry's result folders. provenance.md opens with one sentence
between <!-- provenance:begin/end --> markers (the commits, per device), which README.md carries
and tests/paper/test_readme.py checks, then one table row per result file. update_docs.py copies it
to docs/generated/provenance.md.
"""

from __future__ import annotations

from pathlib import Path

from . import result_commits as RC
from . import results as R


def _platform(prov: dict) -> str:
    """'OpenCL 3.0 PoCL 5.0+debian  Linux, ...' -> 'PoCL 5.0+debian'; 'OpenCL 3.0 CUDA 13.0.98' -> 'CUDA 13.0.98'."""
    text = str(prov.get("platform_version", "")).split("  ")[0].split(",")[0].strip()
    words = text.split()
    return " ".join(words[2:]) if len(words) > 2 and words[0] == "OpenCL" else text


def rows(results_dir: Path, folders: list[str]) -> list[dict]:
    """One row per result file <results>/<folder>/<device>.json: its commit and where it ran. A
    file that cannot be read is a row that says so (its experiment's analysis names the fault)."""
    out = []
    for folder in dict.fromkeys(folders):
        for path in sorted((Path(results_dir) / folder).glob("*.json")):
            prov = RC.file_provenance(path)
            out.append({"experiment": folder, "file": path.stem, "commit": RC.provenance_commit(prov),
                        "dirty": bool(prov.get("commit_dirty", False)),
                        "device": prov.get("device", "unknown"), "platform": _platform(prov),
                        "driver": prov.get("driver_version", ""), "date": prov.get("date", "")})
    return out


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _commit_text(row: dict) -> str:
    return row["commit"][:7] + (" (modified tree)" if row["dirty"] else "")


def sentence(table: list[dict]) -> str:
    """The commits the results come from: one, or how many per device."""
    if not table:
        return "There are no results."
    commits = sorted({_commit_text(r) for r in table})
    devices = list(dict.fromkeys(r["file"] for r in table))
    label = {}
    for r in table:  # a device's name and platform, from its newest file
        if r["date"] >= label.get(r["file"], ("", ""))[0]:
            label[r["file"]] = (r["date"], f"{r['device']} ({r['platform']})" if r["platform"] else r["device"])
    if len(commits) == 1:
        kind = "commit" if "modified" in commits[0] else "clean commit"
        return (f"The results come from {kind} {commits[0]}: {_count(len(table), 'file')}, on "
                f"{R.join_and([label[d][1] for d in devices])}.")
    parts = []
    for d in devices:
        own = sorted({_commit_text(r) for r in table if r["file"] == d})
        files = sum(r["file"] == d for r in table)
        parts.append(f"{label[d][1]}: {_count(files, 'file')} from {_count(len(own), 'commit')} "
                     f"({', '.join(own)})")
    return f"The results come from {len(commits)} commits: " + "; ".join(parts) + f"; {len(table)} files in all."


def markdown(table: list[dict]) -> str:
    lines = ["<!-- provenance:begin -->", sentence(table), "<!-- provenance:end -->", "",
             "| experiment | device | commit | date | driver |", "| --- | --- | --- | --- | --- |"]
    for r in table:
        device = f"{r['device']} ({r['platform']})" if r["platform"] else r["device"]
        lines.append(f"| {r['experiment']} | {device} | {_commit_text(r)} | {r['date']} | {r['driver']} |")
    return "\n".join(lines) + "\n"


def write(out: Path, results_dir: Path, folders: list[str]) -> Path:
    """Writes <out>/provenance.md."""
    path = Path(out) / "provenance.md"
    Path(out).mkdir(parents=True, exist_ok=True)
    R.write_text(path, markdown(rows(results_dir, folders)))
    return path
