# mqlcl_codes.h, generated from mqlcl.h at configure time (and again whenever mqlcl.h
# changes): the X-list of every result code (MQLCL_OK, MQLCL_ERR_*) with its text, the
# one-line comment of its #define, which mqlcl_errstr returns as "NAME: text". The header's
# comments are the one place the texts are written; a code without one stops the configure.
set(_header "${PROJECT_SOURCE_DIR}/dll/include/mqlcl.h")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_header}")
file(STRINGS "${_header}" _defines REGEX "^#define MQLCL_(OK|ERR_[A-Z0-9_]+)[ \t]")
set(_list "")
foreach(_line IN LISTS _defines)
  string(REGEX MATCH "^#define (MQLCL_[A-Z0-9_]+)" _ "${_line}")
  set(_name "${CMAKE_MATCH_1}")
  if(NOT _line MATCHES "^#define MQLCL_[A-Z0-9_]+[ \t]+-?[0-9]+[ \t]+/\\*[ \t]*([^\"\\\\]*[^ \t\"\\\\])[ \t]*\\*/[ \t]*$")
    message(FATAL_ERROR "dll/include/mqlcl.h: ${_name} needs its text as a one-line comment "
                        "(#define ${_name} <value> /* text */, no quotes or backslashes): "
                        "mqlcl_errstr returns it")
  endif()
  string(APPEND _list " \\\n  X(${_name}, \"${CMAKE_MATCH_1}\")")
endforeach()
if(_list STREQUAL "")
  message(FATAL_ERROR "dll/include/mqlcl.h: no result codes (#define MQLCL_OK, MQLCL_ERR_*) found")
endif()
set(MQLCL_GENERATED_INCLUDE "${PROJECT_BINARY_DIR}/generated")
file(CONFIGURE OUTPUT "${MQLCL_GENERATED_INCLUDE}/mqlcl_codes.h" CONTENT
"/* Generated from mqlcl.h by cmake/generate_codes.cmake: every result code with its text. */
#ifndef MQLCL_CODES_H
#define MQLCL_CODES_H
#define MQLCL_CODES(X)${_list}
#endif
" @ONLY)
