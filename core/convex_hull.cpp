// The convex hull: the points sorted lexicographically and deduplicated, so that each point added
// to the hull is strictly outside the hull of the points before it (the lexicographically largest
// point of a set is one of its vertices). The first points that span a plane give a polygon (a
// monotone chain), the first point off that plane a pyramid over it, and every later point
// replaces the faces it sees or lies in the plane of (orient3d >= 0) by a cone from the horizon.
// Removing the coplanar faces too keeps every vertex extreme and every new triangle non-degenerate:
// a horizon edge borders a face the point lies strictly below, so the point is not on its line.
#include "convex_hull.h"

#include "convex.h"
#include "triangle_exact.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace hitlab {
namespace detail::hull {

using tx::Orient2d;
using tx::Orient3d;

using Tri = std::array<std::uint32_t, 3>;

bool LexLess(const glm::dvec3& a, const glm::dvec3& b)
{
    if (a.x != b.x) {
        return a.x < b.x;
    }
    if (a.y != b.y) {
        return a.y < b.y;
    }
    return a.z < b.z;
}

bool Collinear(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& r)
{
    return Orient2d(p, q, r, 0, 1) == 0 && Orient2d(p, q, r, 1, 2) == 0 && Orient2d(p, q, r, 0, 2) == 0;
}

/// The 2D hull (counterclockwise on coordinates i, j) of the points at `indices`, which span a
/// plane that projects one to one onto those coordinates. Only extreme points are kept.
std::vector<std::uint32_t> PolygonHull(const std::vector<glm::dvec3>& q, std::vector<std::uint32_t> indices, int i,
                                       int j)
{
    std::sort(indices.begin(), indices.end(), [&q, i, j](std::uint32_t a, std::uint32_t b) {
        return q[a][i] != q[b][i] ? q[a][i] < q[b][i] : q[a][j] < q[b][j];
    });
    std::vector<std::uint32_t> hull;
    const auto chain = [&](std::size_t keep) {
        return [&hull, &q, keep, i, j](std::uint32_t p) {
            while (hull.size() >= keep + 2 && Orient2d(q[hull[hull.size() - 2]], q[hull.back()], q[p], i, j) <= 0) {
                hull.pop_back();
            }
            hull.push_back(p);
        };
    };
    const auto lower = chain(0);
    for (std::uint32_t p : indices) {
        lower(p);
    }
    const std::size_t lowerSize = hull.size() - 1; // the last point starts the upper chain
    const auto upper = chain(lowerSize);
    for (std::size_t k = indices.size() - 1; k-- > 0;) {
        upper(indices[k]);
    }
    hull.pop_back(); // the first point again
    return hull;
}

/// The coordinate pair onto which the triangle p, q, r projects without degenerating.
std::array<int, 2> ProjectionPlane(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& r)
{
    if (Orient2d(p, q, r, 0, 1) != 0) {
        return {0, 1};
    }
    if (Orient2d(p, q, r, 1, 2) != 0) {
        return {1, 2};
    }
    return {0, 2};
}

/// The incremental 3D hull: faces over indices into q, their directed edges mapped to the face.
class Builder {
public:
    explicit Builder(const std::vector<glm::dvec3>& q) : q_(q) {}

    /// The pyramid over the polygon `base` (counterclockwise in its projection) with `apex`.
    void Pyramid(const std::vector<std::uint32_t>& base, std::uint32_t apex)
    {
        const bool up = Orient3d(q_[base[0]], q_[base[1]], q_[base[2]], q_[apex]) > 0;
        for (std::size_t k = 1; k + 1 < base.size(); ++k) {
            AddFace(up ? Tri{base[0], base[k + 1], base[k]} : Tri{base[0], base[k], base[k + 1]});
        }
        for (std::size_t k = 0; k < base.size(); ++k) {
            const std::uint32_t a = base[k], b = base[(k + 1) % base.size()];
            AddFace(up ? Tri{a, b, apex} : Tri{b, a, apex});
        }
        last_ = apex;
    }

    /// Adds point t, lexicographically above every point added before it (so strictly outside
    /// the hull). The faces it sees or lies in the plane of form a connected patch: searched from
    /// a face it sees around the last point added (t lies beyond that vertex in the lexicographic
    /// direction, so some face around it sees t strictly).
    void Insert(std::uint32_t t)
    {
        std::vector<std::size_t> seen = VisiblePatch(t);
        std::vector<std::array<std::uint32_t, 2>> horizon;
        for (std::size_t f : seen) {
            for (int e = 0; e < 3; ++e) {
                const std::uint32_t a = faces_[f][e], b = faces_[f][(e + 1) % 3];
                if (!visible_[edgeFace_.at(Key(b, a))]) {
                    horizon.push_back({a, b});
                }
            }
        }
        for (std::size_t f : seen) {
            alive_[f] = false;
            for (int e = 0; e < 3; ++e) {
                edgeFace_.erase(Key(faces_[f][e], faces_[f][(e + 1) % 3]));
            }
        }
        for (const auto& h : horizon) {
            AddFace({h[0], h[1], t});
        }
        last_ = t;
    }

