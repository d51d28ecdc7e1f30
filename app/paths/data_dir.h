// Where the installed program finds its data (the lessons, the bundled engine plugins): relative to its own executable,
// so that an install tree can be moved, and the source tree only through the build tree's mirror of it.
#pragma once

#include <string>
#include <vector>

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

/// The bundled engine plugins (plugins/ in the source tree: Bullet, FCL, ODE, Box2D;
/// lib/hitlab/plugins when installed): $HITLAB_PLUGINS when that variable is set and not empty; else
/// the first `lib/hitlab/plugins` found going up from the executable's directory, at most four levels
/// (`../lib/hitlab/plugins` for an installed `bin/hitlab`, the build tree's own `lib/hitlab/plugins`
/// for a built one); else the installed place, so that a message can say where it looked.
std::string PluginDirectory();

/// A --plugin argument as the commands load it: `argument` itself when it names an existing file or
/// holds a '/'; else the bundled plugin of that name (`bullet` or `bullet.so` in PluginDirectory())
/// when there is one; else `argument` unchanged, so that loading it gives the usual error.
std::string ResolvePluginPath(const std::string& argument);

/// The plugins to load for a scene: `given` (--plugin), then each of the scene's `plugins` key
/// (a bundled plugin's name, or a file relative to the scene file's folder) whose file is not
/// already among them (compared after ResolvePluginPath).
std::vector<std::string> AddScenePlugins(std::vector<std::string> given, const std::vector<std::string>& scenePlugins,
                                         const std::string& scenePath);

} // namespace hitlab
