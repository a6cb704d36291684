#include "families/gradient/gradient_runner.hpp"

#include <algorithm>
#include <limits>

#include "error.hpp"
#include "ocl/errors.hpp"
#include "ocl/limits.hpp"
#include "ocl/ndrange.hpp"

namespace filterlab {

struct GradientRunner::Launch {
  const cl::Kernel* kernel;
  const cl::Buffer* coefficients;
  float border_value;
  bool separable;
};

namespace {

cl::Buffer constant_buffer(const cl::Context& ctx, std::vector<double> values) {
  std::vector<float> f(values.begin(), values.end());
  return cl::Buffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, f.size() * sizeof(float), f.data());
}

double sum_of(const std::vector<double>& v) {
  double s = 0.0;
  for (double x : v) s += x;
  return s;
}

}  // namespace

GradientRunner::GradientRunner(ocl::Runtime& rt, const GradientVariant& variant, ref::Border border, float border_value)
    : rt_(rt), variant_(variant), border_value_(border_value) {
  const auto& dev = rt.device.info;
  const auto& traits = variant.traits();
  const std::string what = variant.id() + " (" + std::string(ref::border_name(border)) + ")";
  if (variant.storage != Storage::Buffer) ocl::require_images(dev, what, "use --storage buffer or another device");
  const auto taps = static_cast<std::size_t>(variant.ksize) * static_cast<std::size_t>(variant.ksize);
  ocl::check_constant_memory(dev, 2 * taps * sizeof(float), what + " filter coefficients");
  if (traits.local) ocl::check_local_memory(dev, variant.local_bytes(), what + " local-memory tile");
  source_ = ocl::load_program_source(variant.kernel_files(), variant.generated_sources());
  options_ = variant.build_options(border);
  try {
    for (const auto& b : variant.kernel_builds(border)) {
      const auto program = ocl::build_program(rt.context, rt.device, source_, b.options);
      cl::Kernel kernel(program, b.kernel.c_str());
      if (!variant.default_local_size())
        ocl::check_work_group(dev, rt.device.device, kernel, variant.local_w, variant.local_h, what);
      kernels_.emplace_back(b.role, kernel);
    }
    if (traits.separable) {
      // Horizontal pass first, vertical second: separable() gives {horizontal, vertical}.
      const auto [hx, vx] = variant.separable(ref::Axis::X);
      const auto [hy, vy] = variant.separable(ref::Axis::Y);
      pass_h_x_ = constant_buffer(rt.context, hx);
      pass_v_x_ = constant_buffer(rt.context, vx);
      pass_h_y_ = constant_buffer(rt.context, hy);
      pass_v_y_ = constant_buffer(rt.context, vy);
      pass_v_border_x_ = static_cast<float>(border_value * sum_of(hx));
      pass_v_border_y_ = static_cast<float>(border_value * sum_of(hy));
    } else {
      filter_x_ = constant_buffer(rt.context, variant.kernel(ref::Axis::X).w);
      filter_y_ = constant_buffer(rt.context, variant.kernel(ref::Axis::Y).w);
    }
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "preparing " + what + " on " + dev.name);
  }
}

LevelStore& GradientRunner::temporary(const LevelStore& like) {
  bool same = tmp_ && tmp_->levels.size() == like.levels.size();
  for (std::size_t i = 0; same && i < like.levels.size(); ++i)
    same = tmp_->levels[i].width == like.levels[i].width && tmp_->levels[i].height == like.levels[i].height;
  if (!same)
    tmp_ =
        std::make_unique<LevelStore>(allocate_levels(rt_, like.storage, like.levels, "the separable pass's temporary"));
  return *tmp_;
}

