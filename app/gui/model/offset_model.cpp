// The "Far from the origin" row: one query moved away from the origin, answered and judged.
#include "offset_model.h"

#include "core/text.h"

#include <cmath>
#include <cstdio>

namespace hitlab {

std::optional<SceneQuery> OffsetQueryShown(const Scene& scene, const std::optional<SceneQuery>& focused)
{
    if (focused && scene.Find(focused->a) != nullptr && scene.Find(focused->b) != nullptr) {
        return focused;
    }
    const std::vector<SceneQuery> all = scene.Queries();
    if (all.empty()) {
        return std::nullopt;
    }
    return all.front();
}

OffsetAnswers AnswersAtOffset(const Scene& scene, const SceneQuery& sq, double distance)
{
    OffsetAnswers out;
    out.query = sq;
    out.distance = distance;
    Query query = scene.MakeQuery(sq);
    query.a = Translated(query.a, glm::dvec3(distance));
    query.b = Translated(query.b, glm::dvec3(distance));
    out.exact = JudgeExact(query);
    for (const AlgorithmInfo* info : scene.Settings(sq.family).enabled) {
        OffsetAnswer row;
        row.info = info;
        for (const int p : {0, 1}) {
            const Precision precision = p == 0 ? Precision::Float : Precision::Double;
            row.answer[p] = Run(*info, query, precision);
            const Result& r = row.answer[p];
            row.verdictWrong[p] = out.exact.valid && r.hit != out.exact.hit;
            if (!out.exact.valid || !r.hit || row.verdictWrong[p]) {
                continue;
            }
            if (IsCast(sq.family) && (info->returns & kFieldTEnter) != 0) {
                row.ulps[p] = UlpError(out.exact.tEnter.value, r.tEnter, precision);
            } else if (!IsCast(sq.family) && (info->returns & kFieldDepth) != 0) {
                row.ulps[p] = UlpError(out.exact.depth.value, r.depth, precision);
            }
        }
        out.rows.push_back(row);
    }
    return out;
}

std::string OffsetAnswerText(const Result& r, Family family, std::uint32_t returns)
{
    if (!r.hit) {
        return "miss";
    }
    if (IsCast(family) && (returns & kFieldTEnter) != 0) {
        return "hit " + NumberText(r.tEnter);
    }
    if (!IsCast(family) && (returns & kFieldDepth) != 0) {
        return "hit " + NumberText(r.depth);
    }
    return "hit";
}

std::string OffsetUlpsText(double ulps, bool verdictWrong)
{
    if (verdictWrong || !std::isfinite(ulps)) {
        return "wrong";
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, ulps >= 1e6 ? "%.3g" : "%.1f", ulps);
    return buf;
}

} // namespace hitlab
