"""make_all.py reads the experiment registry's snapshot and refuses results of different commits;
result_commits.py writes the caption notes (mixed commits, quick mode)."""

from __future__ import annotations

import json
from pathlib import Path

from filterlab_analysis import make_all
from filterlab_analysis import result_commits as RC
from filterlab_analysis.paths import PACKAGE
from filterlab_analysis.studies import STUDIES


def write_result(root: Path, experiment: str, slug: str, commit: str) -> Path:
    path = root / experiment / f"{slug}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"experiment": experiment, "provenance": {"commit": commit}}))
    return path


def write_registry(path: Path, names: list[str]) -> Path:
    path.write_text(json.dumps({"experiments": [
        {"name": n, "analysis": n, "also_reads": [], "in_default_set": True} for n in names]}))
    return path


def test_snapshot_lists_every_analysis_module_once():
    registry = make_all.load_registry()
    names = [e["name"] for e in registry]
    assert len(names) == len(set(names)) and "tuning" in names
    for e in registry:
        assert (PACKAGE / f"{e['analysis']}.py").is_file(), e["name"]
        assert STUDIES[e["analysis"]].name == e["name"], e["name"]  # its study, in studies.py
        assert e["schema"] == f"{e['name']}.schema.json"


def test_missing_experiment_is_refused(tmp_path, capsys):
    write_result(tmp_path / "r", "alpha", "dev", "a" * 40)
    registry = write_registry(tmp_path / "registry.json", ["alpha", "beta"])
    assert make_all.main(["--results", str(tmp_path / "r"), "--out", str(tmp_path / "o"),
                          "--registry", str(registry)]) == 1
    assert "no results for experiment 'beta'" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_mixed_commits_are_refused_naming_them(tmp_path, capsys):
    write_result(tmp_path / "r", "alpha", "dev", "a" * 40)
    write_result(tmp_path / "r", "beta", "dev", "b" * 40)
    registry = write_registry(tmp_path / "registry.json", ["alpha", "beta"])
    assert make_all.main(["--results", str(tmp_path / "r"), "--out", str(tmp_path / "o"),
                          "--registry", str(registry)]) == 1
    err = capsys.readouterr().err
    assert "2 different commits" in err and "aaaaaaaaaaaa" in err and "bbbbbbbbbbbb" in err
    assert "--allow-mixed-commits" in err
    assert not (tmp_path / "o").exists()


def test_notes_say_which_commits_and_quick_mode(tmp_path):
    write_result(tmp_path, "alpha", "dev1", "a" * 40)
    write_result(tmp_path, "alpha", "dev2", "b" * 40)
    write_result(tmp_path, "beta", "dev1", "a" * 40)
    notes = RC.write_notes(tmp_path / "o", tmp_path, {"alpha": ["alpha"], "beta": ["beta"]}, quick=False)
    text = notes.read_text()
    assert r"FLResultsNote-alpha\endcsname{ These results come from 2 different commits (aaaaaaa, bbbbbbb).}" in text
    assert r"FLResultsNote-beta\endcsname{}" in text
    assert r"\def\ResultsQuickNote{}" in text

    quick = RC.write_notes(tmp_path / "q", tmp_path, {"beta": ["beta"]}, quick=True, left_out=["beta"]).read_text()
    assert "Quick mode: every number in this document comes from make reproduce QUICK=1" in quick
    assert "Left out because they need full-size results: beta." in quick


def test_unreadable_result_counts_as_unknown_commit(tmp_path):
    (tmp_path / "alpha").mkdir()
    (tmp_path / "alpha" / "dev.json").write_text("{ not json")
    assert list(RC.commits(tmp_path, ["alpha"])) == ["unknown"]
