// SPDX-License-Identifier: Apache-2.0
// The machine-readable output of the vfadd tool (--json on cover, summary, regress and bench): a
// JSON value built member by member, and the parts the documents share (the summary table, a
// coverage database). The schema of every document is in sim/README.md ("JSON output"). Only
// json_report.cc includes nlohmann-json, whose header costs seconds of compile time per file.
#ifndef VFADD_TOOL_JSON_REPORT_H_
#define VFADD_TOOL_JSON_REPORT_H_

#include <cstdint>
#include <memory>
#include <string>

namespace vfadd {
namespace fcov {
class Db;
}  // namespace fcov

namespace tool {

class Summary;

// A JSON object (or array, from Array()) under construction. An object's members keep the order
// they are set in; setting a key again replaces its value in place. Member setters belong to
// objects and Push to arrays (the other way round, nlohmann-json throws its type_error).
class Json {
 public:
  Json();               // {}
  static Json Array();  // []
  ~Json();
  Json(const Json& other);
  Json& operator=(const Json& other);

  Json& Count(const std::string& key, uint64_t v);
  Json& Signed(const std::string& key, int64_t v);
  Json& Number(const std::string& key, double v);  // NaN and infinities become null
  Json& Bool(const std::string& key, bool v);
  Json& Text(const std::string& key, const std::string& v);
  Json& TextOrNull(const std::string& key, const std::string& v);  // "" becomes null
  Json& Null(const std::string& key);
  Json& Member(const std::string& key, const Json& v);

  Json& Push(const Json& v);
  Json& PushText(const std::string& v);

  // The text, indented by two spaces, ending in a newline. Bytes that are not UTF-8 (a file
  // name's) are replaced by U+FFFD.
  std::string Dump() const;

 private:
  struct Value;
  std::unique_ptr<Value> v_;
};

// The summary table: {"rows": [row...], "total": figures}; a row is the figures with "op" and
// "type" first. Figures: cases, elem_ops, stimulus_lines, flags {IOC, DZC, OFC, UFC, IXC, IDC};
// with RTL columns (Summary(true)) also mismatches and latency_mean.
Json SummaryJson(const Summary& s);

// A coverage database: its figures (max_vl, cases, bins, reachable, hit, holes, unreachable,
// percent, unreachable_hits), the figures per kind and per group, the holes and the unreachable
// bins hit, named "group row col" as in the database's text.
Json CoverageJson(const fcov::Db& db);

}  // namespace tool
}  // namespace vfadd

#endif  // VFADD_TOOL_JSON_REPORT_H_
