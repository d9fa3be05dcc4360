// SPDX-License-Identifier: Apache-2.0
// Strict text-to-number parsing (text.h).
#include "vfadd/text.h"

#include <cctype>
#include <cerrno>
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

}  // namespace vfadd
