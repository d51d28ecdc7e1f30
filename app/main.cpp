// hitlab: entry point (being written).
#include "core/algorithm.h"

#include <cstdio>

int main()
{
    for (const hitlab::AlgorithmInfo& info : hitlab::Algorithms()) {
        std::printf("%s %s\n", hitlab::FamilyName(info.family).data(), info.name.data());
    }
    return 0;
}
