# SPDX-License-Identifier: Apache-2.0
"""Unit tests of the vfadd Python module (python/vfadd_py.cc), run by CTest as python_unittest.

Expected values never come from the model: the host FPU through numpy (float16/32/64) where
Arm's rules coincide with IEEE 754 (round to nearest, no NaN operand, no flush to zero), with
the flags from exact rational arithmetic; otherwise values derived by hand from
docs/semantics.md (section numbers in the comments)."""
import os
import subprocess
import sys
import tempfile
import unittest
from fractions import Fraction

import numpy as np

import vfadd

FLOAT = {"h": np.float16, "s": np.float32, "d": np.float64}
UINT = {"h": np.uint16, "s": np.uint32, "d": np.uint64}
WIDTH = {"h": 16, "s": 32, "d": 64}
IXC, OFC, IOC = vfadd.FPSR_IXC, vfadd.FPSR_OFC, vfadd.FPSR_IOC
EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "examples")


def host_add(t, a, b, sub=False):
    """IEEE a + b (or a - b) of bit-pattern arrays on the host FPU in round to nearest: the
    result patterns, and the flags the exact sum implies (IXC when the result differs from it,
    OFC|IXC on overflow). No NaN operands and no inf - inf here."""
    fa, fb = a.view(FLOAT[t]), b.view(FLOAT[t])
    with np.errstate(all="ignore"):
        fr = fa - fb if sub else fa + fb
    flags = np.zeros(a.shape, np.uint32)
    for i, (x, y, r) in enumerate(zip(fa.flat, fb.flat, fr.flat)):
        if np.isinf(x) or np.isinf(y):
            continue  # infinite arithmetic is exact
        if np.isinf(r):
            flags.flat[i] = OFC | IXC
        elif Fraction(float(r)) != Fraction(float(x)) + (-1 if sub else 1) * Fraction(float(y)):
            flags.flat[i] = IXC
    return fr.view(UINT[t]), flags


