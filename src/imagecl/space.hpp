#pragma once
// A generated ImageCL kernel's search space as FilterLab reads it (the JSON written by
// filterlab-imagecl, embedded in the binary): parameters, arguments, constraints, and the
// configurations (one value per parameter) with their stable IDs and -D build options.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ocl/device.hpp"

namespace filterlab::imagecl {

struct SpaceParam {
  std::string name, define;
  std::vector<long> values;
};

struct SpaceArg {
  std::string name, kind, type, access;  // kind: image, array or scalar
  std::string boundary;                  // images: none, constant, clamped, reflect101
  std::string image_define;              // images: the image-memory switch, or "" when not tunable
  std::string constant_define;           // arrays: the constant-memory switch, or ""
  long bound = -1;                       // arrays: elements, -1 when unknown
  std::vector<double> weights;           // arrays: the values #pragma imagecl weights binds (the host must pass them)
  int dims = 2;                          // images: 2 or 3
  std::string stage, stage_argument;     // fused kernels: the stage kernel and its name there, else ""
};

struct LocalUse {
  std::string image, define;  // define "": always in local memory (the intermediate tile of a fused kernel)
  int halo_x = 0, halo_y = 0, element_bytes = 4;
  std::string convert_define;  // ICL_CONVERT_<image>: the tile holds floats (4 bytes an element); "" when not tunable
  std::string private_define;  // ICL_PRIVATE_TILE: a fused kernel's tile in each work-item's registers; or ""
};

// A fused kernel's register fusion (private_tile): its switch and the elements a work-item's tiles
// may hold together (the compiler's limit, carried by the space JSON).
struct PrivateTile {
  std::string define;  // "" when the kernel has no such switch
  long max_elements = 0;
};

// A second source of the kernel, built for the configurations with its switch on (fill_window,
// row_split): the kernel's source with that transformation, so the kernel's own .cl file (and every
// program of the configurations with the switch off) has no trace of it.
struct SecondSource {
  std::string define;  // "" when the kernel has no such switch
  std::string opencl_file, opencl;
};

// A fused kernel's register window of the interior fill (fill_window): its switch and source, the
// switches it needs, and each input Image's window per work-item.
struct FillWindow : SecondSource {
  struct Image {
    std::string image;
    int halo_x = 0, halo_y = 0, element_bytes = 4;  // (coarsen_x + halo_x) x (coarsen_y + halo_y) elements
  };
  std::vector<std::string> requires_on;
  std::vector<Image> windows;
};

struct ConstantUse {
  std::string array, define;
  long bytes = 0;
};

// A register window (ICL_WINDOW_<image>) and its vector loads (ICL_VECTOR_<image>).
struct WindowUse {
  std::string image, define, vector_define, local_define, image_define;  // local/image: "" when not tunable
  int min_x = 0, halo_x = 0, halo_y = 0;
  std::string slide_define;  // ICL_SLIDE_<image> (sliding rows), or "" when not tunable
};
// Vector stores (ICL_VECTOR_<image> of a written Image): a work-item's row of coarsen_x outputs in
// registers, stored as aligned N-pixel vectors.
struct VectorStore {
  std::string image, define, image_define;  // image_define: "" when not tunable
};
constexpr long kMaxWindowElements = 1024;  // a work-item's private window, padded rows included
// A work-group's windows together, counted at 4 bytes an element: PoCL runs a work-group's
// work-items on one thread and keeps their private arrays on its stack (a 32x64 group with two
// float windows of ~300 elements crashed PoCL 3.1 with SIGSEGV); no GPU holds that in registers.
constexpr long kMaxGroupWindowBytes = 1 << 20;

// What one logical thread (one pixel of the grid) does, counted by filterlab-imagecl from the kernel
// body with constant loop trip counts multiplied out: the operations and bytes the roofline's
// floors are derived from. Configuration-independent: the algorithm's work, not a variant's.
struct OpCounts {
  bool known = false;                  // false: the space JSON has no counts (or the body has an uncountable loop)
  std::string reason;                  // why not known
  double fp32_add = 0, fp32_mul = 0;   // float additions/subtractions and multiplications
  double fp32_fma = 0;                 // explicit fma/mad calls (two operations each)
  double fp32_other = 0;               // float division, sqrt and other builtins, one each
  double int_to_float = 0;             // conversions of integer pixels or values to float
  double float_to_int = 0;             // conversions of float results to integer types
  double image_reads = 0;              // pixel reads of every Image, before any reuse between threads
  double compulsory_bytes = 0;         // each read Image's pixel once plus each written Image's pixel once
  double compulsory_int_to_float = 0;  // one per integer Image read (each loaded pixel converted once)
  double compulsory_float_to_int = 0;  // one per integer Image written
};

struct KernelSpace {
  std::string kernel, opencl, sha256;
  std::string grid_image;  // or the fixed grid below
  long grid_width = 0, grid_height = 0, grid_depth = 1;
  int grid_dims = 2;  // 3: a 3-D grid (parameters wg_z and coarsen_z exist)
  std::vector<SpaceArg> args;
  std::vector<SpaceParam> params;
  std::vector<LocalUse> local;
  std::vector<ConstantUse> constant;
  std::vector<WindowUse> window;
  std::vector<VectorStore> vector_store;
  PrivateTile private_tile;
  FillWindow fill_window;
  SecondSource row_split;     // the row interior split (row_split)
  SecondSource simd;          // the strip vectorisation (simd, fast_round, fast_widen)
  double configurations = 0;  // product of the value counts, before device constraints
  OpCounts counts;            // per logical thread (see OpCounts)
  // The float builtins the kernel calls that OpenCL lets a device compute inexactly: name -> the
  // specification's bound in ulp (-1: may be contracted, no bound). Empty: every result is exact.
  std::map<std::string, double> inexact_builtins;

