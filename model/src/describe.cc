// SPDX-License-Identifier: Apache-2.0
// Names and readable values for reports: formats, flags and decoded encodings.
#include <cmath>
#include <cstdio>
#include <string>

#include "vfadd/fp.h"

namespace vfadd {

bool ParseFmt(const std::string& s, Fmt* out) {
  if (s == "h")
    *out = Fmt::kH;
  else if (s == "s")
    *out = Fmt::kS;
  else if (s == "d")
    *out = Fmt::kD;
  else
    return false;
  return true;
}

char FmtLetter(Fmt f) { return f == Fmt::kH ? 'h' : f == Fmt::kS ? 's' : 'd'; }

std::string FlagNames(uint32_t flags) {
  static const struct {
    uint32_t bit;
    const char* name;
  } kNames[] = {{kIOC, "IOC"}, {kDZC, "DZC"}, {kOFC, "OFC"},
                {kUFC, "UFC"}, {kIXC, "IXC"}, {kIDC, "IDC"}};
  std::string s;
  for (const auto& n : kNames) {
    if (flags & n.bit) s += (s.empty() ? "" : "|") + std::string(n.name);
  }
  if (flags & ~kAllFlags) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s0x%x", s.empty() ? "" : "|", flags & ~kAllFlags);
    s += buf;
  }
  return s.empty() ? "-" : s;
}

std::string DescribeValue(Fmt f, uint64_t bits) {
  const int m = man_bits(f);
  const bool sign = (bits & sign_mask(f)) != 0;
  const uint64_t frac = bits & ((uint64_t{1} << m) - 1);
  const int exp_field = static_cast<int>((bits >> m) & ((uint64_t{1} << exp_bits(f)) - 1));
  char buf[64];
  switch (Classify(f, bits)) {
    case FpClass::kZero:
      return sign ? "-0" : "+0";
    case FpClass::kInfinity:
      return sign ? "-inf" : "+inf";
    case FpClass::kQNaN:
    case FpClass::kSNaN:
      std::snprintf(buf, sizeof buf, "%s%s:0x%llx", sign ? "-" : "",
                    Classify(f, bits) == FpClass::kQNaN ? "qNaN" : "sNaN",
                    static_cast<unsigned long long>(frac));
      return buf;
    case FpClass::kSubnormal:
      std::snprintf(buf, sizeof buf, "%s%.17g (subnormal)", sign ? "-" : "",
                    std::ldexp(static_cast<double>(frac), emin(f) - m));
      return buf;
    case FpClass::kNormal:
      break;
  }
  const double v =
      std::ldexp(static_cast<double>(frac | (uint64_t{1} << m)), exp_field - bias(f) - m);
  std::snprintf(buf, sizeof buf, "%s%.17g", sign ? "-" : "", v);
  return buf;
}

}  // namespace vfadd
