// The watertight test's refinement of a double hit with fused multiply-add (where the CPU has it):
// the Moller-Trumbore numerators from exact differences, every product split exactly into its
// rounded value and its error, the errors summed in double. About 2^-100 of the terms' magnitudes,
// like double-double, at half the cost of double-double without FMA (about 60 ns a call against 119;
// docs/benchmarks.md, "The watertight test without early exits").
#include "ray_triangle.h"
#include "simd_dispatch.h"

#include <cmath>

namespace hitlab::detail {

namespace {

/// An unevaluated sum h + l (not normalised: |l| is at most a few units of the terms' last place).
struct FmaSum {
    double h, l;
};

struct FmaVec {
    FmaSum x, y, z;
};

/// a b - p exactly, p = a b rounded.
HITLAB_TARGET_FMA inline double ProductError(double a, double b, double p) { return __builtin_fma(a, b, -p); }

/// a + b exactly as a rounded sum and its error (Knuth's TwoSum: no condition on the magnitudes).
HITLAB_TARGET_FMA inline FmaSum ExactSum2(double a, double b)
{
    const double s = a + b, bb = s - a;
    return {s, (a - (s - bb)) + (b - bb)};
}

HITLAB_TARGET_FMA inline FmaSum ExactDifference(double a, double b) { return ExactSum2(a, -b); }

/// a b - c d of unevaluated sums: the leading products exact, their difference exact, the rest
/// (the products' errors, the cross terms with the low parts) rounded; a.l c.l-sized terms dropped.
HITLAB_TARGET_FMA inline FmaSum CrossTerm(FmaSum a, FmaSum b, FmaSum c, FmaSum d)
{
    const double p = a.h * b.h, q = c.h * d.h;
    const double ep = ProductError(a.h, b.h, p), eq = ProductError(c.h, d.h, q);
    const FmaSum s = ExactDifference(p, q);
    return {s.h, (s.l + (ep - eq)) + ((a.h * b.l + a.l * b.h) - (c.h * d.l + c.l * d.h))};
}

HITLAB_TARGET_FMA inline FmaVec CrossOf(const FmaVec& a, const FmaVec& b)
{
    return {CrossTerm(a.y, b.z, a.z, b.y), CrossTerm(a.z, b.x, a.x, b.z), CrossTerm(a.x, b.y, a.y, b.x)};
}

/// a.b, normalised (h the rounded value).
HITLAB_TARGET_FMA inline FmaSum DotOf(const FmaVec& a, const FmaVec& b)
{
    const double p0 = a.x.h * b.x.h, p1 = a.y.h * b.y.h, p2 = a.z.h * b.z.h;
    const double errors =
        (ProductError(a.x.h, b.x.h, p0) + ProductError(a.y.h, b.y.h, p1)) + ProductError(a.z.h, b.z.h, p2);
    const FmaSum s1 = ExactSum2(p0, p1), s2 = ExactSum2(s1.h, p2);
    const double cross =
        (a.x.h * b.x.l + a.x.l * b.x.h) + (a.y.h * b.y.l + a.y.l * b.y.h) + (a.z.h * b.z.l + a.z.l * b.z.h);
    return ExactSum2(s2.h, ((s1.l + s2.l) + errors) + cross);
}

HITLAB_TARGET_FMA inline FmaVec DifferenceOf(const glm::dvec3& a, const glm::dvec3& b)
{
    return {ExactDifference(a.x, b.x), ExactDifference(a.y, b.y), ExactDifference(a.z, b.z)};
}

/// a b rounded, a and b unevaluated sums (their low parts' product dropped).
HITLAB_TARGET_FMA inline double ProductOf(FmaSum a, FmaSum b)
{
    const double p = a.h * b.h;
    return p + (ProductError(a.h, b.h, p) + (a.h * b.l + a.l * b.h));
}

} // namespace

bool CpuRefinesWithFma()
{
    static const bool fma = simd::CpuHasFma();
    return fma;
}

HITLAB_TARGET_FMA bool RefineTriangleWithFma(const glm::dvec3& o, const glm::dvec3& dh, const glm::dvec3& dl,
                                             const glm::dvec3& v0, const glm::dvec3& v1, const glm::dvec3& v2,
                                             TriangleFastValues& f)
{
    const FmaVec e1 = DifferenceOf(v1, v0), e2 = DifferenceOf(v2, v0), s = DifferenceOf(o, v0);
    const FmaVec d = {ExactSum2(dh.x, dl.x), ExactSum2(dh.y, dl.y), ExactSum2(dh.z, dl.z)};
    const FmaVec p = CrossOf(d, e2), c = CrossOf(s, e1);
    const FmaSum det = DotOf(e1, p), uN = DotOf(s, p), vN = DotOf(d, c), tN = DotOf(e2, c);
    if (!KeepRefinedNumerators(f, det.h, uN.h, vN.h, tN.h)) {
        return false;
    }
    // 1 / det as q + q r, r = 1 - q det (the residual exact in its leading part), then each quotient
    // as one product: within about a unit and a half of the exact quotient
    const double inv = 1.0 / det.h;
    const double residual = -(ProductError(inv, det.h, 1.0) + inv * det.l);
    const FmaSum reciprocal = {inv, inv * residual};
    f.t = ProductOf(tN, reciprocal);
    f.u = ProductOf(uN, reciprocal);
    f.v = ProductOf(vN, reciprocal);
    return true;
}

bool RefineDoubleHit(const glm::dvec3& o, const glm::dvec3& dh, const glm::dvec3& dl, const glm::dvec3& v0,
                     const glm::dvec3& v1, const glm::dvec3& v2, TriangleFastValues& f)
{
    if (CpuRefinesWithFma()) {
        return RefineTriangleWithFma(o, dh, dl, v0, v1, v2, f);
    }
    return RefineTriangleValues(ExactQueryOf(o, dh, dl, v0, v1, v2, false), f);
}

} // namespace hitlab::detail
