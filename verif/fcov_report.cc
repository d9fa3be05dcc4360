// SPDX-License-Identifier: Apache-2.0
// Reports of a functional coverage database: markdown (figures per kind and group, the holes,
// the unreachable bins and why) and HTML (the same figures, then every group as a grid whose
// cells are coloured by hit count).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "fcov.h"

namespace vfadd {
namespace fcov {
namespace {

std::string Percent(const Db::Figures& f) {
  if (f.reachable == 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", PercentHit(f));
  return buf;
}

std::string Escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

// For each row of g: the columns of its holes (counts 0, reachable).
std::vector<std::pair<std::string, std::vector<std::string>>> HolesByRow(const Db& db,
                                                                         const Group& g) {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  for (size_t r = 0; r < g.rows.size(); ++r) {
    std::vector<std::string> cols;
    for (size_t c = 0; c < g.cols.size(); ++c) {
      const size_t i = g.first + r * g.cols.size() + c;
      if (!db.count(i) && db.model().Unreachable(i).empty()) cols.push_back(g.cols[c]);
    }
    if (!cols.empty()) out.push_back({g.rows[r], cols});
  }
  return out;
}

std::string Join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

// `cols` (names of g's columns) in few words: "every FPCR", "every FPCR with DN", "every FPCR
// with RZ", "every FPCR with FZ16 clear", or the list.
std::string DescribeCols(const Group& g, const std::vector<std::string>& cols) {
  if (cols.size() == g.cols.size()) return "every " + g.col_axis;
  if (g.col_axis != "FPCR") return Join(cols);
  auto tokens = [](const std::string& name) {
    std::vector<std::string> t;
    for (size_t p = 0, q; p <= name.size(); p = q + 1) {
      q = name.find('.', p);
      if (q == std::string::npos) q = name.size();
      t.push_back(name.substr(p, q - p));
    }
    return t;
  };
  for (const char* field : {"RN", "RP", "RM", "RZ", "FZ", "FZ16", "DN"}) {
    for (bool set : {true, false}) {
      if (!set && field[0] == 'R') continue;
      std::vector<std::string> match;
      for (const std::string& c : g.cols) {
        const auto t = tokens(c);
        if ((std::find(t.begin(), t.end(), field) != t.end()) == set) match.push_back(c);
      }
      if (match == cols) {
        return "every FPCR with " + std::string(field) + (set || field[0] == 'R' ? "" : " clear");
      }
    }
  }
  return Join(cols);
}

}  // namespace

double PercentHit(const Db::Figures& f) {
  if (f.reachable == 0) return -1;
  return std::floor(1000.0 * f.hit / f.reachable) / 10;
}

std::string KindOf(const Group& g) { return g.name.substr(0, g.name.find('.')); }

std::vector<std::pair<std::string, Db::Figures>> Db::Kinds() const {
  std::vector<std::pair<std::string, Db::Figures>> out;
  for (const Group& g : model().groups()) {
    auto it =
        std::find_if(out.begin(), out.end(), [&](const auto& k) { return k.first == KindOf(g); });
    if (it == out.end()) it = out.insert(out.end(), {KindOf(g), {}});
    const Db::Figures f = OfGroup(g);
    it->second.reachable += f.reachable, it->second.hit += f.hit;
  }
  return out;
}

std::string Db::Headline() const {
  const Db& db = *this;
  const Db::Figures t = db.Total();
  const size_t unreachable = db.model().size() - t.reachable;
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "%llu cases sampled (maximum VL %d). %s of %llu reachable bins hit, %llu holes; "
                "%zu bins unreachable.",
                static_cast<unsigned long long>(db.cases()), db.model().max_vl(),
                Percent(t).c_str(), static_cast<unsigned long long>(t.reachable),
                static_cast<unsigned long long>(t.reachable - t.hit), unreachable);
  return buf;
}

std::string Db::Markdown(const std::string& title) const {
  const Model& m = *model_;
  std::string s = "# " + title + "\n\n" + Headline() + "\n\n";
  const std::vector<size_t> bad = UnreachableHits();
  if (!bad.empty()) {
    s += "**" + std::to_string(bad.size()) +
         " bins the model calls unreachable were hit**: the "
         "coverage model or the golden model is wrong (listed under Unreachable bins).\n\n";
  }
  s += "| kind | reachable bins | hit | coverage |\n|---|---:|---:|---:|\n";
  for (const auto& [kind, f] : Kinds()) {
    s += "| " + kind + " | " + std::to_string(f.reachable) + " | " + std::to_string(f.hit) + " | " +
         Percent(f) + " |\n";
  }
  s += "\n## Groups\n\n| group | bins | hit | coverage | what |\n|---|---:|---:|---:|---|\n";
  for (const Group& g : m.groups()) {
    const Figures f = OfGroup(g);
    s += "| " + g.name + " | " + std::to_string(f.reachable) + " | " + std::to_string(f.hit) +
         " | " + Percent(f) + " | " + g.title + " |\n";
  }
  s += "\n## Holes\n\n";
  bool any = false;
  for (const Group& g : m.groups()) {
    const auto holes = HolesByRow(*this, g);
    if (holes.empty()) continue;
    any = true;
    s += "- `" + g.name + "` (" + g.row_axis + ": " + g.col_axis + ")\n";
    for (const auto& [row, cols] : holes) s += "  - " + row + ": " + Join(cols) + "\n";
  }
  if (!any) s += "None: every reachable bin was hit.\n";
  s += "\n## Unreachable bins\n\nLeft out of the figures; a hit on one is listed as **HIT**.\n\n";
  for (const Group& g : m.groups()) {
    // reason -> "row: cols"
    std::map<std::string, std::map<std::string, std::vector<std::string>>> by_reason;
    for (size_t k = 0; k < g.size(); ++k) {
      const std::string& why = m.Unreachable(g.first + k);
      if (why.empty()) continue;
      std::string col = g.cols[k % g.cols.size()];
      if (counts_[g.first + k]) col += " **HIT " + std::to_string(counts_[g.first + k]) + "**";
      by_reason[why][g.rows[k / g.cols.size()]].push_back(col);
    }
    if (by_reason.empty()) continue;
    s += "- `" + g.name + "`\n";
    for (const auto& [why, rows] : by_reason) {
      s += "  - " + why + ":";
      for (const auto& [row, cols] : rows) s += " " + row + " (" + DescribeCols(g, cols) + ");";
      s.back() = '\n';
    }
  }
  return s;
}

std::string Db::Html(const std::string& title) const {
  const Model& m = *model_;
  std::string s =
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + Escape(title) +
      "</title>\n<style>\nbody{font-family:sans-serif;margin:2em;max-width:100em}\n"
      "table{border-collapse:collapse;margin:0.5em 0 1.5em}\n"
      "td,th{border:1px solid #ccc;padding:2px 6px;font-size:12px}\n"
      "th{background:#eee}\ntd.n{text-align:right}\n"
      "table.grid td{width:2.2em;height:1.4em;text-align:center;font-size:10px}\n"
      "td.hole{background:#e53935;color:#fff}\ntd.off{background:#bbb}\n"
      "td.bad{background:#000;color:#ff0}\n"
      ".bar{display:inline-block;height:0.8em;background:#43a047}\n"
      ".barbg{display:inline-block;width:8em;background:#eee}\n</style></head><body>\n"
      "<h1>" +
      Escape(title) + "</h1>\n<p>" + Escape(Headline()) +
      "</p>\n"
      "<p>Grids: <span style=\"background:#e53935;color:#fff\">&nbsp;hole&nbsp;</span> "
      "<span style=\"background:#bbb\">&nbsp;unreachable&nbsp;</span> "
      "<span style=\"background:#000;color:#ff0\">&nbsp;unreachable but hit&nbsp;</span> "
      "green: hit, darker = more hits (log scale; hover for the count and reason).</p>\n";
  auto bar = [](const Figures& f) {
    const double p = f.reachable ? 100.0 * f.hit / f.reachable : 0;
    char buf[128];
    std::snprintf(buf, sizeof buf,
                  "<span class=\"barbg\"><span class=\"bar\" style=\"width:%.1f%%\">"
                  "</span></span>",
                  p);
    return std::string(buf);
  };
  s += "<h2>Kinds</h2>\n<table><tr><th>kind</th><th>reachable</th><th>hit</th><th>coverage</th>"
       "<th></th></tr>\n";
  for (const auto& [kind, f] : Kinds()) {
    s += "<tr><td><a href=\"#" + kind + "\">" + kind + "</a></td><td class=n>" +
         std::to_string(f.reachable) + "</td><td class=n>" + std::to_string(f.hit) +
         "</td><td class=n>" + Percent(f) + "</td><td>" + bar(f) + "</td></tr>\n";
  }
  s += "</table>\n<h2>Groups</h2>\n<table><tr><th>group</th><th>reachable</th><th>hit</th>"
       "<th>coverage</th><th></th><th>what</th></tr>\n";
  for (const Group& g : m.groups()) {
    const Figures f = OfGroup(g);
    s += "<tr><td><a href=\"#" + g.name + "\">" + g.name + "</a></td><td class=n>" +
         std::to_string(f.reachable) + "</td><td class=n>" + std::to_string(f.hit) +
         "</td><td class=n>" + Percent(f) + "</td><td>" + bar(f) + "</td><td>" + Escape(g.title) +
         "</td></tr>\n";
  }
  s += "</table>\n";
  uint64_t most = 1;
  for (uint64_t c : counts_) most = std::max(most, c);
  std::string kind;
  for (const Group& g : m.groups()) {
    if (KindOf(g) != kind) kind = KindOf(g), s += "<h2 id=\"" + kind + "\">" + kind + "</h2>\n";
    s += "<h3 id=\"" + g.name + "\">" + g.name + " &mdash; " + Percent(OfGroup(g)) + "</h3>\n<p>" +
         Escape(g.title) + "</p>\n<table class=grid><tr><th>" + Escape(g.row_axis) + " \\ " +
         Escape(g.col_axis) + "</th>";
    for (const std::string& c : g.cols) s += "<th>" + Escape(c) + "</th>";
    s += "</tr>\n";
    for (size_t r = 0; r < g.rows.size(); ++r) {
      s += "<tr><th>" + Escape(g.rows[r]) + "</th>";
      for (size_t c = 0; c < g.cols.size(); ++c) {
        const size_t i = g.first + r * g.cols.size() + c;
        const uint64_t n = counts_[i];
        const std::string& why = m.Unreachable(i);
        const std::string tip = g.rows[r] + " / " + g.cols[c] + ": " + std::to_string(n) + " hits" +
                                (why.empty() ? "" : " (unreachable: " + why + ")");
        std::string cls, style, text;
        if (!why.empty()) {
          cls = n ? "bad" : "off";
          text = n ? "!" : "";
        } else if (!n) {
          cls = "hole";
        } else {
          // Log-scaled shade of green: light for one hit, dark for the most hit bin.
          const double x = std::log(1.0 + n) / std::log(1.0 + most);
          char buf[64];
          std::snprintf(buf, sizeof buf, "background:hsl(122,45%%,%d%%)",
                        static_cast<int>(88 - 55 * x));
          style = buf;
        }
        s += "<td" + (cls.empty() ? "" : " class=" + cls) +
             (style.empty() ? "" : " style=\"" + style + "\"") + " title=\"" + Escape(tip) + "\">" +
             text + "</td>";
      }
      s += "</tr>\n";
    }
    s += "</table>\n";
  }
  s += "</body></html>\n";
  return s;
}

}  // namespace fcov
}  // namespace vfadd
