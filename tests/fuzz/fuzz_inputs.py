#!/usr/bin/python3
"""Bounded fuzzing of FilterLab's two hostile-input surfaces: image files and ImageCL kernels.

From a fixed seed it mutates small valid images (PGM, PFM, PNG, JPEG, TIFF in several encodings)
and ImageCL kernels (the shipped examples and benchmarks), runs the real binaries on each mutant
and fails on:
  - a signal or an abort (a crash), or a run past the time limit (a hang);
  - exit 0 on an image that an independent strict decoder cannot fully read (Pillow with
    truncated images refused for PNG/JPEG/TIFF/PGM, plus the netpbm rules Pillow does not check:
    samples above maxval, a non-finite or zero PFM scale, a raster of the wrong length);
  - a refusal without a `filterlab: error:` line (images) or without a located
    `file:line:col: error` (kernels the compiler rejects).
Every failing input is kept in the work directory with the command that failed on it.

usage: fuzz_inputs.py FILTERLAB FILTERLAB_IMAGECL WORKDIR [--images N] [--kernels N] [--seed S]
"""
import argparse
import concurrent.futures
import io
import math
import os
import random
import re
import resource
import shutil
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

from PIL import Image, ImageFile

ImageFile.LOAD_TRUNCATED_IMAGES = False  # a truncated raster is unreadable, not grey
REPO = Path(__file__).resolve().parents[2]
TIME_LIMIT_S = 30  # per case: the slowest legitimate case (a cold compiler start) takes ~2 s
MEMORY_LIMIT = 4 << 30  # address space per case: a decompression bomb must be refused, not swap


# ---------------------------------------------------------------- seed images
def gradient(w, h, maxval):
    return [[(x * 7 + y * 13) % (maxval + 1) for x in range(w)] for y in range(h)]


def pgm(w, h, maxval):
    rows = gradient(w, h, maxval)
    fmt = ">%dH" % w if maxval > 255 else "%dB" % w
    return b"P5\n%d %d\n%d\n" % (w, h, maxval) + b"".join(struct.pack(fmt, *r) for r in rows)


def pfm(w, h, scale=-1.0):
    px = [float(v) for r in gradient(w, h, 255) for v in r]
    order = "<" if scale < 0 else ">"
    return b"Pf\n%d %d\n%s\n" % (w, h, repr(scale).encode()) + struct.pack(order + "%df" % len(px), *px)


def pil_bytes(mode, fmt, **save):
    img = Image.new(mode, (37, 23))
    if mode == "RGB":
        img.putdata([(x * 7 % 256, y * 11 % 256, (x + y) % 256) for y in range(23) for x in range(37)])
    elif mode == "F":
        img.putdata([float((x * 7 + y * 13) % 256) for y in range(23) for x in range(37)])
    elif mode == "I;16":
        img = Image.frombytes("I;16", (37, 23), b"".join(struct.pack("<H", (i * 977) % 65536) for i in range(37 * 23)))
    else:
        img.putdata([(x * 7 + y * 13) % 256 for y in range(23) for x in range(37)])
    buf = io.BytesIO()
    img.save(buf, fmt, **save)
    return buf.getvalue()


def seed_images():
    return {
        "u8.pgm": pgm(37, 23, 255),
        "u16.pgm": pgm(37, 23, 4095),
        "f.pfm": pfm(37, 23),
        "fbe.pfm": pfm(37, 23, 1.0),
        "u8.png": pil_bytes("L", "PNG"),
        "u16.png": pil_bytes("I;16", "PNG"),
        "rgb.png": pil_bytes("RGB", "PNG"),
        "u8.jpg": pil_bytes("L", "JPEG", quality=90),
        "rgb.jpg": pil_bytes("RGB", "JPEG", quality=90),
        "u8.tif": pil_bytes("L", "TIFF"),
        "lzw.tif": pil_bytes("L", "TIFF", compression="tiff_lzw"),
        "zip.tif": pil_bytes("L", "TIFF", compression="tiff_adobe_deflate"),
        "f.tif": pil_bytes("F", "TIFF"),
    }


