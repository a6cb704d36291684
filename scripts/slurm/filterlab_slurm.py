#!/usr/bin/env python3
"""FilterLab's pipeline and exhaustive tuning as Slurm jobs (standard library only: the submit host
needs Python 3 and Slurm's clients, nothing else).

  filterlab_slurm.py reproduce ...     one job per device class x experiment (after a verify job per
                                       class), then the figures and the paper as a job that depends on
                                       them all: what `make reproduce SCHEDULER=slurm` runs
  filterlab_slurm.py tune-sharded ...  `filterlab tune --strategy exhaustive --shard i/N` as a job
                                       array, then `filterlab tune-merge` as a job that depends on it

Both wait for their jobs. A job counts as done only when it wrote its exit status 0 into the state
directory; one that failed, was cancelled or killed (or whose dependency failed) is submitted again,
with everything downstream of it, up to --retries times, and is then reported with its log. The work
itself resumes (results of this commit are kept, tuning caches continue), so a second submission loses
nothing. A pre-empted job is requeued by Slurm (--requeue) under the same ID.

A device class is a device name pattern (as `filterlab --device` takes) with the sbatch options its
jobs need, from a config file (--config, see scripts/slurm/cluster.conf.example):
    # pattern   sbatch options
    nvidia      --partition=gpu --gres=gpu:1 --exclusive
    pocl        --partition=cpu --exclusive
    @paper      --partition=cpu
Without a config, one class: --device with --exclusive (timings must not share a machine).
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
PAPER_CLASS = "@paper"


class Refused(Exception):
    """Bad input or a failed submission: the message says what was wrong and what to do."""


@dataclass
class DeviceClass:
    pattern: str
    sbatch: list[str]


def read_config(path: str | None, device: str) -> tuple[list[DeviceClass], list[str]]:
    """Device classes and the paper job's sbatch options. Lines: `pattern options...`, `#` comments;
    a pattern given twice or an option that is not `--name[=value]` is refused."""
    if not path:
        return [DeviceClass(device, ["--exclusive"])], []
    try:
        text = Path(path).read_text()
    except OSError as e:
        raise Refused(f"cannot read the Slurm config {path}: {e.strerror}; give --config an existing file "
                      "(see scripts/slurm/cluster.conf.example)") from e
    classes: list[DeviceClass] = []
    paper: list[str] | None = None
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            words = shlex.split(line)
        except ValueError as e:
            raise Refused(f"{path}:{n}: {e}; quote options as a shell would") from e
        pattern, opts = words[0], words[1:]
        for o in opts:
            if not o.startswith("--") or len(o) < 3:
                raise Refused(f"{path}:{n}: '{o}' is not an sbatch option of the form --name or --name=value")
        if pattern == PAPER_CLASS:
            if paper is not None:
                raise Refused(f"{path}:{n}: {PAPER_CLASS} is given twice; keep one line")
            paper = opts
        elif any(c.pattern == pattern for c in classes):
            raise Refused(f"{path}:{n}: device pattern '{pattern}' is given twice; keep one line per pattern")
        else:
            classes.append(DeviceClass(pattern, opts))
    if not classes:
        raise Refused(f"{path} names no device class; add a line such as 'nvidia --partition=gpu --gres=gpu:1 --exclusive'")
    return classes, paper or []


@dataclass
class Job:
    """One sbatch submission: a command run from the repository root, or a job array of `tasks`."""
    name: str
    command: list[str]
    sbatch: list[str]
    env: dict[str, str] = field(default_factory=dict)
    after: list[str] = field(default_factory=list)  # names of jobs this one needs to have succeeded
    tasks: int = 0  # > 0: a job array of tasks 0..tasks-1 (SLURM_ARRAY_TASK_ID in the command)
    slurm_id: str = ""


def safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)


class Graph:
    """Jobs with dependencies, submitted, waited for and resubmitted as a whole."""

    def __init__(self, state: Path, poll_s: float, retries: int):
        self.state = state
        self.poll_s = poll_s
        self.retries = retries
        self.jobs: dict[str, Job] = {}
        for d in ("scripts", "logs", "status"):
            (state / d).mkdir(parents=True, exist_ok=True)
        # Every invocation submits every job again: the work resumes (kept results, cached
        # evaluations), so a status left by an earlier invocation never stands in for work now lost.
        for f in (state / "status").iterdir():
            f.unlink()
        self.ledger = state / "jobs.log"

    def add(self, job: Job) -> Job:
        if job.name in self.jobs:
            raise Refused(f"job {job.name} is defined twice")
        for a in job.after:
            if a not in self.jobs:
                raise Refused(f"job {job.name} depends on {a}, which is not defined before it")
        self.jobs[job.name] = job
        return job

    def status_file(self, job: Job, task: int | None) -> Path:
        return self.state / "status" / (safe(job.name) + (f".{task}" if task is not None else "") + ".rc")

    def task_list(self, job: Job) -> list[int | None]:
        return list(range(job.tasks)) if job.tasks else [None]

    def ok(self, job: Job, task: int | None) -> bool:
        try:
            return self.status_file(job, task).read_text().strip() == "0"
        except OSError:
            return False

    def done(self, job: Job) -> bool:
        return all(self.ok(job, t) for t in self.task_list(job))

    def script(self, job: Job) -> Path:
        """The batch script: clears its status, runs the command, records the exit status atomically.
        `{task}` in a command word stands for the array task's index."""
        task = ".${SLURM_ARRAY_TASK_ID}" if job.tasks else ""
        exports = "".join(f"export {k}={shlex.quote(v)}\n" for k, v in sorted(job.env.items()))
        words = " ".join(shlex.quote(w).replace("{task}", "'\"$SLURM_ARRAY_TASK_ID\"'") for w in job.command)
        body = (
            "#!/usr/bin/env bash\n"
            f"# Written by scripts/slurm/filterlab_slurm.py for job {job.name}.\n"
            f"status_dir={shlex.quote(str(self.state / 'status'))}\n"
            f'rc_file="$status_dir/{safe(job.name)}{task}.rc"\n'
            'rm -f "$rc_file"\n'
            'echo "[$(date -u +%FT%TZ)] job $SLURM_JOB_ID on $(hostname) (restart ${SLURM_RESTART_COUNT:-0})"\n'
            f"cd {shlex.quote(str(REPO))} || exit 1\n{exports}{words}\n"
            "status=$?\n"
            'echo "$status" > "$rc_file.tmp" && mv "$rc_file.tmp" "$rc_file"\n'
            'exit "$status"\n')
        path = self.state / "scripts" / (safe(job.name) + ".sh")
        path.write_text(body)
        path.chmod(0o755)
        return path

    def log_file(self, job: Job, task: int | None) -> Path:
        return self.state / "logs" / (safe(job.name) + (f"-{task}" if task is not None else "") + ".out")

    def verdict(self, job: Job, task: int | None) -> str:
        """Why a job (or array task) did not succeed, and where its log is."""
        what = job.name + (f" task {task}" if task is not None else "") + f" ({job.slurm_id})"
        try:
            status = self.status_file(job, task).read_text().strip()
            return f"{what} did not succeed (exit status {status}); log: {self.log_file(job, task)}"
        except OSError:
            pass
        if not self.log_file(job, task).exists():
            return f"{what} never started (a job it needs failed)"
        return f"{what} did not finish (cancelled, killed, timed out or its node failed); log: {self.log_file(job, task)}"

    def submit(self, job: Job, tasks: list[int]) -> None:
        args = ["sbatch", "--parsable", f"--job-name=filterlab-{safe(job.name)}", f"--chdir={REPO}",
                "--requeue", "--kill-on-invalid-dep=yes", "--open-mode=append",
                f"--output={self.log_file(job, None).with_name(safe(job.name) + ('-%a' if job.tasks else '') + '.out')}"]
        deps = [self.jobs[a].slurm_id for a in job.after if self.jobs[a].slurm_id]
        if deps:
            args.append("--dependency=afterok:" + ":".join(deps))
        if job.tasks:
            args.append("--array=" + ",".join(str(t) for t in tasks))
        args += job.sbatch
        args.append(str(self.script(job)))
        p = subprocess.run(args, capture_output=True, text=True)
        if p.returncode != 0:
            raise Refused(f"sbatch refused job {job.name}: {p.stderr.strip() or p.stdout.strip()} "
                          f"(command: {' '.join(shlex.quote(a) for a in args)}); check the partition and GRES in the config")
        job.slurm_id = p.stdout.strip().split(";")[0]
        with self.ledger.open("a") as f:
            f.write(f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())} {job.slurm_id} {job.name}"
                    + (f" tasks {','.join(map(str, tasks))}" if job.tasks else "") + "\n")
        print(f"slurm: submitted {job.name} as {job.slurm_id}" + (f" (tasks {','.join(map(str, tasks))})" if job.tasks else ""),
              flush=True)

    def in_queue(self, ids: set[str]) -> list[tuple[str, str, str]]:
        """Our jobs still known to squeue: (job or array ID, state, reason), one per queued task."""
        p = subprocess.run(["squeue", "-h", "-o", "%F|%T|%r"], capture_output=True, text=True)
        if p.returncode != 0:
            raise Refused(f"squeue failed: {p.stderr.strip()}; is Slurm reachable (SLURM_CONF)?")
        rows = [tuple(line.split("|")) for line in p.stdout.splitlines()]
        return [r for r in rows if len(r) == 3 and r[0] in ids]

    def wait(self, submitted: list[Job]) -> None:
        ids = {j.slurm_id for j in submitted}
        while True:
            queued = self.in_queue(ids)
            if not queued:
                return
            for jid, state, reason in queued:  # a dependency that failed: it can never start
                if state == "PENDING" and "DependencyNeverSatisfied" in reason:
                    subprocess.run(["scancel", jid], capture_output=True)
            time.sleep(self.poll_s)

    def run(self) -> int:
        """Submits every job not yet done (and what depends on it), waits, and repeats for the failed
        ones up to `retries` more rounds. Returns 0 when every job succeeded, else 1."""
        for round_no in range(self.retries + 1):
            redo: set[str] = set()
            submitted: list[Job] = []
            for job in self.jobs.values():  # definition order is a topological order (see add)
                tasks = [t for t in self.task_list(job) if not self.ok(job, t)]
                if not tasks and not any(a in redo for a in job.after):
                    job.slurm_id = ""
                    continue
                if job.tasks and any(a in redo for a in job.after):
                    tasks = list(range(job.tasks))
                redo.add(job.name)
                self.submit(job, [t for t in tasks if t is not None] if job.tasks else [])
                submitted.append(job)
            if not submitted:
                return 0
            self.wait(submitted)
            failed = [j for j in submitted if not self.done(j)]
            if not failed:
                print(f"slurm: every job succeeded (round {round_no + 1})", flush=True)
                return 0
            for j in failed:
                for t in self.task_list(j):
                    if not self.ok(j, t):
                        print(f"slurm: {self.verdict(j, t)}", flush=True)
            if round_no < self.retries:
                print(f"slurm: submitting them again (retry {round_no + 1} of {self.retries}); their work resumes", flush=True)
        print("slurm: jobs still failing after every retry (see the logs above); rerun the same command to resume", flush=True)
        return 1


