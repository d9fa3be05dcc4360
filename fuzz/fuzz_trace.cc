// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the trace reader (model/include/vfadd/trace.h) on arbitrary bytes.
//
// The input is a trace file. Properties checked:
//  * ParseTraceLine on the whole input as one line, and on each line of it, returns kBlank,
//    kError with a message, or kCase with a well-formed case (the field sizes of
//    docs/trace-format.md), never anything else;
//  * a parsed case formats and parses back to the same case, and its text is then stable;
//  * the model runs on it (trace.h: a parsed case is well formed) and its outcome, written as a
//    checked line, parses back to the same result and flags;
//  * TraceReader on the same bytes as a file gives, line by line, what ParseTraceLine gives, with
//    "FILE:LINE: " before each message, then kEnd.
// ASan and UBSan (-fno-sanitize-recover) catch memory errors, leaks and undefined behaviour.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.h"
#include "vfadd/fp.h"
#include "vfadd/trace.h"
#include "vfadd/vector.h"

namespace vfadd {
namespace {

bool SameCase(const Case& x, const Case& y) {
  return x.op == y.op && x.fmt == y.fmt && x.vl == y.vl && x.fpcr == y.fpcr && x.pg == y.pg &&
         x.a == y.a && x.b == y.b && x.imm_one == y.imm_one && x.checked == y.checked &&
         (!x.checked || (x.res == y.res && x.fpsr == y.fpsr));
}

size_t Words(int bits) { return static_cast<size_t>((bits + 63) / 64); }

// The sizes docs/trace-format.md gives each field, and values in range.
void CheckWellFormed(const Case& c) {
  FUZZ_CHECK(IsValidOpCode(static_cast<int>(c.op)));
  FUZZ_CHECK(IsValidFmtCode(static_cast<int>(c.fmt)));
  FUZZ_CHECK(IsValidVl(c.vl));
  FUZZ_CHECK(c.pg.size() == (IsPredicated(c.op) ? Words(c.vl / 8) : 0));
  FUZZ_CHECK(c.a.size() == (c.op == Op::kFadda ? 1 : c.op == Op::kFaddv ? 0 : Words(c.vl)));
  FUZZ_CHECK(c.b.size() == (IsImmediate(c.op) ? 0 : Words(c.vl)));
  if (c.op == Op::kFadda) FUZZ_CHECK((c.a[0] & ~width_mask(c.fmt)) == 0);
  if (!IsImmediate(c.op)) FUZZ_CHECK(!c.imm_one);
  if (c.checked) {
    FUZZ_CHECK(c.res.size() == (IsScalarResult(c.op) ? 1 : Words(c.vl)));
    if (IsScalarResult(c.op)) FUZZ_CHECK((c.res[0] & ~width_mask(c.fmt)) == 0);
  } else {
    FUZZ_CHECK(c.res.empty() && c.fpsr == 0);
  }
}

// What ParseTraceLine gave for one line.
void CheckLine(LineKind kind, const Case& c, const std::string& error) {
  FUZZ_CHECK(kind == LineKind::kBlank || kind == LineKind::kCase || kind == LineKind::kError);
  if (kind == LineKind::kError) FUZZ_CHECK(!error.empty());
  if (kind != LineKind::kCase) return;
  CheckWellFormed(c);
  // Format, parse back: the same case, and the same text again.
  const std::string text = FormatCase(c);
  Case again;
  std::string again_error;
  FUZZ_CHECK(ParseTraceLine(text, &again, &again_error) == LineKind::kCase);
  FUZZ_CHECK(SameCase(c, again));
  FUZZ_CHECK(FormatCase(again) == text);
  // The model's outcome as a checked line.
  const Case checked = WithOutcome(c, Execute(c));
  CheckWellFormed(checked);
  const std::string checked_text = FormatCase(checked);
  FUZZ_CHECK(ParseTraceLine(checked_text, &again, &again_error) == LineKind::kCase);
  FUZZ_CHECK(SameCase(checked, again));
}

// A file that TraceReader reads the input from, rewritten for each input.
std::string& TracePath() {
  static std::string path;
  return path;
}

void RemoveTraceFile() {
  if (!TracePath().empty()) std::remove(TracePath().c_str());
}

}  // namespace
}  // namespace vfadd

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  const char* dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
  vfadd::TracePath() = std::string(dir) + "/vfadd_fuzz_trace." + std::to_string(getpid());
  std::atexit(vfadd::RemoveTraceFile);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vfadd;
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  // The whole input as one line (it may hold newlines, NULs, anything).
  {
    Case c;
    std::string error;
    const LineKind kind = ParseTraceLine(text, &c, &error);
    CheckLine(kind, c, error);
  }

  // Line by line, split as std::getline splits (no empty last line after a final newline).
  std::vector<std::string_view> lines;
  for (size_t start = 0; start < text.size();) {
    const size_t nl = text.find('\n', start);
    const size_t end = nl == std::string_view::npos ? text.size() : nl;
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  struct Parsed {
    LineKind kind;
    Case c;
    std::string error;
  };
  std::vector<Parsed> parsed(lines.size());
  for (size_t i = 0; i < lines.size(); ++i) {
    Parsed& p = parsed[i];
    p.kind = ParseTraceLine(lines[i], &p.c, &p.error);
    CheckLine(p.kind, p.c, p.error);
  }

  // The same bytes as a file, through TraceReader.
  const std::string& path = TracePath();
  FILE* f = std::fopen(path.c_str(), "wb");
  FUZZ_CHECK(f != nullptr);
  FUZZ_CHECK(std::fwrite(data, 1, size, f) == size);
  FUZZ_CHECK(std::fclose(f) == 0);
  TraceReader reader;
  std::string open_error;
  FUZZ_CHECK(reader.Open(path, &open_error));
  for (size_t i = 0; i < lines.size(); ++i) {
    Case c;
    std::string raw, error;
    const TraceReader::Status status = reader.Next(&c, &raw, &error);
    FUZZ_CHECK(reader.line() == static_cast<int>(i + 1));
    switch (parsed[i].kind) {
      case LineKind::kBlank:
        FUZZ_CHECK(status == TraceReader::Status::kComment);
        FUZZ_CHECK(raw == lines[i]);
        break;
      case LineKind::kCase:
        FUZZ_CHECK(status == TraceReader::Status::kCase);
        FUZZ_CHECK(SameCase(c, parsed[i].c));
        break;
      case LineKind::kError:
        FUZZ_CHECK(status == TraceReader::Status::kError);
        FUZZ_CHECK(error == path + ":" + std::to_string(i + 1) + ": " + parsed[i].error);
        break;
    }
  }
  Case c;
  std::string raw, error;
  FUZZ_CHECK(reader.Next(&c, &raw, &error) == TraceReader::Status::kEnd);
  return 0;
}
