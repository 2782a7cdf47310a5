# Every C and C++ compile runs through cmake/compile_start_mtime.sh, ahead of the user's own
# launcher (ccache), so that an object is dated when its compile started: a header saved
# during a build then still triggers the object's rebuild next time (see the script).
# Include before the targets are created; POSIX hosts (the script is sh).
if(CMAKE_HOST_UNIX)
  foreach(lang C CXX)
    set(CMAKE_${lang}_COMPILER_LAUNCHER "${CMAKE_CURRENT_LIST_DIR}/compile_start_mtime.sh" ${CMAKE_${lang}_COMPILER_LAUNCHER})
  endforeach()
endif()