def require(env: str) -> str:
    v = os.environ.get(env, "")
    if not v:
        raise Refused(f"set {env} (the Makefile does: run `make reproduce SCHEDULER=slurm`)")
    return v


def cmd_reproduce(a: argparse.Namespace) -> int:
    classes, paper_opts = read_config(a.config, a.device)
    results = Path(a.results).resolve()
    filterlab = require("FILTERLAB")
    names = subprocess.run([filterlab, "experiments", "--quick" if a.quick else "--pipeline"], capture_output=True, text=True)
    if names.returncode != 0:
        raise Refused(f"'{filterlab} experiments' failed: {names.stderr.strip()}")
    wanted = set(a.experiments.split()) if a.experiments else None
    plan = [line.split()[0] for line in names.stdout.splitlines() if line.strip()]
    plan = [n for n in plan if wanted is None or n in wanted]
    commit = subprocess.run([filterlab, "experiments", "--commit"], capture_output=True, text=True).stdout.strip()
    graph = Graph(results / ".slurm", a.poll, a.retries)
    env = {k: os.environ[k] for k in ("FILTERLAB", "PEERS", "GPU_PEERS", "BASE", "Y_PLANE", "REPS", "QUICK",
                                      "FILTERLAB_CPU_SCALE", "PYTHON") if k in os.environ}
    env["RESULTS"] = str(results)
    experiment_jobs = []
    for c in classes:
        tag = safe(c.pattern) or "all"
        # As `make reproduce` does locally: verify once per commit and device pattern (a stamp in
        # RESULTS, never for a modified tree), then every experiment after it.
        stamp = results / (f".verified-{commit}-" + "".join(ch if ch.isalnum() else "_" for ch in c.pattern)
                           + ("-quick" if a.quick else ""))
        after = []
        if stamp.exists():
            print(f"slurm: verify already passed at this commit on '{c.pattern}' ({stamp})", flush=True)
        else:
            verify = [filterlab, "verify", "--device", c.pattern] + shlex.split(a.verify_options)
            mark = "" if commit.endswith("-dirty") or not commit else f" && touch {shlex.quote(str(stamp))}"
            after = [graph.add(Job(f"verify@{tag}", ["bash", "-c", shlex.join(verify) + mark], c.sbatch)).name]
        for name in plan:
            job = Job(f"{name}@{tag}", ["scripts/run-experiments.sh"], c.sbatch,
                      env | {"DEVICE": c.pattern, "EXPERIMENTS": name}, after=after)
            experiment_jobs.append(graph.add(job).name)
    if a.paper_command:
        graph.add(Job("paper", shlex.split(a.paper_command), paper_opts, after=experiment_jobs))
    return graph.run()


