#!/usr/bin/env python3
"""ctest checks of filterlab-bench (label `bench`): its JSON on a tiny size, its list against the
registry, a wrong kernel skipped and never timed, and strict flags. Run by tests/bench/CMakeLists.txt."""
import json
import math
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

WIDTH, HEIGHT = 64, 48
SIZE = f"{WIDTH}x{HEIGHT}"
# A few variants of every family with a timed form, and one without (a pyramid check).
TIMED = [
    "scharr.single/buffer/k3/wg16x16/reflect101",
    "scharr.separable/images/k5/wg16x16/constant",
    "tiled.amd/k5/wg8x8/wrap",
    "epsilon.step2/k9/wg16x16/replicate",
    "imagecl.sepconv/sampled4/67x45/-",
]
UNTIMED = ["pyramid.build/images/-"]
QUICK = ["--sizes", SIZE, "--bandwidth-mib", "8", "--benchmark_min_time=0.01"]


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def run(cmd, env=None):
    print("$", " ".join(cmd))
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    print(p.stdout[-4000:], p.stderr[-4000:])
    return p


def filter_for(prefixes):
    return "--benchmark_filter=^(" + "|".join(re.escape(p) for p in prefixes) + ")/"


def case_of(name):
    """'<id>/<case>' of a benchmark name '<id>/<case>/<W>x<H>/<slug>/manual_time[_aggregate]'."""
    m = re.fullmatch(r"(.+)/(\d+)x(\d+)/([^/]+)/manual_time(_[a-z]+)?", name)
    if not m:
        fail(f"benchmark name {name!r} is not <id>/<case>/<W>x<H>/<device>/manual_time")
    return m.group(1), (int(m.group(2)), int(m.group(3))), m.group(4)


def load(path):
    with open(path) as f:
        return json.load(f)


def smoke(exe, out_dir):
    out = Path(out_dir) / "bench-smoke.json"
    out.unlink(missing_ok=True)
    p = run([exe, *QUICK, filter_for(TIMED + UNTIMED), "--benchmark_repetitions=2", "--benchmark_format=json",
             f"--benchmark_out={out}", "--benchmark_out_format=json"])
    if p.returncode != 0:
        fail(f"exit code {p.returncode}")
    doc = load(out)
    if json.loads(p.stdout) != doc:
        fail("--benchmark_format=json on stdout and --benchmark_out differ")
    ctx = doc["context"]
    if not re.fullmatch(r"([0-9a-f]{40}|unknown)(-dirty)?", ctx.get("filterlab_commit", "")):
        fail(f"context filterlab_commit is {ctx.get('filterlab_commit')!r}")
    if ctx.get("filterlab_sizes") != SIZE:
        fail(f"context filterlab_sizes is {ctx.get('filterlab_sizes')!r}")
    slugs = {k.split(".")[1] for k in ctx if k.startswith("device.")}
    if not slugs:
        fail("no device.* provenance in the context")
    for s in slugs:
        for field in ("name", "platform", "driver", "opencl", "type", "copy_GBps"):
            if not ctx.get(f"device.{s}.{field}"):
                fail(f"context lacks device.{s}.{field}")
        if not float(ctx[f"device.{s}.copy_GBps"]) > 0:
            fail(f"device.{s}.copy_GBps is not positive")
    seen = {}
    for b in doc["benchmarks"]:
        case, (w, h), slug = case_of(b["name"])
        if (w, h) != (WIDTH, HEIGHT) or slug not in slugs:
            fail(f"{b['name']}: size or device not asked for")
        seen.setdefault(case, []).append(b)
    if sorted(seen) != sorted(TIMED + UNTIMED):
        fail(f"ran {sorted(seen)}, expected {sorted(TIMED + UNTIMED)}")
    for case in UNTIMED:
        for b in seen[case]:
            if not b.get("error_occurred") or "has no timed form" not in b.get("error_message", ""):
                fail(f"{b['name']}: expected 'has no timed form', got {b.get('error_message')!r}")
    for case in TIMED:
        runs = [b for b in seen[case] if b["run_type"] == "iteration"]
        aggregates = {b["aggregate_name"] for b in seen[case] if b["run_type"] == "aggregate"}
        if len(runs) != 2 * len(slugs) or not {"mean", "median", "stddev"} <= aggregates:
            fail(f"{case}: {len(runs)} repetitions and aggregates {sorted(aggregates)}")
        for b in runs:
            if b.get("error_occurred"):
                fail(f"{b['name']}: {b.get('error_message')}")
            if b["time_unit"] != "us" or not b["real_time"] > 0 or b["iterations"] < 1:
                fail(f"{b['name']}: time {b['real_time']} {b['time_unit']} over {b['iterations']} iterations")
            # The counters come from the median of the repetition's samples, beside its interval.
            median_ms = b.get("kernel_ms_median")
            low, high = b.get("kernel_ms_ci95_low"), b.get("kernel_ms_ci95_high")
            if median_ms is None or low is None or high is None or not 0 < low <= median_ms <= high:
                fail(f"{b['name']}: median {median_ms} ms outside its 95 % interval [{low}, {high}]")
            seconds = median_ms * 1e-3
            copy = float(ctx[f"device.{case_of(b['name'])[2]}.copy_GBps"])
            checks = {
                "pixels_per_second": WIDTH * HEIGHT / seconds,
                "bytes_per_second": b["min_bytes"] / seconds,
                "roofline": b["min_bytes"] / seconds / (copy * 1e9),
                "copy_GBps": copy,
            }
            for counter, want in checks.items():
                got = b.get(counter)
                if got is None or not math.isclose(got, want, rel_tol=1e-3):
                    fail(f"{b['name']}: {counter} is {got}, expected {want}")
            # At least one input pixel read and one output written, each at least a byte.
            if not b["min_bytes"] >= 2 * WIDTH * HEIGHT:
                fail(f"{b['name']}: min_bytes {b['min_bytes']}")
    print(f"ok: {len(doc['benchmarks'])} JSON entries checked")


