#pragma once
// Workload 1 with NPP: both Scharr derivatives of every pyramid level (BORDER_REFLECT_101).

#include <memory>
#include <string>
#include <vector>

#include "workloads.hpp"

namespace npp_peers {

// Workload 1: both Scharr derivatives of every pyramid level (BORDER_REFLECT_101).
inline std::vector<Method> scharr_methods(const Workload& w, const std::vector<DevPtr>& in, const Context& cx) {
  const int k = w.ksize, r = k / 2;
  const std::size_t levels = in.size() / 2;  // jobs: 16 levels d/dx, then 16 levels d/dy
  struct State {
    std::vector<DevPtr> out, padded, tmp, out_padded, out_view, tmp_padded;
    std::unique_ptr<DevKernel> kx2d, ky2d, kx_row, kx_col, ky_row, ky_col;
  };
  auto st = std::make_shared<State>();
  // The oracle's integer Scharr-family kernels (manifest "weights", row-major), correlated.
  const Json& dx = *w.jobs.front().definition;
  const Json& dy = *w.jobs[levels].definition;
  st->kx2d = std::make_unique<DevKernel>(reversed(rows_flat(dx["weights"])));
  st->ky2d = std::make_unique<DevKernel>(reversed(rows_flat(dy["weights"])));
  st->kx_row = std::make_unique<DevKernel>(reversed(floats(dx["kx"])));
  st->kx_col = std::make_unique<DevKernel>(reversed(floats(dx["ky"])));
  st->ky_row = std::make_unique<DevKernel>(reversed(floats(dy["kx"])));
  st->ky_col = std::make_unique<DevKernel>(reversed(floats(dy["ky"])));
  auto alloc_out = [st, &in, levels] {
    if (!st->out.empty()) return;
    for (std::size_t j = 0; j < 2 * levels; ++j)
      st->out.push_back(std::make_shared<DevImage>(in[j]->width, in[j]->height, false));
  };
  auto alloc_pad = [st, &in, levels, r] {
    if (!st->padded.empty()) return;
    for (std::size_t l = 0; l < levels; ++l)
      st->padded.push_back(std::make_shared<DevImage>(in[l]->width + 2 * r, in[l]->height + 2 * r, false));
  };
  auto alloc_tmp = [st, &in, levels, r] {
    if (!st->tmp.empty()) return;
    for (std::size_t l = 0; l < levels; ++l)
      st->tmp.push_back(std::make_shared<DevImage>(in[l]->width, in[l]->height + 2 * r, false));
  };
  auto outs = [st] {
    std::vector<const DevImage*> v;
    for (const auto& o : st->out) v.push_back(o.get());
    return v;
  };
  const NppStreamContext ctx = cx.npp;
  const NppiPoint origin{0, 0}, anchor{r, r};
  const NppiSize ksz{k, k};
  std::vector<Method> m;
  const int n = static_cast<int>(levels);

  // Border-controlled calls with a given border type (MIRROR is the workload's; REPLICATE is NPP's).
  auto border_method = [&](NppiBorderType border, const std::string& border_name, bool exact) {
    Method me;
    me.border_used = border_name;
    me.exact_border = exact;
    me.halo = r;
    me.calls = 2 * n;
    me.setup = alloc_out;
    me.outputs = outs;
    if (k == 3) {
      me.name = "scharr_border_" + border_name;
      me.description =
          "nppiFilterScharrVertBorder_32f_C1R (d/dx) and nppiFilterScharrHorizBorder_32f_C1R (d/dy), " + border_name;
      me.run = [st, &in, n, border, ctx, origin] {
        for (int l = 0; l < n; ++l) {
          const DevImage &s = *in[l], &o = *st->out[l];
          NPP_CALL(nppiFilterScharrVertBorder_32f_C1R_Ctx(s.f(), s.step, s.size(), origin, o.f(), o.step, o.size(),
                                                          border, ctx));
        }
        for (int l = 0; l < n; ++l) {
          const DevImage &s = *in[n + l], &o = *st->out[n + l];
          NPP_CALL(nppiFilterScharrHorizBorder_32f_C1R_Ctx(s.f(), s.step, s.size(), origin, o.f(), o.step, o.size(),
                                                           border, ctx));
        }
      };
    } else {
      me.name = "filter_border_" + border_name;
      me.description = "nppiFilterBorder_32f_C1R with the oracle's " + std::to_string(k) + "x" + std::to_string(k) +
                       " kernels, " + border_name;
      me.run = [st, &in, n, border, ctx, origin, ksz, anchor] {
        for (int j = 0; j < 2 * n; ++j) {
          const DevImage &s = *in[j], &o = *st->out[j];
          const Npp32f* kern = j < n ? st->kx2d->f : st->ky2d->f;
          NPP_CALL(nppiFilterBorder_32f_C1R_Ctx(s.f(), s.step, s.size(), origin, o.f(), o.step, o.size(), kern, ksz,
                                                anchor, border, ctx));
        }
      };
    }
    return me;
  };
  m.push_back(border_method(NPP_BORDER_MIRROR, "mirror", true));
  if (k == 3) {  // the general filter with the same border, for the 3x3 too
    Method g = border_method(NPP_BORDER_MIRROR, "mirror", true);
    g.name = "filter_border_mirror";
    g.description = "nppiFilterBorder_32f_C1R with the oracle's 3x3 kernels, mirror";
    g.run = [st, &in, n, ctx, origin, ksz, anchor] {
      for (int j = 0; j < 2 * n; ++j) {
        const DevImage &s = *in[j], &o = *st->out[j];
        NPP_CALL(nppiFilterBorder_32f_C1R_Ctx(s.f(), s.step, s.size(), origin, o.f(), o.step, o.size(),
                                              j < n ? st->kx2d->f : st->ky2d->f, ksz, anchor, NPP_BORDER_MIRROR, ctx));
      }
    };
    m.push_back(g);
  }
  m.push_back(border_method(NPP_BORDER_REPLICATE, "replicate", false));

  // Exact BORDER_REFLECT_101: pad each level once (both derivatives read it), filter without border control.
  {
    Method me;
    me.name = "pad_reflect101+" + std::string(k == 3 ? "scharr" : "filter");
    me.description = "each level padded by " + std::to_string(r) + " (nppiCopy_32f_C1R + 4 nppiMirror_32f_C1R), then " +
                     (k == 3 ? std::string("nppiFilterScharrVert/Horiz_32f_C1R")
                             : std::string("nppiFilter_32f_C1R with the oracle's kernels"));
    me.border_used = "reflect_101 (padded)";
    me.calls = n * (kPadCalls + 2);
    me.setup = [alloc_out, alloc_pad] {
      alloc_out();
      alloc_pad();
    };
    me.outputs = outs;
    me.run = [st, &in, n, r, k, ctx, ksz, anchor] {
      for (int l = 0; l < n; ++l) {
        const DevImage &p = *st->padded[l], &ox = *st->out[l], &oy = *st->out[n + l];
        pad_reflect101(*in[l], p, r, ctx);
        if (k == 3) {
          NPP_CALL(nppiFilterScharrVert_32f_C1R_Ctx(p.f(r, r), p.step, ox.f(), ox.step, ox.size(), ctx));
          NPP_CALL(nppiFilterScharrHoriz_32f_C1R_Ctx(p.f(r, r), p.step, oy.f(), oy.step, oy.size(), ctx));
        } else {
          NPP_CALL(
              nppiFilter_32f_C1R_Ctx(p.f(r, r), p.step, ox.f(), ox.step, ox.size(), st->kx2d->f, ksz, anchor, ctx));
          NPP_CALL(
              nppiFilter_32f_C1R_Ctx(p.f(r, r), p.step, oy.f(), oy.step, oy.size(), st->ky2d->f, ksz, anchor, ctx));
        }
      }
    };
    m.push_back(me);
  }
  if (k == 3) {  // the padded route with the general filter and our coefficients
    Method me;
    me.name = "pad_reflect101+filter";
    me.description =
        "each level padded by 1 (nppiCopy_32f_C1R + 4 nppiMirror_32f_C1R), then nppiFilter_32f_C1R with the oracle's "
        "kernels";
    me.border_used = "reflect_101 (padded)";
    me.calls = n * (kPadCalls + 2);
    me.setup = [alloc_out, alloc_pad] {
      alloc_out();
      alloc_pad();
    };
    me.outputs = outs;
    me.run = [st, &in, n, r, ctx, ksz, anchor] {
      for (int l = 0; l < n; ++l) {
        const DevImage &p = *st->padded[l], &ox = *st->out[l], &oy = *st->out[n + l];
        pad_reflect101(*in[l], p, r, ctx);
        NPP_CALL(nppiFilter_32f_C1R_Ctx(p.f(r, r), p.step, ox.f(), ox.step, ox.size(), st->kx2d->f, ksz, anchor, ctx));
        NPP_CALL(nppiFilter_32f_C1R_Ctx(p.f(r, r), p.step, oy.f(), oy.step, oy.size(), st->ky2d->f, ksz, anchor, ctx));
      }
    };
    m.push_back(me);
  }
  // The Scharr family is separable: pad, then row and column filters (two 1D passes per derivative).
  {
    Method me;
    me.name = "pad_reflect101+row+column";
    me.description = "each level padded by " + std::to_string(r) +
                     " (nppiCopy_32f_C1R + 4 nppiMirror_32f_C1R), then nppiFilterRow_32f_C1R over the padded rows and "
                     "nppiFilterColumn_32f_C1R, with the oracle's separable factors";
    me.border_used = "reflect_101 (padded)";
    me.calls = n * (kPadCalls + 4);
    me.setup = [alloc_out, alloc_pad, alloc_tmp] {
      alloc_out();
      alloc_pad();
      alloc_tmp();
    };
    me.outputs = outs;
    me.run = [st, &in, n, r, k, ctx] {
      for (int l = 0; l < n; ++l) {
        const DevImage &p = *st->padded[l], &t = *st->tmp[l], &ox = *st->out[l], &oy = *st->out[n + l];
        pad_reflect101(*in[l], p, r, ctx);
        const NppiSize rows{t.width, t.height};
        NPP_CALL(nppiFilterRow_32f_C1R_Ctx(p.f(r, 0), p.step, t.f(), t.step, rows, st->kx_row->f, k, r, ctx));
        NPP_CALL(nppiFilterColumn_32f_C1R_Ctx(t.f(0, r), t.step, ox.f(), ox.step, ox.size(), st->kx_col->f, k, r, ctx));
        NPP_CALL(nppiFilterRow_32f_C1R_Ctx(p.f(r, 0), p.step, t.f(), t.step, rows, st->ky_row->f, k, r, ctx));
        NPP_CALL(nppiFilterColumn_32f_C1R_Ctx(t.f(0, r), t.step, oy.f(), oy.step, oy.size(), st->ky_col->f, k, r, ctx));
      }
    };
    m.push_back(me);
  }
  // NPP 13's nppiFilter_32f_C1R (3x3, 5x5) and nppiFilterRow/Column_32f_C1R do not read the pixels
  // outside the ROI as their documentation says (measured: the edge pixels come out as with a replicate
  // border), so the exact route filters the whole padded image with border control (replicate, which
  // touches only the discarded outer ring) and keeps the interior.
  auto alloc_out_padded = [st, &in, levels, r](bool two_pass) {
    if (st->out_padded.empty())
      for (std::size_t j = 0; j < 2 * levels; ++j) {
        st->out_padded.push_back(std::make_shared<DevImage>(in[j]->width + 2 * r, in[j]->height + 2 * r, false));
        st->out_view.push_back(std::make_shared<DevImage>(*st->out_padded.back(), r, r, in[j]->width, in[j]->height));
      }
    if (two_pass && st->tmp_padded.empty())
      for (std::size_t l = 0; l < levels; ++l)
        st->tmp_padded.push_back(std::make_shared<DevImage>(in[l]->width + 2 * r, in[l]->height + 2 * r, false));
  };
  auto views = [st] {
    std::vector<const DevImage*> v;
    for (const auto& o : st->out_view) v.push_back(o.get());
    return v;
  };
  {
    Method me;
    me.name = "pad_reflect101+filter_border";
    me.description =
        "each level padded by " + std::to_string(r) +
        " (nppiCopy_32f_C1R + 4 nppiMirror_32f_C1R), then nppiFilterBorder_32f_C1R with the oracle's kernels over "
        "the whole padded level (replicate, outer ring discarded)";
    me.border_used = "reflect_101 (padded)";
    me.calls = n * (kPadCalls + 2);
    me.setup = [alloc_pad, alloc_out_padded] {
      alloc_pad();
      alloc_out_padded(false);
    };
    me.outputs = views;
    me.run = [st, &in, n, r, ctx, ksz, anchor, origin] {
      for (int l = 0; l < n; ++l) {
        const DevImage &p = *st->padded[l], &ox = *st->out_padded[l], &oy = *st->out_padded[n + l];
        pad_reflect101(*in[l], p, r, ctx);
        NPP_CALL(nppiFilterBorder_32f_C1R_Ctx(p.f(), p.step, p.size(), origin, ox.f(), ox.step, ox.size(), st->kx2d->f,
                                              ksz, anchor, NPP_BORDER_REPLICATE, ctx));
        NPP_CALL(nppiFilterBorder_32f_C1R_Ctx(p.f(), p.step, p.size(), origin, oy.f(), oy.step, oy.size(), st->ky2d->f,
                                              ksz, anchor, NPP_BORDER_REPLICATE, ctx));
      }
    };
    m.push_back(me);
  }
  {
    Method me;
    me.name = "pad_reflect101+row_column_border";
    me.description =
        "each level padded by " + std::to_string(r) +
        " (nppiCopy_32f_C1R + 4 nppiMirror_32f_C1R), then nppiFilterRowBorder_32f_C1R and "
        "nppiFilterColumnBorder_32f_C1R "
        "with the oracle's separable factors over the whole padded level (replicate, outer ring discarded)";
    me.border_used = "reflect_101 (padded)";
    me.calls = n * (kPadCalls + 4);
    me.setup = [alloc_pad, alloc_out_padded] {
      alloc_pad();
      alloc_out_padded(true);
    };
    me.outputs = views;
    me.run = [st, &in, n, r, k, ctx, origin] {
      for (int l = 0; l < n; ++l) {
        const DevImage &p = *st->padded[l], &t = *st->tmp_padded[l], &ox = *st->out_padded[l],
                       &oy = *st->out_padded[n + l];
        pad_reflect101(*in[l], p, r, ctx);
        for (int axis = 0; axis < 2; ++axis) {
          const DevImage& o = axis == 0 ? ox : oy;
          NPP_CALL(nppiFilterRowBorder_32f_C1R_Ctx(p.f(), p.step, p.size(), origin, t.f(), t.step, t.size(),
                                                   axis == 0 ? st->kx_row->f : st->ky_row->f, k, r,
                                                   NPP_BORDER_REPLICATE, ctx));
          NPP_CALL(nppiFilterColumnBorder_32f_C1R_Ctx(t.f(), t.step, t.size(), origin, o.f(), o.step, o.size(),
                                                      axis == 0 ? st->kx_col->f : st->ky_col->f, k, r,
                                                      NPP_BORDER_REPLICATE, ctx));
        }
      }
    };
    m.push_back(me);
  }
  return m;
}

}  // namespace npp_peers
