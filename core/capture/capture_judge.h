// Judging one line of a capture: each answer as `hitlab eval` judges it (given_answer.h,
// JudgeAnswers), with a fast path that settles the common case, an answer that agrees with the
// family's reference, without the exact judge; the situation of the input and the kind of a
// disagreement, which `hitlab triage` groups by. GL-free: the window's capture browser uses it.
#pragma once

#include "capture_line.h"

#include "core/exact/exact.h"
#include "core/flaw_condition.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hitlab {

/// The conventions a line's answers are judged by: base (the header's, with `--conventions`
/// over it), with the line's own "conventions" over them, key by key.
OwnedConventions MergeConventions(const OwnedConventions& base, const OwnedConventions& line);

/// The judgement of one answer.
struct AnswerJudgement {
    /// None: it agrees (with the reference, or with the exact answer where the reference is off);
    /// Convention, Rounding or Unexplained as the comparison explains it (never KnownFlaw: a given
    /// answer declares no flaw).
    Explanation explanation = Explanation::None;
    std::uint32_t differs = 0; ///< the fields that differ from the reference's (kFieldHit: the verdict)
    bool wrongVerdict = false; ///< the exact judge ran and its verdict is not the answer's
    /// The largest error of the answer's t_enter, t_exit (casts) or depth (overlaps), in ulps of
    /// the line's precision (UlpError): against the exact values when the judge ran and both hit,
    /// else against the reference's; 0 when either misses.
    double ulps = 0;
    bool exactJudged = false; ///< the exact judge ran (the answer differs from the reference)
    ExactResult exact;        ///< the judge's answer; meaningful only when exactJudged
    Result reference;         ///< the reference's result on the line's query and precision
    std::string situation;    ///< SituationLabel, set when the answer differs from the reference
    /// The kind of disagreement, set when it differs: "misses where exact hits", "hits where exact
    /// misses" (HuntVerdictCause) or "values differ: t_enter, t_exit" (HuntValuesCause).
    std::string kind;
    std::string reason; ///< the comparison's sentence, set when it differs
};

/// Judges answer `index` of a line read without error, by conventions. Fast path: the reference
/// runs; an answer with its verdict and (on a hit) its values within the comparison's tolerance
/// (ValueDifferences) agrees, exactly as JudgeAnswers would say, without GMP. Otherwise
/// JudgeAnswers judges it (the exact judge, microseconds).
AnswerJudgement JudgeCaptureAnswer(const CaptureLine& line, std::size_t index, const OwnedConventions& conventions);

/// JudgeCaptureAnswer into out, reusing its storage (what a loop over millions of lines calls).
void JudgeCaptureAnswerInto(const CaptureLine& line, std::size_t index, const OwnedConventions& conventions,
                            AnswerJudgement& out);

/// The same, always through JudgeAnswers (the exact judge runs): what the fast path must equal.
AnswerJudgement JudgeCaptureAnswerFull(const CaptureLine& line, std::size_t index, const OwnedConventions& conventions);

/// Every answer of a line (base: MergeConventions' base; the line's own conventions are merged
/// here), in the order of line.answers; empty for a bad line.
std::vector<AnswerJudgement> JudgeCaptureLine(const CaptureLine& line, const OwnedConventions& base);

/// A short label for the situation of a query, derived with core's predicates (the flaw
/// conditions, core/flaw_condition.h, on the comparison's context), the first that holds of:
/// "ray in a face plane", "origin on a corner", "origin on an edge", "origin on a face" (a cast
/// against an aabb whose origin or start lies on the box's boundary), "origin inside", "-0
/// direction component", "zero direction component", "entering through an edge or corner",
/// "grazing" (casts) or "touching" (overlaps), "behind the origin", "degenerate triangle", "ray
/// in the triangle's plane", "on a triangle's edge or vertex", "tiny or sliver triangle" (area
/// below 1e-6 of the query's largest number squared), "far from the origin" (the query's largest
/// number at least 1e4 in float, 1e9 in double), "back facing", "corner or
/// edge region" (sphere_aabb), else "general position".
std::string SituationLabel(const FlawContext& context);

} // namespace hitlab
