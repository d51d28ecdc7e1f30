// Reading `hitlab eval` query lines (docs/protocol.md#hitlab-eval): the line itself (length,
// nesting, JSON), the family, the shapes (protocol_shape.cpp), precision, trace and algorithms.
#include "protocol.h"
#include "json_text.h"
#include "protocol_detail.h"

#include <algorithm>

namespace hitlab {

namespace {

using nlohmann::json;
using namespace detail;

/// nlohmann's message without its "[json.exception.parse_error.101] " prefix.
std::string ParserMessage(const std::exception& e)
{
    std::string message = e.what();
    if (!message.empty() && message[0] == '[') {
        const auto close = message.find("] ");
        if (close != std::string::npos) {
            message.erase(0, close + 2);
        }
    }
    return message;
}

/// Recovers a scalar top-level "id" from a line that failed to parse, from the events seen before
/// the error, so the error line can still echo it.
struct IdRecovery {
    int depth = 0;
    bool nextIsId = false;
    json id;

    bool Value(json v)
    {
        if (depth == 1 && nextIsId) {
            id = std::move(v);
        }
        nextIsId = false;
        return true;
    }
    bool null() { return Value(nullptr); }
    bool boolean(bool v) { return Value(v); }
    bool number_integer(json::number_integer_t v) { return Value(v); }
    bool number_unsigned(json::number_unsigned_t v) { return Value(v); }
    bool number_float(json::number_float_t v, const json::string_t&) { return Value(v); }
    bool string(json::string_t& v) { return Value(v); }
    bool binary(json::binary_t&) { return Value(nullptr); }
    bool start_object(std::size_t)
    {
        nextIsId = false; // an object or array id is not recovered
        ++depth;
        return true;
    }
    bool start_array(std::size_t) { return start_object(0); }
    bool end_object()
    {
        --depth;
        return true;
    }
    bool end_array() { return end_object(); }
    bool key(json::string_t& k)
    {
        nextIsId = depth == 1 && k == "id";
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }
};

json RecoverId(std::string_view line)
{
    IdRecovery recovery;
    json::sax_parse(line, &recovery, json::input_format_t::json, false);
    return recovery.id;
}

IoError ReadAlgorithms(const json* v, Family family, ParsedQuery& out)
{
    const std::vector<const AlgorithmInfo*> available = AlgorithmsOf(family);
    const std::string familyName(FamilyName(family));
    if (available.empty()) {
        return IoError{"query", "no algorithms of family " + familyName + " are registered in this build"};
    }
    std::vector<std::string_view> names;
    for (const AlgorithmInfo* info : available) {
        names.push_back(info->name);
    }
    // with answers to judge and no "algorithms", none runs
    if ((v == nullptr && out.answers.empty()) ||
        (v != nullptr && v->is_string() && v->get_ref<const std::string&>() == "all")) {
        out.algorithms = available;
        out.allAlgorithms = true;
        return {};
    }
    if (v == nullptr || (v->is_array() && v->empty() && !out.answers.empty())) {
        out.algorithms.clear();
        out.allAlgorithms = false;
        return {};
    }
    if (!v->is_array()) {
        IoError e{"algorithms", "expected \"all\" or an array of names, got " + Describe(*v)};
        if (v->is_string()) {
            e.what += " (write [" + Quote(v->get_ref<const std::string&>()) + "] for one algorithm)";
        }
        return e;
    }
    if (v->empty()) {
        return IoError{"algorithms", "expected \"all\" or an array of at least one name, got an empty array (an "
                                     "empty array is for a line that only gives an \"answer\" to judge)"};
    }
    out.allAlgorithms = false;
    for (size_t i = 0; i < v->size(); ++i) {
        const json& name = (*v)[i];
        const std::string path = "algorithms[" + std::to_string(i) + "]";
        if (!name.is_string()) {
            return {path, "expected an algorithm name (a string), got " + Describe(name)};
        }
        const AlgorithmInfo* info = FindAlgorithm(family, name.get_ref<const std::string&>());
        if (info == nullptr) {
            return {path, "unknown algorithm " + Quote(name.get_ref<const std::string&>()) + " for " + familyName +
                              " (expected one of " + Join(names) + ")"};
        }
        if (std::find(out.algorithms.begin(), out.algorithms.end(), info) == out.algorithms.end()) {
            out.algorithms.push_back(info);
        }
    }
    return {};
}

/// "precision", "trace" and "exact" into out.
IoError ReadOptions(const json& j, ParsedQuery& out);

IoError ReadQuery(const json& j, ParsedQuery& out)
{
    // family
    const auto query = j.find("query");
    if (query == j.end()) {
        return IoError{"query", "missing (expected a family name, one of " + FamilyNames() + ")"};
    }
    if (!query->is_string()) {
        return IoError{"query", "expected a family name (a string), got " + Describe(*query)};
    }
    const std::optional<Family> family = FamilyFromName(query->get_ref<const std::string&>());
    if (!family) {
        return IoError{"query", "unknown family " + Quote(query->get_ref<const std::string&>()) + " (expected one of " +
                                    FamilyNames() + ")"};
    }
    out.query.family = *family;
    const std::string familyName(FamilyName(*family));

    // shapes
    for (const char* key : {"a", "b"}) {
        const bool isA = key[0] == 'a';
        const std::string_view expected = isA ? FamilyShapeA(*family) : FamilyShapeB(*family);
        const auto it = j.find(key);
        if (it == j.end()) {
            return {key, "missing (" + familyName + " needs a " + std::string(expected) + " as \"" + key + "\")"};
        }
        Parsed<Shape> shape = ParseShapeExpecting(*it, key, expected, familyName, &out.warnings);
        if (!shape.Ok()) {
            return shape.error;
        }
        (isA ? out.query.a : out.query.b) = std::move(*shape.value);
    }

    if (IoError e = ReadOptions(j, out); !e.what.empty()) {
        return e;
    }
    if (IoError e = CheckPrecision(out.query.a, out.precision, "a"); !e.what.empty()) {
        return e;
    }
    if (IoError e = CheckPrecision(out.query.b, out.precision, "b"); !e.what.empty()) {
        return e;
    }

    // answers to judge, then the algorithms to run
    if (IoError e = ReadAnswers(j, *family, out); !e.what.empty()) {
        return e;
    }
    if (IoError e = ReadCaptureKeys(j); !e.what.empty()) {
        return e;
    }
    const auto algorithms = j.find("algorithms");
    if (IoError e = ReadAlgorithms(algorithms == j.end() ? nullptr : &*algorithms, *family, out); !e.what.empty()) {
        return e;
    }

    for (const auto& [key, value] : j.items()) {
        static const std::vector<std::string_view> kKeys{"id",          "query", "a",     "b",      "algorithms",
                                                         "precision",   "trace", "exact", "answer", "answers",
                                                         "conventions", "frame", "time",  "where"};
        if (std::find(kKeys.begin(), kKeys.end(), key) == kKeys.end()) {
            out.warnings.push_back(key + ": unknown key ignored (a query has " + Join(kKeys) + ")");
        }
    }
    return {};
}

IoError ReadOptions(const json& j, ParsedQuery& out)
{
    if (const auto it = j.find("precision"); it != j.end()) {
        if (it->is_string() && it->get_ref<const std::string&>() == "float") {
            out.precision = Precision::Float;
        } else if (it->is_string() && it->get_ref<const std::string&>() == "double") {
            out.precision = Precision::Double;
        } else {
            return IoError{"precision", "expected \"float\" or \"double\", got " + Describe(*it)};
        }
    }
    if (const auto it = j.find("trace"); it != j.end()) {
        if (!it->is_boolean()) {
            return IoError{"trace", "expected true or false, got " + Describe(*it)};
        }
        out.trace = it->get<bool>();
    }
    if (const auto it = j.find("exact"); it != j.end()) {
        if (!it->is_boolean()) {
            return IoError{"exact", "expected true or false, got " + Describe(*it)};
        }
        out.exact = it->get<bool>();
    }
    return {};
}

} // namespace

ParsedQuery ParseQuery(std::string_view line)
{
    ParsedQuery out;
    // a UTF-8 byte order mark and surrounding whitespace (CR of CRLF included) are not content
    if (line.substr(0, 3) == "\xEF\xBB\xBF") {
        line.remove_prefix(3);
    }
    const auto first = line.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) {
        out.error = {{}, "empty line"};
        return out;
    }
    line = line.substr(first, line.find_last_not_of(" \t\r\n") + 1 - first);
    if (line.size() > kMaxLineBytes) {
        out.error = {{},
                     "line is too long: " + std::to_string(line.size()) + " bytes, the limit is " +
                         std::to_string(kMaxLineBytes)};
        return out;
    }
    if (const auto deep = TooDeep(line, kMaxJsonDepth); deep != std::string_view::npos) {
        out.error = {{}, "line nests arrays or objects deeper than " + std::to_string(kMaxJsonDepth) + " levels"};
        // an id read before the first level too deep is echoed (the text up to there nests no deeper)
        out.id = RecoverId(line.substr(0, deep));
        return out;
    }
    json j;
    try {
        j = json::parse(line);
    } catch (const json::out_of_range& e) { // nlohmann reports 1e400 this way
        out.error = {{}, "line is not valid JSON: " + ParserMessage(e) + " (every number must be a finite double)"};
        out.id = RecoverId(line);
        return out;
    } catch (const json::exception& e) {
        out.error = {{}, "line is not valid JSON: " + ParserMessage(e)};
        out.id = RecoverId(line);
        return out;
    }
    if (!j.is_object()) {
        out.error = {{}, "line is not a query object: got " + Describe(j)};
        return out;
    }
    if (const auto id = j.find("id"); id != j.end()) {
        out.id = *id;
    }
    if (IoError e = ReadQuery(j, out); !e.what.empty()) {
        ParsedQuery failed;
        failed.id = std::move(out.id);
        failed.error = std::move(e);
        return failed;
    }
    return out;
}

} // namespace hitlab
