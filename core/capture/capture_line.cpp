// A capture's lines read with the protocol's full parser, and its header line.
#include "capture_line.h"

#include <cmath>
#include <limits>

namespace hitlab {

namespace {

using nlohmann::json;

/// The text without a byte order mark and surrounding whitespace (as ParseQuery reads it).
std::string_view Trimmed(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF") {
        text.remove_prefix(3);
    }
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) {
        return {};
    }
    return text.substr(first, text.find_last_not_of(" \t\r\n") + 1 - first);
}

/// The JSON object of a line, or a discarded value when it does not parse as one.
json ParseObject(std::string_view text)
{
    json j = json::parse(Trimmed(text), nullptr, false);
    return j.is_object() ? j : json(json::value_t::discarded);
}

/// "frame" as a whole number (ParseQuery checked that it is a number with no fraction).
IoError ReadFrame(const json& v, CaptureLine& out)
{
    constexpr double kLimit = 0x1p63;
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max())) {
        return {"frame", "must be below 2^63, got " + v.dump()};
    }
    if (v.is_number_integer()) {
        out.frame = v.get<std::int64_t>();
    } else if (const double d = v.get<double>(); std::abs(d) < kLimit) {
        out.frame = static_cast<std::int64_t>(d);
    } else {
        return {"frame", "must be below 2^63 in magnitude, got " + v.dump()};
    }
    out.hasFrame = true;
    return {};
}

} // namespace

bool IsCaptureHeaderLine(std::string_view text)
{
    const json j = ParseObject(text);
    return !j.is_discarded() && j.contains("capture");
}

IoError ParseCaptureHeader(std::string_view text, CaptureHeader& out)
{
    out = CaptureHeader{};
    const json j = ParseObject(text);
    if (j.is_discarded() || !j.contains("capture")) {
        return {{}, "not a capture header (expected {\"capture\": 1, \"engine\": ..., \"conventions\": {...}})"};
    }
    out.present = true;
    const json& version = j["capture"];
    if (!version.is_number_integer() || version.get<std::int64_t>() != 1) {
        return {"capture", "expected the format version 1, got " + version.dump()};
    }
    if (const auto engine = j.find("engine"); engine != j.end()) {
        if (!engine->is_string()) {
            return {"engine", "expected a string (the engine's name), got " + engine->dump()};
        }
        out.engine = engine->get<std::string>();
    }
    if (const auto conventions = j.find("conventions"); conventions != j.end()) {
        return ParseConventions(*conventions, "conventions", out.conventions);
    }
    return {};
}

void ParseCaptureLineFull(std::string_view text, CaptureLine& out)
{
    const std::uint64_t number = out.number;
    ParsedQuery parsed = ParseQuery(text);
    out = CaptureLine{};
    out.number = number;
    if (!parsed.Ok()) {
        out.error = std::move(parsed.error);
        return;
    }
    if (parsed.answers.empty()) {
        out.error = {"answer", "missing (a capture line gives the engine's answer: \"answer\": {\"hit\": ...})"};
        return;
    }
    out.query = std::move(parsed.query);
    out.precision = parsed.precision;
    out.answers = std::move(parsed.answers);
    out.conventions = std::move(parsed.conventions);
    // the capture keys' values: ParseQuery checked their types
    const json j = ParseObject(text);
    if (const auto frame = j.find("frame"); frame != j.end()) {
        if (IoError e = ReadFrame(*frame, out); !e.what.empty()) {
            out.error = std::move(e);
            return;
        }
    }
    if (const auto time = j.find("time"); time != j.end()) {
        out.hasTime = true;
        out.time = time->get<double>();
    }
    if (const auto where = j.find("where"); where != j.end()) {
        out.where = where->get<std::string>();
    }
}

void ReadCaptureLine(std::string_view text, std::uint64_t number, CaptureLine& out)
{
    out.number = number;
    if (FastReadCaptureLine(text, out)) {
        out.number = number;
        return;
    }
    out.number = number;
    ParseCaptureLineFull(text, out);
}

} // namespace hitlab
