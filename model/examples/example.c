/* SPDX-License-Identifier: Apache-2.0 */
/* A C program on libvfadd (vfadd/vfadd.h): one call of each kind, printed. Built against an
 * installed tree by install_test.sh (pkg-config, and CMake's find_package: CMakeLists.txt here),
 * which compares its output with expected.txt. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <vfadd/vfadd.h>

/* Prints the status of a call that failed and returns 1; 0 for VFADD_OK. */
static int failed(const char* what, vfadd_status st) {
  if (st == VFADD_OK) return 0;
  fprintf(stderr, "example: %s: %s\n", what, vfadd_strerror(st));
  return 1;
}

int main(void) {
  uint64_t r = 0;
  uint32_t fpsr = 0;
  vfadd_case c;
  int kind = 0;
  char error[128], line[VFADD_LINE_MAX + 1];
  vfadd_insn insn;
  /* The example line of the trace format: FP32, VL 128, element i of a is i.0, b all 1.0. */
  const char* stimulus =
      "fadd s 128 00000000 1111 40400000400000003f80000000000000 "
      "3f8000003f8000003f8000003f800000";
  vfadd_status st;

  if (vfadd_abi_version() != VFADD_ABI_VERSION) {
    fprintf(stderr, "example: header ABI %d, library ABI %d\n", VFADD_ABI_VERSION,
            vfadd_abi_version());
    return 1;
  }
  printf("abi %d\n", vfadd_abi_version());
  /* 1.0 + 2.0 in FP32. */
  if (failed("vfadd_fp_add", vfadd_fp_add(VFADD_FMT_S, 0x3f800000, 0x40000000, 0, &r, &fpsr)))
    return 1;
  printf("fp_add s 3f800000 40000000 = %08" PRIx64 " fpsr %08" PRIx32 "\n", r, fpsr);
  /* The largest FP16 value twice: overflow to +inf under round to nearest. */
  if (failed("vfadd_fp_add", vfadd_fp_add(VFADD_FMT_H, 0x7bff, 0x7bff, 0, &r, &fpsr))) return 1;
  printf("fp_add h 7bff 7bff = %04" PRIx64 " fpsr %08" PRIx32 "\n", r, fpsr);
  /* A trace line in, executed, and out again as a checked line. */
  st = vfadd_trace_parse(stimulus, strlen(stimulus), &c, &kind, error, sizeof error);
  if (failed("vfadd_trace_parse", st) || kind != VFADD_LINE_CASE) return 1;
  if (failed("vfadd_execute_case", vfadd_execute_case(&c))) return 1;
  if (failed("vfadd_trace_format", vfadd_trace_format(&c, line, sizeof line, NULL))) return 1;
  printf("%s\n", line);
  /* A bad line: the error text names the field. */
  st = vfadd_trace_parse("fadd s 128 12 1111 0 0", 22, &c, &kind, error, sizeof error);
  printf("parse: %s: %s\n", vfadd_strerror(st), error);
  /* FADD Z1.S, P2/M, Z1.S, Z3.S. */
  if (failed("vfadd_decode", vfadd_decode(0x65808861u, &insn))) return 1;
  if (failed("vfadd_disassemble", vfadd_disassemble(0x65808861u, line, sizeof line, NULL)))
    return 1;
  printf("decode 65808861: %s fmt %d zd %d pg %d zm %d: %s\n", vfadd_op_name(insn.op), insn.fmt,
         insn.zd, insn.pg, insn.zm, line);
  /* A bad argument is a status, not a crash. */
  st = vfadd_execute(VFADD_OP_FADD, VFADD_FMT_S, 100, 0, NULL, 0, NULL, 0, NULL, 0, 0, &r, 1,
                     &fpsr);
  printf("execute vl 100: %d %s\n", (int)st, vfadd_strerror(st));
  return 0;
}
