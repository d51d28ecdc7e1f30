// The window's external programs and plugins: started from the command line.
#include "panels.h"

#include <cmath>

namespace hitlab {

void Panels::StartExternal()
{
    if (m_options.externalCommands.empty() && m_options.plugins.empty()) {
        return;
    }
    const auto timeout = std::chrono::milliseconds(std::max(1LL, std::llround(m_options.externalTimeout * 1000)));
    const std::string error = m_external.Start(m_options.externalCommands, m_options.plugins, timeout);
    if (!error.empty()) { // the window stays up, with the built-in algorithms only
        ReportError("External algorithms not started: " + error);
    }
}

} // namespace hitlab
