// Trace helpers.
#include "trace.h"

#include <cstdarg>
#include <cstdio>

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

} // namespace hitlab