    /// The live faces.
    std::vector<Tri> Faces() const
    {
        std::vector<Tri> out;
        for (std::size_t f = 0; f < faces_.size(); ++f) {
            if (alive_[f]) {
                out.push_back(faces_[f]);
            }
        }
        return out;
    }

private:
    static std::uint64_t Key(std::uint32_t a, std::uint32_t b) { return (std::uint64_t(a) << 32) | b; }

    bool Sees(std::size_t f, std::uint32_t t, int least) const
    {
        const Tri& tri = faces_[f];
        return Orient3d(q_[tri[0]], q_[tri[1]], q_[tri[2]], q_[t]) >= least;
    }

    /// A face around the last vertex added that sees t strictly (every face when none does, which
    /// the argument above rules out).
    std::vector<std::size_t> Seeds(std::uint32_t t) const
    {
        std::size_t f = vertexFace_.at(last_);
        for (std::size_t guard = 0; guard <= faces_.size(); ++guard) {
            if (Sees(f, t, 1)) {
                return {f};
            }
            const Tri& tri = faces_[f];
            const int i = tri[0] == last_ ? 0 : tri[1] == last_ ? 1 : 2;
            f = edgeFace_.at(Key(last_, tri[(i + 2) % 3])); // the next face around the vertex
            if (f == vertexFace_.at(last_)) {
                break;
            }
        }
        std::vector<std::size_t> all;
        for (std::size_t g = 0; g < faces_.size(); ++g) {
            if (alive_[g] && Sees(g, t, 1)) {
                all.push_back(g);
            }
        }
        return all;
    }

    /// The faces that see t or have it in their plane (each marked visible), from the seeds
    /// across shared edges.
    std::vector<std::size_t> VisiblePatch(std::uint32_t t)
    {
        std::vector<std::size_t> seen = Seeds(t);
        for (std::size_t f : seen) {
            visible_[f] = true;
            tested_[f] = t;
        }
        for (std::size_t k = 0; k < seen.size(); ++k) {
            const Tri tri = faces_[seen[k]];
            for (int e = 0; e < 3; ++e) {
                const std::size_t g = edgeFace_.at(Key(tri[(e + 1) % 3], tri[e]));
                if (tested_[g] != t) {
                    tested_[g] = t;
                    if (Sees(g, t, 0)) {
                        visible_[g] = true;
                        seen.push_back(g);
                    }
                }
            }
        }
        return seen;
    }

    void AddFace(const Tri& tri)
    {
        for (const std::uint32_t v : tri) {
            vertexFace_[v] = faces_.size();
        }
        tested_.push_back(std::numeric_limits<std::uint32_t>::max());
        for (int e = 0; e < 3; ++e) {
            edgeFace_[Key(tri[e], tri[(e + 1) % 3])] = faces_.size();
        }
        faces_.push_back(tri);
        alive_.push_back(true);
        visible_.push_back(false);
    }

