// Reading and checking an external program's metadata line.
#include "external_metadata.h"

#include "core/compare.h"
#include "core/flaw_condition.h"
#include "core/io/protocol_detail.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>
#include <optional>

namespace hitlab {

namespace {

// ordered: the conventions keep the order the program wrote them in
using OrderedJson = nlohmann::ordered_json;

std::string Describe(const OrderedJson& v) { return detail::Describe(nlohmann::json(v)); }

/// The keys of one metadata object, in the order `hitlab algorithms --json` writes them.
constexpr std::string_view kKeys[] = {"name",      "family",      "title",   "summary", "source",   "reference",
                                      "published", "conventions", "returns", "flaw",    "flaw_when"};

std::string ReadString(const OrderedJson& object, const std::string& path, std::string_view key, std::string& out)
{
    const auto it = object.find(key);
    if (it == object.end()) {
        return path + "." + std::string(key) + ": missing";
    }
    if (!it->is_string()) {
        return path + "." + std::string(key) + ": expected a string, got " + Describe(*it);
    }
    out = it->get<std::string>();
    return "";
}

std::string ReadBool(const OrderedJson& object, const std::string& path, std::string_view key, bool& out)
{
    const auto it = object.find(key);
    if (it == object.end()) {
        return path + "." + std::string(key) + ": missing";
    }
    if (!it->is_boolean()) {
        return path + "." + std::string(key) + ": expected true or false, got " + Describe(*it);
    }
    out = it->get<bool>();
    return "";
}

std::string ReadConventions(const OrderedJson& object, const std::string& path, ExternalAlgorithm& out)
{
    const auto it = object.find("conventions");
    if (it == object.end()) {
        return path + ".conventions: missing";
    }
    if (!it->is_object()) {
        return path + ".conventions: expected an object of strings, got " + Describe(*it);
    }
    for (const auto& [key, value] : it->items()) {
        if (!value.is_string()) {
            return path + ".conventions." + key + ": expected a string, got " + Describe(value);
        }
        out.conventions.emplace_back(key, value.get<std::string>());
    }
    return "";
}

std::string ReadReturns(const OrderedJson& object, const std::string& path, ExternalAlgorithm& out)
{
    const auto it = object.find("returns");
    if (it == object.end()) {
        return path + ".returns: missing";
    }
    if (!it->is_array()) {
        return path + ".returns: expected an array of field names, got " + Describe(*it);
    }
    out.returns = 0;
    for (size_t i = 0; i < it->size(); ++i) {
        const OrderedJson& v = (*it)[i];
        const std::string at = path + ".returns[" + std::to_string(i) + "]";
        std::uint32_t bit = 0;
        for (std::uint32_t b = kFieldHit; b <= kFieldLast && v.is_string(); b <<= 1) {
            bit = v.get<std::string>() == FieldName(b) ? b : bit;
        }
        if (bit == 0) {
            return at + ": unknown field " + Describe(v) + " (expected one of " +
                   FieldListText(FamilyFields(out.family)) + ")";
        }
        out.returns |= bit;
    }
    const std::uint32_t allowed = FamilyFields(out.family);
    if ((out.returns & ~allowed) != 0) {
        return path + ".returns: " + FieldListText(out.returns & ~allowed) + " is not a field of " +
               std::string(FamilyName(out.family));
    }
    if ((out.returns & kFieldHit) == 0) {
        return path + ".returns: must include \"hit\"";
    }
    return "";
}

/// One flaw clause at path into out, checked against the vocabulary; "" or the error.
std::string AddFlawClause(std::string_view text, const std::string& path, ExternalAlgorithm& out)
{
    std::string why;
    if (!ParseFlawClause(text, &why)) {
        return path + ": " + why;
    }
    const size_t first = text.find_first_not_of(" \t");
    const size_t last = text.find_last_not_of(" \t");
    out.flawWhen.emplace_back(text.substr(first, last - first + 1));
    return "";
}

/// "flaw_when" (a string or an array of strings) and the convention "flaw_when" (clauses
/// separated by ';', taken out of the conventions) into out.flawWhen; "" or the error.
std::string ReadFlawWhen(const OrderedJson& object, const std::string& path, ExternalAlgorithm& out)
{
    const auto convention = std::find_if(out.conventions.begin(), out.conventions.end(),
                                         [](const auto& c) { return c.first == "flaw_when"; });
    if (convention != out.conventions.end()) {
        const std::string all = convention->second;
        out.conventions.erase(convention);
        for (size_t start = 0; start <= all.size();) {
            const size_t end = std::min(all.find(';', start), all.size());
            const std::string_view clause = std::string_view(all).substr(start, end - start);
            if (clause.find_first_not_of(" \t") != std::string_view::npos) {
                if (std::string error = AddFlawClause(clause, path + ".conventions.flaw_when", out); !error.empty()) {
                    return error;
                }
            }
            start = end + 1;
        }
    }
    const auto it = object.find("flaw_when");
    if (it == object.end()) {
        return out.flawWhen.empty() || !out.flaw.empty()
                   ? ""
                   : path + ".conventions.flaw_when: a condition without a flaw (declare the flaw's sentence in flaw)";
    }
    if (out.flaw.empty()) {
        return path + ".flaw_when: a condition without a flaw (declare the flaw's sentence in flaw)";
    }
    const OrderedJson list = it->is_string() ? OrderedJson::array({*it}) : *it;
    if (!list.is_array()) {
        return path + ".flaw_when: expected a string or an array of strings, got " + Describe(*it);
    }
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string at = path + ".flaw_when" + (it->is_string() ? "" : "[" + std::to_string(i) + "]");
        if (!list[i].is_string()) {
            return at + ": expected a string, got " + Describe(list[i]);
        }
        if (std::string error = AddFlawClause(list[i].get<std::string>(), at, out); !error.empty()) {
            return error;
        }
    }
    return "";
}

/// One metadata object at path ("[0]") into out; "" or the error.
std::string ReadAlgorithm(const OrderedJson& object, const std::string& path, ExternalAlgorithm& out)
{
    if (!object.is_object()) {
        return path + ": expected a metadata object, got " + Describe(object);
    }
    for (const auto& [key, value] : object.items()) {
        if (std::find(std::begin(kKeys), std::end(kKeys), key) == std::end(kKeys)) {
            return path + "." + key +
                   ": unknown key (a metadata object has name, family, title, summary, source, "
                   "reference, published, conventions, returns and optionally flaw and flaw_when)";
        }
    }
    std::string family;
    bool reference = false;
    std::string error = ReadString(object, path, "name", out.name);
    if (error.empty() && out.name.empty()) {
        error = path + ".name: must not be empty";
    }
    if (error.empty()) {
        error = ReadString(object, path, "family", family);
    }
    if (error.empty()) {
        const std::optional<Family> known = FamilyFromName(family);
        if (!known) {
            return path + ".family: unknown family " + detail::Quote(family) + " (expected one of " +
                   detail::FamilyNames() + ")";
        }
        out.family = *known;
    }
    const std::pair<std::string_view, std::string*> texts[] = {
        {"title", &out.title}, {"summary", &out.summary}, {"source", &out.source}};
    for (const auto& [key, field] : texts) {
        error = error.empty() ? ReadString(object, path, key, *field) : error;
    }
    error = error.empty() ? ReadBool(object, path, "reference", reference) : error;
    if (error.empty() && reference) {
        return path + ".reference: must be false (the family's reference is HitLab's own; \"" + out.name +
               "\" is compared with it)";
    }
    error = error.empty() ? ReadBool(object, path, "published", out.published) : error;
    error = error.empty() ? ReadConventions(object, path, out) : error;
    error = error.empty() ? ReadReturns(object, path, out) : error;
    if (error.empty() && object.contains("flaw")) {
        error = ReadString(object, path, "flaw", out.flaw);
    }
    return error.empty() ? ReadFlawWhen(object, path, out) : error;
}

/// The clash of a with a built-in algorithm, an algorithm in taken, or one earlier in the line.
std::string Clash(const ExternalAlgorithm& a, const std::string& path, const std::string& command,
                  const std::vector<TakenName>& taken, const std::vector<ExternalAlgorithm>& earlier)
{
    const std::string family(FamilyName(a.family));
    const std::string who = path + ".name: " + family + "/" + a.name + " of '" + command + "' clashes with ";
    if (FindAlgorithm(a.family, a.name) != nullptr) {
        return who + "the built-in algorithm " + family + "/" + a.name;
    }
    for (const TakenName& t : taken) {
        if (t.family == a.family && t.name == a.name) {
            return who + "the external algorithm " + family + "/" + a.name + " of '" + t.command + "'";
        }
    }
    for (const ExternalAlgorithm& e : earlier) {
        if (e.family == a.family && e.name == a.name) {
            return who + "the algorithm of the same name earlier in its own metadata line";
        }
    }
    return "";
}

} // namespace

