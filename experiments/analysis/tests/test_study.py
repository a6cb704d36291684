"""study.Study: the protocol's order of steps, what it saves, and its exit statuses."""

from __future__ import annotations

from filterlab_analysis import results as R
from filterlab_analysis.study import NEEDS_FULL_SIZE, NeedsFullSize, Study
from filterlab_analysis.studies import STUDIES


class Toy(Study):
    name = "toy"
    needs_matplotlib = False

    def __init__(self, fail: str = ""):
        self.fail, self.steps = fail, []

    def load(self, run):
        self.steps.append("load")
        if self.fail == "load":
            raise R.ResultError("unreadable")
        return [1, 2]

    def derive(self, run):
        self.steps.append("derive")
        if self.fail == "small":
            raise NeedsFullSize("two repetitions")
        return {"n": len(run.raw)}

    def tables(self, run):
        self.steps.append("tables")
        R.write_text(run.out / "toy.tex", f"{run.summary['n']}\n")


def test_runs_the_steps_in_order_and_saves_the_summary(tmp_path, capsys):
    toy = Toy()
    assert toy.main(["--results", str(tmp_path), "--out", str(tmp_path / "o")]) == 0
    assert toy.steps == ["load", "derive", "tables"]
    assert (tmp_path / "o" / "toy.tex").read_text() == "2\n"
    assert (tmp_path / "o" / "toy_summary.json").is_file()
    assert not toy.has_claims and toy.saved_claims(tmp_path / "o") is None


def test_bad_results_exit_1_before_writing(tmp_path, capsys):
    assert Toy("load").main(["--results", str(tmp_path), "--out", str(tmp_path / "o")]) == 1
    assert "toy: unreadable" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_results_too_small_give_the_quick_mode_status(tmp_path, capsys):
    assert Toy("small").main(["--results", str(tmp_path), "--out", str(tmp_path / "o")]) == NEEDS_FULL_SIZE
    assert "two repetitions" in capsys.readouterr().err


def test_the_studies_with_claims_are_the_six_of_the_ledger():
    judged = sorted(n for n, s in STUDIES.items() if s.has_claims)
    assert judged == ["epsilon", "pyramid_storage", "sampler", "scharr_gradient_variants", "tiled", "tuning"]
    assert all(isinstance(s, Study) and s.name == n for n, s in STUDIES.items())
