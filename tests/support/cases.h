// Test support: reading public.jsonl case lines (../shared/cases/README.md) into hitlab::Query
// with a small nlohmann_json parser of its own, independent of core/io's protocol parser, so
// that tests of the algorithms do not depend on the code under test elsewhere.
#pragma once

#include "core/algorithm.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hitlab::test {

/// A case's `expect` object (missing keys keep these defaults).
struct CaseExpect {
    bool error = false; ///< the line is invalid and must get an error line
    bool hit = false;
    bool exact = true; ///< hit is exact (false when it came from binary64)
    std::optional<double> tEnter, tExit, depth, margin;
    bool tExact = true;
    bool depthExact = true;
};

/// One line of public.jsonl.
struct Case {
    nlohmann::json id; ///< the case's id (null for raw lines)
    std::string kind;
    bool isRaw = false; ///< a {"raw": ...} line: `raw` is sent as is
    std::string raw;
    std::optional<Query> query; ///< set when the line has a family and two readable shapes
    std::string parseError;     ///< why query is empty (for a protocol line)
    CaseExpect expect;
};

/// A vector of exactly three numbers; throws std::invalid_argument naming `key` otherwise.
glm::dvec3 ParseVec3(const nlohmann::json& object, const char* key);
/// Any of the six shape types (`type` key). obb: `axes` ([u, v, w], the columns) wins over
/// `rotation_deg` ([rx, ry, rz] degrees, glm::eulerAngleXYZ, its columns are the axes).
/// Reads the numbers only (no range checks: min > max is returned as is). Throws std::invalid_argument.
Shape ParseShapeJson(const nlohmann::json& shape);
/// `query`, `a` and `b` of a protocol line. Throws std::invalid_argument (unknown family, wrong shape types).
Query ParseQueryJson(const nlohmann::json& line);
/// One line of public.jsonl; never throws for a line that parses as JSON (parseError says why query is empty).
Case ParseCaseLine(const std::string& line);
/// Every line of HITLAB_TEST_DATA/public.jsonl, in order.
std::vector<Case> LoadCases();
/// The valid cases (not expect.error) of one family.
std::vector<Case> LoadCases(Family family);

} // namespace hitlab::test
