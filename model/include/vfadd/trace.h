// SPDX-License-Identifier: Apache-2.0
// vfadd golden model: reader and writer of the trace format (docs/trace-format.md).
#ifndef VFADD_TRACE_H_
#define VFADD_TRACE_H_

#include <fstream>
#include <istream>
#include <memory>
#include <string>
#include <string_view>

#include "vfadd/vector.h"

namespace vfadd {

enum class LineKind { kBlank, kCase, kError };

// Parses one line (without its newline; a trailing '\r' is accepted). kBlank for blank and
// comment lines; kCase fills *c; kError fills *error with the field and what was expected, e.g.
// "field 4 'fpcr': expected 8 hex digits, got '12' (2 digits)". After kError *c is only
// partly filled and must not be used.
LineKind ParseTraceLine(std::string_view line, Case* c, std::string* error);

// One trace line for a case: a checked line when c.checked, else a stimulus line.
std::string FormatCase(const Case& c);

// A case with the model's (or an engine's) outcome filled in as its result.
Case WithOutcome(Case c, const Outcome& o);

// Reads cases from a file ("-" is standard input), tracking line numbers for messages.
class TraceReader {
 public:
  enum class Status { kCase, kComment, kEnd, kError };
  // false and *error set ("FILE: cannot open: REASON") when the file cannot be read.
  bool Open(const std::string& path, std::string* error);
  // kCase fills *c; kComment passes a blank or comment line in *raw; kError sets *error to
  // "FILE:LINE: <message>" and leaves the reader at the next line. A failure to read the file
  // (e.g. a directory) is one kError, after which the reader returns kEnd.
  Status Next(Case* c, std::string* raw, std::string* error);
  const std::string& name() const { return name_; }
  int line() const { return line_; }

 private:
  std::string name_;
  std::ifstream file_;
  std::istream* in_ = nullptr;
  int line_ = 0;
  bool failed_ = false;
};

}  // namespace vfadd

#endif  // VFADD_TRACE_H_