  const SpaceArg& arg(const std::string& name) const;
};

// A space from filterlab-imagecl's outputs: the JSON text and the generated OpenCL C.
KernelSpace parse_space(const std::string& json, const std::string& opencl);
// The embedded kernels by name; throws filterlab::Error listing them for an unknown name.
const KernelSpace& kernel_space(const std::string& name);
std::vector<std::string> kernel_names();
// The embedded search space exactly as filterlab-imagecl wrote it (JSON text).
std::string embedded_space_json(const std::string& name);

// One value per parameter, in the order of KernelSpace::params.
using Config = std::vector<long>;

long value_of(const KernelSpace& s, const Config& c, const std::string& param);      // throws for an unknown name
bool switched_on(const KernelSpace& s, const Config& c, const std::string& define);  // false when not a parameter
// e.g. "imagecl.sepconv_row/wg16x4/c1x2/il0/image_in1/image_out0/constant_k1/local_in0/unroll_0x5"
// (3-D grids: wg16x4x2/c1x2x1)
std::string config_id(const KernelSpace& s, const Config& c);
// Parses a config_id back; throws filterlab::Error naming what does not match the space.
Config parse_config_id(const KernelSpace& s, const std::string& id);
std::string build_options(const KernelSpace& s, const Config& c);  // "-DICL_WG_X=16 -DICL_WG_Y=4 ..."
// Whether a configuration switches a second source on; the program it is built from: the kernel's
// source, or the second source it switches on (fill_window.opencl, row_split.opencl, simd.opencl); and the file
// name its provenance records.
bool uses(const KernelSpace& s, const Config& c, const SecondSource& source);
bool uses_fill_window(const KernelSpace& s, const Config& c);
bool uses_row_split(const KernelSpace& s, const Config& c);
bool uses_simd(const KernelSpace& s, const Config& c);
const std::string& program_text(const KernelSpace& s, const Config& c);
std::string program_file(const KernelSpace& s, const Config& c);

std::uint64_t local_bytes(const KernelSpace& s, const Config& c);
std::uint64_t constant_bytes(const KernelSpace& s, const Config& c);
// The elements of the window of `w` under `c` (rows padded to the vector width; halo_y + 1 rows
// when its rows slide).
long window_elements(const KernelSpace& s, const Config& c, const WindowUse& w);
// The constraints the space declares that depend only on the device (not on the kernel's own
// CL_KERNEL_WORK_GROUP_SIZE or on image sizes): "" when `c` satisfies them, else why not.
std::string violation(const KernelSpace& s, const Config& c, const ocl::DeviceInfo& dev);

// The outputs per work-item whose bodies the generated code repeats: coarsen_x x coarsen_y (x
// coarsen_z on 3-D grids) where a register window, a vector store, a private tile or the fill
// window unrolls the coarsening loops (their indices must fold to constants), else 1 (loops).
long unrolled_outputs(const KernelSpace& s, const Config& c);
// The cap on unrolled_outputs of the configurations that correctness checks sample (verify, the
// tests, `imagecl check --max-unrolled`); the tuner and the experiments search the whole space.
// PoCL 3.1 takes minutes to compile a body unrolled 512 to 2,048 times (on a 2-core EPYC, a test
// of 12 sampled pipelines took 20 minutes uncapped, 2 under the cap); the loops it unrolls are the
// ones a 64-output body runs, and every parameter value stays reachable (coarsen_x 256 without
// unrolling, vector widths up to 16).
constexpr long kCheckMaxUnrolled = 64;
// `n` distinct configurations that satisfy violation() on `dev`, seeded, in which every value of
// every parameter appears at least once when n and the device allow it (parameters lean towards
// values not yet drawn). n == 0 or n >= the space size: every valid configuration. max_unrolled > 0
// also leaves out configurations whose unrolled_outputs exceed it (kCheckMaxUnrolled says why).
// Throws filterlab::Error when every configuration is asked for (n == 0 or n >= the space's size) and
// the space has more than kMaxEnumerated.
constexpr double kMaxEnumerated = 1e7;
std::vector<Config> sample_configs(const KernelSpace& s, std::size_t n, unsigned seed, const ocl::DeviceInfo& dev,
                                   long max_unrolled = 0);
// Every configuration of the space (product order).
std::vector<Config> all_configs(const KernelSpace& s);

}  // namespace filterlab::imagecl
