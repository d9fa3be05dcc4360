/* SPDX-License-Identifier: Apache-2.0 */
/* The C ABI header compiled as C99 (-Wall -Wextra -Wpedantic -Werror: see capi.cmake), with a
 * use of each of its types, so that a header that is not C is a build error. */
#include "vfadd/vfadd.h"

int vfadd_c99_check(void);
int vfadd_c99_check(void) {
  vfadd_case c = {0};
  vfadd_insn insn = {0};
  vfadd_shape shape = {0, 0, 0, 0};
  vfadd_status st = VFADD_OK;
  return (int)st + c.vl + insn.kind + (int)shape.res_words + VFADD_ABI_VERSION;
}
