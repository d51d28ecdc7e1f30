// obb_obb registration, and the reference's rescaled slow path.
#include "obb_obb.h"
#include "obb_obb_published.h"

#include "algorithm.h"
#include "overlap_distance.h"

#include <limits>

namespace hitlab {

namespace detail {

template <typename T>
OverlapResult<T> ObbObbSatScaled(const Obb<T>& a, const Obb<T>& b, Trace* trace)
{
    if (!(AllFinite(a.center) && AllFinite(b.center) && AllFinite(a.halfExtents) && AllFinite(b.halfExtents))) {
        return ObbObbSatCore(a, b, a.halfExtents, b.halfExtents, b.center - a.center, 0, trace);
    }
    // the true cb - ca is d * 2^ed (halved when it overflows)
    int ed = 0;
    const Vec3<T> d = SafeDifference(b.center, a.center, ed);
    const int kd = LargestExponent(T(0), 0, d, ed);
    const int ke = LargestExponent(T(0), 0, glm::max(a.halfExtents, b.halfExtents), 0);
    int k = kd > ke ? kd : ke;
    if (k == std::numeric_limits<int>::min()) {
        k = 0; // two points on the same spot: nothing to scale
    }
    return ObbObbSatCore(a, b, Ldexp(a.halfExtents, -k), Ldexp(b.halfExtents, -k), Ldexp(d, ed - k), k, trace);
}

template OverlapResult<float> ObbObbSatScaled<float>(const Obb<float>&, const Obb<float>&, Trace*);
template OverlapResult<double> ObbObbSatScaled<double>(const Obb<double>&, const Obb<double>&, Trace*);

} // namespace detail

void RegisterObbObb(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "sat",
        .family = Family::ObbObb,
        .title = "15-axis separating-axis test (reference)",
        .summary = "Tests the three face axes of each box and the nine edge-edge cross products (touching counts); "
                   "reports the separating axis, or depth and normal from the axis of least overlap.",
        .source = "Gottschalk, Lin & Manocha, \"OBBTree\" (SIGGRAPH 1996); Ericson, Real-Time Collision Detection "
                  "(2005) 4.4.1",
        .reference = true,
        .published = false,
        .conventions = {{"touching", "overlap"}, {"edges", "all 15 axes"}},
        .returns = kFieldHit | kFieldDepth | kFieldNormal | kFieldSeparatingAxis | kDistanceFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Obb, Obb>([](const auto& a, const auto& b, Trace* t) {
            return WithDistance(ObbObbSat(a, b, t), a, b, ObbObbGap, false);
        }),
    });
    out.push_back({
        .name = "vertex_edge",
        .family = Family::ObbObb,
        .title = "Vertices inside, then b's edges against a",
        .summary = "Overlap when a vertex of either box lies in the other, or (after a world bounding-box pre-test) "
                   "one of b's 12 edges meets a. a's edges are never cast against b.",
        .source = "The naive box-box test of many first implementations (vertex containment plus edge casts); "
                  "edges clipped with the slab method of Ericson, Real-Time Collision Detection (2005) 5.3.3",
        .reference = false,
        .published = true,
        .conventions = {{"touching", "overlap"}, {"edges", "vertices and edges only"}},
        .returns = kFieldHit | kFieldContact,
        .flaw = "Only b's edges are cast against a, so crossings where a's edges pierce b and no vertex is inside "
                "either box (two bars crossed like a plus sign) are reported as separate.",
        .flawWhen = {"no vertex inside"},
        .run = MakeRun<Obb, Obb>([](const auto& a, const auto& b, Trace* t) { return ObbObbVertexEdge(a, b, t); }),
    });
    out.push_back({
        .name = "sat_faces",
        .family = Family::ObbObb,
        .title = "Separating axes: the 6 face axes only",
        .summary = "The separating-axis test on the three face axes of each box, without the nine edge-edge "
                   "cross products (touching counts). Reports the separating face axis on a miss.",
        .source = "The face-axes-only shortcut of the separating-axis test (the 6 face normals of Gottschalk, Lin & "
                  "Manocha, \"OBBTree\" (SIGGRAPH 1996) and Ericson, Real-Time Collision Detection (2005) 4.4.1, "
                  "without the 9 cross products)",
        .reference = false,
        .published = true,
        .conventions = {{"touching", "overlap"}, {"edges", "face axes only"}},
        .returns = kFieldHit | kFieldSeparatingAxis,
        .flaw = "The nine edge-edge axes are not tested, so boxes that are separated only by an edge-edge axis "
                "(approaching edge to edge) are reported as overlapping.",
        .flawWhen = {"no face axis separates"},
        .run = MakeRun<Obb, Obb>([](const auto& a, const auto& b, Trace* t) { return ObbObbSatFaces(a, b, t); }),
    });
}

} // namespace hitlab
