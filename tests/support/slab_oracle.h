// Test support for ray_aabb and segment_aabb: a plain long-double slab oracle that also says
// whether an input lies near the hit/miss boundary (so differential tests can skip it), and
// seeded generators of rays, segments and boxes (general, and on an exact dyadic grid).
#pragma once

#include "core/shapes.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <utility>

namespace hitlab::test {

/// The answer of the line o + t d against the closed box [lo, hi] for t in [tMin, tMax], in long double.
struct SlabOracleResult {
    bool hit = false;
    long double tEnter = 0, tExit = 0;
    bool nearBoundary = false; ///< within `relative` of the hit/miss boundary: skip in differential tests
};

/// Slabs in long double (64-bit mantissa): every input double is exact, each t has one rounding of
/// 2^-64 relative. nearBoundary when the interval's length, or a parallel origin's distance to a
/// slab plane, is within `relative` of the case's scale.
inline SlabOracleResult SlabOracle(const glm::dvec3& o, const glm::dvec3& d, const glm::dvec3& lo, const glm::dvec3& hi,
                                   long double tMin, long double tMax, long double relative = 1e-4L)
{
    SlabOracleResult r;
    long double enter = tMin, exit = tMax;
    long double scale = 1;
    bool parallelOut = false, parallelNear = false;
    for (int axis = 0; axis < 3; ++axis) {
        const long double O = o[axis], D = d[axis], L = lo[axis], H = hi[axis];
        const long double size = std::max({1.0L, std::fabs(O), std::fabs(L), std::fabs(H)});
        if (D == 0) {
            parallelNear = parallelNear || std::fabs(O - L) <= relative * size || std::fabs(O - H) <= relative * size;
            parallelOut = parallelOut || O < L || O > H;
            continue;
        }
        long double t0 = (L - O) / D, t1 = (H - O) / D;
        if (t0 > t1) {
            std::swap(t0, t1);
        }
        enter = std::max(enter, t0);
        exit = std::min(exit, t1);
        scale = std::max({scale, std::fabs(t0), std::fabs(t1)});
    }
    r.hit = !parallelOut && enter <= exit;
    r.tEnter = enter;
    r.tExit = exit;
    r.nearBoundary = parallelNear || (!parallelOut && std::fabs(exit - enter) <= relative * scale);
    return r;
}

/// A ray (or segment start and delta) and a box, in double.
struct LineBoxCase {
    glm::dvec3 origin{0}, direction{1, 0, 0};
    glm::dvec3 lo{0}, hi{1};
};

/// General position: box centre in [-1, 1]^3, half-extents in [0.05, 1.5], origin in [-3, 3]^3,
/// direction aimed at a point of the box grown by 30% (so about half hit), each component zero
/// with probability zeroChance (never all three).
inline LineBoxCase RandomLineBox(std::mt19937_64& rng, double zeroChance)
{
    std::uniform_real_distribution<double> unit(-1, 1);
    std::uniform_real_distribution<double> extent(0.05, 1.5);
    std::uniform_real_distribution<double> chance(0, 1);
    LineBoxCase c;
    const glm::dvec3 center(unit(rng), unit(rng), unit(rng));
    const glm::dvec3 half(extent(rng), extent(rng), extent(rng));
    c.lo = center - half;
    c.hi = center + half;
    c.origin = glm::dvec3(3 * unit(rng), 3 * unit(rng), 3 * unit(rng));
    const glm::dvec3 target = center + 1.3 * half * glm::dvec3(unit(rng), unit(rng), unit(rng));
    c.direction = target - c.origin;
    for (int axis = 0; axis < 3; ++axis) {
        if (chance(rng) < zeroChance) {
            c.direction[axis] = 0;
        }
    }
    if (c.direction == glm::dvec3(0)) {
        c.direction.x = 1;
    }
    return c;
}

/// Rounds every number of the case to T and back, so that float and double see the same input.
/// noinline: inlined into a test loop, GCC 12.2 at -O2 was seen to drop the float rounding of the
/// y and z components (the SLP vectorizer; -O1 or -fno-tree-slp-vectorize gave the right values).
template <typename T>
[[gnu::noinline]] LineBoxCase RoundTo(const LineBoxCase& c)
{
    const auto round = [](const glm::dvec3& v) {
        glm::dvec3 out;
        for (int i = 0; i < 3; ++i) {
            out[i] = static_cast<double>(static_cast<T>(v[i]));
        }
        return out;
    };
    LineBoxCase out{round(c.origin), round(c.direction), round(c.lo), round(c.hi)};
    if (out.direction == glm::dvec3(0)) {
        out.direction.x = 1;
    }
    return out;
}

/// Exact grid: coordinates are multiples of 1/8 in [-4, 4], box sizes multiples of 1/4 (flat boxes
/// included), direction components in {0, +-1/2, +-1, +-2} (not all zero). Every slab quotient and
/// every point o + t d is then exact in float and double, and so is any translation by a power of two
/// up to 64: algorithms must answer bit-identically. Edges, corners, faces and -0 occur often.
inline LineBoxCase RandomGridLineBox(std::mt19937_64& rng, bool allowZero)
{
    std::uniform_int_distribution<int> coordinate(-32, 32);
    std::uniform_int_distribution<int> size(0, 12);
    std::uniform_int_distribution<int> component(allowZero ? 0 : 1, 6);
    std::uniform_int_distribution<int> coin(0, 1);
    static constexpr double kComponents[7] = {0, 0.5, 1, 2, 0.5, 1, 2};
    LineBoxCase c;
    for (int axis = 0; axis < 3; ++axis) {
        c.origin[axis] = coordinate(rng) / 8.0;
        c.lo[axis] = coordinate(rng) / 8.0;
        c.hi[axis] = c.lo[axis] + size(rng) / 4.0;
        const double magnitude = kComponents[component(rng)];
        // towards the box's centre three times in four, so that about a third of the cases hit
        const bool towards = rng() % 4 != 0;
        const bool negative = towards ? c.origin[axis] > 0.5 * (c.lo[axis] + c.hi[axis]) : coin(rng) != 0;
        c.direction[axis] = negative ? -magnitude : magnitude; // -0 included
    }
    if (c.direction == glm::dvec3(0)) {
        c.direction.y = 1;
    }
    return c;
}

/// Aims the case's direction at a random point on an edge or corner of its box (then rounds to T),
/// so the ray grazes or barely enters: the inputs where rounding decides.
template <typename T>
LineBoxCase AimAtEdge(std::mt19937_64& rng, LineBoxCase c)
{
    std::uniform_real_distribution<double> unit(0, 1);
    std::uniform_int_distribution<int> pick(0, 1);
    glm::dvec3 target;
    const int freeAxis = std::uniform_int_distribution<int>(0, 3)(rng); // 3: a corner
    for (int axis = 0; axis < 3; ++axis) {
        target[axis] = axis == freeAxis ? c.lo[axis] + unit(rng) * (c.hi[axis] - c.lo[axis])
                                        : (pick(rng) != 0 ? c.hi[axis] : c.lo[axis]);
    }
    c.direction = target - c.origin;
    return RoundTo<T>(c);
}

} // namespace hitlab::test
