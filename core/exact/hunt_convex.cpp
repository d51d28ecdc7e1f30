// The hunt's draws for convex_convex (issue 25): where GJK, EPA and MPR go wrong. Random clouds,
// boxes given as their eight corners (touching on a face, an edge or a corner, or a small gap
// apart), a cloud touching another at one of its points, flat and degenerate hulls (a polygon, a
// segment, a point), and coordinates offset far from the origin by 2^k.
#include "hunt_draw.h"

#include <string>

namespace hitlab::hunt::draw {

namespace {

std::vector<dvec3> BoxCorners(const dvec3& lo, const dvec3& hi)
{
    std::vector<dvec3> p;
    for (int k = 0; k < 8; ++k) {
        p.push_back({(k & 1) ? hi.x : lo.x, (k & 2) ? hi.y : lo.y, (k & 4) ? hi.z : lo.z});
    }
    return p;
}

std::vector<dvec3> Cloud(Rng& rng, const dvec3& centre, int n, bool grid)
{
    std::vector<dvec3> p;
    for (int k = 0; k < n; ++k) {
        p.push_back(centre + (grid ? GridV(rng) * 0.5 : RandV(rng) * 0.25));
    }
    return p;
}

/// A flat or degenerate cloud: points of one plane z = c (through the centre), of one line, or one
/// point repeated.
std::vector<dvec3> FlatCloud(Rng& rng, const dvec3& centre)
{
    const int k = rng.Int(0, 2);
    std::vector<dvec3> p;
    const dvec3 d = NonZero(GridV(rng), rng);
    for (int i = 0; i < 5; ++i) {
        dvec3 v = k == 0 ? centre + GridV(rng) * 0.5 : k == 1 ? centre + d * (rng.Int(-4, 4) * 0.25) : centre;
        if (k == 0) {
            v.z = centre.z;
        }
        p.push_back(v);
    }
    return p;
}

Query Pair(std::vector<dvec3> a, std::vector<dvec3> b)
{
    return {Family::ConvexConvex, Convex<double>{MakeConvexData(std::move(a))},
            Convex<double>{MakeConvexData(std::move(b))}};
}

} // namespace

Query DrawConvexConvex(Rng& rng, const char** what)
{
    static const char* const kNames[] = {"random clouds",    "boxes as convex, touching", "boxes as convex, apart",
                                         "cloud on a point", "flat or degenerate hulls",  "far clouds",
                                         "grid clouds"};
    const int k = rng.Int(0, 6);
    *what = kNames[k];
    const dvec3 ca = GridV(rng), cb = ca + GridV(rng) * 0.5;
    switch (k) {
    case 1:
    case 2: { // b's box on a face, an edge or a corner of a's (touching), or a small gap beyond
        const Aabb<double> a = GridBox(rng);
        const dvec3 size = NonZero(glm::abs(GridV(rng)), rng);
        dvec3 lo = a.min + (a.max - a.min) * 0.5;
        const int touching = rng.Int(1, 3); // along 1, 2 or 3 axes: a face, an edge, a corner
        for (int i = 0; i < touching; ++i) {
            lo[i] = a.max[i] + (k == 2 ? 0x1p-12 : 0.0);
        }
        return Pair(BoxCorners(a.min, a.max), BoxCorners(lo, lo + size));
    }
    case 3: { // one of b's points is one of a's
        std::vector<dvec3> a = Cloud(rng, ca, rng.Int(4, 8), true), b = Cloud(rng, cb, rng.Int(4, 8), true);
        b[0] = a[size_t(rng.Int(0, int(a.size()) - 1))];
        return Pair(std::move(a), std::move(b));
    }
    case 4: { // b is drawn before a in these cases (hunt_detail.h, "draws")
        std::vector<dvec3> b = FlatCloud(rng, cb);
        std::vector<dvec3> a = rng.Chance(0.5) ? FlatCloud(rng, ca) : Cloud(rng, ca, 6, true);
        return Pair(std::move(a), std::move(b));
    }
    case 5: { // far from the origin: the differences stay exact, the coordinates do not stay small
        const double scale = std::ldexp(1.0, rng.Int(16, 40));
        const dvec3 offset = GridV(rng) * scale;
        std::vector<dvec3> b = Cloud(rng, cb + offset, 6, true);
        return Pair(Cloud(rng, ca + offset, 6, true), std::move(b));
    }
    case 6: {
        std::vector<dvec3> b = Cloud(rng, cb, rng.Int(4, 10), true);
        return Pair(Cloud(rng, ca, rng.Int(4, 10), true), std::move(b));
    }
    default: {
        std::vector<dvec3> b = Cloud(rng, cb, rng.Int(1, 12), false);
        return Pair(Cloud(rng, ca, rng.Int(1, 12), false), std::move(b));
    }
    }
}

} // namespace hitlab::hunt::draw
