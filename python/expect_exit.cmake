# SPDX-License-Identifier: Apache-2.0
# cmake -DPYTHON= -DSCRIPT= -DCSV= -DWANT_RC= -DWANT= -P expect_exit.cmake: runs PYTHON SCRIPT CSV
# and passes only when it exits with WANT_RC and its output contains the text WANT.
execute_process(COMMAND ${PYTHON} ${SCRIPT} ${CSV} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc STREQUAL WANT_RC)
  message(FATAL_ERROR "expected exit ${WANT_RC}, got ${rc}")
endif()
string(FIND "${out}${err}" "${WANT}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "expected the output to contain '${WANT}'")
endif()
