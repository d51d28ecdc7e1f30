// The watertight test's exact solver on a zero-length segment (start == end): a point against the
// closed triangle, every sign exact (core/exact_sum.h); and the span of a degenerate triangle,
// which SolveDegenerate shares.
#include "ray_triangle_exact.h"

#include "exact_sum.h"

#include <algorithm>

namespace hitlab::detail {

namespace tri_exact {

namespace {

/// (q - p) x (x - p), component k, exactly: the signed area of p, q, x in the plane dropping k.
ExactSum EdgeFunction(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& x, int k)
{
    ExactSum e;
    AddCross(e, q, x, k);
    AddCross(e, p, q, k);
    AddCross(e, x, p, k);
    return e;
}

} // namespace

DegenerateSpan SpanOf(const ExactTriangleQuery& q)
{
    DegenerateSpan span;
    for (int c = 0; c < 3 && span.axis < 0; ++c) {
        span.axis = q.v[0][c] != q.v[1][c] || q.v[0][c] != q.v[2][c] ? c : -1;
    }
    if (span.axis >= 0) {
        for (int i = 1; i < 3; ++i) {
            span.ip = q.v[i][span.axis] < q.v[span.ip][span.axis] ? i : span.ip;
            span.iq = q.v[i][span.axis] > q.v[span.iq][span.axis] ? i : span.iq;
        }
    }
    return span;
}

void SetSpanWeights(const ExactTriangleQuery& q, const DegenerateSpan& span, const glm::dvec3& x,
                    ExactTriangleAnswer& a)
{
    const double p = q.v[span.ip][span.axis], r = q.v[span.iq][span.axis];
    const double s = std::clamp((x[span.axis] - p) / (r - p), 0.0, 1.0);
    double w[3] = {0, 0, 0};
    w[span.ip] += 1 - s;
    w[span.iq] += s;
    a.u = w[1];
    a.v = w[2];
}

/// A zero-length segment (start == end, valid input: a point): it hits, over [0, 1], when the
/// point lies on the closed triangle, or on the segment or point a degenerate triangle spans. u, v:
/// its barycentrics (a degenerate triangle: the span's end weights, as SolveDegenerate gives them).
ExactTriangleAnswer ZeroLengthSegmentAnswer(const ExactTriangleQuery& q)
{
    ExactTriangleAnswer a;
    const glm::dvec3 &x = q.o, &v0 = q.v[0], &v1 = q.v[1], &v2 = q.v[2];
    int k = -1;
    ExactSum n;
    for (int c = 0; c < 3 && k < 0; ++c) { // any axis with n_c != 0 sees the whole triangle
        n = EdgeFunction(v0, v1, v2, c);
        k = n.Sign() != 0 ? c : -1;
    }
    if (k >= 0) {
        ExactSum volume; // det[v1 - v0, v2 - v0, x - v0], expanded: 0 on the plane
        AddDet(volume, v1, v2, x);
        AddDet(volume, v0, v2, x, true);
        AddDet(volume, v1, v0, x, true);
        AddDet(volume, v1, v2, v0, true);
        const ExactSum e01 = EdgeFunction(v0, v1, x, k), e12 = EdgeFunction(v1, v2, x, k),
                       e20 = EdgeFunction(v2, v0, x, k);
        const int sn = n.Sign();
        a.hit = volume.Sign() == 0 && e01.Sign() * sn >= 0 && e12.Sign() * sn >= 0 && e20.Sign() * sn >= 0;
        if (a.hit) {
            a.inPlane = true;
            a.u = Ratio(e20, n); // the weight of v1: the area of v2, v0, x over the triangle's
            a.v = Ratio(e01, n);
        }
    } else {
        a.degenerate = true;
        const DegenerateSpan span = SpanOf(q);
        if (span.axis < 0) {
            a.hit = x == v0;
        } else {
            const glm::dvec3 &p = q.v[span.ip], &r = q.v[span.iq];
            bool onLine = true;
            for (int c = 0; c < 3; ++c) {
                onLine = onLine && EdgeFunction(p, r, x, c).Sign() == 0;
            }
            a.hit = onLine && x[span.axis] >= p[span.axis] && x[span.axis] <= r[span.axis];
            if (a.hit) {
                SetSpanWeights(q, span, x, a);
            }
        }
    }
    if (a.hit) {
        a.tEnter = 0;
        a.tExit = 1;
    }
    return a;
}

} // namespace tri_exact

} // namespace hitlab::detail
