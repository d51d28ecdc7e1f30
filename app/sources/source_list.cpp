// Making and starting sources: the one switch over the backends.
#include "source_list.h"

#include "app/sources/plugin/plugin_program.h"
#include "app/sources/program/external_program.h"

namespace hitlab {

const char* SourceKindName(SourceKind kind)
{
    switch (kind) {
    case SourceKind::Program:
        return "program";
    case SourceKind::Plugin:
        return "plugin";
    }
    return "?";
}

std::vector<SourceSpec> SourceSpecs(const std::vector<std::string>& commands, const std::vector<std::string>& plugins)
{
    std::vector<SourceSpec> specs;
    for (const std::string& command : commands) {
        specs.push_back({SourceKind::Program, command});
    }
    for (const std::string& file : plugins) {
        specs.push_back({SourceKind::Plugin, file});
    }
    return specs;
}

std::unique_ptr<AlgorithmSource> MakeSource(const SourceSpec& spec, std::chrono::milliseconds timeout,
                                            std::vector<TakenName> taken)
{
    switch (spec.kind) {
    case SourceKind::Program:
        return std::make_unique<ExternalProgram>(spec.text, timeout, std::move(taken));
    case SourceKind::Plugin:
        return std::make_unique<PluginProgram>(spec.text, timeout, std::move(taken));
    }
    return nullptr;
}

std::vector<std::unique_ptr<AlgorithmSource>> StartSources(std::span<const SourceSpec> specs,
                                                           std::chrono::milliseconds timeout, std::string& error)
{
    std::vector<std::unique_ptr<AlgorithmSource>> sources;
    std::vector<TakenName> taken;
    error.clear();
    for (const SourceSpec& spec : specs) {
        std::unique_ptr<AlgorithmSource> source = MakeSource(spec, timeout, taken);
        error = source->Start();
        if (!error.empty()) {
            return {};
        }
        for (const ExternalAlgorithm& a : source->Algorithms()) {
            taken.push_back({a.family, a.name, source->Command()});
        }
        sources.push_back(std::move(source));
    }
    return sources;
}

std::vector<std::unique_ptr<AlgorithmSource>> StartSources(const std::vector<std::string>& commands,
                                                           const std::vector<std::string>& plugins,
                                                           std::chrono::milliseconds timeout, std::string& error)
{
    return StartSources(SourceSpecs(commands, plugins), timeout, error);
}

} // namespace hitlab
