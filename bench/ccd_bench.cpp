// libccd (Debian libccd-dev) as the GJK + EPA and MPR peer, called directly (no plugin host between),
// on the pairs of obb_obb/<algorithm>/double (bench/overlap_bench.cpp: obbsA x obbs of the workload):
//   peer/libccd_gjk_epa: ccdGJKPenetration (GJK, then EPA on a hit: depth and direction);
//   peer/libccd_mpr: ccdMPRPenetration (Minkowski portal refinement, its depth and direction on a hit).
// Settings as the ccd plugin's (plugins/ccd) and FCL 0.7's: 500 iterations, mpr_tolerance 1e-6,
// CCD_INIT's epa_tolerance 1e-4 and dist_tolerance 1e-6. scripts/bench prints HitLab's gjk_epa and
// mpr over these per pair (the target: at most 1.0).
#include "harness.h"

#include <ccd/ccd.h>
#include <glm/geometric.hpp>

namespace hitlab::bench {
namespace {

/// libccd's support function of an Obb<double>: the corner on the side of each axis dir leans to.
void ObbSupport(const void* object, const ccd_vec3_t* dir, ccd_vec3_t* out)
{
    const Obb<double>& b = *static_cast<const Obb<double>*>(object);
    const glm::dvec3 d(ccdVec3X(dir), ccdVec3Y(dir), ccdVec3Z(dir));
    glm::dvec3 p = b.center;
    for (int i = 0; i < 3; ++i) {
        p += (glm::dot(d, b.axes[i]) < 0 ? -b.halfExtents[i] : b.halfExtents[i]) * b.axes[i];
    }
    ccdVec3Set(out, p.x, p.y, p.z);
}

void ObbCenter(const void* object, ccd_vec3_t* out)
{
    const Obb<double>& b = *static_cast<const Obb<double>*>(object);
    ccdVec3Set(out, b.center.x, b.center.y, b.center.z);
}

ccd_t Settings()
{
    ccd_t ccd;
    CCD_INIT(&ccd);
    ccd.support1 = ObbSupport;
    ccd.support2 = ObbSupport;
    ccd.center1 = ObbCenter;
    ccd.center2 = ObbCenter;
    ccd.max_iterations = 500;
    ccd.mpr_tolerance = 1e-6;
    return ccd;
}

using Penetration = int (*)(const void*, const void*, const ccd_t*, ccd_real_t*, ccd_vec3_t*, ccd_vec3_t*);

template <Penetration Call>
bool Penetrates(const Obb<double>& a, const Obb<double>& b)
{
    static const ccd_t ccd = Settings();
    ccd_real_t depth = 0;
    ccd_vec3_t dir, pos;
    const int status = Call(&a, &b, &ccd, &depth, &dir, &pos);
    benchmark::DoNotOptimize(depth);
    return status == 0;
}

const int kRegistered = [] {
    const Workload<double>& w = GetWorkload<double>();
    RegisterNamed("peer/libccd_gjk_epa", w.obbsA, w.obbs, Penetrates<ccdGJKPenetration>);
    RegisterNamed("peer/libccd_mpr", w.obbsA, w.obbs, Penetrates<ccdMPRPenetration>);
    return 0;
}();

} // namespace
} // namespace hitlab::bench
