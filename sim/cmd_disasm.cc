// SPDX-License-Identifier: Apache-2.0
// vfadd disasm: instruction words decoded by the RTL decoder or the model's, disassembled.
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>

#include "rtl_decode.h"
#include "tool.h"
#include "vfadd/decode.h"
#include "vfadd/text.h"

namespace vfadd::tool {

namespace {
const char kDescription[] =
    R"(Decodes 32-bit A64 instruction words (hex, optional 0x) of the SVE FP add family and
MOVPRFX, through the RTL decoder vfadd_decode (the default) or the golden model's, and
prints one line per word: '<8 hex digits> <text>', the text being the GNU binutils
disassembly, 'undefined' (an unallocated word in the family's encoding space) or 'other'.
With --file or -, words are read whitespace-separated; '#' starts a comment.
)";

bool ParseWord(std::string s, uint32_t* w) {
  if (s.rfind("0x", 0) == 0 || s.rfind("0X", 0) == 0) s = s.substr(2);
  uint64_t v;
  if (s.empty() || s.size() > 8 || !ParseU64(s, 16, &v)) return false;
  *w = static_cast<uint32_t>(v);
  return true;
}
}  // namespace

int CmdDisasm(int argc, char** argv) {
  Spec spec("disasm", kDescription);
  std::string engine = "rtl", file;
  std::vector<std::string> args;
  spec.Choice("--engine", "rtl|model", &engine, {"rtl", "model"},
              "the RTL decoder vfadd_decode (the default) or the golden model's")
      .Text("--file", "F", &file, "read the words from F")
      .Positionals("WORD...|-", &args, 0, SIZE_MAX, "instruction words, or - for stdin");
  spec.Parse(argc, argv);
  std::vector<uint32_t> words;
  int errors = 0;
  std::string name = "argument";
  // Each word is parsed as it is read; a bad one is reported (the first kMaxReportedErrors, the
  // word quoted: it may be binary or megabytes long) at "FILE:LINE" or "argument N".
  auto add = [&](const std::string& src, int line) {
    uint32_t word;
    if (ParseWord(src, &word)) {
      words.push_back(word);
    } else if (++errors <= kMaxReportedErrors) {
      const std::string where = name == "argument" ? "argument " + std::to_string(line)
                                                   : name + ":" + std::to_string(line);
      std::fprintf(stderr,
                   "vfadd disasm: %s: expected a 32-bit hex word (up to 8 digits), got %s\n",
                   where.c_str(), Quote(src).c_str());
    }
  };
  const bool from_stdin = args.size() == 1 && args[0] == "-";
  if (spec.Given("--file") || from_stdin) {
    if (spec.Given("--file") && !args.empty()) spec.Error("give words or --file, not both");
    name = from_stdin ? "<stdin>" : file;
    std::ifstream in_file;
    std::istream* in = &std::cin;
    if (!from_stdin) {
      in_file.open(name);
      if (!in_file) {
        std::fprintf(stderr, "vfadd disasm: %s: cannot open: %s\n", name.c_str(),
                     std::strerror(errno));
        return kExitBadInput;
      }
      in = &in_file;
    }
    std::string line;
    errno = 0;
    int n = 1;
    for (; std::getline(*in, line); ++n) {
      line = line.substr(0, line.find('#'));
      size_t i = 0;
      while (i < line.size()) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        const size_t st = i;
        while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        if (i > st) add(line.substr(st, i - st), n);
      }
      errno = 0;
    }
    if (in->bad() || errno != 0) {
      std::fprintf(stderr, "vfadd disasm: %s: cannot read after line %d: %s\n", name.c_str(), n - 1,
                   std::strerror(errno != 0 ? errno : EIO));
      return kExitBadInput;
    }
  } else {
    if (args.empty()) spec.Error("expected instruction words, --file F or -");
    for (size_t i = 0; i < args.size(); ++i) add(args[i], static_cast<int>(i + 1));
  }
  if (errors) {
    std::fprintf(stderr, "vfadd disasm: %d bad word%s; no output written\n", errors,
                 errors == 1 ? "" : "s");
    return kExitBadInput;
  }
  std::string out;
  for (const uint32_t word : words) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08x ", word);
    out += buf + Disassemble(engine == "rtl" ? RtlDecode(word) : Decode(word)) + "\n";
  }
  std::fputs(out.c_str(), stdout);
  return kExitOk;
}

}  // namespace vfadd::tool
