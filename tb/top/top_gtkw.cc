// SPDX-License-Identifier: Apache-2.0
// The GTKWave save file (.gtkw) written beside a run's FST: the request, response and pipeline
// signals of vfadd_top in three groups, a named marker at the accept and at the response cycle
// of each failing request (the primary marker on the first one's acceptance), the view opening
// a few cycles before it.
//
// The format is GTKWave's own (its savefile.c reads and writes it): line-oriented, "[*]"
// comments, "[dumpfile] "PATH"", "[timestart] T", then "*ZOOM PRIMARY A B ... Z" (marker times,
// -1 for none), "[markername] LNAME" (L the marker's letter), and the traces: "@FLAGS" (hex: 0x2
// hexadecimal, 0x8 binary, 0x20 right-justified names, 0x200 blank, 0x800000 group begin,
// 0x1000000 group end), each signal by its full name, a group between "-NAME" lines. GTKWave
// names a vector of the FST "scope.name[msb:lsb]" (the FST's "name [msb:lsb]" without the
// space), a single bit "scope.name". Times are in the FST's units: the harness stamps picoseconds.
//
// The signal names are read back from the FST's own hierarchy (fstReaderIterateHier), so that
// they are the names GTKWave will look up whatever Verilator kept or renamed.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "gtkwave/fstapi.h"
#include "top_engine.h"

