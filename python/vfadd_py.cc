// SPDX-License-Identifier: Apache-2.0
// The Python module `vfadd` (pybind11) over the golden model of model/include/vfadd: scalar
// FPAdd/FPSub with flags (on ints, or element-wise on numpy arrays of bit patterns), one vector
// instruction (a Case, its operands as numpy arrays of elements), decode/disassemble, and the
// trace line reader and writer. Bad arguments raise ValueError (or TypeError for a wrong type)
// naming the argument and what was expected; nothing reaches the model unchecked.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "vfadd/decode.h"
#include "vfadd/difference.h"
#include "vfadd/fp.h"
#include "vfadd/text.h"
#include "vfadd/trace.h"
#include "vfadd/vector.h"

namespace py = pybind11;

namespace {

using vfadd::Bits;
using vfadd::Fmt;
using vfadd::Op;

[[noreturn]] void Bad(const std::string& what) { throw py::value_error(what); }

std::string TypeName(py::handle x) { return py::str(py::type::handle_of(x).attr("__name__")); }

// x as a Python int, if it is an integer (int, numpy integer; not bool, not float).
bool AsInt(py::handle x, py::int_* out) {
  if (PyBool_Check(x.ptr()) || !PyIndex_Check(x.ptr()) || py::isinstance<py::array>(x)) {
    return false;
  }
  *out = py::reinterpret_steal<py::int_>(PyNumber_Index(x.ptr()));
  if (!*out) throw py::error_already_set();
  return true;
}

// An unsigned integer of at most `width` bits (any width: predicates reach 256), as words.
Bits ToWords(py::handle x, int width, const std::string& name) {
  py::int_ v;
  if (!AsInt(x, &v)) throw py::type_error(name + ": expected an int, got " + TypeName(x));
  if (v < py::int_(0) || v.attr("bit_length")().cast<int>() > width) {
    Bad(name + ": expected an unsigned value of at most " + std::to_string(width) + " bits, got " +
        std::string(py::str(py::module_::import("builtins").attr("hex")(v))));
  }
  Bits words((width + 63) / 64, 0);
  const py::int_ mask(~uint64_t{0});
  for (size_t w = 0; w < words.size(); ++w) {
    words[w] = py::int_((v >> py::int_(64 * w)) & mask).cast<uint64_t>();
  }
  return words;
}
uint64_t ToU64(py::handle x, int width, const std::string& name) {
  return ToWords(x, width, name)[0];
}
py::int_ FromWords(const Bits& v) {
  py::int_ r(0);
  for (size_t w = v.size(); w-- > 0;) r = py::int_((r << py::int_(64)) | py::int_(v[w]));
  return r;
}

Fmt ToFmt(const std::string& t) {
  Fmt f;
  if (!vfadd::ParseFmt(t, &f)) Bad("t: expected 'h', 's' or 'd', got " + vfadd::Quote(t));
  return f;
}
std::string FmtText(Fmt f) { return std::string(1, vfadd::FmtLetter(f)); }

const char* NumpyType(Fmt f) {
  return f == Fmt::kH ? "uint16" : f == Fmt::kS ? "uint32" : "uint64";
}

// Any array-like of integer bit patterns as a contiguous uint64 array; every value checked to
// fit in `width` bits ("NAME[i]" with the flat index otherwise).
py::array_t<uint64_t> ToPatterns(py::handle x, int width, const std::string& name) {
  py::array arr = py::array::ensure(x);
  if (!arr) throw py::type_error(name + ": expected an array of integer bit patterns");
  const char kind = arr.dtype().kind();
  if (kind != 'u' && kind != 'i') {
    throw py::type_error(name + ": expected integer bit patterns, got dtype " +
                         std::string(py::str(arr.dtype())));
  }
  // Signed arrays (e.g. from a list of ints) are checked for negative values first.
  if (kind == 'i') {
    auto s = py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(arr);
    for (ssize_t i = 0; i < s.size(); ++i) {
      if (s.data()[i] < 0) {
        Bad(name + "[" + std::to_string(i) + "]: expected an unsigned bit pattern, got " +
            std::to_string(s.data()[i]));
      }
    }
  }
  auto u = py::array_t<uint64_t, py::array::c_style | py::array::forcecast>::ensure(arr);
  const uint64_t mask = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  for (ssize_t i = 0; i < u.size(); ++i) {
    if (u.data()[i] & ~mask) {
      Bad(name + "[" + std::to_string(i) +
          "]: " + vfadd::Format("0x%llx", static_cast<unsigned long long>(u.data()[i])) +
          " does not fit in " + std::to_string(width) + " bits");
    }
  }
  return u;
}

// A new array of `shape` in format f's unsigned type, filled from `values`.
py::array NewPatterns(Fmt f, const std::vector<ssize_t>& shape, const uint64_t* values) {
  return py::array_t<uint64_t>(shape, values).attr("astype")(NumpyType(f));
}

// ---------------------------------------------------------------------------------------------
// Scalar FPAdd / FPSub: on two ints a tuple (bits, flags); on arrays (broadcast together) a
// tuple (results in t's unsigned type, flags as uint32) of the broadcast shape.
py::tuple Arith(bool sub, const std::string& t, py::object a, py::object b, py::object fpcr_obj) {
  const Fmt f = ToFmt(t);
  const int w = vfadd::fp_width(f);
  const vfadd::Fpcr fpcr{static_cast<uint32_t>(ToU64(fpcr_obj, 32, "fpcr"))};
  auto op = [&](uint64_t x, uint64_t y) {
    return sub ? vfadd::FpSub(f, x, y, fpcr) : vfadd::FpAdd(f, x, y, fpcr);
  };
  py::int_ ia, ib;
  if (AsInt(a, &ia) && AsInt(b, &ib)) {
    const vfadd::FpResult r = op(ToU64(ia, w, "a"), ToU64(ib, w, "b"));
    return py::make_tuple(r.bits, r.flags);
  }
  py::array_t<uint64_t> pa = ToPatterns(a, w, "a"), pb = ToPatterns(b, w, "b");
  py::module_ np = py::module_::import("numpy");
  py::list both;
  try {
    both = np.attr("broadcast_arrays")(pa, pb);
  } catch (py::error_already_set&) {
    Bad("a, b: shapes " + std::string(py::str(pa.attr("shape"))) + " and " +
        std::string(py::str(pb.attr("shape"))) + " do not broadcast together");
  }
  auto ba = py::array_t<uint64_t, py::array::c_style | py::array::forcecast>::ensure(both[0]);
  auto bb = py::array_t<uint64_t, py::array::c_style | py::array::forcecast>::ensure(both[1]);
  std::vector<ssize_t> shape(ba.shape(), ba.shape() + ba.ndim());
  std::vector<uint64_t> res(ba.size());
  py::array_t<uint32_t> flags(shape);
  for (ssize_t i = 0; i < ba.size(); ++i) {
    const vfadd::FpResult r = op(ba.data()[i], bb.data()[i]);
    res[i] = r.bits;
    flags.mutable_data()[i] = r.flags;
  }
  return py::make_tuple(NewPatterns(f, shape, res.data()), flags);
}

// ---------------------------------------------------------------------------------------------
// A vector instruction case. Vector operands are arrays of vl/esize elements (element 0 first);
// fadda's `a` and the scalar results are ints; immediate forms' `b` is 0.5 or 1.0; `pg` is the
// predicate's vl/8 bits as an int, or (on input) a sequence of one bool per element.

Bits ElementsToBits(py::handle x, Fmt f, int n, int vl, const std::string& name) {
  const int w = vfadd::fp_width(f);
  py::array_t<uint64_t> p = ToPatterns(x, w, name);
  if (p.ndim() != 1 || p.size() != n) {
    Bad(name + ": expected " + std::to_string(n) + " elements (vl " + std::to_string(vl) + " / " +
        std::to_string(w) + "-bit elements), got shape " + std::string(py::str(p.attr("shape"))));
  }
  Bits v(vl / 64, 0);
  for (int e = 0; e < n; ++e) vfadd::SetField(&v, e * w, w, p.data()[e]);
  return v;
}

py::array BitsToElements(const Bits& v, Fmt f, int n) {
  const int w = vfadd::fp_width(f);
  std::vector<uint64_t> e(n);
  for (int i = 0; i < n; ++i) e[i] = vfadd::GetField(v, i * w, w);
  return NewPatterns(f, {n}, e.data());
}

Bits PredicateBits(py::handle pg, const vfadd::Case& c) {
  const int n = vfadd::Elements(c), bits = c.vl / 8;
  py::int_ i;
  if (AsInt(pg, &i)) return ToWords(i, bits, "pg");
  py::array arr = py::array::ensure(pg);
  if (!arr || arr.dtype().kind() != 'b') {
    throw py::type_error("pg: expected an int of vl/8 = " + std::to_string(bits) +
                         " predicate bits or a sequence of " + std::to_string(n) +
                         " bools (one per element), got " + TypeName(pg));
  }
  if (arr.ndim() != 1 || arr.size() != n) {
    Bad("pg: expected " + std::to_string(n) + " bools (one per element), got shape " +
        std::string(py::str(arr.attr("shape"))));
  }
  auto act = py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(arr);
  Bits v((bits + 63) / 64, 0);
  const int step = vfadd::fp_width(c.fmt) / 8;
  for (int e = 0; e < n; ++e) vfadd::SetField(&v, e * step, 1, act.data()[e] ? 1 : 0);
  return v;
}

// The result field of a case: an array of elements, or an int for fadda/faddv.
Bits ResultBits(py::handle res, const vfadd::Case& c) {
  if (vfadd::IsScalarResult(c.op)) return ToWords(res, vfadd::fp_width(c.fmt), "res");
  return ElementsToBits(res, c.fmt, vfadd::Elements(c), c.vl, "res");
}
py::object ResultObject(const Bits& res, const vfadd::Case& c) {
  if (vfadd::IsScalarResult(c.op)) return FromWords(res);
  return BitsToElements(res, c.fmt, vfadd::Elements(c));
}

vfadd::Case MakeCase(const std::string& op, const std::string& t, int vl, py::object fpcr,
                     py::object pg, py::object a, py::object b, py::object res, py::object fpsr) {
  vfadd::Case c;
  if (!vfadd::ParseOp(op, &c.op)) {
    Bad("op: expected one of fadd fadd_u fadd_i fsub fsub_u fsub_i fsubr fsubr_i faddp fadda "
        "faddv, got " +
        vfadd::Quote(op));
  }
  c.fmt = ToFmt(t);
  if (!vfadd::IsValidVl(vl)) {
    Bad("vl: expected a multiple of 128 from 128 to 2048, got " + std::to_string(vl));
  }
  c.vl = vl;
  c.fpcr = static_cast<uint32_t>(ToU64(fpcr, 32, "fpcr"));
  const int n = vfadd::Elements(c), w = vfadd::fp_width(c.fmt);
  const std::string opname = vfadd::OpName(c.op);
  if (vfadd::IsPredicated(c.op)) {
    if (pg.is_none()) Bad("pg: " + opname + " is predicated: expected a predicate, got None");
    c.pg = PredicateBits(pg, c);
  } else if (!pg.is_none()) {
    Bad("pg: " + opname + " is unpredicated: expected None");
  }
  if (c.op == Op::kFaddv) {
    if (!a.is_none()) Bad("a: faddv has no first source: expected None");
  } else if (a.is_none()) {
    Bad("a: " + opname + " needs a first source, got None");
  } else if (c.op == Op::kFadda) {
    c.a = ToWords(a, w, "a");
  } else {
    c.a = ElementsToBits(a, c.fmt, n, vl, "a");
  }
  if (vfadd::IsImmediate(c.op)) {
    const double imm = PyFloat_Check(b.ptr()) || PyLong_Check(b.ptr()) ? b.cast<double>() : -1;
    if (imm != 0.5 && imm != 1.0) {
      Bad("b: " + opname + " takes the immediate 0.5 or 1.0, got " + std::string(py::repr(b)));
    }
    c.imm_one = imm == 1.0;
  } else if (b.is_none()) {
    Bad("b: " + opname + " needs a second source, got None");
  } else {
    c.b = ElementsToBits(b, c.fmt, n, vl, "b");
  }
  if (res.is_none() != fpsr.is_none()) {
    Bad(std::string(res.is_none() ? "res" : "fpsr") +
        ": res and fpsr come together (a checked case) or not at all (a stimulus)");
  }
  if (!res.is_none()) {
    c.checked = true;
    c.res = ResultBits(res, c);
    c.fpsr = static_cast<uint32_t>(ToU64(fpsr, 32, "fpsr"));
  }
  return c;
}

py::object OptionalInt(bool present, uint64_t v) {
  return present ? py::object(py::int_(v)) : py::object(py::none());
}

// ---------------------------------------------------------------------------------------------
// Trace lines. TraceError (a ValueError) carries the 1-based field number of the message when
// the message names one ("field 4 'fpcr': expected ..."), else None.
PyObject* g_trace_error = nullptr;

[[noreturn]] void RaiseTraceError(const std::string& message) {
  py::object field = py::none();
  int k = 0;
  if (std::sscanf(message.c_str(), "field %d", &k) == 1) field = py::int_(k);
  py::object exc = py::reinterpret_borrow<py::object>(g_trace_error)(message);
  exc.attr("field") = field;
  PyErr_SetObject(g_trace_error, exc.ptr());
  throw py::error_already_set();
}

py::object ParseLine(const std::string& line) {
  vfadd::Case c;
  std::string error;
  switch (vfadd::ParseTraceLine(line, &c, &error)) {
    case vfadd::LineKind::kBlank:
      return py::none();
    case vfadd::LineKind::kCase:
      return py::cast(c);
    case vfadd::LineKind::kError:
      break;
  }
  RaiseTraceError(error);
}

// ---------------------------------------------------------------------------------------------
// Decode: an Insn's fields by name; op and t only for the arithmetic kind.
const char* KindName(vfadd::InsnKind k) {
  switch (k) {
    case vfadd::InsnKind::kOther:
      return "other";
    case vfadd::InsnKind::kUndefined:
      return "undefined";
    case vfadd::InsnKind::kArith:
      return "arith";
    case vfadd::InsnKind::kMovprfx:
      return "movprfx";
    case vfadd::InsnKind::kMovprfxPred:
      return "movprfx_pred";
  }
  return "other";
}

uint32_t ToWord(py::handle word) { return static_cast<uint32_t>(ToU64(word, 32, "word")); }

}  // namespace

