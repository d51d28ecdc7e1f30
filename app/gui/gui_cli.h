// Command lines of the GUI: `hitlab [SCENE] [--frames N] [--stats] [--dump-on-exit FILE]` and
// `hitlab render SCENE -o out.png [--size WxH] [--view V] [--frames N] [--stats]`.
#pragma once

#include "scenes.h"

namespace hitlab {

/// argv[0] is the program or the word "render"; returns the exit status (2 for bad arguments).
int RunGuiCommandLine(int argc, const char* const* argv, const SceneLoader& loader = {});
int RunRenderCommandLine(int argc, const char* const* argv, const SceneLoader& loader = {});

} // namespace hitlab
