# SPDX-License-Identifier: Apache-2.0
# The RTL instruction decoder (rtl/vfadd_decode.sv): vfadd_rtl_decode, the Verilated decoder
# behind vfadd::RtlDecode (tb/decode/rtl_decode.h), and decode_rtl_test, which checks it against
# the model's Decode (vfadd_decode_test()). Included from CMakeLists.txt (needs
# VFADD_VERILATOR_FLAGS and verilator).
#
# vfadd_rtl_decode holds no Verilator runtime (verilated.cpp, verilated_threads.cpp): the
# executable that links it must get the runtime once, from vfadd_lanes' objects or from
# vfadd_verilated_runtime below, so that both can share one binary without duplicate symbols.
add_library(vfadd_rtl_decode STATIC ${PROJECT_SOURCE_DIR}/tb/decode/rtl_decode.cc)
target_include_directories(vfadd_rtl_decode PUBLIC ${PROJECT_SOURCE_DIR}/tb/decode)
target_include_directories(vfadd_rtl_decode SYSTEM PUBLIC ${VERILATOR_ROOT}/include
                           ${VERILATOR_ROOT}/include/vltstd)
target_compile_options(vfadd_rtl_decode PRIVATE -O3)
target_link_libraries(vfadd_rtl_decode PUBLIC vfadd_model)
verilate(vfadd_rtl_decode PREFIX Vvfadd_decode TOP_MODULE vfadd_decode
         SOURCES ${PROJECT_SOURCE_DIR}/rtl/vfadd_pkg.sv ${PROJECT_SOURCE_DIR}/rtl/vfadd_decode.sv
         VERILATOR_ARGS ${VFADD_VERILATOR_FLAGS} OPT_FAST -O3)
# verilate() adds the runtime to the target's sources: take it out again.
get_target_property(vfadd_rtl_decode_sources vfadd_rtl_decode SOURCES)
list(FILTER vfadd_rtl_decode_sources EXCLUDE REGEX "^${VERILATOR_ROOT}/include/.*\\.cpp$")
set_property(TARGET vfadd_rtl_decode PROPERTY SOURCES ${vfadd_rtl_decode_sources})

# The Verilator runtime on its own, for executables that link no other Verilated target.
if(NOT TARGET vfadd_verilated_runtime)
  add_library(vfadd_verilated_runtime OBJECT ${VERILATOR_ROOT}/include/verilated.cpp
                                             ${VERILATOR_ROOT}/include/verilated_threads.cpp)
  target_include_directories(vfadd_verilated_runtime SYSTEM PUBLIC ${VERILATOR_ROOT}/include
                             ${VERILATOR_ROOT}/include/vltstd)
  target_compile_options(vfadd_verilated_runtime PRIVATE -O3)
  target_link_libraries(vfadd_verilated_runtime PUBLIC Threads::Threads)
endif()

# decode_rtl_test, which checks the RTL decoder against the model's (needs GoogleTest; called
# from CMakeLists.txt's test section).
function(vfadd_decode_test)
  add_executable(decode_rtl_test ${PROJECT_SOURCE_DIR}/tb/decode/decode_rtl_test.cc)
  target_link_libraries(decode_rtl_test PRIVATE vfadd_rtl_decode vfadd_verilated_runtime
                        GTest::gtest_main)
  add_test(NAME rtl_decode COMMAND decode_rtl_test)
  set_tests_properties(rtl_decode PROPERTIES LABELS quick)
endfunction()
