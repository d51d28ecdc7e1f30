// Command lines of the GUI: `hitlab [SCENE] [--frames N] [--stats] [--dump-on-exit FILE]` and
// `hitlab render SCENE -o out.png|fig.svg [--size WxH] [--view V] [--frames N] [--stats] [--step N] [--clean]`.
#pragma once

#include "app/gui/view/scenes.h"

#include <string>

namespace hitlab {

/// argv[0] is the program or the word "render"; returns the exit status (2 for bad arguments).
int RunGuiCommandLine(int argc, const char* const* argv, const SceneLoader& loader = {});
int RunRenderCommandLine(int argc, const char* const* argv, const SceneLoader& loader = {});

/// The window's and `hitlab render`'s usage and options, for `hitlab --help` (CLI11's help of
/// the same option definitions the parsers use).
std::string GuiCommandLineHelp();

} // namespace hitlab
