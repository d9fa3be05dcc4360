// SPDX-License-Identifier: Apache-2.0
// Strict text-to-number parsing shared by the command-line programs (the vfadd tool, lane_tb),
// the quoting of input text in their messages, and printf into a string.
#ifndef VFADD_TEXT_H_
#define VFADD_TEXT_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace vfadd {

// Digits only (no sign, space or prefix): decimal for base 10, hex digits for base 16. False
// on anything else, including a value that does not fit in 64 bits.
bool ParseU64(const std::string& s, int base, uint64_t* out);

// `s` in single quotes for a message about bad input: at most its first 40 bytes, every byte
// outside printable ASCII written as \xNN, and when cut "...(N characters)", so that neither
// binary input nor a line of megabytes reaches the terminal.
std::string Quote(std::string_view s);

// printf into a string, of any length.
std::string Format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

}  // namespace vfadd

#endif  // VFADD_TEXT_H_
