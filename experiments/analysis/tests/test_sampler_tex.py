"""sampler_tex.py: the table cells' marks and the generated tables."""

from filterlab_analysis import sampler_tex as X
from analysis_helpers import load_json


def test_cell_marks():
    assert X._cell(6.0, "float32", False) == r"6\phantom{$^{\dagger}$}"
    assert X._cell(7.0, "neighbour", True) == r"\underline{7}$^{\dagger}$"
    assert X._cell(0.5, "wrong", False) == r"\textbf{0.5!}\phantom{$^{\dagger}$}"
    assert X._coord(-0.5) == "$-$0.5"


def test_tables_match_the_summary(generated):
    summary = load_json(generated / "sampler_summary.json")
    assert (generated / "sampler_tables.tex").read_text() == X.tables_tex(summary)
    tex = X.verdicts_tex(summary)
    for d in summary["devices"]:
        assert str(d["article_counts"]["wrong"]) in tex