PYBIND11_MODULE(vfadd, m) {
  m.attr("__version__") = VFADD_VERSION;
  m.doc() =
      "The vfadd golden model (Arm SVE FADD/FSUB/FSUBR/FADDP/FADDA/FADDV, FPCR.AH = 0): "
      "scalar add/sub with flags, vector instructions, decode, trace lines.";
  g_trace_error = PyErr_NewException("vfadd.TraceError", PyExc_ValueError, nullptr);
  m.add_object("TraceError", py::handle(g_trace_error));

  // Flags and FPCR fields.
  m.attr("FPSR_IOC") = uint32_t{vfadd::kIOC};
  m.attr("FPSR_DZC") = uint32_t{vfadd::kDZC};
  m.attr("FPSR_OFC") = uint32_t{vfadd::kOFC};
  m.attr("FPSR_UFC") = uint32_t{vfadd::kUFC};
  m.attr("FPSR_IXC") = uint32_t{vfadd::kIXC};
  m.attr("FPSR_IDC") = uint32_t{vfadd::kIDC};
  m.attr("FPCR_FZ16") = uint32_t{1} << vfadd::Fpcr::kFz16Bit;
  m.attr("FPCR_FZ") = uint32_t{1} << vfadd::Fpcr::kFzBit;
  m.attr("FPCR_DN") = uint32_t{1} << vfadd::Fpcr::kDnBit;
  m.attr("FPCR_RMODE_SHIFT") = int{vfadd::Fpcr::kRModeLsb};
  const char* kModes[] = {"RN", "RP", "RM", "RZ"};
  for (uint32_t i = 0; i < 4; ++i) {
    m.attr((std::string("FPCR_") + kModes[i]).c_str()) = i << vfadd::Fpcr::kRModeLsb;
  }
  py::list ops;
  for (Op op : vfadd::kAllOps) ops.append(vfadd::OpName(op));
  m.attr("OPS") = ops;

  m.def(
      "fp_add",
      [](const std::string& t, py::object a, py::object b, py::object fpcr) {
        return Arith(false, t, a, b, fpcr);
      },
      py::arg("t"), py::arg("a"), py::arg("b"), py::arg("fpcr") = 0,
      "FPAdd(a, b) in format t ('h', 's', 'd') under fpcr: (bits, flags) for two ints; for "
      "arrays of bit patterns (broadcast together) a (results, flags) pair of arrays.");
  m.def(
      "fp_sub",
      [](const std::string& t, py::object a, py::object b, py::object fpcr) {
        return Arith(true, t, a, b, fpcr);
      },
      py::arg("t"), py::arg("a"), py::arg("b"), py::arg("fpcr") = 0, "FPSub(a, b), as fp_add.");
  m.def(
      "flag_names", [](py::object f) { return vfadd::FlagNames(ToU64(f, 32, "flags")); },
      py::arg("flags"), "'IOC|IXC' style names of FPSR flags, '-' for none.");
  m.def(
      "describe_value",
      [](const std::string& t, py::object bits) {
        const Fmt f = ToFmt(t);
        return vfadd::DescribeValue(f, ToU64(bits, vfadd::fp_width(f), "bits"));
      },
      py::arg("t"), py::arg("bits"),
      "Readable value of an encoding, e.g. '1.5', 'qNaN:0x7fc00001'.");
  m.def(
      "default_nan", [](const std::string& t) { return vfadd::DefaultNaN(ToFmt(t)); }, py::arg("t"),
      "The default NaN of format t.");

  py::class_<vfadd::Case>(m, "Case",
                          "One instruction case (the fields of a trace line); immutable.")
      .def(py::init(&MakeCase), py::arg("op"), py::arg("t"), py::arg("vl"), py::arg("fpcr") = 0,
           py::arg("pg") = py::none(), py::arg("a") = py::none(), py::arg("b") = py::none(),
           py::arg("res") = py::none(), py::arg("fpsr") = py::none())
      .def_property_readonly("op", [](const vfadd::Case& c) { return vfadd::OpName(c.op); })
      .def_property_readonly("t", [](const vfadd::Case& c) { return FmtText(c.fmt); })
      .def_property_readonly("vl", [](const vfadd::Case& c) { return c.vl; })
      .def_property_readonly("fpcr", [](const vfadd::Case& c) { return c.fpcr; })
      .def_property_readonly("elements", [](const vfadd::Case& c) { return vfadd::Elements(c); })
      .def_property_readonly("pg",
                             [](const vfadd::Case& c) {
                               return vfadd::IsPredicated(c.op) ? py::object(FromWords(c.pg))
                                                                : py::object(py::none());
                             })
      .def_property_readonly("active",
                             [](const vfadd::Case& c) {
                               py::array_t<bool> act(vfadd::Elements(c));
                               for (int e = 0; e < act.size(); ++e) {
                                 act.mutable_data()[e] = vfadd::ElementActive(c, e);
                               }
                               return act;
                             })
      .def_property_readonly("a",
                             [](const vfadd::Case& c) -> py::object {
                               if (c.op == Op::kFaddv) return py::none();
                               if (c.op == Op::kFadda) return FromWords(c.a);
                               return BitsToElements(c.a, c.fmt, vfadd::Elements(c));
                             })
      .def_property_readonly("b",
                             [](const vfadd::Case& c) -> py::object {
                               if (vfadd::IsImmediate(c.op))
                                 return py::float_(c.imm_one ? 1.0 : 0.5);
                               return BitsToElements(c.b, c.fmt, vfadd::Elements(c));
                             })
      .def_property_readonly("checked", [](const vfadd::Case& c) { return c.checked; })
      .def_property_readonly("res",
                             [](const vfadd::Case& c) -> py::object {
                               if (!c.checked) return py::none();
                               return ResultObject(c.res, c);
                             })
      .def_property_readonly("fpsr",
                             [](const vfadd::Case& c) { return OptionalInt(c.checked, c.fpsr); })
      .def(
          "with_result",
          [](const vfadd::Case& c, py::object res, py::object fpsr) {
            vfadd::Case r = c;
            r.checked = true;
            r.res = ResultBits(res, c);
            r.fpsr = static_cast<uint32_t>(ToU64(fpsr, 32, "fpsr"));
            return r;
          },
          py::arg("res"), py::arg("fpsr"), "This case, checked with the given res and fpsr.")
      .def("__str__", &vfadd::FormatCase)
      .def("__repr__",
           [](const vfadd::Case& c) { return "vfadd.Case('" + vfadd::FormatCase(c) + "')"; })
      .def(
          "__eq__",
          [](const vfadd::Case& x, const vfadd::Case& y) {
            return vfadd::FormatCase(x) == vfadd::FormatCase(y);
          },
          py::is_operator());

  m.def(
      "execute",
      [](const std::string& op, const std::string& t, int vl, py::object fpcr, py::object pg,
         py::object a, py::object b) {
        const vfadd::Case c = MakeCase(op, t, vl, fpcr, pg, a, b, py::none(), py::none());
        const vfadd::Outcome o = vfadd::Execute(c);
        return py::make_tuple(ResultObject(o.res, c), o.fpsr);
      },
      py::arg("op"), py::arg("t"), py::arg("vl"), py::arg("fpcr") = 0, py::arg("pg") = py::none(),
      py::arg("a") = py::none(), py::arg("b") = py::none(),
      "Executes one instruction on the golden model (operands as for Case): (res, fpsr).");
  m.def(
      "execute_case", [](const vfadd::Case& c) { return vfadd::WithOutcome(c, vfadd::Execute(c)); },
      py::arg("case"), "The case, checked with the model's outcome (its own res is replaced).");
  m.def(
      "check",
      [](const vfadd::Case& c) {
        if (!c.checked) Bad("case: expected a checked case (with res and fpsr), got a stimulus");
        return vfadd::DifferenceLines(c, vfadd::Execute(c), vfadd::Outcome{c.res, c.fpsr});
      },
      py::arg("case"),
      "How the case's res and fpsr (actual) differ from the model's (expected): one line per "
      "difference, an empty list when they agree.");
  m.def("trace_parse", &ParseLine, py::arg("line"),
        "A trace line (trace format v1) as a Case; None for a blank or comment line; "
        "TraceError (a ValueError with .field, 1-based or None) for a malformed one.");
  m.def("trace_format", &vfadd::FormatCase, py::arg("case"), "The trace line of a case.");

  py::class_<vfadd::Insn>(m, "Insn", "A decoded 32-bit instruction word.")
      .def_property_readonly("kind", [](const vfadd::Insn& i) { return KindName(i.kind); })
      .def_property_readonly("op",
                             [](const vfadd::Insn& i) -> py::object {
                               if (i.kind != vfadd::InsnKind::kArith) return py::none();
                               return py::str(vfadd::OpName(i.op));
                             })
      .def_property_readonly("t",
                             [](const vfadd::Insn& i) -> py::object {
                               if (i.kind != vfadd::InsnKind::kArith) return py::none();
                               return py::str(FmtText(i.fmt()));
                             })
      .def_readonly("size", &vfadd::Insn::size)
      .def_readonly("zd", &vfadd::Insn::zd)
      .def_readonly("zn", &vfadd::Insn::zn)
      .def_readonly("zm", &vfadd::Insn::zm)
      .def_readonly("pg", &vfadd::Insn::pg)
      .def_readonly("merging", &vfadd::Insn::merging)
      .def_property_readonly("imm",
                             [](const vfadd::Insn& i) -> py::object {
                               if (i.kind != vfadd::InsnKind::kArith || !vfadd::IsImmediate(i.op))
                                 return py::none();
                               return py::float_(i.imm_one ? 1.0 : 0.5);
                             })
      .def("__str__", [](const vfadd::Insn& i) { return vfadd::Disassemble(i); })
      .def("__repr__",
           [](const vfadd::Insn& i) { return "vfadd.Insn('" + vfadd::Disassemble(i) + "')"; });
  m.def(
      "decode", [](py::object word) { return vfadd::Decode(ToWord(word)); }, py::arg("word"),
      "Decodes a 32-bit A64 word of the SVE FP add family or MOVPRFX.");
  m.def(
      "disassemble", [](py::object word) { return vfadd::Disassemble(ToWord(word)); },
      py::arg("word"), "GNU binutils syntax, 'undefined' or 'other'.");
}
