# mqlcl_exports.h, generated from mqlcl.h at configure time (and again whenever mqlcl.h
# changes): the X-list of every MQLCL_API function, which mqlcl-host resolves at run time.
# The header is the one list; tests/checks/check_exports.py compares it with the export
# tables of libmqlcl.so and mqlcl.dll.
set(_header "${PROJECT_SOURCE_DIR}/dll/include/mqlcl.h")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_header}")
file(READ "${_header}" _text)
string(REGEX MATCHALL "MQLCL_API[^;(]*[ *](mqlcl_[a-z0-9_]+)[ ]*\\(" _decls "${_text}")
set(_list "")
foreach(_decl IN LISTS _decls)
  string(REGEX REPLACE ".*[ *](mqlcl_[a-z0-9_]+)[ ]*\\($" "\\1" _name "${_decl}")
  string(APPEND _list " \\\n  X(${_name})")
endforeach()
set(MQLCL_GENERATED_INCLUDE "${PROJECT_BINARY_DIR}/generated")
file(CONFIGURE OUTPUT "${MQLCL_GENERATED_INCLUDE}/mqlcl_exports.h" CONTENT
"/* Generated from mqlcl.h by cmake/generate_exports.cmake: every function of the ABI, once. */
#ifndef MQLCL_EXPORTS_H
#define MQLCL_EXPORTS_H
#define MQLCL_EXPORTS(X)${_list}
#endif
" @ONLY)
