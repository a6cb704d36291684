#pragma once
// OpenCV 4.6 as a peer: its CPU functions (cv::Mat) and its OpenCL path (cv::UMat on the device
// select_opencv_device() chose). Scharr 3x3 is cv::Scharr; 5x5..9x9 cv::sepFilter2D with the
// oracle's separable coefficients; workload 2 cv::sepFilter2D; workload 3 cv::filter2D (CV_8U);
// workload 4 cv::cornerHarris. Every call names the workload's border.
#include <memory>

#include "peers/opencv_device.hpp"
#include "peers/peer.hpp"

namespace filterlab::peers {

std::unique_ptr<Peer> make_opencv_cpu();
// `selection` is recorded with every row; a UMat call that launched no OpenCL kernel, or one on
// another device, marks the samples as a fallback.
std::unique_ptr<Peer> make_opencv_umat(const OpenCvOpenCl& selection);

}  // namespace filterlab::peers
