# Debian 12 ships OpenCVConfig.cmake only in the libopencv-dev meta package, which pulls in every
# module (and hundreds of MB). We need three modules, so we import them as targets ourselves.
find_path(OpenCVParts_INCLUDE_DIR opencv2/core.hpp PATH_SUFFIXES opencv4)
set(_parts core imgproc imgcodecs)
set(_vars OpenCVParts_INCLUDE_DIR)
foreach(part IN LISTS _parts)
  find_library(OpenCVParts_${part}_LIBRARY NAMES opencv_${part})
  list(APPEND _vars OpenCVParts_${part}_LIBRARY)
endforeach()
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(OpenCVParts REQUIRED_VARS ${_vars})
if(OpenCVParts_FOUND)
  foreach(part IN LISTS _parts)
    if(NOT TARGET OpenCV::${part})
      add_library(OpenCV::${part} UNKNOWN IMPORTED)
      set_target_properties(OpenCV::${part} PROPERTIES
        IMPORTED_LOCATION "${OpenCVParts_${part}_LIBRARY}"
        INTERFACE_INCLUDE_DIRECTORIES "${OpenCVParts_INCLUDE_DIR}")
    endif()
  endforeach()
  set_property(TARGET OpenCV::imgproc APPEND PROPERTY INTERFACE_LINK_LIBRARIES OpenCV::core)
  set_property(TARGET OpenCV::imgcodecs APPEND PROPERTY INTERFACE_LINK_LIBRARIES OpenCV::core)
  # Debian's OpenCV loads Debian's oneTBB 2021 at start-up; Intel's OpenCL CPU runtime (tool
  # environment) needs its own oneTBB 2023 and, finding the older one already loaded, reports no
  # platform. Linking the environment's libtbb (backward compatible) first makes one TBB serve both.
  # Its folder holds only TBB (scripts/install-pyenv.sh), so no other library is taken from there.
  set(_tbb_dir "${FILTERLAB_PYENV}/tbb-lib")
  if(EXISTS "${_tbb_dir}/libtbb.so.12")
    # --no-as-needed: nothing calls TBB directly, and the linker would drop it.
    set_property(TARGET OpenCV::core APPEND PROPERTY INTERFACE_LINK_LIBRARIES
                 "-Wl,--push-state,--no-as-needed" "${_tbb_dir}/libtbb.so.12" "-Wl,--pop-state")
    set_property(TARGET OpenCV::core APPEND PROPERTY INTERFACE_LINK_OPTIONS "LINKER:-rpath,${_tbb_dir}")
  endif()
endif()
