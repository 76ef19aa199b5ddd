# norm_add_kernel_library: ahead-of-time kernels as a static library
# (docs/AOT.md). Included by NormMLIRConfig.cmake; usable alone with
# NORM_COMPILE_EXECUTABLE set to a norm-compile binary.
#
#   norm_add_kernel_library(<target>
#     SOURCES a.mlir b.onnx ...        # one object and one header per source
#     [TARGET_TRIPLE <triple>]         # default: the host's
#     [MCPU <cpu>[,<cpu>...]]          # default: the host CPU
#     [MATTR <features>]
#     [PREFIX <string>]                # prepended to every exported symbol
#     [PARALLEL ON|OFF])               # default ON: links libomp
#
# runs norm-compile at build time on each source into
# ${CMAKE_CURRENT_BINARY_DIR}/<target>/<stem>.o and <stem>.h, and adds a
# STATIC library <target> of the objects whose users get that directory on
# their include path (#include "<stem>.h") and link libm (and libomp).
# <stem> is the file name without its last extension (my.model.v1.onnx ->
# my.model.v1.h); two sources of one library with the same stem (a/ln.mlir,
# b/ln.mlir) are an error naming both.

# get_filename_component(... NAME_WLE) is CMake 3.14's.
if(CMAKE_VERSION VERSION_LESS 3.14)
  message(FATAL_ERROR "norm_add_kernel_library needs CMake 3.14 or newer; "
    "this is CMake ${CMAKE_VERSION}")
endif()

if(NOT NORM_COMPILE_EXECUTABLE)
  set(NORM_COMPILE_EXECUTABLE "${NORM_MLIR_TOOLS_DIR}/norm-compile")
endif()

function(norm_add_kernel_library target)
  cmake_parse_arguments(ARG "" "TARGET_TRIPLE;MCPU;MATTR;PREFIX;PARALLEL"
    "SOURCES" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "norm_add_kernel_library(${target}): no SOURCES")
  endif()
  if(NOT DEFINED ARG_PARALLEL)
    set(ARG_PARALLEL ON)
  endif()
  set(flags)
  if(ARG_TARGET_TRIPLE)
    list(APPEND flags "--target-triple=${ARG_TARGET_TRIPLE}")
  endif()
  if(ARG_MCPU)
    list(APPEND flags "--mcpu=${ARG_MCPU}")
  endif()
  if(ARG_MATTR)
    list(APPEND flags "--mattr=${ARG_MATTR}")
  endif()
  if(ARG_PREFIX)
    list(APPEND flags "--prefix=${ARG_PREFIX}")
  endif()
  if(ARG_PARALLEL)
    list(APPEND flags "--parallel=true")
  else()
    list(APPEND flags "--parallel=false")
  endif()

  set(dir "${CMAKE_CURRENT_BINARY_DIR}/${target}")
  file(MAKE_DIRECTORY "${dir}")
  set(objects)
  set(headers)
  set(stems)
  set(stem_sources)
  foreach(source IN LISTS ARG_SOURCES)
    get_filename_component(path "${source}" ABSOLUTE)
    get_filename_component(stem "${source}" NAME_WLE)
    if(stem STREQUAL "")
      message(FATAL_ERROR "norm_add_kernel_library(${target}): the source "
        "'${source}' has no name before its extension, so its object and "
        "header would have none")
    endif()
    list(FIND stems "${stem}" earlier)
    if(NOT earlier EQUAL -1)
      list(GET stem_sources ${earlier} other)
      message(FATAL_ERROR "norm_add_kernel_library(${target}): the sources "
        "'${other}' and '${source}' would both compile to ${stem}.o and "
        "${stem}.h in ${dir}; rename one, or put them in two libraries")
    endif()
    list(APPEND stems "${stem}")
    list(APPEND stem_sources "${source}")
    set(object "${dir}/${stem}.o")
    set(header "${dir}/${stem}.h")
    add_custom_command(
      OUTPUT "${object}" "${header}"
      COMMAND "${NORM_COMPILE_EXECUTABLE}" "${path}" -o "${object}"
              "--header=${header}" ${flags}
      DEPENDS "${path}" "${NORM_COMPILE_EXECUTABLE}"
      COMMENT "norm-compile ${source}"
      VERBATIM)
    set_source_files_properties("${object}" PROPERTIES
      EXTERNAL_OBJECT TRUE GENERATED TRUE)
    list(APPEND objects "${object}")
    list(APPEND headers "${header}")
  endforeach()

  add_library(${target} STATIC ${objects} ${headers})
  set_target_properties(${target} PROPERTIES LINKER_LANGUAGE C)
  target_include_directories(${target} INTERFACE "${dir}")
  target_link_libraries(${target} INTERFACE m)
  if(ARG_PARALLEL)
    # LLVM's OpenMP runtime, next to the LLVM norm-mlir was built with.
    find_library(NORM_OMP_LIBRARY omp HINTS "${LLVM_LIBRARY_DIR}"
      /usr/lib/llvm-22/lib)
    if(NOT NORM_OMP_LIBRARY)
      message(FATAL_ERROR "norm_add_kernel_library(${target}): PARALLEL "
        "needs LLVM's OpenMP runtime (libomp; Debian: libomp-22-dev)")
    endif()
    target_link_libraries(${target} INTERFACE "${NORM_OMP_LIBRARY}")
  endif()
endfunction()
