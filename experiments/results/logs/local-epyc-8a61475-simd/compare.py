# The comparison in comparison.txt: Study 6a's tuned ImageCL kernels (wall clock, median of 30; the
# two-kernel pipelines summed) against the fastest measured Halide schedule of the peers file on the
# same device and workload. Usage: python3 compare.py <this folder>.
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
    print(slug)
    for name, (wl, kernels) in work.items():
        hal = [(r["wall_ms"]["median"] if isinstance(r.get("wall_ms"), dict) else None, r["peer"])
               for r in peers["rows"] if r["workload"] == wl and r["peer"].startswith("halide") and r["status"] == "measured"]
        hal = [h for h in hal if h[0] is not None]
        best = min(hal) if hal else None
        if not all(k in tuned for k in kernels):
            print(f"  {name:14s} no tuned configuration ({', '.join(k for k in kernels if k not in tuned)}); Halide best {best}")
            continue
        wall = sum(tuned[k]["wall_ms"]["median"] for k in kernels)
        kern = sum(tuned[k]["kernel_ms"]["median"] for k in kernels)
        ids = " + ".join(tuned[k]["variant_id"].split("/", 1)[1] for k in kernels)
        print(f"  {name:14s} ImageCL wall {wall:.3f} ms (kernel {kern:.3f}) vs Halide {best[0]:.3f} ms ({best[1]}): Halide/ImageCL {best[0]/wall:.2f}   [{ids}]")
