#include "ocl/kernel_resources.hpp"

#include <cctype>
#include <sstream>

#include "ocl/errors.hpp"

namespace filterlab::ocl {

// The slug starts with the platform's short name (describe()), the one classification of platforms.
bool is_nvidia(const DeviceInfo& info) { return info.slug.rfind("nvidia-", 0) == 0; }

namespace {

// The lines of NVIDIA's verbose build log that describe the compiled entry point (ptxas info,
// its function properties and the spill line below them).
std::string ptxas_lines(const std::string& log) {
  std::istringstream in(log);
  std::string line, out;
  while (std::getline(in, line))
    if (line.find("ptxas") != std::string::npos || line.find("spill") != std::string::npos ||
        line.find("stack frame") != std::string::npos)
      out += line + "\n";
  return out;
}

void verbose_report(const cl::Context& context, const Device& device, const ProgramSource& source,
                    const std::string& options, const std::string& name, KernelResources& r) {
  // A fresh program (not the cache's): NVIDIA prints ptxas's report only while compiling, and the
  // extra option keeps its on-disk cache from answering instead.
  cl::Program program(context, source.text);
  program.build(std::vector<cl::Device>{device.device}, (options + " -cl-nv-verbose").c_str());
  const auto report = ptxas_lines(program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device.device));
  r.compiler_report = report.empty() ? "(the driver printed no ptxas report for " + name + ")" : report;
  // NVIDIA's program binary is the PTX text (one device: one binary).
  const auto binaries = program.getInfo<CL_PROGRAM_BINARIES>();
  if (!binaries.empty())
    r.ptx_instructions = count_ptx_instructions(std::string(binaries.front().begin(), binaries.front().end()));
}

}  // namespace

std::map<std::string, long> count_ptx_instructions(const std::string& ptx) {
  std::map<std::string, long> counts;
  std::istringstream in(ptx);
  std::string line;
  while (std::getline(in, line)) {
    std::size_t at = line.find_first_not_of(" \t");
    if (at == std::string::npos) continue;
    if (line[at] == '@') {  // a predicate guard: the instruction follows it
      at = line.find_first_of(" \t", at);
      if (at == std::string::npos) continue;
      at = line.find_first_not_of(" \t", at);
      if (at == std::string::npos) continue;
    }
    // Instructions start with a lower-case opcode and end with ';' (directives start with '.',
    // labels end with ':', comments with '//', braces open and close blocks).
    if (!std::islower(static_cast<unsigned char>(line[at])) || line.find(';', at) == std::string::npos) continue;
    const std::size_t end = line.find_first_of(" \t;", at);
    ++counts[line.substr(at, end - at)];
  }
  return counts;
}

KernelResources kernel_resources(const cl::Context& context, const Device& device, const cl::Kernel& kernel,
                                 const ProgramSource& source, const std::string& options, const std::string& name) {
  KernelResources r;
  try {
    r.max_work_group_size = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device.device);
    r.preferred_multiple = kernel.getWorkGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(device.device);
    r.private_bytes = kernel.getWorkGroupInfo<CL_KERNEL_PRIVATE_MEM_SIZE>(device.device);
    r.local_bytes = kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device.device);
    if (is_nvidia(device.info)) verbose_report(context, device, source, options, name, r);
  } catch (const cl::Error& e) {
    rethrow(e, "querying the resources of kernel " + name);
  }
  return r;
}

}  // namespace filterlab::ocl
