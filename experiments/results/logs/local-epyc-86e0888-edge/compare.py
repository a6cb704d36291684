# The comparison in comparison.txt: Study 6a's tuned ImageCL kernels (wall clock, median of 30; the
# two-kernel pipelines summed) against the fastest measured Halide schedule of the peers file on the
# same device and workload, and against the fastest hand-written yardstick of the same imagecl run
# (its stages summed likewise). Usage: python3 compare.py <this folder>.
import json, sys, glob, os
d = sys.argv[1]
work = {"sepconv": ("sepconv5", ["sepconv_row", "sepconv_col"]), "sepconv_fused": ("sepconv5", ["sepconv_fused"]),
        "conv2d_u8": ("conv2d5_u8", ["conv2d_u8"]), "harris": ("harris", ["harris_sobel", "harris_response"]),
        "harris_fused": ("harris", ["harris_fused"])}
for f in sorted(glob.glob(d + "/results/imagecl/*.json")):
    slug = os.path.basename(f)[:-5]
    ic = json.load(open(f))
    peers = json.load(open(d + "/results/peers/" + slug + ".json"))
    tuned = {r["kernel"]: r for r in ic["rows"] if r["tuned"] and not r["exact_twin"]}
    yard = {}
    for r in ic.get("yardsticks", []):
        y = yard.setdefault((r["benchmark"], r["variant_id"]), {"wall": 0.0, "kernel": 0.0})
        y["wall"] += r["wall_ms"]["median"]
        y["kernel"] += r["kernel_ms"]["median"]
    print(slug)
    for name, (wl, kernels) in work.items():
        hal = [(r["wall_ms"]["median"], r["peer"]) for r in peers["rows"]
               if r["workload"] == wl and r["peer"].startswith("halide") and r["status"] == "measured"
               and isinstance(r.get("wall_ms"), dict)]
        best = min(hal) if hal else None
        if not all(k in tuned for k in kernels):
            print(f"  {name:14s} no tuned configuration ({', '.join(k for k in kernels if k not in tuned)}); Halide best {best}")
            continue
        wall = sum(tuned[k]["wall_ms"]["median"] for k in kernels)
        kern = sum(tuned[k]["kernel_ms"]["median"] for k in kernels)
        ids = " + ".join(tuned[k]["variant_id"].split("/", 1)[1] for k in kernels)
        line = f"  {name:14s} ImageCL wall {wall:.3f} ms (kernel {kern:.3f}) vs Halide {best[0]:.3f} ms ({best[1]}): Halide/ImageCL {best[0]/wall:.2f}"
        ys = sorted((v["wall"], v["kernel"], vid) for (b, vid), v in yard.items() if b == name)
        if ys:
            line += f"; yardstick {ys[0][0]:.3f} ms (kernel {ys[0][1]:.3f}, {ys[0][2]}): yardstick/ImageCL {ys[0][0]/wall:.2f}"
        print(line + f"   [{ids}]")