# ---------------------------------------------------------------- image mutations
HEADER_TOKENS = [b"0", b"-1", b"2c", b"65536", b"65535", b"nan", b"-nan", b"inf", b"1e9", b"99999999999",
                 b"0x10", b"2\xc3\xa955", b"16384", b"16385", b"4294967297", b"1.5", b"", b"#", b"255 255"]
INTERESTING_BYTES = [0x00, 0xFF, 0x7F, 0x80, 0x01, 0xFE]


def mutate_netpbm_header(data, rng):
    # The header is the first four whitespace-separated tokens (magic, width, height, maxval/scale).
    tokens = re.split(rb"(\s+)", data[:64])
    fields = [i for i, t in enumerate(tokens) if t.strip()][:4]
    if len(fields) < 4:
        return data
    i = rng.choice(fields[1:])
    tokens[i] = rng.choice(HEADER_TOKENS)
    return b"".join(tokens) + data[64:]


def png_chunk_length(data, rng):
    # A chunk length that lies (up to 2 GiB): the reader must not allocate what the file claims.
    offsets = [m.start() - 4 for m in re.finditer(rb"IHDR|IDAT|IEND", data) if m.start() >= 4]
    if not offsets:
        return data
    o = rng.choice(offsets)
    return data[:o] + struct.pack(">I", rng.choice([0x7FFFFFFF, 0x80000000, 1 << 24, 0])) + data[o + 4:]


def png_dimensions(data, rng):
    # IHDR declares a huge image; the CRC is fixed so that the decoder believes it.
    if data[12:16] != b"IHDR":
        return data
    w, h = rng.choice([(16384, 16385), (1 << 20, 1 << 20), (100000, 3), (0, 23)])
    ihdr = b"IHDR" + struct.pack(">II", w, h) + data[24:29]
    return data[:12] + ihdr + struct.pack(">I", zlib.crc32(ihdr)) + data[33:]


def mutate_image(name, data, rng):
    kind = rng.choice(["flip", "byte", "truncate", "append", "splice", "header", "chunk", "dims"])
    b = bytearray(data)
    if kind == "flip":
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
    elif kind == "byte":
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.choice(INTERESTING_BYTES)
    elif kind == "truncate":
        b = b[: rng.randrange(1, len(b))]
    elif kind == "append":
        b += bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
    elif kind == "splice":
        i, j = sorted(rng.randrange(len(b)) for _ in range(2))
        b = b[:i] + b[j:] if rng.random() < 0.5 else b[:j] + b[i:j] + b[j:]
    elif kind == "header" and name.endswith((".pgm", ".pfm")):
        b = bytearray(mutate_netpbm_header(bytes(b), rng))
    elif kind == "chunk" and name.endswith(".png"):
        b = bytearray(png_chunk_length(bytes(b), rng))
    elif kind == "dims" and name.endswith(".png"):
        b = bytearray(png_dimensions(bytes(b), rng))
    else:  # the mutation does not apply to this format: flip a header byte instead
        b[rng.randrange(min(len(b), 32))] ^= 0x20
    return kind, bytes(b)


# ---------------------------------------------------------------- the oracle for images
NETPBM = re.compile(rb"\A(P5|Pf)\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+(\S+)\s")


def netpbm_readable(data):
    m = NETPBM.match(data)
    if not m:
        return False
    magic, w, h, third = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
    raster = data[m.end():]
    if w <= 0 or h <= 0:
        return False
    if magic == b"P5":
        if not third.isdigit() or not 0 < int(third) < 65536:
            return False
        maxval = int(third)
        size = 2 if maxval > 255 else 1
        if len(raster) != w * h * size:
            return False
        samples = raster if size == 1 else struct.unpack(">%dH" % (w * h), raster)
        return max(samples) <= maxval
    try:
        scale = float(third)
    except ValueError:
        return False
    if not math.isfinite(scale) or scale == 0 or len(raster) != w * h * 4:
        return False
    return True


