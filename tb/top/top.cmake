# SPDX-License-Identifier: Apache-2.0
# The verification harness of rtl/vfadd_top.sv (tb/top): per configuration (MaxVecLenBits,
# NumStages) one static library vfadd_top_vl<VL>_s<STAGES> (vfadd_top_config) holding the SystemC
# harness (RunSc) and the plain C++ loop (RunCc), each around its own Verilated vfadd_top, and
# the GoogleTest executables (vfadd_top_tests). Included from CMakeLists.txt (needs
# VFADD_RTL_SOURCES, VFADD_VERILATOR_FLAGS, VFADD_VERILATOR_OPT, verilator and Threads).
#
# The Verilator runtime (verilated.cpp, verilated_threads.cpp, verilated_fst_c.cpp) is compiled
# once, in vfadd_top_runtime, and archived into each configuration's library; the Verilated
# targets it may share a binary with (vfadd_rtl_decode) carry none. Every source of the library
# is compiled with VM_SC=1 (verilate() sets it per target), the runtime too, so that the inline
# parts of verilated.h are the same everywhere.
find_package(PkgConfig REQUIRED)
pkg_check_modules(SYSTEMC REQUIRED IMPORTED_TARGET systemc)
find_package(ZLIB REQUIRED)

set(VFADD_TOP_DIR ${PROJECT_SOURCE_DIR}/tb/top)
# Waves of the top and its direct instances only: the full hierarchy triples the generated C++
# (117 of 179 MB at MaxVecLenBits=2048) for signals nobody looks at in a top-level run.
set(VFADD_TOP_TRACE_DEPTH 3)
# TagBits of every Verilated (and synthesized) vfadd_top.
set(VFADD_TOP_TAG_BITS 16)

if(NOT TARGET vfadd_top_runtime)
  add_library(vfadd_top_runtime OBJECT ${VERILATOR_ROOT}/include/verilated.cpp
                                       ${VERILATOR_ROOT}/include/verilated_threads.cpp
                                       ${VERILATOR_ROOT}/include/verilated_fst_c.cpp)
  target_include_directories(vfadd_top_runtime SYSTEM PUBLIC ${VERILATOR_ROOT}/include
                             ${VERILATOR_ROOT}/include/vltstd)
  target_compile_definitions(vfadd_top_runtime PRIVATE VM_SC=1 VM_TRACE=1 VM_TRACE_FST=1
                             VM_TRACE_VCD=0 VM_COVERAGE=0)
  target_compile_options(vfadd_top_runtime PRIVATE -O3 -Wno-unused-parameter)
  target_link_libraries(vfadd_top_runtime PUBLIC PkgConfig::SYSTEMC ZLIB::ZLIB Threads::Threads)
  # The same with Verilator's coverage counters, for the COVERAGE libraries only.
  add_library(vfadd_top_runtime_cov OBJECT EXCLUDE_FROM_ALL
              ${VERILATOR_ROOT}/include/verilated.cpp ${VERILATOR_ROOT}/include/verilated_threads.cpp
              ${VERILATOR_ROOT}/include/verilated_fst_c.cpp ${VERILATOR_ROOT}/include/verilated_cov.cpp)
  target_include_directories(vfadd_top_runtime_cov SYSTEM PUBLIC ${VERILATOR_ROOT}/include
                             ${VERILATOR_ROOT}/include/vltstd)
  target_compile_definitions(vfadd_top_runtime_cov PRIVATE VM_SC=1 VM_TRACE=1 VM_TRACE_FST=1
                             VM_TRACE_VCD=0 VM_COVERAGE=1)
  target_compile_options(vfadd_top_runtime_cov PRIVATE -O3 -Wno-unused-parameter)
  target_link_libraries(vfadd_top_runtime_cov PUBLIC PkgConfig::SYSTEMC ZLIB::ZLIB
                        Threads::Threads)
endif()

# vfadd_top_config_name(OUT VL STAGES [COVERAGE|SC_ONLY]): the name of vfadd_top_config's
# library for these arguments, into OUT. (ARGN, not ARGV<n>: an ARGV<n> past the arguments given
# is the caller's.)
function(vfadd_top_config_name out VL STAGES)
  if(ARGN STREQUAL "")
    set(suffix "")
  elseif(ARGN STREQUAL "COVERAGE")
    set(suffix _cov)
  elseif(ARGN STREQUAL "SC_ONLY")
    set(suffix _sc_only)
  else()
    message(FATAL_ERROR "vfadd_top_config: '${ARGN}': expected COVERAGE or SC_ONLY")
  endif()
  set(${out} vfadd_top_vl${VL}_s${STAGES}${suffix} PARENT_SCOPE)
