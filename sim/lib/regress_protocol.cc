// SPDX-License-Identifier: Apache-2.0
// The lines a vfadd regress worker process writes to its parent: encoding and decoding.
#include "regress_protocol.h"

#include <vector>

#include "vfadd/text.h"

namespace vfadd::tool {
namespace {

struct KindInfo {
  char letter;
  bool count, text;  // the fields it carries, in this order
};
// Indexed by Message::Kind.
constexpr KindInfo kKinds[] = {
    {'P', true, false},  // kProgress
    {'F', true, true},   // kFailure
    {'L', false, true},  // kFailureLine
    {'S', false, true},  // kSummaryRow
    {'C', true, false},  // kCycles
    {'T', true, false},  // kSteered
    {'V', false, true},  // kCoverage
    {'E', false, true},  // kError
};
constexpr int kNumKinds = sizeof kKinds / sizeof kKinds[0];
static_assert(kNumKinds == Message::kError + 1, "a letter for every kind");

void AppendEscaped(std::string* out, const std::string& text) {
  for (char ch : text) {
    const char* esc = ch == '\\'   ? "\\\\"
                      : ch == '\t' ? "\\t"
                      : ch == '\n' ? "\\n"
                      : ch == '\r' ? "\\r"
                                   : nullptr;
    if (esc) {
      *out += esc;
    } else {
      *out += ch;
    }
  }
}

bool Unescape(const std::string& s, std::string* out, std::string* error) {
  out->clear();
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\') {
      *out += s[i];
      continue;
    }
    if (i + 1 == s.size()) {
      *error = "a text ends in a lone backslash";
      return false;
    }
    const char e = s[++i];
    if (e != '\\' && e != 't' && e != 'n' && e != 'r') {
      *error = "unknown escape " + Quote(s.substr(i - 1, 2)) + " in a text";
      return false;
    }
    *out += e == 't' ? '\t' : e == 'n' ? '\n' : e == 'r' ? '\r' : '\\';
  }
  return true;
}

}  // namespace

std::string Encode(const Message& m) {
  const KindInfo& k = kKinds[m.kind];
  std::string line(1, k.letter);
  if (k.count) line += '\t' + std::to_string(m.count);
  if (k.text) {
    line += '\t';
    AppendEscaped(&line, m.text);
  }
  line += '\n';
  return line;
}

bool Decode(const std::string& line_in, Message* m, std::string* error) {
  std::string line = line_in;
  if (!line.empty() && line.back() == '\n') line.pop_back();
  if (line.empty()) {
    *error = "empty message";
    return false;
  }
  // Encode writes neither raw: one here means two lines ran together or a line was cut.
  if (line.find_first_of("\n\r") != std::string::npos) {
    *error = "a raw newline or carriage return inside the message " + Quote(line);
    return false;
  }
  int kind = 0;
  while (kind < kNumKinds && kKinds[kind].letter != line[0]) ++kind;
  if (kind == kNumKinds || (line.size() > 1 && line[1] != '\t')) {
    *error = "unknown message kind in " + Quote(line);
    return false;
  }
  const KindInfo& k = kKinds[kind];
  // The fields after the kind's tab; texts hold no raw tab, so every tab separates two fields.
  std::vector<std::string> fields;
  for (size_t start = 2; line.size() > 1;) {
    const size_t tab = line.find('\t', start);
    fields.push_back(line.substr(start, tab == std::string::npos ? tab : tab - start));
    if (tab == std::string::npos) break;
    start = tab + 1;
  }
  const size_t want = k.count + k.text;
  if (fields.size() != want) {
    *error = std::string("message ") + k.letter + ": expected " + std::to_string(want) + " field" +
             (want == 1 ? "" : "s") + " after the kind, got " + std::to_string(fields.size()) +
             " in " + Quote(line);
    return false;
  }
  m->kind = static_cast<Message::Kind>(kind);
  m->count = 0;
  m->text.clear();
  if (k.count && !ParseU64(fields[0], 10, &m->count)) {
    *error =
        std::string("message ") + k.letter + ": expected a decimal count, got " + Quote(fields[0]);
    return false;
  }
  if (k.text && !Unescape(fields[k.count], &m->text, error)) {
    *error = std::string("message ") + k.letter + ": " + *error;
    return false;
  }
  return true;
}

}  // namespace vfadd::tool
