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
endif()
