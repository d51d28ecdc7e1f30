// The two number types the exact judge's geometry (exact_geometry.h) is written over: GMP's
// rational mpq_class (exact) and Interval, a double interval rounded outward that proves a sign
// when it can and raises a flag when it cannot. Internal to hitlab_exact.
#pragma once

#include <gmpxx.h>

#include <cmath>
#include <limits>

namespace hitlab::exact {

/// Set by Sign(Interval) when an interval contains 0 (or is NaN): the verdict is not proven.
inline thread_local bool g_uncertain = false;

/// [lo, hi] containing the true value. Point intervals stay points while the arithmetic on them
/// is exact (checked with TwoSum / fma), so exact boundary cases (integers) stay decidable.
struct Interval {
    double lo = 0, hi = 0;
    Interval() = default;
    explicit Interval(double v) : lo(v), hi(v) {}
    Interval(double l, double h) : lo(l), hi(h) {}
    bool Point() const { return lo == hi; }
};

// One rounding of x moves it by at most |x| 2^-53 (or half the subnormal spacing); these step
// further than that, so [Down(x), Up(x)] holds the exact result of the operation that gave x.
inline double Down(double x) { return x - (std::fabs(x) * 0x1p-51 + 0x1p-1074); }
inline double Up(double x) { return x + (std::fabs(x) * 0x1p-51 + 0x1p-1074); }

inline Interval Widen(double lo, double hi) { return {Down(lo), Up(hi)}; }

/// Below this magnitude a product's or quotient's rounding error may itself underflow, so the
/// fma residual can read 0 for an inexact result: point results are only kept above it. (At
/// |x| >= 2^-968 the residual is a multiple of at least 2^-1073, so it is exact.)
inline constexpr double kExactResidualMin = 0x1p-968;

// At the extremes: an overflowed bound is +-inf, and Down(+inf) or Up(-inf) is NaN, which Sign
// reports as uncertain; fmin and fmax drop the NaN of 0 * inf (a zero bound times an unbounded
// one), which leaves a valid bound as the true values are finite.

inline Interval operator+(const Interval& a, const Interval& b)
{
    if (a.Point() && b.Point()) {
        const double s = a.lo + b.lo;
        const double bb = s - a.lo;
        if ((a.lo - (s - bb)) + (b.lo - bb) == 0 && std::isfinite(s)) { // TwoSum error 0: exact
            return Interval(s);
        }
    }
    return Widen(a.lo + b.lo, a.hi + b.hi);
}
inline Interval operator-(const Interval& a) { return {-a.hi, -a.lo}; }
inline Interval operator-(const Interval& a, const Interval& b) { return a + (-b); }

inline Interval operator*(const Interval& a, const Interval& b)
{
    if (a.Point() && b.Point()) {
        const double p = a.lo * b.lo;
        if ((a.lo == 0 || b.lo == 0 || (std::fabs(p) >= kExactResidualMin && std::isfinite(p))) &&
            std::fma(a.lo, b.lo, -p) == 0) {
            return Interval(p);
        }
    }
    const double p1 = a.lo * b.lo, p2 = a.lo * b.hi, p3 = a.hi * b.lo, p4 = a.hi * b.hi;
    return Widen(std::fmin(std::fmin(p1, p2), std::fmin(p3, p4)), std::fmax(std::fmax(p1, p2), std::fmax(p3, p4)));
}

inline Interval operator/(const Interval& a, const Interval& b)
{
    if (!(b.lo > 0 || b.hi < 0)) { // may contain 0: no bound
        g_uncertain = true;
        constexpr double inf = std::numeric_limits<double>::infinity();
        return {-inf, inf};
    }
    if (a.Point() && b.Point()) {
        const double q = a.lo / b.lo;
        if ((a.lo == 0 ||
             (std::fabs(a.lo) >= kExactResidualMin && std::fabs(q) >= kExactResidualMin && std::isfinite(q))) &&
            std::fma(q, b.lo, -a.lo) == 0) {
            return Interval(q);
        }
    }
    const double q1 = a.lo / b.lo, q2 = a.lo / b.hi, q3 = a.hi / b.lo, q4 = a.hi / b.hi;
    return Widen(std::fmin(std::fmin(q1, q2), std::fmin(q3, q4)), std::fmax(std::fmax(q1, q2), std::fmax(q3, q4)));
}

/// The sign of the true value; flags g_uncertain (and says 0) when the interval cannot tell.
inline int Sign(const Interval& x)
{
    if (x.lo > 0) {
        return 1;
    }
    if (x.hi < 0) {
        return -1;
    }
    if (x.lo == 0 && x.hi == 0) {
        return 0;
    }
    g_uncertain = true; // contains 0, or NaN from an overflow
    return 0;
}

inline Interval Abs(const Interval& x)
{
    if (x.lo >= 0) {
        return x;
    }
    if (x.hi <= 0) {
        return -x;
    }
    return {0.0, std::fmax(-x.lo, x.hi)};
}

inline int Sign(const mpq_class& x) { return sgn(x); }
inline mpq_class Abs(const mpq_class& x) { return abs(x); }

} // namespace hitlab::exact
