// Comparison of several algorithms on one query, and the explanations of their disagreements.
#include "compare.h"

#include "compare_detail.h"
#include "flaw_condition.h"
#include "near_boundary.h"
#include "text.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

namespace hitlab {

namespace {

Situation ComputeSituation(const Query& q, const Result& r, Precision precision)
{
    Situation s;
    if (IsCast(q.family)) {
        s.originInside = r.hit && r.tEnter == 0.0;
        s.boundaryOnly = r.hit && ((r.tEnter == r.tExit && q.family != Family::RayPlane) || InFacePlane(q));
        s.parallelAxis = q.family != Family::RayPlane && HasParallelComponent(q);
        const double length = glm::length(CastDirection(q));
        s.directionLength = length;
        s.unitDirection = std::abs(length - 1.0) <= 1e-6;
        if (const auto* plane = std::get_if<Plane<double>>(&q.b)) {
            s.backFacing = glm::dot(plane->normal, CastDirection(q)) >= 0.0;
        }
        if (!r.hit && std::holds_alternative<Ray<double>>(q.a)) {
            // behind: the reversed ray hits the solid (strictly behind when the forward one misses)
            Query reversed = q;
            std::get<Ray<double>>(reversed.a).direction = -std::get<Ray<double>>(q.a).direction;
            s.behind = Run(ReferenceAlgorithm(q.family), reversed, precision).hit;
        }
        if (const auto* p = std::get_if<Plane<double>>(&q.b); p != nullptr && r.hit) {
            // a plane hit is near the boundary when the ray is nearly parallel to the plane
            const glm::dvec3 d = CastDirection(q);
            s.margin = std::abs(glm::dot(p->normal, d)) / (glm::length(p->normal) * glm::length(d));
        } else if (r.hit) {
            const double scale = std::max({1.0, std::abs(r.tEnter), std::abs(r.tExit)});
            s.margin = (r.tExit - r.tEnter) / scale;
        }
    } else {
        s.boundaryOnly = r.hit && r.depth == 0.0;
        s.margin = r.hit ? r.depth : s.margin;
    }
    return s;
}

double ParsedConvention(const AlgorithmInfo& info, std::string_view key, double fallback)
{
    const std::string value(info.ConventionValue(key));
    if (value.empty()) {
        return fallback;
    }
    char* end = nullptr;
    const double x = std::strtod(value.c_str(), &end);
    return end != value.c_str() ? x : fallback;
}

/// The causes one algorithm's verdict differs by, each with its sentence.
using Causes = std::vector<std::pair<Explanation, std::string>>;

/// Declared conventions (and the parallel-ray flaw) that predict a miss where the reference hits.
void MissConventions(const Query& q, const Situation& s, const Result& ref, const AlgorithmInfo& info,
                     const std::string& name, Causes& found)
{
    auto conv = [&](std::string_view key) { return info.ConventionValue(key); };
    auto add = [&](Explanation e, std::string reason) { found.emplace_back(e, std::move(reason)); };
    if (s.parallelAxis && conv("parallel") == "miss") {
        // a declared convention; the published listing whose flaw it is names it as its known flaw.
        // It rejects the ray before any t is compared: it alone decides, and no other convention
        // (an exclusive boundary's strict t0 < t1, say) is reached
        add(info.flaw.empty() ? Explanation::Convention : Explanation::KnownFlaw,
            "a direction component is zero, and " + name +
                " misses every such ray before any t is compared (parallel: miss)" +
                (info.flaw.empty() ? "" : ": " + std::string(info.flaw)));
        return;
    }
    if (s.originInside && conv("origin_inside") == "miss") {
        add(Explanation::Convention,
            "the origin is inside the solid, and " + name + " counts an origin inside as a miss (origin_inside: miss)");
    }
    if (s.boundaryOnly && conv("boundary") == "outside") {
        add(Explanation::Convention, "the point lies on the solid's boundary, and " + name +
                                         " counts the boundary as outside (boundary: outside)");
    }
    if (s.boundaryOnly && conv("boundary") == "exclusive") {
        add(Explanation::Convention,
            "the ray only touches the solid's boundary, and " + name + " excludes the boundary (boundary: exclusive)");
    }
    if (s.boundaryOnly && conv("touching") == "separate") {
        add(Explanation::Convention,
            "the solids only touch, and " + name + " counts touching as separate (touching: separate)");
    }
    if (ref.tExit == 0.0 && IsCast(q.family) && conv("t_range") == "t > 0") {
        add(Explanation::Convention, "the only hit is at t = 0, which " + name + " excludes (t_range: t > 0)");
    }
    if (s.backFacing && conv("facing") == "front only") {
        add(Explanation::Convention,
            "the plane faces away from the ray, and " + name + " accepts only planes facing it (facing: front only)");
    }
    if (conv("t_range") == "t <= max distance" && ref.tEnter > ParsedConvention(info, "max_distance", INFINITY)) {
        add(Explanation::Convention,
            "the hit lies beyond " + name + "'s maximum distance (t_range: t <= max distance)");
    }
}

/// Declared conventions (and the expanded-box flaw, in the corner and edge regions) that predict a
/// hit where the reference misses.
void HitConventions(const FlawContext& context, const AlgorithmInfo& info, const std::string& name, Causes& found)
{
    const Situation& s = context.situation;
    auto conv = [&](std::string_view key) { return info.ConventionValue(key); };
    auto add = [&](Explanation e, std::string reason) { found.emplace_back(e, std::move(reason)); };
    if (conv("boundary") == "conservative") {
        add(Explanation::Convention,
            name + " is conservative near the boundary and reports this near miss as a hit (boundary: conservative)");
    }
    if (s.behind && conv("t_range") == "any t") {
        add(Explanation::Convention,
            "the solid lies behind the ray, and " + name + " does not check that (t_range: any t)");
    }
    if (conv("corners") == "expanded box" && FlawConditionHolds(FlawCondition{FlawWord::CornerRegion}, context)) {
        add(info.flaw.empty() ? Explanation::Convention : Explanation::KnownFlaw,
            name +
                " tests the centre against the box grown by the radius, whose corner and edge regions lie "
                "outside the true rounded region (corners: expanded box)" +
                (info.flaw.empty() ? "" : ": " + std::string(info.flaw)));
    }
}

/// Why rounding decides a verdict that differs from the reference's, or "" when it cannot
/// (docs/protocol.md, "When rounding explains a difference"): never on the exact boundary with
/// inputs exact in the precision; else when the algorithm gives the exact verdict in double (its
/// float arithmetic decided), or when the exact verdict flips within kBoundaryUlps of the query's
/// scale.
std::string VerdictRounding(const Query& q, Precision precision, const Situation& s, const AlgorithmInfo& info,
                            const ExactValues* exact)
{
    // an algorithm that computes in float (its precision convention) resolves what float does
    Precision arithmetic = detail::ArithmeticPrecision(info, precision);
    const bool known = exact != nullptr && exact->boundaryKnown && arithmetic == precision;
    const bool inputsExact = InputsExactIn(q, arithmetic);
    if ((known ? exact->onBoundary : s.boundaryOnly) && inputsExact) {
        return "";
    }
    const AlgorithmInfo& ref = ReferenceAlgorithm(q.family);
    const auto refDouble = [&](const Query& m) { return Run(ref, m, Precision::Double).hit; };
    bool near = false;
    if (precision == Precision::Float && info.run.one != nullptr) {
        // an algorithm HitLab runs: run in double, it shows whether float rounding decided
        if (Run(info, q, Precision::Double).hit == (exact != nullptr ? exact->hit : refDouble(q))) {
            return std::string(info.name) +
                   " gives the exact verdict in double: float rounding in its arithmetic decides this case";
        }
        // wrong in double too: only a margin below double's resolution excuses that
        arithmetic = Precision::Double;
        near = VerdictFlipsNear(q, NearBoundaryRelative(Precision::Double), refDouble);
    } else {
        near = known ? exact->nearBoundary : VerdictFlipsNear(q, NearBoundaryRelative(arithmetic), refDouble);
    }
    if (!near) {
        return "";
    }
    const std::string within = ShortNumber(kBoundaryUlps, 9) + " ulps (" +
                               (arithmetic == Precision::Float ? "float" : "double") + ") of the query's scale";
    return inputsExact ? "the exact answer lies within " + within +
                             " of the hit/miss boundary, closer than the arithmetic resolves: rounding"
                       : "the inputs are not exact in float, and the exact answer lies within " + within +
                             " of the hit/miss boundary: rounding the inputs can decide it";
}

/// Fills outcome.explanation and .reason for an algorithm whose verdict differs from the reference.
void ExplainOne(const FlawContext& context, const ExactValues* exact, AlgorithmOutcome& out)
{
    const Query& q = context.query;
    const Situation& s = context.situation;
    const Result& ref = context.reference;
    const AlgorithmInfo& info = *out.info;
    const std::string name(info.name);
    auto conv = [&](std::string_view key) { return info.ConventionValue(key); };
    // Every declared convention and documented flaw that predicts this difference; the first
    // convention found names the category, and every reason is given.
    Causes found;
    auto add = [&](Explanation e, std::string reason) { found.emplace_back(e, std::move(reason)); };
    const bool xHit = out.result.hit;

    if (!xHit && ref.hit) {
        MissConventions(q, s, ref, info, name, found);
    }
    if (xHit != ref.hit && !s.unitDirection && conv("direction") == "unit" && IsCast(q.family)) {
        // a length other than 1 scales what the algorithm takes for distances: either verdict
        add(Explanation::Convention,
            "the direction is not unit length, and " + name + " requires a unit direction (direction: unit)");
    }
    if (xHit && !ref.hit) {
        HitConventions(context, info, name, found);
    }
    if (!found.empty()) {
        out.explanation = found.front().first;
        for (const auto& [e, reason] : found) {
            if (e == Explanation::Convention) {
                out.explanation = Explanation::Convention;
            }
            out.reason += (out.reason.empty() ? "" : "; also, ") + reason;
        }
        return;
    }
    if (std::string why = VerdictRounding(q, context.precision, s, info, exact); !why.empty()) {
        out.explanation = Explanation::Rounding;
        out.reason = std::move(why);
        return;
    }
    detail::FlawOrUnexplained(context, info, name, out.explanation, out.reason);
}

} // namespace

namespace detail {

Precision ArithmeticPrecision(const AlgorithmInfo& info, Precision precision)
{
    return info.ConventionValue("precision").substr(0, 5) == "float" ? Precision::Float : precision;
}

void FlawOrUnexplained(const FlawContext& context, const AlgorithmInfo& info, const std::string& name,
                       Explanation& explanation, std::string& reason)
{
    if (const std::string_view when = HoldingFlawCondition(info, context); !when.empty()) {
        explanation = Explanation::KnownFlaw;
        reason = "not explained by " + name + "'s conventions; its known flaw applies here (" + std::string(when) +
                 "): " + std::string(info.flaw);
        return;
    }
    explanation = Explanation::Unexplained;
    reason = info.flaw.empty()
                 ? "not explained by " + name + "'s declared conventions or by rounding"
                 : "unexplained (outside its known flaws): not explained by " + name +
                       "'s declared conventions, by rounding, or by its known flaw, whose condition (" +
                       (info.flawWhen.empty() ? std::string("none declared") : FlawWhenText(info.flawWhen)) +
                       ") does not hold here";
}

} // namespace detail

const char* ExplanationName(Explanation explanation)
{
    switch (explanation) {
    case Explanation::None:
        return "none";
    case Explanation::Convention:
        return "convention";
    case Explanation::KnownFlaw:
        return "known_flaw";
    case Explanation::Rounding:
        return "rounding";
    case Explanation::Unexplained:
        return "unexplained";
    }
    return "none";
}

namespace {

/// Whether two results are bit for bit the same in every compared value (the common case: no
/// tolerance, no floor needed).
bool SameValues(const Result& x, const Result& y)
{
    return x.tEnter == y.tEnter && x.tExit == y.tExit && x.point == y.point && x.hasNormal == y.hasNormal &&
           x.normal == y.normal && x.depth == y.depth && x.hasDistance == y.hasDistance && x.distance == y.distance;
}

/// The sentence saying where the reference is off the exact answer (fields: Field bits).
std::string ReferenceNote(Precision precision, const ValueScale& scale, const Result& ref, const ExactValues& exact,
                          std::uint32_t fields)
{
    if ((fields & kFieldHit) != 0) {
        return std::string("the reference says ") + (ref.hit ? "hit" : "miss") + " where the exact judge says " +
               (exact.hit ? "hit" : "miss") + "; the algorithms that agree with the judge are not blamed";
    }
    std::string note;
    for (const std::uint32_t field : {kFieldTEnter, kFieldTExit, kFieldDepth, kFieldDistance}) {
        const double* e = detail::ExactField(&exact, field);
        if ((fields & field) == 0 || e == nullptr) {
            continue;
        }
        const double r = detail::ScalarField(ref, field);
        const double eps = precision == Precision::Float ? 0x1p-23 : 0x1p-52;
        const double ulps = std::abs(r - *e) / (eps * std::max(std::abs(*e), detail::FieldFloor(scale, field)));
        note += (note.empty() ? "the reference's " : ", its ") + FieldListText(field) + " " + ShortNumber(r + 0.0, 9) +
                " is " + ShortNumber(ulps + 0.0, 9) + " ulps from the exact value " + ShortNumber(*e + 0.0, 9);
    }
    if ((fields & (kFieldPoint | kFieldNormal)) != 0) {
        note += (note.empty() ? "the reference's " : ", and its ") + std::string("point and normal at that t_enter");
    }
    return note + "; the algorithms within " + ShortNumber(kValueUlps + 0.0, 9) +
           " ulps of the exact values are not blamed";
}

} // namespace

bool ExplainIdentical(Comparison& c, const AlgorithmInfo& refInfo)
{
    const auto ran = std::find_if(c.outcomes.begin(), c.outcomes.end(),
                                  [&](const AlgorithmOutcome& o) { return o.info == &refInfo; });
    if (ran == c.outcomes.end()) {
        return false;
    }
    const Result& ref = ran->result;
    for (const AlgorithmOutcome& out : c.outcomes) {
        if (out.result.hit != ref.hit || (ref.hit && !SameValues(out.result, ref))) {
            return false;
        }
    }
    c.reference = ref;
    c.situation = Situation{};
    c.referenceNote.clear();
    c.allExplained = true;
    c.agree = true;
    c.groups.resize(1);
    c.groups[0].hit = ref.hit;
    c.groups[0].members.clear();
    for (size_t i = 0; i < c.outcomes.size(); ++i) {
        AlgorithmOutcome& out = c.outcomes[i];
        c.groups[0].members.push_back(static_cast<int>(i));
        out.group = 0;
        out.differs = 0;
        out.explanation = Explanation::None;
        out.reason.clear();
    }
    return true;
}

void Explain(const Query& query, Precision precision, Comparison& c, const ExactValues* exact)
{
    const AlgorithmInfo& refInfo = ReferenceAlgorithm(query.family);
    // the reference's result: already among the outcomes when it ran (the same deterministic run)
    const auto ran = std::find_if(c.outcomes.begin(), c.outcomes.end(),
                                  [&](const AlgorithmOutcome& o) { return o.info == &refInfo; });
    c.reference = ran != c.outcomes.end() ? ran->result : Run(refInfo, query, precision);
    c.situation = Situation{};
    c.referenceNote.clear();
    c.allExplained = true;
    // the tolerance's floors, computed once and only when two hits differ in some bit
    std::optional<ValueScale> lazyScale;
    auto scaleOf = [&]() -> const ValueScale& {
        if (!lazyScale) {
            lazyScale = QueryValueScale(query);
        }
        return *lazyScale;
    };
    // group by verdict, in order of first appearance, reusing the groups' storage
    size_t used = 0;
    bool anyDiffers = false;
    for (size_t i = 0; i < c.outcomes.size(); ++i) {
        AlgorithmOutcome& out = c.outcomes[i];
        size_t g = 0;
        while (g < used && c.groups[g].hit != out.result.hit) {
            ++g;
        }
        if (g == used) {
            if (used == c.groups.size()) {
                c.groups.emplace_back();
            }
            c.groups[used].hit = out.result.hit;
            c.groups[used].members.clear();
            ++used;
        }
        c.groups[g].members.push_back(static_cast<int>(i));
        out.group = static_cast<int>(g);
        out.explanation = Explanation::None;
        out.reason.clear();
        out.differs = out.result.hit != c.reference.hit ? std::uint32_t(kFieldHit)
                      : !out.result.hit || SameValues(out.result, c.reference)
                          ? 0u
                          : ValueDifferences(query, precision, scaleOf(), out.result, out.info->returns, c.reference,
                                             refInfo.returns);
        anyDiffers = anyDiffers || out.differs != 0;
    }
    c.groups.resize(used);
    if (ran != c.outcomes.end() || c.outcomes.empty()) {
        c.agree = !anyDiffers;
    } else { // the reference did not run: the algorithms that did agree among themselves
        const AlgorithmOutcome& first = c.outcomes.front();
        c.agree = used <= 1 && std::all_of(c.outcomes.begin(), c.outcomes.end(), [&](const AlgorithmOutcome& o) {
                      return SameValues(o.result, first.result) ||
                             ValueDifferences(query, precision, scaleOf(), o.result, o.info->returns, first.result,
                                              first.info->returns) == 0;
                  });
    }
    if (!anyDiffers) {
        return;
    }
    c.situation = ComputeSituation(query, c.reference, precision);
    std::uint32_t referenceOff = 0; // fields where the exact values show the reference off
    for (AlgorithmOutcome& out : c.outcomes) {
        if (out.differs == kFieldHit) {
            if (exact != nullptr && out.result.hit == exact->hit) {
                referenceOff |= kFieldHit; // the algorithm is right, the reference is not
                continue;
            }
            ExplainOne(FlawContext{query, precision, c.situation, c.reference}, exact, out);
        } else if (out.differs != 0) {
            referenceOff |= detail::ExplainValues(query, precision, c.situation, scaleOf(), c.reference, exact, out);
        }
        c.allExplained =
            c.allExplained && (out.explanation == Explanation::None || out.explanation == Explanation::Convention ||
                               out.explanation == Explanation::KnownFlaw);
    }
    if (referenceOff != 0 && exact != nullptr) {
        c.referenceNote = ReferenceNote(precision, scaleOf(), c.reference, *exact, referenceOff);
    }
}

Comparison Compare(const Query& query, std::span<const AlgorithmInfo* const> algorithms, Precision precision,
                   const ExactValues* exact)
{
    Comparison c;
    std::vector<const AlgorithmInfo*> list(algorithms.begin(), algorithms.end());
    if (list.empty()) {
        list = AlgorithmsOf(query.family);
    }
    c.outcomes.reserve(list.size());
    for (const AlgorithmInfo* info : list) {
        AlgorithmOutcome out;
        out.info = info;
        out.result = Run(*info, query, precision);
        c.outcomes.push_back(std::move(out));
    }
    Explain(query, precision, c, exact);
    return c;
}

} // namespace hitlab
