// Trace helpers.
#include "trace.h"

#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace hitlab {

void Trace::Clear()
{
    steps.clear();
    decidingStep = -1;
    verdict.clear();
}

int Trace::Add(std::string caption, std::vector<TraceValue> values, TracePart part)
{
    steps.push_back(TraceStep{std::move(caption), std::move(values), std::move(part)});
    return static_cast<int>(steps.size()) - 1;
}

std::string Format(const char* fmt, ...)
{
    char buffer[512];
    va_list args;
    va_start(args, fmt);
    const int n = std::vsnprintf(buffer, sizeof buffer, fmt, args);
    va_end(args);
    if (n < 0) {
        return {};
    }
    return std::string(buffer, static_cast<size_t>(n) < sizeof buffer ? static_cast<size_t>(n) : sizeof buffer - 1);
}

int DistinctDigits(double a, double b)
{
    if (!(a != b)) {
        return 6; // equal, or NaN
    }
    for (int digits = 6; digits < 17; ++digits) {
        char ta[40], tb[40];
        std::snprintf(ta, sizeof ta, "%.*g", digits, a);
        std::snprintf(tb, sizeof tb, "%.*g", digits, b);
        if (std::strcmp(ta, tb) != 0) {
            return digits;
        }
    }
    return 17; // enough for any two doubles
}

} // namespace hitlab
