// The exact judge's answer as JSON.
#include "exact_json.h"

#include "core/io/protocol.h"

namespace hitlab {

using nlohmann::ordered_json;

namespace {

ordered_json Value(const ExactResult& r, const ExactValue& v)
{
    return r.hit ? JsonNumber(v.value) : ordered_json(nullptr);
}

ordered_json Text(const ExactResult& r, const ExactValue& v)
{
    return r.hit ? ordered_json(v.text) : ordered_json(nullptr);
}

ordered_json Ulp(bool both, std::uint32_t returns, std::uint32_t field, double exact, double computed, Precision p)
{
    return both && (returns & field) != 0 ? JsonNumber(UlpError(exact, computed, p)) : ordered_json(nullptr);
}

} // namespace

ordered_json ExactToJson(const ExactResult& exact, const std::vector<std::pair<const AlgorithmInfo*, Result>>& results,
                         Precision precision)
{
    ordered_json out{{"hit", exact.hit}};
    const bool cast = IsCast(exact.family);
    if (cast) {
        out["t_enter"] = Value(exact, exact.tEnter);
        out["t_exit"] = Value(exact, exact.tExit);
        out["t_exact"] = exact.hit ? ordered_json(exact.exactT) : ordered_json(nullptr);
        out["t_enter_text"] = Text(exact, exact.tEnter);
        out["t_exit_text"] = Text(exact, exact.tExit);
        if ((FamilyFields(exact.family) & kTriangleCastFields) != 0) { // triangles and meshes
            const bool uv = exact.hit && exact.hasUv;
            out["u"] = uv ? Value(exact, exact.u) : ordered_json(nullptr);
            out["v"] = uv ? Value(exact, exact.v) : ordered_json(nullptr);
            out["u_text"] = uv ? Text(exact, exact.u) : ordered_json(nullptr);
            out["v_text"] = uv ? Text(exact, exact.v) : ordered_json(nullptr);
            out["front"] = exact.hit && exact.hasFront ? ordered_json(exact.front) : ordered_json(nullptr);
        }
        if ((FamilyFields(exact.family) & kFieldTriangle) != 0) {
            out["triangle"] = exact.hit && exact.hasTriangle ? ordered_json(exact.triangle) : ordered_json(nullptr);
        }
    } else {
        out["depth"] = Value(exact, exact.depth);
        out["depth_exact"] = exact.hit ? ordered_json(exact.exactDepth) : ordered_json(nullptr);
        out["depth_text"] = Text(exact, exact.depth);
        if ((FamilyFields(exact.family) & kFieldDistance) != 0) { // separated or touching solids
            const bool d = exact.hasDistance;
            out["distance"] = d ? JsonNumber(exact.distance.value) : ordered_json(nullptr);
            out["distance_exact"] = d ? ordered_json(exact.exactDistance) : ordered_json(nullptr);
            out["distance_text"] = d ? ordered_json(exact.distance.text) : ordered_json(nullptr);
        }
    }
    if (!exact.valid) {
        out["note"] = exact.note;
    }
    ordered_json algorithms = ordered_json::object();
    for (const auto& [info, result] : results) {
        const bool both = exact.hit && result.hit;
        ordered_json ulp;
        if (cast) {
            ulp = {{"t_enter", Ulp(both, info->returns, kFieldTEnter, exact.tEnter.value, result.tEnter, precision)},
                   {"t_exit", Ulp(both, info->returns, kFieldTExit, exact.tExit.value, result.tExit, precision)}};
        } else {
            ulp = {{"depth", Ulp(both, info->returns, kFieldDepth, exact.depth.value, result.depth, precision)}};
            if ((FamilyFields(exact.family) & kFieldDistance) != 0) {
                ulp["distance"] = Ulp(exact.hasDistance && result.hasDistance, info->returns, kFieldDistance,
                                      exact.distance.value, result.distance, precision);
            }
        }
        algorithms[std::string(info->name)] = {{"agrees_with_exact", result.hit == exact.hit}, {"ulp", std::move(ulp)}};
    }
    out["algorithms"] = std::move(algorithms);
    return out;
}

} // namespace hitlab