    const std::vector<glm::dvec3>& q_;
    std::vector<Tri> faces_;
    std::vector<bool> alive_, visible_;
    std::vector<std::uint32_t> tested_;                         ///< the last point a face was tested against
    std::unordered_map<std::uint32_t, std::size_t> vertexFace_; ///< a live face around each vertex
    std::uint32_t last_ = 0;                                    ///< the last vertex added
    std::unordered_map<std::uint64_t, std::size_t> edgeFace_;
};

/// out's vertices, triangles and edges from faces over the sorted points p (indices renumbered).
void FillPolyhedron(ConvexHull& out, const std::vector<glm::dvec3>& p, const std::vector<Tri>& faces)
{
    std::unordered_map<std::uint32_t, std::uint32_t> index;
    const auto renumber = [&](std::uint32_t i) {
        const auto [it, fresh] = index.emplace(i, std::uint32_t(out.vertices.size()));
        if (fresh) {
            out.vertices.push_back(p[i]);
        }
        return it->second;
    };
    for (const Tri& f : faces) {
        out.triangles.push_back({renumber(f[0]), renumber(f[1]), renumber(f[2])});
    }
    for (const Tri& t : out.triangles) {
        for (int e = 0; e < 3; ++e) {
            if (t[e] < t[(e + 1) % 3]) { // each edge once: the direction in which it runs up
                out.edges.push_back({t[e], t[(e + 1) % 3]});
            }
        }
    }
    std::sort(out.edges.begin(), out.edges.end());
}

/// out as the polygon over the sorted points p at `ring` (counterclockwise on coordinates i, j).
void FillPolygon(ConvexHull& out, const std::vector<glm::dvec3>& p, const std::vector<std::uint32_t>& ring, int i,
                 int j)
{
    out.kind = HullKind::Polygon;
    const std::uint32_t n = std::uint32_t(ring.size());
    for (std::uint32_t k = 0; k < n; ++k) {
        out.vertices.push_back(p[ring[k]]);
        out.edges.push_back({std::min(k, (k + 1) % n), std::max(k, (k + 1) % n)});
        if (k >= 1 && k + 1 < n) {
            out.triangles.push_back({0, k, k + 1});
        }
    }
    // Newell's normal: its components are twice the areas of the projections, the one on i, j
    // positive (counterclockwise there); the axis i x j is +z, +x or -y.
    glm::dvec3 normal{0};
    for (std::uint32_t k = 0; k < n; ++k) {
        const glm::dvec3 &a = out.vertices[k], &b = out.vertices[(k + 1) % n];
        normal += glm::dvec3((a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y));
    }
    const int axis = 3 - i - j;
    const double sign = (i == 0 && j == 2) ? -1.0 : 1.0;
    if (normal[axis] * sign < 0) {
        normal = -normal; // rounding cannot flip the dominant sign, but keep the promise regardless
    }
    out.normal = normal / std::sqrt(normal.x * normal.x + normal.y * normal.y + normal.z * normal.z);
}

/// The sorted distinct points, scaled by one power of two for the predicates.
std::vector<glm::dvec3> ScaledForPredicates(const std::vector<glm::dvec3>& p)
{
    double largest = 0;
    for (const glm::dvec3& v : p) {
        largest = std::fmax(largest, tx::LargestOf(v));
    }
    const int k = tx::TriangleScaleExponent(largest);
    std::vector<glm::dvec3> q = p;
    if (k != 0) {
        for (glm::dvec3& v : q) {
            v = tx::Scaled(v, k);
        }
    }
    return q;
}

} // namespace detail::hull

ConvexHull BuildConvexHull(const std::vector<glm::dvec3>& points)
{
    using namespace detail::hull;
    ConvexHull out;
    for (const glm::dvec3& v : points) { // the precondition broken (a NaN sorts nowhere): no hull, not a crash
        if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z)) {
            return out;
        }
    }
    std::vector<glm::dvec3> p = points;
    std::sort(p.begin(), p.end(), LexLess);
    p.erase(std::unique(p.begin(), p.end()), p.end());
    if (p.empty()) {
        return out;
    }
    if (p.size() == 1) {
        out.kind = HullKind::Point;
        out.vertices = p;
        return out;
    }
    const std::vector<glm::dvec3> q = ScaledForPredicates(p);
    const std::uint32_t n = std::uint32_t(p.size());
    std::uint32_t k = 2;
    while (k < n && Collinear(q[0], q[1], q[k])) {
        ++k;
    }
    if (k == n) { // sorted collinear points run along their line
        out.kind = HullKind::Segment;
        out.vertices = {p.front(), p.back()};
        out.edges = {{0, 1}};
        return out;
    }
    std::uint32_t m = k + 1;
    while (m < n && Orient3d(q[0], q[1], q[k], q[m]) == 0) {
        ++m;
    }
    const auto [i, j] = ProjectionPlane(q[0], q[1], q[k]);
    std::vector<std::uint32_t> planar(m);
    for (std::uint32_t t = 0; t < m; ++t) {
        planar[t] = t;
    }
    const std::vector<std::uint32_t> ring = PolygonHull(q, std::move(planar), i, j);
    if (m == n) {
        FillPolygon(out, p, ring, i, j);
        return out;
    }
    Builder builder(q);
    builder.Pyramid(ring, m);
    for (std::uint32_t t = m + 1; t < n; ++t) {
        builder.Insert(t);
    }
    out.kind = HullKind::Polyhedron;
    FillPolyhedron(out, p, builder.Faces());
    return out;
}

const ConvexHull& HullOf(const ConvexData& data, bool doublePrecision)
{
    const int slot = doublePrecision ? 1 : 0;
    std::call_once(data.hullOnce[slot], [&data, slot, doublePrecision] {
        data.hull[slot] = std::make_shared<const ConvexHull>(BuildConvexHull(
            doublePrecision ? data.points : std::vector<glm::dvec3>(data.floatPoints.begin(), data.floatPoints.end())));
    });
    return *data.hull[slot];
}

} // namespace hitlab
