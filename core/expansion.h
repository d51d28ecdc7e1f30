// Exact arithmetic for the references' careful paths: double expansions (a value as a sum of
// non-overlapping doubles; Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust
// Geometric Predicates", 1997) and double-double values (Dekker 1971). Portable: products are
// split with Veltkamp's constant rather than fused (the core is built with -ffp-contract=off), so
// x86-64 without FMA and aarch64 compute the same bits.
//
// Exact when no product overflows (|factors| below 2^995) and none underflows below 2^-969 (its
// error term then loses bits under the smallest subnormal, an absolute error below 2^-1074).
#pragma once

#include <cmath>

namespace hitlab::detail::xp {

/// s + e == a + b exactly, s the rounded sum (Knuth's TwoSum; any magnitudes).
inline void TwoSum(double a, double b, double& s, double& e)
{
    s = a + b;
    const double bb = s - a;
    const double aa = s - bb;
    e = (a - aa) + (b - bb);
}

/// p + e == a * b exactly, p the rounded product (Dekker's product with Veltkamp's split).
inline void TwoProduct(double a, double b, double& p, double& e)
{
    constexpr double kSplitter = 134217729.0; // 2^27 + 1
    p = a * b;
    const double ca = kSplitter * a, cb = kSplitter * b;
    const double ah = ca - (ca - a), al = a - ah;
    const double bh = cb - (cb - b), bl = b - bh;
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
}

/// A sum of doubles, non-overlapping, in increasing magnitude, without zeros (n == 0: zero).
/// The capacity covers the careful paths' largest products (a sum of 18 squares of a 2-part
/// difference times a 6-part dot product, and the like).
struct Expansion {
    static constexpr int kCapacity = 640;
    double c[kCapacity];
    int n = 0;

    void Push(double x)
    {
        if (x != 0.0) {
            c[n++] = x;
        }
    }
    /// -1, 0 or 1: the sign of the largest component, which is the sign of the sum.
    int Sign() const { return n == 0 ? 0 : c[n - 1] > 0 ? 1 : -1; }
};

/// e + b (e non-overlapping): Shewchuk's Grow-Expansion with zero elimination.
inline void Grow(Expansion& e, double b)
{
    double q = b;
    int out = 0;
    for (int i = 0; i < e.n; ++i) {
        double s, h;
        TwoSum(q, e.c[i], s, h);
        if (h != 0.0) {
            e.c[out++] = h;
        }
        q = s;
    }
    e.n = out;
    e.Push(q);
}

/// e += f.
inline void Add(Expansion& e, const Expansion& f)
{
    for (int i = 0; i < f.n; ++i) {
        Grow(e, f.c[i]);
    }
}

/// e += a * b (the exact product's two parts).
inline void AddProduct(Expansion& e, double a, double b)
{
    double p, err;
    TwoProduct(a, b, p, err);
    Grow(e, err);
    Grow(e, p);
}

/// out += e * b: each component's exact product added (Scale-Expansion's terms).
inline void AddScaled(Expansion& out, const Expansion& e, double b)
{
    for (int i = 0; i < e.n; ++i) {
        AddProduct(out, e.c[i], b);
    }
}

/// Shewchuk's Compress: the same sum in fewer components, the largest a close approximation.
inline void Compress(Expansion& e)
{
    if (e.n < 2) {
        return;
    }
    double h[Expansion::kCapacity];
    int bottom = e.n - 1;
    double q = e.c[bottom];
    for (int i = e.n - 2; i >= 0; --i) {
        double s, err;
        TwoSum(q, e.c[i], s, err);
        if (err != 0.0) {
            h[bottom--] = s;
            q = err;
        } else {
            q = s;
        }
    }
    int top = 0;
    for (int i = bottom + 1; i < e.n; ++i) {
        double s, err;
        TwoSum(h[i], q, s, err);
        if (err != 0.0) {
            e.c[top++] = err;
        }
        q = s;
    }
    e.c[top++] = q;
    e.n = top;
    if (q == 0.0) {
        e.n = 0; // only zeros
    }
}

/// out = e * f.
inline void Multiply(Expansion& out, const Expansion& e, const Expansion& f)
{
    out.n = 0;
    for (int j = 0; j < f.n; ++j) {
        AddScaled(out, e, f.c[j]);
    }
}

/// A double-double: hi + lo with |lo| <= half an ulp of hi (about 106 bits).
struct DD {
    double hi = 0, lo = 0;
};

inline DD Normalized(double hi, double lo)
{
    DD r;
    TwoSum(hi, lo, r.hi, r.lo);
    return r;
}

/// The expansion's value to double-double precision (compressed first).
inline DD ToDD(Expansion& e)
{
    Compress(e);
    if (e.n == 0) {
        return {};
    }
    double lo = 0;
    for (int i = 0; i + 1 < e.n; ++i) {
        lo += e.c[i];
    }
    return Normalized(e.c[e.n - 1], lo);
}

inline DD Neg(DD a) { return {-a.hi, -a.lo}; }

inline DD Add(DD a, DD b)
{
    double s, e;
    TwoSum(a.hi, b.hi, s, e);
    double t, f;
    TwoSum(a.lo, b.lo, t, f);
    e += t;
    DD r = Normalized(s, e);
    r = Normalized(r.hi, r.lo + f);
    return r;
}

inline DD Mul(DD a, DD b)
{
    double p, e;
    TwoProduct(a.hi, b.hi, p, e);
    e += a.hi * b.lo + a.lo * b.hi;
    return Normalized(p, e);
}

/// a / b (b != 0): three quotient digits.
inline DD Div(DD a, DD b)
{
    const double q1 = a.hi / b.hi;
    DD r = Add(a, Neg(Mul(b, {q1, 0})));
    const double q2 = r.hi / b.hi;
    r = Add(r, Neg(Mul(b, {q2, 0})));
    const double q3 = r.hi / b.hi;
    return Add(Normalized(q1, q2), {q3, 0});
}

/// a / b (b != 0) to about 2^-100 relative, rounded to double: two quotient digits, the residual
/// a - q1 b exact in its leading part.
inline double DivToDouble(DD a, DD b)
{
    const double q1 = a.hi / b.hi;
    double p, e;
    TwoProduct(q1, b.hi, p, e);
    const double residual = (((a.hi - p) - e) + a.lo) - q1 * b.lo;
    return q1 + residual / b.hi;
}

/// sqrt(a) (a >= 0): one Newton step on the double root, the residual exact.
inline DD Sqrt(DD a)
{
    if (a.hi <= 0.0) {
        return {};
    }
    const double s = std::sqrt(a.hi);
    const DD residual = Add(a, Neg(Mul({s, 0}, {s, 0})));
    return Normalized(s, residual.hi / (2.0 * s));
}

} // namespace hitlab::detail::xp
