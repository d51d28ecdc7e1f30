// A scene's queries, counted, then listed with the pairs of solids culled by a sort-and-sweep.
#include "pair_cull.h"

#include <glm/common.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <variant>

namespace hitlab {

namespace {

/// The family of a pair of shape types (variant indices), and whether the second is the family's a.
struct TypePair {
    std::optional<Family> family;
    bool swapped = false;
};
using TypeTable = std::array<std::array<TypePair, kShapeTypes>, kShapeTypes>;

TypeTable MakeTypeTable()
{
    TypeTable table{};
    for (size_t a = 0; a < kShapeTypes; ++a) {
        for (size_t b = 0; b < kShapeTypes; ++b) {
            table[a][b].family =
                FamilyForTypes(ShapeKindName(kShapeKinds[a]), ShapeKindName(kShapeKinds[b]), &table[a][b].swapped);
        }
    }
    return table;
}

const TypeTable& Types()
{
    static const TypeTable table = MakeTypeTable();
    return table;
}

/// A listed pair by shape index (i < j), sorted into Scene::Queries() order at the end.
struct IndexPair {
    std::uint32_t i, j;
    friend bool operator<(const IndexPair& x, const IndexPair& y) { return x.i != y.i ? x.i < y.i : x.j < y.j; }
};

/// One solid in the sweep: its shape index and grown bounds.
struct SweepBox {
    glm::dvec3 min, max;
    std::uint32_t index;
};

/// The axis along which the solids' centres spread most relative to their sizes (fewest overlaps
/// along it, so the sweep visits fewest pairs).
int SweepAxis(const std::vector<SweepBox>& boxes)
{
    glm::dvec3 lo(INFINITY), hi(-INFINITY), size(0);
    for (const SweepBox& b : boxes) {
        const glm::dvec3 centre = (b.min + b.max) * 0.5;
        lo = glm::min(lo, centre);
        hi = glm::max(hi, centre);
        size += b.max - b.min;
    }
    const glm::dvec3 spread = (hi - lo) / (size / double(std::max<size_t>(boxes.size(), 1)) + 1e-300);
    return spread.x >= spread.y && spread.x >= spread.z ? 0 : spread.y >= spread.z ? 1 : 2;
}

} // namespace

bool SolidBounds(const Shape& shape, glm::dvec3& min, glm::dvec3& max)
{
    double obbGrowth = 0;
    switch (KindOf(shape)) {
    case ShapeKind::Aabb: {
        const auto& box = std::get<Aabb<double>>(shape);
        min = box.min;
        max = box.max;
        break;
    }
    case ShapeKind::Sphere: {
        const auto& sphere = std::get<Sphere<double>>(shape);
        min = sphere.center - sphere.radius;
        max = sphere.center + sphere.radius;
        break;
    }
    case ShapeKind::Obb: {
        const auto& obb = std::get<Obb<double>>(shape);
        const glm::dvec3 r = ObbAxisHalfWidths(obb);
        min = obb.center - r;
        max = obb.center + r;
        obbGrowth = kBoundsObbMargin * std::max({r.x, r.y, r.z});
        break;
    }
    case ShapeKind::Point:
        min = std::get<Point<double>>(shape).position;
        max = min;
        break;
    case ShapeKind::Triangle: {
        const auto& v = std::get<Triangle<double>>(shape).vertices;
        min = glm::min(v[0], glm::min(v[1], v[2]));
        max = glm::max(v[0], glm::max(v[1], v[2]));
        break;
    }
    case ShapeKind::Mesh: {
        const auto& mesh = std::get<Mesh<double>>(shape);
        if (mesh.TriangleCount() == 0) {
            return false;
        }
        min = mesh.data->boundsMin;
        max = mesh.data->boundsMax;
        break;
    }
    case ShapeKind::Convex: {
        const auto& convex = std::get<Convex<double>>(shape);
        if (convex.PointCount() == 0) {
            return false;
        }
        min = convex.data->boundsMin;
        max = convex.data->boundsMax;
        break;
    }
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
        return false;
    }
    const glm::dvec3 magnitude = glm::max(glm::abs(min), glm::abs(max));
    const double margin =
        kBoundsRoundingMargin * std::max({magnitude.x, magnitude.y, magnitude.z}) + obbGrowth + 1e-300;
    min -= margin;
    max += margin;
    return true;
}

namespace {

/// What the steps of ListQueries share: the scene's shapes, by type, and the pairs listed so far.
struct Listing {
    const Scene& scene;
    const std::vector<SceneShape>& shapes = scene.Shapes();
    const TypeTable& table = Types();
    const bool solids = scene.SolidPairsEnabled();
    const bool anyDisabled = !scene.DisabledPairs().empty();
    std::array<std::vector<std::uint32_t>, kShapeTypes> ofType{}; // shape indices by type, ascending
    std::vector<IndexPair> pairs;

