// The Algorithms panel's section of external programs and plugins (external_actions.cpp).
#pragma once

#include "panel.h"

namespace hitlab {

/// Each program or plugin under its command or file name, with its status (starting, running,
/// failed and why), a Reload button and its algorithms; nothing when there are none.
void ExternalSourcesSection(PanelContext& ctx);

/// The plugins the scene names ("plugins") that the window has not loaded, each with a Load
/// button showing the full file it loads (added as External > Add plugin adds, not remembered) and
/// the command line that adds it; nothing when there are none (scene_plugins_ui.cpp).
void ScenePluginsNotice(PanelContext& ctx);

/// The Query inspector's external traces: asks the session for the focused pair's traces (in
/// precision) and shows each external algorithm's steps (caption and named values, a program's
/// null as "none") and verdict, or its failure, under "NAME (ext) trace" (open at first); nothing
/// when there is no session or no trace. Returns what it drew, for --panel-report: per algorithm
/// {"algorithm", "status", "message", "steps": [caption...], "verdict"}.
nlohmann::json ExternalTraces(PanelContext& ctx, const SceneQuery& focus, Precision precision);

} // namespace hitlab
