// `hitlab eval --external 'COMMAND'` and `--plugin FILE`: the eval answer of each line, plus the answers of
// external algorithm programs and plugins (docs/plugins.md) of the line's family, compared with the reference.
#pragma once

#include <glm/glm.hpp>

#include <chrono>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

namespace hitlab {

/// Starts every program of commands (exit status 2 and the reason on err when one is refused),
/// then answers every line of in as RunEval does, adding to each valid query's answer the results
/// of the programs' algorithms of its family (all of them; naming them in `algorithms` is not yet
/// supported) under `results`, and the key `external`: per external algorithm, {"command",
/// "status" ("answered", "error", "crashed", "bad answer", "timed out"), "message" (unless
/// answered), "differs" (the fields that differ from the reference's result: ["hit"], values, or
/// [])}. `agree` becomes false when an external algorithm failed or differs. A line that gives an
/// answer named like one of the programs' algorithms of its family is an error line. Exit status
/// as RunEval's.
/// plugins: files of plugins (--plugin, docs/plugins.md), run in their host process and added
/// the same way after the programs, their entries named "plugin" instead of "command".
/// offset (--offset): every query's shapes moved by it before anything runs, the programs' and
/// plugins' queries included.
int RunEvalExternal(std::istream& in, std::ostream& out, std::ostream& err, const std::vector<std::string>& commands,
                    std::chrono::milliseconds timeout, const std::vector<std::string>& plugins = {},
                    const glm::dvec3& offset = glm::dvec3(0.0));

} // namespace hitlab
