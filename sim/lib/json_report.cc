// SPDX-License-Identifier: Apache-2.0
// The tool's JSON documents (json_report.h) on nlohmann-json's ordered_json.
#include "json_report.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "fcov.h"
#include "summary.h"

namespace vfadd::tool {

struct Json::Value {
  nlohmann::ordered_json j;
};

Json::Json() : v_(std::make_unique<Value>()) { v_->j = nlohmann::ordered_json::object(); }

Json Json::Array() {
  Json a;
  a.v_->j = nlohmann::ordered_json::array();
  return a;
}

Json::~Json() = default;
Json::Json(const Json& other) : v_(std::make_unique<Value>(*other.v_)) {}
Json& Json::operator=(const Json& other) {
  *v_ = *other.v_;
  return *this;
}

Json& Json::Count(const std::string& key, uint64_t v) {
  v_->j[key] = v;
  return *this;
}

Json& Json::Signed(const std::string& key, int64_t v) {
  v_->j[key] = v;
  return *this;
}

Json& Json::Number(const std::string& key, double v) {
  if (std::isfinite(v))
    v_->j[key] = v;
  else
    v_->j[key] = nullptr;
  return *this;
}

Json& Json::Bool(const std::string& key, bool v) {
  v_->j[key] = v;
  return *this;
}

Json& Json::Text(const std::string& key, const std::string& v) {
  v_->j[key] = v;
  return *this;
}

Json& Json::TextOrNull(const std::string& key, const std::string& v) {
  return v.empty() ? Null(key) : Text(key, v);
}

Json& Json::Null(const std::string& key) {
  v_->j[key] = nullptr;
  return *this;
}

Json& Json::Member(const std::string& key, const Json& v) {
  v_->j[key] = v.v_->j;
  return *this;
}

Json& Json::Push(const Json& v) {
  v_->j.push_back(v.v_->j);
  return *this;
}

Json& Json::PushText(const std::string& v) {
  v_->j.push_back(v);
  return *this;
}

std::string Json::Dump() const {
  return v_->j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

// ---------------------------------------------------------------------------------------------

namespace {

// The members of one row's figures, appended to j.
Json FiguresJson(const Summary& s, const Summary::Figures& f, Json j = Json()) {
  static const char* const kFlags[6] = {"IOC", "DZC", "OFC", "UFC", "IXC", "IDC"};
  j.Count("cases", f.cases).Count("elem_ops", f.elems).Count("stimulus_lines", f.stim);
  if (s.rtl()) {
    j.Count("mismatches", f.mismatches);
    j.Number("latency_mean", f.cases ? static_cast<double>(f.latency) / f.cases : 0.0);
  }
  Json flags;
  for (int k = 0; k < 6; ++k) flags.Count(kFlags[k], f.flag[k]);
  return j.Member("flags", flags);
}

// {"reachable", "hit", "percent"} of some bins.
Json BinFigures(Json j, const fcov::Db::Figures& f) {
  j.Count("reachable", f.reachable).Count("hit", f.hit);
  if (f.reachable)
    j.Number("percent", fcov::PercentHit(f));
  else
    j.Null("percent");
  return j;
}

// Bin i as the database names it: "group row col".
std::string BinName(const fcov::Db& db, size_t i) {
  size_t row = 0, col = 0;
  const fcov::Group& g = db.model().GroupOf(i, &row, &col);
  return g.name + " " + g.rows[row] + " " + g.cols[col];
}

}  // namespace

Json SummaryJson(const Summary& s) {
  Json rows = Json::Array();
  s.ForEachRowFigures([&](const char* op, char type, const Summary::Figures& f) {
    Json row;
    row.Text("op", op).Text("type", std::string(1, type));
    rows.Push(FiguresJson(s, f, row));
  });
  Json j;
  return j.Member("rows", rows).Member("total", FiguresJson(s, s.Total()));
}

Json CoverageJson(const fcov::Db& db) {
  const fcov::Model& m = db.model();
  const fcov::Db::Figures t = db.Total();
  const std::vector<size_t> holes = db.Holes(), bad = db.UnreachableHits();
  Json j;
  j.Count("max_vl", static_cast<uint64_t>(m.max_vl())).Count("cases", db.cases());
  j.Count("bins", m.size()).Count("reachable", t.reachable).Count("hit", t.hit);
  j.Count("holes", holes.size()).Count("unreachable", m.size() - t.reachable);
  if (t.reachable)
    j.Number("percent", fcov::PercentHit(t));
  else
    j.Null("percent");
  j.Count("unreachable_hits", bad.size());
  Json kinds = Json::Array(), groups = Json::Array(), hole_bins = Json::Array(),
       bad_bins = Json::Array();
  for (const auto& [kind, f] : db.Kinds()) kinds.Push(BinFigures(Json().Text("kind", kind), f));
  for (const fcov::Group& g : m.groups()) {
    Json gj;
    gj.Text("name", g.name).Text("kind", fcov::KindOf(g)).Count("bins", g.size());
    groups.Push(BinFigures(gj, db.OfGroup(g)));
  }
  for (size_t i : holes) hole_bins.PushText(BinName(db, i));
  for (size_t i : bad)
    bad_bins.Push(Json().Text("bin", BinName(db, i)).Count("count", db.count(i)));
  return j.Member("kinds", kinds)
      .Member("groups", groups)
      .Member("hole_bins", hole_bins)
      .Member("unreachable_hit_bins", bad_bins);
}

}  // namespace vfadd::tool
