// The exact judge's numbers as results: rationals and 256-bit square roots turned into ExactValues
// (exact.cpp). Internal to hitlab_exact.
#pragma once

#include "exact.h"

#include <gmpxx.h>

#include <optional>

namespace hitlab::exact {

/// The bits of the judge's square roots.
inline constexpr mp_bitcnt_t kSqrtBits = 256;

/// An exact rational as a value: its nearest double and its text "p/q".
ExactValue FromRational(const mpq_class& q);
/// A 256-bit approximation as a value: its nearest double and 21 digits.
ExactValue FromReal(const mpf_class& x);
/// sqrt(q) as a rational when q is a perfect square of rationals (q >= 0, canonical).
std::optional<mpq_class> RationalSqrt(const mpq_class& q);
/// q at kSqrtBits.
mpf_class Real(const mpq_class& q);
/// (base + sign * sqrt(radicand)) / divisor, exact when the radicand is a rational square.
ExactValue SqrtExpression(const mpq_class& base, int sign, const mpq_class& radicand, const mpq_class& divisor);

} // namespace hitlab::exact
