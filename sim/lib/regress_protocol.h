// SPDX-License-Identifier: Apache-2.0
// The lines a vfadd regress worker process writes to its parent through a pipe.
#ifndef VFADD_TOOL_REGRESS_PROTOCOL_H_
#define VFADD_TOOL_REGRESS_PROTOCOL_H_

#include <cstdint>
#include <string>
#include <utility>

namespace vfadd::tool {

// One message: a line of a kind letter and its fields, separated by tabs.
//
//   P <count>          kProgress     cases done since the last P (the end of a batch)
//   F <count> <text>   kFailure      the case index of a mismatch, the first line of what differs
//   L <text>           kFailureLine  the trace line of the failing case (after its F)
//   S <text>           kSummaryRow   a line of Summary::Serialize
//   C <count>          kCycles       the clock cycles the worker simulated
//   T <count>          kSteered      the cases steered towards coverage holes
//   V <text>           kCoverage     a line of the worker's coverage database (fcov::Db)
//   E <text>           kError        an error that stopped the worker
//
// Counts are decimal. In a text, backslash, tab, newline and carriage return are written \\, \t,
// \n and \r, so any text (empty, or with spaces, digits, tabs or newlines) keeps a message on one
// line with a fixed number of tabs.
struct Message {
  enum Kind {
    kProgress,
    kFailure,
    kFailureLine,
    kSummaryRow,
    kCycles,
    kSteered,
    kCoverage,
    kError
  };
  Kind kind = kProgress;
  uint64_t count = 0;  // kProgress, kFailure (the case index), kCycles, kSteered; else 0
  std::string text;    // kFailure, kFailureLine, kSummaryRow, kCoverage, kError; else empty

  static Message Progress(uint64_t cases) { return {kProgress, cases, {}}; }
  static Message Failure(uint64_t index, std::string what) {
    return {kFailure, index, std::move(what)};
  }
  static Message FailureLine(std::string trace_line) {
    return {kFailureLine, 0, std::move(trace_line)};
  }
  static Message SummaryRow(std::string row) { return {kSummaryRow, 0, std::move(row)}; }
  static Message Cycles(uint64_t cycles) { return {kCycles, cycles, {}}; }
  static Message Steered(uint64_t cases) { return {kSteered, cases, {}}; }
  static Message Coverage(std::string db_line) { return {kCoverage, 0, std::move(db_line)}; }
  static Message Error(std::string what) { return {kError, 0, std::move(what)}; }

  bool operator==(const Message& o) const {
    return kind == o.kind && count == o.count && text == o.text;
  }
};

// The message as one line, ending in '\n'. A count or text its kind does not carry is not sent.
std::string Encode(const Message& m);

// Parses a line of Encode (its final '\n' may be left on). False, with *error saying why, on an
// empty line, an unknown kind, a missing or extra field, a count that is not a decimal number of
// 64 bits, or a bad escape in a text; *m is then unspecified.
bool Decode(const std::string& line, Message* m, std::string* error);

}  // namespace vfadd::tool

#endif  // VFADD_TOOL_REGRESS_PROTOCOL_H_
