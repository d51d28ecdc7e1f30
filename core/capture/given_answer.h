// Judging answers given on an eval line or a capture line (docs/protocol.md, "Judging a given answer"): each answer
// becomes an algorithm of the comparison that HitLab cannot run (the line's conventions, the fields
// it gives, no runner), compared with the family's reference and the exact judge's answer and
// explained like a built-in algorithm. `hitlab eval` uses it, and so can a capture's triage: it
// needs neither a window nor GL.
#pragma once

#include "core/compare.h"
#include "core/exact/exact.h"
#include "core/io/protocol.h"

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace hitlab {

/// Given answers as algorithms of a comparison: owned copies of their names and conventions, and
/// an AlgorithmInfo per answer viewing them (title "given answer", not published, no flaw, returns
/// the fields given, an empty runner: HitLab cannot re-run it). Neither copyable nor movable, so
/// the views stay valid while it lives: a Comparison holding its infos must not outlive it.
class GivenAlgorithms {
public:
    GivenAlgorithms(Family family, std::span<const GivenAnswer> answers, const OwnedConventions& conventions);
    GivenAlgorithms(const GivenAlgorithms&) = delete;
    GivenAlgorithms& operator=(const GivenAlgorithms&) = delete;

    /// One AlgorithmInfo per answer, in the order of the answers.
    std::span<const AlgorithmInfo> Infos() const { return m_infos; }

private:
    std::vector<std::string> m_names;
    OwnedConventions m_conventions;
    std::vector<AlgorithmInfo> m_infos;
};

/// A comparison in which given answers were judged.
struct JudgedAnswers {
    /// outcomes: the algorithms run (as passed), then the answers in order, then the family's
    /// reference when it was not among the algorithms run (it takes part so that `agree` compares
    /// every answer with it; it is not reported)
    Comparison comparison;
    std::size_t shown = 0; ///< outcomes [0, shown) are the algorithms run and the answers
    ExactResult exact;     ///< the exact judge's answer for the query (its doubles as written)
};

/// Judges answers (their results; given.Infos() made from the same answers) on query in precision
/// beside the outcomes of algorithms already run (`ran`: info and result set; may be empty):
/// runs the exact judge, adds the reference when it did not run, and explains every outcome with
/// the exact values (Explain). An answer is then compared with the reference (hit and each value it
/// gives, at the tolerance of precision), not blamed where the exact values show it right and the
/// reference off, and otherwise explained by the declared conventions (never by a re-run in
/// double, nor by a flaw: it declares none). comparison.agree is true when every outcome agrees
/// with the reference. Cost: one exact judgement (microseconds) and one reference run.
JudgedAnswers JudgeAnswers(const Query& query, Precision precision, std::vector<AlgorithmOutcome> ran,
                           const GivenAlgorithms& given, std::span<const GivenAnswer> answers);

} // namespace hitlab