endfunction()

# vfadd_top_config(VL STAGES [COVERAGE|SC_ONLY]): the library vfadd_top_vl<VL>_s<STAGES>
# (vfadd_top at MaxVecLenBits=VL, NumStages=STAGES, TagBits=16). With COVERAGE:
# vfadd_top_vl<VL>_s<STAGES>_cov, Verilated with --coverage (line and toggle points; `make
# coverage`). With SC_ONLY: vfadd_top_vl<VL>_s<STAGES>_sc_only, the SystemC harness alone (RunCc
# reports an error, Built().cc_loop is false): half the C++ to compile, for the sweep's 30 tools.
# Both are built only on request. Calling it again for the same arguments does nothing.
function(vfadd_top_config VL STAGES)
  vfadd_top_config_name(name ${VL} ${STAGES} ${ARGN})
  string(REPLACE "vfadd_top_" "" variant ${name})  # vl<VL>_s<STAGES>[_cov|_sc_only]
  set(cov_flags "")
  set(cc_loop 1)
  set(cc_source ${VFADD_TOP_DIR}/top_cc.cc)
  set(runtime vfadd_top_runtime)
  if(ARGN STREQUAL "COVERAGE")
    set(cov_flags --coverage)
    set(runtime vfadd_top_runtime_cov)
  elseif(ARGN STREQUAL "SC_ONLY")
    set(cc_loop 0)
    set(cc_source ${VFADD_TOP_DIR}/top_cc_none.cc)
  endif()
  if(TARGET ${name})
    return()
  endif()
  set(sc_prefix Vtop_${variant}_sc)
  set(cc_prefix Vtop_${variant}_cc)
  set(tag_bits ${VFADD_TOP_TAG_BITS})
  add_library(${name} STATIC ${VFADD_TOP_DIR}/top_engine.cc ${VFADD_TOP_DIR}/top_sc.cc
                             ${VFADD_TOP_DIR}/top_gtkw.cc ${cc_source} $<TARGET_OBJECTS:${runtime}>)
  target_include_directories(${name} PUBLIC ${VFADD_TOP_DIR})
  target_include_directories(${name} SYSTEM PRIVATE ${VERILATOR_ROOT}/include
                             ${VERILATOR_ROOT}/include/vltstd)
  target_compile_definitions(${name} PRIVATE
    VFADD_TOP_MAX_VL=${VL} VFADD_TOP_STAGES=${STAGES} VFADD_TOP_TAG_BITS=${tag_bits}
    VFADD_TOP_SC_CLASS=${sc_prefix} VFADD_TOP_SC_HEADER="${sc_prefix}.h"
    VFADD_TOP_CC_CLASS=${cc_prefix} VFADD_TOP_CC_HEADER="${cc_prefix}.h"
    VFADD_TOP_CC_LOOP=${cc_loop})
  target_compile_options(${name} PRIVATE -O3)
  target_link_libraries(${name} PUBLIC vfadd_model PkgConfig::SYSTEMC ZLIB::ZLIB Threads::Threads)
  set(vflags ${VFADD_VERILATOR_FLAGS} -GMaxVecLenBits=${VL} -GNumStages=${STAGES}
             -GTagBits=${tag_bits} --trace-depth ${VFADD_TOP_TRACE_DEPTH} ${cov_flags})
  if(NOT ARGN STREQUAL "")
    set_target_properties(${name} PROPERTIES EXCLUDE_FROM_ALL ON)
  endif()
  verilate(${name} PREFIX ${sc_prefix} TOP_MODULE vfadd_top SYSTEMC TRACE_FST
           SOURCES ${VFADD_RTL_SOURCES} VERILATOR_ARGS ${vflags}
           OPT_FAST ${VFADD_VERILATOR_OPT} OPT_SLOW ${VFADD_VERILATOR_OPT_SLOW})
  if(cc_loop)
    verilate(${name} PREFIX ${cc_prefix} TOP_MODULE vfadd_top TRACE_FST
             SOURCES ${VFADD_RTL_SOURCES} VERILATOR_ARGS ${vflags}
             OPT_FAST ${VFADD_VERILATOR_OPT} OPT_SLOW ${VFADD_VERILATOR_OPT_SLOW})
  endif()
  # verilate() adds the runtime to the target's sources: it comes from vfadd_top_runtime.
  get_target_property(sources ${name} SOURCES)
  list(FILTER sources EXCLUDE REGEX "^${VERILATOR_ROOT}/include/.*\\.cpp$")
  set_property(TARGET ${name} PROPERTY SOURCES ${sources})
  # The generated trace code declares a variable it does not always use.
  set(generated ${sources})
  list(FILTER generated INCLUDE REGEX "^${CMAKE_CURRENT_BINARY_DIR}/.*__Trace__.*\\.cpp$")
  set_source_files_properties(${generated} PROPERTIES COMPILE_OPTIONS -Wno-unused-variable)