def listing(exe, filterlab):
    p = run([filterlab, "variants", "--cases"])
    if p.returncode != 0:
        fail("filterlab variants failed")
    want = set()
    for line in p.stdout.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        vid, *cases = line.split()
        want |= {f"{vid}/{c}" for c in cases}
    p = run([exe, "--sizes", SIZE, "--benchmark_list_tests"])
    if p.returncode != 0:
        fail("--benchmark_list_tests failed")
    names = p.stdout.split()
    got, devices = set(), set()
    for n in names:
        case, _, slug = case_of(n)
        got.add(case)
        devices.add(slug)
    if got != want:
        fail(f"listed but not registered: {sorted(got - want)[:5]}; registered but not listed: {sorted(want - got)[:5]}")
    if len(names) != len(want) * len(devices):
        fail(f"{len(names)} benchmarks for {len(want)} variant cases on {len(devices)} device(s)")
    if "measuring copy bandwidth" in p.stderr:
        fail("--benchmark_list_tests opened a device")
    print(f"ok: {len(want)} variant cases x {len(devices)} device(s) listed")


def wrong_output(exe, kernels, out_dir):
    """A tiled.naive kernel that writes one wrong pixel: the benchmark must be skipped, not timed."""
    broken = Path(out_dir) / "bench-wrong-kernels"
    shutil.rmtree(broken, ignore_errors=True)
    shutil.copytree(kernels, broken)
    cl = broken / "tiled" / "naive.cl"
    text = cl.read_text()
    if "] = acc;" not in text:
        fail("tiled/naive.cl no longer writes '] = acc;': update this test")
    cl.write_text(text.replace("] = acc;", "] = acc + (x == 5 && y == 3 ? 1.0f : 0.0f);"))
    out = Path(out_dir) / "bench-wrong.json"
    env = dict(os.environ, FILTERLAB_KERNEL_DIR=str(broken))
    p = run([exe, *QUICK, filter_for(["tiled.naive/k3/wg16x16/reflect101"]), f"--benchmark_out={out}"], env=env)
    if p.returncode != 0:
        fail(f"exit code {p.returncode}")
    runs = load(out)["benchmarks"]
    if len(runs) != 1:
        fail(f"{len(runs)} entries")
    b = runs[0]
    if not b.get("error_occurred") or "wrong output, not timed" not in b.get("error_message", "") or b["iterations"] != 0:
        fail(f"expected a skipped benchmark, got {b}")
    if "at (5,3)" not in b["error_message"]:
        fail(f"the message does not name the wrong pixel (5,3): {b['error_message']}")
    print("ok:", b["error_message"])


