// SPDX-License-Identifier: Apache-2.0
// vfadd fuzz targets: the property check they share. A violated property prints the condition
// and aborts, which libFuzzer reports as a crash and saves as an artifact.
#ifndef VFADD_FUZZ_FUZZ_CHECK_H_
#define VFADD_FUZZ_FUZZ_CHECK_H_

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond)                                                                 \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      std::fprintf(stderr, "%s:%d: property violated: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                      \
    }                                                                                    \
  } while (0)

#endif  // VFADD_FUZZ_FUZZ_CHECK_H_
