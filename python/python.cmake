# SPDX-License-Identifier: Apache-2.0
# The Python module `vfadd` (python/vfadd_py.cc, pybind11) and its tests. Included from
# CMakeLists.txt. Built for Debian's /usr/bin/python3 (which has numpy and pybind11), not
# whatever python3 comes first on PATH, and without pybind11's CMake package (it would look for
# Python itself): pybind11 is header-only, the interpreter gives its include directory and
# extension suffix.
find_program(VFADD_PYTHON NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
find_path(VFADD_PYBIND11_INCLUDE pybind11/numpy.h PATHS /usr/include NO_DEFAULT_PATH)
if(NOT VFADD_PYTHON OR NOT VFADD_PYBIND11_INCLUDE)
  message(FATAL_ERROR "python/python.cmake: /usr/bin/python3 or pybind11 not found (Debian: "
                      "apt-get install python3-dev pybind11-dev python3-numpy; `make deps`)")
endif()
execute_process(
  COMMAND ${VFADD_PYTHON} -c
          "import sysconfig; print(sysconfig.get_paths()['include'] + ';' + sysconfig.get_config_var('EXT_SUFFIX'))"
  OUTPUT_VARIABLE vfadd_py_info OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE vfadd_py_rc)
list(GET vfadd_py_info 0 VFADD_PYTHON_INCLUDE)
list(GET vfadd_py_info 1 VFADD_PYTHON_SUFFIX)
if(NOT vfadd_py_rc EQUAL 0 OR NOT EXISTS ${VFADD_PYTHON_INCLUDE}/Python.h)
  message(FATAL_ERROR "python/python.cmake: no Python.h for ${VFADD_PYTHON} (Debian: apt-get "
                      "install python3-dev; `make deps`)")
endif()

# The model's sources compiled into the module, position-independent (vfadd_model is a static,
# non-PIC, LTO archive for the executables).
add_library(vfadd_py MODULE ${PROJECT_SOURCE_DIR}/python/vfadd_py.cc ${VFADD_MODEL_SOURCES})
target_include_directories(vfadd_py PRIVATE ${PROJECT_SOURCE_DIR}/model/include)
target_include_directories(vfadd_py SYSTEM PRIVATE ${VFADD_PYBIND11_INCLUDE}
                           ${VFADD_PYTHON_INCLUDE})
target_compile_definitions(vfadd_py PRIVATE VFADD_VERSION="${PROJECT_VERSION}")
set_target_properties(vfadd_py PROPERTIES
  OUTPUT_NAME vfadd PREFIX "" SUFFIX ${VFADD_PYTHON_SUFFIX}
  LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/python
  CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON POSITION_INDEPENDENT_CODE ON)

# Tests: the module's unit tests, and the CSV example on a good file (exit 0) and on a file with
# one wrong row (exit 1, that row named).
set(vfadd_py_env PYTHONPATH=${CMAKE_BINARY_DIR}/python PYTHONDONTWRITEBYTECODE=1)
add_test(NAME python_unittest
         COMMAND ${VFADD_PYTHON} ${PROJECT_SOURCE_DIR}/python/test_vfadd.py -v)
set(vfadd_csv ${PROJECT_SOURCE_DIR}/python/examples)
add_test(NAME python_check_csv_good
         COMMAND ${VFADD_PYTHON} ${vfadd_csv}/check_csv.py ${vfadd_csv}/sample.csv)
add_test(NAME python_check_csv_bad
         COMMAND ${CMAKE_COMMAND} -DPYTHON=${VFADD_PYTHON} -DSCRIPT=${vfadd_csv}/check_csv.py
                 -DCSV=${vfadd_csv}/sample_one_wrong.csv -DWANT_RC=1 "-DWANT=sample_one_wrong.csv:4: mismatch"
                 -P ${PROJECT_SOURCE_DIR}/python/expect_exit.cmake)
set_tests_properties(python_unittest python_check_csv_good python_check_csv_bad PROPERTIES
                     LABELS quick ENVIRONMENT "${vfadd_py_env}")
