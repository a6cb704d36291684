"""update_readme.py: the generated block between its markers, and the errors of bad markers."""

import pytest

import update_readme as U


def test_splice_replaces_only_the_block():
    readme = f"# T\nintro\n{U.BEGIN}\nold\nlines\n{U.END}\nrest\n"
    assert U.splice(readme, "| a | b |\n") == f"# T\nintro\n{U.BEGIN}\n\n| a | b |\n\n{U.END}\nrest\n"
    # idempotent: splicing the same ledger again changes nothing
    once = U.splice(readme, "new")
    assert U.splice(once, "new") == once


def test_bad_markers_are_errors():
    with pytest.raises(U.ReadmeError, match="no line"):
        U.splice("# T\n", "x")
    with pytest.raises(U.ReadmeError, match="comes before"):
        U.splice(f"{U.END}\n{U.BEGIN}\n", "x")
    with pytest.raises(U.ReadmeError, match="appears 2 times"):
        U.splice(f"{U.BEGIN}\n{U.BEGIN}\n{U.END}\n", "x")


def test_main_rewrites_a_block_file(tmp_path):
    readme, ledger, block = tmp_path / "README.md", tmp_path / "ledger.md", tmp_path / "peers.md"
    readme.write_text(f"{U.BEGIN}\n{U.END}\n<!-- peers:begin -->\n<!-- peers:end -->\n")
    ledger.write_text("LEDGER\n")
    block.write_text("PEERS\n")
    assert U.main(["--ledger", str(ledger), "--readme", str(readme), "--block", f"peers={block}"]) == 0
    text = readme.read_text()
    assert "\nLEDGER\n" in text and "<!-- peers:begin -->\n\nPEERS\n\n<!-- peers:end -->" in text
