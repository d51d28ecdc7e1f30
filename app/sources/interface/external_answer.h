// The query and answer lines of the external line protocol (docs/plugins.md): writing a query
// line as `hitlab eval` reads it, and reading one answer line into core's Result per algorithm.
#pragma once

#include "external_metadata.h"

#include "core/result.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hitlab {

/// One query for an external program: the shapes (in double, of the family's types), the
/// precision it computes in, and the names of its algorithms wanted (of query.family).
struct ExternalQuery {
    Query query;
    Precision precision = Precision::Double;
    std::vector<std::string> algorithms;
    bool trace = false; ///< ask for the algorithms' trace steps and verdicts ("trace": true)
};

/// One step of an external algorithm's optional trace: a caption and named values (nullopt: the
/// program sent null, no value at this step; a plugin's values are always numbers).
struct ExternalStep {
    std::string caption;
    std::vector<std::pair<std::string, std::optional<double>>> values;
};

/// One algorithm's answer, with its optional trace and verdict.
struct ExternalResult {
    std::string name;
    Result result;
    std::vector<ExternalStep> trace; ///< empty when the program sent none
    std::string verdict;             ///< "" when the program sent none
};

/// How a query went.
enum class ExternalStatus {
    Answered,  ///< results holds every algorithm asked, in the order asked
    Error,     ///< the program answered {"id":..,"error":text}; message is its text
    Crashed,   ///< the program exited or was killed; message says with what status / signal
    BadAnswer, ///< the line was not a valid answer; message says what is wrong
    TimedOut,  ///< no answer within the timeout; message says how long
    /// not asked, or not answered, before the caller's stop time (AlgorithmSource::SetStopTime):
    /// no fault of the program and no answer (the hunt counts such a query as not judged)
    NotRun,
};

/// The protocol name of a status: "answered", "error", "crashed", "bad answer", "timed out",
/// "not run".
const char* ExternalStatusName(ExternalStatus status);

/// One query's outcome.
struct ExternalAnswer {
    ExternalStatus status = ExternalStatus::Answered;
    std::string message; ///< "" when answered
    std::vector<ExternalResult> results;

    bool Ok() const { return status == ExternalStatus::Answered; }
};

/// The query line (no newline) with integer id: {"id", "query", "precision", "a", "b",
/// "algorithms"}, and "trace": true when query.trace. Shapes as the scene file writes them (ShapeToJson: shortest
/// round-trip numbers, -0 kept, an obb with axes); in float precision the shapes are first rounded to float.
std::string QueryLine(const ExternalQuery& query, std::int64_t id);

/// Reads one result object (`hitlab eval`'s) at path into out. hit is required; every other field
/// of the family's kind may be absent or null, and must be present as a number (or "inf", "-inf",
/// "nan") or a 3-vector when the algorithm's returns has it and hit is true (normal and
/// separating_axis may be null). Returns "" or the error naming the key path.
std::string ReadExternalResult(const nlohmann::json& j, const std::string& path, Family family, std::uint32_t returns,
                               Result& out);

/// Reads an answer line to the query with id expectedId. declared: the program's algorithms
/// (for returns). A wrong id, bad JSON, a missing or extra algorithm, a bad result or a bad trace
/// (not an array of {"caption": text, "values": {name: finite number or null}}, a verdict that is
/// not text) gives BadAnswer with a message saying what is wrong and where; {"error": text} gives
/// Error.
ExternalAnswer ParseAnswerLine(std::string_view line, std::int64_t expectedId, const ExternalQuery& query,
                               const std::vector<ExternalAlgorithm>& declared);

} // namespace hitlab
