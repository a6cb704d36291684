#include "peers/halide_peer.hpp"

#include <HalideBuffer.h>
#include <HalideRuntimeCuda.h>
#include <HalideRuntimeOpenCL.h>

#include <cstdlib>
#include <string>
#include <thread>

#include "error.hpp"
#include "peers/halide_context.hpp"
#include "peers/halide_pipelines.hpp"

namespace filterlab::peers {
namespace {

// The target of the multitarget CPU libraries that Halide's dispatch runs here: the first whose
// features the CPU has (avx512_skylake: AVX-512 F, CD, BW, DQ and VL; else the AVX2/FMA one).
std::string dispatched_cpu_target() {
  std::string all = FILTERLAB_HALIDE_CPU_TARGET;
  const auto first = all.substr(0, all.find(',')), last = all.substr(all.rfind(',') + 1);
  __builtin_cpu_init();
  const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
                      __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
                      __builtin_cpu_supports("avx512vl");
  return avx512 && first.find("avx512_skylake") != std::string::npos ? first : last;
}

using Pipeline = HalidePipeline;

const char* key_of(HalideBackend b) {
  return b == HalideBackend::Cpu ? "cpu" : b == HalideBackend::OpenCl ? "ocl" : "cuda";
}

// The compiled pipeline of a job in one schedule ("hand" or an autoscheduler's name).
Pipeline pipeline_for(const Job& j, HalideBackend backend, const std::string& schedule) {
  std::string name;
  switch (j.kind) {
    case OpKind::Scharr:
      name = "scharr" + std::to_string(j.ksize) + (j.axis == ref::Axis::X ? "x" : "y");
      break;
    case OpKind::SepConv:
      name = "sepconv";
      break;
    case OpKind::Conv2dU8:
      name = "conv2d_u8";
      break;
    case OpKind::Harris:
      name = "harris";
      break;
  }
  const auto it = halide_pipelines().find(name + "/" + key_of(backend) + "/" + schedule);
  if (it == halide_pipelines().end())
    throw Error("no Halide pipeline for " + j.label + " (ksize " + std::to_string(j.ksize) + ", schedule " + schedule +
                ")");
  return it->second;
}

void check(int rc, const std::string& what) {
  if (rc != 0) throw Error("Halide " + what + " failed with error " + std::to_string(rc) + ": " + take_halide_error());
}

// Float and 8-bit buffers behind one interface.
struct Buffers {
  Halide::Runtime::Buffer<float> f_in, f_out;
  Halide::Runtime::Buffer<uint8_t> b_in, b_out;
  halide_buffer_t* in() { return f_in.data() ? f_in.raw_buffer() : b_in.raw_buffer(); }
  halide_buffer_t* out() { return f_out.data() ? f_out.raw_buffer() : b_out.raw_buffer(); }
};

class HalidePeer : public Peer {
 public:
  HalidePeer(HalideBackend backend, std::string schedule)
      : backend_(backend), gpu_(backend != HalideBackend::Cpu), schedule_(std::move(schedule)) {
    install_halide_error_handler();
  }
  std::string name() const override {
    const char* base = backend_ == HalideBackend::Cpu      ? "halide_cpu"
                       : backend_ == HalideBackend::OpenCl ? "halide_opencl"
                                                           : "halide_cuda";
    return base + (schedule_ == "hand" ? "" : "_" + schedule_);
  }
  std::string timing() const override {
    if (gpu_)
      return "host wall clock around the pipeline calls and halide_device_sync of every output (Halide has no "
             "profiling events; inputs on the device before, outputs not copied back)";
    const char* env = std::getenv("HL_NUM_THREADS");
    return "host wall clock around the pipeline calls (Halide thread pool: " +
           (env ? std::string("HL_NUM_THREADS=") + env
                : std::to_string(std::thread::hardware_concurrency()) + " cores") +
           ")";
  }
  std::optional<std::string> not_comparable(const Workload&) const override { return std::nullopt; }
  void prepare(const Workload& w) override {
    if (backend_ == HalideBackend::OpenCl && !halide_opencl_context_set())
      throw Error("Halide's OpenCL pipelines have no device", "call use_for_halide_opencl first");
    if (backend_ == HalideBackend::OpenCl) note_halide_opencl_use();
    if (backend_ == HalideBackend::Cuda) note_halide_cuda_use();
    jobs_ = w.jobs;
    bufs_.clear();
    bufs_.resize(jobs_.size());
    pipes_.clear();
    for (std::size_t i = 0; i < jobs_.size(); ++i) {
      const auto& img = *jobs_[i].input;
      auto& b = bufs_[i];
      if (w.u8) {
        b.b_in = Halide::Runtime::Buffer<uint8_t>(img.width, img.height);
        for (int y = 0; y < img.height; ++y)
          for (int x = 0; x < img.width; ++x) b.b_in(x, y) = static_cast<uint8_t>(img.at(x, y));
        b.b_out = Halide::Runtime::Buffer<uint8_t>(img.width, img.height);
      } else {
        b.f_in = Halide::Runtime::Buffer<float>(img.width, img.height);
        std::copy(img.px.begin(), img.px.end(), b.f_in.data());
        b.f_out = Halide::Runtime::Buffer<float>(img.width, img.height);
      }
      if (gpu_) {
        const auto* iface =
            backend_ == HalideBackend::Cuda ? halide_cuda_device_interface() : halide_opencl_device_interface();
        b.in()->set_host_dirty(true);
        check(halide_copy_to_device(nullptr, b.in(), iface), "copy of the input to the device");
        check(halide_device_malloc(nullptr, b.out(), iface), "allocation of the output on the device");
      }
      pipes_.push_back(pipeline_for(jobs_[i], backend_, schedule_));
    }
    if (gpu_) check(halide_device_sync(nullptr, bufs_.front().in()), "device sync");
  }
  void run() override {
    for (std::size_t i = 0; i < jobs_.size(); ++i) check(pipes_[i](bufs_[i].in(), bufs_[i].out()), jobs_[i].label);
    if (gpu_)
      for (auto& b : bufs_) check(halide_device_sync(nullptr, b.out()), "device sync");
  }
  std::vector<ref::Image> outputs() override {
    std::vector<ref::Image> out;
    for (auto& b : bufs_) {
      if (gpu_) check(halide_copy_to_host(nullptr, b.out()), "copy of the output to the host");
      const halide_buffer_t* o = b.out();
      ref::Image img(o->dim[0].extent, o->dim[1].extent);
      for (int y = 0; y < img.height; ++y)
        for (int x = 0; x < img.width; ++x)
          img.at(x, y) = b.f_out.data() ? b.f_out(x, y) : static_cast<float>(b.b_out(x, y));
      out.push_back(std::move(img));
    }
    return out;
  }
  nlohmann::json evidence() const override {
    const nlohmann::json schedule = schedule_ == "hand"
                                        ? "FilterLab's (peers/halide/schedule.hpp)"
                                        : "Halide's " + schedule_ + " autoscheduler (default machine parameters)";
    if (backend_ == HalideBackend::Cpu)
      return {{"target", FILTERLAB_HALIDE_CPU_TARGET}, {"dispatched_target", dispatched_cpu_target()}, {"schedule", schedule}};
    if (backend_ == HalideBackend::Cuda)
      return {{"target", FILTERLAB_HALIDE_CUDA_TARGET},
              {"schedule", schedule},
              {"device", "Halide's own CUDA context on device 0 (HL_GPU_DEVICE unset), beside FilterLab's OpenCL one"}};
    return {{"target", FILTERLAB_HALIDE_OCL_TARGET},
            {"schedule", schedule},
            {"device", "FilterLab's context and queue (halide_acquire_cl_context overridden)"}};
  }

 private:
  HalideBackend backend_;
  bool gpu_;
  std::string schedule_;
  std::vector<Job> jobs_;
  std::vector<Buffers> bufs_;
  std::vector<Pipeline> pipes_;
};

}  // namespace

std::unique_ptr<Peer> make_halide(HalideBackend backend, const std::string& schedule) {
  return std::make_unique<HalidePeer>(backend, schedule);
}
std::unique_ptr<Peer> make_halide_cpu(const std::string& schedule) { return make_halide(HalideBackend::Cpu, schedule); }
std::unique_ptr<Peer> make_halide_opencl(const std::string& schedule) {
  return make_halide(HalideBackend::OpenCl, schedule);
}
std::unique_ptr<Peer> make_halide_cuda(const std::string& schedule) {
  return make_halide(HalideBackend::Cuda, schedule);
}

const std::vector<std::string>& halide_autoschedulers(bool gpu) {
  static const std::vector<std::string> cpu = {"mullapudi2016", "adams2019", "li2018"},
                                        ocl = {"anderson2021", "li2018", "mullapudi2016"};
  return gpu ? ocl : cpu;
}

}  // namespace filterlab::peers
