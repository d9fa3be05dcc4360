// SPDX-License-Identifier: Apache-2.0
// An external design under test as a process: vfadd starts a command through /bin/sh -c, writes
// lines to its stdin and reads one answer line per line sent from its stdout, with a bounded
// window of lines in flight (docs/dut-protocol.md). Both pipes are non-blocking and served by
// poll(), so neither side can block the other however many lines go through.
#ifndef VFADD_TOOL_DUT_H_
#define VFADD_TOOL_DUT_H_

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace vfadd::tool {

struct DutConfig {
  std::string command;          // run as /bin/sh -c COMMAND; its stderr is vfadd's
  double timeout_seconds = 30;  // longest wait for the next answer (or for the exit, at Close)
  size_t window = 64;           // lines sent and not yet answered, at most
};

// One DUT process, started by the first Exchange and kept for later ones (its output line
// numbers count on across them). Not copyable.
class DutProcess {
 public:
  explicit DutProcess(DutConfig config);
  ~DutProcess();  // kills the process when it still runs (Close is the orderly end)
  DutProcess(const DutProcess&) = delete;
  DutProcess& operator=(const DutProcess&) = delete;

  // Sends lines 0 .. count-1 (line(i), without its newline) and hands each answer to
  // answer(i, text) in order. Answer lines that are blank or start with '#' are skipped (a DUT
  // may annotate its output); a final '\r' is dropped. answer returns "" to go on, or an error,
  // which stops the exchange. Returns "" when every line was answered; otherwise the error:
  // answer's, or what happened to the process (it exited or was killed by a signal, closed its
  // output, gave no answer for timeout_seconds, could not be started). After an error the
  // process is stopped (killed if it still runs) and every later Exchange fails at once.
  std::string Exchange(size_t count, const std::function<std::string(size_t)>& line,
                       const std::function<std::string(size_t, const std::string&)>& answer);

  // Ends the process: closes its stdin and waits (timeout_seconds) for it to exit. "" when it
  // exited with status 0 and wrote no further answer lines; else what went wrong. A process
  // that was never started or already failed gives "".
  std::string Close();

  // Lines read from the DUT's stdout so far (every line, skipped ones included): the number of
  // the line an error names.
  uint64_t output_lines() const { return out_lines_; }
  bool failed() const { return failed_; }

 private:
  std::string Start();
  std::string Fail(const std::string& what);
  std::string ExitStatus(bool wait);
  void Kill();
  // Reads what is available; false at end of output. Complete lines go to *lines.
  bool ReadSome(std::string* error);
  bool NextLine(std::string* line);

  DutConfig cfg_;
  pid_t pid_ = -1;
  int to_dut_ = -1, from_dut_ = -1;
  bool started_ = false, failed_ = false, eof_ = false;
  std::string inbuf_;
  uint64_t out_lines_ = 0;
};

}  // namespace vfadd::tool

#endif  // VFADD_TOOL_DUT_H_