def random_patterns(t, n, rng):
    """n pairs of bit patterns of format t without NaNs: uniform bits, near-cancelling pairs,
    small (subnormal) magnitudes, and pairs of close exponents."""
    w = WIDTH[t]
    u = UINT[t]
    hi = np.iinfo(u).max

    def draw(k):
        return rng.integers(0, hi, size=k, dtype=u, endpoint=True)
    q = n // 4
    a = draw(n)
    b = draw(n)
    low = u((1 << (w // 3)) - 1)
    b[q:2 * q] = a[q:2 * q] ^ u(1 << (w - 1)) ^ (draw(q) & low)  # -a, perturbed
    small = u((1 << (w - 4)) - 1)
    a[2 * q:3 * q] &= small
    b[2 * q:3 * q] &= small
    b[3 * q:] = a[3 * q:] ^ (draw(n - 3 * q) & u((1 << (w // 2)) - 1))
    for v in (a, b):
        v[np.isnan(v.view(FLOAT[t]))] = 0
    b[np.isinf(a.view(FLOAT[t])) & np.isinf(b.view(FLOAT[t]))] = 0  # no inf - inf
    return a, b


def f32(x):
    return int(np.float32(x).view(np.uint32))


class ScalarHostFpuTest(unittest.TestCase):
    """fp_add/fp_sub on arrays against the host FPU (section 4: Arm = IEEE here)."""

    def check(self, t, sub):
        a, b = random_patterns(t, 4000, np.random.default_rng(26 + WIDTH[t] + sub))
        want, want_flags = host_add(t, a, b, sub)
        got, got_flags = (vfadd.fp_sub if sub else vfadd.fp_add)(t, a, b)
        self.assertEqual(got.dtype, UINT[t])
        self.assertEqual(got_flags.dtype, np.uint32)
        bad = np.nonzero((got != want) | (got_flags != want_flags))[0]
        self.assertEqual(len(bad), 0, "first: a %x b %x want %x/%x got %x/%x" % (
            (a[bad[0]], b[bad[0]], want[bad[0]], want_flags[bad[0]], got[bad[0]],
             got_flags[bad[0]]) if len(bad) else (0,) * 6))

    def test_add_h(self): self.check("h", False)
    def test_add_s(self): self.check("s", False)
    def test_add_d(self): self.check("d", False)
    def test_sub_h(self): self.check("h", True)
    def test_sub_s(self): self.check("s", True)
    def test_sub_d(self): self.check("d", True)

    def test_ints_give_ints(self):
        # 1.5 + 2.25 = 3.75 exactly; 1 + 2^-24 ties to even (section 5.4 spot check): 1.0, IXC.
        self.assertEqual(vfadd.fp_add("s", f32(1.5), f32(2.25)), (f32(3.75), 0))
        self.assertEqual(vfadd.fp_add("s", 0x3F800000, 0x33800000), (0x3F800000, IXC))
        self.assertEqual(vfadd.fp_add("s", 0x3F800001, 0x33800000), (0x3F800002, IXC))
        self.assertEqual(vfadd.fp_add("h", np.uint16(0x3C00), 0x3C00), (0x4000, 0))

    def test_broadcast(self):
        a = np.array([[0x3C00, 0x4000], [0x4200, 0x4400]], np.uint16)  # 1 2 / 3 4
        res, flags = vfadd.fp_add("h", a, np.uint16(0x3C00))  # + 1.0
        np.testing.assert_array_equal(res, np.array([[0x4000, 0x4200], [0x4400, 0x4500]]))
        self.assertEqual(res.shape, (2, 2))
        self.assertFalse(flags.any())


class ScalarArmRulesTest(unittest.TestCase):
    """Hand-derived cases where Arm differs from (or refines) IEEE."""

    def test_nans(self):  # section 3
        self.assertEqual(vfadd.fp_add("s", 0x7FC0000A, 0xFF80000B), (0xFFC0000B, IOC))
        self.assertEqual(vfadd.fp_add("s", 0xFFC0000A, 0x7FC0000B), (0xFFC0000A, 0))
        self.assertEqual(vfadd.fp_add("s", 0x3F800000, 0x7F800001, vfadd.FPCR_DN),
                         (0x7FC00000, IOC))
        self.assertEqual(vfadd.fp_add("h", 0x7D01, 0), (0x7F01, IOC))
        self.assertEqual(vfadd.fp_sub("s", 0x7FC00001, 0x7FC00002), (0x7FC00001, 0))

    def test_invalid_gives_default_nan(self):  # section 4 step 3
        self.assertEqual(vfadd.fp_add("h", 0x7C00, 0xFC00), (0x7E00, IOC))
        self.assertEqual(vfadd.fp_add("s", 0xFF800000, 0x7F800000), (0x7FC00000, IOC))
        self.assertEqual(vfadd.fp_sub("d", 0x7FF0 << 48, 0x7FF0 << 48), (0x7FF8 << 48, IOC))
        self.assertEqual(vfadd.default_nan("d"), 0x7FF8 << 48)

    def test_flush_to_zero(self):  # sections 2, 5.4
        fz, fz16, idc, ufc = vfadd.FPCR_FZ, vfadd.FPCR_FZ16, vfadd.FPSR_IDC, vfadd.FPSR_UFC
        self.assertEqual(vfadd.fp_add("s", 1, 0, fz), (0, idc))
        self.assertEqual(vfadd.fp_add("d", 1, 0, fz), (0, idc))
        self.assertEqual(vfadd.fp_add("s", 0x3F800000, 1, fz), (0x3F800000, idc))
        self.assertEqual(vfadd.fp_add("s", 0x3F800000, 1), (0x3F800000, IXC))
        self.assertEqual(vfadd.fp_add("h", 1, 0, fz16), (0, 0))
        self.assertEqual(vfadd.fp_add("h", 1, 0, fz), (1, 0))
        self.assertEqual(vfadd.fp_add("s", 0x00C00000, 0x80800000, fz), (0, ufc))
        self.assertEqual(vfadd.fp_add("s", 0x80C00000, 0x00800000, fz), (0x80000000, ufc))
        self.assertEqual(vfadd.fp_add("s", 0x00C00000, 0x80800000), (0x00400000, 0))
        self.assertEqual(vfadd.fp_add("h", 0x0600, 0x8400, fz16), (0, ufc))
        self.assertEqual(vfadd.fp_add("h", 0x0600, 0x8400, fz), (0x0200, 0))
        self.assertEqual(vfadd.fp_add("s", 1, 0x7FC00000, fz), (0x7FC00000, idc))
        self.assertEqual(vfadd.fp_add("s", 1, 0x7F800001, fz), (0x7FC00001, IOC | idc))

    def test_rounding_modes(self):  # sections 4 and 5.3
        rp, rm, rz = vfadd.FPCR_RP, vfadd.FPCR_RM, vfadd.FPCR_RZ
        big, nbig = 0x7F7FFFFF, 0xFF7FFFFF
        for fpcr, pos, neg in [(0, 0x7F800000, 0xFF800000), (rp, 0x7F800000, nbig),
                               (rm, big, 0xFF800000), (rz, big, nbig)]:
            self.assertEqual(vfadd.fp_add("s", big, big, fpcr), (pos, OFC | IXC))
            self.assertEqual(vfadd.fp_add("s", nbig, nbig, fpcr), (neg, OFC | IXC))
        self.assertEqual(vfadd.fp_add("s", 0x3F800000, 0xBF800000, rm), (0x80000000, 0))
        self.assertEqual(vfadd.fp_add("s", 0x3F800000, 0xBF800000, rp), (0, 0))
        self.assertEqual(vfadd.fp_sub("s", 0x80000000, 0x80000000), (0, 0))
        self.assertEqual(vfadd.fp_sub("s", 0x80000000, 0), (0x80000000, 0))
        # 1 + 2^-24 in RP rounds up to 1 + 2^-23; in RM and RZ stays 1.
        self.assertEqual(vfadd.fp_add("s", 0x3F800000, 0x33800000, rp), (0x3F800001, IXC))
        self.assertEqual(vfadd.fp_add("s", 0x3F800000, 0x33800000, rz), (0x3F800000, IXC))

    def test_flag_names_and_values(self):
        self.assertEqual(vfadd.flag_names(IOC | IXC), "IOC|IXC")
        self.assertEqual(vfadd.flag_names(0), "-")
        self.assertEqual(vfadd.describe_value("s", 0x3FC00000), "1.5")


def vec(values, t):
    return np.array([int(np.array(v, FLOAT[t]).view(UINT[t])) for v in values], UINT[t])


class VectorTest(unittest.TestCase):
    """One instruction at a time (section 6); per-element values from the host FPU."""

    def setUp(self):
        self.rng = np.random.default_rng(2026)

    def operands(self, t, vl):
        n = vl // WIDTH[t]
        return (vec(self.rng.normal(size=n) * 100, t), vec(self.rng.normal(size=n) * 100, t),
                self.rng.integers(0, 2, size=n).astype(bool))

    def test_trace_format_example(self):
        c = vfadd.Case("fadd", "s", 128, pg=0x1111, a=vec([0, 1, 2, 3], "s"),
                       b=vec([1, 1, 1, 1], "s"))
        res, fpsr = vfadd.execute("fadd", "s", 128, pg=0x1111, a=c.a, b=c.b)
        np.testing.assert_array_equal(res, vec([1, 2, 3, 4], "s"))
        self.assertEqual(fpsr, 0)
        self.assertEqual(str(vfadd.execute_case(c)),
                         "fadd s 128 00000000 1111 40400000400000003f80000000000000 "
                         "3f8000003f8000003f8000003f800000 4080000040400000400000003f800000 "
                         "00000000")

    def test_elementwise_forms(self):  # 6.1-6.4: merging, unpredicated, reversed, immediate
        for t, vl in [("h", 256), ("s", 384), ("d", 2048)]:
            a, b, act = self.operands(t, vl)
            add, add_flags = host_add(t, a, b)
            sub, sub_flags = host_add(t, a, b, sub=True)
            rsub, rsub_flags = host_add(t, b, a, sub=True)
            imm = np.full(a.shape, int(np.array(0.5, FLOAT[t]).view(UINT[t])), UINT[t])
            addi, addi_flags = host_add(t, a, imm)
            cases = [("fadd", b, np.where(act, add, a), add_flags[act]),
                     ("fadd_u", b, add, add_flags), ("fsub_u", b, sub, sub_flags),
                     ("fsub", b, np.where(act, sub, a), sub_flags[act]),
                     ("fsubr", b, np.where(act, rsub, a), rsub_flags[act]),
                     ("fadd_i", 0.5, np.where(act, addi, a), addi_flags[act])]
            for op, second, want, flags in cases:
                with self.subTest(op=op, t=t, vl=vl):
                    pg = None if op.endswith("_u") else act
                    res, fpsr = vfadd.execute(op, t, vl, pg=pg, a=a, b=second)
                    np.testing.assert_array_equal(res, want)
                    self.assertEqual(res.dtype, UINT[t])
                    self.assertEqual(fpsr, int(np.bitwise_or.reduce(flags, initial=0)))

    def test_faddp_example(self):  # 6.5: Zdn = i, Zm = 100 + i, lanes 2 and 5 inactive
        act = [e not in (2, 5) for e in range(8)]
        res, fpsr = vfadd.execute("faddp", "s", 256, pg=act, a=vec(range(8), "s"),
                                  b=vec(range(100, 108), "s"))
        np.testing.assert_array_equal(res, vec([1, 201, 2, 205, 9, 5, 13, 213], "s"))
        self.assertEqual(fpsr, 0)

    def test_fadda_strict_order(self):  # 6.6: acc = ((acc + z0) + z1) + ..., active only
        z = vec([-1e8, 1e8, 1.0, 3.0e-9, 7.0], "d")
        act = [True, True, True, True, False]
        z = np.concatenate([z, vec([5.0] * 27, "d")])
        act += [False] * 27
        acc = np.float64(0.25)
        for v, on in zip(z.view(np.float64), act):
            acc = acc + v if on else acc
        res, _ = vfadd.execute("fadda", "d", 2048, pg=act, a=int(vec([0.25], "d")[0]), b=z)
        self.assertEqual(res, int(np.array(acc).view(np.uint64)))

    def test_faddv_tree(self):  # 6.7: pairwise tree over CeilPow2(VL), +0 identities
        def tree(x):
            return x[0] if len(x) == 1 else tree(x[:len(x) // 2]) + tree(x[len(x) // 2:])
        for vl in (128, 384, 640, 2048):
            _, z, act = self.operands("s", vl)
            leaves = [v if on else np.float32(0) for v, on in zip(z.view(np.float32), act)]
            p2 = 1 << (vl - 1).bit_length()
            leaves += [np.float32(0)] * ((p2 - vl) // 32)
            with np.errstate(all="ignore"):
                want = int(np.array(tree(leaves)).view(np.uint32))
            res, _ = vfadd.execute("faddv", "s", vl, pg=act, b=z)
            self.assertEqual(res, want, "vl %d" % vl)

    def test_faddv_signed_zero(self):  # 6.7: all -0 gives -0 at VL 512, +0 at VL 384
        self.assertEqual(vfadd.execute("faddv", "s", 512, pg=[True] * 16,
                                       b=np.full(16, 0x80000000, np.uint32)), (0x80000000, 0))
        self.assertEqual(vfadd.execute("faddv", "s", 384, pg=[True] * 12,
                                       b=np.full(12, 0x80000000, np.uint32)), (0, 0))
        self.assertEqual(vfadd.execute("faddv", "s", 128, pg=0, b=[1, 2, 3, 4]), (0, 0))

    def test_inactive_lanes_raise_nothing(self):  # 6.0: an inactive sNaN gives no IOC
        res, fpsr = vfadd.execute("fadd", "s", 128, pg=0x0001, a=[0, 0x7F800001, 0, 0],
                                  b=[0x3F800000, 0, 0, 0])
        np.testing.assert_array_equal(res, [0x3F800000, 0x7F800001, 0, 0])
        self.assertEqual(fpsr, 0)

    def test_check_names_the_difference(self):
        c = vfadd.Case("fadd_u", "s", 128, a=vec([1, 2, 3, 4], "s"), b=vec([1, 1, 1, 1], "s"),
                       res=vec([2, 3, 4, 6], "s"), fpsr=0)
        self.assertEqual(vfadd.check(c), [
            "element 3: expected 40a00000 (5), actual 40c00000 (6); Zn[3] 40800000 (4), "
            "Zm[3] 3f800000 (1)"])
        self.assertEqual(vfadd.check(c.with_result(vec([2, 3, 4, 5], "s"), 0)), [])


class TraceTest(unittest.TestCase):
    LINE = ("fadda h 128 00080000 5555 3c00 3c003c003c003c003c003c003c003c00 4880 00000000")

    def test_parse_fields(self):
        c = vfadd.trace_parse(self.LINE)
        self.assertEqual((c.op, c.t, c.vl, c.fpcr, c.pg, c.a, c.res, c.fpsr, c.checked),
                         ("fadda", "h", 128, 0x80000, 0x5555, 0x3C00, 0x4880, 0, True))
        np.testing.assert_array_equal(c.b, [0x3C00] * 8)
        self.assertEqual(c.elements, 8)
        self.assertTrue(c.active.all())
        self.assertEqual(vfadd.trace_format(c), self.LINE)
        self.assertEqual(vfadd.check(c), [])  # 1 + 8 x 1.0 = 9 = 0x4880
        self.assertEqual(c, vfadd.Case("fadda", "h", 128, vfadd.FPCR_FZ16, pg=[True] * 8,
                                       a=0x3C00, b=[0x3C00] * 8, res=0x4880, fpsr=0))
        self.assertNotEqual(c, vfadd.Case("fadda", "h", 128, vfadd.FPCR_FZ16, pg=0x5555,
                                          a=0x3C00, b=[0x3C00] * 8, res=0x4881, fpsr=0))

    def test_blank_and_comment(self):
        self.assertIsNone(vfadd.trace_parse(""))
        self.assertIsNone(vfadd.trace_parse("   # a comment"))

    def test_stimulus_and_immediate(self):
        c = vfadd.trace_parse("fsubr_i d 128 00000000 0101 "
                              "40000000000000003ff0000000000000 1.0")
        self.assertFalse(c.checked)
        self.assertIsNone(c.res)
        self.assertEqual(c.b, 1.0)
        res, _ = vfadd.execute("fsubr_i", "d", 128, pg=0x0101, a=c.a, b=1.0)
        np.testing.assert_array_equal(res, vec([0.0, -1.0], "d"))  # 1 - 1, 1 - 2

    def test_errors_name_the_field(self):
        for line, field, text in [
                ("fadx s 128 00000000 1111 0 0", 1, "field 1 'op'"),
                ("fadd s 100 00000000 1111 0 0", 3, "field 3 'vl'"),
                ("fadd s 128 12 1111 0 0", 4, "expected 8 hex digits, got '12' (2 digits)"),
                ("fadd_u s 128 00000000 1111 0 0", 5, "field 5 'pg'"),
                ("fadd s 128 00000000", None, "expected 7 fields")]:
            with self.subTest(line=line):
                with self.assertRaises(vfadd.TraceError) as cm:
                    vfadd.trace_parse(line)
                self.assertIsInstance(cm.exception, ValueError)
                self.assertEqual(cm.exception.field, field)
                self.assertIn(text, str(cm.exception))


class DecodeTest(unittest.TestCase):
    def test_words(self):  # section 7 example words (binutils 2.40 and llvm-mc 14)
        for word, text in [(0x65808861, "fadd z1.s, p2/m, z1.s, z3.s"),
                           (0x65430041, "fadd z1.h, z2.h, z3.h"),
                           (0x65988821, "fadd z1.s, p2/m, z1.s, #1.0"),
                           (0x65982861, "fadda s1, p2, s1, z3.s"),
                           (0x04912841, "movprfx z1.s, p2/m, z2.s"),
                           (0x65008461, "undefined"), (0, "other")]:
            self.assertEqual(vfadd.disassemble(word), text)
            self.assertEqual(str(vfadd.decode(word)), text)
        i = vfadd.decode(0x65C09FE1)  # fadd z1.d, p7/m, z1.d, z31.d
        self.assertEqual((i.kind, i.op, i.t, i.size, i.zd, i.zm, i.pg, i.imm),
                         ("arith", "fadd", "d", 3, 1, 31, 7, None))
        self.assertEqual(vfadd.decode(0x65988801).imm, 0.5)
        m = vfadd.decode(0x04902841)
        self.assertEqual((m.kind, m.op, m.merging, m.zd, m.zn), ("movprfx_pred", None, False, 1, 2))


class ArgumentErrorTest(unittest.TestCase):
    """Bad arguments raise ValueError/TypeError naming the argument; nothing crashes."""

    def raises(self, exc, text, fn, *args, **kw):
        with self.assertRaises(exc) as cm:
            fn(*args, **kw)
        self.assertIn(text, str(cm.exception))

    def test_scalar(self):
        self.raises(ValueError, "t: expected 'h', 's' or 'd', got 'x'", vfadd.fp_add, "x", 1, 2)
        self.raises(ValueError, "a: expected an unsigned value of at most 16 bits, got 0x10000",
                    vfadd.fp_add, "h", 0x10000, 0)
        self.raises(ValueError, "b: expected an unsigned", vfadd.fp_sub, "s", 0, -1)
        self.raises(ValueError, "fpcr: expected an unsigned value of at most 32 bits",
                    vfadd.fp_add, "s", 0, 0, 1 << 32)
        self.raises(TypeError, "a: expected integer bit patterns, got dtype float64",
                    vfadd.fp_add, "s", 1.5, 0)
        self.raises(TypeError, "fpcr: expected an int", vfadd.fp_add, "s", 0, 0, "0")

    def test_arrays(self):
        self.raises(ValueError, "a[1]: 0x10000 does not fit in 16 bits", vfadd.fp_add, "h",
                    np.array([1, 0x10000], np.uint32), np.zeros(2, np.uint16))
        self.raises(ValueError, "b[0]: expected an unsigned bit pattern, got -3", vfadd.fp_add,
                    "s", [1], [-3])
        self.raises(ValueError, "do not broadcast", vfadd.fp_add, "s", np.zeros(2, np.uint32),
                    np.zeros(3, np.uint32))

    def test_case(self):
        four = np.zeros(4, np.uint32)
        self.raises(ValueError, "op: expected one of", vfadd.Case, "fmul", "s", 128)
        self.raises(ValueError, "vl: expected a multiple of 128", vfadd.Case, "fadd_u", "s", 100,
                    a=four, b=four)
        self.raises(ValueError, "pg: fadd is predicated", vfadd.Case, "fadd", "s", 128, a=four,
                    b=four)
        self.raises(ValueError, "pg: fadd_u is unpredicated", vfadd.Case, "fadd_u", "s", 128,
                    pg=0xFFFF, a=four, b=four)
        self.raises(ValueError, "pg: expected an unsigned value of at most 16 bits",
                    vfadd.Case, "fadd", "s", 128, pg=1 << 16, a=four, b=four)
        self.raises(ValueError, "pg: expected 4 bools", vfadd.Case, "fadd", "s", 128,
                    pg=[True] * 3, a=four, b=four)
        self.raises(ValueError, "a: expected 4 elements (vl 128 / 32-bit elements), got shape (3,)",
                    vfadd.Case, "fadd_u", "s", 128, a=four[:3], b=four)
        self.raises(ValueError, "b: fadd_i takes the immediate 0.5 or 1.0, got 0.7",
                    vfadd.Case, "fadd_i", "s", 128, pg=0, a=four, b=0.7)
        self.raises(ValueError, "a: faddv has no first source", vfadd.Case, "faddv", "s", 128,
                    pg=0, a=four, b=four)
        self.raises(ValueError, "res and fpsr come together", vfadd.Case, "fadd_u", "s", 128,
                    a=four, b=four, res=four)
        self.raises(ValueError, "res: expected an unsigned value of at most 32 bits",
                    vfadd.Case, "faddv", "s", 128, pg=0, b=four, res=1 << 32, fpsr=0)
        self.raises(ValueError, "expected a checked case", vfadd.check,
                    vfadd.Case("fadd_u", "s", 128, a=four, b=four))

    def test_decode(self):
        self.raises(ValueError, "word: expected an unsigned value of at most 32 bits",
                    vfadd.decode, 1 << 32)
        self.raises(ValueError, "word: expected an unsigned", vfadd.disassemble, -1)


class CheckCsvTest(unittest.TestCase):
    """examples/check_csv.py: exit 0 / 1 / 2 and the line and column it names."""

    def run_csv(self, text):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "x.csv")
            with open(path, "w") as f:
                f.write(text)
            p = subprocess.run([sys.executable, os.path.join(EXAMPLES, "check_csv.py"), path],
                               capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr

    def test_codes(self):
        good = ("op,type,vl,fpcr,pg,a,b,res,fpsr\n"
                "fadd_u,h,128,00000000,,00000000000000000000000000003c00,"
                "00000000000000000000000000003c00,00000000000000000000000000004000,00000000\n")
        self.assertEqual(self.run_csv(good)[0], 0)
        rc, out = self.run_csv(good.replace("4000,00000000\n", "4200,00000000\n"))
        self.assertEqual(rc, 1)
        self.assertIn("x.csv:2: mismatch: fadd_u h vl=128", out)
        self.assertIn("element 0: expected 4000 (2), actual 4200 (3)", out)
        rc, out = self.run_csv(good + good.splitlines()[1].replace(",00000000,", ",0000000,", 1))
        self.assertEqual(rc, 2)
        self.assertIn("x.csv:3: column 4 'fpcr': expected 8 hex digits", out)
        rc, out = self.run_csv(good + "fadd_u,h,128\n")
        self.assertEqual(rc, 2)
        self.assertIn("x.csv:3: expected 9 columns", out)


if __name__ == "__main__":
    unittest.main()
