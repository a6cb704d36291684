"""The hand-written docs describe what the project is and does now; its history lives in git and
in each result's provenance. This test fails when a doc narrates history: a short commit hash in
the prose, or a phrase such as "at commit", "the previous version", "since the next commit",
"was recorded before", "earlier session", "last round" or "issue 18".

Allowed, and nothing else: a hash inside a sentence that says where the committed results come
from ("The committed results come from clean commit 28bf1a8 ..."), and anything inside a fenced
code block (commands and their verbatim output, which may show a commit or a source hash).
Generated files (docs/generated/) are not scanned: they are never hand-edited."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def hand_written_docs() -> list[Path]:
    pages = [ROOT / "README.md", ROOT / "data" / "README.md"]
    pages += (p for p in (ROOT / "docs").rglob("*.md") if "generated" not in p.relative_to(ROOT).parts)
    pages += (ROOT / "imagecl").glob("*.md")
    pages += (ROOT / "paper").glob("*.md")
    pages += (p for p in (ROOT / "experiments").rglob("README*.md")
              if not any(part.startswith(".") for part in p.relative_to(ROOT).parts))
    return sorted(set(p for p in pages if p.is_file()))


# A short commit hash: 7 to 12 lower-case hex digits with at least one digit and one letter, as a
# whole word (so "deadbeef", "0x10", 64-digit sha256 sums and 9289728 are not hashes).
SHORT_SHA = re.compile(r"(?<![\w-])(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,12}(?![\w])")
# Hashes inside log-directory names (logs/gpu-host-28bf1a8/) are hashes too.
SHA_IN_NAME = re.compile(r"(?<=-)(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,12}(?=[/`])")

# The one statement a hash may appear in: where the committed results come from.
PROVENANCE = re.compile(r"\bresults\s+come\s+from\b.*\bcommit\b", re.I | re.S)

# Narration of how things changed. A space in a phrase matches any whitespace (line breaks too).
NARRATION = [
    r"at commit",
    r"(?:since|at|from) (?:the|a) (?:next|previous|last|earlier|former) (?:commit|version)",
    r"(?:the|a|an) (?:previous|earlier|older|former) (?:version|compiler version|revision)",
    r"(?:was|were) recorded before",
    r"earlier session",
    r"(?:last|this|previous|next) round",
    r"issue #?\d+",
    r"stop \d+",
    r"not re-?timed since",
    r"(?:fixed|changed|added|removed) since",
    r"since (?:fixed|then)",
    r"(?:an|the) earlier run\b",
    r"of that time",
    r"at this version",
    r"no longer",
    r"(?<!\bis\x20)(?<!\bare\x20)(?<!\bbe\x20)(?<!\bbeen\x20)(?<!\bwas\x20)(?<!\bwere\x20)used to (?!\w+ing\b)[a-z]+",
    r"(?:was|were) (?:added|removed|renamed|introduced|replaced) (?:to|in|at|since|before|after)",
    r"(?:is|are) now\b",
    r"now (?:refuses|rejects|accepts|uses|takes|has)\b",
    r"gave way to",
]
NARRATION_RE = re.compile(
    r"\b(?:" + "|".join(p.replace(" ", r"\s+") for p in NARRATION) + r")", re.I)


def prose(text: str) -> str:
    """The text with every fenced code block's lines blanked (line numbers kept)."""
    out, fenced = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            out.append("")
        else:
            out.append("" if fenced else line)
    return "\n".join(out)


def sentence_at(text: str, pos: int) -> str:
    """The sentence around pos: bounded by a full stop followed by white space, or a blank line."""
    boundary = re.compile(r"\.\s+|\n\s*\n")
    start = 0
    for m in boundary.finditer(text, 0, pos):
        start = m.end()
    m = boundary.search(text, pos)
    return text[start:m.start() if m else len(text)]


def narration(text: str) -> list[tuple[int, str]]:
    """(line, excerpt) of every passage in text that narrates history."""
    body = prose(text)
    hits = []

    def add(pos: int, what: str) -> None:
        line = body.count("\n", 0, pos) + 1
        hits.append((line, what))

    for rx in (SHORT_SHA, SHA_IN_NAME):
        for m in rx.finditer(body):
            if not PROVENANCE.search(sentence_at(body, m.start())):
                add(m.start(), f"commit hash {m.group(0)!r} outside a 'results come from ... commit' sentence")
    for m in NARRATION_RE.finditer(body):
        add(m.start(), f"{' '.join(m.group(0).split())!r}")
    return sorted(set(hits))


DOCS = hand_written_docs()

# Pages whose narration is known and owned by another change; each must be fixed and then removed
# from here (the test fails as soon as such a page is clean, so the entry cannot outlive its reason).
PENDING = {
}


def test_the_scan_covers_the_docs():
    names = {p.relative_to(ROOT).as_posix() for p in DOCS}
    for expected in ("README.md", "docs/reproducing.md", "docs/gpu-host.md", "imagecl/TOOL.md",
                     "data/README.md", "docs/studies/study4-tiled.md"):
        assert expected in names
    assert not any(n.startswith("docs/generated/") for n in names)


def _page(p: Path):
    name = p.relative_to(ROOT).as_posix()
    marks = [pytest.mark.xfail(reason=PENDING[name], strict=True)] if name in PENDING else []
    return pytest.param(p, id=name, marks=marks)


@pytest.mark.parametrize("page", [_page(p) for p in DOCS])
def test_doc_states_the_present(page: Path):
    hits = narration(page.read_text(encoding="utf-8"))
    assert not hits, (
        f"{page.relative_to(ROOT)} narrates history; say what is true now (history lives in git "
        "and in the results' provenance):\n" + "\n".join(f"  line {n}: {w}" for n, w in hits))


@pytest.mark.parametrize("text", [
    "At dfed0b7, the previous version, the run took 5 min.",
    "This transcript was recorded before the window switch.",
    "(Since the next commit, the cache's name ends in a hash.)",
    "Both used to exit 0.",
    "The rule is stated in issue 18.",
    "the sub-spaces at a714fbc took 39 s",
    "logs in `experiments/results/logs/gpu-host-28bf1a8/`",
    "an earlier run with the same seed stopped at 14.42 ms",
    "The tuner now refuses such a cache.",
    "so 32 gave way to 4 and 8 rows joined",
    "measured\nat commit 97c3b73 on the host",
])
def test_narration_is_caught(text):
    assert narration(text), text


@pytest.mark.parametrize("text", [
    "The committed results come from clean commit 28bf1a8 (logs: `logs/gpu-host-28bf1a8/`).",
    "A magic word such as deadbeef or cafebabe, and 0x10 in hex, are not hashes.",
    "sha256 `7477457d7f17b736259f1b021864778ad4ba802cf3214e6728181ff29126bba8`",
    "The space has 9289728 configurations; the seed file is `000_4c7bbffc3c7ad24a.txt`.",
    "```\n$ filterlab imagecl tune ...\ntune: imagecl-user.sharpen@6a9750b402e7 commit 1a2b3c4d\n```",
    "A cache holds the rows of earlier runs with the same setup; a tool is used to compute it.",
    "Each result records the commit it was made at.",
    "In an interior group the bound test is gone.",
])
def test_ordinary_text_is_not_flagged(text):
    assert not narration(text), narration(text)
