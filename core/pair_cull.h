// A scene's queries for big scenes: counted before they are listed, so that a caller can refuse a
// list too long to evaluate, and optionally without the pairs of solids whose bounds are apart
// (a sort-and-sweep over the solids' bounds), so that n solids cost about the pairs that touch
// instead of n (n - 1) / 2. The order is Scene::Queries()'s.
#pragma once

#include "scene.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace hitlab {

/// The relative margin by which SolidBounds grows a solid's bounds for float rounding: 2^-16 of
/// the largest |coordinate| of the bounds (256 float ulps). An obb's also grows by 2^-10 of its
/// extent, for axes that are orthonormal only within the 1e-4 its input allows.
inline constexpr double kBoundsRoundingMargin = 1.0 / 65536;
inline constexpr double kBoundsObbMargin = 1.0 / 1024;

/// The axis-aligned bounds of a solid (aabb, sphere, obb; an obb's from |axes| * halfExtents; a
/// point's position),
/// grown by the margins above so that two solids whose grown bounds do not meet are separate for
/// every overlap algorithm in float and in double (tests/core/pair_cull_test.cpp checks the
/// registry's algorithms) but these: obb_obb's published `sat_faces`, whose known flaw (no edge-edge
/// axes) makes it call some boxes with bounds apart overlapping, and in float `gjk_epa` and `mpr`
/// (GJK's tolerance on ||v||, about 3e-3 of the solids' size in float, and libccd's absolute
/// epsilon in MPR call such gaps overlaps); a culled pair is reported as a miss for them too. False, bounds untouched,
/// for a ray, segment or plane.
bool SolidBounds(const Shape& shape, glm::dvec3& min, glm::dvec3& max);

struct QueryListOptions {
    /// Leave out the pairs of solids whose bounds are apart: every algorithm says miss for them.
    bool cullSolidPairs = false;
    /// The most queries to list: beyond it nothing is listed (QueryList::overLimit).
    std::uint64_t limit = std::numeric_limits<std::uint64_t>::max();
};

struct QueryList {
    std::vector<SceneQuery> queries; ///< Scene::Queries() order, culled pairs left out; empty when overLimit
    std::uint64_t casts = 0;         ///< ray and segment casts (all of them, also when overLimit)
    std::uint64_t solidPairs = 0;    ///< pairs of solids (a family covers them, not disabled), culled or not
    /// of those, the pairs left out because their bounds are apart (with cullSolidPairs; a lower
    /// bound when overLimit, the sweep having stopped)
    std::uint64_t solidPairsApart = 0;
    bool overLimit = false; ///< more than options.limit queries would be listed
    bool culled = false;    ///< the pairs of solids were culled (cullSolidPairs, and solid pairs on)
    /// The number of queries listed, or when overLimit at least that would be.
    std::uint64_t Listed() const { return casts + solidPairs - solidPairsApart; }
};

/// The scene's queries (Scene::Queries()'s rules: disabled pairs and, unless SolidPairsEnabled,
/// pairs of solids left out), counted first and listed only when within options.limit. Time: the
/// queries listed plus, with culling, a sort of the solids and a sweep over the pairs whose
/// bounds overlap along the axis where the solids spread most.
QueryList ListQueries(const Scene& scene, const QueryListOptions& options = {});

} // namespace hitlab
