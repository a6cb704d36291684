"""The committed results against the programs this binary builds (`filterlab variants --check-results`).

Every row of experiments/results whose variant ID a family owns must record the build options and
program SHA-256 that the code builds now, so that a refactoring cannot move an ID, a -D switch or a
kernel byte under a committed figure. The files below were measured before a change of the ImageCL
compiler and wait for the next run on their device; the test fails if any other file differs, and
also when one of these matches again (then remove it from the list).
"""
import re
import subprocess
import sys

# result file (under experiments/results) -> why it differs
MEASURED_BEFORE_A_COMPILER_CHANGE: dict[str, str] = {}

LINE = re.compile(r"^(?P<file>\S+\.json): (?P<checked>\d+) of (?P<rows>\d+) rows checked, (?P<differ>\d+) differ")


def main(exe: str, results: str) -> int:
    run = subprocess.run([exe, "variants", "--check-results", results], capture_output=True, text=True)
    summaries = {}
    for line in run.stdout.splitlines():
        m = LINE.match(line)
        if m:
            name = m["file"][len(results.rstrip("/")) + 1:]
            summaries[name] = (int(m["checked"]), int(m["differ"]))
    problems = []
    if not summaries:
        problems.append(f"no result file was checked:\n{run.stdout}{run.stderr}")
    checked = sum(c for c, _ in summaries.values())
    if summaries and checked == 0:
        problems.append("no row was compared with a program: the checker matched no variant ID")
    for name, (_, differ) in sorted(summaries.items()):
        expected_stale = name in MEASURED_BEFORE_A_COMPILER_CHANGE
        if differ and not expected_stale:
            problems.append(f"{name}: {differ} rows name programs this binary does not build")
        if expected_stale and not differ:
            problems.append(f"{name} now matches: remove it from MEASURED_BEFORE_A_COMPILER_CHANGE")
    for name in MEASURED_BEFORE_A_COMPILER_CHANGE:
        if name not in summaries:
            problems.append(f"{name} was not checked (missing?)")
    if (run.returncode != 0) != any(d for _, d in summaries.values()):
        problems.append(f"exit status {run.returncode} does not match the differing rows:\n{run.stderr}")
    if problems:
        print(run.stdout)
        print("\n".join(problems))
        return 1
    print(f"{checked} rows of {len(summaries)} result files checked; "
          f"{len(MEASURED_BEFORE_A_COMPILER_CHANGE)} files wait for a re-run (listed in this test)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
