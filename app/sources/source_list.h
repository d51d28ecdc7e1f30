// The one place that knows the backends (docs/architecture.md "Adding an algorithm source"): a
// source named by its kind and text (a program's command, a plugin's file) is made here, and every
// list of sources is started here, each checked against the built-in algorithms and the sources
// before it. Everything else holds an AlgorithmSource (interface/algorithm_source.h).
#pragma once

#include "app/sources/interface/algorithm_source.h"

#include <chrono>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace hitlab {

/// The backends, one folder each under app/sources/.
enum class SourceKind {
    Program, ///< program/: an external program (`--external 'COMMAND'`, the line protocol)
    Plugin,  ///< plugin/: a plugin run in hitlab-plugin-host (`--plugin FILE`, the C ABI)
};

/// A source as the user named it: its kind and its command or file.
struct SourceSpec {
    SourceKind kind = SourceKind::Program;
    std::string text;
    bool operator==(const SourceSpec&) const = default;
};

/// How messages name a kind: "program", "plugin".
const char* SourceKindName(SourceKind kind);

/// The programs' commands, then the plugins' files, as specs (the command line's order).
std::vector<SourceSpec> SourceSpecs(const std::vector<std::string>& commands, const std::vector<std::string>& plugins);

/// The source spec names, not started: each answer (and its metadata) has timeout; taken are the
/// names it may not declare again (ParseExternalMetadata).
std::unique_ptr<AlgorithmSource> MakeSource(const SourceSpec& spec, std::chrono::milliseconds timeout,
                                            std::vector<TakenName> taken = {});

/// Starts the sources in order, each checked against the built-in algorithms and those the
/// sources before it declared. On the first refusal returns none and sets error to its reason;
/// else error is "".
std::vector<std::unique_ptr<AlgorithmSource>> StartSources(std::span<const SourceSpec> specs,
                                                           std::chrono::milliseconds timeout, std::string& error);
/// StartSources(SourceSpecs(commands, plugins), ...): the --external programs, then the --plugin files.
std::vector<std::unique_ptr<AlgorithmSource>> StartSources(const std::vector<std::string>& commands,
                                                           const std::vector<std::string>& plugins,
                                                           std::chrono::milliseconds timeout, std::string& error);

} // namespace hitlab
