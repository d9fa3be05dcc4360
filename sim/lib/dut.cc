// SPDX-License-Identifier: Apache-2.0
// The DUT process of dut.h: fork, /bin/sh -c, two non-blocking pipes under poll().
#include "dut.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <utility>

namespace vfadd::tool {

namespace {

using Clock = std::chrono::steady_clock;
constexpr size_t kMaxLine = size_t{1} << 20;  // an answer line without '\n' beyond this: garbage

bool Skipped(const std::string& line) {
  const size_t p = line.find_first_not_of(" \t");
  return p == std::string::npos || line[p] == '#';
}

std::string Seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", s);
  return buf;
}

Clock::time_point After(double seconds) {
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

int MillisLeft(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return left.count() <= 0 ? 0 : static_cast<int>(std::min<int64_t>(left.count(), 1000));
}

}  // namespace

DutProcess::DutProcess(DutConfig config) : cfg_(std::move(config)) {}

DutProcess::~DutProcess() { Kill(); }

std::string DutProcess::Start() {
  started_ = true;
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0) return std::string("pipe: ") + std::strerror(errno);
  if (pipe2(out, O_CLOEXEC) != 0) {
    close(in[0]), close(in[1]);
    return std::string("pipe: ") + std::strerror(errno);
  }
  // A DUT that stops reading must not kill vfadd: writes then fail with EPIPE.
  signal(SIGPIPE, SIG_IGN);
  pid_ = fork();
  if (pid_ < 0) {
    for (int fd : {in[0], in[1], out[0], out[1]}) close(fd);
    return std::string("fork: ") + std::strerror(errno);
  }
  if (pid_ == 0) {
    setpgid(0, 0);  // its own group: a hang is ended by killing the shell and what it started
    dup2(in[0], 0);
    dup2(out[1], 1);
    close_range(3, ~0U, 0);
    signal(SIGPIPE, SIG_DFL);
    execl("/bin/sh", "sh", "-c", cfg_.command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid_, pid_);
  close(in[0]), close(out[1]);
  to_dut_ = in[1], from_dut_ = out[0];
  fcntl(to_dut_, F_SETFL, fcntl(to_dut_, F_GETFL) | O_NONBLOCK);
  fcntl(from_dut_, F_SETFL, fcntl(from_dut_, F_GETFL) | O_NONBLOCK);
  return "";
}

void DutProcess::Kill() {
  if (pid_ > 0) {
    kill(-pid_, SIGKILL);
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  for (int* fd : {&to_dut_, &from_dut_}) {
    if (*fd >= 0) close(*fd);
    *fd = -1;
  }
}

std::string DutProcess::Fail(const std::string& what) {
  failed_ = true;
  Kill();
  return what;
}

// How the process ended, waiting for it up to the timeout when `wait`; "" for status 0.
std::string DutProcess::ExitStatus(bool wait) {
  if (pid_ <= 0) return "";
  const auto deadline = After(cfg_.timeout_seconds);
  int st = 0;
  for (;;) {
    const pid_t r = waitpid(pid_, &st, WNOHANG);
    if (r == pid_) break;
    if (r < 0 || !wait || Clock::now() >= deadline) {
      Kill();
      return "it is still running (killed now)";
    }
    usleep(2000);
  }
  kill(-pid_, SIGKILL);  // anything the shell left behind in its group
  pid_ = -1;
  if (WIFSIGNALED(st)) {
    return "it was killed by signal " + std::to_string(WTERMSIG(st)) + " (" +
           strsignal(WTERMSIG(st)) + ")";
  }
  const int code = WEXITSTATUS(st);
  if (code == 0) return "";
  std::string why;
  if (code == 127) why = " (the shell could not run the command)";
  if (code > 128 && code < 128 + 65) {  // the shell's report of a command killed by a signal
    why = " (its command was killed by signal " + std::to_string(code - 128) + ", " +
          strsignal(code - 128) + ")";
  }
  return "it exited with status " + std::to_string(code) + why;
}

bool DutProcess::ReadSome(std::string* error) {
  char buf[65536];
  for (;;) {
    const ssize_t n = read(from_dut_, buf, sizeof buf);
    if (n > 0) {
      inbuf_.append(buf, n);
      if (inbuf_.size() > kMaxLine && inbuf_.find('\n') == std::string::npos) {
        *error = "its output line " + std::to_string(out_lines_ + 1) + " is over " +
                 std::to_string(kMaxLine) + " bytes without a newline";
        return false;
      }
      continue;
    }
    if (n == 0) {
      eof_ = true;
      return false;
    }
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return true;
    *error = std::string("reading its output: ") + std::strerror(errno);
    return false;
  }
}

bool DutProcess::NextLine(std::string* line) {
  size_t nl = inbuf_.find('\n');
  if (nl == std::string::npos) {
    if (!eof_ || inbuf_.empty()) return false;
    nl = inbuf_.size();  // the last line, without its newline
  }
  *line = inbuf_.substr(0, nl);
  inbuf_.erase(0, std::min(nl + 1, inbuf_.size()));
  if (!line->empty() && line->back() == '\r') line->pop_back();
  ++out_lines_;
  return true;
}

std::string DutProcess::Exchange(
    size_t count, const std::function<std::string(size_t)>& line,
    const std::function<std::string(size_t, const std::string&)>& answer) {
  if (failed_) return "the DUT failed earlier in this run";
  if (!started_) {
    const std::string err = Start();
    if (!err.empty()) return Fail("cannot start it: " + err);
  }
  std::string wbuf;
  size_t woff = 0, sent = 0, answered = 0;
  auto deadline = After(cfg_.timeout_seconds);
  while (answered < count) {
    // The answers already read.
    std::string l;
    while (answered < count && NextLine(&l)) {
      if (Skipped(l)) continue;
      const std::string err = answer(answered, l);
      if (!err.empty()) return Fail(err);
      ++answered;
      deadline = After(cfg_.timeout_seconds);
    }
    if (answered == count) break;
    if (eof_) {
      const std::string how = ExitStatus(/*wait=*/true);
      return Fail("it ended its output after " + std::to_string(answered) + " answers to the " +
                  std::to_string(sent) + " lines sent" + (how.empty() ? "" : "; " + how));
    }
    // More lines to send, up to the window.
    if (woff == wbuf.size()) wbuf.clear(), woff = 0;
    while (sent < count && sent - answered < cfg_.window) wbuf += line(sent++) + '\n';
    pollfd fds[2] = {{from_dut_, POLLIN, 0}, {to_dut_, POLLOUT, 0}};
    const bool writing = to_dut_ >= 0 && woff < wbuf.size();
    const int ms = MillisLeft(deadline);
    if (ms == 0) {
      return Fail("no answer for " + Seconds(cfg_.timeout_seconds) + " seconds (--dut-timeout): " +
                  std::to_string(sent) + " lines sent, " + std::to_string(answered) + " answered");
    }
    if (poll(fds, writing ? 2 : 1, ms) < 0) {
      if (errno == EINTR) continue;
      return Fail(std::string("poll: ") + std::strerror(errno));
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      std::string err;
      if (!ReadSome(&err) && !err.empty()) return Fail(err);
    }
    if (writing && (fds[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
      const ssize_t n = write(to_dut_, wbuf.data() + woff, wbuf.size() - woff);
      if (n > 0) {
        woff += n;
      } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
        // It closed its stdin (EPIPE): keep reading what it still says.
        close(to_dut_);
        to_dut_ = -1;
      }
    }
  }
  return "";
}

std::string DutProcess::Close() {
  if (!started_ || failed_ || pid_ <= 0) return "";
  if (to_dut_ >= 0) close(to_dut_);
  to_dut_ = -1;
  const auto deadline = After(cfg_.timeout_seconds);
  std::string error;
  while (!eof_ && error.empty()) {
    pollfd fd = {from_dut_, POLLIN, 0};
    const int ms = MillisLeft(deadline);
    if (ms == 0)
      return Fail("it did not exit within " + Seconds(cfg_.timeout_seconds) +
                  " seconds of the end of its input (--dut-timeout)");
    if (poll(&fd, 1, ms) > 0) ReadSome(&error);
  }
  if (!error.empty()) return Fail(error);
  for (std::string l; NextLine(&l);) {
    if (!Skipped(l)) {
      return Fail("its output line " + std::to_string(out_lines_) + " answers no line sent: '" +
                  l.substr(0, 80) + "'");
    }
  }
  const std::string how = ExitStatus(/*wait=*/true);
  failed_ = true;  // done: nothing more to exchange
  Kill();
  return how.empty() ? "" : "after answering every line, " + how;
}

}  // namespace vfadd::tool
