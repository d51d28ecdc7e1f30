// convex_convex's reference on two hulls: the exact verdict from separating planes, the depth
// from the candidate axes, a contact point, and the distance and closest points when apart.
#include "convex_convex.h"

#include "convex_distance.h"
#include "outcome_text.h"
#include "triangle_exact.h"
#include "triangle_triangle_exact.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hitlab::detail {
namespace cvx {

/// A candidate plane through o with normal (a1 - a0) x (b1 - b0); the side of x is the exact sign
/// of det(a1 - a0, b1 - b0, x - o).
struct Plane {
    glm::dvec3 a1, a0, b1, b0, o;
};

int FaceCount(const ConvexHull& h)
{
    return h.kind == HullKind::Polyhedron ? int(h.triangles.size()) : h.kind == HullKind::Polygon ? 1 : 0;
}

int CandidateCount(const ConvexHull& a, const ConvexHull& b)
{
    return FaceCount(a) + FaceCount(b) + int(a.edges.size() * b.edges.size());
}

/// Candidate `index`: a's face planes, b's, then a's edge i crossed with b's edge j (index
/// fa + fb + i * |b.edges| + j), through a point of a's edge.
Plane CandidateOf(const ConvexHull& a, const ConvexHull& b, int index)
{
    const int fa = FaceCount(a), fb = FaceCount(b);
    if (index < fa + fb) {
        const ConvexHull& h = index < fa ? a : b;
        const auto& t = h.triangles[std::size_t(index < fa ? index : index - fa)];
        return {h.vertices[t[1]], h.vertices[t[0]], h.vertices[t[2]], h.vertices[t[0]], h.vertices[t[0]]};
    }
    const std::size_t k = std::size_t(index - fa - fb);
    const auto& e = a.edges[k / b.edges.size()];
    const auto& f = b.edges[k % b.edges.size()];
    return {a.vertices[e[1]], a.vertices[e[0]], b.vertices[f[1]], b.vertices[f[0]], a.vertices[e[0]]};
}

std::string CandidateLabel(const ConvexHull& a, const ConvexHull& b, int index)
{
    const int fa = FaceCount(a), fb = FaceCount(b);
    if (index < fa) {
        return Format("a face %d", index);
    }
    if (index < fa + fb) {
        return Format("b face %d", index - fa);
    }
    const int k = index - fa - fb, n = int(b.edges.size());
    return Format("a edge %d x b edge %d", k / n, k % n);
}

bool IsZero(const Plane& l)
{
    for (int m = 0; m < 3; ++m) {
        if (tx::Det2Sign(l.a1, l.a0, l.b1, l.b0, (m + 1) % 3, (m + 2) % 3) != 0) {
            return false;
        }
    }
    return true;
}

glm::dvec3 NormalOf(const Plane& l, double tolerance)
{
    glm::dvec3 v;
    for (int m = 0; m < 3; ++m) {
        v[m] = tx::Det2Value(l.a1, l.a0, l.b1, l.b0, (m + 1) % 3, (m + 2) % 3, tolerance);
    }
    return v;
}

/// +1 when every point of b is strictly above the plane and every point of a on or below it, -1
/// the other way round, else 0 (side: the exact sign of a point).
template <typename SideFn>
int SeparatesBy(const std::vector<glm::dvec3>& a, const std::vector<glm::dvec3>& b, SideFn side)
{
    bool above = true, below = true;
    for (const glm::dvec3& x : b) {
        const int s = side(x);
        above = above && s > 0;
        below = below && s < 0;
        if (!above && !below) {
            return 0;
        }
    }
    for (const glm::dvec3& x : a) {
        const int s = side(x);
        above = above && s <= 0;
        below = below && s >= 0;
        if (!above && !below) {
            return 0;
        }
    }
    return above ? 1 : -1;
}

/// +1 / -1 as SeparatesBy (b above / below the plane); the hull the plane passes through (b for
/// b's faces, else a) may touch it, the other must lie strictly on its side.
int Separates(const ConvexHull& a, const ConvexHull& b, const Plane& l, bool throughB)
{
    const auto side = [&l](const glm::dvec3& x) { return tx::Det3Sign(l.a1, l.a0, l.b1, l.b0, x, l.o); };
    return throughB ? -SeparatesBy(b.vertices, a.vertices, side) : SeparatesBy(a.vertices, b.vertices, side);
}

} // namespace cvx