endfunction()

# ---- the gate netlist of vfadd_top against its RTL -------------------------------------------
# vfadd_top_netlist_test(VL STAGES TIER CYCLES): the Yosys gate netlist of vfadd_top
# (constraints/qor.py netlist: the QoR flow, failing on the Yosys warnings docs/qor-flow.md treats
# as errors) at MaxVecLenBits VL and NumStages STAGES, written to build/netlist-top/ and Verilated
# there by Verilator's own Makefile (it exists only at build time) into Vtop_gl__ALL.a; and
# top_netlist_test_vl<VL>_s<N> (tb/top/top_netlist_test.cc), which runs it beside the RTL, the
# --cc model of the library vfadd_top_vl<VL>_s<N> of the same configuration, cycle by cycle.
# CTest entry top_netlist_vl<VL>_s<N> with label TIER, CYCLES cycles of random traffic. Lint is
# off for the netlist: it is machine-written, and the RTL it comes from is linted with -Wall. The
# netlist's C++ is compiled with VM_SC=1 like everything else linked with that library (see the
# top of this file), at -O1: a flattened gate netlist is one long straight-line function, which
# -O3 takes many times longer to compile. A long-tier netlist is not part of `all`: the target
# vfadd_long_tier (built by `make test-long`) builds it.
option(VFADD_TOP_NETLIST_TEST "build the gate-netlist-against-RTL tests of vfadd_top" ON)
add_custom_target(vfadd_long_tier)

function(vfadd_top_netlist_test vl stages tier cycles)
  vfadd_top_config(${vl} ${stages})
  set(cfg vl${vl}_s${stages})
  set(dir ${CMAKE_BINARY_DIR}/netlist-top)
  set(netlist ${dir}/vfadd_top_${cfg}.v)
  set(mdir ${dir}/obj_${cfg})
  set(archive ${mdir}/Vtop_gl__ALL.a)
  set(exe top_netlist_test_${cfg})
  file(MAKE_DIRECTORY ${mdir})
  add_custom_command(OUTPUT ${netlist}
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/constraints/qor.py netlist vfadd_top
            MaxVecLenBits=${vl} NumStages=${stages} TagBits=${VFADD_TOP_TAG_BITS} -o ${netlist}
    DEPENDS ${VFADD_RTL_SOURCES} ${PROJECT_SOURCE_DIR}/rtl/vfadd_assert.svh
            ${PROJECT_SOURCE_DIR}/rtl/vfadd.f ${PROJECT_SOURCE_DIR}/constraints/qor.py
    COMMENT "Yosys: gate netlist of vfadd_top (MaxVecLenBits=${vl} NumStages=${stages})"
    VERBATIM)
  add_custom_command(OUTPUT ${archive}
    COMMAND ${PROJECT_SOURCE_DIR}/sim/verilate_netlist.sh ${VERILATOR_BIN} Vtop_gl vfadd_top
            ${mdir} ${mdir}/verilator.log ${netlist} --x-assign unique --x-initial unique
            -MAKEFLAGS OPT_FAST=-O1 -MAKEFLAGS OPT_SLOW=-O1 -MAKEFLAGS VM_SC=1
    DEPENDS ${netlist} ${PROJECT_SOURCE_DIR}/sim/verilate_netlist.sh
    COMMENT "Verilator: the gate netlist of vfadd_top (log: netlist-top/obj_${cfg}/verilator.log)"
    VERBATIM)
  add_custom_target(vfadd_top_netlist_${cfg} DEPENDS ${archive})

  add_executable(${exe} ${VFADD_TOP_DIR}/top_netlist_test.cc)
  add_dependencies(${exe} vfadd_top_netlist_${cfg})
  target_include_directories(${exe} SYSTEM PRIVATE ${mdir} ${VERILATOR_ROOT}/include
                             ${VERILATOR_ROOT}/include/vltstd)
  # As the library's sources (and its Verilator runtime) are compiled.
  target_compile_definitions(${exe} PRIVATE
    VFADD_GL_MAX_VL=${vl} VFADD_GL_STAGES=${stages} VFADD_GL_TAG_BITS=${VFADD_TOP_TAG_BITS}
    VFADD_GL_RTL_CLASS=Vtop_${cfg}_cc VFADD_GL_RTL_HEADER="Vtop_${cfg}_cc.h"
    VM_SC=1 VM_TRACE=1 VM_TRACE_FST=1 VM_TRACE_VCD=0 VM_COVERAGE=0)
  target_compile_options(${exe} PRIVATE -O3)
  # The netlist's archive first: its references to the Verilator runtime resolve in the library.
  target_link_libraries(${exe} PRIVATE ${archive} vfadd_top_${cfg} vfadd_stim GTest::gtest)
  add_test(NAME top_netlist_${cfg} COMMAND ${exe} --cycles ${cycles})
  set_tests_properties(top_netlist_${cfg} PROPERTIES LABELS ${tier} TIMEOUT 3600)
  if(tier STREQUAL "long")
    set_target_properties(${exe} PROPERTIES EXCLUDE_FROM_ALL ON)
    add_dependencies(vfadd_long_tier ${exe})
  endif()