def independently_readable(name, data):
    """Whether a strict independent decoder reads the whole image."""
    if name.endswith((".pgm", ".pfm")):
        return netpbm_readable(data)
    try:
        with Image.open(io.BytesIO(data)) as img:
            if img.width * img.height > (1 << 28):
                return False
            img.load()
            return True
    except Exception:  # noqa: BLE001 -- any decoder complaint means "unreadable"
        return False


# ---------------------------------------------------------------- kernel mutations
KEYWORDS = ["global", "kernel", "read_only", "image2d_t", "float4", "sampler_t", "constant", "local",
            "__global", "idx", "idy", "restrict", "half", "int", "return", "goto", "auto", "class"]
NUMBERS = ["2147483647", "-2147483648", "2147483600", "0x7fffffff", "1e309", "0", "-1", "4294967296", "1e-45"]
TOKEN = re.compile(r"[A-Za-z_]\w*|\d+(?:\.\d*)?f?|\S")


def deep_kernel(rng):
    # Pathological but syntactically valid sources: very deep or very wide expressions.
    depth = rng.choice([5000, 20000, 40000])
    shape = rng.choice(["sum", "nested_if", "unary", "parens", "macros", "loop"])
    body = {
        "sum": "float s = " + " + ".join("in[idx][idy]" for _ in range(depth)) + ";\n  out[idx][idy] = s;",
        "nested_if": "float s = 0.0f;\n" + "if (idx > 0) {" * depth + "s = 1.0f;" + "}" * depth + "\n  out[idx][idy] = s;",
        "unary": "out[idx][idy] = " + "- " * depth + "in[idx][idy];",
        "parens": "out[idx][idy] = " + "(" * depth + "in[idx][idy]" + ")" * depth + ";",
        "macros": "out[idx][idy] = A16;",
        "loop": "float s = 0.0f;\n  for (int i = 0; i <= 0x7fffffff; i++) s += in[idx][idy];\n  out[idx][idy] = s;",
    }[shape]
    macros = "".join("#define A%d (A%d + A%d)\n" % (i, i - 1, i - 1) for i in range(1, 17)) if shape == "macros" else ""
    return shape, ("#define A0 in[idx][idy]\n" + macros + "#pragma imagecl grid(out)\n"
                   "__kernel void deep(Image<float> in, Image<float> out) {\n  " + body + "\n}\n")


def mutate_kernel(text, rng):
    kind = rng.choice(["delete", "duplicate", "keyword", "number", "nul", "truncate", "swap", "deep"])
    if kind == "deep":
        return deep_kernel(rng)
    if kind == "nul":
        i = rng.randrange(len(text))
        return kind, text[:i] + "\0" + text[i:]
    if kind == "truncate":
        return kind, text[: rng.randrange(1, len(text))]
    spans = [m.span() for m in TOKEN.finditer(text)]
    s, e = rng.choice(spans)
    if kind == "delete":
        return kind, text[:s] + text[e:]
    if kind == "duplicate":
        return kind, text[:e] + " " + text[s:e] + text[e:]
    if kind == "keyword":
        idents = [(a, b) for a, b in spans if re.match(r"[A-Za-z_]", text[a:b])]
        s, e = rng.choice(idents)
        return kind, text[:s] + rng.choice(KEYWORDS) + text[e:]
    if kind == "number":
        nums = [(a, b) for a, b in spans if text[a].isdigit()] or [(s, e)]
        s, e = rng.choice(nums)
        return kind, text[:s] + rng.choice(NUMBERS) + text[e:]
    s2, e2 = rng.choice(spans)  # swap two tokens
    (s, e), (s2, e2) = sorted([(s, e), (s2, e2)])
    if e > s2:
        return kind, text
    return kind, text[:s] + text[s2:e2] + text[e:s2] + text[s:e] + text[e2:]


def seed_kernels():
    paths = sorted((REPO / "imagecl" / "benchmarks").glob("*.icl")) + [REPO / "imagecl" / "examples" / "box_blur.icl"]
    paths += sorted((REPO / "tests" / "imagecl_tool").glob("*.icl"))
    return {p.name: p.read_text() for p in paths}


