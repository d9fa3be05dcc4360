// SPDX-License-Identifier: Apache-2.0
// The options of a vfadd command, declared once: name, value, help text and range. The parser
// (CLI11, in cli.cc alone: its headers cost seconds of compile time per file) and the help text
// are generated from the declarations, so a check or a line of help cannot drift from the other.
#ifndef VFADD_SIM_CLI_H_
#define VFADD_SIM_CLI_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace vfadd::tool {

constexpr int kExitOk = 0, kExitMismatch = 1, kExitBadInput = 2;

// How much a command says on stderr beyond its errors: --quiet drops progress lines and notes,
// --verbose adds notes on what it is doing (every command takes both).
enum class Verbosity { kQuiet, kNormal, kVerbose };
Verbosity CurrentVerbosity();
void SetVerbosity(Verbosity v);

// A command's option declarations. Each declaration stores its parsed value through the pointer
// given (left as it is when the option is absent) and returns *this, so that a constraint on it
// can follow: spec.Count("--jobs", "J", &jobs, 1, 64, "...").Needs("--seed").
class Spec {
 public:
  // `description`: the paragraphs between the usage line and the options (lines end in '\n').
  Spec(std::string command, std::string description);
  ~Spec();
  Spec(const Spec&) = delete;
  Spec& operator=(const Spec&) = delete;

  Spec& Flag(const std::string& name, bool* out, const std::string& help);
  Spec& Text(const std::string& name, const std::string& meta, std::string* out,
             const std::string& help);
  // A decimal integer (digits only) from lo to hi.
  Spec& Count(const std::string& name, const std::string& meta, uint64_t* out, uint64_t lo,
              uint64_t hi, const std::string& help);
  // Hex digits (optional 0x), up to `bits` bits.
  Spec& Hex(const std::string& name, const std::string& meta, uint64_t* out, int bits,
            const std::string& help);
  // A probability from 0 to 1.
  Spec& Probability(const std::string& name, double* out, const std::string& help);
  // "A:B", decimal, A <= B <= hi.
  Spec& Range(const std::string& name, uint64_t* first, uint64_t* last, uint64_t hi,
              const std::string& help);
  // "I/K" with 1 <= I <= K.
  Spec& Shard(const std::string& name, uint64_t* index, uint64_t* count, const std::string& help);
  // One of `choices`.
  Spec& Choice(const std::string& name, const std::string& meta, std::string* out,
               const std::vector<std::string>& choices, const std::string& help);
  // The words that are not options: from min to max of them ("-" is one: stdin).
  Spec& Positionals(const std::string& meta, std::vector<std::string>* out, size_t min, size_t max,
                    const std::string& help);

  // Constraints on the option declared last.
  Spec& Required();
  Spec& Needs(const std::string& other);
  Spec& Excludes(const std::string& other);

  // Parses the words after the command. --help or -h anywhere prints Help() and exits 0; a usage
  // error exits 2 through Error().
  void Parse(int argc, char** argv);
  bool Given(const std::string& name) const;
  const std::string& command() const;
  std::string Help() const;
  // "vfadd CMD: MESSAGE\n(see 'vfadd CMD --help')" on stderr, exit 2.
  [[noreturn]] void Error(const std::string& message) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Messages on stderr, "vfadd CMD: ...": Note (a remark; dropped by --quiet), Verbose (only with
// --verbose).
void Note(const std::string& command, const std::string& message);
void Verbose(const std::string& command, const std::string& message);

}  // namespace vfadd::tool

#endif  // VFADD_SIM_CLI_H_
