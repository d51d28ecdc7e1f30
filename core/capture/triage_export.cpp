// A triage group's worst case as a scene and as a GoogleTest case, on the hunt's export machinery
// (core/exact/hunt.h: CounterexampleScene, HuntShapeLiteral, HuntExactAssertions, HuntJudgeAssertions).
#include "triage.h"

#include "core/exact/hunt.h"
#include "core/exact/hunt_detail.h"

#include <cmath>

namespace hitlab {

namespace {

/// The group's worst case as the hunt's counterexample: the engine's answer as side a.
Counterexample AsCounterexample(const TriageGroup& g)
{
    Counterexample c;
    c.query = g.worst.query;
    c.original = g.worst.query;
    c.distribution = g.situation;
    c.cause = g.kind;
    c.count = g.count;
    c.a = g.worst.answer.result;
    c.exact = g.worst.judgement.exactJudged ? g.worst.judgement.exact : JudgeExact(g.worst.query);
    c.text = DescribeQuery(g.worst.query);
    return c;
}

/// The hunt's options the export reads: the family, its reference as a, against the judge.
HuntOptions ExportOptions(const TriageCase& c)
{
    HuntOptions o;
    o.family = c.query.family;
    o.a = std::string(ReferenceAlgorithm(c.query.family).name);
    o.precision = c.precision;
    o.valueUlps = kValueUlps;
    return o;
}

/// "line 12 (player.cpp:88, frame 4)".
std::string LineText(const TriageCase& c)
{
    std::string s = "line " + std::to_string(c.line);
    std::string detail = c.where;
    if (c.hasFrame) {
        detail += (detail.empty() ? "" : ", ") + std::string("frame ") + std::to_string(c.frame);
    }
    if (c.answerName != "answer") {
        detail += (detail.empty() ? "" : ", ") + std::string("answer ") + c.answerName;
    }
    return detail.empty() ? s : s + " (" + detail + ")";
}

std::string SitesText(const TriageGroup& g)
{
    std::string s;
    for (std::size_t i = 0; i < g.sites.size() && i < 10; ++i) {
        s += (i == 0 ? "" : ", ") + (g.sites[i].first.empty() ? std::string("(no call site)") : g.sites[i].first) +
             " (" + std::to_string(g.sites[i].second) + ")";
    }
    return g.sites.size() > 10 ? s + ", ..." : s;
}

std::string ResultMember(const char* field)
{
    const std::string f = field;
    return "result." + (f == "t_enter" ? std::string("tEnter") : f == "t_exit" ? std::string("tExit") : f);
}

/// The statements that set the recorded answer's fields (those it gives and the test checks).
std::string RecordedAnswer(const GivenAnswer& a)
{
    std::string s =
        "    hitlab::Result result;\n    result.hit = " + std::string(a.result.hit ? "true" : "false") + ";\n";
    if ((a.returns & kFieldTEnter) != 0) {
        s += "    result.tEnter = " + HuntValueLiteral(a.result.tEnter) + ";\n";
    }
    if ((a.returns & kFieldTExit) != 0) {
        s += "    result.tExit = " + HuntValueLiteral(a.result.tExit) + ";\n";
    }
    if ((a.returns & kFieldDepth) != 0) {
        s += "    result.depth = " + HuntValueLiteral(a.result.depth) + ";\n";
    }
    return s;
}

std::string TestCase(const TriageGroup& g, int index)
{
    const TriageCase& w = g.worst;
    const Counterexample c = AsCounterexample(g);
    const HuntOptions options = ExportOptions(w);
    const std::string precision = PrecisionName(w.precision);
    std::string s = "// ---- group " + std::to_string(index) + ": " + std::to_string(g.count) + " answer" +
                    (g.count == 1 ? "" : "s") + " unexplained: " + g.kind + ", situation \"" + g.situation +
                    "\" ----\n";
    s += "// worst: " + LineText(w) + ": " + c.text + "\n";
    s += "// the engine answered (" + precision + "): " + hunt::DescribeResult(w.answer.result, w.query.family) + "\n";
    s += "// the exact answer (HitLab's GMP judge): " + DescribeExact(c.exact) + "\n";
    s += "// call sites: " + SitesText(g) + "\n";
    s += "TEST(Triage" + HuntPascalName(FamilyName(w.query.family)) + ", Line" + std::to_string(w.line) +
         (w.answerName == "answer" ? "" : "Answer" + std::to_string(w.answerIndex + 1)) + ")\n{\n";
    s += "    const hitlab::Query query{hitlab::Family::" + HuntPascalName(FamilyName(w.query.family)) +
         ",\n                              " + HuntShapeLiteral(w.query.a) + ",\n                              " +
         HuntShapeLiteral(w.query.b) + "};\n";
    s += "    // the engine's answer as recorded: replace these statements with a call to your engine on\n"
         "    // query.a and query.b in " +
         precision + "; the test passes once it gives the exact answer\n";
    s += RecordedAnswer(w.answer);
    s += HuntExactAssertions(c, options, w.answer.returns, "result.hit", ResultMember);
    s += "    // the exact answer, as HitLab's judge states it\n";
    return s + HuntJudgeAssertions(c, w.answer.returns) + "}\n";
}

} // namespace

Scene TriageCaseScene(const TriageGroup& group, const std::string& capture)
{
    const TriageCase& w = group.worst;
    const Counterexample c = AsCounterexample(group);
    Scene scene = CounterexampleScene(c, ExportOptions(w));
    scene.title = "Triage: " + LineText(w) + " of " + capture;
    scene.description = "The engine's answer to this query, recorded on " + LineText(w) + " of `" + capture +
                        "` and judged by `hitlab triage`: " + hunt::DescribeResult(w.answer.result, w.query.family) +
                        " (" + PrecisionName(w.precision) + "). The exact answer: " + DescribeExact(c.exact) +
                        ".\n\nThe worst of " + std::to_string(group.count) + " unexplained answer" +
                        (group.count == 1 ? "" : "s") + " (" + group.kind + "; situation: " + group.situation +
                        "): " + w.judgement.reason + ".\n\nCall sites: " + SitesText(group) + ".\n";
    return scene;
}

std::string TriageGoogleTestFile(const std::vector<TriageGroup>& groups, const std::string& capture)
{
    std::string s =
        "// GoogleTest cases written by `hitlab triage -o` (docs/capture.md): the worst unexplained answer\n"
        "// of each group of " +
        capture +
        ".\n// Build: link HitLab::core and HitLab::exact (find_package(HitLab), docs/install.md) and\n"
        "// GTest::gtest_main. Each test holds the engine's recorded answer and asserts the exact one: it\n"
        "// fails as recorded; call your engine where the answer is set, and it passes once that is exact.\n";
    s += "#include \"core/algorithm.h\"\n#include \"core/exact/exact.h\"\n\n#include <gtest/gtest.h>\n\n"
         "#include <limits>\n";
    if (groups.empty()) {
        s += "\n// Nothing was unexplained: no case.\n";
    }
    int index = 0;
    for (const TriageGroup& g : groups) {
        s += "\n" + TestCase(g, ++index);
    }
    return s;
}

} // namespace hitlab
