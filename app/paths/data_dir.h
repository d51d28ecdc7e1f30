// Where the installed program finds its data (the lessons, the bundled engine plugins): relative to its own executable,
// so that an install tree can be moved, and the source tree only through the build tree's mirror of it.
#pragma once

#include <ostream>
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

/// A plugin a scene file names in its "plugins" key. Opening a scene never loads one: the
/// commands say which are not loaded and how to add them, the window offers a button per plugin.
struct ScenePlugin {
    std::string name;   ///< as the scene writes it
    std::string file;   ///< the absolute file it would load (see ScenePluginFile)
    bool found = false; ///< the file exists
};

/// The file a scene's plugin entry stands for, absolute: a bare name (no '/') is a bundled engine
/// plugin (`bullet` or `bullet.so` in PluginDirectory(), never a file of the working directory);
/// a path is read against the scene file's folder (an absolute one as written).
std::string ScenePluginFile(const std::string& name, const std::string& scenePath);

/// The scene's plugins whose file is not among `loaded` (the --plugin arguments or the window's
/// plugins, each resolved with ResolvePluginPath; compared as absolute, normalised paths), in the
/// scene's order. Nothing is loaded or started.
std::vector<ScenePlugin> MissingScenePlugins(const std::vector<std::string>& scenePlugins, const std::string& scenePath,
                                             const std::vector<std::string>& loaded);

/// The --plugin argument that adds a scene's plugin: the bundled plugin's name, else its file.
std::string ScenePluginArgument(const ScenePlugin& plugin);

/// One line (without a newline) for the commands' stderr: the scene names `plugin`, it is not
/// loaded, and the command line that adds it: `hitlab COMMAND SCENE --plugin ARGUMENT`, with the file
/// it would load (or, when that file does not exist, where it was looked for).
std::string ScenePluginNote(const ScenePlugin& plugin, const std::string& command, const std::string& scenePath);

/// Writes "hitlab COMMAND: " and ScenePluginNote on err, one line for each of the scene's plugins
/// that `given` (the command's --plugin arguments) does not load.
void WriteScenePluginNotes(std::ostream& err, const std::string& command, const std::string& scenePath,
                           const std::vector<std::string>& scenePlugins, const std::vector<std::string>& given);

/// A word as a POSIX shell reads it back: unchanged when it has only safe characters, else in
/// single quotes.
std::string ShellWord(const std::string& word);

} // namespace hitlab
