"""update_docs.py: each generated table copied under its title, rewritten only when it changes,
and a missing table an error naming it."""

from filterlab_analysis import update_docs as U


def write_tables(gen, body="| a | b |\n"):
    gen.mkdir()
    for source in U.TABLES:
        (gen / source).write_text(body)


def test_copies_every_table_under_its_title(tmp_path):
    gen, docs = tmp_path / "gen", tmp_path / "docs"
    write_tables(gen)
    assert U.main(["--generated", str(gen), "--docs", str(docs)]) == 0
    for source, (target, title, _) in U.TABLES.items():
        text = (docs / target).read_text()
        assert text.startswith(f"# {title}\n")
        assert f"paper/generated/{source}" in text and text.endswith("| a | b |\n")


def test_rewrites_only_what_changed(tmp_path, capsys):
    gen, docs = tmp_path / "gen", tmp_path / "docs"
    write_tables(gen)
    U.main(["--generated", str(gen), "--docs", str(docs)])
    capsys.readouterr()
    assert U.main(["--generated", str(gen), "--docs", str(docs)]) == 0
    assert f"0 of {len(U.TABLES)} file(s) updated" in capsys.readouterr().out


def test_a_missing_table_is_an_error(tmp_path, capsys):
    gen, docs = tmp_path / "gen", tmp_path / "docs"
    write_tables(gen)
    missing = next(iter(U.TABLES))
    (gen / missing).unlink()
    assert U.main(["--generated", str(gen), "--docs", str(docs)]) == 1
    assert missing in capsys.readouterr().err
