// An exact sum of signed products of doubles (the watertight ray/triangle test's exact solver):
// a fixed-point two's complement integer wide enough for products of three finite doubles, so
// that its sign is exact for any inputs, subnormals and the largest values included.
#pragma once

#include <glm/vec3.hpp>

#include <bit>
#include <cmath>
#include <cstdint>

namespace hitlab::detail::tri_exact {

/// 128-bit products and carries (GCC and Clang on 64-bit targets).
__extension__ typedef unsigned __int128 U128;

/// A sum of signed products of three doubles, exactly: a two's complement integer in units of
/// 2^kLow (the smallest product's unit, 2^-1074 cubed), 100 limbs of 64 bits: products reach
/// 2^(3 * 1024) and a few hundred of them sum below 2^3081.
class ExactSum {
public:
    static constexpr int kLimbs = 100;
    static constexpr int kLow = -3 * 1074;

    /// += sign * a * b * c (exact; zeros add nothing).
    void Add(double a, double b, double c, bool negate = false)
    {
        std::uint64_t ma, mb, mc;
        int ea, eb, ec;
        bool sa, sb, sc;
        if (!Split(a, ma, ea, sa) || !Split(b, mb, eb, sb) || !Split(c, mc, ec, sc)) {
            return;
        }
        const U128 ab = static_cast<U128>(ma) * mb;
        const U128 lo = static_cast<U128>(static_cast<std::uint64_t>(ab)) * mc;
        const U128 hi = static_cast<U128>(static_cast<std::uint64_t>(ab >> 64)) * mc;
        // the 192-bit magnitude r0 + r1 2^64 + r2 2^128
        const std::uint64_t r0 = static_cast<std::uint64_t>(lo);
        const U128 mid = (lo >> 64) + static_cast<std::uint64_t>(hi);
        const std::uint64_t r1 = static_cast<std::uint64_t>(mid);
        const std::uint64_t r2 = static_cast<std::uint64_t>(hi >> 64) + static_cast<std::uint64_t>(mid >> 64);
        const int shift = ea + eb + ec - kLow;
        const int limb = shift / 64, bit = shift % 64;
        std::uint64_t w[4];
        w[0] = r0 << bit;
        w[1] = bit == 0 ? r1 : (r1 << bit) | (r0 >> (64 - bit));
        w[2] = bit == 0 ? r2 : (r2 << bit) | (r1 >> (64 - bit));
        w[3] = bit == 0 ? 0 : r2 >> (64 - bit);
        if ((sa != sb) != (sc != negate)) {
            Subtract(w, limb);
        } else {
            AddAt(w, limb);
        }
    }
    /// += sign * x.
    void Add1(double x, bool negate = false) { Add(x, 1.0, 1.0, negate); }

    void Add(const ExactSum& o, bool negate = false)
    {
        std::uint64_t carry = negate ? 1 : 0;
        for (int i = 0; i < kLimbs; ++i) {
            const std::uint64_t x = negate ? ~o.limb_[i] : o.limb_[i];
            const U128 s = static_cast<U128>(limb_[i]) + x + carry;
            limb_[i] = static_cast<std::uint64_t>(s);
            carry = static_cast<std::uint64_t>(s >> 64);
        }
    }

    int Sign() const
    {
        if ((limb_[kLimbs - 1] >> 63) != 0) {
            return -1;
        }
        for (int i = kLimbs - 1; i >= 0; --i) {
            if (limb_[i] != 0) {
                return 1;
            }
        }
        return 0;
    }

