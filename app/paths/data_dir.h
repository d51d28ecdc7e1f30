// Where the installed program finds its data (the lessons): relative to its own executable, so that
// an install tree can be moved, and the source tree only through the build tree's mirror of it.
#pragma once

#include <string>

namespace hitlab {

/// The directory of the running executable (/proc/self/exe with links resolved), empty when it
/// cannot be read.
std::string ExecutableDirectory();

/// The lessons (assets/scenes in the source tree, share/hitlab/scenes when installed):
/// $HITLAB_ASSETS/scenes when that variable is set and not empty; else the first `share/hitlab/scenes`
/// found going up from the executable's directory, at most four levels: `../share/hitlab/scenes` for
/// an installed `bin/hitlab`, the build tree's link to the source lessons for a built one (its
/// `share/hitlab/scenes`, made at configure time). When none exists, the installed place
/// (`../share/hitlab/scenes` beside the executable) so that a message can say where it looked.
std::string LessonDirectory();

/// A scene argument as the commands open it: `argument` itself when it names an existing file;
/// else, when it is a bare name (no '/'), the lesson of that name (`ray-through-corner` or
/// `ray-through-corner.json` in LessonDirectory()) when there is one; else `argument` unchanged, so
/// that opening it gives the usual error about the name the user wrote.
std::string ResolveScenePath(const std::string& argument);

} // namespace hitlab
