// SPDX-License-Identifier: Apache-2.0
// The option declarations of cli.h, parsed by CLI11 (the only file that includes it) and turned
// into the help text.
#include "cli.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>

#include "vfadd/text.h"

namespace vfadd::tool {
namespace {

Verbosity g_verbosity = Verbosity::kNormal;
constexpr size_t kWidth = 99, kHelpColumn = 22;

// `text` wrapped to kWidth columns, the first line after `first` (padded to `indent`), the
// others indented by `indent`.
std::string Wrap(const std::string& first, size_t indent, const std::string& text) {
  std::string out = first;
  if (out.size() >= indent)
    out += "\n", out.append(indent, ' ');
  else
    out.append(indent - out.size(), ' ');
  size_t col = indent;
  size_t i = 0;
  bool start = true;
  while (i < text.size()) {
    const size_t sp = text.find(' ', i);
    const std::string word = text.substr(i, sp == std::string::npos ? std::string::npos : sp - i);
    i = sp == std::string::npos ? text.size() : sp + 1;
    if (word.empty()) continue;
    if (!start && col + 1 + word.size() > kWidth) {
      out += "\n" + std::string(indent, ' ');
      col = indent, start = true;
    }
    if (!start) out += ' ', ++col;
    out += word, col += word.size(), start = false;
  }
  return out + "\n";
}

}  // namespace

Verbosity CurrentVerbosity() { return g_verbosity; }
void SetVerbosity(Verbosity v) { g_verbosity = v; }

struct Spec::Impl {
  struct Decl {
    std::string name, meta, help, raw;
    bool flag = false, required = false;
    std::vector<std::string> needs, excludes;
    // Converts raw into the destination; a non-empty return is the usage error.
    std::function<std::string(const std::string&)> convert;
    bool* flag_out = nullptr;
    CLI::Option* option = nullptr;
  };
  std::string command, description;
  std::vector<Decl> decls;
  bool has_positionals = false;
  std::string pos_meta, pos_help;
  std::vector<std::string>* pos_out = nullptr;
  size_t pos_min = 0, pos_max = 0;
  bool quiet = false, verbose = false;
  std::map<std::string, bool> given;

