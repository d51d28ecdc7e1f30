// `hitlab triage`'s work without the command line (docs/capture.md, "Triage"): a capture read in
// batches in constant memory, every answer judged (capture_judge.h) on several threads, totals
// and bad lines counted in line order, and the unexplained answers grouped by the situation of
// the input and the kind of disagreement, each group with its count, its worst case and its call
// sites; the worst cases as scenes and GoogleTest cases (triage_export.cpp).
#pragma once

#include "capture_judge.h"

#include "core/scene.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace hitlab {

struct TriageOptions {
    /// `--conventions FILE`'s conventions: over the header's, key by key (a line's own
    /// "conventions" win over both).
    OwnedConventions conventions;
    unsigned threads = 0;           ///< judging threads (0: one per core)
    std::size_t maxBadLines = 1000; ///< bad lines kept with their messages (all are counted)
    /// Lines in flight: read ahead by the calling thread in 16 chunks of batchLines / 16 (at least
    /// one line), judged by any thread, counted in line order (the batch and its judgements, about
    /// 2 KB a line, stay in cache); progress is reported every batchLines lines.
    std::size_t batchLines = 1024;
    /// Called for every query line (bad ones included, with their error) in line order on the
    /// calling thread, with the judgements of its answers (empty for a bad line): what a capture
    /// browser lists. May be empty.
    std::function<void(const CaptureLine&, std::span<const AnswerJudgement>)> onLine;
};

/// A line that could not be read: its number and what is wrong (where: the key).
struct TriageBadLine {
    std::uint64_t line = 0;
    IoError error;
};

/// A group's worst case: the line, its query and answer, and the judgement.
struct TriageCase {
    std::uint64_t line = 0;
    std::size_t answerIndex = 0;
    std::string answerName; ///< "answer", or its name in "answers"
    std::string where;
    bool hasFrame = false;
    std::int64_t frame = 0;
    Query query;
    Precision precision = Precision::Float;
    GivenAnswer answer;
    OwnedConventions conventions; ///< the conventions it was judged by
    AnswerJudgement judgement;    ///< the exact judge ran (exactJudged)
};

/// The unexplained answers of one situation and one kind of disagreement.
struct TriageGroup {
    std::string situation; ///< SituationLabel
    std::string kind;      ///< AnswerJudgement::kind
    std::uint64_t count = 0;
    TriageCase worst; ///< a wrong verdict, else the largest ulps; the earliest line on a tie
    /// The call sites ("where"; "" for lines without one) with their counts, most first.
    std::vector<std::pair<std::string, std::uint64_t>> sites;
};

struct TriageReport {
    IoError error; ///< the file cannot be read (the exit status 2); what "" otherwise
    CaptureHeader header;
    OwnedConventions conventions; ///< the header's with `--conventions` over them
    std::uint64_t lines = 0;      ///< query lines (not the header, not blank lines), bad ones included
    std::uint64_t bad = 0;        ///< lines that could not be read (skipped)
    std::uint64_t judged = 0;     ///< answers judged (a line with "answers" has several)
    std::uint64_t agreeing = 0, convention = 0, rounding = 0, unexplained = 0;
    std::uint64_t exactJudged = 0;       ///< answers the exact judge (GMP) ran on
    std::vector<TriageBadLine> badLines; ///< the first TriageOptions::maxBadLines
    std::vector<TriageGroup> groups;     ///< most answers first (then situation, kind)
    double seconds = 0;
    bool cancelled = false;
};

struct TriageProgress {
    std::uint64_t bytesRead = 0, totalBytes = 0, lines = 0;
};

/// Judges the capture at path (docs/capture.md). progress (may be empty) is called after each
/// batch; cancel (may be null) is polled between batches.
TriageReport RunTriage(const std::string& path, const TriageOptions& options,
                       const std::function<void(const TriageProgress&)>& progress = {},
                       const std::atomic<bool>* cancel = nullptr);

/// The worst case of a group as a scene: its two shapes, every algorithm of the family (the
/// reference drawn), the line's precision, a title naming the line and a description with the
/// engine's answer, the exact answer, the cause and the call sites.
Scene TriageCaseScene(const TriageGroup& group, const std::string& capture);

/// A GoogleTest file (compiles as it is, linking HitLab::core, HitLab::exact and
/// GTest::gtest_main): one TEST per group that holds the engine's recorded answer (the one
/// statement to replace with a call to the engine) and asserts the exact answer on it (the
/// judge's verdict; on a hit each t_enter, t_exit or depth it gives within kValueUlps of the
/// precision, HuntExactAssertions), then the judge's stated values. Each fails on the recorded
/// answer and passes once the engine answers exactly.
std::string TriageGoogleTestFile(const std::vector<TriageGroup>& groups, const std::string& capture);

} // namespace hitlab
