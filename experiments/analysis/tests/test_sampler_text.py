"""sampler_text.py: the article-style text table and the diff of two devices."""

from filterlab_analysis import sampler_data as D
from filterlab_analysis import sampler_text as T


def _dev(name: str, last: float) -> dict:
    article = {m: {"values": [1.0, 2.0, last], "verdicts": ["float32", "neighbour", "wrong"]} for m in D.MODES}
    return {"name": name, "article": article,
            "article_counts": {"float32": 4, "neighbour": 4, "wrong": 4, "undefined": 0}}


def test_table_marks_verdicts():
    text = T.table(_dev("Dev A", 3.0), [-0.5, 0.0, 0.5])
    lines = text.splitlines()
    assert lines[0] == "Dev A" and lines[1] == T.HEAD
    assert lines[3].startswith(T.coord_text(-0.5)) and "~" in lines[4] and "!" in lines[5]
    assert lines[-1] == "verdicts: 4 float32 formula, 4 neighbour at an edge (~), 4 wrong (!)"


def test_diff_lists_only_differing_rows():
    out = T.diff(_dev("A", 3.0), _dev("B", 9.0), [-0.5, 0.0, 0.5])
    assert out.splitlines()[-1] == "1 of 3 rows differ"
    assert T.diff(_dev("A", 3.0), _dev("B", 3.0), [0.0, 0.1, 0.2]).endswith("the tables are identical\n")
