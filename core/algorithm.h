// The algorithm registry: every algorithm of every family with the protocol's metadata
// and a type-erased runner, so the CLI, the comparison, the scene and the panels can run
// any algorithm on any query by name.
#pragma once

#include "result.h"
#include "shapes.h"
#include "trace.h"

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace hitlab {

enum class Family { RayAabb, SegmentAabb, RayPlane, RaySphere, RayObb, AabbAabb, SphereAabb, SphereSphere, ObbObb };
inline constexpr int kFamilyCount = 9;

enum class Precision { Float, Double };

/// Protocol name of a family ("ray_aabb").
std::string_view FamilyName(Family family);
/// Family from its protocol name; nullopt when unknown.
std::optional<Family> FamilyFromName(std::string_view name);
/// All families, in protocol order.
std::span<const Family> AllFamilies();
/// Ray casts report t; overlaps report depth.
bool IsCast(Family family);
/// Protocol type names of the family's a and b shapes ("ray", "aabb").
std::string_view FamilyShapeA(Family family);
std::string_view FamilyShapeB(Family family);

/// One query: a family and its two shapes (of the family's types), in double.
struct Query {
    Family family = Family::RayAabb;
    Shape a;
    Shape b;
};

/// A declared convention: key ("origin_inside", "boundary", "touching", ...) and value ("hit", "inclusive", ...).
struct Convention {
    std::string_view key;
    std::string_view value;
};

/// Runs an algorithm on a query in a precision; trace may be null. The query's shapes must be
/// of the family's types (checked by the caller: Registry::Run checks it).
using RunFn = Result (*)(const Query& query, Precision precision, Trace* trace);

/// An algorithm and its metadata (the protocol's `hitlab algorithms --json` object).
struct AlgorithmInfo {
    std::string_view name;    ///< short and stable: scenes and scripts use it
    Family family;
    std::string_view title;
    std::string_view summary; ///< one or two sentences
    std::string_view source;  ///< the paper, book or code it follows
    bool reference = false;   ///< the family's one reference algorithm
    bool published = false;   ///< reproduces a published listing, flaws included
    std::vector<Convention> conventions;
    std::uint32_t returns = kFieldHit; ///< Field bits
    std::string_view flaw;    ///< published variants: the known flaw, in one sentence ("" when none)
    RunFn run = nullptr;

    /// The value of a convention, or "" when not declared.
    std::string_view ConventionValue(std::string_view key) const;
};

/// All algorithms, grouped by family in protocol order, each family's reference first.
std::span<const AlgorithmInfo> Algorithms();
/// The algorithms of one family.
std::vector<const AlgorithmInfo*> AlgorithmsOf(Family family);
/// An algorithm by family and name; null when unknown.
const AlgorithmInfo* FindAlgorithm(Family family, std::string_view name);
/// The family's reference algorithm (never null).
const AlgorithmInfo& ReferenceAlgorithm(Family family);
/// Whether the query's shapes have the family's types.
bool QueryShapesMatch(const Query& query);

/// Runs info on query. Precondition: QueryShapesMatch(query) and info.family == query.family.
Result Run(const AlgorithmInfo& info, const Query& query, Precision precision, Trace* trace = nullptr);

// ---- building runners (used by the family registration files) ----

/// Makes a RunFn from a captureless generic lambda `[](const auto& a, const auto& b, Trace* t) { return F(a, b, t); }`
/// that is instantiated for float and double. A and B are the family's shape templates.
template <template <class> class A, template <class> class B, typename Fn>
constexpr RunFn MakeRun(Fn)
{
    return [](const Query& query, Precision precision, Trace* trace) -> Result {
        const auto& a = std::get<A<double>>(query.a);
        const auto& b = std::get<B<double>>(query.b);
        if (precision == Precision::Float) {
            return Widen(Fn{}(ShapeCast<float>(a), ShapeCast<float>(b), trace));
        }
        return Widen(Fn{}(a, b, trace));
    };
}

/// Each family's file appends its algorithms (reference first).
void RegisterRayAabb(std::vector<AlgorithmInfo>& out);
void RegisterSegmentAabb(std::vector<AlgorithmInfo>& out);
void RegisterRayPlane(std::vector<AlgorithmInfo>& out);
void RegisterRaySphere(std::vector<AlgorithmInfo>& out);
void RegisterRayObb(std::vector<AlgorithmInfo>& out);
void RegisterAabbAabb(std::vector<AlgorithmInfo>& out);
void RegisterSphereAabb(std::vector<AlgorithmInfo>& out);
void RegisterSphereSphere(std::vector<AlgorithmInfo>& out);
void RegisterObbObb(std::vector<AlgorithmInfo>& out);

} // namespace hitlab
