// The plugin command-line tests' set-up: the test plugins built beside the tests
// (HITLAB_PLUGIN_DIR), and `hitlab ARGS` run in process (support/run_cli.h) with the built plugin
// host (HITLAB_PLUGIN_HOST) running them.
#pragma once

#include "support/run_cli.h"

#include <cstdlib>
#include <string>
#include <vector>

namespace hitlab::test {

/// A plugin with the reference slab test (tests/plugin).
inline const std::string kSlabPlugin = std::string(HITLAB_PLUGIN_DIR) + "/ray_aabb_slab.so";
/// A plugin that crashes on an origin with x = 13 and misbehaves on others (tests/plugin).
inline const std::string kMisbehavePlugin = std::string(HITLAB_PLUGIN_DIR) + "/misbehave.so";

/// RunCli with the built plugin host; a plugin's crash is caught by the host's own handler, not
/// by AddressSanitizer's (handle_segv=0, which the host inherits).
inline CliRun RunPluginCli(const std::vector<std::string>& args, const std::string& input = "")
{
    setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
    setenv("ASAN_OPTIONS", "handle_segv=0:detect_leaks=1", 1);
    return RunCli(args, input);
}

} // namespace hitlab::test
