#pragma once
// Checks an image file before OpenCV decodes it: the declared size against FilterLab's limit (read
// from the header, before anything is allocated), the file's structure (PNG chunk lengths, JPEG
// markers), and for JPEG and TIFF a trial decode with the codec library in which every error or
// warning (a premature end, a compression scheme it cannot apply) refuses the file: OpenCV would
// return a grey or black image for those and report success.
#include <string>

namespace filterlab::io {

enum class ImageFormat { png, jpeg, tiff, netpbm, other };

// From the file's first bytes (not its extension): PNG, JPEG, TIFF, Netpbm ('P' and a digit, 'f' or
// 'F'), anything else.
ImageFormat sniff_image_format(const std::string& path);

// Throws filterlab::Error naming `path` when the header declares more than kMaxImagePixels pixels
// or kMaxImageSide per side, when its structure is damaged (a chunk or segment longer than the file,
// a JPEG without a frame or scan), or when the codec reports an error or warning while decoding.
// Other formats (BMP, WebP, ...) are left to OpenCV's own limit before decoding (OPENCV_IO_MAX_IMAGE_PIXELS,
// default 2^30), and to ours after.
void check_before_decoding(const std::string& path, ImageFormat format);

// OPENCV_IO_MAX_IMAGE_PIXELS, _WIDTH and _HEIGHT are read by OpenCV when it loads, and a value it
// cannot parse aborts the process before main(). At start-up (before OpenCV's initialisers) FilterLab
// replaces a value that is not a whole number by OpenCV's default, remembering it; this throws
// filterlab::Error naming such a variable, so that a command decoding an image through OpenCV refuses
// it while every other command runs.
void check_opencv_limit_variables();

}  // namespace filterlab::io