# ---------------------------------------------------------------- running
def limit_resources():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def run(cmd, env):
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=TIME_LIMIT_S, env=env, preexec_fn=limit_resources)
        return p.returncode, (p.stdout + p.stderr).decode(errors="replace"), time.monotonic() - start
    except subprocess.TimeoutExpired:
        return "timeout", "", time.monotonic() - start


def crashed(rc):
    # A negative code is a signal; 128+n is a shell's report of one; 134 = abort.
    return rc == "timeout" or rc < 0 or rc >= 128


def image_case(args, env, work, i, name, kind, data):
    path = work / ("img%04d_%s_%s" % (i, kind, name))
    path.write_bytes(data)
    cmd = [args.filterlab, "image-info", str(path)]
    rc, out, secs = run(cmd, env)
    readable = independently_readable(name, data)
    problem = None
    if crashed(rc):
        problem = "crashed or hung (%s)" % rc
    elif rc == 0 and not readable:
        problem = "exit 0 on an image a strict decoder cannot read"
    elif rc != 0 and "filterlab: error: " not in out:
        problem = "refused without a 'filterlab: error:' line"
    if problem is None:
        path.unlink()
    return problem, cmd, out, secs, readable and rc == 0


def kernel_case(args, env, work, i, name, kind, text):
    path = work / ("k%04d_%s_%s" % (i, kind, name))
    path.write_bytes(text.encode())
    out_cl, out_json = work / ("k%04d.cl" % i), work / ("k%04d.json" % i)
    cmd = [args.imagecl, str(path), str(out_cl), str(out_json)]
    rc, out, secs = run(cmd, env)
    problem = None
    if crashed(rc):
        problem = "crashed or hung (%s)" % rc
    elif rc != 0 and not re.search(r":\d+:\d+: (?:fatal )?error", out):
        problem = "rejected without a located 'file:line:col: error'"
    elif rc != 0 and (out_cl.exists() or out_json.exists()):
        problem = "rejected but left an output behind"
    for f in (out_cl, out_json):
        if f.exists():
            f.unlink()
    if problem is None:
        path.unlink()
    return problem, cmd, out, secs, rc == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("filterlab")
    ap.add_argument("imagecl")
    ap.add_argument("work", type=Path)
    ap.add_argument("--images", type=int, default=300)
    ap.add_argument("--kernels", type=int, default=200)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    args.work.mkdir(parents=True)
    env = dict(os.environ, OPENCV_IO_MAX_IMAGE_PIXELS=str(1 << 30))

    rng = random.Random(args.seed)
    images, kernels = seed_images(), seed_kernels()
    cases = []
    for i in range(args.images):
        name = rng.choice(sorted(images))
        kind, data = mutate_image(name, images[name], rng)
        cases.append((image_case, i, name, kind, data))
    for i in range(args.kernels):
        name = rng.choice(sorted(kernels))
        kind, text = mutate_kernel(kernels[name], rng)
        cases.append((kernel_case, i, name, kind, text))

    start = time.monotonic()
    failures, accepted, slowest = [], 0, (0.0, None)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(f, args, env, args.work, i, n, k, d): (f.__name__, i, n, k) for f, i, n, k, d in cases}
        for fut in concurrent.futures.as_completed(futures):
            problem, cmd, out, secs, ok = fut.result()
            accepted += ok
            slowest = max(slowest, (secs, futures[fut]), key=lambda t: t[0])
            if problem:
                failures.append((futures[fut], problem, cmd, out.strip().splitlines()[-3:]))
    elapsed = time.monotonic() - start
    for (what, i, name, kind), problem, cmd, tail in sorted(failures):
        print("FAIL %s #%d (%s of %s): %s\n  %s\n  %s" % (what, i, kind, name, problem, " ".join(cmd), "\n  ".join(tail)))
    print("fuzz: %d mutated images and %d mutated kernels (seed %d) in %.1f s, %d accepted, slowest %.1f s (%s)"
          % (args.images, args.kernels, args.seed, elapsed, accepted, slowest[0], slowest[1]))
    print("%d passed, %d failed" % (len(cases) - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
