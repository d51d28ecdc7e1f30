// convex_convex: the reference's driver (scaling, the verdict by the dimension of the joint span,
// depth or distance, trace) and the family's registration.
#include "convex_convex.h"

#include "algorithm.h"
#include "outcome_text.h"
#include "triangle_exact.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace hitlab {

namespace detail {
namespace cvxr {

ConvexHull ScaledHull(const ConvexHull& h, int k)
{
    ConvexHull s = h;
    for (glm::dvec3& v : s.vertices) {
        v = tx::Scaled(v, k);
    }
    return s;
}

bool FiniteHull(const ConvexHull& h)
{
    return std::all_of(h.vertices.begin(), h.vertices.end(), [](const glm::dvec3& v) { return tx::FiniteVec(v); });
}

/// A unit normal of the plane, line or point all vertices lie in (the hit of a flat pair: depth 0
/// along it): the joint polygon's normal, a unit vector perpendicular to the joint segment, +z.
glm::dvec3 FlatNormal(const ConvexHull& a, const ConvexHull& b)
{
    std::vector<glm::dvec3> u = a.vertices;
    u.insert(u.end(), b.vertices.begin(), b.vertices.end());
    const ConvexHull joint = BuildConvexHull(u);
    if (joint.kind == HullKind::Polygon) {
        return joint.normal;
    }
    if (joint.kind != HullKind::Segment) {
        return {0, 0, 1};
    }
    const glm::dvec3 d = joint.vertices[1] - joint.vertices[0];
    const glm::dvec3 ad = glm::abs(d);
    glm::dvec3 axis(0);
    axis[ad.x <= ad.y && ad.x <= ad.z ? 0 : ad.y <= ad.z ? 1 : 2] = 1;
    return glm::normalize(glm::cross(d, axis));
}

void TraceAxis(Trace& trace, std::string label, const glm::dvec3& axis, double overlap, bool separating, bool chosen)
{
    AxisPart part;
    part.label = std::move(label);
    part.axis = axis;
    part.overlap = overlap;
    part.separating = separating;
    part.chosen = chosen;
    const std::string caption = separating ? Format("%s: separating plane (exact signs)", part.label.c_str())
                                           : Format("%s: least push-out %g", part.label.c_str(), overlap);
    trace.Add(caption, {{"push", overlap}}, std::move(part));
}

/// Whether the scaled hulls are apart (exact), with the separating axis when a candidate plane
/// gives it.
bool Apart(const ConvexHull& a, const ConvexHull& b, const JointSpan& s, OverlapResult<double>& r, Trace* trace)
{
    if (s.dimension == 3) {
        int side = 0;
        const int index = FirstSeparatingPlane(a, b, side);
        if (index >= 0) {
            r.separatingAxis = SeparatingNormal(a, b, index, side);
            r.hasSeparatingAxis = true;
            if (trace != nullptr) [[unlikely]] {
                TraceAxis(*trace, SeparatingLabel(a, b, index), r.separatingAxis, 0, true, false);
                trace->DecideLast();
            }
        }
        return index >= 0;
    }
    if (s.dimension == 2) {
        return SeparatesInPlane(a, b, s) != 0;
    }
    return s.dimension == 1 && SeparatedOnLine(a, b, s.coordinate);
}

void TracePoints(Trace& trace, const ClosestPair& c, bool hit)
{
    if (hit) {
        trace.Add("contact: a point of both (exact test)", {}, PointPart{"contact", c.a, true});
        return;
    }
    trace.Add(Format("closest points, distance %g", c.distance), {{"distance", c.distance}},
              SegmentPart{"closest", c.a, c.b, false});
}

} // namespace cvxr

ConvexOverlap ConvexConvexSatHulls(const ConvexHull& a0, const ConvexHull& b0, Trace* trace)
{
    ConvexOverlap out;
    OverlapResult<double>& r = out.r;
    if (a0.kind == HullKind::Empty || b0.kind == HullKind::Empty || !cvxr::FiniteHull(a0) || !cvxr::FiniteHull(b0)) {
        return out;
    }
    double largest = 0;
    for (const ConvexHull* h : {&a0, &b0}) {
        for (const glm::dvec3& v : h->vertices) {
            largest = std::max(largest, tx::LargestOf(v));
        }
    }
    const int k = tx::TriangleScaleExponent(largest);
    const ConvexHull a = cvxr::ScaledHull(a0, k), b = cvxr::ScaledHull(b0, k);
    const JointSpan s = JointSpanOf(a, b);
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("the vertices of both span %d dimension%s", s.dimension, s.dimension == 1 ? "" : "s"),
                   {{"dimension", double(s.dimension)}});
    }
    if (cvxr::Apart(a, b, s, r, trace)) {
        const ClosestPair c = HullDistance(a, b);
        out.closest = {std::ldexp(c.distance, -k), tx::Scaled(c.a, -k), tx::Scaled(c.b, -k)};
        if (!r.hasSeparatingAxis && out.closest.b != out.closest.a) {
            r.separatingAxis = glm::normalize(out.closest.b - out.closest.a);
            r.hasSeparatingAxis = true;
        }
        if (trace != nullptr) [[unlikely]] {
            cvxr::TracePoints(*trace, out.closest, false);
        }
        return out;
    }
    r.hit = true;
    const std::optional<glm::dvec3> contact = HullsMeetAt(a, b);
    r.contact = tx::Scaled(contact.value_or(a.vertices[0]), -k);
    out.closest = {0, r.contact, r.contact};
    if (s.dimension == 3) {
        const LeastPush p = LeastCandidatePush(a, b, std::ldexp(largest, k));
        r.depth = std::ldexp(p.depth, -k) + 0.0;
        r.normal = p.normal;
        if (trace != nullptr) [[unlikely]] {
            cvxr::TraceAxis(*trace, SeparatingLabel(a, b, p.index), p.normal, r.depth, false, true);
        }
    } else {
        r.normal = cvxr::FlatNormal(a, b);
    }
    if (trace != nullptr) [[unlikely]] {
        cvxr::TracePoints(*trace, out.closest, true);
        trace->DecideLast();
    }
    return out;
}

} // namespace detail

