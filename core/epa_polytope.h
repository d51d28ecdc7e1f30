// EPA's polytope (core/epa.h): vertices of the Minkowski difference, outward triangular faces with
// their distance to the origin, the blow-up of GJK's simplex to a tetrahedron, and the expansion
// by a support point (faces seen from it removed, the horizon joined to it).
#pragma once

#include "gjk_simplex.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace hitlab {

/// Bullet's EPA_MAX_ITERATIONS and EPA_MAX_VERTICES (btGjkEpa2.cpp).
inline constexpr int kEpaMaxIterations = 255;
inline constexpr int kEpaMaxVertices = 128;
inline constexpr int kEpaMaxFaces = 2 * kEpaMaxVertices;
/// Bullet's EPA_ACCURACY: 1e-4 in float, 1e-12 in double (absolute, in the solids' units).
template <typename T>
inline constexpr T kEpaTolerance = sizeof(T) == 4 ? T(1e-4) : T(1e-12);

/// A face of the polytope; uninitialised by default (the polytope's faceCount says which are set).
template <typename T>
struct EpaFace {
    int index[3];   ///< vertices, counter-clockwise seen from outside
    Vec3<T> normal; ///< outward unit normal
    T distance;     ///< normal . vertex 0: the origin's distance to the plane (< 0: outside)
    bool alive;
};

/// What an expansion did.
enum class EpaExpand { Done, Degenerate, Full };

template <typename T>
struct EpaPolytope {
    SupportVertex<T> vertices[kEpaMaxVertices];
    EpaFace<T> faces[kEpaMaxFaces];
    int vertexCount = 0;
    int faceCount = 0; ///< slots used (alive or not)

    int AliveFaces() const
    {
        int n = 0;
        for (int i = 0; i < faceCount; ++i) {
            n += faces[i].alive ? 1 : 0;
        }
        return n;
    }

    /// Adds the face i j k (outward as given); false when it has no normal (zero area) or no slot.
    bool AddFace(int i, int j, int k)
    {
        int slot = 0;
        while (slot < faceCount && faces[slot].alive) {
            ++slot;
        }
        if (slot == kEpaMaxFaces) {
            return false;
        }
        const Vec3<T>& a = vertices[i].w;
        const Vec3<T> n = glm::cross(vertices[j].w - a, vertices[k].w - a);
        const T len = glm::length(n);
        if (!(len > T(0)) || !std::isfinite(len)) {
            return false;
        }
        EpaFace<T>& f = faces[slot];
        f.index[0] = i;
        f.index[1] = j;
        f.index[2] = k;
        f.normal = n / len;
        f.distance = glm::dot(f.normal, a);
        f.alive = true;
        faceCount = std::max(faceCount, slot + 1);
        return true;
    }

    /// The alive face nearest the origin (smallest distance; the first of equals).
    int Nearest() const
    {
        int best = -1;
        for (int i = 0; i < faceCount; ++i) {
            if (faces[i].alive && (best < 0 || faces[i].distance < faces[best].distance)) {
                best = i;
            }
        }
        return best;
    }

    /// Adds w: removes the faces w sees (w strictly above their plane), joins the horizon to w.
    EpaExpand Expand(const SupportVertex<T>& w)
    {
        if (vertexCount == kEpaMaxVertices) {
            return EpaExpand::Full;
        }
        const int nv = vertexCount;
        vertices[vertexCount++] = w;
        int edges[3 * kEpaMaxFaces][2];
        int edgeCount = 0;
        for (int i = 0; i < faceCount; ++i) {
            EpaFace<T>& f = faces[i];
            if (!f.alive || !(glm::dot(f.normal, w.w - vertices[f.index[0]].w) > T(0))) {
                continue;
            }
            f.alive = false;
            for (int e = 0; e < 3; ++e) {
                const int from = f.index[e], to = f.index[(e + 1) % 3];
                // an edge shared by two removed faces appears once each way: drop both
                int found = -1;
                for (int k = 0; k < edgeCount && found < 0; ++k) {
                    found = (edges[k][0] == to && edges[k][1] == from) ? k : -1;
                }
                if (found >= 0) {
                    edges[found][0] = edges[edgeCount - 1][0];
                    edges[found][1] = edges[edgeCount - 1][1];
                    --edgeCount;
                } else {
                    edges[edgeCount][0] = from;
                    edges[edgeCount][1] = to;
                    ++edgeCount;
                }
            }
        }
        for (int k = 0; k < edgeCount; ++k) {
            if (!AddFace(edges[k][0], edges[k][1], nv)) {
                return EpaExpand::Degenerate;
            }
        }
        return edgeCount > 0 ? EpaExpand::Done : EpaExpand::Degenerate;
    }
};

