// The Algorithms panel's section of external programs and plugins (external_actions.cpp).
#pragma once

#include "panel.h"

namespace hitlab {

/// Each program or plugin under its command or file name, with its status (starting, running,
/// failed and why), a Reload button and its algorithms; nothing when there are none.
void ExternalSourcesSection(PanelContext& ctx);

} // namespace hitlab
