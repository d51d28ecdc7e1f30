// GJK + EPA and MPR as HitLab overlap algorithms, and the GJK ray cast as a cast algorithm: the
// functions the registry runs (core/gjk_register.cpp) on any pair of solids with a support
// function (core/support.h).
#pragma once

#include "epa.h"
#include "gjk.h"
#include "gjk_raycast.h"
#include "mpr.h"
#include "outcome_text.h"
#include "result.h"

#include <utility>

namespace hitlab {

/// The scalar of a solid with a support function.
template <typename S>
using SupportScalar = typename decltype(InteriorPoint(std::declval<const S&>()))::value_type;

/// GJK, then EPA on an overlap (core/gjk.h, core/epa.h): hit, depth and normal (along which b moves
/// out of a). Separated: a miss with GJK's distance and closest points (hasDistance). trace: GJK's
/// iterations, then EPA's expansions.
template <typename SA, typename SB>
OverlapResult<SupportScalar<SA>> GjkEpaOverlap(const SA& a, const SB& b, Trace* trace = nullptr)
{
    using T = SupportScalar<SA>;
    OverlapResult<T> out;
    const GjkResult<T> g = Gjk<T>(a, b, trace);
    if (!g.hit) {
        out.distance = g.distance;
        out.closestA = g.closestA;
        out.closestB = g.closestB;
        out.hasDistance = true;
        if (trace != nullptr) [[unlikely]] {
            trace->DecideLast();
            trace->verdict = Format("miss: GJK stopped (%s) %g apart after %d iterations", GjkStopName(g.stop),
                                    double(g.distance), g.iterations);
        }
        return out;
    }
    const EpaResult<T> e = Epa<T>(a, b, g, trace);
    out.hit = true;
    out.depth = e.depth;
    out.normal = e.normal;
    if (trace != nullptr) [[unlikely]] {
        trace->DecideLast();
        trace->verdict = Format("hit: GJK found the origin in a - b (%s); EPA (%s, %d expansions): depth %g",
                                GjkStopName(g.stop), EpaStopName(e.stop), e.iterations, double(e.depth));
    }
    return out;
}

/// MPR (core/mpr.h) as an overlap algorithm: hit, depth and normal.
template <typename SA, typename SB>
OverlapResult<SupportScalar<SA>> MprOverlap(const SA& a, const SB& b, Trace* trace = nullptr)
{
    using T = SupportScalar<SA>;
    OverlapResult<T> out;
    const MprResult<T> m = Mpr<T>(a, b, trace);
    out.hit = m.hit;
    if (m.hit) {
        out.depth = m.depth;
        out.normal = m.normal;
    }
    if (trace != nullptr) [[unlikely]] {
        trace->DecideLast();
        trace->verdict = !m.hit ? std::string("miss: a support point did not pass the origin")
                                : Format("hit: MPR depth %g after %d refinements", double(m.depth), m.iterations);
    }
    return out;
}

} // namespace hitlab