JointSpan JointSpanOf(const ConvexHull& a, const ConvexHull& b)
{
    std::vector<glm::dvec3> u = a.vertices;
    u.insert(u.end(), b.vertices.begin(), b.vertices.end());
    JointSpan s;
    std::size_t k = 1;
    while (k < u.size() && u[k] == u[0]) {
        ++k;
    }
    if (k == u.size()) {
        return s;
    }
    s.dimension = 1;
    s.coordinate = u[k].x != u[0].x ? 0 : u[k].y != u[0].y ? 1 : 2;
    const glm::dvec3 p = u[k];
    std::size_t m = k + 1;
    const auto collinear = [&](const glm::dvec3& x) {
        return tx::Orient2d(u[0], p, x, 0, 1) == 0 && tx::Orient2d(u[0], p, x, 1, 2) == 0 &&
               tx::Orient2d(u[0], p, x, 0, 2) == 0;
    };
    while (m < u.size() && collinear(u[m])) {
        ++m;
    }
    if (m == u.size()) {
        return s;
    }
    s.dimension = 2;
    const glm::dvec3 q = u[m];
    if (tx::Orient2d(u[0], p, q, 0, 1) != 0) {
        s.i = 0, s.j = 1;
    } else if (tx::Orient2d(u[0], p, q, 1, 2) != 0) {
        s.i = 1, s.j = 2;
    } else {
        s.i = 0, s.j = 2;
    }
    for (std::size_t t = m + 1; t < u.size(); ++t) {
        if (tx::Orient3d(u[0], p, q, u[t]) != 0) {
            s.dimension = 3;
            break;
        }
    }
    return s;
}

/// The exact verdict when the joint span is a plane: a line through an edge of either hull (its
/// projection on the span's coordinates) with one hull on it or on one side and the other strictly
/// on the other side. +1 / -1 as SeparatesBy (b above the line's left side), 0 when none.
int SeparatesInPlane(const ConvexHull& a, const ConvexHull& b, const JointSpan& s)
{
    for (int which = 0; which < 2; ++which) {
        const ConvexHull& h = which == 0 ? a : b;
        for (const auto& e : h.edges) {
            const glm::dvec3 &p = h.vertices[e[0]], &q = h.vertices[e[1]];
            const auto side = [&](const glm::dvec3& x) { return tx::Orient2d(p, q, x, s.i, s.j); };
            const int sep = which == 0 ? cvx::SeparatesBy(a.vertices, b.vertices, side)
                                       : -cvx::SeparatesBy(b.vertices, a.vertices, side);
            if (sep != 0) {
                return sep;
            }
        }
    }
    return 0;
}

/// The exact verdict when every vertex lies on one line: the intervals on a coordinate along it.
bool SeparatedOnLine(const ConvexHull& a, const ConvexHull& b, int c)
{
    const auto range = [c](const ConvexHull& h) {
        double lo = h.vertices[0][c], hi = lo;
        for (const glm::dvec3& v : h.vertices) {
            lo = std::min(lo, v[c]);
            hi = std::max(hi, v[c]);
        }
        return std::pair{lo, hi};
    };
    const auto [aLo, aHi] = range(a);
    const auto [bLo, bHi] = range(b);
    return aHi < bLo || bHi < aLo;
}

/// The first of the 3D candidate planes that separates (exact); -1 when none. side: +1 when b
/// lies above it.
int FirstSeparatingPlane(const ConvexHull& a, const ConvexHull& b, int& side)
{
    const int n = cvx::CandidateCount(a, b);
    for (int index = 0; index < n; ++index) {
        const cvx::Plane l = cvx::CandidateOf(a, b, index);
        const bool throughB = index >= cvx::FaceCount(a) && index < cvx::FaceCount(a) + cvx::FaceCount(b);
        side = cvx::IsZero(l) ? 0 : cvx::Separates(a, b, l, throughB);
        if (side != 0) {
            return index;
        }
    }
    return -1;
}

