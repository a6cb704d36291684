#include "peers/opencv_peer.hpp"

#include <chrono>
#include <opencv2/core.hpp>
#include <opencv2/core/ocl.hpp>
#include <opencv2/imgproc.hpp>

#include "error.hpp"
#include "reference/benchmarks.hpp"

namespace filterlab::peers {
namespace {

cv::Mat to_mat(const ref::Image& img, bool u8) {
  cv::Mat f(img.height, img.width, CV_32F, const_cast<float*>(img.px.data()));
  if (!u8) return f.clone();
  cv::Mat b;
  f.convertTo(b, CV_8U);  // integer values 0..255: exact
  return b;
}

ref::Image from_mat(const cv::Mat& m) {
  cv::Mat f;
  m.convertTo(f, CV_32F);
  ref::Image img(f.cols, f.rows);
  for (int y = 0; y < f.rows; ++y)
    for (int x = 0; x < f.cols; ++x) img.at(x, y) = f.at<float>(y, x);
  return img;
}

cv::Mat row_vector(const std::vector<double>& w) {
  cv::Mat m(1, static_cast<int>(w.size()), CV_32F);
  for (std::size_t i = 0; i < w.size(); ++i) m.at<float>(0, static_cast<int>(i)) = static_cast<float>(w[i]);
  return m;
}

// One job as OpenCV computes it; Array is cv::Mat or cv::UMat.
template <class Array>
void apply(const Job& j, const Array& src, Array& dst) {
  switch (j.kind) {
    case OpKind::Scharr:
      if (j.ksize == 3) {
        cv::Scharr(src, dst, CV_32F, j.axis == ref::Axis::X ? 1 : 0, j.axis == ref::Axis::X ? 0 : 1, 1.0, 0.0,
                   cv::BORDER_REFLECT_101);
      } else {
        const auto [kx, ky] = ref::scharr_separable(j.ksize, j.axis);
        cv::sepFilter2D(src, dst, CV_32F, row_vector(kx), row_vector(ky), cv::Point(-1, -1), 0.0,
                        cv::BORDER_REFLECT_101);
      }
      return;
    case OpKind::SepConv: {
      const auto w = ref::sepconv_weights5();
      cv::sepFilter2D(src, dst, CV_32F, row_vector(w), row_vector(w), cv::Point(-1, -1), 0.0, cv::BORDER_CONSTANT);
      return;
    }
    case OpKind::Conv2dU8: {
      const auto k = ref::conv2d_u8_weights5();
      cv::Mat kernel(k.height, k.width, CV_32F);
      for (int y = 0; y < k.height; ++y)
        for (int x = 0; x < k.width; ++x) kernel.at<float>(y, x) = static_cast<float>(k.at(x, y));
      cv::filter2D(src, dst, CV_8U, kernel, cv::Point(-1, -1), 0.0, cv::BORDER_REPLICATE);
      return;
    }
    case OpKind::Harris:
      cv::cornerHarris(src, dst, 2, 3, ref::kHarrisK, cv::BORDER_REFLECT_101);
      return;
  }
}

class OpenCvCpu : public Peer {
 public:
  std::string name() const override { return "opencv_cpu"; }
  std::string timing() const override {
    return "host wall clock around the calls (cv::Mat, " + std::to_string(cv::getNumThreads()) + " OpenCV threads)";
  }
  std::optional<std::string> not_comparable(const Workload&) const override { return std::nullopt; }
  void prepare(const Workload& w) override {
    jobs_ = w.jobs;
    src_.clear();
    dst_.assign(jobs_.size(), cv::Mat());
    for (const auto& j : jobs_) src_.push_back(to_mat(*j.input, w.u8));
  }
  void run() override {
    for (std::size_t i = 0; i < jobs_.size(); ++i) apply(jobs_[i], src_[i], dst_[i]);
  }
  std::vector<ref::Image> outputs() override {
    std::vector<ref::Image> out;
    for (const auto& d : dst_) out.push_back(from_mat(d));
    return out;
  }

 private:
  std::vector<Job> jobs_;
  std::vector<cv::Mat> src_, dst_;
};

class OpenCvUmat : public Peer {
 public:
  explicit OpenCvUmat(OpenCvOpenCl selection) : selection_(std::move(selection)) {}
  std::string name() const override { return "opencv_umat"; }
  std::string timing() const override {
    return "host wall clock around the calls plus cv::ocl::finish() (cv::UMat; OpenCV exposes no profiling events)";
  }
  std::optional<std::string> not_comparable(const Workload&) const override { return std::nullopt; }
  void prepare(const Workload& w) override {
    jobs_ = w.jobs;
    src_.clear();
    dst_.assign(jobs_.size(), cv::UMat());
    for (const auto& j : jobs_) {
      cv::UMat u;
      to_mat(*j.input, w.u8).copyTo(u);
      src_.push_back(u);
    }
    cv::ocl::finish();
    runs_ = 0;
    min_launches_ = UINT64_MAX;
    launches_ = foreign_ = 0;
  }
  void run() override {
    const auto foreign_before = opencv_foreign_launches();
    for (std::size_t i = 0; i < jobs_.size(); ++i) {
      const auto before = opencv_launches();
      apply(jobs_[i], src_[i], dst_[i]);
      const auto n = opencv_launches() - before;  // counted at enqueue: no wait inside the sample
      launches_ += n;
      min_launches_ = std::min(min_launches_, n);
    }
    cv::ocl::finish();
    ++runs_;
    foreign_ += opencv_foreign_launches() - foreign_before;
  }
  std::vector<ref::Image> outputs() override {
    std::vector<ref::Image> out;
    for (const auto& d : dst_) out.push_back(from_mat(d.getMat(cv::ACCESS_READ)));
    return out;
  }
  nlohmann::json evidence() const override {
    auto j = selection_.json();
    j["calls_per_sample"] = jobs_.size();
    j["samples_counted"] = runs_;
    j["opencl_launches_total"] = launches_;
    j["opencl_launches_min_per_call"] = runs_ ? min_launches_ : 0;
    j["opencl_launches_on_other_devices"] = foreign_;
    j["fell_back"] = fell_back();
    return j;
  }
  // Every call of every sample must have launched OpenCL kernels, all on the selected device.
  bool fell_back() const override {
    return !selection_.problem.empty() || runs_ == 0 || min_launches_ == 0 || foreign_ > 0;
  }

 private:
  OpenCvOpenCl selection_;
  std::vector<Job> jobs_;
  std::vector<cv::UMat> src_, dst_;
  std::uint64_t runs_ = 0, min_launches_ = 0, launches_ = 0, foreign_ = 0;
};

}  // namespace

std::unique_ptr<Peer> make_opencv_cpu() { return std::make_unique<OpenCvCpu>(); }
std::unique_ptr<Peer> make_opencv_umat(const OpenCvOpenCl& selection) {
  return std::make_unique<OpenCvUmat>(selection);
}

}  // namespace filterlab::peers
