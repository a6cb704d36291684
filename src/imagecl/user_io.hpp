#pragma once
// A user kernel's arguments from the command line: its input Images from image files (values kept:
// 8-bit 0..255, 16-bit 0..65535, float as stored), its scalars and arrays from "name=value"
// strings, and its output Images written in a format that holds their pixel type.
#include <map>
#include <string>
#include <vector>

#include "imagecl/launcher.hpp"
#include "imagecl/space.hpp"
#include "reference/image.hpp"

namespace filterlab::imagecl {

// The file's values as stored, for an Image of `pixel_type`: grey (io::read_image, colour becomes
// grey) for scalar pixels, RGBA lanes interleaved (io::read_image_rgba) for 4-lane pixels; other
// lane counts are refused. Throws filterlab::Error naming the file.
ref::Image read_pixels(const std::string& path, const std::string& pixel_type);
// Throws filterlab::Error naming `what` (e.g. "input image a.png (Image in)") when a value of `image`
// is not one `pixel_type` holds: integer types take whole numbers in their range only (300 would wrap
// to 44 in a uchar, 2.7 become 2), float takes any.
void check_pixels_fit(const ref::Image& image, const std::string& pixel_type, const std::string& what);
// 8-bit pixel types as 8-bit, 16-bit as 16-bit, the others as 32-bit float (.tif/.tiff/.pfm);
// throws when the extension cannot hold the type, before anything is written.
void write_pixels(const std::string& path, const ref::Image& image, const std::string& pixel_type);
// Throws what write_pixels would for the format, without writing: checked before a kernel runs.
void check_output_format(const std::string& path, const std::string& pixel_type);

std::vector<std::string> input_images(const KernelSpace& s);   // Images the kernel reads, in order
std::vector<std::string> output_images(const KernelSpace& s);  // Images it writes, in order

// Everything one launch of a user kernel needs, owning its images (Args points into them).
struct UserInputs {
  std::map<std::string, ref::Image> images;  // inputs as read, outputs blank of their size
  std::map<std::string, Arg> values;         // scalars and arrays
  std::string describe;                      // e.g. "in=photo.png (640x480)"
  Args args() const;
};

// `inputs`: one file per input Image, in the kernel's order; `assignments`: "name=v" (scalars) and
// "name=v1,v2,..." (arrays, 2-D ones row-major), every scalar and array exactly once; outputs take
// the size of the first input Image, or `output_size` ("WxH") when given. Throws filterlab::Error
// for a wrong count of images, an unknown, repeated, missing or malformed argument.
UserInputs user_inputs(const KernelSpace& s, const std::vector<std::string>& inputs,
                       const std::vector<std::string>& assignments, const std::string& output_size = "");

}  // namespace filterlab::imagecl