namespace vfadd::top {

std::string WaveSavePath(const std::string& waves) {
  const std::string ext = ".fst";
  if (waves.size() > ext.size() && waves.compare(waves.size() - ext.size(), ext.size(), ext) == 0) {
    return waves.substr(0, waves.size() - ext.size()) + ".gtkw";
  }
  return waves + ".gtkw";
}

namespace detail {
namespace {

// The signals of each group, by their name in rtl/vfadd_top.sv, in display order. The pipeline
// group follows a request from the input register to the response register; a signal Verilator
// did not keep is left out.
const char* const kRequest[] = {"clk_i",     "rst_ni",        "req_valid_i", "req_ready_o",
                                "req_tag_i", "req_raw_i",     "req_insn_i",  "req_op_i",
                                "req_fmt_i", "req_imm_one_i", "req_len_i",   "req_fpcr_i",
                                "req_pg_i",  "req_a_i",       "req_b_i"};
const char* const kResponse[] = {"rsp_valid_o", "rsp_ready_i", "rsp_tag_o",
                                 "rsp_undef_o", "rsp_fpsr_o",  "rsp_result_o"};
const char* const kPipeline[] = {
    "req_fire", "issue",    "r0_valid",  "r0_tag",      "fadda_busy", "lanes_valid", "m_valid",
    "m_tag",    "lv_valid", "tree_exit", "tree_tag",    "fadda_done", "fadda_tag",   "main_exit",
    "any_exit", "out_tag",  "advance",   "rsp_valid_q", "rsp_tag_q"};
constexpr int kNamedMarkers = 26;     // A .. Z
constexpr uint64_t kLeadCycles = 10;  // the view opens this many cycles before the first marker

struct Signal {
  std::string name;  // as GTKWave names it
  uint32_t bits = 1;
};

// "name [7:0]" (Verilator's FST name of a vector) as GTKWave names it: spaces dropped.
std::string GtkwaveVarName(const char* fst_name, uint32_t bits, std::string* base) {
  std::string n;
  for (const char* p = fst_name; *p; ++p) {
    if (*p != ' ') n += *p;
  }
  const size_t lb = n.rfind('[');
  *base = n.substr(0, lb);
  if (bits == 1 && lb != std::string::npos) {  // a one-bit range: "name[n]"
    const size_t colon = n.find(':', lb);
    if (colon != std::string::npos) n = n.substr(0, colon) + "]";
  }
  return n;
}

// The variables of the scope that holds vfadd_top's internal signals (the one with
// rsp_valid_q), by their names in the RTL. Empty with *error when the file cannot be read.
std::map<std::string, Signal> TopSignals(const std::string& fst, std::string* error) {
  std::map<std::string, std::map<std::string, Signal>> scopes;
  void* r = fstReaderOpen(fst.c_str());
  if (r == nullptr) {
    *error = fst + ": cannot read the FST back for its signal names";
    return {};
  }
  std::vector<std::string> path;
  while (const fstHier* h = fstReaderIterateHier(r)) {
    if (h->htyp == FST_HT_SCOPE) {
      path.push_back((path.empty() ? "" : path.back() + ".") + h->u.scope.name);
    } else if (h->htyp == FST_HT_UPSCOPE) {
      if (!path.empty()) path.pop_back();
    } else if (h->htyp == FST_HT_VAR && !path.empty()) {
      std::string base;
      const std::string name = GtkwaveVarName(h->u.var.name, h->u.var.length, &base);
      scopes[path.back()][base] = {path.back() + "." + name, h->u.var.length};
    }
  }
  fstReaderClose(r);
  for (auto& [scope, vars] : scopes) {
    if (vars.count("rsp_valid_q")) return vars;
  }
  *error = fst + ": no scope with vfadd_top's signals (rsp_valid_q)";
  return {};
}

// The rising edge that ends cycle `cycle` (Response numbering): the run's first kResetCycles
// cycles are the reset, each cycle starts kPeriodPs after the one before, at time 0 the first.
uint64_t EdgeTime(uint64_t cycle) { return (cycle + kResetCycles) * kPeriodPs + kPeriodPs / 2; }

template <size_t N>
void AppendGroup(std::string* out, const char* name, const char* const (&names)[N],
                 const std::map<std::string, Signal>& vars) {
  *out += "@800200\n-" + std::string(name) + "\n";
  for (const char* n : names) {
    const auto it = vars.find(n);
    if (it == vars.end()) continue;
    *out += it->second.bits == 1 ? "@28\n" : "@22\n";
    *out += it->second.name + "\n";
  }
  *out += "@1000200\n-" + std::string(name) + "\n";
}

std::string AbsolutePath(const std::string& p) {
  char* real = realpath(p.c_str(), nullptr);
  if (real == nullptr) return p;
  std::string s = real;
  std::free(real);
  return s;
}

}  // namespace

std::string WaveSaveText(const std::string& fst, const Report& rep, std::string* error) {
  const std::map<std::string, Signal> vars = TopSignals(fst, error);
  if (vars.empty()) return "";
  // The markers: accept and response of each failing request, while letters last.
  std::vector<std::pair<uint64_t, std::string>> marks;
  size_t failing = 0, marked = 0;
  for (size_t i = 0; i < rep.responses.size(); ++i) {
    const Response& r = rep.responses[i];
    if (!r.mismatch || r.dropped) continue;
    ++failing;
    if (marks.size() + 2 > kNamedMarkers) continue;
    ++marked;
    marks.push_back({EdgeTime(r.accept_cycle), "request " + std::to_string(i) + " accepted"});
    if (r.response_cycle > r.accept_cycle) {
      marks.push_back({EdgeTime(r.response_cycle), "request " + std::to_string(i) + " response"});
    }
  }
  std::string out = "[*] vfadd_top waves: request, response and pipeline signals";
  out += failing ? "; markers at each failing request's accept and response edges\n" : "\n";
  if (failing > marked) {
    out += "[*] " + std::to_string(failing - marked) + " more failing requests have no marker\n";
  }
  out += "[dumpfile] \"" + AbsolutePath(fst) + "\"\n";
  const uint64_t first = marks.empty() ? 0 : marks[0].first;
  const uint64_t lead = kLeadCycles * kPeriodPs;
  out += "[timestart] " + std::to_string(first > lead ? first - lead : 0) + "\n";
  // Zoom -10: 2^10 time units (ps) per pixel, about ten pixels a cycle.
  out += "*-10.000000 " + (marks.empty() ? std::string("-1") : std::to_string(first));
  for (int m = 0; m < kNamedMarkers; ++m) {
    out += " " + (m < static_cast<int>(marks.size()) ? std::to_string(marks[m].first) : "-1");
  }
  out += "\n";
  for (size_t m = 0; m < marks.size(); ++m) {
    out += "[markername] " + std::string(1, static_cast<char>('A' + m)) + marks[m].second + "\n";
  }
  AppendGroup(&out, "request", kRequest, vars);
  AppendGroup(&out, "response", kResponse, vars);
  AppendGroup(&out, "pipeline", kPipeline, vars);
  return out;
}

void WriteWaveSave(const std::string& fst, Report* rep) {
  std::string error;
  const std::string text = WaveSaveText(fst, *rep, &error);
  const std::string path = WaveSavePath(fst);
  if (error.empty()) {
    std::ofstream f(path, std::ios::binary);
    f << text;
    f.close();
    if (!f) error = path + ": cannot write the GTKWave save file";
  }
  if (!error.empty()) rep->error = rep->error.empty() ? error : rep->error + "; " + error;
}

}  // namespace detail
}  // namespace vfadd::top
