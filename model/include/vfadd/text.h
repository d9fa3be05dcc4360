// SPDX-License-Identifier: Apache-2.0
// Strict text-to-number parsing shared by the command-line programs (the vfadd tool, lane_tb).
#ifndef VFADD_TEXT_H_
#define VFADD_TEXT_H_

#include <cstdint>
#include <string>

namespace vfadd {

// Digits only (no sign, space or prefix): decimal for base 10, hex digits for base 16. False
// on anything else, including a value that does not fit in 64 bits.
bool ParseU64(const std::string& s, int base, uint64_t* out);

}  // namespace vfadd

#endif  // VFADD_TEXT_H_
