"""scripts/slurm/filterlab_slurm.py without a cluster: the config is parsed strictly, the batch
scripts record their exit status, and the job graph resubmits what failed (and what depends on it)
and gives up after its retries. A stand-in `sbatch` on PATH runs each script at once, in
dependency order, as Slurm would; `squeue` shows nothing left. The real cluster is tested by
sharded_tuning_test.sh and CI's quick pipeline (docs/cluster.md)."""

import importlib.util
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("filterlab_slurm", ROOT / "scripts" / "slurm" / "filterlab_slurm.py")
S = importlib.util.module_from_spec(spec)
sys.modules["filterlab_slurm"] = S  # dataclasses look their module up there
spec.loader.exec_module(S)

FAKE_SBATCH = """#!/usr/bin/env bash
# Stand-in sbatch: records its arguments and runs the script now (array tasks one by one), unless a
# job it depends on (afterok) failed: Slurm never starts such a job (--kill-on-invalid-dep).
n=$(( $(cat "$FAKE_DIR/count" 2>/dev/null || echo 0) + 1 )); echo $n > "$FAKE_DIR/count"
echo "$*" >> "$FAKE_DIR/calls"
script=${@: -1}; tasks=""; deps=""
for a in "$@"; do
  case $a in --array=*) tasks=${a#--array=} ;; --dependency=afterok:*) deps=${a#--dependency=afterok:} ;; esac
done
for d in ${deps//:/ }; do
  [ "$(cat "$FAKE_DIR/rc.$d")" = 0 ] || { echo 1 > "$FAKE_DIR/rc.$n"; echo $n; exit 0; }
done
status=0
if [ -n "$tasks" ]; then
  for t in ${tasks//,/ }; do SLURM_JOB_ID=$n SLURM_ARRAY_TASK_ID=$t bash "$script" > /dev/null 2>&1 || status=1; done
else
  SLURM_JOB_ID=$n bash "$script" > /dev/null 2>&1 || status=1
fi
echo $status > "$FAKE_DIR/rc.$n"
echo $n
"""


@pytest.fixture
def fake_slurm(tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, body in (("sbatch", FAKE_SBATCH), ("squeue", "#!/bin/sh\nexit 0\n"), ("scancel", "#!/bin/sh\nexit 0\n")):
        p = bin_dir / name
        p.write_text(body)
        p.chmod(p.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
    monkeypatch.setenv("FAKE_DIR", str(tmp_path))
    return tmp_path


def test_config_lines_become_device_classes_and_mistakes_are_refused(tmp_path):
    conf = tmp_path / "c.conf"
    conf.write_text("# comment\nnvidia --partition=gpu --gres=gpu:1 --exclusive  # trailing\n\n"
                    "pocl --partition=cpu\n@paper --partition=cpu --time=01:00:00\n")
    classes, paper = S.read_config(str(conf), "ignored")
    assert [(c.pattern, c.sbatch) for c in classes] == [("nvidia", ["--partition=gpu", "--gres=gpu:1", "--exclusive"]),
                                                         ("pocl", ["--partition=cpu"])]
    assert paper == ["--partition=cpu", "--time=01:00:00"]
    assert S.read_config(None, "pocl") == ([S.DeviceClass("pocl", ["--exclusive"])], [])
    for text, message in (("pocl -p cpu\n", "'-p' is not an sbatch option"),
                          ("pocl --x\npocl --y\n", "given twice"),
                          ("@paper --a\n@paper --b\npocl\n", "@paper is given twice"),
                          ("# nothing\n", "names no device class"),
                          ("pocl --comment='open\n", "quote options")):
        conf.write_text(text)
        with pytest.raises(S.Refused, match=message):
            S.read_config(str(conf), "")
    with pytest.raises(S.Refused, match="cannot read the Slurm config"):
        S.read_config(str(tmp_path / "absent.conf"), "")


def test_a_failed_job_and_its_dependants_are_submitted_again_and_then_succeed(fake_slurm, capsys):
    marker = fake_slurm / "failed-once"
    g = S.Graph(fake_slurm / "state", poll_s=0.01, retries=1)
    g.add(S.Job("first", ["bash", "-c", f"echo first >> {fake_slurm}/log"], []))
    g.add(S.Job("flaky", ["bash", "-c", f"[ -e {marker} ] || {{ touch {marker}; exit 3; }}; echo flaky >> {fake_slurm}/log"],
                [], after=["first"]))
    g.add(S.Job("last", ["bash", "-c", f"echo last >> {fake_slurm}/log"], [], after=["flaky"]))
    assert g.run() == 0
    # first ran once; flaky failed, then ran again with last after it
    assert (fake_slurm / "log").read_text().split() == ["first", "flaky", "last"]
    calls = (fake_slurm / "calls").read_text().splitlines()
    assert len(calls) == 5  # first, flaky, last (never ran: its dependency failed), flaky and last again
    assert "--dependency=afterok:4" in calls[4] and "--requeue" in calls[0] and "--kill-on-invalid-dep=yes" in calls[0]
    out = capsys.readouterr().out
    assert "flaky (2) did not succeed (exit status 3)" in out and "last (3) never started (a job it needs failed)" in out


def test_array_tasks_are_resubmitted_one_by_one_and_a_job_that_keeps_failing_is_reported(fake_slurm, capsys):
    g = S.Graph(fake_slurm / "state", poll_s=0.01, retries=1)
    g.add(S.Job("shards", ["bash", "-c", f"echo {{task}} >> {fake_slurm}/tasks; [ {{task}} != 1 ] || [ -e {fake_slurm}/t1 ] "
                                         f"|| {{ touch {fake_slurm}/t1; exit 1; }}"], [], tasks=3))
    g.add(S.Job("merge", ["false"], [], after=["shards"]))
    assert g.run() == 1
    assert (fake_slurm / "tasks").read_text().split() == ["0", "1", "2", "1"]  # only task 1 again
    calls = (fake_slurm / "calls").read_text().splitlines()
    assert "--array=0,1,2" in calls[0] and "--array=1" in calls[2]
    out = capsys.readouterr().out
    assert "shards task 1 (1) did not succeed (exit status 1)" in out and "merge (2) never started" in out
    assert "merge (4) did not succeed (exit status 1)" in out
    assert "jobs still failing after every retry" in out


def test_statuses_of_an_earlier_invocation_do_not_count(fake_slurm):
    state = fake_slurm / "state"
    g = S.Graph(state, poll_s=0.01, retries=0)
    g.add(S.Job("once", ["bash", "-c", f"echo ran >> {fake_slurm}/ran"], []))
    assert g.run() == 0
    g = S.Graph(state, poll_s=0.01, retries=0)
    g.add(S.Job("once", ["bash", "-c", f"echo ran >> {fake_slurm}/ran"], []))
    assert g.run() == 0
    assert (fake_slurm / "ran").read_text().split() == ["ran", "ran"]  # submitted again: its work resumes


def test_the_command_line_refuses_bad_values(tmp_path):
    run = [sys.executable, str(ROOT / "scripts" / "slurm" / "filterlab_slurm.py")]
    p = subprocess.run(run + ["tune-sharded", "--space", "s", "--device", "pocl", "--shards", "0", "--cache-dir",
                              str(tmp_path), "--out", str(tmp_path / "m.jsonl")], capture_output=True, text=True)
    assert p.returncode == 2 and "--shards 0: give 1 to 100000" in p.stderr
    p = subprocess.run(run + ["reproduce", "--results", str(tmp_path), "--retries", "-1"], capture_output=True, text=True)
    assert p.returncode == 2 and "--retries must be 0 or more" in p.stderr
