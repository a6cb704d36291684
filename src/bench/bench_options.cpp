#include "bench/bench_options.hpp"

#include <algorithm>
#include <cctype>

#include "error.hpp"
#include "reference/border.hpp"

namespace filterlab::bench {
namespace {

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const auto comma = text.find(',', start);
    out.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) return out;
    start = comma + 1;
  }
}

// A positive decimal integer of at most `max`, digits only; -1 otherwise.
long strict_positive(const std::string& text, long max) {
  if (text.empty() || text.size() > 9 ||
      !std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); }))
    return -1;
  const long v = std::stol(text);
  return v >= 1 && v <= max ? v : -1;
}

constexpr long kMaxSide = 65536;

}  // namespace

std::vector<std::pair<int, int>> parse_sizes(const std::string& text) {
  const std::string hint = "give WIDTHxHEIGHT sizes separated by commas, each side 1.." + std::to_string(kMaxSide) +
                           ", e.g. --sizes 256x256,1024x1024";
  std::vector<std::pair<int, int>> out;
  for (const auto& item : split_commas(text)) {
    const auto x = item.find('x');
    const long w = x == std::string::npos ? -1 : strict_positive(item.substr(0, x), kMaxSide);
    const long h = x == std::string::npos ? -1 : strict_positive(item.substr(x + 1), kMaxSide);
    if (w < 0 || h < 0) throw Error("--sizes: '" + item + "' is not a size", hint);
    const std::pair<int, int> size{static_cast<int>(w), static_cast<int>(h)};
    if (std::find(out.begin(), out.end(), size) != out.end())
      throw Error("--sizes: '" + item + "' is given twice", hint);
    out.push_back(size);
  }
  return out;
}

std::vector<std::string> parse_cases(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& item : split_commas(text)) {
    if (item != "-" && !ref::parse_border(item))
      throw Error("--borders: unknown border '" + item + "'",
                  "use one or more of " + ref::border_names_list() + ", or - for the variants that take no border");
    if (std::find(out.begin(), out.end(), item) != out.end()) throw Error("--borders: '" + item + "' is given twice");
    out.push_back(item);
  }
  return out;
}

BenchOptions parse_bench_options(const std::vector<std::string>& args) {
  BenchOptions o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string flag = args[i], value;
    const auto eq = flag.find('=');
    const bool inline_value = eq != std::string::npos;
    if (inline_value) value = flag.substr(eq + 1), flag = flag.substr(0, eq);
    const bool ours = flag == "--device" || flag == "--sizes" || flag == "--borders" || flag == "--bandwidth-mib";
    if (!ours)
      throw Error("unknown argument '" + args[i] + "'",
                  "filterlab-bench takes Google Benchmark's --benchmark_* flags and " +
                      std::string("--device, --sizes, ") + "--borders, --bandwidth-mib (see --help)");
    if (!inline_value) {
      if (i + 1 >= args.size()) throw Error(flag + " needs a value", "see --help");
      value = args[++i];
    }
    if (flag == "--device") {
      o.device = value;
    } else if (flag == "--sizes") {
      o.sizes = parse_sizes(value);
    } else if (flag == "--borders") {
      o.cases = parse_cases(value);
    } else {
      const long mib = strict_positive(value, 1 << 16);
      if (mib < 0) throw Error("--bandwidth-mib: '" + value + "' is not a size in MiB", "give a whole number 1..65536");
      o.bandwidth_bytes = static_cast<std::uint64_t>(mib) << 20;
    }
  }
  return o;
}

std::string bench_usage() {
  return "filterlab-bench: one Google Benchmark per registered variant x size x border x device.\n"
         "FilterLab's flags:\n"
         "  --device PATTERN      OpenCL devices whose 'platform / device' contains PATTERN (comma-separated;\n"
         "                        default: $FILTERLAB_DEVICE, else every device)\n"
         "  --sizes WxH[,WxH...]  image sizes (default 1024x1024)\n"
         "  --borders B[,B...]    verify cases to keep: " +
         ref::border_names_list() +
         ", or - (variants without a border); default: all\n"
         "  --bandwidth-mib N     the copy-bandwidth probe's buffer (default: 1 GiB on GPUs, 128 MiB on CPUs)\n"
         "Names: <variant id>/<border>/<W>x<H>/<device slug>; select with --benchmark_filter=REGEX.\n"
         "Time: device time from the OpenCL profiling events (manual time). Counters: bytes_per_second at\n"
         "the variant's minimum traffic, roofline (that over the measured copy bandwidth), pixels_per_second.\n";
}

}  // namespace filterlab::bench
