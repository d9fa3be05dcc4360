// SPDX-License-Identifier: Apache-2.0
// JUnit XML reports on tinyxml2: writer, reader (vfadd, GoogleTest, CTest) and shard merge.
#include "junit.h"

#include <tinyxml2.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace vfadd::tool {

JunitOutcome JunitCase::Outcome() const {
  bool failed = false;
  for (const JunitFailure& f : failures) {
    if (f.error) return JunitOutcome::kError;
    failed = true;
  }
  if (failed) return JunitOutcome::kFailed;
  if (skipped) return JunitOutcome::kSkipped;
  if (status == "notrun" || status == "disabled") return JunitOutcome::kDisabled;
  return JunitOutcome::kPassed;
}

void JunitCounts::Add(const JunitCounts& c) {
  tests += c.tests;
  failures += c.failures;
  errors += c.errors;
  skipped += c.skipped;
  disabled += c.disabled;
}

bool JunitCounts::operator==(const JunitCounts& o) const {
  return tests == o.tests && failures == o.failures && errors == o.errors && skipped == o.skipped &&
         disabled == o.disabled;
}

JunitCounts JunitSuite::Counts() const {
  JunitCounts c;
  for (const JunitCase& k : cases) {
    ++c.tests;
    switch (k.Outcome()) {
      case JunitOutcome::kError:
        ++c.errors;
        break;
      case JunitOutcome::kFailed:
        ++c.failures;
        break;
      case JunitOutcome::kSkipped:
        ++c.skipped;
        break;
      case JunitOutcome::kDisabled:
        ++c.disabled;
        break;
      case JunitOutcome::kPassed:
        break;
    }
  }
  return c;
}

JunitCounts JunitReport::Counts() const {
  JunitCounts c;
  for (const JunitSuite& s : suites) c.Add(s.Counts());
  return c;
}

void MergeInto(JunitReport* total, const JunitReport& part) {
  total->suites.insert(total->suites.end(), part.suites.begin(), part.suites.end());
  total->time += part.time;
}

// ------------------------------------------------------------------------------------------
// Writing

namespace {

// tinyxml2's printer with two spaces of indentation (vfadd's files always had two) and tab and
// newline in attribute values written as character references: tinyxml2 writes them raw, and
// XML's attribute-value normalization would read them back as spaces.
class Printer : public tinyxml2::XMLPrinter {
 public:
  Printer() : XMLPrinter(nullptr, /*compact=*/false) {}

  void Attribute(const char* name, const std::string& value) {
    const std::string v = Clean(value);
    in_attribute_ = true;
    PushAttribute(name, v.c_str());
    in_attribute_ = false;
  }
  void Text(const std::string& text) { PushText(Clean(text).c_str()); }
  // <name>text</name>, or nothing when text is empty.
  void TextElement(const char* name, const std::string& text) {
    if (text.empty()) return;
    OpenElement(name);
    Text(text);
    CloseElement();
  }
  void Pairs(const char* outer, const char* inner, const JunitPairs& pairs) {
    if (pairs.empty()) return;
    OpenElement(outer);
    for (const auto& [name, value] : pairs) {
      OpenElement(inner);
      Attribute("name", name);
      Attribute("value", value);
      CloseElement();
    }
    CloseElement();
  }

  // Drops the characters below 0x20 other than tab and newline, as vfadd's writer always did:
  // XML 1.0 cannot hold them, and a reader would turn a CR into a newline anyway.
  static std::string Clean(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    for (char ch : s) {
      if (static_cast<unsigned char>(ch) >= 0x20 || ch == '\n' || ch == '\t') out += ch;
    }
    return out;
  }

 protected:
  void PrintSpace(int depth) override {
    for (int i = 0; i < depth; ++i) XMLPrinter::Write("  ", 2);
  }
  void Write(const char* data, size_t size) override {
    if (!in_attribute_) return XMLPrinter::Write(data, size);
    size_t from = 0;
    for (size_t i = 0; i < size; ++i) {
      const char* ref = data[i] == '\n' ? "&#10;" : data[i] == '\t' ? "&#9;" : nullptr;
      if (!ref) continue;
      XMLPrinter::Write(data + from, i - from);
      XMLPrinter::Write(ref, std::strlen(ref));
      from = i + 1;
    }
    XMLPrinter::Write(data + from, size - from);
  }