    explicit Listing(const Scene& s) : scene(s)
    {
        for (size_t i = 0; i < shapes.size(); ++i) {
            ofType[KindIndex(shapes[i].shape)].push_back(static_cast<std::uint32_t>(i));
        }
    }
    /// Whether a pair of these types is a query: a family, and a cast unless solid pairs are on.
    bool Counted(const TypePair& p) const { return p.family && (solids || IsCast(*p.family)); }
    bool Counted(size_t typeA, size_t typeB) const { return Counted(table[typeA][typeB]); }
    /// Lists the pair of shapes i and j (in either order) unless the scene disables it.
    void Add(std::uint32_t i, std::uint32_t j)
    {
        if (i > j) {
            std::swap(i, j);
        }
        if (!anyDisabled || scene.IsPairEnabled(shapes[i].id, shapes[j].id)) {
            pairs.push_back({i, j});
        }
    }
};

/// Counts the casts and solid pairs: by type, then less the disabled pairs that would have been queries.
void CountQueries(const Listing& l, QueryList& list)
{
    for (size_t a = 0; a < kShapeTypes; ++a) {
        for (size_t b = a; b < kShapeTypes; ++b) {
            if (!l.Counted(a, b)) {
                continue;
            }
            const std::uint64_t na = l.ofType[a].size(), nb = l.ofType[b].size();
            (IsCast(*l.table[a][b].family) ? list.casts : list.solidPairs) +=
                a == b ? na * (na - (na > 0)) / 2 : na * nb;
        }
    }
    for (const PairKey& key : l.scene.DisabledPairs()) {
        const SceneShape* x = l.scene.Find(key.lo);
        const SceneShape* y = l.scene.Find(key.hi);
        if (key.lo != key.hi && x != nullptr && y != nullptr && l.Counted(KindIndex(x->shape), KindIndex(y->shape))) {
            --(IsCast(*l.table[KindIndex(x->shape)][KindIndex(y->shape)].family) ? list.casts : list.solidPairs);
        }
    }
}

/// Lists every pair of shapes of every counted pair of types: the casts, and the solids unless culled.
void AddAllPairs(Listing& l, bool cull)
{
    for (size_t a = 0; a < kShapeTypes; ++a) {
        for (size_t b = a; b < kShapeTypes; ++b) {
            if (!l.Counted(a, b) || (cull && !IsCast(*l.table[a][b].family))) {
                continue;
            }
            for (size_t x = 0; x < l.ofType[a].size(); ++x) {
                for (size_t y = a == b ? x + 1 : 0; y < l.ofType[b].size(); ++y) {
                    l.Add(l.ofType[a][x], l.ofType[b][y]);
                }
            }
        }
    }
}

/// Lists the solid pairs whose grown bounds overlap, by sort-and-sweep: along one axis, each solid
/// meets the ones that start before it ends. Stops once more than room are kept; returns how many were.
std::uint64_t AddOverlappingSolids(Listing& l, std::uint64_t room)
{
    std::vector<SweepBox> boxes;
    for (size_t i = 0; i < l.shapes.size(); ++i) {
        SweepBox box{};
        box.index = static_cast<std::uint32_t>(i);
        if (SolidBounds(l.shapes[i].shape, box.min, box.max)) {
            boxes.push_back(box);
        }
    }
    const int axis = SweepAxis(boxes);
    std::sort(boxes.begin(), boxes.end(),
              [axis](const SweepBox& x, const SweepBox& y) { return x.min[axis] < y.min[axis]; });
    std::uint64_t kept = 0;
    for (size_t k = 0; k < boxes.size() && kept <= room; ++k) {
        const SweepBox& p = boxes[k];
        const size_t typeP = KindIndex(l.shapes[p.index].shape);
        for (size_t m = k + 1; m < boxes.size() && boxes[m].min[axis] <= p.max[axis] && kept <= room; ++m) {
            const SweepBox& q = boxes[m];
            if (!l.Counted(typeP, KindIndex(l.shapes[q.index].shape)) || q.min.x > p.max.x || p.min.x > q.max.x ||
                q.min.y > p.max.y || p.min.y > q.max.y || q.min.z > p.max.z || p.min.z > q.max.z) {
                continue;
            }
            const size_t before = l.pairs.size();
            l.Add(p.index, q.index);
            kept += l.pairs.size() - before;
        }
    }
    return kept;
}

/// The listed pairs as queries in Scene::Queries() order, each with its family's a first.
std::vector<SceneQuery> SortedQueries(Listing& l)
{
    std::sort(l.pairs.begin(), l.pairs.end());
    std::vector<SceneQuery> queries;
    queries.reserve(l.pairs.size());
    for (const IndexPair& p : l.pairs) {
        const SceneShape& first = l.shapes[p.i];
        const SceneShape& second = l.shapes[p.j];
        const TypePair& type = l.table[KindIndex(first.shape)][KindIndex(second.shape)];
        queries.push_back(type.swapped ? SceneQuery{*type.family, second.id, first.id}
                                       : SceneQuery{*type.family, first.id, second.id});
    }
    return queries;
}

} // namespace

QueryList ListQueries(const Scene& scene, const QueryListOptions& options)
{
    Listing listing(scene);
    QueryList list;
    CountQueries(listing, list);
    const bool cull = options.cullSolidPairs && listing.solids;
    list.culled = cull;
    if (list.casts + (cull ? 0 : list.solidPairs) > options.limit) {
        list.overLimit = true;
        return list;
    }
    AddAllPairs(listing, cull);
    if (cull) {
        const std::uint64_t room = options.limit - list.casts;
        const std::uint64_t kept = AddOverlappingSolids(listing, room);
        if (kept > room) {
            list.overLimit = true;
            list.solidPairsApart = list.solidPairs - std::min(list.solidPairs, kept);
            return list;
        }
        list.solidPairsApart = list.solidPairs - kept;
    }
    list.queries = SortedQueries(listing);
    return list;
}

} // namespace hitlab
