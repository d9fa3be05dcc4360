// SPDX-License-Identifier: Apache-2.0
// Unit tests of the summary table (summary.h): counting, the printed table, the row lines.
#include "summary.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

namespace vfadd::tool {
namespace {

// A case as the summary sees it: only op, type, vl, predicate, checked and fpsr matter.
Case MakeCase(Op op, Fmt fmt, int vl, uint64_t pg, bool checked, uint32_t fpsr) {
  Case c;
  c.op = op, c.fmt = fmt, c.vl = vl;
  if (IsPredicated(op)) c.pg = Bits((vl / 8 + 63) / 64, 0), c.pg[0] = pg;
  c.checked = checked;
  c.fpsr = fpsr;
  return c;
}

// Four cases, counted by hand:
//  fadd s 128, pg 0x0011: elements are 4 bytes, so predicate bits 0, 4, 8, 12 govern elements
//    0..3; bits 0 and 4 set: 2 active. IXC.
//  fadd s 128, pg 0x1111: all 4 active. IOC and IXC.
//  fadd_u h 256: unpredicated, 256/16 = 16 active. A stimulus line (no fpsr).
//  faddv d 256, pg 0x0101: elements are 8 bytes, bits 0, 8, 16, 24; bits 0 and 8: 2 active. IDC.
// Rows: fadd s: 2 cases, 6 elem-ops, IOC 1, IXC 2; fadd_u h: 1 case, 16, 1 stimulus;
// faddv d: 1 case, 2, IDC 1. Total: 4 cases, 24 elem-ops, 1 stimulus, IOC 1, IXC 2, IDC 1.
void AddFour(Summary* s) {
  s->Add(MakeCase(Op::kFadd, Fmt::kS, 128, 0x0011, true, kIXC));
  s->Add(MakeCase(Op::kFaddv, Fmt::kD, 256, 0x0101, true, kIDC));  // out of table order
  s->Add(MakeCase(Op::kFadd, Fmt::kS, 128, 0x1111, true, kIOC | kIXC));
  s->Add(MakeCase(Op::kFaddU, Fmt::kH, 256, 0, false, 0));
}

// Columns: op %-8s, type %-4c, cases %8, elem-ops %10, then six flag counts %7, one space
// between columns.
const char kFourTable[] =
    "op       type    cases   elem-ops     IOC     DZC     OFC     UFC     IXC     IDC\n"
    "fadd     s           2          6       1       0       0       0       2       0\n"
    "fadd_u   h           1         16       0       0       0       0       0       0\n"
    "faddv    d           1          2       0       0       0       0       0       1\n"
    "total                4         24       1       0       0       0       2       1\n"
    "(1 stimulus lines have no result; their flag columns count 0)\n";

const char kFourRows[] =
    "fadd s 2 6 0 0 0 1 0 0 0 2 0\n"
    "fadd_u h 1 16 1 0 0 0 0 0 0 0 0\n"
    "faddv d 1 2 0 0 0 0 0 0 0 0 1\n";

TEST(SummaryTest, PrintsTheTableOfHandCountedCases) {
  Summary s(/*rtl=*/false);
  AddFour(&s);
  EXPECT_EQ(s.Table(), kFourTable);
}

TEST(SummaryTest, PrintWritesTheTable) {
  Summary s(/*rtl=*/false);
  AddFour(&s);
  FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  s.Print(f);
  std::rewind(f);
  std::string got;
  for (int ch; (ch = std::fgetc(f)) != EOF;) got += static_cast<char>(ch);
  std::fclose(f);
  EXPECT_EQ(got, kFourTable);
}

TEST(SummaryTest, CountsAFullLongVector) {
  // fadd h at VL 2048 with every predicate bit set: 2048/16 = 128 active elements.
  Summary s(/*rtl=*/false);
  s.Add(MakeCase(Op::kFadd, Fmt::kH, 2048, 0, true, 0));  // pg 0: no element active
  Case all = MakeCase(Op::kFadd, Fmt::kH, 2048, 0, true, kOFC | kUFC | kDZC);
  for (uint64_t& w : all.pg) w = ~uint64_t{0};
  s.Add(all);
  EXPECT_EQ(s.Serialize(), "fadd h 2 128 0 0 0 0 1 1 1 0 0\n");
}

TEST(SummaryTest, RtlTableHasMismatchesAndMeanLatency) {
  Summary s(/*rtl=*/true);
  s.Add(MakeCase(Op::kFsubI, Fmt::kD, 128, 0x0101, true, 0), /*mismatch=*/true, 5);
  s.Add(MakeCase(Op::kFsubI, Fmt::kD, 128, 0x0001, true, 0), /*mismatch=*/false, 6);
  // mismatches %10, latency %8.1f after elem-ops; the mean of 5 and 6 is 5.5. No stimulus
  // lines: no note on them.
  EXPECT_EQ(s.Table(),
            "op       type    cases   elem-ops mismatches  latency     IOC     DZC     OFC     UFC"
            "     IXC     IDC\n"
            "fsub_i   d           2          3          1      5.5       0       0       0       0"
            "       0       0\n"
            "total                2          3          1      5.5       0       0       0       0"
            "       0       0\n"
            "(latency: mean cycles from request accepted to response)\n");
}

TEST(SummaryTest, EmptyRtlTableHasATotalOfZeros) {
  // No case: the mean latency of no cases prints as 0.0, not a division by zero.
  Summary s(/*rtl=*/true);
  EXPECT_EQ(s.Table(),
            "op       type    cases   elem-ops mismatches  latency     IOC     DZC     OFC     UFC"
            "     IXC     IDC\n"
            "total                0          0          0      0.0       0       0       0       0"
            "       0       0\n"
            "(latency: mean cycles from request accepted to response)\n");
  EXPECT_EQ(s.Serialize(), "");
}

TEST(SummaryTest, TotalRowAddsEveryRow) {
  Summary s(/*rtl=*/true);
  s.Add(MakeCase(Op::kFadda, Fmt::kH, 128, 0xffff, true, kIXC), false, 10);  // 8 active
  s.Add(MakeCase(Op::kFaddp, Fmt::kS, 256, 0, false, 0), true, 20);          // 0 active
  s.Add(MakeCase(Op::kFaddp, Fmt::kS, 256, 0x10, false, 0), true, 3);        // element 1
  // total: 3 cases, 9 elem-ops, 2 mismatches, latency 33/3 = 11.0, IXC 1, 2 stimulus lines.
  const std::string t = s.Table();
  EXPECT_NE(t.find("\ntotal                3          9          2     11.0       0       0       0"
                   "       0       1       0\n"),
            std::string::npos)
      << t;
  EXPECT_NE(t.find("\n(2 stimulus lines have no result; their flag columns count 0)\n"
                   "(latency: mean cycles from request accepted to response)\n"),
            std::string::npos)
      << t;
}

TEST(SummaryTest, SerializesRowsWithNames) {
  Summary s(/*rtl=*/false);
  AddFour(&s);
  EXPECT_EQ(s.Serialize(), kFourRows);
}

TEST(SummaryTest, SerializedRowsAddUp) {
  Summary a(/*rtl=*/false);
  AddFour(&a);
  Summary b(/*rtl=*/false);
  for (int round = 0; round < 2; ++round) {
    std::string text = a.Serialize(), error;
    for (size_t nl; (nl = text.find('\n')) != std::string::npos; text.erase(0, nl + 1)) {
      EXPECT_TRUE(b.AddSerialized(text.substr(0, nl), &error)) << error;
    }
    if (round == 0) {
      EXPECT_EQ(b.Table(), kFourTable);
    }
  }
  // Twice the four cases: every count doubled.
  EXPECT_EQ(b.Serialize(),
            "fadd s 4 12 0 0 0 2 0 0 0 4 0\n"
            "fadd_u h 2 32 2 0 0 0 0 0 0 0 0\n"
            "faddv d 2 4 0 0 0 0 0 0 0 0 2\n");
}

TEST(SummaryTest, SerializedRowsCarryMismatchesAndLatency) {
  Summary b(/*rtl=*/true);
  ASSERT_TRUE(b.AddSerialized("faddv h 4 100 0 3 42 0 0 0 0 4 0"));
  ASSERT_TRUE(b.AddSerialized("fsubr_i d 1 2 0 0 1 0 0 0 0 0 0"));
  EXPECT_EQ(b.Table(),
            "op       type    cases   elem-ops mismatches  latency     IOC     DZC     OFC     UFC"
            "     IXC     IDC\n"
            "fsubr_i  d           1          2          0      1.0       0       0       0       0"
            "       0       0\n"
            "faddv    h           4        100          3     10.5       0       0       0       0"
            "       4       0\n"
            "total                5        102          3      8.6       0       0       0       0"
            "       4       0\n"
            "(latency: mean cycles from request accepted to response)\n");
}

TEST(SummaryTest, RejectsMalformedRows) {
  const std::string good = "fadd s 2 6 0 0 0 1 0 0 0 2 0";
  Summary s(/*rtl=*/false);
  ASSERT_TRUE(s.AddSerialized(good));
  const std::string before = s.Serialize();
  for (const std::string bad : {
           "",                                                 // no fields
           "fadd s 2 6 0 0 0 1 0 0 0 2",                       // 12 fields
           "fadd s 2 6 0 0 0 1 0 0 0 2 0 0",                   // 14 fields
           "fmul s 2 6 0 0 0 1 0 0 0 2 0",                     // unknown operation
           "FADD s 2 6 0 0 0 1 0 0 0 2 0",                     // names are lower case
           "0 2 2 6 0 0 0 1 0 0 0 2 0",                        // the old integer codes
           "fadd q 2 6 0 0 0 1 0 0 0 2 0",                     // unknown type
           "fadd 2 2 6 0 0 0 1 0 0 0 2 0",                     // a type code, not a letter
           "fadd s -2 6 0 0 0 1 0 0 0 2 0",                    // negative
           "fadd s +2 6 0 0 0 1 0 0 0 2 0",                    // signed
           "fadd s 2 6x 0 0 0 1 0 0 0 2 0",                    // garbled
           "fadd s 2 0x6 0 0 0 1 0 0 0 2 0",                   // hex
           "fadd s 2 6 0 0 0 1 0 0 0 2 1.5",                   // not an integer
           "fadd s 18446744073709551616 6 0 0 0 1 0 0 0 2 0",  // 2^64 does not fit
           "fadd s 2  6 0 0 0 1 0 0 0 2 0",                    // doubled space
           " fadd s 2 6 0 0 0 1 0 0 0 2 0",                    // leading space
           "fadd s 2 6 0 0 0 1 0 0 0 2 0 ",                    // trailing space
           "fadd\ts 2 6 0 0 0 1 0 0 0 2 0",                    // tab
           "fadd s 2 6 0 0 0 1 0 0 0 2 0\n",                   // newline left on
           "fadd s 0 0 0 0 0 0 0 0 0 0 0",                     // no case
           "fadd s 2 6 3 0 0 1 0 0 0 2 0",                     // more stimulus lines than cases
           "fadd s 2 6 0 3 0 1 0 0 0 2 0",                     // more mismatches than cases
           "fadd s 2 6 0 0 0 1 0 0 0 3 0",                     // more IXC cases than cases
           "fadd s 2 257 0 0 0 0 0 0 0 0 0",                   // more than 128 elements a case
       }) {
    std::string error;
    EXPECT_FALSE(s.AddSerialized(bad, &error)) << "accepted '" << bad << "'";
    EXPECT_FALSE(error.empty()) << bad;
    EXPECT_EQ(s.Serialize(), before) << "a rejected row changed the table: " << bad;
  }
  // The bounds are inclusive: 128 elements a case, every count equal to the cases.
  EXPECT_TRUE(s.AddSerialized("fadd h 2 256 2 2 9 2 2 2 2 2 2"));
}

TEST(SummaryTest, ErrorsNameTheProblem) {
  Summary s(/*rtl=*/false);
  std::string error;
  EXPECT_FALSE(s.AddSerialized("fmul s 2 6 0 0 0 1 0 0 0 2 0", &error));
  EXPECT_NE(error.find("'fmul'"), std::string::npos) << error;
  EXPECT_FALSE(s.AddSerialized("fadd s 2 6", &error));
  EXPECT_NE(error.find("got 4"), std::string::npos) << error;
  EXPECT_FALSE(s.AddSerialized("fadd s 2 6 0 0 0 1 0 0 0 -2 0", &error));
  EXPECT_NE(error.find("field 12"), std::string::npos) << error;
  EXPECT_NE(error.find("'-2'"), std::string::npos) << error;
}

TEST(SummaryTest, ForEachRowVisitsRowsInTableOrder) {
  Summary s(/*rtl=*/true);
  s.Add(MakeCase(Op::kFaddv, Fmt::kS, 128, 0, true, 0), true, 1);
  s.Add(MakeCase(Op::kFadd, Fmt::kD, 128, 0, true, 0), false, 1);
  s.Add(MakeCase(Op::kFadd, Fmt::kH, 128, 0, true, 0), true, 1);
  s.Add(MakeCase(Op::kFadd, Fmt::kH, 128, 0, true, 0), false, 1);
  std::vector<std::tuple<std::string, char, uint64_t, uint64_t>> rows;
  s.ForEachRow([&](const char* op, char t, uint64_t cases, uint64_t bad) {
    rows.emplace_back(op, t, cases, bad);
  });
  using R = std::tuple<std::string, char, uint64_t, uint64_t>;
  EXPECT_EQ(rows,
            (std::vector<R>{R{"fadd", 'h', 2, 1}, R{"fadd", 'd', 1, 0}, R{"faddv", 's', 1, 1}}));
}

}  // namespace
}  // namespace vfadd::tool
