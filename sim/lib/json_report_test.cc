// SPDX-License-Identifier: Apache-2.0
// Unit tests of the JSON documents (json_report.h): each document parsed back with nlohmann-json
// and its values compared with counts made by hand (the summary's four cases, a coverage
// database of known bins) and with the figures verif/README.md documents.
#include "json_report.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "fcov.h"
#include "summary.h"

namespace vfadd::tool {
namespace {

using nlohmann::json;

json Parse(const Json& j) {
  const std::string text = j.Dump();
  EXPECT_EQ(text.back(), '\n');
  return json::parse(text);
}

TEST(JsonTest, MembersKeepTheirOrderAndTypes) {
  Json j;
  j.Count("n", 18446744073709551615ull).Signed("s", -3).Number("x", 0.5).Bool("b", true);
  j.Text("t", "a\"b").TextOrNull("empty", "").Null("z").Number("inf", 1.0 / 0.0);
  j.Member("o", Json().Count("k", 1)).Member("a", Json::Array().PushText("p").Push(Json()));
  j.Count("n", 7);  // set again: replaced in place
  const json p = Parse(j);
  // The order, from the text itself (an ordered parse).
  std::vector<std::string> keys;
  const nlohmann::ordered_json ordered = nlohmann::ordered_json::parse(j.Dump());
  for (const auto& [k, v] : ordered.items()) keys.push_back(k);
  EXPECT_EQ(keys,
            (std::vector<std::string>{"n", "s", "x", "b", "t", "empty", "z", "inf", "o", "a"}));
  EXPECT_EQ(p["n"].get<uint64_t>(), 7u);
  EXPECT_EQ(p["s"].get<int64_t>(), -3);
  EXPECT_EQ(p["x"].get<double>(), 0.5);
  EXPECT_EQ(p["b"].get<bool>(), true);
  EXPECT_EQ(p["t"].get<std::string>(), "a\"b");
  EXPECT_TRUE(p["empty"].is_null());
  EXPECT_TRUE(p["z"].is_null());
  EXPECT_TRUE(p["inf"].is_null());
  EXPECT_EQ(p["o"]["k"].get<int>(), 1);
  EXPECT_EQ(p["a"][0].get<std::string>(), "p");
  EXPECT_TRUE(p["a"][1].is_object());
  // The largest count survives the round trip exactly.
  Json big;
  EXPECT_EQ(Parse(big.Count("m", UINT64_MAX))["m"].get<uint64_t>(), UINT64_MAX);
}

TEST(JsonTest, BytesThatAreNotUtf8AreReplaced) {
  Json j;
  j.Text("path", std::string("a\xff") + "b");
  const json p = Parse(j);
  EXPECT_EQ(p["path"].get<std::string>(),
            "a\xEF\xBF\xBD"
            "b");  // U+FFFD
}

// Rows in the summary's serialized form ("OP T CASES ELEMS STIM MISMATCHES LATENCY IOC DZC OFC
// UFC IXC IDC", summary.h), counted by hand: fadd s: 2 cases, 6 elem-ops, 1 mismatch, latency
// 7 + 5 cycles, IOC 1, IXC 2; fadd_u h: 1 case (a stimulus line), 16 elem-ops, 3 cycles; faddv d:
// 1 case, 2 elem-ops, 11 cycles, IDC 1.
TEST(JsonTest, SummaryHasEveryRowAndTheTotal) {
  for (bool rtl : {false, true}) {
    Summary s(rtl);
    for (const char* row : {"faddv d 1 2 0 0 11 0 0 0 0 0 1", "fadd s 2 6 0 1 12 1 0 0 0 2 0",
                            "fadd_u h 1 16 1 0 3 0 0 0 0 0 0"}) {
      ASSERT_TRUE(s.AddSerialized(row)) << row;
    }
    const json p = Parse(SummaryJson(s));
    ASSERT_EQ(p["rows"].size(), 3u);
    const json& fadd = p["rows"][0];
    EXPECT_EQ(fadd["op"], "fadd");
    EXPECT_EQ(fadd["type"], "s");
    EXPECT_EQ(fadd["cases"], 2);
    EXPECT_EQ(fadd["elem_ops"], 6);
    EXPECT_EQ(fadd["stimulus_lines"], 0);
    EXPECT_EQ(fadd["flags"], json::parse(R"({"IOC":1,"DZC":0,"OFC":0,"UFC":0,"IXC":2,"IDC":0})"));
    EXPECT_EQ(p["rows"][1]["op"], "fadd_u");
    EXPECT_EQ(p["rows"][1]["stimulus_lines"], 1);
    EXPECT_EQ(p["rows"][1]["elem_ops"], 16);
    EXPECT_EQ(p["rows"][2]["op"], "faddv");
    EXPECT_EQ(p["rows"][2]["type"], "d");
    EXPECT_EQ(p["rows"][2]["flags"]["IDC"], 1);
    EXPECT_EQ(p["total"]["cases"], 4);
    EXPECT_EQ(p["total"]["elem_ops"], 24);
    EXPECT_EQ(p["total"]["flags"]["IXC"], 2);
    EXPECT_EQ(fadd.contains("mismatches"), rtl);
    EXPECT_EQ(fadd.contains("latency_mean"), rtl);
    if (rtl) {
      EXPECT_EQ(fadd["mismatches"], 1);
      EXPECT_EQ(fadd["latency_mean"].get<double>(), 6.0);        // (7 + 5) / 2
      EXPECT_EQ(p["total"]["latency_mean"].get<double>(), 6.5);  // 26 / 4
    }
  }
}

// A database of three bins hit, parsed from its text form: results.s exact RN (reachable),
// flags.h DZC.set RN (unreachable: an addition never divides by zero, verif/README.md) and
// operands.fadd.h +0 +0. At maximum VL 512 the model has 8,028 bins, 7,529 reachable
// (verif/README.md).
TEST(JsonTest, CoverageFiguresGroupsAndHoles) {
  const fcov::Model m(512);
  fcov::Db db(m);
  std::string error;
  ASSERT_TRUE(
      fcov::ParseDb("vfadd-fcov 1 max_vl=512 cases=3\nresults.s exact RN 5\nflags.h DZC.set RN 1\n"
                    "operands.fadd.h +0 +0 2\n",
                    "t.fcov", m, &db, &error))
      << error;
  const json p = Parse(CoverageJson(db));
  EXPECT_EQ(p["max_vl"], 512);
  EXPECT_EQ(p["cases"], 3);
  EXPECT_EQ(p["bins"], 8028);
  EXPECT_EQ(p["reachable"], 7529);
  EXPECT_EQ(p["unreachable"], 499);
  EXPECT_EQ(p["hit"], 2);
  EXPECT_EQ(p["holes"], 7527);
  EXPECT_EQ(p["hole_bins"].size(), 7527u);
  EXPECT_EQ(p["percent"].get<double>(), 0.0);  // 2 / 7529 floored to one decimal
  EXPECT_EQ(p["unreachable_hits"], 1);
  ASSERT_EQ(p["unreachable_hit_bins"].size(), 1u);
  EXPECT_EQ(p["unreachable_hit_bins"][0], json::parse(R"({"bin":"flags.h DZC.set RN","count":1})"));
  uint64_t reachable = 0, hit = 0, bins = 0;
  for (const json& g : p["groups"]) {
    reachable += g["reachable"].get<uint64_t>();
    hit += g["hit"].get<uint64_t>();
    bins += g["bins"].get<uint64_t>();
    const std::string name = g["name"];
    EXPECT_EQ(g["kind"], name.substr(0, name.find('.')));
    if (name == "results.s" || name == "operands.fadd.h") {
      EXPECT_EQ(g["hit"], 1) << name;
    }
    if (name == "results.s") {
      EXPECT_EQ(g["bins"], 15 * 32);  // 15 classes x 32 FPCR columns
    }
  }
  EXPECT_EQ(reachable, 7529u);
  EXPECT_EQ(hit, 2u);
  EXPECT_EQ(bins, 8028u);
  // The kinds of verif/README.md's table of groups, each once.
  std::multiset<std::string> kinds;
  for (const json& k : p["kinds"]) kinds.insert(k["kind"].get<std::string>());
  EXPECT_EQ(kinds, (std::multiset<std::string>{"operands", "results", "flags", "predicates", "vl",
                                               "faddv", "faddp", "fadda", "stimulus"}));
  // No hole is a bin that was hit.
  for (const json& h : p["hole_bins"]) {
    EXPECT_NE(h, "results.s exact RN");
    EXPECT_NE(h, "operands.fadd.h +0 +0");
  }
}

}  // namespace
}  // namespace vfadd::tool
