// Writing the query protocol: algorithm metadata, results and traces as JSON.
#include "protocol.h"

#include <cmath>
#include <type_traits>

namespace hitlab {

using nlohmann::ordered_json;

ordered_json JsonNumber(double value)
{
    if (std::isnan(value)) {
        return "nan";
    }
    if (std::isinf(value)) {
        return value > 0 ? "inf" : "-inf";
    }
    // integers as integers ("1", not "1.0"); 2^53 keeps every such double exactly an int64
    constexpr double kExactIntegers = 9007199254740992.0;
    if (value == std::trunc(value) && std::abs(value) <= kExactIntegers) {
        return static_cast<std::int64_t>(value); // -0 becomes 0 here
    }
    return value;
}

ordered_json JsonVec3(const glm::dvec3& v)
{
    return ordered_json::array({JsonNumber(v.x), JsonNumber(v.y), JsonNumber(v.z)});
}

std::vector<std::string> FieldNames(std::uint32_t returns)
{
    std::vector<std::string> out;
    for (std::uint32_t bit = 1; bit <= kFieldLast; bit <<= 1) {
        if ((returns & bit) != 0) {
            out.emplace_back(FieldName(bit));
        }
    }
    return out;
}

ordered_json ExplainToJson(const AlgorithmOutcome& outcome)
{
    return {{"explanation", ExplanationName(outcome.explanation)},
            {"reason", outcome.reason},
            {"fields", FieldNames(outcome.differs)}};
}

const char* PrecisionName(Precision precision) { return precision == Precision::Float ? "float" : "double"; }

ordered_json ToJson(const AlgorithmInfo& info)
{
    ordered_json conventions = ordered_json::object();
    for (const Convention& c : info.conventions) {
        conventions[std::string(c.key)] = std::string(c.value);
    }
    ordered_json out = {
        {"name", std::string(info.name)},      {"family", std::string(FamilyName(info.family))},
        {"title", std::string(info.title)},    {"summary", std::string(info.summary)},
        {"source", std::string(info.source)},  {"reference", info.reference},
        {"published", info.published},         {"conventions", std::move(conventions)},
        {"returns", FieldNames(info.returns)},
    };
    if (!info.flaw.empty()) {
        out["flaw"] = std::string(info.flaw);
    }
    if (!info.flawWhen.empty()) {
        ordered_json when = ordered_json::array();
        for (const std::string_view clause : info.flawWhen) {
            when.push_back(std::string(clause));
        }
        out["flaw_when"] = std::move(when);
    }
    return out;
}

ordered_json ResultToJson(const Result& result, std::uint32_t returns, Family family)
{
    const auto has = [&](Field field) { return (returns & field) != 0; };
    ordered_json out = {{"hit", result.hit}};
    if (IsCast(family)) {
        const bool hit = result.hit;
        out["t_enter"] = hit && has(kFieldTEnter) ? JsonNumber(result.tEnter) : nullptr;
        out["t_exit"] = hit && has(kFieldTExit) ? JsonNumber(result.tExit) : nullptr;
        out["point"] = hit && has(kFieldPoint) ? JsonVec3(result.point) : nullptr;
        out["normal"] = hit && result.hasNormal && has(kFieldNormal) ? JsonVec3(result.normal) : nullptr;
        if ((FamilyFields(family) & kTriangleCastFields) != 0) {
            out["u"] = hit && result.hasUv && has(kFieldU) ? JsonNumber(result.u) : nullptr;
            out["v"] = hit && result.hasUv && has(kFieldV) ? JsonNumber(result.v) : nullptr;
            out["front"] = hit && result.hasFront && has(kFieldFront) ? ordered_json(result.front) : nullptr;
        }
        if ((FamilyFields(family) & kFieldTriangle) != 0) {
            out["triangle"] =
                hit && result.hasTriangle && has(kFieldTriangle) ? ordered_json(result.triangle) : nullptr;
        }
    } else {
        const bool hit = result.hit;
        out["depth"] = hit && has(kFieldDepth) ? JsonNumber(result.depth) : nullptr;
        out["normal"] = hit && result.hasNormal && has(kFieldNormal) ? JsonVec3(result.normal) : nullptr;
        out["contact"] = hit && has(kFieldContact) ? JsonVec3(result.contact) : nullptr;
        out["separating_axis"] =
            result.hasSeparatingAxis && has(kFieldSeparatingAxis) ? JsonVec3(result.separatingAxis) : nullptr;
        if ((FamilyFields(family) & kFieldDistance) != 0) {
            const bool d = result.hasDistance;
            out["distance"] = d && has(kFieldDistance) ? JsonNumber(result.distance) : nullptr;
            out["closest_a"] = d && has(kFieldClosestA) ? JsonVec3(result.closestA) : nullptr;
            out["closest_b"] = d && has(kFieldClosestB) ? JsonVec3(result.closestB) : nullptr;
        }
    }
    return out;
}

namespace {

/// The structured part of a step as {"slab": {...}} etc.; null for a step without one.
struct PartToJson {
    ordered_json& step;

    void operator()(const std::monostate&) const {}
    void operator()(const SlabPart& p) const
    {
        step["slab"] = {{"axis", p.axis},
                        {"parallel", p.parallel},
                        {"origin_inside", p.originInside},
                        {"t_near", JsonNumber(p.tNear)},
                        {"t_far", JsonNumber(p.tFar)},
                        {"t_enter", JsonNumber(p.tEnter)},
                        {"t_exit", JsonNumber(p.tExit)}};
    }
    void operator()(const FacePart& p) const
    {
        step["face"] = {{"face", FaceName(p.face)}, {"t", JsonNumber(p.t)}, {"point", JsonVec3(p.point)},
                        {"tested", p.tested},       {"inside", p.inside},   {"accepted", p.accepted}};
    }
    void operator()(const AxisPart& p) const
    {
        step["axis"] = {{"label", p.label},
                        {"axis", JsonVec3(p.axis)},
                        {"ra", JsonNumber(p.ra)},
                        {"rb", JsonNumber(p.rb)},
                        {"distance", JsonNumber(p.distance)},
                        {"overlap", JsonNumber(p.overlap)},
                        {"separating", p.separating},
                        {"skipped", p.skipped},
                        {"chosen", p.chosen}};
    }
    void operator()(const PointPart& p) const
    {
        step["point"] = {{"label", p.label}, {"point", JsonVec3(p.point)}, {"flag", p.flag}};
    }
    void operator()(const SegmentPart& p) const
    {
        step["segment"] = {{"label", p.label}, {"from", JsonVec3(p.from)}, {"to", JsonVec3(p.to)}, {"flag", p.flag}};
    }
    void operator()(const BoxPart& p) const
    {
        step["box"] = {{"label", p.label}, {"min", JsonVec3(p.min)}, {"max", JsonVec3(p.max)}, {"flag", p.flag}};
    }
};

} // namespace

ordered_json TraceToJson(const Trace& trace)
{
    ordered_json steps = ordered_json::array();
    for (const TraceStep& s : trace.steps) {
        ordered_json values = ordered_json::object();
        for (const TraceValue& v : s.values) {
            values[v.name] = JsonNumber(v.value);
        }
        ordered_json step = {{"caption", s.caption}, {"values", std::move(values)}};
        std::visit(PartToJson{step}, s.part);
        steps.push_back(std::move(step));
    }
    ordered_json out = {{"steps", std::move(steps)}};
    out["deciding_step"] = trace.decidingStep >= 0 ? ordered_json(trace.decidingStep) : ordered_json(nullptr);
    out["verdict"] = trace.verdict;
    return out;
}

} // namespace hitlab
