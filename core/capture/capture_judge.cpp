// Judging a capture line's answers: the fast agree path, JudgeAnswers otherwise, and the ulps.
#include "capture_judge.h"

#include "given_answer.h"

#include "core/exact/hunt_groups.h"

#include <algorithm>
#include <cmath>

namespace hitlab {

namespace {

/// Whether two results are bit for bit the same in every compared value (Explain's shortcut).
bool SameCompared(const Result& x, const Result& y)
{
    return x.tEnter == y.tEnter && x.tExit == y.tExit && x.point == y.point && x.hasNormal == y.hasNormal &&
           x.normal == y.normal && x.depth == y.depth && x.hasDistance == y.hasDistance && x.distance == y.distance;
}

/// The largest error in ulps of the answer's t_enter, t_exit (casts) or depth against the values
/// given (exact or the reference's); 0 when either misses.
double LargestUlps(const Query& q, Precision precision, const GivenAnswer& a, bool otherHit, double tEnter,
                   double tExit, double depth)
{
    if (!a.result.hit || !otherHit) {
        return 0;
    }
    double ulps = 0;
    const auto take = [&](std::uint32_t field, double exact, double given) {
        if ((a.returns & field) != 0) {
            ulps = std::max(ulps, UlpError(exact, given, precision));
        }
    };
    if (IsCast(q.family)) {
        take(kFieldTEnter, tEnter, a.result.tEnter);
        take(kFieldTExit, tExit, a.result.tExit);
    } else {
        take(kFieldDepth, depth, a.result.depth);
    }
    return ulps;
}

} // namespace

OwnedConventions MergeConventions(const OwnedConventions& base, const OwnedConventions& line)
{
    OwnedConventions out = base;
    for (const auto& entry : line) {
        // not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda
        const auto it =
            std::find_if(out.begin(), out.end(), [&entry](const auto& kv) { return kv.first == entry.first; });
        if (it != out.end()) {
            it->second = entry.second;
        } else {
            out.push_back(entry);
        }
    }
    return out;
}

AnswerJudgement JudgeCaptureAnswerFull(const CaptureLine& line, std::size_t index, const OwnedConventions& conventions)
{
    AnswerJudgement out;
    const GivenAnswer& a = line.answers[index];
    const std::span<const GivenAnswer> one(&a, 1);
    const GivenAlgorithms given(line.query.family, one, conventions);
    JudgedAnswers judged = JudgeAnswers(line.query, line.precision, {}, given, one);
    const AlgorithmOutcome& outcome = judged.comparison.outcomes[0];
    out.explanation = outcome.explanation;
    out.differs = outcome.differs;
    out.reference = judged.comparison.reference;
    out.exact = std::move(judged.exact);
    out.exactJudged = true;
    out.wrongVerdict = out.exact.valid && a.result.hit != out.exact.hit;
    out.ulps = LargestUlps(line.query, line.precision, a, out.exact.hit, out.exact.tEnter.value, out.exact.tExit.value,
                           out.exact.depth.value);
    if (out.differs != 0) {
        const FlawContext context{line.query, line.precision, judged.comparison.situation, out.reference};
        out.situation = SituationLabel(context);
        out.kind =
            (out.differs & kFieldHit) != 0
                ? HuntVerdictCause(a.result.hit, out.wrongVerdict || !out.exact.valid ? "exact" : "the reference")
                : HuntValuesCause(out.differs);
        out.reason = outcome.reason;
    }
    return out;
}

void JudgeCaptureAnswerInto(const CaptureLine& line, std::size_t index, const OwnedConventions& conventions,
                            AnswerJudgement& out)
{
    const GivenAnswer& a = line.answers[index];
    const AlgorithmInfo& reference = ReferenceAlgorithm(line.query.family);
    const Result r = Run(reference, line.query, line.precision);
    // Explain's rule for an outcome beside the reference (core/compare.cpp): the verdict, then
    // on a hit the values within the tolerance; an answer that differs in nothing agrees
    const std::uint32_t differs = a.result.hit != r.hit ? std::uint32_t(kFieldHit)
                                  : !a.result.hit || SameCompared(a.result, r)
                                      ? 0u
                                      : ValueDifferences(line.query, line.precision, QueryValueScale(line.query),
                                                         a.result, a.returns, r, reference.returns);
    if (differs != 0) {
        out = JudgeCaptureAnswerFull(line, index, conventions);
        return;
    }
    out.explanation = Explanation::None;
    out.differs = 0;
    out.wrongVerdict = false;
    out.exactJudged = false; // out.exact is left as it was: not read without exactJudged
    out.reference = r;
    out.ulps = LargestUlps(line.query, line.precision, a, r.hit, r.tEnter, r.tExit, r.depth);
    out.situation.clear();
    out.kind.clear();
    out.reason.clear();
}

AnswerJudgement JudgeCaptureAnswer(const CaptureLine& line, std::size_t index, const OwnedConventions& conventions)
{
    AnswerJudgement out;
    JudgeCaptureAnswerInto(line, index, conventions, out);
    return out;
}

std::vector<AnswerJudgement> JudgeCaptureLine(const CaptureLine& line, const OwnedConventions& base)
{
    std::vector<AnswerJudgement> out;
    if (!line.Ok()) {
        return out;
    }
    const OwnedConventions conventions = MergeConventions(base, line.conventions);
    for (std::size_t i = 0; i < line.answers.size(); ++i) {
        out.push_back(JudgeCaptureAnswer(line, i, conventions));
    }
    return out;
}

} // namespace hitlab