endfunction()

# ---- the interface checker on its own ----------------------------------------------------------
# vfadd_top_checker_test(): top_checker_test (tb/top/checker_test.cc), rtl/vfadd_top_checker.sv
# Verilated alone (--cc, with the flags of sim/verilator.f: --assert) at VecW 128, TagW 4,
# MaxInFlight 3, driven pin by pin. CTest entries (quick tier): top_checker (legal traffic, no
# assertion) and one top_checker_<rule>_bad per assertion (broken stimulus: that assertion's
# message, and no other).
function(vfadd_top_checker_test)
  add_executable(top_checker_test ${VFADD_TOP_DIR}/checker_test.cc)
  target_include_directories(top_checker_test SYSTEM PRIVATE ${VERILATOR_ROOT}/include
                             ${VERILATOR_ROOT}/include/vltstd)
  target_compile_options(top_checker_test PRIVATE -O2)
  verilate(top_checker_test PREFIX Vtop_checker TOP_MODULE vfadd_top_checker
           SOURCES ${PROJECT_SOURCE_DIR}/rtl/vfadd_pkg.sv
                   ${PROJECT_SOURCE_DIR}/rtl/vfadd_top_checker.sv
           VERILATOR_ARGS ${VFADD_VERILATOR_FLAGS} -GVecW=128 -GTagW=4 -GMaxInFlight=3
           OPT_FAST -O2)
  # verilate() adds the runtime to the target's sources: it comes from vfadd_verilated_runtime.
  get_target_property(sources top_checker_test SOURCES)
  list(FILTER sources EXCLUDE REGEX "^${VERILATOR_ROOT}/include/.*\\.cpp$")
  set_property(TARGET top_checker_test PROPERTY SOURCES ${sources})
  target_link_libraries(top_checker_test PRIVATE vfadd_verilated_runtime vfadd_model
                        GTest::gtest_main)
  add_test(NAME top_checker COMMAND top_checker_test --gtest_filter=TopChecker.QuietOnLegalTraffic)
  set_tests_properties(top_checker PROPERTIES LABELS quick)
  foreach(rule ReqValidHeld ReqStable RspValidHeld RspStable RspInFlight TagInOrder InFlightBounded)
    string(REGEX REPLACE "([a-z])([A-Z])" "\\1_\\2" snake ${rule})
    string(TOLOWER ${snake} snake)
    add_test(NAME top_checker_${snake}_bad COMMAND top_checker_test
             --gtest_filter=TopChecker.${rule}_bad)
    set_tests_properties(top_checker_${snake}_bad PROPERTIES LABELS quick)
  endforeach()