    /// The value as m * 2^e with m a double of about 2^64 to 2^128 (rounded, within 2 ulps), for
    /// quotients; m = 0 when the sum is 0.
    void Approx(double& m, int& e) const
    {
        std::uint64_t a[kLimbs];
        const bool neg = Sign() < 0;
        std::uint64_t carry = 1;
        for (int i = 0; i < kLimbs; ++i) {
            if (neg) {
                const U128 s = static_cast<U128>(~limb_[i]) + carry;
                a[i] = static_cast<std::uint64_t>(s);
                carry = static_cast<std::uint64_t>(s >> 64);
            } else {
                a[i] = limb_[i];
            }
        }
        int top = kLimbs - 1;
        while (top > 0 && a[top] == 0) {
            --top;
        }
        const int low = top > 0 ? top - 1 : 0;
        m = static_cast<double>(a[top]) * (top > 0 ? 0x1p64 : 1.0) + (top > 0 ? static_cast<double>(a[low]) : 0.0);
        m = neg ? -m : m;
        e = 64 * low + kLow;
    }

    double ToDouble() const
    {
        double m;
        int e;
        Approx(m, e);
        return std::ldexp(m, e);
    }

private:
    std::uint64_t limb_[kLimbs] = {};

    static bool Split(double x, std::uint64_t& m, int& e, bool& negative)
    {
        if (x == 0.0) {
            return false;
        }
        const std::uint64_t bits = std::bit_cast<std::uint64_t>(x);
        negative = (bits >> 63) != 0;
        const int field = static_cast<int>((bits >> 52) & 0x7FF);
        m = bits & ((std::uint64_t(1) << 52) - 1);
        if (field == 0) {
            e = -1074;
        } else {
            m |= std::uint64_t(1) << 52;
            e = field - 1075;
        }
        return true;
    }
    void AddAt(const std::uint64_t (&w)[4], int limb)
    {
        std::uint64_t carry = 0;
        for (int i = 0; i < 4 && limb + i < kLimbs; ++i) {
            const U128 s = static_cast<U128>(limb_[limb + i]) + w[i] + carry;
            limb_[limb + i] = static_cast<std::uint64_t>(s);
            carry = static_cast<std::uint64_t>(s >> 64);
        }
        for (int i = limb + 4; carry != 0 && i < kLimbs; ++i) {
            limb_[i] += 1;
            carry = limb_[i] == 0 ? 1 : 0;
        }
    }
    void Subtract(const std::uint64_t (&w)[4], int limb)
    {
        std::uint64_t borrow = 0;
        for (int i = 0; i < 4 && limb + i < kLimbs; ++i) {
            const std::uint64_t x = limb_[limb + i];
            const U128 sub = static_cast<U128>(w[i]) + borrow;
            limb_[limb + i] = x - static_cast<std::uint64_t>(sub);
            borrow = static_cast<U128>(x) < sub ? 1 : 0;
        }
        for (int i = limb + 4; borrow != 0 && i < kLimbs; ++i) {
            borrow = limb_[i] == 0 ? 1 : 0;
            limb_[i] -= 1;
        }
    }
};

/// a / b from two exact sums (b != 0), rounded (a few ulps of double).
inline double Ratio(const ExactSum& a, const ExactSum& b)
{
    double ma, mb;
    int ea, eb;
    a.Approx(ma, ea);
    b.Approx(mb, eb);
    return ma == 0.0 ? 0.0 : std::ldexp(ma / mb, ea - eb);
}

/// sum += sign * det[x, y, z] = x . (y x z).
inline void AddDet(ExactSum& s, const glm::dvec3& x, const glm::dvec3& y, const glm::dvec3& z, bool negate = false)
{
    s.Add(x.x, y.y, z.z, negate);
    s.Add(x.x, y.z, z.y, !negate);
    s.Add(x.y, y.z, z.x, negate);
    s.Add(x.y, y.x, z.z, !negate);
    s.Add(x.z, y.x, z.y, negate);
    s.Add(x.z, y.y, z.x, !negate);
}

/// sum += sign * (a x b)_k, the 2D cross product in the plane that drops axis k.
inline void AddCross(ExactSum& s, const glm::dvec3& a, const glm::dvec3& b, int k, bool negate = false)
{
    const int i = (k + 1) % 3, j = (k + 2) % 3;
    s.Add(a[i], b[j], 1.0, negate);
    s.Add(a[j], b[i], 1.0, !negate);
}

} // namespace hitlab::detail::tri_exact
