// A chosen capture row: its line read again, judged beside every algorithm, and as a scene.
#include "capture_choice.h"

#include "capture_load.h"

#include "core/capture/triage.h"
#include "core/exact/hunt_detail.h"

#include <filesystem>

namespace hitlab {

std::unique_ptr<CaptureChoice> ChooseCaptureRow(const std::string& path, const CaptureRow& row,
                                                const OwnedConventions& header)
{
    auto choice = std::make_unique<CaptureChoice>();
    choice->row = row;
    if (row.verdict == CaptureVerdict::Bad) {
        choice->line.number = row.line;
        choice->line.error = {{}, "a bad line: nothing to judge"};
        return choice;
    }
    choice->line = ReadCaptureLineAgain(path, row);
    CaptureLine& line = choice->line;
    if (!line.Ok()) {
        return choice;
    }
    if (row.answer >= line.answers.size()) {
        line.error = {path, "line " + std::to_string(row.line) + " has changed: it has fewer answers"};
        return choice;
    }
    choice->conventions = MergeConventions(header, line.conventions);
    choice->given = std::make_unique<GivenAlgorithms>(line.query.family, line.answers, choice->conventions);
    std::vector<AlgorithmOutcome> ran;
    for (const AlgorithmInfo* info : AlgorithmsOf(line.query.family)) {
        AlgorithmOutcome outcome;
        outcome.info = info;
        outcome.result = Run(*info, line.query, line.precision);
        ran.push_back(std::move(outcome));
    }
    choice->judged = JudgeAnswers(line.query, line.precision, std::move(ran), *choice->given, line.answers);
    choice->judgement = JudgeCaptureAnswerFull(line, row.answer, choice->conventions);
    return choice;
}

namespace {

/// DescribeResult, less the t_exit an algorithm does not return ("hit, t_enter 2").
std::string DescribeReturned(const Result& r, Family family, std::uint32_t returns)
{
    if (r.hit && IsCast(family) && (returns & kFieldTExit) == 0) {
        Result entered = r;
        entered.tExit = r.tEnter;
        const std::string both = hunt::DescribeResult(entered, family); // "hit, t in [a, a]"
        const std::size_t open = both.find('['), comma = both.find(", ", open);
        return open == std::string::npos || comma == std::string::npos
                   ? both
                   : "hit, t_enter " + both.substr(open + 1, comma - open - 1);
    }
    return hunt::DescribeResult(r, family);
}

} // namespace

std::vector<CaptureAnswerLine> CaptureAnswerLines(const CaptureChoice& choice)
{
    std::vector<CaptureAnswerLine> out;
    if (!choice.line.Ok() || !choice.given) {
        return out;
    }
    const Family family = choice.line.query.family;
    const Comparison& comparison = choice.judged.comparison;
    const std::size_t builtIns = choice.judged.shown - choice.line.answers.size();
    // the engine's answers first, then every built-in algorithm, then the exact answer
    for (std::size_t pass = 0; pass < 2; ++pass) {
        for (std::size_t i = 0; i < choice.judged.shown; ++i) {
            const bool given = i >= builtIns;
            if (given != (pass == 0)) {
                continue;
            }
            const AlgorithmOutcome& o = comparison.outcomes[i];
            CaptureAnswerLine line;
            line.given = given;
            line.name = given ? "engine: " + choice.line.answers[i - builtIns].name : std::string(o.info->name);
            line.answer = DescribeReturned(o.result, family, o.info->returns);
            line.disagrees = o.explanation != Explanation::None;
            line.judgment = line.disagrees ? std::string(ExplanationName(o.explanation)) + ": " + o.reason : "agrees";
            out.push_back(std::move(line));
        }
    }
    out.push_back({"exact", DescribeExact(choice.judged.exact), "HitLab's exact judge (GMP)", false, false});
    return out;
}

Scene CaptureChoiceScene(const CaptureChoice& choice, const std::string& capture)
{
    const CaptureLine& line = choice.line;
    TriageGroup group;
    group.situation = choice.judgement.situation.empty() ? "general position" : choice.judgement.situation;
    group.kind = choice.judgement.kind.empty() ? "agrees" : choice.judgement.kind;
    group.count = 1;
    group.sites.emplace_back(line.where, 1);
    TriageCase& c = group.worst;
    c.line = line.number;
    c.answerIndex = choice.row.answer;
    c.answerName = line.answers.at(choice.row.answer).name;
    c.where = line.where;
    c.hasFrame = line.hasFrame;
    c.frame = line.frame;
    c.query = line.query;
    c.precision = line.precision;
    c.answer = line.answers.at(choice.row.answer);
    c.conventions = choice.conventions;
    c.judgement = choice.judgement;
    const std::string name = std::filesystem::path(capture).filename().string();
    Scene scene = TriageCaseScene(group, name);
    scene.title = "Line " + std::to_string(line.number) + " of " + name + ": the engine answered " +
                  hunt::DescribeResult(c.answer.result, line.query.family);
    // the description TriageCaseScene writes is a triage group's: this one is one line's
    std::string place = line.where;
    if (line.hasFrame) {
        place += (place.empty() ? "" : ", ") + std::string("frame ") + std::to_string(line.frame);
    }
    const AnswerJudgement& j = choice.judgement;
    scene.description = "The engine's answer to this query, recorded on line " + std::to_string(line.number) +
                        (place.empty() ? "" : " (" + place + ")") + " of `" + name +
                        "`: " + hunt::DescribeResult(c.answer.result, line.query.family) + " (" +
                        PrecisionName(line.precision) + "). The exact answer: " + DescribeExact(choice.judged.exact) +
                        ".\n\nJudged in the capture browser: " + CaptureVerdictName(choice.row.verdict) +
                        (j.situation.empty() ? std::string() : " (situation: " + j.situation + ")") +
                        (j.reason.empty() ? std::string() : ": " + j.reason) + ".\n";
    scene.question = "The engine answered " + hunt::DescribeResult(c.answer.result, line.query.family) + " (" +
                     PrecisionName(line.precision) + ")" + (line.where.empty() ? "" : " at `" + line.where + "`") +
                     ". Is that right, and if not, why did it answer so?";
    return scene;
}

} // namespace hitlab
