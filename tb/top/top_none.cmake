# SPDX-License-Identifier: Apache-2.0
# A model-only build (VFADD_MODEL_ONLY, `make model`): instead of the Verilated vfadd_top and
# decoder (top.cmake, decode.cmake), vfadd_top_none, a stand-in for the entry points the tool
# calls (tb/top/top_none.cc: every RTL run fails with "this vfadd is a model-only build"), also
# under the name vfadd_rtl_decode. No Verilator, no SystemC. Included from CMakeLists.txt.
add_library(vfadd_top_none STATIC ${PROJECT_SOURCE_DIR}/tb/top/top_none.cc)
target_include_directories(vfadd_top_none PUBLIC ${PROJECT_SOURCE_DIR}/tb/top
                           ${PROJECT_SOURCE_DIR}/tb/decode)
target_link_libraries(vfadd_top_none PUBLIC vfadd_model)
add_library(vfadd_rtl_decode ALIAS vfadd_top_none)
# (at file scope: enable_testing() in a function makes no tests)
enable_testing()
find_package(GTest REQUIRED)

# vfadd_model_only_tool(): the tool on the stand-in, and the tests of a model-only build (quick
# tier): libvfadd's (vfadd_capi_tests) and model_only_tool (sim/model_only_test.sh: gen | run |
# check on the model engine, --engine rtl refused, no Verilator or SystemC code in the tool).
function(vfadd_model_only_tool)
  add_executable(vfadd $<TARGET_OBJECTS:vfadd_tool_objs>)
  target_link_libraries(vfadd PRIVATE vfadd_tool_objs vfadd_top_none)
  vfadd_capi_tests()
  add_test(NAME model_only_tool COMMAND ${PROJECT_SOURCE_DIR}/sim/model_only_test.sh
           $<TARGET_FILE:vfadd> ${CMAKE_BINARY_DIR}/model-only-test)
  set_tests_properties(model_only_tool PROPERTIES LABELS quick)
endfunction()
