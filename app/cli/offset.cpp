// The scene offset and the error sweep of `hitlab plot-offset`.
#include "offset.h"

#include "core/exact/exact.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>

namespace hitlab {

std::optional<glm::dvec3> ParseOffset(std::string_view text, std::string& error)
{
    glm::dvec3 v(0.0);
    std::string rest(text);
    for (int axis = 0; axis < 3; ++axis) {
        const size_t comma = rest.find(',');
        const std::string item = axis < 2 ? rest.substr(0, comma) : rest;
        char* end = nullptr;
        errno = 0;
        const double x = std::strtod(item.c_str(), &end);
        const bool whole = !item.empty() && end == item.c_str() + item.size();
        if (!whole || errno == ERANGE || !std::isfinite(x) || (axis < 2 && comma == std::string::npos)) {
            error =
                "--offset: expected X,Y,Z (three finite numbers, e.g. 10000,0,0), got \"" + std::string(text) + "\"";
            return std::nullopt;
        }
        v[axis] = x;
        rest = axis < 2 ? rest.substr(comma + 1) : "";
    }
    error.clear();
    return v;
}

Query OffsetQuery(const Query& query, const glm::dvec3& offset)
{
    return Query{query.family, Translated(query.a, offset), Translated(query.b, offset)};
}

void OffsetScene(Scene& scene, const glm::dvec3& offset)
{
    const std::vector<SceneShape> shapes = scene.Shapes();
    for (SceneShape shape : shapes) {
        shape.shape = Translated(shape.shape, offset);
        scene.Replace(shape);
    }
    const std::vector<SceneFan> fans = scene.Fans();
    for (SceneFan fan : fans) {
        fan.origin += offset;
        scene.ReplaceFan(fan);
    }
}

std::vector<double> OffsetDistances(double maxDistance)
{
    std::vector<double> out = {0.0};
    for (int k = 0;; ++k) {
        const double d = std::pow(10.0, k / 4.0);
        if (d > maxDistance * (1 + 1e-12)) {
            break;
        }
        out.push_back(k % 4 == 0 ? std::pow(10.0, k / 4) : d); // whole powers of ten exactly
    }
    return out;
}

namespace offset_detail {

/// One algorithm's error on one query against the exact answer: ulps of t_enter (casts) or depth.
OffsetPoint QueryError(const AlgorithmInfo& info, const Query& query, Precision precision, const ExactResult& exact)
{
    OffsetPoint p;
    const Result r = Run(info, query, precision);
    if (r.hit != exact.hit) {
        p.verdictWrong = true;
        return p;
    }
    if (!r.hit) {
        return p;
    }
    if (IsCast(query.family) && (info.returns & kFieldTEnter) != 0) {
        p.ulps = UlpError(exact.tEnter.value, r.tEnter, precision);
    } else if (!IsCast(query.family) && (info.returns & kFieldDepth) != 0) {
        p.ulps = UlpError(exact.depth.value, r.depth, precision);
    }
    return p;
}

} // namespace offset_detail

std::vector<OffsetCurve> OffsetSweep(const Scene& scene, const std::vector<double>& distances, size_t maxQueries)
{
    std::vector<SceneQuery> queries = scene.Queries();
    if (queries.size() > maxQueries) {
        queries.resize(maxQueries);
    }
    std::vector<OffsetCurve> curves;
    std::map<std::pair<const AlgorithmInfo*, Precision>, size_t> curveOf;
    for (const SceneQuery& sq : queries) {
        for (const AlgorithmInfo* info : scene.Settings(sq.family).enabled) {
            for (const Precision precision : {Precision::Float, Precision::Double}) {
                if (curveOf.emplace(std::pair{info, precision}, curves.size()).second) {
                    curves.push_back({info, precision, std::vector<OffsetPoint>(distances.size())});
                    for (size_t k = 0; k < distances.size(); ++k) {
                        curves.back().points[k].distance = distances[k];
                    }
                }
            }
        }
    }
    for (size_t k = 0; k < distances.size(); ++k) {
        const glm::dvec3 offset(distances[k]);
        for (const SceneQuery& sq : queries) {
            const Query query = OffsetQuery(scene.MakeQuery(sq), offset);
            const ExactResult exact = JudgeExact(query);
            if (!exact.valid) {
                continue;
            }
            for (const AlgorithmInfo* info : scene.Settings(sq.family).enabled) {
                for (const Precision precision : {Precision::Float, Precision::Double}) {
                    OffsetPoint& point = curves[curveOf.at({info, precision})].points[k];
                    const OffsetPoint e = offset_detail::QueryError(*info, query, precision, exact);
                    point.verdictWrong = point.verdictWrong || e.verdictWrong;
                    point.ulps = std::max(point.ulps, e.ulps);
                }
            }
        }
    }
    return curves;
}

} // namespace hitlab