template <typename T>
OverlapResult<T> ConvexConvexSat(const Convex<T>& a, const Convex<T>& b, Trace* trace)
{
    if (!a.data || !b.data) {
        return {};
    }
    const bool inDouble = sizeof(T) == sizeof(double);
    const detail::ConvexOverlap o =
        detail::ConvexConvexSatHulls(HullOf(*a.data, inDouble), HullOf(*b.data, inDouble), trace);
    OverlapResult<double> r = o.r;
    if (!r.hit || r.depth == 0) {
        r.hasDistance = true;
        r.distance = o.closest.distance;
        r.closestA = o.closest.a;
        r.closestB = o.closest.b;
    }
    if (trace != nullptr) [[unlikely]] {
        trace->verdict = !r.hit           ? Format("miss: %g apart", r.distance)
                         : r.depth == 0.0 ? std::string("hit: the hulls touch (depth 0)")
                                          : Format("hit: b moves out by %g (%s)", r.depth,
                                                   NormalConventionText(r.normal, r.depth).c_str());
    }
    return NarrowOverlap<T>(r);
}

template OverlapResult<float> ConvexConvexSat<float>(const Convex<float>&, const Convex<float>&, Trace*);
template OverlapResult<double> ConvexConvexSat<double>(const Convex<double>&, const Convex<double>&, Trace*);

void RegisterConvexConvex(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "sat_reference",
        .family = Family::ConvexConvex,
        .title = "Separating planes of the hulls, exact (reference)",
        .summary =
            "The hulls of both point sets; apart exactly when a face plane of either, or a plane through an edge "
            "of a parallel to an edge of b, separates them (exact signs; in-plane lines for flat pairs); depth "
            "the least push-out over those axes; distance and closest points over the feature pairs.",
        .source = "The separating axis theorem for convex polyhedra (Gottschalk, Lin & Manocha, \"OBBTree\", SIGGRAPH "
                  "1996; Ericson, Real-Time Collision Detection (2005) 5.5), with Shewchuk's exact orientation signs",
        .reference = true,
        .published = false,
        .conventions = {{"touching", "overlap"}},
        .returns = kOverlapFields | kFieldSeparatingAxis | kDistanceFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Convex, Convex, BatchInlining::Call>(
            [](const auto& a, const auto& b, Trace* t) { return ConvexConvexSat(a, b, t); }),
    });
}

} // namespace hitlab