 private:
  bool in_attribute_ = false;
};

// Seconds to at most 9 decimals (finer than any of the three producers writes), trailing zeros
// dropped: "0", "1.5", "0.0119455". Never an exponent, which xs:decimal does not allow.
std::string FormatSeconds(double t) {
  if (!std::isfinite(t)) t = 0;
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.9f", t);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

void PrintCounts(Printer* p, const JunitCounts& c) {
  p->Attribute("tests", std::to_string(c.tests));
  p->Attribute("failures", std::to_string(c.failures));
  if (c.errors) p->Attribute("errors", std::to_string(c.errors));
  if (c.skipped) p->Attribute("skipped", std::to_string(c.skipped));
  if (c.disabled) p->Attribute("disabled", std::to_string(c.disabled));
}

void PrintCase(Printer* p, const JunitCase& c) {
  p->OpenElement("testcase");
  if (!c.classname.empty()) p->Attribute("classname", c.classname);
  p->Attribute("name", c.name);
  if (c.assertions) p->Attribute("assertions", std::to_string(*c.assertions));
  p->Attribute("time", FormatSeconds(c.time));
  if (!c.status.empty()) p->Attribute("status", c.status);
  for (const auto& [name, value] : c.attributes) p->Attribute(name.c_str(), value);
  p->Pairs("properties", "property", c.properties);
  if (c.skipped) {
    p->OpenElement("skipped");
    p->Attribute("message", c.skipped_message);
    if (!c.skipped_text.empty()) p->Text(c.skipped_text);
    p->CloseElement();
  }
  for (const JunitFailure& f : c.failures) {
    p->OpenElement(f.error ? "error" : "failure");
    if (!f.type.empty()) p->Attribute("type", f.type);
    p->Attribute("message", f.message);
    p->Text(f.text);  // even when empty: <failure ...></failure>, as vfadd always wrote
    p->CloseElement();
  }
  p->TextElement("system-out", c.system_out);
  p->TextElement("system-err", c.system_err);
  p->CloseElement();
}

}  // namespace

std::string WriteJunit(const JunitReport& report) {
  Printer p;
  // Not PushHeader(): tinyxml2's declaration has no encoding.
  p.PushDeclaration("xml version=\"1.0\" encoding=\"UTF-8\"");
  p.OpenElement("testsuites");
  if (!report.name.empty()) p.Attribute("name", report.name);
  PrintCounts(&p, report.Counts());
  p.Attribute("time", FormatSeconds(report.time));
  for (const JunitSuite& s : report.suites) {
    p.OpenElement("testsuite");
    p.Attribute("name", s.name);
    PrintCounts(&p, s.Counts());
    p.Attribute("time", FormatSeconds(s.time));
    for (const auto& [name, value] : s.attributes) p.Attribute(name.c_str(), value);
    p.Pairs("properties", "property", s.properties);
    for (const JunitCase& c : s.cases) PrintCase(&p, c);
    p.TextElement("system-out", s.system_out);
    p.TextElement("system-err", s.system_err);
    p.CloseElement();
  }
  p.CloseElement();
  return p.CStr();
}

// ------------------------------------------------------------------------------------------
// Reading

namespace {

using tinyxml2::XMLElement;

// A failed read: "line N: <what>" in *error.
bool Fail(int line, const std::string& what, std::string* error) {
  *error = "line " + std::to_string(line < 1 ? 1 : line) + ": " + what;
  return false;
}

bool Is(const XMLElement* e, const char* name) { return std::strcmp(e->Name(), name) == 0; }

// All the element's text (GoogleTest splits CDATA around "]]>", so there may be several).
std::string AllText(const XMLElement* e) {
  std::string s;
  for (const tinyxml2::XMLNode* n = e->FirstChild(); n; n = n->NextSibling()) {
    if (const tinyxml2::XMLText* t = n->ToText()) s += t->Value();
  }
  return s;
}

std::string Attr(const XMLElement* e, const char* name) {
  const char* v = e->Attribute(name);
  return v ? v : "";
}

// `what` names the element for errors, e.g. `<testcase name="x">`.
bool ReadSeconds(const XMLElement* e, const std::string& what, double* out, bool* present,
                 std::string* error) {
  const char* v = e->Attribute("time");
  *present = v != nullptr;
  if (!v) return true;
  char* end = nullptr;
  errno = 0;
  const double t = std::strtod(v, &end);
  // strtod skips leading space; allow trailing space too (some writers pad).
  while (end && (*end == ' ' || *end == '\t')) ++end;
  if (end == v || *end != '\0' || errno == ERANGE || !std::isfinite(t)) {
    return Fail(e->GetLineNum(), what + " time=\"" + v + "\": expected a number of seconds", error);
  }
  *out = t;
  return true;
}

// Copies the attributes of `e` not in `known` (a nullptr-terminated list).
JunitPairs OtherAttributes(const XMLElement* e, const char* const* known) {
  JunitPairs out;
  for (const tinyxml2::XMLAttribute* a = e->FirstAttribute(); a; a = a->Next()) {
    bool is_known = false;
    for (const char* const* k = known; *k; ++k) is_known |= std::strcmp(a->Name(), *k) == 0;
    if (!is_known) out.emplace_back(a->Name(), a->Value());
  }
  return out;
}

void ReadProperties(const XMLElement* e, JunitPairs* out) {
  for (const XMLElement* p = e->FirstChildElement("property"); p;
       p = p->NextSiblingElement("property")) {
    out->emplace_back(Attr(p, "name"), Attr(p, "value"));
  }
}

bool ReadCase(const XMLElement* e, JunitCase* c, std::string* error) {
  const char* name = e->Attribute("name");
  if (!name) return Fail(e->GetLineNum(), "<testcase> without a name attribute", error);
  c->name = name;
  c->classname = Attr(e, "classname");
  c->status = Attr(e, "status");
  const std::string what = "<testcase name=\"" + c->name + "\">";
  bool has_time = false;
  if (!ReadSeconds(e, what, &c->time, &has_time, error)) return false;
  if (const char* v = e->Attribute("assertions")) {
    char* end = nullptr;
    errno = 0;
    const unsigned long long n = std::strtoull(v, &end, 10);
    if (!*v || *v == '-' || *v == ' ' || *end != '\0' || errno == ERANGE) {
      return Fail(e->GetLineNum(),
                  what + " assertions=\"" + v + "\": expected a count of assertions", error);
    }
    c->assertions = n;
  }
  static const char* const kKnown[] = {"name",   "classname",  "time",
                                       "status", "assertions", nullptr};
  c->attributes = OtherAttributes(e, kKnown);
  for (const XMLElement* k = e->FirstChildElement(); k; k = k->NextSiblingElement()) {
    if (Is(k, "failure") || Is(k, "error")) {
      c->failures.push_back({Is(k, "error"), Attr(k, "type"), Attr(k, "message"), AllText(k)});
    } else if (Is(k, "skipped")) {
      c->skipped = true;
      c->skipped_message = Attr(k, "message");
      c->skipped_text = AllText(k);
    } else if (Is(k, "system-out")) {
      c->system_out += AllText(k);
    } else if (Is(k, "system-err")) {
      c->system_err += AllText(k);
    } else if (Is(k, "properties")) {
      ReadProperties(k, &c->properties);
    }
  }
  return true;
}

bool ReadSuite(const XMLElement* e, JunitSuite* s, std::string* error) {
  s->name = Attr(e, "name");
  bool has_time = false;
  if (!ReadSeconds(e, "<testsuite name=\"" + s->name + "\">", &s->time, &has_time, error)) {
    return false;
  }
  // The counts are the cases' (JunitSuite), so the count attributes are not kept.
  static const char* const kKnown[] = {"name",   "time",    "tests",    "failures",
                                       "errors", "skipped", "disabled", nullptr};
  s->attributes = OtherAttributes(e, kKnown);
  for (const XMLElement* k = e->FirstChildElement(); k; k = k->NextSiblingElement()) {
    if (Is(k, "testcase")) {
      s->cases.emplace_back();
      if (!ReadCase(k, &s->cases.back(), error)) return false;
    } else if (Is(k, "testsuite")) {
      return Fail(k->GetLineNum(),
                  "<testsuite> inside <testsuite name=\"" + s->name +
                      "\">: nested test suites are not supported",
                  error);
    } else if (Is(k, "properties")) {
      ReadProperties(k, &s->properties);
    } else if (Is(k, "system-out")) {
      s->system_out += AllText(k);
    } else if (Is(k, "system-err")) {
      s->system_err += AllText(k);
    }
  }
  if (!has_time) {
    for (const JunitCase& c : s->cases) s->time += c.time;
  }
  return true;
}

}  // namespace

bool ReadJunit(const std::string& xml, JunitReport* out, std::string* error) {
  // tinyxml2 stops at a NUL and would then report a confusing error, or none.
  if (const size_t nul = xml.find('\0'); nul != std::string::npos) {
    return Fail(1 + std::count(xml.begin(), xml.begin() + nul, '\n'),
                "a NUL byte: not an XML text file", error);
  }
  tinyxml2::XMLDocument doc(/*processEntities=*/true, tinyxml2::PRESERVE_WHITESPACE);
  if (doc.Parse(xml.data(), xml.size()) != tinyxml2::XML_SUCCESS &&
      doc.ErrorID() != tinyxml2::XML_ERROR_EMPTY_DOCUMENT) {
    // ErrorStr() is "Error=NAME ErrorID=.. (..) Line number=N[: XMLElement name=E]"; for a
    // mismatched end tag, E is the element left open and N the line of its start tag.
    const std::string str = doc.ErrorStr(), key = ": XMLElement name=";
    const size_t at = str.find(key);
    const std::string element = at == std::string::npos ? "" : str.substr(at + key.size());
    const std::string code = std::string(" (") + doc.ErrorName() + ")";
    if (doc.ErrorID() == tinyxml2::XML_ERROR_MISMATCHED_ELEMENT && !element.empty()) {
      return Fail(doc.ErrorLineNum(),
                  "not well-formed XML: <" + element + "> has no matching end tag" + code, error);
    }
    return Fail(doc.ErrorLineNum(),
                "not well-formed XML" + (element.empty() ? "" : " in <" + element + ">") + code,
                error);
  }
  const XMLElement* root = doc.RootElement();
  if (!root) {
    return Fail(1 + std::count(xml.begin(), xml.end(), '\n'),
                "expected a <testsuite> or <testsuites> root element, found none", error);
  }
  if (const XMLElement* second = root->NextSiblingElement()) {
    return Fail(second->GetLineNum(),
                std::string("expected one root element, found <") + second->Name() + "> after </" +
                    root->Name() + ">",
                error);
  }
  JunitReport r;
  bool has_time = false;
  if (Is(root, "testsuites")) {
    r.name = Attr(root, "name");
    if (!ReadSeconds(root, "<testsuites>", &r.time, &has_time, error)) return false;
    for (const XMLElement* k = root->FirstChildElement(); k; k = k->NextSiblingElement()) {
      if (!Is(k, "testsuite")) continue;
      r.suites.emplace_back();
      if (!ReadSuite(k, &r.suites.back(), error)) return false;
    }
    if (!has_time) {
      for (const JunitSuite& s : r.suites) r.time += s.time;
    }
  } else if (Is(root, "testsuite")) {
    r.suites.emplace_back();
    if (!ReadSuite(root, &r.suites.back(), error)) return false;
    r.time = r.suites.back().time;
  } else {
    return Fail(root->GetLineNum(),
                std::string("expected a <testsuite> or <testsuites> root element, found <") +
                    root->Name() + ">",
                error);
  }
  *out = std::move(r);
  return true;
}

}  // namespace vfadd::tool
