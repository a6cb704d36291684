#pragma once
// Workloads 2 and 3 with NPP: the 5x5 separable float convolution and the 5x5 8-bit one.

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "workloads.hpp"

namespace npp_peers {

// Workload 2: 5x5 separable float, BORDER_CONSTANT 0.
inline std::vector<Method> sepconv_methods(const Workload& w, const std::vector<DevPtr>& in, const Context& cx) {
  const Json& d = *w.jobs.front().definition;
  const int k = static_cast<int>(d["kx"].arr.size()), r = k / 2;
  struct State {
    DevPtr out, padded, tmp, tmp_full, out_padded, out_view, tmp_padded;
    std::unique_ptr<DevKernel> kx, ky;
  };
  auto st = std::make_shared<State>();
  st->kx = std::make_unique<DevKernel>(reversed(floats(d["kx"])));
  st->ky = std::make_unique<DevKernel>(reversed(floats(d["ky"])));
  const DevImage& s = *in.front();
  const int W = s.width, H = s.height;
  auto alloc_out = [st, W, H] {
    if (!st->out) st->out = std::make_shared<DevImage>(W, H, false);
  };
  auto outs = [st] { return std::vector<const DevImage*>{st->out.get()}; };
  const NppStreamContext ctx = cx.npp;
  const NppiPoint origin{0, 0};
  std::vector<Method> m;
  auto border_method = [&](NppiBorderType border, const std::string& border_name, bool exact) {
    Method me;
    me.name = "row_column_border_" + border_name;
    me.description = "nppiFilterRowBorder_32f_C1R then nppiFilterColumnBorder_32f_C1R, " + border_name;
    me.border_used = border_name;
    me.exact_border = exact;
    me.halo = r;
    me.calls = 2;
    me.setup = [st, alloc_out, W, H] {
      alloc_out();
      if (!st->tmp) st->tmp = std::make_shared<DevImage>(W, H, false);
    };
    me.outputs = outs;
    me.run = [st, in, border, ctx, origin, k, r] {
      const DevImage &src = *in.front(), &t = *st->tmp, &o = *st->out;
      NPP_CALL(nppiFilterRowBorder_32f_C1R_Ctx(src.f(), src.step, src.size(), origin, t.f(), t.step, t.size(),
                                               st->kx->f, k, r, border, ctx));
      NPP_CALL(nppiFilterColumnBorder_32f_C1R_Ctx(t.f(), t.step, t.size(), origin, o.f(), o.step, o.size(), st->ky->f,
                                                  k, r, border, ctx));
    };
    return me;
  };
  m.push_back(border_method(NPP_BORDER_CONSTANT, "constant", true));
  m.push_back(border_method(NPP_BORDER_REPLICATE, "replicate", false));
  {
    Method me;
    me.name = "pad_constant0+row+column";
    me.description = "nppiCopyConstBorder_32f_C1R (0, " + std::to_string(r) +
                     " pixels), then nppiFilterRow_32f_C1R over the padded rows and nppiFilterColumn_32f_C1R";
    me.border_used = "constant 0 (padded)";
    me.calls = 3;
    me.setup = [st, alloc_out, W, H, r] {
      alloc_out();
      if (!st->padded) st->padded = std::make_shared<DevImage>(W + 2 * r, H + 2 * r, false);
      if (!st->tmp_full) st->tmp_full = std::make_shared<DevImage>(W, H + 2 * r, false);
    };
    me.outputs = outs;
    me.run = [st, in, ctx, k, r] {
      const DevImage &src = *in.front(), &p = *st->padded, &t = *st->tmp_full, &o = *st->out;
      NPP_CALL(
          nppiCopyConstBorder_32f_C1R_Ctx(src.f(), src.step, src.size(), p.f(), p.step, p.size(), r, r, 0.0f, ctx));
      NPP_CALL(nppiFilterRow_32f_C1R_Ctx(p.f(r, 0), p.step, t.f(), t.step, t.size(), st->kx->f, k, r, ctx));
      NPP_CALL(nppiFilterColumn_32f_C1R_Ctx(t.f(0, r), t.step, o.f(), o.step, o.size(), st->ky->f, k, r, ctx));
    };
    m.push_back(me);
  }
  {  // as in scharr_methods.hpp: the non-border row/column filters do not read outside their ROI
    Method me;
    me.name = "pad_constant0+row_column_border";
    me.description =
        "nppiCopyConstBorder_32f_C1R (0, " + std::to_string(r) +
        " pixels), then nppiFilterRowBorder_32f_C1R and nppiFilterColumnBorder_32f_C1R over the whole padded image "
        "(replicate, outer ring discarded)";
    me.border_used = "constant 0 (padded)";
    me.calls = 3;
    me.setup = [st, W, H, r] {
      if (!st->padded) st->padded = std::make_shared<DevImage>(W + 2 * r, H + 2 * r, false);
      if (!st->out_padded) {
        st->out_padded = std::make_shared<DevImage>(W + 2 * r, H + 2 * r, false);
        st->out_view = std::make_shared<DevImage>(*st->out_padded, r, r, W, H);
        st->tmp_padded = std::make_shared<DevImage>(W + 2 * r, H + 2 * r, false);
      }
    };
    me.outputs = [st] { return std::vector<const DevImage*>{st->out_view.get()}; };
    me.run = [st, in, ctx, origin, k, r] {
      const DevImage &src = *in.front(), &p = *st->padded, &t = *st->tmp_padded, &o = *st->out_padded;
      NPP_CALL(
          nppiCopyConstBorder_32f_C1R_Ctx(src.f(), src.step, src.size(), p.f(), p.step, p.size(), r, r, 0.0f, ctx));
      NPP_CALL(nppiFilterRowBorder_32f_C1R_Ctx(p.f(), p.step, p.size(), origin, t.f(), t.step, t.size(), st->kx->f, k,
                                               r, NPP_BORDER_REPLICATE, ctx));
      NPP_CALL(nppiFilterColumnBorder_32f_C1R_Ctx(t.f(), t.step, t.size(), origin, o.f(), o.step, o.size(), st->ky->f,
                                                  k, r, NPP_BORDER_REPLICATE, ctx));
    };
    m.push_back(me);
  }
  return m;
}

// Workload 3: 5x5 non-separable, 8-bit in and out, BORDER_REPLICATE (NPP's own border).
inline std::vector<Method> conv2d_u8_methods(const Workload& w, const std::vector<DevPtr>& in, const Context& cx) {
  const Json& d = *w.jobs.front().definition;
  const std::vector<float> wf = rows_flat(d["weights"]);
  const int k = static_cast<int>(d["weights"].arr.size()), r = k / 2;
  // Integer weights over a power-of-two divisor where the weights allow it (ref::conv2d_u8_weights5: n / 64).
  int divisor = 0;
  std::vector<int> wi;
  for (int div : {1, 2, 4, 8, 16, 32, 64, 128, 256}) {
    wi.clear();
    bool ok = true;
    for (float v : wf) {
      const double s = static_cast<double>(v) * div;
      if (std::fabs(s - std::nearbyint(s)) > 1e-9) ok = false;
      wi.push_back(static_cast<int>(std::nearbyint(s)));
    }
    if (ok) {
      divisor = div;
      break;
    }
  }
  struct State {
    DevPtr out;
    std::unique_ptr<DevKernel> kf, ki;
  };
  auto st = std::make_shared<State>();
  st->kf = std::make_unique<DevKernel>(reversed(wf));
  if (divisor) st->ki = std::make_unique<DevKernel>(reversed(wi));
  const DevImage& s = *in.front();
  const int W = s.width, H = s.height;
  auto alloc_out = [st, W, H] {
    if (!st->out) st->out = std::make_shared<DevImage>(W, H, true);
  };
  auto outs = [st] { return std::vector<const DevImage*>{st->out.get()}; };
  const NppStreamContext ctx = cx.npp;
  const NppiPoint origin{0, 0}, anchor{r, r};
  const NppiSize ksz{k, k};
  std::vector<Method> m;
  {
    Method me;
    me.name = "filter_border32f_8u_replicate";
    me.description = "nppiFilterBorder32f_8u_C1R (float weights, 8-bit in and out), replicate";
    me.border_used = "replicate";
    me.calls = 1;
    me.setup = alloc_out;
    me.outputs = outs;
    me.run = [st, in, ctx, origin, ksz, anchor] {
      const DevImage &src = *in.front(), &o = *st->out;
      NPP_CALL(nppiFilterBorder32f_8u_C1R_Ctx(src.b(), src.step, src.size(), origin, o.b(), o.step, o.size(), st->kf->f,
                                              ksz, anchor, NPP_BORDER_REPLICATE, ctx));
    };
    m.push_back(me);
  }
  if (divisor) {
    Method me;
    me.name = "filter_border_8u_replicate";
    me.description = "nppiFilterBorder_8u_C1R (integer weights, divisor " + std::to_string(divisor) + "), replicate";
    me.border_used = "replicate";
    me.calls = 1;
    me.setup = alloc_out;
    me.outputs = outs;
    me.run = [st, in, ctx, origin, ksz, anchor, divisor] {
      const DevImage &src = *in.front(), &o = *st->out;
      NPP_CALL(nppiFilterBorder_8u_C1R_Ctx(src.b(), src.step, src.size(), origin, o.b(), o.step, o.size(), st->ki->i,
                                           ksz, anchor, divisor, NPP_BORDER_REPLICATE, ctx));
    };
    m.push_back(me);
  }
  return m;
}

}  // namespace npp_peers
