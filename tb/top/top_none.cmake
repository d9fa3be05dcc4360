# SPDX-License-Identifier: Apache-2.0
# The tool without the RTL: vfadd_top_none, a stand-in for the entry points of the Verilated
# vfadd_top and decoder (top.cmake, decode.cmake) that the tool calls (tb/top/top_none.cc: every
# RTL run fails with "this vfadd is a model-only build"). No Verilator, no SystemC. A model-only
# build (VFADD_MODEL_ONLY, `make model`) makes its vfadd on it; the full build makes
# vfadd_model_only on it, for the test. Included from CMakeLists.txt.
add_library(vfadd_top_none STATIC ${PROJECT_SOURCE_DIR}/tb/top/top_none.cc)
target_include_directories(vfadd_top_none PUBLIC ${PROJECT_SOURCE_DIR}/tb/top
                           ${PROJECT_SOURCE_DIR}/tb/decode)
target_link_libraries(vfadd_top_none PUBLIC vfadd_model)

# vfadd_model_only_tool(NAME): the tool NAME on the stand-in, and the CTest entry
# model_only_tool (quick tier; sim/model_only_test.sh: gen | run | check on the model engine,
# --engine rtl refused with exit 2, no Verilator or SystemC code in the tool). Call it where
# testing is enabled.
function(vfadd_model_only_tool name)
  add_executable(${name} $<TARGET_OBJECTS:vfadd_tool_objs>)
  target_link_libraries(${name} PRIVATE vfadd_tool_objs vfadd_top_none)
  add_test(NAME model_only_tool COMMAND ${PROJECT_SOURCE_DIR}/sim/model_only_test.sh
           $<TARGET_FILE:${name}> ${CMAKE_BINARY_DIR}/model-only-test)
  set_tests_properties(model_only_tool PROPERTIES LABELS quick)
endfunction()
