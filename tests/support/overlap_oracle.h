// Test support for the overlap families (aabb_aabb, sphere_aabb, sphere_sphere, obb_obb):
// exact integer oracles on grid inputs, a plain long-double separating-axis oracle for OBBs
// written from vertex projections (independent of the R-matrix form in core/obb_obb.h), random
// input generators, and the family's public.jsonl cases (read by support/cases.h).
#pragma once

#include "core/algorithm.h"
#include "core/shapes.h"
#include "support/cases.h"

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace hitlab::test {

// ---- public.jsonl (through support/cases.h) ----

/// A valid public case of one family: the query (double) and its expectations.
struct PublicCase {
    int id = 0;
    std::string kind;
    Query query;
    bool hit = false;
    bool exact = true; ///< hit is exact (false for general rotations)
    double depth = 0;  ///< when hit
    bool depthExact = true;
};

/// Every valid case of `family` in HITLAB_TEST_DATA/public.jsonl (error cases skipped).
inline std::vector<PublicCase> LoadPublicCases(std::string_view family)
{
    const std::optional<Family> f = FamilyFromName(family);
    if (!f) {
        throw std::invalid_argument("unknown family");
    }
    std::vector<PublicCase> out;
    for (const Case& c : LoadCases(*f)) {
        PublicCase p;
        p.id = c.id.get<int>();
        p.kind = c.kind;
        p.query = *c.query;
        p.hit = c.expect.hit;
        p.exact = c.expect.exact;
        p.depth = c.expect.depth.value_or(0.0);
        p.depthExact = c.expect.depthExact;
        out.push_back(std::move(p));
    }
    return out;
}

/// Calls check(c, p) for every case in float and in double, under a trace that names the case
/// ("case 12 (touching) float"), so that a failed expectation says which.
template <typename Check>
void ForEachCaseInBothPrecisions(const std::vector<PublicCase>& cases, Check check)
{
    for (const PublicCase& c : cases) {
        for (Precision p : {Precision::Float, Precision::Double}) {
            SCOPED_TRACE(testing::Message()
                         << "case " << c.id << " (" << c.kind << ") " << (p == Precision::Float ? "float" : "double"));
            check(c, p);
        }
    }
}

/// Expects algorithm to give the case's verdict in precision p, and when it hits the case's depth exactly.
inline void ExpectHitAndExactDepth(const AlgorithmInfo& algorithm, const PublicCase& c, Precision p)
{
    const Result r = hitlab::Run(algorithm, c.query, p);
    ASSERT_EQ(r.hit, c.hit);
    if (c.hit) {
        EXPECT_EQ(r.depth, c.depth);
    }
}

// ---- grid inputs: multiples of 2^-kGridBits, binary32 values while |v| < 2^(24 - kGridBits) ----

inline constexpr int kGridBits = 20;

/// v * 2^kGridBits as an integer. Precondition: v is on the grid (checked by the caller's EXPECT).
inline std::int64_t ToGrid(double v) { return static_cast<std::int64_t>(std::ldexp(v, kGridBits)); }
inline bool OnGrid(double v) { return std::ldexp(v, kGridBits) == std::nearbyint(std::ldexp(v, kGridBits)); }

/// A random grid value in [-range, range] with at most `bits` fractional bits (range <= 8).
inline double RandomGrid(std::mt19937_64& rng, double range, int bits = kGridBits)
{
    const std::int64_t n = static_cast<std::int64_t>(std::ldexp(range, bits));
    std::uniform_int_distribution<std::int64_t> dist(-n, n);
    return std::ldexp(static_cast<double>(dist(rng)), -bits);
}

inline glm::dvec3 RandomGridVec(std::mt19937_64& rng, double range, int bits = kGridBits)
{
    return {RandomGrid(rng, range, bits), RandomGrid(rng, range, bits), RandomGrid(rng, range, bits)};
}

inline Aabb<double> RandomGridAabb(std::mt19937_64& rng, double range, double maxHalf, int bits = kGridBits)
{
    const glm::dvec3 c = RandomGridVec(rng, range, bits);
    glm::dvec3 h = RandomGridVec(rng, maxHalf, bits);
    h = glm::abs(h);
    return {c - h, c + h};
}

// ---- exact oracles on grid inputs (int64: |differences| < 2^25 grid units, squares < 2^50) ----

inline bool AabbAabbExact(const Aabb<double>& a, const Aabb<double>& b)
{
    for (int i = 0; i < 3; ++i) {
        if (ToGrid(a.min[i]) > ToGrid(b.max[i]) || ToGrid(b.min[i]) > ToGrid(a.max[i])) {
            return false;
        }
    }
    return true;
}

/// The protocol's box depth: min over axes of min(a.max - b.min, b.max - a.min), in grid units.
inline std::int64_t AabbAabbDepthGrid(const Aabb<double>& a, const Aabb<double>& b)
{
    std::int64_t best = std::numeric_limits<std::int64_t>::max();
    for (int i = 0; i < 3; ++i) {
        best = std::min({best, ToGrid(a.max[i]) - ToGrid(b.min[i]), ToGrid(b.max[i]) - ToGrid(a.min[i])});
    }
    return best;
}

/// Squared distance from the centre to the box minus r^2, in grid units squared (<= 0: overlap).
inline std::int64_t SphereAabbExcessGrid(const Sphere<double>& s, const Aabb<double>& b)
{
    std::int64_t sum = 0;
    for (int i = 0; i < 3; ++i) {
        const std::int64_t c = ToGrid(s.center[i]);
        const std::int64_t q = std::clamp(c, ToGrid(b.min[i]), ToGrid(b.max[i]));
        sum += (c - q) * (c - q);
    }
    const std::int64_t r = ToGrid(s.radius);
    return sum - r * r;
}

/// |cb - ca|^2 - (ra + rb)^2 in grid units squared (<= 0: overlap).
inline std::int64_t SphereSphereExcessGrid(const Sphere<double>& a, const Sphere<double>& b)
{
    std::int64_t sum = 0;
    for (int i = 0; i < 3; ++i) {
        const std::int64_t d = ToGrid(b.center[i]) - ToGrid(a.center[i]);
        sum += d * d;
    }
    const std::int64_t r = ToGrid(a.radius) + ToGrid(b.radius);
    return sum - r * r;
}

// ---- OBB oracle: 15 axes, intervals from the 8 projected vertices, in long double ----

using LVec = std::array<long double, 3>;

inline LVec LCross(const LVec& u, const LVec& v)
{
    return {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
}
inline long double LDot(const LVec& u, const LVec& v) { return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]; }

template <typename T>
LVec ToL(const Vec3<T>& v)
{
    return {static_cast<long double>(v.x), static_cast<long double>(v.y), static_cast<long double>(v.z)};
}

/// The oracle's answer: hit, the penetration depth (min normalised overlap, hits), and the
/// signed margin: the largest normalised gap over the axes (> 0 separated), or -depth.
struct ObbOracle {
    bool hit = false;
    long double depth = 0;
    long double margin = 0;
};

template <typename T>
ObbOracle ObbObbOracle(const Obb<T>& a, const Obb<T>& b)
{
    auto vertices = [](const Obb<T>& box) {
        std::array<LVec, 8> out{};
        for (int v = 0; v < 8; ++v) {
            LVec p = ToL(box.center);
            for (int k = 0; k < 3; ++k) {
                const long double s = ((v >> k) & 1) ? box.halfExtents[k] : -box.halfExtents[k];
                const LVec u = ToL(box.axes[static_cast<size_t>(k)]);
                for (int c = 0; c < 3; ++c) {
                    p[static_cast<size_t>(c)] += s * u[static_cast<size_t>(c)];
                }
            }
            out[static_cast<size_t>(v)] = p;
        }
        return out;
    };
    const std::array<LVec, 8> va = vertices(a), vb = vertices(b);
    std::vector<LVec> axes;
    for (int k = 0; k < 3; ++k) {
        axes.push_back(ToL(a.axes[static_cast<size_t>(k)]));
        axes.push_back(ToL(b.axes[static_cast<size_t>(k)]));
    }
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            axes.push_back(LCross(ToL(a.axes[static_cast<size_t>(i)]), ToL(b.axes[static_cast<size_t>(j)])));
        }
    }
    ObbOracle out;
    long double maxGap = -std::numeric_limits<long double>::infinity();
    long double minOverlap = std::numeric_limits<long double>::infinity();
    for (const LVec& axis : axes) {
        const long double len = std::sqrt(LDot(axis, axis));
        if (len < 1e-9L) {
            continue; // parallel edges: a null axis separates nothing
        }
        long double loA = INFINITY, hiA = -INFINITY, loB = INFINITY, hiB = -INFINITY;
        for (const LVec& p : va) {
            loA = std::min(loA, LDot(p, axis));
            hiA = std::max(hiA, LDot(p, axis));
        }
        for (const LVec& p : vb) {
            loB = std::min(loB, LDot(p, axis));
            hiB = std::max(hiB, LDot(p, axis));
        }
        const long double gap = std::max(loB - hiA, loA - hiB) / len;
        const long double overlap = std::min(hiA - loB, hiB - loA) / len;
        maxGap = std::max(maxGap, gap);
        minOverlap = std::min(minOverlap, overlap);
    }
    out.hit = maxGap <= 0;
    out.depth = out.hit ? minOverlap : 0;
    out.margin = out.hit ? -minOverlap : maxGap;
    return out;
}

/// Orthonormal right-handed axes from a random unit quaternion.
inline std::array<glm::dvec3, 3> RandomAxes(std::mt19937_64& rng)
{
    std::normal_distribution<double> n(0.0, 1.0);
    const glm::dquat q = glm::normalize(glm::dquat(n(rng), n(rng), n(rng), n(rng)));
    const glm::dmat3 m = glm::mat3_cast(q);
    return {m[0], m[1], m[2]};
}

} // namespace hitlab::test
