# SPDX-License-Identifier: Apache-2.0
# libvfadd: the golden model as a shared library with a C ABI (model/include/vfadd/vfadd.h),
# its install rules (header, library, pkg-config file vfadd.pc, CMake package vfaddConfig.cmake
# with the target vfadd::vfadd) and its tests (vfadd_capi_tests()). Included from
# CMakeLists.txt after the model (needs VFADD_MODEL_SOURCES).
#
# The library compiles the model's sources again, position-independent, rather than linking
# vfadd_model: that archive holds LTO bytecode (INTERPROCEDURAL_OPTIMIZATION), which only the
# tool's own link can read. Here LTO runs at the library's link and leaves real object code.
# Only the vfadd_* calls are exported (vfadd.map); the C++ model inside stays private.
enable_language(C)  # the C99 check of the header, and the C compiler of capi_install
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(VFADD_CAPI_DIR ${PROJECT_SOURCE_DIR}/model/capi)
set(VFADD_CAPI_HEADER ${PROJECT_SOURCE_DIR}/model/include/vfadd/vfadd.h)
# The ABI version (the shared library's SOVERSION) is the header's VFADD_ABI_VERSION.
file(STRINGS ${VFADD_CAPI_HEADER} abi_line REGEX "^#define VFADD_ABI_VERSION [0-9]+$")
string(REGEX REPLACE "^#define VFADD_ABI_VERSION " "" VFADD_ABI_VERSION "${abi_line}")
if(NOT VFADD_ABI_VERSION MATCHES "^[0-9]+$")
  message(FATAL_ERROR "${VFADD_CAPI_HEADER}: no '#define VFADD_ABI_VERSION <number>' line")
endif()

add_library(vfadd_shared SHARED ${VFADD_MODEL_SOURCES} ${VFADD_CAPI_DIR}/vfadd_capi.cc)
target_include_directories(vfadd_shared PUBLIC
                           $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/model/include>
                           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_compile_definitions(vfadd_shared PRIVATE VFADD_VERSION="${PROJECT_VERSION}")
target_compile_options(vfadd_shared PRIVATE -O3)
target_link_options(vfadd_shared PRIVATE -Wl,--version-script=${VFADD_CAPI_DIR}/vfadd.map
                    -Wl,--no-undefined)
set_target_properties(vfadd_shared PROPERTIES
  OUTPUT_NAME vfadd EXPORT_NAME vfadd VERSION ${PROJECT_VERSION} SOVERSION ${VFADD_ABI_VERSION}
  POSITION_INDEPENDENT_CODE ON CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON
  LINK_DEPENDS ${VFADD_CAPI_DIR}/vfadd.map)
if(NOT VFADD_ASAN)
  set_target_properties(vfadd_shared PROPERTIES INTERPROCEDURAL_OPTIMIZATION ON)
endif()

# ---- install: cmake --install BUILD [--prefix P] ----------------------------------------------
set(VFADD_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/vfadd)
install(TARGETS vfadd_shared EXPORT vfaddTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${VFADD_CAPI_HEADER} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/vfadd)
install(EXPORT vfaddTargets NAMESPACE vfadd:: DESTINATION ${VFADD_CMAKE_DIR})
configure_package_config_file(${VFADD_CAPI_DIR}/vfaddConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/capi/vfaddConfig.cmake
                              INSTALL_DESTINATION ${VFADD_CMAKE_DIR})
# 0.x releases: a package satisfies a request for the same minor version (0.25 for 0.25.*).
write_basic_package_version_file(${CMAKE_BINARY_DIR}/capi/vfaddConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/capi/vfaddConfig.cmake
              ${CMAKE_BINARY_DIR}/capi/vfaddConfigVersion.cmake DESTINATION ${VFADD_CMAKE_DIR})
# vfadd.pc names its prefix relative to its own directory, so that `--prefix` at install time
# (and moving the tree) keeps it right.
set(pc_dir ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
file(RELATIVE_PATH VFADD_PC_PREFIX_REL /root/${pc_dir} /root)
string(REGEX REPLACE "/$" "" VFADD_PC_PREFIX_REL "${VFADD_PC_PREFIX_REL}")
configure_file(${VFADD_CAPI_DIR}/vfadd.pc.in ${CMAKE_BINARY_DIR}/capi/vfadd.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/capi/vfadd.pc DESTINATION ${pc_dir})

# vfadd_capi_tests(): capi_test (GoogleTest on the C calls, linked against libvfadd itself) and
# capi_install (model/examples/install_test.sh: installs this build into a temporary prefix and
# builds model/examples/example.c against it with pkg-config and with find_package; not in an
# ASan build). Quick tier.
function(vfadd_capi_tests)
  add_executable(capi_test ${VFADD_CAPI_DIR}/capi_test.cc)
  target_link_libraries(capi_test PRIVATE vfadd_shared GTest::gtest GTest::gtest_main)
  target_compile_definitions(capi_test PRIVATE VFADD_EXPECTED_VERSION="${PROJECT_VERSION}")
  add_test(NAME capi COMMAND capi_test)
  # The header on its own, as C99 with every warning an error: a C compile of it is part of
  # the test build.
  add_library(capi_c99_check OBJECT ${VFADD_CAPI_DIR}/c99_check.c)
  target_include_directories(capi_c99_check PRIVATE ${PROJECT_SOURCE_DIR}/model/include)
  set_target_properties(capi_c99_check PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON
                        C_EXTENSIONS OFF)
  target_compile_options(capi_c99_check PRIVATE -Wall -Wextra -Wpedantic -Werror)
  set_tests_properties(capi PROPERTIES LABELS quick)
  # (Not in a sanitized build: a C program cannot load a library built with ASan.)
  if(VFADD_ASAN)
    return()
  endif()
  add_test(NAME capi_install COMMAND ${PROJECT_SOURCE_DIR}/model/examples/install_test.sh
           ${CMAKE_BINARY_DIR} ${CMAKE_BINARY_DIR}/capi/install-test ${CMAKE_C_COMPILER}
           ${PROJECT_VERSION})
  set_tests_properties(capi_install PROPERTIES LABELS quick TIMEOUT 300)
endfunction()
