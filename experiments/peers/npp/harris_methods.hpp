#pragma once
// Workload 4 with NPP: Harris from NPP's pieces.

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "workloads.hpp"

namespace npp_peers {

// Workload 4: Harris as cv::cornerHarris(src, dst, 2, 3, k, BORDER_REFLECT_101) on floats. NPP's
// nppiFilterHarrisCornersBorder_8u32f_C1R takes 8-bit input only (and replicate border), so it cannot
// compute this workload; its pieces can: Sobel derivatives, products, a 2x2 box sum, the response.
inline std::vector<Method> harris_methods(const Workload& w, const std::vector<DevPtr>& in, const Context& cx) {
  const Json& d = *w.jobs.front().definition;
  const float kk = static_cast<float>(d["k"].num);
  const double s = d["sobel_scale"].num;
  const DevImage& src0 = *in.front();
  const int W = src0.width, H = src0.height;
  struct State {
    DevPtr out, gx, gy, pad_src, pa, pb, pc, a, b, c, t;
  };
  auto st = std::make_shared<State>();
  auto alloc = [st, W, H](bool padded) {
    auto mk = [W, H](int extra) { return std::make_shared<DevImage>(W + extra, H + extra, false); };
    if (!st->out) {
      st->out = mk(0), st->gx = mk(0), st->gy = mk(0), st->a = mk(0), st->b = mk(0), st->c = mk(0), st->t = mk(0);
    }
    if (padded && !st->pad_src) st->pad_src = mk(2), st->pa = mk(2), st->pb = mk(2), st->pc = mk(2);
  };
  auto outs = [st] { return std::vector<const DevImage*>{st->out.get()}; };
  const NppStreamContext ctx = cx.npp;
  const NppiPoint origin{0, 0}, box_anchor{1, 1};  // window x-1..x, y-1..y (cornerHarris, blockSize 2)
  const NppiSize box{2, 2}, roi{W, H};
  // NPP's box filter averages (1/4); the gradients are unscaled Sobel: R = scale * R_npp with
  // scale = (4 s^2)^2, a power of two for s = 1/8 (no extra rounding).
  const float scale = static_cast<float>(std::pow(4.0 * s * s, 2.0));
  // R = a c - b^2 - k (a + c)^2 from the three window sums, in place where NPP allows.
  auto response = [st, ctx, roi, kk, scale] {
    const DevImage &a = *st->a, &b = *st->b, &c = *st->c, &t = *st->t, &o = *st->out;
    NPP_CALL(nppiMul_32f_C1R_Ctx(a.f(), a.step, c.f(), c.step, o.f(), o.step, roi, ctx));  // o = a c
    NPP_CALL(nppiSqr_32f_C1IR_Ctx(b.f(), b.step, roi, ctx));                               // b = b^2
    NPP_CALL(nppiSub_32f_C1IR_Ctx(b.f(), b.step, o.f(), o.step, roi, ctx));                // o = a c - b^2
    NPP_CALL(nppiAdd_32f_C1R_Ctx(a.f(), a.step, c.f(), c.step, t.f(), t.step, roi, ctx));  // t = a + c
    NPP_CALL(nppiSqr_32f_C1IR_Ctx(t.f(), t.step, roi, ctx));                               // t = (a + c)^2
    NPP_CALL(nppiMulC_32f_C1IR_Ctx(kk, t.f(), t.step, roi, ctx));                          // t = k (a + c)^2
    NPP_CALL(nppiSub_32f_C1IR_Ctx(t.f(), t.step, o.f(), o.step, roi, ctx));                // o -= t
    NPP_CALL(nppiMulC_32f_C1IR_Ctx(scale, o.f(), o.step, roi, ctx));
  };
  constexpr int kResponseCalls = 8;
  auto products = [st, ctx, roi](const DevImage& pa, const DevImage& pb, const DevImage& pc, int off) {
    const DevImage &gx = *st->gx, &gy = *st->gy;
    NPP_CALL(nppiSqr_32f_C1R_Ctx(gx.f(), gx.step, pa.f(off, off), pa.step, roi, ctx));
    NPP_CALL(nppiMul_32f_C1R_Ctx(gx.f(), gx.step, gy.f(), gy.step, pb.f(off, off), pb.step, roi, ctx));
    NPP_CALL(nppiSqr_32f_C1R_Ctx(gy.f(), gy.step, pc.f(off, off), pc.step, roi, ctx));
  };
  std::vector<Method> m;
  auto border_method = [&](NppiBorderType border, const std::string& border_name, bool exact) {
    Method me;
    me.name = "pieces_border_" + border_name;
    me.description =
        "nppiFilterSobelVertBorder/HorizBorder_32f_C1R, nppiSqr/Mul_32f (products), nppiFilterBoxBorder_32f_C1R "
        "(2x2, anchor 1,1), 8 nppi arithmetic calls for the response; " +
        border_name;
    me.border_used = border_name;
    me.exact_border = exact;
    me.halo = 2;
    me.calls = 2 + 3 + 3 + kResponseCalls;
    me.setup = [alloc] { alloc(true); };
    me.outputs = outs;
    me.run = [st, in, ctx, origin, box, box_anchor, border, products, response] {
      const DevImage &src = *in.front(), &gx = *st->gx, &gy = *st->gy;
      NPP_CALL(nppiFilterSobelVertBorder_32f_C1R_Ctx(src.f(), src.step, src.size(), origin, gx.f(), gx.step, gx.size(),
                                                     border, ctx));
      NPP_CALL(nppiFilterSobelHorizBorder_32f_C1R_Ctx(src.f(), src.step, src.size(), origin, gy.f(), gy.step, gy.size(),
                                                      border, ctx));
      products(*st->pa, *st->pb, *st->pc, 0);  // the padded buffers' top-left W x H
      const DevImage* prods[3] = {st->pa.get(), st->pb.get(), st->pc.get()};
      const DevImage* sums[3] = {st->a.get(), st->b.get(), st->c.get()};
      const NppiSize full{gx.width, gx.height};
      for (int i = 0; i < 3; ++i)
        NPP_CALL(nppiFilterBoxBorder_32f_C1R_Ctx(prods[i]->f(), prods[i]->step, full, origin, sums[i]->f(),
                                                 sums[i]->step, full, box, box_anchor, border, ctx));
      response();
    };
    return me;
  };
  m.push_back(border_method(NPP_BORDER_MIRROR, "mirror", true));
  m.push_back(border_method(NPP_BORDER_REPLICATE, "replicate", false));
  {
    Method me;
    me.name = "pieces_pad_reflect101";
    me.description =
        "source padded by 1 (nppiCopy_32f_C1R + 4 nppiMirror_32f_C1R), nppiFilterSobelVert/Horiz_32f_C1R, "
        "nppiSqr/Mul_32f into padded buffers, each padded by 1 the same way, nppiFilterBox_32f_C1R (2x2, anchor 1,1), "
        "8 nppi arithmetic calls for the response";
    me.border_used = "reflect_101 (padded)";
    me.calls = kPadCalls + 2 + 3 + 3 * (4 + 1) + kResponseCalls;
    me.setup = [alloc] { alloc(true); };
    me.outputs = outs;
    me.run = [st, in, ctx, box, box_anchor, products, response, roi] {
      const DevImage &p = *st->pad_src, &gx = *st->gx, &gy = *st->gy;
      pad_reflect101(*in.front(), p, 1, ctx);
      NPP_CALL(nppiFilterSobelVert_32f_C1R_Ctx(p.f(1, 1), p.step, gx.f(), gx.step, roi, ctx));
      NPP_CALL(nppiFilterSobelHoriz_32f_C1R_Ctx(p.f(1, 1), p.step, gy.f(), gy.step, roi, ctx));
      products(*st->pa, *st->pb, *st->pc, 1);  // into the middle of the padded buffers
      const DevImage* prods[3] = {st->pa.get(), st->pb.get(), st->pc.get()};
      const DevImage* sums[3] = {st->a.get(), st->b.get(), st->c.get()};
      for (int i = 0; i < 3; ++i) {
        const DevImage& q = *prods[i];
        // Mirror the product's own edges in place (reflect-101: row -1 is row 1, column -1 is column 1).
        const NppiSize cols{1, roi.height}, rows{roi.width + 2, 1};
        NPP_CALL(nppiCopy_32f_C1R_Ctx(q.f(2, 1), q.step, q.f(0, 1), q.step, cols, ctx));
        NPP_CALL(nppiCopy_32f_C1R_Ctx(q.f(roi.width - 1, 1), q.step, q.f(roi.width + 1, 1), q.step, cols, ctx));
        NPP_CALL(nppiCopy_32f_C1R_Ctx(q.f(0, 2), q.step, q.f(0, 0), q.step, rows, ctx));
        NPP_CALL(nppiCopy_32f_C1R_Ctx(q.f(0, roi.height - 1), q.step, q.f(0, roi.height + 1), q.step, rows, ctx));
        NPP_CALL(nppiFilterBox_32f_C1R_Ctx(q.f(1, 1), q.step, sums[i]->f(), sums[i]->step, roi, box, box_anchor, ctx));
      }
      response();
    };
    m.push_back(me);
  }
  return m;
}

}  // namespace npp_peers
