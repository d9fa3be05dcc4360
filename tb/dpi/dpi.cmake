# SPDX-License-Identifier: Apache-2.0
# tb/dpi: the golden model in SystemVerilog through DPI-C (vfadd_model_pkg.sv on vfadd_dpi.cc)
# and vfadd_dpi_tb, a SystemVerilog testbench of vfadd_top that checks it through that package
# alone, Verilated with --timing into the executable vfadd_dpi_tb (main: vfadd_dpi_main.cc) at
# a small configuration. CTest entries (quick tier):
#   dpi_tb                    a seeded random run; passes when every response matches
#   dpi_tb_injected_mismatch  a shorter one with one expected bit flipped (+inject_mismatch):
#                             passes when the run fails with exit 1, naming that request alone
# and dpi_tb_long (long tier: two million requests).
# Included from CMakeLists.txt's test section (needs VFADD_RTL_SOURCES, VFADD_VERILATOR_FLAGS,
# vfadd_model and vfadd_verilated_runtime).
set(VFADD_DPI_DIR ${PROJECT_SOURCE_DIR}/tb/dpi)
# MaxVecLenBits 256 (so that a VL can be below the maximum) and NumStages 2 (the other quick
# tests of vfadd_top run 1 and 3).
set(VFADD_DPI_VL 256)
set(VFADD_DPI_STAGES 2)
set(VFADD_DPI_TAG_BITS 8)
# Requests of the quick-tier runs (about 0.05 ms each: 20,000 in 1 s) and of the long-tier one.
set(VFADD_DPI_CASES 20000)
set(VFADD_DPI_INJECT_CASES 2000)
set(VFADD_DPI_LONG_CASES 2000000)

add_executable(vfadd_dpi_tb ${VFADD_DPI_DIR}/vfadd_dpi_main.cc ${VFADD_DPI_DIR}/vfadd_dpi.cc)
target_compile_definitions(vfadd_dpi_tb PRIVATE VFADD_DPI_TB_CLASS=Vvfadd_dpi_tb
                           VFADD_DPI_TB_HEADER="Vvfadd_dpi_tb.h"
                           VFADD_DPI_HEADER="Vvfadd_dpi_tb__Dpi.h")
verilate(vfadd_dpi_tb PREFIX Vvfadd_dpi_tb TOP_MODULE vfadd_dpi_tb
         SOURCES ${VFADD_RTL_SOURCES} ${VFADD_DPI_DIR}/vfadd_model_pkg.sv
                 ${VFADD_DPI_DIR}/vfadd_dpi_tb.sv
         VERILATOR_ARGS ${VFADD_VERILATOR_FLAGS} --timing --timescale 1ns/1ns
                        -GMaxVecLenBits=${VFADD_DPI_VL} -GNumStages=${VFADD_DPI_STAGES}
                        -GTagBits=${VFADD_DPI_TAG_BITS}
         OPT_FAST -O2 OPT_SLOW -O1)
# verilate() adds the whole runtime to the sources: verilated.cpp and verilated_threads.cpp come
# from vfadd_verilated_runtime (compiled once for the build); the DPI and timing parts stay.
get_target_property(vfadd_dpi_sources vfadd_dpi_tb SOURCES)
list(FILTER vfadd_dpi_sources EXCLUDE REGEX
     "^${VERILATOR_ROOT}/include/verilated(_threads)?\\.cpp$")
set_property(TARGET vfadd_dpi_tb PROPERTY SOURCES ${vfadd_dpi_sources})
set_source_files_properties(${VERILATOR_ROOT}/include/verilated_dpi.cpp
                            ${VERILATOR_ROOT}/include/verilated_timing.cpp
                            PROPERTIES COMPILE_OPTIONS -Wno-unused-parameter)
# Verilator's headers are not ours to warn about.
target_include_directories(vfadd_dpi_tb SYSTEM PRIVATE ${VERILATOR_ROOT}/include
                           ${VERILATOR_ROOT}/include/vltstd)
target_link_libraries(vfadd_dpi_tb PRIVATE vfadd_model vfadd_verilated_runtime)

add_test(NAME dpi_tb COMMAND vfadd_dpi_tb +seed=1 +cases=${VFADD_DPI_CASES})
add_test(NAME dpi_tb_injected_mismatch
         COMMAND ${VFADD_DPI_DIR}/expect_failure.sh
                 "MISMATCH request 17 .*injected"
                 "^  result: expected [0-9a-f]+$"
                 "FAILED: cases ${VFADD_DPI_INJECT_CASES}, checked ${VFADD_DPI_INJECT_CASES}, mismatches 1, errors 0,"
                 -- $<TARGET_FILE:vfadd_dpi_tb> +seed=1 +cases=${VFADD_DPI_INJECT_CASES}
                 +inject_mismatch=17)
set_tests_properties(dpi_tb dpi_tb_injected_mismatch PROPERTIES LABELS quick)
add_test(NAME dpi_tb_long COMMAND vfadd_dpi_tb +seed=2026 +cases=${VFADD_DPI_LONG_CASES})
set_tests_properties(dpi_tb_long PROPERTIES LABELS long TIMEOUT 3600)
