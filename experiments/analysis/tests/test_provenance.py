"""provenance.py: each result file's commit, and README's sentence on the commits, from the files."""

from __future__ import annotations

import json
from pathlib import Path

from filterlab_analysis import make_all as M
from filterlab_analysis import provenance as P
from filterlab_analysis import result_commits as RC
from filterlab_analysis.paths import RESULTS


def _result(root: Path, experiment: str, slug: str, commit: str, dirty: bool = False,
            platform: str = "OpenCL 3.0 PoCL 5.0+debian  Linux, LLVM 16", date: str = "2026-11-29T10:00:00Z") -> None:
    folder = root / experiment
    folder.mkdir(parents=True, exist_ok=True)
    prov = {"commit": commit, "commit_dirty": dirty, "device": f"device {slug}", "platform_version": platform,
            "driver_version": "5.0", "date": date}
    (folder / f"{slug}.json").write_text(json.dumps({"experiment": experiment, "provenance": prov}), encoding="utf-8")


def test_one_commit_is_one_sentence_naming_the_devices_and_their_platforms(tmp_path):
    _result(tmp_path, "tiled", "cpu", "a" * 40)
    _result(tmp_path, "tiled", "gpu", "a" * 40, platform="OpenCL 3.0 CUDA 13.0.98")
    _result(tmp_path, "epsilon", "cpu", "a" * 40)
    text = P.sentence(P.rows(tmp_path, ["tiled", "epsilon"]))
    assert text == ("The results come from clean commit aaaaaaa: 3 files, on device cpu (PoCL 5.0+debian) "
                    "and device gpu (CUDA 13.0.98).")


def test_mixed_commits_are_counted_per_device_and_a_modified_tree_is_named(tmp_path):
    _result(tmp_path, "tiled", "cpu", "a" * 40)
    _result(tmp_path, "epsilon", "cpu", "b" * 40, dirty=True)
    _result(tmp_path, "tiled", "gpu", "a" * 40)
    (tmp_path / "epsilon" / "gpu.json").write_text("{not json", encoding="utf-8")
    table = P.rows(tmp_path, ["tiled", "epsilon"])
    text = P.sentence(table)
    assert text.startswith("The results come from 3 commits: ") and text.endswith("; 4 files in all.")
    assert "device cpu (PoCL 5.0+debian): 2 files from 2 commits (aaaaaaa, bbbbbbb (modified tree))" in text
    assert "| epsilon | unknown | unknown |" in P.markdown(table)


def test_make_all_writes_the_provenance_of_the_committed_results(generated):
    registry = [e for e in M.load_registry() if e.get("in_default_set", True)]
    folders = [f for e in registry for f in (e["name"], *e.get("also_reads", []))]
    written = (generated / "provenance.md").read_text(encoding="utf-8")
    assert written == P.markdown(P.rows(RESULTS, folders))
    commits = RC.commits(RESULTS, list(dict.fromkeys(folders)))
    expected = (f"from {len(commits)} commits" if len(commits) > 1 else "come from clean commit")
    assert expected in written.splitlines()[1]
