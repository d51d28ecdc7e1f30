// Wall-clock milliseconds for the frame statistics (--stats).
#pragma once

#include <chrono>

namespace hitlab {

/// Milliseconds on the steady clock (an arbitrary origin: for differences only).
inline double NowMs()
{
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

} // namespace hitlab
