"""Shared fixtures for the paper's tests: the repository, and the generated fragments written
once per session from the committed results (experiments/results)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKIPPED = 77  # ctest's SKIP_RETURN_CODE for these tests (tests/paper/CMakeLists.txt)


def make_all(out: Path) -> None:
    """Regenerates every figure, table and macro file into out; fails the test with the
    generator's own message where it cannot."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT / "experiments/analysis"), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run([sys.executable, "-B", "-m", "filterlab_analysis.make_all",
                           "--results", str(ROOT / "experiments/results"), "--out", str(out),
                           # The committed results span two commits (docs/reproducing.md, "Which commit");
                           # the refusal itself is tested on synthetic results (test_make_all.py).
                           "--allow-mixed-commits"],
                          capture_output=True, text=True, env=env)
    if done.returncode:
        pytest.fail(f"filterlab_analysis.make_all failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")


@pytest.fixture(scope="session")
def generated(tmp_path_factory) -> Path:
    pytest.importorskip("matplotlib", reason="matplotlib is absent (scripts/install-deps.sh paper)")
    out = tmp_path_factory.mktemp("generated")
    make_all(out)
    return out


@pytest.fixture(scope="session")
def regenerate():
    """make_all itself, for a test that regenerates a second time."""
    return make_all


@pytest.fixture(scope="session")
def latexmk() -> str:
    path = shutil.which("latexmk")
    if not path:
        pytest.skip("LaTeX is absent (no latexmk on PATH): install it with "
                    "scripts/install-deps.sh paper to run this test")
    return path


def pytest_sessionfinish(session, exitstatus):
    """A run in which a test was skipped (LaTeX or matplotlib absent) and none failed reports as
    skipped to ctest, not as passed: the check it skipped did not run."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None or exitstatus != 0:
        return
    if reporter.stats.get("skipped"):
        session.exitstatus = SKIPPED
