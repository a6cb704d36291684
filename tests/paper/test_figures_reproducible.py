"""Regenerating the figures and tables from the same results gives byte-identical files (no
creation dates or software versions in the PDFs and PNGs), so a regeneration can be checked."""


def test_every_generated_file_is_byte_identical_on_a_second_run(generated, regenerate, tmp_path):
    again = tmp_path / "again"
    regenerate(again)
    first = sorted(p.relative_to(generated) for p in generated.rglob("*") if p.is_file())
    second = sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    assert first == second
    differ = [str(p) for p in first if (generated / p).read_bytes() != (again / p).read_bytes()]
    assert not differ, f"files that differ between two runs: {differ}"
    assert any(p.suffix == ".pdf" for p in first)