def bad_flags(exe):
    for args, message in ((["--sizes", "64x"], "--sizes: '64x' is not a size: give WIDTHxHEIGHT"),
                          (["--sizes", "64x48,64x48"], "'64x48' is given twice"),
                          (["--borders", "mirror"], "unknown border 'mirror': use one or more of"),
                          (["--bandwidth-mib", "0"], "--bandwidth-mib: '0' is not a size in MiB"),
                          (["--devcie", "x"], "unknown argument '--devcie'")):
        p = run([exe, *args, "--benchmark_list_tests"])
        if p.returncode == 0 or "filterlab-bench: error: " not in p.stderr or message not in p.stderr:
            fail(f"{args}: expected a non-zero exit and 'filterlab-bench: error: ...{message}...'")
    print("ok: bad flags rejected with a hint")


def compare(script, out_dir):
    """scripts/bench-compare.py on two hand-made files: medians, ratios, skips, device pairing."""
    def doc(slug, times_us, error=None):
        runs = []
        for name, ts in times_us.items():
            for t in ts:
                runs.append({"name": f"{name}/{SIZE}/{slug}/manual_time", "run_name": f"{name}/{SIZE}/{slug}/manual_time",
                             "run_type": "iteration", "real_time": t * 1000.0, "time_unit": "ns", "roofline": 0.5})
        if error:
            runs.append({"name": f"{error}/{SIZE}/{slug}/manual_time", "run_type": "iteration", "error_occurred": True,
                         "error_message": "wrong output, not timed: test", "real_time": 0, "time_unit": "us"})
        return {"context": {"filterlab_commit": "abc", f"device.{slug}.name": slug.upper()}, "benchmarks": runs}
    paths = []
    for i, d in enumerate((doc("dev-a", {"v/k3/reflect101": [10, 30, 20], "v/k5/wrap": [40]}, "v/k7/wrap"),
                           doc("dev-b", {"v/k3/reflect101": [40], "v/k5/wrap": [20]}, "v/k7/wrap"))):
        paths.append(Path(out_dir) / f"compare-{i}.json")
        paths[-1].write_text(json.dumps(d))
    p = run([sys.executable, script, *map(str, paths)])
    if p.returncode == 0 or "--across-devices" not in p.stderr:
        fail("two devices without --across-devices must fail with the hint")
    p = run([sys.executable, script, "--across-devices", *map(str, paths)])
    rows = {line.split()[0]: line.split()[1:] for line in p.stdout.splitlines() if line.startswith("v/")}
    if p.returncode != 0 or rows.get(f"v/k3/reflect101/{SIZE}/manual_time", [])[:3] != ["20.00", "40.00", "2.000"]:
        fail("the median over repetitions (20 us) against 40 us must give B/A 2.000")
    if rows.get(f"v/k5/wrap/{SIZE}/manual_time", [])[:3] != ["40.00", "20.00", "0.500"]:
        fail("40 us against 20 us must give B/A 0.500")
    if "skipped:" not in rows.get(f"v/k7/wrap/{SIZE}/manual_time", []) or "geometric mean of B/A 1.000" not in p.stdout:
        fail("an errored benchmark is listed as skipped and left out of the geometric mean")
    print("ok: bench-compare")


if __name__ == "__main__":
    mode, *rest = sys.argv[1:]
    {"smoke": smoke, "list": listing, "wrong": wrong_output, "flags": bad_flags, "compare": compare}[mode](*rest)
