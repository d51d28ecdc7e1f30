// The query protocol's JSON side (docs/protocol.md): reading shapes and `hitlab eval` query
// lines with every validation the protocol asks for, and writing algorithms, results and traces.
// Parsing never throws and never guesses: anything invalid gives a message that names the key
// path and what was expected ("b.radius: must be >= 0, got -1").
#pragma once

#include "error.h"

#include "core/algorithm.h"
#include "core/compare.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hitlab {

/// Longest query line accepted, in bytes (without the newline). Longer lines are error lines.
inline constexpr std::size_t kMaxLineBytes = std::size_t(1) << 20;
/// Deepest nesting of arrays and objects accepted in a line (shapes need 3; `id` may use more).
inline constexpr int kMaxJsonDepth = 64;
/// Tolerance of the orthonormality check of obb `axes`: |dot(u, v)| and ||u| - 1|.
inline constexpr double kAxesTolerance = 1e-4;

/// A value, or an error: the key path in `where` ("b.radius"), what was expected in `what`.
template <typename T>
struct Parsed {
    std::optional<T> value;
    IoError error; ///< error.what is non-empty exactly when value is empty

    bool Ok() const { return value.has_value(); }
};

/// Reads one shape object (the protocol's shape table) at key path `path` ("a", "shapes[2]").
/// Validates types, vector sizes, finiteness, min <= max, radius and half extents >= 0, a nonzero
/// ray direction and plane normal, orthonormal obb axes (or builds them from rotation_deg: the
/// columns of Rx * Ry * Rz, glm::eulerAngleXYZ; axes win when both are given). The keys `name`,
/// `id` and `color` are ignored; any other unknown key is reported in `warnings` when given.
Parsed<Shape> ParseShape(const nlohmann::json& json, const std::string& path,
                         std::vector<std::string>* warnings = nullptr);

/// Reads the mesh file a scene's mesh names in its "file" key (relative to the scene) into out, or
/// returns the error; path is the key's path ("shapes[3].file").
using MeshFileReader =
    std::function<IoError(const std::string& file, const std::string& path, std::shared_ptr<const MeshData>& out)>;

/// While alive, ParseShape reads a mesh's "file" key on this thread with reader (the scene reader
/// sets one; without one, "file" is an error: a query line gives its mesh inline).
class ScopedMeshFileReader {
public:
    explicit ScopedMeshFileReader(const MeshFileReader& reader);
    ~ScopedMeshFileReader();
    ScopedMeshFileReader(const ScopedMeshFileReader&) = delete;
    ScopedMeshFileReader& operator=(const ScopedMeshFileReader&) = delete;

private:
    const MeshFileReader* m_previous;
};

/// The error when shape (at path) cannot be evaluated meaningfully in precision: a number that
/// overflows float, or a direction or normal that rounds to zero in float. No error (what "") when fine.
IoError CheckPrecision(const Shape& shape, Precision precision, const std::string& path);

/// Declared conventions, owned (key, value), in the order given: the protocol's convention
/// vocabulary (see ParseConventions).
using OwnedConventions = std::vector<std::pair<std::string, std::string>>;

/// An answer given on an eval line (`"answer"` or `"answers"`, docs/protocol.md "Judging a given
/// answer"): the result of an algorithm HitLab does not run, judged like one of its own.
struct GivenAnswer {
    std::string name;                  ///< "answer" for the key "answer", else its key in "answers"
    Result result;                     ///< hasNormal / hasSeparatingAxis: the field was given
    std::uint32_t returns = kFieldHit; ///< hit and the fields given (present and not null)
};

/// Reads a result object given as an answer (at key path `path`, e.g. "answer") of a query of
/// family: `hit` (required, true or false) and the family kind's fields (casts: t_enter, t_exit,
/// point, normal; overlaps and containment: depth, normal, contact, separating_axis), each absent
/// or null (not computed), a number (or the strings "inf", "-inf" as eval writes them), or a
/// vector of three such numbers. NaN ("nan"), another type or another key is an error naming its
/// key path. Values given on a miss are read (and checked) but not compared. out.name is untouched.
IoError ParseGivenResult(const nlohmann::json& j, const std::string& path, Family family, GivenAnswer& out);

