// `hitlab triage CAPTURE [--json] [-o DIR] [--conventions FILE]` (docs/cli.md, docs/capture.md):
// every answer of a capture judged (core/capture/triage.h), the totals, the bad lines and the
// unexplained answers grouped by cause printed for a person or as one JSON object, each group's
// worst case written as a scene and a GoogleTest case with -o.
#pragma once

#include "core/capture/triage.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace hitlab {

struct TriageCliOptions {
    std::string capture;         ///< the capture file
    bool json = false;           ///< --json: one JSON object
    std::string outDir;          ///< -o DIR: scenes and the GoogleTest file
    std::string conventionsFile; ///< --conventions FILE: over the header's conventions
    unsigned threads = 0;        ///< --threads (0: one per core)
    bool quiet = false;          ///< --quiet: no progress on standard error
};

/// Reads --conventions FILE: a JSON object of conventions ({"origin_inside": "miss", ...}) or a
/// capture header ({"capture": 1, "conventions": {...}}); the error names the file and the key.
IoError ReadConventionsFile(const std::string& path, OwnedConventions& out);

/// The files -o wrote for each group (index as in report.groups) and the test file.
struct TriageFiles {
    std::vector<std::string> scenes;
    std::string tests;
};

/// The report as one JSON object (docs/capture.md, "Triage": its keys).
nlohmann::ordered_json TriageJson(const TriageReport& report, const std::string& capture, const TriageFiles& files);

/// Runs the command: exit 0 when nothing is unexplained, 1 when something is, 2 when the capture
/// (or --conventions FILE) cannot be read or -o cannot be written.
int RunTriageCommand(const TriageCliOptions& options, std::ostream& out, std::ostream& err);

} // namespace hitlab
