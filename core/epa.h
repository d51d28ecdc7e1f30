// EPA, the expanding polytope algorithm (van den Bergen 2001, "Proximity queries and penetration
// depth computation on 3D game objects"; van den Bergen 2003 4.3.6): from GJK's final simplex
// (core/gjk.h) on overlapping solids, the penetration depth and direction.
#pragma once

#include "epa_polytope.h"
#include "gjk.h"
#include "result.h"

namespace hitlab {

/// Why EPA stopped.
enum class EpaStop {
    Converged,     ///< the support along the nearest face's normal is within kEpaTolerance of it
    IterationCap,  ///< kEpaMaxIterations expansions, or kEpaMaxVertices vertices
    Degenerate,    ///< the simplex could not be blown up to a tetrahedron (flat a - b), or a new
                   ///< face was degenerate: depth from the nearest face so far (0 when flat)
    NotOverlapping ///< GJK found the solids separated: no EPA
};

/// EPA's answer: depth and the unit normal along which b moves out of a (HitLab's convention),
/// with the witness points on a and b of the nearest face.
template <typename T>
struct EpaResult {
    T depth = 0;
    Vec3<T> normal{0};
    Vec3<T> pointA{0}, pointB{0};
    int iterations = 0;
    EpaStop stop = EpaStop::Converged;
    T gap = 0; ///< the last support point's distance beyond the nearest face (true depth <= depth + gap)
};

namespace detail {

template <typename T>
void TraceEpaFace(Trace& trace, const EpaPolytope<T>& p, int face, int iteration, const Vec3<T>& support, T gap)
{
    const EpaFace<T>& f = p.faces[face];
    std::vector<TraceValue> values;
    values.push_back({"iteration", double(iteration)});
    values.push_back({"face_distance", double(f.distance)});
    values.push_back({"support_gap", double(gap)});
    values.push_back({"faces", double(p.AliveFaces())});
    values.push_back({"vertices", double(p.vertexCount)});
    AddTraceVec(values, GjkTraceVec::Face0, p.vertices[f.index[0]].w);
    AddTraceVec(values, GjkTraceVec::Face1, p.vertices[f.index[1]].w);
    AddTraceVec(values, GjkTraceVec::Face2, p.vertices[f.index[2]].w);
    AddTraceVec(values, GjkTraceVec::FaceNormal, f.normal);
    AddTraceVec(values, GjkTraceVec::Support, support);
    trace.Add(Format("EPA expansion %d: nearest face at %g, support %g beyond it (%d faces)", iteration,
                     double(f.distance), double(gap), p.AliveFaces()),
              std::move(values),
              SegmentPart{"origin to the nearest face", glm::dvec3(0.0), glm::dvec3(f.normal * f.distance), false});
}

/// The result of the nearest face: depth max(distance, 0), its normal, its witnesses.
template <typename T>
void EpaFromFace(EpaResult<T>& r, const EpaPolytope<T>& p, int face)
{
    const EpaFace<T>& f = p.faces[face];
    r.depth = std::max(f.distance, T(0)) + T(0);
    r.normal = f.normal;
    EpaWitness(p, face, r.pointA, r.pointB);
}

} // namespace detail

/// EPA from GJK's final simplex on overlapping solids (gjk.hit). The simplex is blown up to a
/// tetrahedron (EpaBlowUp); then, up to kEpaMaxIterations times, the face nearest the origin is
/// found, the support point w along its normal taken, and the polytope expanded by w (faces seen
/// from w removed, the horizon joined to w) unless w.n - distance <= kEpaTolerance.
///
/// depth: the nearest face's distance to the origin (>= 0); normal: its outward unit normal in
/// a - b, the direction along which b moves out of a by depth. A flat a - b (coplanar triangles,
/// flat boxes) gives depth 0 and the plane's normal (Degenerate). trace: one step per expansion.
template <typename T, typename SA, typename SB>
EpaResult<T> Epa(const SA& a, const SB& b, const GjkResult<T>& gjk, Trace* trace = nullptr)
{
    EpaResult<T> r;
    if (!gjk.hit) {
        r.stop = EpaStop::NotOverlapping;
        return r;
    }
    EpaPolytope<T> p;
    Vec3<T> flatNormal(1, 0, 0);
    if (!EpaBlowUp(a, b, gjk.simplex, p, flatNormal)) {
        r.stop = EpaStop::Degenerate;
        r.normal = flatNormal;
        return r;
    }
    for (r.iterations = 0;; ++r.iterations) {
        const int face = p.Nearest();
        if (face < 0) {
            r.stop = EpaStop::Degenerate;
            return r;
        }
        const EpaFace<T>& f = p.faces[face];
        const SupportVertex<T> w = MinkowskiSupport<T>(a, b, f.normal);
        const T gap = glm::dot(w.w, f.normal) - f.distance;
        if (trace != nullptr) [[unlikely]] {
            detail::TraceEpaFace(*trace, p, face, r.iterations, w.w, gap);
        }
        detail::EpaFromFace(r, p, face);
        r.gap = gap;
        if (!(gap > kEpaTolerance<T>)) {
            r.stop = EpaStop::Converged;
            return r;
        }
        if (r.iterations + 1 >= kEpaMaxIterations || p.vertexCount >= kEpaMaxVertices) {
            r.stop = EpaStop::IterationCap;
            return r;
        }
        const EpaExpand expanded = p.Expand(w);
        if (expanded != EpaExpand::Done) {
            r.stop = expanded == EpaExpand::Full ? EpaStop::IterationCap : EpaStop::Degenerate;
            return r;
        }
    }
}

/// Short name of an EPA stop, for traces.
inline const char* EpaStopName(EpaStop stop)
{
    switch (stop) {
    case EpaStop::Converged:
        return "converged";
    case EpaStop::IterationCap:
        return "iteration cap";
    case EpaStop::Degenerate:
        return "degenerate polytope";
    case EpaStop::NotOverlapping:
        return "not overlapping";
    }
    return "?";
}

} // namespace hitlab