  Decl& Add(const std::string& name, const std::string& meta, const std::string& help) {
    Decl d;
    d.name = name, d.meta = meta, d.help = help;
    decls.push_back(std::move(d));
    return decls.back();
  }
};

Spec::Spec(std::string command, std::string description) : impl_(std::make_unique<Impl>()) {
  impl_->command = std::move(command);
  impl_->description = std::move(description);
}
Spec::~Spec() = default;

const std::string& Spec::command() const { return impl_->command; }

Spec& Spec::Flag(const std::string& name, bool* out, const std::string& help) {
  Impl::Decl& d = impl_->Add(name, "", help);
  d.flag = true;
  d.flag_out = out;
  return *this;
}

Spec& Spec::Text(const std::string& name, const std::string& meta, std::string* out,
                 const std::string& help) {
  impl_->Add(name, meta, help).convert = [name, out](const std::string& v) {
    if (v.empty()) return name + " takes a value, got ''";
    *out = v;
    return std::string();
  };
  return *this;
}

Spec& Spec::Count(const std::string& name, const std::string& meta, uint64_t* out, uint64_t lo,
                  uint64_t hi, const std::string& help) {
  impl_->Add(name, meta, help).convert = [=](const std::string& v) {
    uint64_t x = 0;
    if (!ParseU64(v, 10, &x) || x < lo || x > hi) {
      const std::string range =
          hi == UINT64_MAX && lo == 0
              ? "a decimal integer"
              : "a decimal integer from " + std::to_string(lo) + " to " + std::to_string(hi);
      return name + " takes " + range + ", got '" + v + "'";
    }
    *out = x;
    return std::string();
  };
  return *this;
}

Spec& Spec::Hex(const std::string& name, const std::string& meta, uint64_t* out, int bits,
                const std::string& help) {
  impl_->Add(name, meta, help).convert = [=](const std::string& v) {
    std::string s = v;
    if (s.rfind("0x", 0) == 0 || s.rfind("0X", 0) == 0) s = s.substr(2);
    uint64_t x = 0;
    if (s.empty() || s.size() * 4 > static_cast<size_t>(bits) || !ParseU64(s, 16, &x)) {
      return name + " takes up to " + std::to_string(bits / 4) + " hex digits, got '" + v + "'";
    }
    *out = x;
    return std::string();
  };
  return *this;
}

Spec& Spec::Probability(const std::string& name, double* out, const std::string& help) {
  impl_->Add(name, "P", help).convert = [=](const std::string& v) {
    char* end = nullptr;
    errno = 0;
    const double x = std::strtod(v.c_str(), &end);
    if (v.empty() || errno != 0 || *end != '\0' || !(x >= 0.0 && x <= 1.0)) {
      return name + " takes a probability from 0 to 1, got '" + v + "'";
    }
    *out = x;
    return std::string();
  };
  return *this;
}

Spec& Spec::Range(const std::string& name, uint64_t* first, uint64_t* last, uint64_t hi,
                  const std::string& help) {
  impl_->Add(name, "A:B", help).convert = [=](const std::string& v) {
    const size_t colon = v.find(':');
    uint64_t a = 0, b = 0;
    if (colon == std::string::npos || !ParseU64(v.substr(0, colon), 10, &a) ||
        !ParseU64(v.substr(colon + 1), 10, &b) || a > b || b > hi) {
      return name + " takes A:B with A <= B, got '" + v + "'";
    }
    *first = a, *last = b;
    return std::string();
  };
  return *this;
}

Spec& Spec::Shard(const std::string& name, uint64_t* index, uint64_t* count,
                  const std::string& help) {
  impl_->Add(name, "I/K", help).convert = [=](const std::string& v) {
    const size_t slash = v.find('/');
    uint64_t i = 0, k = 0;
    if (slash == std::string::npos || !ParseU64(v.substr(0, slash), 10, &i) ||
        !ParseU64(v.substr(slash + 1), 10, &k) || i < 1 || i > k) {
      return name + " takes I/K with 1 <= I <= K, got '" + v + "'";
    }
    *index = i, *count = k;
    return std::string();
  };
  return *this;
}

Spec& Spec::Choice(const std::string& name, const std::string& meta, std::string* out,
                   const std::vector<std::string>& choices, const std::string& help) {
  impl_->Add(name, meta, help).convert = [=](const std::string& v) {
    std::string list;
    for (const std::string& c : choices) {
      if (c == v) {
        *out = v;
        return std::string();
      }
      list += (list.empty() ? "" : ", ") + c;
    }
    return name + ": unknown value '" + v + "' (this build has: " + list + ")";
  };
  return *this;
}

Spec& Spec::Positionals(const std::string& meta, std::vector<std::string>* out, size_t min,
                        size_t max, const std::string& help) {
  impl_->has_positionals = true;
  impl_->pos_meta = meta, impl_->pos_help = help, impl_->pos_out = out;
  impl_->pos_min = min, impl_->pos_max = max;
  return *this;
}

Spec& Spec::Required() {
  impl_->decls.back().required = true;
  return *this;
}
Spec& Spec::Needs(const std::string& other) {
  impl_->decls.back().needs.push_back(other);
  return *this;
}
Spec& Spec::Excludes(const std::string& other) {
  impl_->decls.back().excludes.push_back(other);
  return *this;
}

bool Spec::Given(const std::string& name) const {
  const auto it = impl_->given.find(name);
  return it != impl_->given.end() && it->second;
}

void Spec::Error(const std::string& message) const {
  std::fprintf(stderr, "vfadd %s: %s\n(see 'vfadd %s --help')\n", impl_->command.c_str(),
               message.c_str(), impl_->command.c_str());
  std::exit(kExitBadInput);
}

std::string Spec::Help() const {
  const Impl& m = *impl_;
  std::vector<std::string> items;
  for (const Impl::Decl& d : m.decls) {
    const std::string word = d.flag ? d.name : d.name + " " + d.meta;
    items.push_back(d.required ? word : "[" + word + "]");
  }
  if (m.has_positionals) items.push_back(m.pos_meta);
  // The usage line wraps between items, under the first one.
  const std::string head = "usage: vfadd " + m.command;
  std::string out = head;
  size_t col = head.size();
  for (const std::string& item : items) {
    if (col > head.size() && col + 1 + item.size() > kWidth) {
      out += "\n" + std::string(head.size(), ' ');
      col = head.size();
    }
    out += " " + item;
    col += 1 + item.size();
  }
  out += "\n\n" + m.description;
  out += "\noptions:\n";
  for (const Impl::Decl& d : m.decls) {
    out += Wrap("  " + (d.flag ? d.name : d.name + " " + d.meta), kHelpColumn, d.help);
  }
  if (m.has_positionals && !m.pos_help.empty())
    out += Wrap("  " + m.pos_meta, kHelpColumn, m.pos_help);
  out += Wrap("  --quiet", kHelpColumn, "no progress lines or notes on stderr (errors only)");
  out += Wrap("  --verbose", kHelpColumn, "notes on stderr on what the command is doing");
  out += Wrap("  --help, -h", kHelpColumn, "this text");
  return out;
}

void Spec::Parse(int argc, char** argv) {
  Impl& m = *impl_;
  for (int i = 0; i < argc; ++i) {
    const std::string w = argv[i];
    if (w == "--") break;
    if (w == "--help" || w == "-h") {
      std::fputs(Help().c_str(), stdout);
      std::exit(kExitOk);
    }
  }
  CLI::App app("", "vfadd " + m.command);
  app.set_help_flag();
  std::vector<CLI::Option*> options(m.decls.size());
  // (std::vector<bool> has no references to hand CLI11: a plain bool each.)
  std::unique_ptr<bool[]> flags(new bool[m.decls.size() + 1]());
  for (size_t i = 0; i < m.decls.size(); ++i) {
    Impl::Decl& d = m.decls[i];
    if (d.flag) {
      options[i] = app.add_flag(d.name, flags[i])->disable_flag_override();
    } else {
      options[i] = app.add_option(d.name, d.raw)->type_name(d.meta);
    }
    if (d.required) options[i]->required();
  }
  for (size_t i = 0; i < m.decls.size(); ++i) {
    for (const std::string& other : m.decls[i].needs) {
      for (size_t j = 0; j < m.decls.size(); ++j) {
        if (m.decls[j].name == other) options[i]->needs(options[j]);
      }
    }
    for (const std::string& other : m.decls[i].excludes) {
      for (size_t j = 0; j < m.decls.size(); ++j) {
        if (m.decls[j].name == other) options[i]->excludes(options[j]);
      }
    }
  }
  app.add_flag("--quiet", m.quiet)->disable_flag_override();
  app.add_flag("--verbose", m.verbose)->disable_flag_override()->excludes("--quiet");
  std::vector<std::string> words;
  app.add_option("words", words);
  try {
    std::vector<std::string> args(argv, argv + argc);
    std::reverse(args.begin(), args.end());  // CLI11 takes them last first
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    std::string what = e.what();
    const std::string prefix = "vfadd " + m.command + ": ";
    if (what.rfind(prefix, 0) == 0) what = what.substr(prefix.size());
    if (e.get_name() == "ArgumentMismatch" && what.find("flag override") != std::string::npos) {
      what = "an option that takes no value was given one (" + what + ")";
    }
    Error(what);
  }
  for (const std::string& w : words) {
    if (w.size() > 1 && w[0] == '-') Error("unknown option '" + w + "'");
  }
  for (size_t i = 0; i < m.decls.size(); ++i) {
    Impl::Decl& d = m.decls[i];
    m.given[d.name] = options[i]->count() > 0;
    if (!m.given[d.name]) continue;
    if (d.flag) {
      *d.flag_out = true;
    } else if (const std::string problem = d.convert(d.raw); !problem.empty()) {
      Error(problem);
    }
  }
  if (!m.has_positionals && !words.empty()) Error("unexpected argument '" + words[0] + "'");
  if (m.has_positionals) {
    if (words.size() < m.pos_min || words.size() > m.pos_max) {
      const std::string n = m.pos_min == m.pos_max ? "one" : m.pos_min ? "at least one" : "";
      Error("expected " + (n.empty() ? "" : n + " ") + m.pos_meta + ", got " +
            std::to_string(words.size()) + " argument" + (words.size() == 1 ? "" : "s"));
    }
    *m.pos_out = words;
  }
  if (m.quiet) SetVerbosity(Verbosity::kQuiet);
  if (m.verbose) SetVerbosity(Verbosity::kVerbose);
}

void Note(const std::string& command, const std::string& message) {
  if (CurrentVerbosity() == Verbosity::kQuiet) return;
  std::fprintf(stderr, "vfadd %s: %s\n", command.c_str(), message.c_str());
}

void Verbose(const std::string& command, const std::string& message) {
  if (CurrentVerbosity() != Verbosity::kVerbose) return;
  std::fprintf(stderr, "vfadd %s: %s\n", command.c_str(), message.c_str());
}

}  // namespace vfadd::tool
