// How many random cases a long randomized test draws. The full count in the release build; a
// fraction of it where every case costs ten times more and the same cases already ran natively:
// under qemu-aarch64 (the arm64 test preset) and under the sanitizers (the asan test preset), which
// set HITLAB_TEST_SCALE in CMakePresets.json. The seeds stay the same, so a scaled run draws the
// first cases of the full run.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace hitlab::test {

/// full times HITLAB_TEST_SCALE (a number in (0, 1]; unset, empty or out of range: 1), rounded
/// up, and never below least (nor above full).
inline int CaseCount(int full, int least = 1)
{
    double scale = 1;
    if (const char* text = std::getenv("HITLAB_TEST_SCALE"); text != nullptr && *text != '\0') {
        char* end = nullptr;
        const double value = std::strtod(text, &end);
        if (*end == '\0' && value > 0 && value <= 1) {
            scale = value;
        }
    }
    return std::min(full, std::max(least, int(std::ceil(full * scale))));
}

} // namespace hitlab::test
