// Internals of the disagreement search shared by its files: the random source and the query
// distributions (hunt_generate.cpp), and the vectorised ray/box comparison (hunt_batch.cpp).
#pragma once

#include "hunt.h"

#include "core/batch/ray_aabb_batch.h"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace hitlab::hunt {

/// xoshiro256** (Blackman & Vigna): fast, seedable, good enough for test inputs.
///
/// Draws: a seed must draw the same cases under every compiler, so no expression makes two draws
/// whose order C++ leaves unspecified (a call's arguments, the operands of + - * and of overloaded
/// operators): each draw is its own statement, declarator, braced-list element or ternary branch.
/// Where two draws once shared an expression, the order written out is the one GCC used (a call's
/// arguments and an overloaded operator's operands right to left, a built-in operator's left to
/// right), so the seeds in tests and bug reports keep their cases; clang and GCC for aarch64
/// evaluated some of them the other way, and drew other cases (Hunt.ASeedDrawsTheSameCases...).
class Rng {
public:
    explicit Rng(std::uint64_t seed);
    std::uint64_t Next()
    {
        const auto rotl = [](std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); };
        const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
        const std::uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }
    /// Uniform in [lo, hi).
    double Uniform(double lo, double hi) { return lo + (hi - lo) * double(Next() >> 11) * 0x1p-53; }
    /// Uniform integer in [lo, hi] (hi - lo < 2^32): the high 32 bits scaled by multiplication
    /// (Lemire), no division; a bias below 2^-20 for the small ranges used here.
    int Int(int lo, int hi) { return lo + int(((Next() >> 32) * std::uint64_t(std::uint32_t(hi - lo) + 1u)) >> 32); }
    bool Chance(double p) { return Uniform(0, 1) < p; }

private:
    std::uint64_t m_s[4];
};

/// The seed of thread `lane`'s stream: lane 0 keeps seed, the others a splitmix64 mix of seed and
/// lane (HuntOptions::threads).
std::uint64_t LaneSeed(std::uint64_t seed, std::size_t lane);

/// Calls work(lane) for lane in [0, lanes) at once, lane 0 on the calling thread, on the worker
/// threads the hunts share (started by the first hunt that needs them, kept for the next), or on
/// threads of its own when another hunt holds them; returns when every lane has.
void RunLanes(std::size_t lanes, const std::function<void(std::size_t)>& work);

/// Draws one query of the family from one of its boundary-finding distributions (chosen at
/// random; its name in *distribution). Numbers are dyadic (small integers, halves, k/1024, powers
/// of two) except in the "random" distributions, so that aimed rays and touching solids are exact;
/// in float precision every number is a float. around: a share of the draws perturb this query.
Query Draw(Family family, Rng& rng, Precision precision, const std::optional<Query>& around, const char** distribution);

/// "miss", "hit, t in [0, 1]" or "hit, depth 0.5": a result as the hunt's lines print it.
std::string DescribeResult(const Result& r, Family family);

/// Every number of the query rounded to float (obb axes included).
Query RoundToFloat(const Query& query);

/// Pointers to every number of a shape that shrinking may change (not obb axes). A small mesh's
/// (at most 64 vertices) and a convex shape's numbers live in their shared, immutable data: the shape
/// first gets a private copy of it, made here and owned by this shape alone, and the pointers point
/// into that copy. Its float copy, bounds and hulls are then stale until RefreshSharedData rebuilds
/// the data, which every judgement during shrinking does first (ShrinkQuery).
void ShrinkNumbers(Shape& shape, std::vector<double*>& out);
/// Whether the shape's numbers live in shared data that ShrinkNumbers copies (a mesh, a convex shape).
bool HasSharedData(const Shape& shape);
/// Every mesh and convex shape of q rebuilt from its vertices or points (MakeMeshData,
/// MakeConvexData: the float copy, the bounds and the hulls).
void RefreshSharedData(Query& q);

/// A pool of boxes for the batched path: dyadic boxes on a small grid (so that rays share their
/// planes), flat boxes and random ones.
void DrawBoxes(Rng& rng, std::span<Aabb<float>> boxes);
/// A ray for the batched path: origins on the grid's planes, edges and corners, axis-parallel
/// directions with +-0, directions aimed at grid points, random ones.
Ray<float> DrawRay(Rng& rng, const char** distribution);

/// The reference slab method (RayAabbSlab<float>, ClipSlabs) for one ray against every box,
/// bit for bit the same verdicts, written as a loop the compiler vectorises. hits[i] = 0 or 1.
void RayAabbSlabBatch(const Ray<float>& ray, const AabbSoA& boxes, std::uint8_t* hits);

} // namespace hitlab::hunt
