// The Query inspector's comparison of every algorithm of the family on the focused query: its
// t_enter / t_exit (or depth / normal), and how far each lies from the reference in units in the
// last place of the precision the family runs in. GL-free.
#pragma once

#include "app/sources/external_runs.h"
#include "core/compare.h"
#include "core/exact/exact.h"
#include "core/scene.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hitlab {

/// Distance between a and b in units in the last place of `precision` (the number of
/// representable values between them); nullopt when either is NaN or infinite, or when one of
/// them does not fit the precision.
std::optional<std::int64_t> UlpDistance(double a, double b, Precision precision);

struct FamilyRow {
    const AlgorithmInfo* info = nullptr;
    bool hit = false;
    std::string verdict;       ///< "hit" / "miss"
    std::string first, second; ///< t_enter and t_exit, or depth and normal ("" when not reported)
    /// error against the exact answer in ulps of the precision: "0", "+3", "-1", "+0.4" (the exact
    /// value is irrational or not representable), "" (n/a); beyond a million ulps the difference
    /// itself, "-0.781 (far)"
    std::string firstUlps, secondUlps;
    bool firstOff = false, secondOff = false; ///< more than half an ulp off: not correctly rounded
    bool differs = false;                     ///< verdict or a value differs from the reference
    std::uint32_t fields = 0;                 ///< what differs (AlgorithmOutcome::differs: kFieldHit, or value fields)
    Explanation explanation = Explanation::None; ///< the comparison's, judged with the exact values
    std::string reason;                          ///< the comparison's sentence, "" when it agrees
    std::string mark;                            ///< DifferenceMark: "! t_enter", "~", "!!", ""
    bool wrongVsExact = false;                   ///< verdict differs from the exact judge
    bool external = false; ///< an external program's or plugin's algorithm (after the built-in ones)
};

struct FamilyTable {
    std::string firstHeader, secondHeader; ///< "t_enter", "t_exit" or "depth", "normal"
    std::vector<FamilyRow> rows;           ///< every algorithm of the family, reference first
    ExactResult exact;                     ///< the exact judge on the query (core/exact)
    std::string exactFirst, exactSecond;   ///< its t_enter / t_exit or depth ("" on a miss); "~" marks approximations
};

/// Who is a and who is b in the inspector: "a: NAME" and "b: NAME", drawn in the viewport's two
/// role colours for an overlap pair (roles true: the viewport outlines and labels them so, and
/// draws their projected intervals so), with the overlap normal's convention in words; a cast keeps
/// its ray's own colour (roles false, convention "").
struct PairLegend {
    std::string a, b;
    bool roles = false;
    std::string convention;
};
PairLegend LegendOf(const Scene& scene, const SceneQuery& query);

/// Runs every algorithm of the query's family in `precision` and the exact judge (the focused
/// query only, on demand) and compares them with the exact values (core/compare.h); the ulps
/// columns are each algorithm's error against the exact answer. external: the external programs'
/// and plugins' answers to the query (ExternalSession::Outcomes), added after the built-in rows
/// and compared alike (AddExternalOutcomes); a failed one's verdict is its status ("crashed",
/// "timed out", ...), its reason the failure's message.
FamilyTable BuildFamilyTable(const Scene& scene, const SceneQuery& query, Precision precision,
                             std::span<const ExternalOutcome> external = {});

} // namespace hitlab
