"""make_all.py: the whole analysis on the committed results, and its refusal without results."""

from filterlab_analysis import make_all


def test_refuses_when_an_experiment_the_paper_needs_is_missing(tmp_path, capsys):
    (tmp_path / "results" / "sampler").mkdir(parents=True)
    (tmp_path / "results" / "sampler" / "x.json").write_text("{}")
    assert make_all.main(["--results", str(tmp_path / "results"), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "no results for experiment 'tiled', which the paper needs" in err
    assert not (tmp_path / "out").exists()  # nothing written


def test_builds_every_output_and_the_ledger(generated):
    for stem in (e["name"] for e in make_all.load_registry() if not e.get("also_read_by")):
        assert (generated / f"{stem}_summary.json").is_file(), stem
    ledger = (generated / "claims_ledger.md").read_text()
    for study in ("S1.C1", "S2.C1", "S3.C1", "S4.C1", "S5.C1"):
        assert study in ledger
    assert (generated / "claims_ledger.tex").read_text().count(r"\toprule") >= 1