/// b's two push-outs along candidate l: +normal until b's lowest point reaches a's top, -normal
/// until b's top reaches a's bottom; normal its vector.
void CandidatePushes(const ConvexHull& a, const ConvexHull& b, const cvx::Plane& l, double scale, double& plus,
                     double& minus, glm::dvec3& normal)
{
    normal = cvx::NormalOf(l, 0.0);
    const double length = glm::length(normal);
    const double tolerance = 0x1p-53 * scale * length;
    const auto span = [&](const ConvexHull& h, double& lo, double& hi) {
        lo = std::numeric_limits<double>::infinity();
        hi = -lo;
        for (const glm::dvec3& x : h.vertices) {
            const double p = tx::Det3Value(l.a1, l.a0, l.b1, l.b0, x, l.o, tolerance);
            lo = std::min(lo, p);
            hi = std::max(hi, p);
        }
    };
    double aLo, aHi, bLo, bHi;
    span(a, aLo, aHi);
    span(b, bLo, bHi);
    plus = (aHi - bLo) / length;
    minus = (bHi - aLo) / length;
}

LeastPush LeastCandidatePush(const ConvexHull& a, const ConvexHull& b, double scale)
{
    LeastPush best;
    const int n = cvx::CandidateCount(a, b);
    for (int index = 0; index < n; ++index) {
        const cvx::Plane l = cvx::CandidateOf(a, b, index);
        if (cvx::IsZero(l)) {
            continue;
        }
        double plus, minus;
        glm::dvec3 normal;
        CandidatePushes(a, b, l, scale, plus, minus, normal);
        const double depth = std::max(0.0, std::min(plus, minus));
        if (best.index < 0 || depth < best.depth) {
            best.index = index;
            best.depth = depth;
            best.normal = (minus < plus ? -1.0 : 1.0) * glm::normalize(normal);
        }
    }
    return best;
}

glm::dvec3 SeparatingNormal(const ConvexHull& a, const ConvexHull& b, int index, int side)
{
    return double(side) * glm::normalize(cvx::NormalOf(cvx::CandidateOf(a, b, index), 0.0));
}

std::string SeparatingLabel(const ConvexHull& a, const ConvexHull& b, int index)
{
    return cvx::CandidateLabel(a, b, index);
}

std::optional<glm::dvec3> HullsMeetAt(const ConvexHull& a, const ConvexHull& b)
{
    const auto inside = [](const ConvexHull& solid, const glm::dvec3& x) {
        for (const auto& t : solid.triangles) {
            if (tx::Orient3d(solid.vertices[t[0]], solid.vertices[t[1]], solid.vertices[t[2]], x) > 0) {
                return false;
            }
        }
        return true;
    };
    for (int which = 0; which < 2; ++which) {
        const ConvexHull &solid = which == 0 ? b : a, &other = which == 0 ? a : b;
        if (solid.kind == HullKind::Polyhedron) {
            for (const glm::dvec3& x : other.vertices) {
                if (inside(solid, x)) {
                    return x;
                }
            }
        }
    }
    for (int which = 0; which < 2; ++which) {
        const ConvexHull &s = which == 0 ? a : b, &t = which == 0 ? b : a;
        const std::vector<tritri::Verts> faces = HullPieces(t);
        const auto segment = [&s](std::size_t e) {
            return s.edges.empty() ? std::array{s.vertices[0], s.vertices[0]}
                                   : std::array{s.vertices[s.edges[e][0]], s.vertices[s.edges[e][1]]};
        };
        for (std::size_t e = 0; e < std::max<std::size_t>(1, s.edges.size()); ++e) {
            const auto [p, q] = segment(e);
            for (const tritri::Verts& f : faces) {
                if (auto x = tritri::SegmentMeetsTriangle(p, q, f)) {
                    return x;
                }
            }
        }
    }
    return std::nullopt;
}

std::vector<tritri::Verts> HullPieces(const ConvexHull& h)
{
    std::vector<tritri::Verts> out;
    for (const auto& t : h.triangles) {
        out.push_back({h.vertices[t[0]], h.vertices[t[1]], h.vertices[t[2]]});
    }
    if (h.kind == HullKind::Segment) {
        out.push_back({h.vertices[0], h.vertices[1], h.vertices[1]});
    } else if (h.kind == HullKind::Point) {
        out.push_back({h.vertices[0], h.vertices[0], h.vertices[0]});
    }
    return out;
}

} // namespace hitlab::detail
