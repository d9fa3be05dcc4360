// SPDX-License-Identifier: Apache-2.0
// Strict text-to-number parsing and the quoting of input text (text.h).
#include "vfadd/text.h"

#include <cctype>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>

namespace vfadd {

bool ParseU64(const std::string& s, int base, uint64_t* out) {
  if (s.empty() || s.size() > (base == 16 ? 16u : 20u)) return false;
  for (char ch : s) {
    if (!(base == 16 ? std::isxdigit(static_cast<unsigned char>(ch))
                     : std::isdigit(static_cast<unsigned char>(ch)))) {
      return false;
    }
  }
  errno = 0;
  const unsigned long long v = std::strtoull(s.c_str(), nullptr, base);
  if (errno != 0) return false;
  *out = v;
  return true;
}

std::string Quote(std::string_view s) {
  constexpr size_t kMax = 40;
  std::string out;
  for (char ch : s.substr(0, kMax)) {
    const unsigned char u = static_cast<unsigned char>(ch);
    if (u >= 0x20 && u < 0x7f) {
      out += ch;
    } else {
      static const char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    }
  }
  if (s.size() > kMax) out += "...(" + std::to_string(s.size()) + " characters)";
  return "'" + out + "'";
}

std::string Format(const char* fmt, ...) {
  va_list args, again;
  va_start(args, fmt);
  va_copy(again, args);
  const int n = std::vsnprintf(nullptr, 0, fmt, args);
  va_end(args);
  std::string out(n > 0 ? n : 0, '\0');
  if (n > 0) std::vsnprintf(out.data(), out.size() + 1, fmt, again);
  va_end(again);
  return out;
}

}  // namespace vfadd
