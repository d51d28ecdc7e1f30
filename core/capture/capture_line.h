// One line of a capture (docs/capture.md): a `hitlab eval` query line with the engine's answer,
// and the optional header line. Reading a line is the fast hand-written reader for the lines a
// recorder writes, falling back on the protocol's full parser (core/io/protocol.h, ParseQuery) for
// anything it does not read, with identical results; GL-free, for `hitlab triage` and the window.
#pragma once

#include "core/io/protocol.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hitlab {

/// The optional first line of a capture: {"capture": 1, "engine": "...", "conventions": {...}}.
struct CaptureHeader {
    bool present = false;
    std::int64_t version = 1;
    std::string engine;
    OwnedConventions conventions; ///< the engine's declared conventions, for every line
};

/// Whether the text is a header line: a JSON object with the key "capture" (cheap: it looks for
/// the key, it does not validate).
bool IsCaptureHeaderLine(std::string_view text);

/// Reads a header line into out (present set). Errors name the key: "capture" (must be 1),
/// "engine" (a string), "conventions" (ParseConventions). Other keys are ignored.
IoError ParseCaptureHeader(std::string_view text, CaptureHeader& out);

/// One query line of a capture, read.
struct CaptureLine {
    std::uint64_t number = 0; ///< 1-based line number in the file
    IoError error;            ///< what non-empty: a bad line (where names the key)
    Query query;
    Precision precision = Precision::Float;
    std::vector<GivenAnswer> answers; ///< "answer" (named "answer") or "answers"
    OwnedConventions conventions;     ///< the line's own "conventions"
    bool hasFrame = false;
    std::int64_t frame = 0;
    bool hasTime = false;
    double time = 0;
    std::string where; ///< the call site, "" when absent
    bool fast = false; ///< read by the fast reader (not the full parser)

    bool Ok() const { return error.what.empty(); }
};

/// Reads a line with the protocol's full parser (ParseQuery, then the capture keys' values). A
/// valid eval line without an answer is an error here ("answer: missing ..."): a capture line
/// gives the engine's answer. number is kept.
void ParseCaptureLineFull(std::string_view text, CaptureLine& out);

/// The fast reader alone: true when it read the line, out then equal to what
/// ParseCaptureLineFull gives (fast set); false when the line has anything it does not read
/// (another key order is fine; escapes in strings, unknown keys, duplicate keys, "id",
/// "algorithms", "answers", the line's own "conventions", obb, triangle, mesh and convex shapes,
/// any invalid value): out is then unspecified. Shapes read: ray, segment, plane, aabb, sphere,
/// point; answer fields: hit, t_enter, t_exit, point, normal, depth, contact, distance,
/// closest_a, closest_b (numbers, "inf", "-inf", null).
bool FastReadCaptureLine(std::string_view text, CaptureLine& out);

/// Reads one line: the fast reader, else the full parser. out.number is set to number.
void ReadCaptureLine(std::string_view text, std::uint64_t number, CaptureLine& out);

} // namespace hitlab
