// Registry name check of the benchmarks.
#include "harness.h"

#include "core/algorithm.h"

#include <cstdio>

namespace hitlab::bench {

void CheckAlgorithmName(const char* family, const char* name)
{
    const auto f = FamilyFromName(family);
    if (!f || FindAlgorithm(*f, name) == nullptr) {
        std::fprintf(stderr, "warning: benchmark %s/%s names no registered algorithm\n", family, name);
    }
}

} // namespace hitlab::bench