def cmd_tune_sharded(a: argparse.Namespace) -> int:
    if a.shards < 1 or a.shards > 100000:
        raise Refused(f"--shards {a.shards}: give 1 to 100000")
    classes, _ = read_config(a.config, a.device)
    match = [c for c in classes if c.pattern == a.device]
    sbatch = match[0].sbatch if match else ["--exclusive"]
    cache_dir = Path(a.cache_dir).resolve()
    cache_dir.mkdir(parents=True, exist_ok=True)
    out = Path(a.out).resolve()
    filterlab = str(Path(a.filterlab).resolve())
    tune = [filterlab, "tune", "--space", a.space, "--strategy", "exhaustive", "--device", a.device,
            "--shard", f"{{task}}/{a.shards}", "--cache", str(cache_dir / f"shard-{{task}}-of-{a.shards}.jsonl")] + a.tune_option
    graph = Graph(cache_dir / ".slurm", a.poll, a.retries)
    graph.add(Job("shards", tune, sbatch, tasks=a.shards))
    inputs = [str(cache_dir / f"shard-{i}-of-{a.shards}.jsonl") for i in range(a.shards)]
    graph.add(Job("merge", [filterlab, "tune-merge", "--out", str(out)] + inputs, [], after=["shards"]))
    return graph.run()


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    for p in (r := sub.add_parser("reproduce", help="the pipeline: verify, experiments, then figures and paper, as jobs"),
              t := sub.add_parser("tune-sharded", help="an exhaustive run as a job array, then the merge")):
        p.add_argument("--config", help="device classes and their sbatch options (default: --device, exclusive)")
        p.add_argument("--retries", type=int, default=1, help="rounds of resubmission of failed jobs (default 1)")
        p.add_argument("--poll", type=float, default=5.0, help="seconds between squeue polls (default 5)")
    r.add_argument("--results", required=True, help="the shared results directory")
    r.add_argument("--device", default="", help="device pattern without --config (default: every device)")
    r.add_argument("--quick", action="store_true", help="the registry's quick options")
    r.add_argument("--experiments", default="", help="only these experiments (space-separated)")
    r.add_argument("--verify-options", default="", help="more `filterlab verify` options of the verify jobs")
    r.add_argument("--paper-command", default="", help="the figures-and-paper command, run as the last job (none: no such job)")
    t.add_argument("--space", required=True)
    t.add_argument("--device", required=True, help="device pattern of the shards' machines")
    t.add_argument("--shards", type=int, required=True)
    t.add_argument("--cache-dir", required=True, help="shared directory of the shards' caches")
    t.add_argument("--out", required=True, help="the merged exhaustive cache")
    t.add_argument("--filterlab", default=str(REPO / "build" / "src" / "filterlab"))
    t.add_argument("--tune-option", action="append", default=[], help="more `filterlab tune` options, e.g. --tune-option=--repetitions=3")
    a = ap.parse_args(argv)
    if a.retries < 0 or a.poll <= 0:
        ap.error("--retries must be 0 or more and --poll above 0")
    try:
        return cmd_reproduce(a) if a.command == "reproduce" else cmd_tune_sharded(a)
    except Refused as e:
        print(f"filterlab_slurm: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