/// The points of a and b whose difference is the origin's projection on the face (barycentric
/// weights of the projection in the face; the face's centroid when it has none).
template <typename T>
void EpaWitness(const EpaPolytope<T>& p, int face, Vec3<T>& onA, Vec3<T>& onB)
{
    const EpaFace<T>& f = p.faces[face];
    const SupportVertex<T>& v0 = p.vertices[f.index[0]];
    const SupportVertex<T>& v1 = p.vertices[f.index[1]];
    const SupportVertex<T>& v2 = p.vertices[f.index[2]];
    const Vec3<T> q = f.normal * f.distance;
    const T area = glm::dot(glm::cross(v1.w - v0.w, v2.w - v0.w), f.normal);
    T l1 = glm::dot(glm::cross(v2.w - q, v0.w - q), f.normal) / area;
    T l2 = glm::dot(glm::cross(v0.w - q, v1.w - q), f.normal) / area;
    if (!std::isfinite(l1) || !std::isfinite(l2)) {
        l1 = l2 = T(1) / T(3);
    }
    const T l0 = T(1) - l1 - l2;
    onA = l0 * v0.a + l1 * v1.a + l2 * v2.a;
    onB = l0 * v0.b + l1 * v1.b + l2 * v2.b;
}

namespace detail {

/// Adds to the simplex the support point, over the directions given, farthest from the simplex's
/// span (measured by `away`); false when none leaves it.
template <typename T, typename SA, typename SB, typename Away>
bool EpaGrow(const SA& a, const SB& b, GjkSimplex<T>& s, const Vec3<T>* dirs, int dirCount, Away away)
{
    T best = T(0);
    SupportVertex<T> pick{};
    for (int i = 0; i < dirCount; ++i) {
        const SupportVertex<T> w = MinkowskiSupport<T>(a, b, dirs[i]);
        const T d = away(w.w);
        if (d > best) {
            best = d;
            pick = w;
        }
    }
    if (!(best > T(0))) {
        return false;
    }
    s.v[s.count++] = pick;
    return true;
}

template <typename T>
Vec3<T> EpaPerpendicular(const Vec3<T>& d)
{
    const Vec3<T> ad = glm::abs(d);
    const Vec3<T> axis = ad.x <= ad.y && ad.x <= ad.z ? Vec3<T>(1, 0, 0)
                         : ad.y <= ad.z               ? Vec3<T>(0, 1, 0)
                                                      : Vec3<T>(0, 0, 1);
    return glm::cross(d, axis);
}

} // namespace detail

/// Blows GJK's final simplex up to a tetrahedron (as Bullet and libccd do: supports along the
/// axes from a point, perpendicular to a segment, along the normal of a triangle) and builds the
/// four outward faces. False when a - b is flat (no support leaves the simplex's span): then
/// flatNormal is the span's normal where there is one.
template <typename T, typename SA, typename SB>
bool EpaBlowUp(const SA& a, const SB& b, const GjkSimplex<T>& gjkSimplex, EpaPolytope<T>& p, Vec3<T>& flatNormal)
{
    GjkSimplex<T> s = gjkSimplex;
    if (s.count == 1) {
        const Vec3<T> o = s.v[0].w;
        const Vec3<T> dirs[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
        if (!detail::EpaGrow(a, b, s, dirs, 6, [&](const Vec3<T>& w) { return glm::length(w - o); })) {
            return false;
        }
    }
    if (s.count == 2) {
        const Vec3<T> o = s.v[0].w, d = s.v[1].w - o;
        const Vec3<T> p1 = detail::EpaPerpendicular(d), p2 = glm::cross(d, p1);
        const Vec3<T> dirs[4] = {p1, -p1, p2, -p2};
        const auto away = [&](const Vec3<T>& w) { return glm::length(glm::cross(w - o, d)); };
        if (!detail::EpaGrow(a, b, s, dirs, 4, away)) {
            flatNormal = glm::normalize(p1);
            return false;
        }
    }
    if (s.count == 3) {
        const Vec3<T> o = s.v[0].w, n = glm::cross(s.v[1].w - o, s.v[2].w - o);
        const Vec3<T> dirs[2] = {n, -n};
        if (!detail::EpaGrow(a, b, s, dirs, 2, [&](const Vec3<T>& w) { return std::abs(glm::dot(w - o, n)); })) {
            flatNormal = glm::normalize(n);
            return false;
        }
    }
    for (int i = 0; i < 4; ++i) {
        p.vertices[i] = s.v[i];
    }
    p.vertexCount = 4;
    // orient: vertex 3 below face 0 1 2
    const Vec3<T> n = glm::cross(s.v[1].w - s.v[0].w, s.v[2].w - s.v[0].w);
    const bool flip = glm::dot(n, s.v[3].w - s.v[0].w) > T(0);
    const int i1 = flip ? 2 : 1, i2 = flip ? 1 : 2;
    return p.AddFace(0, i1, i2) && p.AddFace(0, 3, i1) && p.AddFace(i1, 3, i2) && p.AddFace(i2, 3, 0);
}

} // namespace hitlab