AlgorithmInfo InfoView(const ExternalAlgorithm& a)
{
    AlgorithmInfo info{a.name,      a.family, a.title,   a.summary, a.source, false,
                       a.published, {},       a.returns, a.flaw,    {},       {}};
    for (const auto& [key, value] : a.conventions) {
        info.conventions.push_back({key, value});
    }
    info.flawWhen.assign(a.flawWhen.begin(), a.flawWhen.end());
    return info;
}

MetadataParse ParseExternalMetadata(std::string_view line, const std::string& command,
                                    const std::vector<TakenName>& taken)
{
    MetadataParse out;
    const std::string prefix = "metadata line of '" + command + "': ";
    const OrderedJson j = OrderedJson::parse(line, nullptr, false);
    if (j.is_discarded()) {
        out.error = prefix + "not valid JSON: " + detail::Quote(line);
        return out;
    }
    if (!j.is_array() || j.empty()) {
        out.error = prefix + "expected a non-empty array of metadata objects, got " + Describe(j);
        return out;
    }
    for (size_t i = 0; i < j.size(); ++i) {
        const std::string path = "[" + std::to_string(i) + "]";
        ExternalAlgorithm a;
        std::string error = ReadAlgorithm(j[i], path, a);
        error = error.empty() ? Clash(a, path, command, taken, out.algorithms) : error;
        if (!error.empty()) {
            out.algorithms.clear();
            out.error = prefix + error;
            return out;
        }
        out.algorithms.push_back(std::move(a));
    }
    return out;
}

} // namespace hitlab
