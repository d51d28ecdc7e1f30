// The judge's numbers for people and for the comparison: ulp errors and one-line descriptions.
#include "exact.h"

#include <cmath>

namespace hitlab {

double UlpError(double exactValue, double computed, Precision precision)
{
    if (exactValue == computed) {
        return 0;
    }
    if (!std::isfinite(exactValue) || !std::isfinite(computed)) {
        return INFINITY;
    }
    const int mantissa = precision == Precision::Float ? 23 : 52;
    const int minExponent = precision == Precision::Float ? -149 : -1074;
    int e = 0;
    std::frexp(exactValue, &e); // |exact| in [2^(e-1), 2^e)
    const int ulpExponent = exactValue == 0 ? minExponent : std::max(e - 1 - mantissa, minExponent);
    return std::fabs(computed - exactValue) / std::ldexp(1.0, ulpExponent);
}

std::string DescribeExact(const ExactResult& r)
{
    if (!r.valid) {
        return "invalid: " + r.note;
    }
    if (!r.hit) {
        return "miss";
    }
    auto text = [](const ExactValue& v) { return v.exact ? v.text : v.text + "..."; };
    if (IsCast(r.family)) {
        return "hit, t in [" + text(r.tEnter) + ", " + text(r.tExit) + "]" + (r.exactT ? " (exact)" : " (approx.)");
    }
    return "hit, depth " + text(r.depth) + (r.exactDepth ? " (exact)" : " (approx.)");
}

} // namespace hitlab
