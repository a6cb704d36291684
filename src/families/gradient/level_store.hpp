#pragma once
// A set of image levels on the device in one of the storage study's four types: one image2d_t per
// level ("images"); every level packed into one float buffer at known offsets ("buffer"); the same
// buffer seen as one image1d_buffer_t ("image_buffer"); one image2d_array_t per run of equal-sized
// levels, an octave of the pyramid ("cubes").
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ocl/runtime.hpp"
#include "reference/image.hpp"

namespace filterlab {

enum class Storage { Images, Buffer, ImageBuffer, Cubes };
inline constexpr Storage kAllStorages[] = {Storage::Images, Storage::Buffer, Storage::ImageBuffer, Storage::Cubes};
std::string_view storage_name(Storage s);
// The storage study's table (its article's Table 1): what the host holds, what the kernel takes.
std::string_view storage_host_type(Storage s);
std::string_view storage_kernel_type(Storage s);  // as FL_SRC declares it in common/storage.cl
std::optional<Storage> parse_storage(std::string_view name);

struct LevelShape {
  int width = 0, height = 0;
  std::size_t offset = 0;  // first pixel of the level inside the buffer
};

// Packs shapes one after another (offsets are running sums of pixels).
std::vector<LevelShape> pack_levels(const std::vector<std::pair<int, int>>& sizes);

// A run of consecutive levels of equal size (an octave of the pyramid): what one image2d_array
// holds and what one launch covers for every storage but images.
struct LevelRun {
  std::size_t first = 0, count = 0;
};
std::vector<LevelRun> equal_size_runs(const std::vector<LevelShape>& levels);
// Whether a storage type holds several levels per memory object and launches per run.
bool launches_per_run(Storage s);

struct LevelStore {
  Storage storage = Storage::Buffer;
  std::vector<LevelShape> levels;
  std::vector<cl::Image2D> images;       // Storage::Images
  cl::Buffer buffer;                     // Storage::Buffer, and under Storage::ImageBuffer
  cl::Image1DBuffer image_buffer;        // Storage::ImageBuffer, over `buffer`
  std::vector<LevelRun> runs;            // every storage but Storage::Images
  std::vector<cl::Image2DArray> arrays;  // Storage::Cubes, one per run
  std::size_t total_pixels() const;
};

// Allocates device storage after checking every device limit; `what` names it in errors.
LevelStore allocate_levels(ocl::Runtime& rt, Storage storage, const std::vector<LevelShape>& levels,
                           const std::string& what);
// Upload/download every level (blocking).
void upload_levels(ocl::Runtime& rt, LevelStore& store, const std::vector<ref::Image>& images);
std::vector<ref::Image> download_levels(ocl::Runtime& rt, const LevelStore& store);
// Sets every pixel of every level to `value` on the device (blocking); used to poison outputs.
void fill_levels(ocl::Runtime& rt, LevelStore& store, float value);

// Device bytes that `count` stores of these levels need (for the total-memory check).
std::size_t store_bytes(const std::vector<LevelShape>& levels);

}  // namespace filterlab
