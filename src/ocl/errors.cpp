#include "ocl/errors.hpp"

#include <string>

namespace filterlab::ocl {

const char* status_name(cl_int status) {
  switch (status) {
#define FL_CASE(x) \
  case x:          \
    return #x;
    FL_CASE(CL_SUCCESS)
    FL_CASE(CL_DEVICE_NOT_FOUND)
    FL_CASE(CL_DEVICE_NOT_AVAILABLE)
    FL_CASE(CL_COMPILER_NOT_AVAILABLE)
    FL_CASE(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    FL_CASE(CL_OUT_OF_RESOURCES)
    FL_CASE(CL_OUT_OF_HOST_MEMORY)
    FL_CASE(CL_PROFILING_INFO_NOT_AVAILABLE)
    FL_CASE(CL_MEM_COPY_OVERLAP)
    FL_CASE(CL_IMAGE_FORMAT_MISMATCH)
    FL_CASE(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    FL_CASE(CL_BUILD_PROGRAM_FAILURE)
    FL_CASE(CL_MAP_FAILURE)
    FL_CASE(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    FL_CASE(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    FL_CASE(CL_COMPILE_PROGRAM_FAILURE)
    FL_CASE(CL_LINKER_NOT_AVAILABLE)
    FL_CASE(CL_LINK_PROGRAM_FAILURE)
    FL_CASE(CL_DEVICE_PARTITION_FAILED)
    FL_CASE(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
    FL_CASE(CL_INVALID_VALUE)
    FL_CASE(CL_INVALID_DEVICE_TYPE)
    FL_CASE(CL_INVALID_PLATFORM)
    FL_CASE(CL_INVALID_DEVICE)
    FL_CASE(CL_INVALID_CONTEXT)
    FL_CASE(CL_INVALID_QUEUE_PROPERTIES)
    FL_CASE(CL_INVALID_COMMAND_QUEUE)
    FL_CASE(CL_INVALID_HOST_PTR)
    FL_CASE(CL_INVALID_MEM_OBJECT)
    FL_CASE(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
    FL_CASE(CL_INVALID_IMAGE_SIZE)
    FL_CASE(CL_INVALID_SAMPLER)
    FL_CASE(CL_INVALID_BINARY)
    FL_CASE(CL_INVALID_BUILD_OPTIONS)
    FL_CASE(CL_INVALID_PROGRAM)
    FL_CASE(CL_INVALID_PROGRAM_EXECUTABLE)
    FL_CASE(CL_INVALID_KERNEL_NAME)
    FL_CASE(CL_INVALID_KERNEL_DEFINITION)
    FL_CASE(CL_INVALID_KERNEL)
    FL_CASE(CL_INVALID_ARG_INDEX)
    FL_CASE(CL_INVALID_ARG_VALUE)
    FL_CASE(CL_INVALID_ARG_SIZE)
    FL_CASE(CL_INVALID_KERNEL_ARGS)
    FL_CASE(CL_INVALID_WORK_DIMENSION)
    FL_CASE(CL_INVALID_WORK_GROUP_SIZE)
    FL_CASE(CL_INVALID_WORK_ITEM_SIZE)
    FL_CASE(CL_INVALID_GLOBAL_OFFSET)
    FL_CASE(CL_INVALID_EVENT_WAIT_LIST)
    FL_CASE(CL_INVALID_EVENT)
    FL_CASE(CL_INVALID_OPERATION)
    FL_CASE(CL_INVALID_GL_OBJECT)
    FL_CASE(CL_INVALID_BUFFER_SIZE)
    FL_CASE(CL_INVALID_MIP_LEVEL)
    FL_CASE(CL_INVALID_GLOBAL_WORK_SIZE)
    FL_CASE(CL_INVALID_PROPERTY)
    FL_CASE(CL_INVALID_IMAGE_DESCRIPTOR)
    FL_CASE(CL_INVALID_COMPILER_OPTIONS)
    FL_CASE(CL_INVALID_LINKER_OPTIONS)
    FL_CASE(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef FL_CASE
    case -1001:
      return "CL_PLATFORM_NOT_FOUND_KHR";
    default:
      return "unknown OpenCL status";
  }
}

const char* status_hint(cl_int status) {
  switch (status) {
    case -1001:
      return "no OpenCL driver is registered; install one (apt-get install pocl-opencl-icd) or check "
             "/etc/OpenCL/vendors and OCL_ICD_VENDORS";
    case CL_MEM_OBJECT_ALLOCATION_FAILURE:
    case CL_OUT_OF_RESOURCES:
      return "the device ran out of memory or resources; use a smaller image or --scale, or another device";
    case CL_OUT_OF_HOST_MEMORY:
      return "the host ran out of memory; use a smaller image or --scale";
    case CL_INVALID_WORK_GROUP_SIZE:
      return "the work-group size is not supported by this kernel on this device; choose a smaller one";
    case CL_IMAGE_FORMAT_NOT_SUPPORTED:
      return "the device does not support single-channel float images; use --storage buffer";
    case CL_INVALID_IMAGE_SIZE:
      return "the image exceeds the device's image limits; use --storage buffer or a smaller image";
    default:
      return "";
  }
}

void rethrow(const cl::Error& e, const std::string& context) {
  const cl_int status = e.err();
  std::string what = std::string(e.what() ? e.what() : "OpenCL call") + " failed with " + status_name(status) + " (" +
                     std::to_string(status) + ")";
  if (!context.empty()) what += " while " + context;
  throw Error(what, status_hint(status));
}

}  // namespace filterlab::ocl
