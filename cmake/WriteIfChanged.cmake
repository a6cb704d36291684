# write_if_changed(PATH CONTENT): rewrites a generated file only when its content changes, so that
# build steps run at every build do not make everything that depends on it rebuild.
function(write_if_changed path content)
  set(old "")
  if(EXISTS "${path}")
    file(READ "${path}" old)
  endif()
  if(NOT old STREQUAL content)
    file(WRITE "${path}" "${content}")
  endif()
endfunction()