const cl::Buffer& GradientRunner::level_table(const LevelStore& in, std::size_t count) {
  const std::vector<LevelShape> shapes(in.levels.begin(), in.levels.begin() + static_cast<std::ptrdiff_t>(count));
  const bool same = table_shapes_.size() == shapes.size() &&
                    std::equal(shapes.begin(), shapes.end(), table_shapes_.begin(), [](const auto& a, const auto& b) {
                      return a.width == b.width && a.height == b.height && a.offset == b.offset;
                    });
  if (same) return level_table_;
  const auto rows = static_cast<std::size_t>(variant_.traits().rows);
  const bool one_launch = variant_.traits().one_launch;  // only its kernel reads the tiles
  std::vector<cl_int> table;
  std::size_t tiles = 0;
  for (const auto& l : shapes) {
    table.insert(table.end(), {static_cast<cl_int>(l.offset), l.width, l.height, static_cast<cl_int>(tiles)});
    if (!one_launch) continue;
    const auto w = static_cast<std::size_t>(l.width), h = static_cast<std::size_t>(l.height);
    const std::size_t tiles_x = (w + variant_.local_w - 1) / variant_.local_w;
    const std::size_t tiles_y = ((h + rows - 1) / rows + variant_.local_h - 1) / variant_.local_h;
    tiles += tiles_x * tiles_y;
  }
  if (tiles > static_cast<std::size_t>(std::numeric_limits<cl_int>::max()))
    throw Error("too many work-groups for one launch of " + variant_.id(), "filter fewer or smaller images at once");
  level_table_ =
      cl::Buffer(rt_.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, table.size() * sizeof(cl_int), table.data());
  table_shapes_ = shapes;
  launch_groups_ = tiles;
  return level_table_;
}

std::vector<LevelRun> GradientRunner::launch_units(const LevelStore& in, std::size_t count) const {
  if (variant_.traits().one_launch) return {{0, count}};
  std::vector<LevelRun> units;
  if (launches_per_run(variant_.storage)) {
    for (const auto& r : in.runs)
      if (r.first < count) units.push_back({r.first, std::min(r.count, count - r.first)});
  } else {
    for (std::size_t i = 0; i < count; ++i) units.push_back({i, 1});
  }
  return units;
}

std::size_t GradientRunner::launch_count(const LevelStore& in, std::size_t level_count) const {
  return launch_units(in, std::min(level_count, in.levels.size())).size() *
         static_cast<std::size_t>(variant_.launches_per_unit());
}

std::pair<std::size_t, std::size_t> GradientRunner::work_group_info() const {
  const auto& k = kernels_.front().second;
  return {k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(rt_.device.device),
          k.getWorkGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(rt_.device.device)};
}

bool GradientRunner::level0_launched_alone(const LevelStore& in) const {
  return launch_units(in, in.levels.size()).front().count == 1;
}

namespace {
// Sets the memory object of `store` that holds the levels of `unit` as kernel argument `arg`.
void set_store_arg(cl::Kernel& kernel, int arg, const LevelStore& store, const LevelRun& unit) {
  switch (store.storage) {
    case Storage::Images:
      kernel.setArg(arg, store.images[unit.first]);
      return;
    case Storage::Buffer:
      kernel.setArg(arg, store.buffer);
      return;
    case Storage::ImageBuffer:
      kernel.setArg(arg, store.image_buffer);
      return;
    case Storage::Cubes:
      for (std::size_t r = 0; r < store.runs.size(); ++r)
        if (store.runs[r].first == unit.first) {
          kernel.setArg(arg, store.arrays[r]);
          return;
        }
      break;
  }
  throw Error("internal: no memory object holds levels from " + std::to_string(unit.first));
}
}  // namespace