endfunction()

# ---- the tests of vfadd_top ---------------------------------------------------------------------
# vfadd_top_tests(): top_test_vl<VL>_s<STAGES> (GoogleTest, sc_main in top_test.cc) for the
# configurations below, each with these CTest entries (the GoogleTest suites they run):
#   top_vl<VL>_s<N>                     quick  everything not listed below
#   top_vl<VL>_s<N>_reset               quick  VfaddTopReset.*: resets in the middle of traffic
#   top_vl<VL>_s<N>_xseeds              quick  VfaddTopXInit.*: 10 random power-on states agree
#   top_vl<VL>_s<N>_req_valid_held_bad  quick  VfaddTopHandshake.ReqValidHeld_bad
#   top_vl<VL>_s<N>_req_stable_bad      quick  VfaddTopHandshake.ReqStable_bad
#   top_vl<VL>_s<N>_long                long   *LongTier* (two million random cases), not the soak
# and for the default configuration (512, 3) the soak, VfaddTopSoak.*:
#   top_vl512_s3_soak                   quick  200 thousand operations in one run
#   top_vl512_s3_soak_long              long   10 million operations in one run
# Called from CMakeLists.txt's test section (needs GTest::gtest and vfadd_stim).
function(vfadd_top_tests)
  set(own "VfaddTopReset.*:VfaddTopXInit.*:VfaddTopSoak.*:VfaddTopHandshake.*")
  foreach(cfg "128;1" "512;3" "2048;4")
    list(GET cfg 0 vl)
    list(GET cfg 1 stages)
    vfadd_top_config(${vl} ${stages})
    set(exe top_test_vl${vl}_s${stages})
    set(name top_vl${vl}_s${stages})
    add_executable(${exe} ${VFADD_TOP_DIR}/top_test.cc)
    target_link_libraries(${exe} PRIVATE vfadd_top_vl${vl}_s${stages} vfadd_stim GTest::gtest)
    # gtkwave/fstapi.h: the test reads the FST back (its reader is in the Verilator runtime).
    target_include_directories(${exe} SYSTEM PRIVATE ${VERILATOR_ROOT}/include)
    add_test(NAME ${name} COMMAND ${exe} --gtest_filter=-*LongTier*:${own})
    add_test(NAME ${name}_reset COMMAND ${exe} --gtest_filter=VfaddTopReset.*)
    add_test(NAME ${name}_xseeds COMMAND ${exe} --gtest_filter=VfaddTopXInit.*)
    add_test(NAME ${name}_req_valid_held_bad COMMAND ${exe}
             --gtest_filter=VfaddTopHandshake.ReqValidHeld_bad)
    add_test(NAME ${name}_req_stable_bad COMMAND ${exe}
             --gtest_filter=VfaddTopHandshake.ReqStable_bad)
    set_tests_properties(${name} ${name}_reset ${name}_xseeds ${name}_req_valid_held_bad
                         ${name}_req_stable_bad PROPERTIES LABELS quick)
    add_test(NAME ${name}_long COMMAND ${exe} --gtest_filter=*LongTier*:-VfaddTopSoak.*)
    set_tests_properties(${name}_long PROPERTIES LABELS long TIMEOUT 3600)
    if(vl EQUAL 512 AND stages EQUAL 3)
      add_test(NAME ${name}_soak COMMAND ${exe} --gtest_filter=VfaddTopSoak.*:-*LongTier*)
      set_tests_properties(${name}_soak PROPERTIES LABELS quick)
      add_test(NAME ${name}_soak_long COMMAND ${exe} --gtest_filter=VfaddTopSoak.LongTier*)
      set_tests_properties(${name}_soak_long PROPERTIES LABELS long TIMEOUT 7200)
    endif()
  endforeach()
  vfadd_top_checker_test()
  # The gate netlist: two small configurations in the quick tier (at 256 the runtime VL can be below
  # the maximum, which 128 never is), the default one in the long tier.
  if(VFADD_TOP_NETLIST_TEST)
    vfadd_top_netlist_test(128 1 quick 200000)
    vfadd_top_netlist_test(256 1 quick 100000)
    vfadd_top_netlist_test(512 3 long 1000000)
  endif()
endfunction()
