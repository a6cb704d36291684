"""Writes figures so that the same results give byte-identical files: a PDF without creation
and modification dates, a PNG without the software tag (matplotlib's version)."""

from __future__ import annotations

from pathlib import Path

PDF_METADATA = {"CreationDate": None, "ModDate": None}
PNG_METADATA = {"Software": None}

# Figures are drawn at the size they are printed (\linewidth = 6.5 in), so these sizes in points
# are what a reader sees at 100 % zoom.
TEXT_WIDTH_IN = 6.5
FONT_PT = 8
SMALL_FONT_PT = 7


def save(fig, path: Path, **kwargs) -> None:
    """fig.savefig with the metadata that would differ between two runs left out."""
    path = Path(path)
    metadata = PNG_METADATA if path.suffix.lower() == ".png" else PDF_METADATA
    fig.savefig(path, metadata=metadata, **kwargs)
