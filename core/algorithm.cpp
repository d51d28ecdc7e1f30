// The registry: families, their names, and the list of every algorithm.
#include "algorithm.h"

#include <algorithm>

#include <array>
#include <cstdio>
#include <cstdlib>

namespace hitlab {

namespace {

struct FamilyEntry {
    Family family;
    std::string_view name, a, b;
    bool cast;
};

constexpr std::array<FamilyEntry, kFamilyCount> kFamilies{{
    {Family::RayAabb, "ray_aabb", "ray", "aabb", true},
    {Family::SegmentAabb, "segment_aabb", "segment", "aabb", true},
    {Family::RayPlane, "ray_plane", "ray", "plane", true},
    {Family::RaySphere, "ray_sphere", "ray", "sphere", true},
    {Family::RayObb, "ray_obb", "ray", "obb", true},
    {Family::AabbAabb, "aabb_aabb", "aabb", "aabb", false},
    {Family::SphereAabb, "sphere_aabb", "sphere", "aabb", false},
    {Family::SphereSphere, "sphere_sphere", "sphere", "sphere", false},
    {Family::ObbObb, "obb_obb", "obb", "obb", false},
    {Family::PointAabb, "point_aabb", "point", "aabb", false},
    {Family::PointSphere, "point_sphere", "point", "sphere", false},
    {Family::PointObb, "point_obb", "point", "obb", false},
    {Family::RayTriangle, "ray_triangle", "ray", "triangle", true},
    {Family::SegmentTriangle, "segment_triangle", "segment", "triangle", true},
    {Family::RayMesh, "ray_mesh", "ray", "mesh", true},
    {Family::AabbTriangle, "aabb_triangle", "aabb", "triangle", false},
    {Family::SphereTriangle, "sphere_triangle", "sphere", "triangle", false},
    {Family::TriangleTriangle, "triangle_triangle", "triangle", "triangle", false},
}};

constexpr std::array<Family, kFamilyCount> kFamilyList{
    Family::RayAabb,      Family::SegmentAabb,    Family::RayPlane,        Family::RaySphere,       Family::RayObb,
    Family::AabbAabb,     Family::SphereAabb,     Family::SphereSphere,    Family::ObbObb,          Family::PointAabb,
    Family::PointSphere,  Family::PointObb,       Family::RayTriangle,     Family::SegmentTriangle, Family::RayMesh,
    Family::AabbTriangle, Family::SphereTriangle, Family::TriangleTriangle};

// Both tables list every family in enum order (a missing entry would be zero-filled: RayAabb).
static_assert(
    [] {
        for (size_t i = 0; i < kFamilies.size(); ++i) {
            if (kFamilies[i].family != static_cast<Family>(i) || kFamilyList[i] != static_cast<Family>(i) ||
                kFamilies[i].name.empty()) {
                return false;
            }
        }
        return true;
    }(),
    "kFamilies and kFamilyList list every Family once, in enum order");

const FamilyEntry& Entry(Family family) { return kFamilies[static_cast<size_t>(family)]; }

std::vector<AlgorithmInfo> BuildRegistry()
{
    std::vector<AlgorithmInfo> all;
    RegisterRayAabb(all);
    RegisterSegmentAabb(all);
    RegisterRayPlane(all);
    RegisterRaySphere(all);
    RegisterRayObb(all);
    RegisterAabbAabb(all);
    RegisterSphereAabb(all);
    RegisterSphereSphere(all);
    RegisterObbObb(all);
    RegisterPointSolid(all);
    RegisterRayTriangle(all);
    RegisterSegmentTriangle(all);
    RegisterRayMesh(all);
    RegisterAabbTriangle(all);
    RegisterSphereTriangle(all);
    RegisterTriangleTriangle(all);
    // GJK, EPA, MPR and the GJK ray cast on several families: grouped with each family's own
    RegisterGjk(all);
    std::stable_sort(all.begin(), all.end(),
                     [](const AlgorithmInfo& x, const AlgorithmInfo& y) { return x.family < y.family; });
    // Exactly one reference per family that has algorithms: a registration bug, caught at first use.
    for (Family family : kFamilyList) {
        int references = 0;
        int count = 0;
        for (const AlgorithmInfo& info : all) {
            references += (info.family == family && info.reference) ? 1 : 0;
            count += info.family == family ? 1 : 0;
        }
        if (count > 0 && references != 1) {
            std::fprintf(stderr, "hitlab: internal error: family %s has %d reference algorithms\n",
                         Entry(family).name.data(), references);
            std::abort();
        }
    }
    return all;
}

} // namespace

std::string_view FamilyName(Family family) { return Entry(family).name; }

std::optional<Family> FamilyFromName(std::string_view name)
{
    for (const FamilyEntry& entry : kFamilies) {
        if (entry.name == name) {
            return entry.family;
        }
    }
    return std::nullopt;
}

std::span<const Family> AllFamilies() { return kFamilyList; }

std::uint32_t FamilyFields(Family family)
{
    switch (family) {
    case Family::RayTriangle:
    case Family::SegmentTriangle:
        return kCastFields | kTriangleCastFields;
    case Family::RayMesh:
        return kCastFields | kMeshCastFields;
    case Family::RayAabb:
    case Family::SegmentAabb:
    case Family::RayPlane:
    case Family::RaySphere:
    case Family::RayObb:
        return kCastFields;
    case Family::PointAabb:
    case Family::PointSphere:
    case Family::PointObb:
        return kOverlapFields | kFieldSeparatingAxis;
    case Family::AabbAabb:
    case Family::SphereAabb:
    case Family::SphereSphere:
    case Family::ObbObb:
    case Family::AabbTriangle:
    case Family::SphereTriangle:
    case Family::TriangleTriangle:
        return kOverlapFields | kFieldSeparatingAxis | kDistanceFields;
    }
    return kFieldHit;
}
bool IsCast(Family family) { return Entry(family).cast; }
std::string_view FamilyShapeA(Family family) { return Entry(family).a; }
std::string_view FamilyShapeB(Family family) { return Entry(family).b; }

std::string_view AlgorithmInfo::ConventionValue(std::string_view key) const
{
    for (const Convention& c : conventions) {
        if (c.key == key) {
            return c.value;
        }
    }
    return {};
}

std::span<const AlgorithmInfo> Algorithms()
{
    static const std::vector<AlgorithmInfo> registry = BuildRegistry();
    return registry;
}

std::vector<const AlgorithmInfo*> AlgorithmsOf(Family family)
{
    std::vector<const AlgorithmInfo*> out;
    for (const AlgorithmInfo& info : Algorithms()) {
        if (info.family == family) {
            out.push_back(&info);
        }
    }
    return out;
}

const AlgorithmInfo* FindAlgorithm(Family family, std::string_view name)
{
    for (const AlgorithmInfo& info : Algorithms()) {
        if (info.family == family && info.name == name) {
            return &info;
        }
    }
    return nullptr;
}

const AlgorithmInfo& ReferenceAlgorithm(Family family)
{
    for (const AlgorithmInfo& info : Algorithms()) {
        if (info.family == family && info.reference) {
            return info;
        }
    }
    std::abort(); // BuildRegistry guarantees one
}

bool QueryShapesMatch(const Query& query)
{
    return ShapeTypeName(query.a) == FamilyShapeA(query.family) && ShapeTypeName(query.b) == FamilyShapeB(query.family);
}

Result Run(const AlgorithmInfo& info, const Query& query, Precision precision, Trace* trace)
{
    if (trace != nullptr) {
        trace->Clear();
    }
    return info.run(query, precision, trace);
}

void RunBatch(const AlgorithmInfo& info, const QueryBatch& batch, Precision precision, BatchResults out)
{
    const size_t size = precision == Precision::Float ? out.floats.size() : out.doubles.size();
    if (size != batch.pairs.size()) { // a caller's bug: writing past out would corrupt memory
        std::fprintf(stderr, "hitlab: internal error: a batch of %zu queries given %zu results\n", batch.pairs.size(),
                     size);
        std::abort();
    }
    info.run.batch(batch, precision, out);
}

FloatShape ToFloat(const Shape& shape)
{
    return std::visit([](const auto& s) -> FloatShape { return ShapeCast<float>(s); }, shape);
}

} // namespace hitlab
