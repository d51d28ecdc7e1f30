// `hitlab algorithms`: the registry as a readable table or as the protocol's JSON array.
#pragma once

#include "core/algorithm.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <ostream>
#include <span>

namespace hitlab {

/// The protocol array of `hitlab algorithms --json`, of one family or all; extra (external
/// algorithms, InfoView) follow the built-in ones of their family.
nlohmann::ordered_json AlgorithmsJson(std::optional<Family> family = std::nullopt,
                                      std::span<const AlgorithmInfo> extra = {});

/// Writes the algorithms of one family or all: a table (family, name, reference and published
/// markers, title), or with json the protocol array. Returns the exit status (0).
int RunAlgorithms(std::ostream& out, bool json, std::optional<Family> family = std::nullopt,
                  std::span<const AlgorithmInfo> extra = {});

} // namespace hitlab