void GradientRunner::launch(const Launch& l, const LevelStore& in, LevelStore& out, LevelStore* out2,
                            const LevelRun& unit, std::vector<cl::Event>& events, std::size_t level_count) {
  const auto& shape = in.levels[unit.first];
  cl::Kernel kernel = *l.kernel;
  int arg = 0;
  set_store_arg(kernel, arg++, in, unit);
  set_store_arg(kernel, arg++, out, unit);
  if (!l.separable) set_store_arg(kernel, arg++, out2 ? *out2 : out, unit);
  if (l.separable) {
    kernel.setArg(arg++, *l.coefficients);
  } else {
    kernel.setArg(arg++, filter_x_);  // "double" reads both; a one-derivative launch gets its own first
    kernel.setArg(arg++, filter_y_);
    if (l.coefficients) kernel.setArg(3, *l.coefficients);
  }
  kernel.setArg(arg++, static_cast<cl_int>(shape.width));
  kernel.setArg(arg++, static_cast<cl_int>(shape.height));
  kernel.setArg(arg++, l.border_value);
  kernel.setArg(arg++, static_cast<cl_int>(shape.offset));
  kernel.setArg(arg++, level_table(in, level_count));
  kernel.setArg(arg++, static_cast<cl_int>(level_count));
  // A default local size (NullRange) leaves the choice to the runtime over the exact level size.
  const bool chosen = !variant_.default_local_size();
  const cl::NDRange local = chosen ? cl::NDRange(variant_.local_w, variant_.local_h) : cl::NullRange;
  cl::Event e;
  // A work-item computes `rows` pixels stacked vertically.
  const int rows = l.separable ? 1 : variant_.traits().rows;
  const int items_y = (shape.height + rows - 1) / rows;
  // One-launch variants: one row of work-groups for every level, each finding its level and
  // tile in the table; the level-0 arguments above are ignored by the kernel.
  const cl::NDRange padded = ocl::padded_global(shape.width, items_y, local);
  if (!l.separable && variant_.traits().one_launch) {
    rt_.queue.enqueueNDRangeKernel(
        kernel, cl::NullRange, cl::NDRange(launch_groups_ * variant_.local_w, variant_.local_h), local, nullptr, &e);
  } else if (launches_per_run(variant_.storage)) {
    // Buffers, image buffers and cubes: the run's levels along the third dimension, from its first.
    rt_.queue.enqueueNDRangeKernel(kernel, cl::NDRange(0, 0, unit.first), cl::NDRange(padded[0], padded[1], unit.count),
                                   chosen ? cl::NDRange(variant_.local_w, variant_.local_h, 1) : cl::NullRange, nullptr,
                                   &e);
  } else {
    rt_.queue.enqueueNDRangeKernel(kernel, cl::NullRange, padded, local, nullptr, &e);
  }
  events.push_back(e);
}

void GradientRunner::enqueue_level(const LevelStore& in, LevelStore& out, ref::Axis axis, const LevelRun& level,
                                   std::vector<cl::Event>& events, std::size_t level_count) {
  const bool x = axis == ref::Axis::X;
  auto kernel = [&](const char* role) -> const cl::Kernel* {
    for (const auto& [r, k] : kernels_)
      if (r == role) return &k;
    return &kernels_.front().second;  // one kernel serves both derivatives through its filter argument
  };
  if (variant_.traits().separable) {
    LevelStore& tmp = temporary(in);
    launch({kernel("pass_h"), x ? &pass_h_x_ : &pass_h_y_, border_value_, true}, in, tmp, nullptr, level, events,
           level_count);
    launch({kernel("pass_v"), x ? &pass_v_x_ : &pass_v_y_, x ? pass_v_border_x_ : pass_v_border_y_, true}, tmp, out,
           nullptr, level, events, level_count);
  } else {
    launch({kernel(x ? "x" : "y"), x ? &filter_x_ : &filter_y_, border_value_, false}, in, out, nullptr, level, events,
           level_count);
  }
}

std::vector<cl::Event> GradientRunner::enqueue(const LevelStore& in, LevelStore& out, ref::Axis axis) {
  if (variant_.traits().both)
    throw Error("internal: " + variant_.id() + " computes both derivatives; use enqueue_both");
  if (in.storage != variant_.storage || out.storage != variant_.storage || in.levels.size() != out.levels.size())
    throw Error("internal: " + variant_.id() + " was given storage of another type or shape");
  std::vector<cl::Event> events;
  try {
    for (const auto& unit : launch_units(in, in.levels.size()))
      enqueue_level(in, out, axis, unit, events, in.levels.size());
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "running " + variant_.id() + " on " + rt_.device.info.name);
  }
  return events;
}