/// Reads a "conventions" object (at path): every key one that HitLab's algorithms declare
/// (origin_inside, boundary, t_range, direction, parallel, facing, touching, ...), with a string
/// value one of them declares for it (`hitlab algorithms --json`), or "max_distance" with a finite
/// number >= 0 (the limit of `t_range: "t <= max distance"`). Anything else is an error listing
/// the valid keys or values.
IoError ParseConventions(const nlohmann::json& j, const std::string& path, OwnedConventions& out);

/// One `hitlab eval` input line, read. On error, `error` says what is wrong and the other fields
/// (except `id` when the line had a readable one) keep their defaults.
struct ParsedQuery {
    nlohmann::json id; ///< echoed back; null when absent or unreadable
    IoError error;     ///< error.what is "" when the line is a valid query; where is the key path
    Query query;
    std::vector<const AlgorithmInfo*> algorithms; ///< resolved: the family's all, or the ones named, in that order
    bool allAlgorithms = true;                    ///< "algorithms": "all" (or absent)
    Precision precision = Precision::Float;
    bool trace = false;
    bool exact = false; ///< "exact": true asks for the exact judge's answer (hitlab eval)
    /// "answer" (named "answer") or "answers" (in name order): answers to judge. With answers and
    /// no "algorithms" key, no algorithm runs (algorithms is empty), as with "algorithms": [].
    std::vector<GivenAnswer> answers;
    OwnedConventions conventions;      ///< "conventions": the given answers' declared conventions
    std::vector<std::string> warnings; ///< unknown keys that were ignored

    bool Ok() const { return error.what.empty(); }
};

/// Reads one query line (without its newline; a trailing '\r' and surrounding whitespace are
/// fine). Errors: "empty line", "line is not valid JSON: ...", lines longer than kMaxLineBytes or
/// nested deeper than kMaxJsonDepth, and every protocol validation (see ParseShape), plus unknown
/// family, shapes of the wrong type for the family, unknown algorithm names (listing the valid
/// ones), a precision other than "float" / "double", and families with no algorithms registered;
/// given answers (ParseGivenResult, ParseConventions): both "answer" and "answers", an empty or
/// non-object "answers", an empty name or one of a built-in algorithm of the family. The capture
/// keys "frame" (an integer), "time" (a finite number) and "where" (a string) are checked and
/// otherwise ignored.
ParsedQuery ParseQuery(std::string_view line);

// ---- writing ----

/// A number as the protocol writes it: integers without a fraction, other values as the shortest
/// text that reads back to the same double, -0 as 0, and the non-finite values (which JSON cannot
/// hold) as the strings "inf", "-inf" and "nan".
nlohmann::ordered_json JsonNumber(double value);
/// A vector as an array of three numbers (JsonNumber each).
nlohmann::ordered_json JsonVec3(const glm::dvec3& v);

/// Protocol names of the Field bits set in returns ("hit", "t_enter", ..., "separating_axis"), in bit order.
std::vector<std::string> FieldNames(std::uint32_t returns);
/// The protocol's Precision names: "float", "double".
const char* PrecisionName(Precision precision);

/// One `hitlab algorithms --json` object: name, family, title, summary, source, reference,
/// published, conventions (object), returns (field names), and flaw when the algorithm has one.
nlohmann::ordered_json ToJson(const AlgorithmInfo& info);

/// One result object. Every field of the family's kind is present, in protocol order: ray casts
/// hit, t_enter, t_exit, point, normal; overlaps hit, depth, normal, contact, separating_axis.
/// A field is null when the algorithm does not compute it (not in returns), on a miss (t, point,
/// depth, normal, contact), when the normal is unknown (origin inside), or when no separating
/// axis was found.
nlohmann::ordered_json ResultToJson(const Result& result, std::uint32_t returns, Family family);

/// An `explain` entry of an algorithm that differs from the reference: `explanation`, `reason`
/// and `fields` (the protocol names of what differs: ["hit"] for a verdict, else the values,
/// e.g. ["t_enter", "point"]).
nlohmann::ordered_json ExplainToJson(const AlgorithmOutcome& outcome);

/// A trace: {"steps": [{"caption", "values": {name: number}, and one of "slab", "face", "axis",
/// "point", "segment": {...}}], "deciding_step": index or null, "verdict": sentence}.
nlohmann::ordered_json TraceToJson(const Trace& trace);

} // namespace hitlab
