// The metadata line of an external program (docs/plugins.md): a JSON array of the objects of
// `hitlab algorithms --json`, read into owning structs and checked against the built-in
// algorithms and the external ones already added.
#pragma once

#include "core/algorithm.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hitlab {

/// One algorithm an external program declares: the fields of AlgorithmInfo, owned (the program
/// can be restarted or removed while the window keeps its list). reference is always false.
struct ExternalAlgorithm {
    std::string name;
    Family family = Family::RayAabb;
    std::string title;
    std::string summary;
    std::string source;
    bool published = false;
    std::vector<std::pair<std::string, std::string>> conventions; ///< in the order the program wrote them
    std::uint32_t returns = kFieldHit;                            ///< Field bits
    std::string flaw;                                             ///< "" when none
    /// Where the flaw applies (core/flaw_condition.h's clauses): the metadata's "flaw_when", or
    /// the convention "flaw_when" (clauses separated by ';', the plugin ABI's way), checked
    std::vector<std::string> flawWhen;

    friend bool operator==(const ExternalAlgorithm&, const ExternalAlgorithm&) = default;
};

/// a as the registry's AlgorithmInfo, for code that reads metadata (ToJson, the comparison's
/// conventions and flaw, the panels): string_views into a, so valid while a lives and unchanged
/// (ExternalProgram::Algorithms() keeps its entries across restarts). reference is false. Its run
/// is empty (null function pointers): never pass it to Run or RunBatch; an external algorithm's
/// results come from ExternalProgram::Evaluate.
AlgorithmInfo InfoView(const ExternalAlgorithm& a);

/// An external algorithm already in use, for the clash check: its family, name and the command
/// of the program that declared it.
struct TakenName {
    Family family = Family::RayAabb;
    std::string name;
    std::string command;
};

/// The metadata line read, or the error that refuses the program.
struct MetadataParse {
    std::vector<ExternalAlgorithm> algorithms;
    std::string error; ///< "" when accepted

    bool Ok() const { return error.empty(); }
};

/// Reads the metadata line of the program started with `command` (named in messages). Refused:
/// a line that is not JSON or not a non-empty array of objects; a missing key or one of the wrong
/// type; an unknown key; an unknown family or returns field; "reference": true; a name that is
/// taken by a built-in algorithm of its family, by one in `taken`, or twice in the line. Each
/// message names the key path ("[1].family") and, for a clash, both algorithms.
MetadataParse ParseExternalMetadata(std::string_view line, const std::string& command,
                                    const std::vector<TakenName>& taken = {});

} // namespace hitlab