std::vector<cl::Event> GradientRunner::enqueue_both(const LevelStore& in, LevelStore& out_x, LevelStore& out_y,
                                                    std::size_t level_count) {
  for (const LevelStore* s : {&in, static_cast<const LevelStore*>(&out_x), static_cast<const LevelStore*>(&out_y)})
    if (s->storage != variant_.storage || s->levels.size() != in.levels.size())
      throw Error("internal: " + variant_.id() + " was given storage of another type or shape");
  std::vector<cl::Event> events;
  try {
    const std::size_t count = std::min(level_count, in.levels.size());
    for (const auto& unit : launch_units(in, count)) {
      if (variant_.traits().both) {
        launch({&kernels_.front().second, nullptr, border_value_, false}, in, out_x, &out_y, unit, events, count);
      } else {
        enqueue_level(in, out_x, ref::Axis::X, unit, events, count);
        enqueue_level(in, out_y, ref::Axis::Y, unit, events, count);
      }
    }
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "running " + variant_.id() + " on " + rt_.device.info.name);
  }
  return events;
}

namespace {

struct Prepared {
  std::vector<LevelShape> shapes;
  LevelStore in;
};

// Checks limits, uploads the inputs, and returns their store.
Prepared prepare(ocl::Runtime& rt, const GradientVariant& variant, const std::vector<ref::Image>& inputs, int stores) {
  std::vector<std::pair<int, int>> sizes;
  for (const auto& img : inputs) sizes.emplace_back(img.width, img.height);
  Prepared p;
  p.shapes = pack_levels(sizes);
  const bool offsets = variant.storage == Storage::Buffer || variant.storage == Storage::ImageBuffer;
  if (offsets && store_bytes(p.shapes) / sizeof(float) > 0x7fffffffu)
    throw Error("images too large for 32-bit buffer offsets", "filter fewer or smaller images at once");
  ocl::check_total_memory(rt.device.info, static_cast<std::uint64_t>(stores) * store_bytes(p.shapes),
                          "filtering the input");
  p.in = allocate_levels(rt, variant.storage, p.shapes, "the input image");
  upload_levels(rt, p.in, inputs);
  return p;
}

// An output store poisoned with NaN, so that an unwritten pixel can never pass as a result.
LevelStore poisoned_output(ocl::Runtime& rt, const GradientVariant& variant, const std::vector<ref::Image>& inputs,
                           const std::vector<LevelShape>& shapes, const std::string& what) {
  auto out = allocate_levels(rt, variant.storage, shapes, what);
  std::vector<ref::Image> poison;
  for (const auto& img : inputs) poison.emplace_back(img.width, img.height, std::numeric_limits<float>::quiet_NaN());
  upload_levels(rt, out, poison);
  return out;
}

}  // namespace

std::pair<std::vector<ref::Image>, std::vector<ref::Image>> apply_gradient(ocl::Runtime& rt,
                                                                           const GradientVariant& variant,
                                                                           const std::vector<ref::Image>& inputs,
                                                                           ref::Border border, float border_value) {
  auto p = prepare(rt, variant, inputs, 4);
  GradientRunner runner(rt, variant, border, border_value);
  auto out_x = poisoned_output(rt, variant, inputs, p.shapes, "the d/dx output");
  auto out_y = poisoned_output(rt, variant, inputs, p.shapes, "the d/dy output");
  runner.enqueue_both(p.in, out_x, out_y);
  return {download_levels(rt, out_x), download_levels(rt, out_y)};
}

std::vector<ref::Image> apply_derivative(ocl::Runtime& rt, const GradientVariant& variant,
                                         const std::vector<ref::Image>& inputs, ref::Axis axis, ref::Border border,
                                         float border_value) {
  if (variant.traits().both) {
    auto both = apply_gradient(rt, variant, inputs, border, border_value);
    return axis == ref::Axis::X ? both.first : both.second;
  }
  auto p = prepare(rt, variant, inputs, 3);
  GradientRunner runner(rt, variant, border, border_value);
  auto out = poisoned_output(rt, variant, inputs, p.shapes, "the output image");
  runner.enqueue(p.in, out, axis);
  return download_levels(rt, out);
}

ref::Image apply_derivative(ocl::Runtime& rt, const GradientVariant& variant, const ref::Image& input, ref::Axis axis,
                            ref::Border border, float border_value) {
  return apply_derivative(rt, variant, std::vector<ref::Image>{input}, axis, border, border_value).front();
}

}  // namespace filterlab
