// The Scene panel's "Far from the origin" row (docs/gui.md): one query of the scene moved by
// (d, d, d), each enabled algorithm of its family run in float and double, and each answer's error
// in ulps against the exact judge of the moved query. GL-free, ImGui-free.
#pragma once

#include "core/exact/exact.h"
#include "core/scene.h"

#include <optional>
#include <string>
#include <vector>

namespace hitlab {

/// One algorithm's answers to the moved query.
struct OffsetAnswer {
    const AlgorithmInfo* info = nullptr;
    Result answer[2];        ///< [0] float, [1] double
    double ulps[2] = {0, 0}; ///< error of t_enter (casts) or depth (overlaps); 0 when both miss
    bool verdictWrong[2] = {false, false};
};

struct OffsetAnswers {
    SceneQuery query{};
    double distance = 0;
    ExactResult exact; ///< of the moved query (its doubles)
    std::vector<OffsetAnswer> rows;
};

/// The query the row shows: the focused pair when there is one, else the scene's first query;
/// nullopt when the scene has none.
std::optional<SceneQuery> OffsetQueryShown(const Scene& scene, const std::optional<SceneQuery>& focused);

/// Moves query's shapes by (distance, distance, distance) in double (Translated) and answers it with
/// every enabled algorithm of its family in float and double. Cost: one exact judgement and two runs per algorithm.
OffsetAnswers AnswersAtOffset(const Scene& scene, const SceneQuery& query, double distance);

/// "hit 0.3125" / "miss" (t_enter for casts, depth for overlaps).
std::string OffsetAnswerText(const Result& r, Family family, std::uint32_t returns);

/// "419430.4", "0", "wrong" (a verdict other than the exact one), "1.01e+07".
std::string OffsetUlpsText(double ulps, bool verdictWrong);

} // namespace hitlab
