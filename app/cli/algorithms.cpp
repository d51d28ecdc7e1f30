// `hitlab algorithms`.
#include "algorithms.h"

#include "core/io/protocol.h"

#include <algorithm>
#include <string>
#include <vector>

namespace hitlab {

namespace {

/// The built-in algorithms of family (or all), each family's followed by its ones in extra.
std::vector<const AlgorithmInfo*> Selected(std::optional<Family> family, std::span<const AlgorithmInfo> extra)
{
    std::vector<const AlgorithmInfo*> out;
    for (const Family f : AllFamilies()) {
        if (family && f != *family) {
            continue;
        }
        for (const AlgorithmInfo* info : AlgorithmsOf(f)) {
            out.push_back(info);
        }
        for (const AlgorithmInfo& info : extra) {
            if (info.family == f) {
                out.push_back(&info);
            }
        }
    }
    return out;
}

void Pad(std::ostream& out, std::string_view text, size_t width)
{
    out << text << std::string(width > text.size() ? width - text.size() : 0, ' ');
}

} // namespace

nlohmann::ordered_json AlgorithmsJson(std::optional<Family> family, std::span<const AlgorithmInfo> extra)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const AlgorithmInfo* info : Selected(family, extra)) {
        out.push_back(ToJson(*info));
    }
    return out;
}

int RunAlgorithms(std::ostream& out, bool json, std::optional<Family> family, std::span<const AlgorithmInfo> extra)
{
    if (json) {
        out << AlgorithmsJson(family, extra).dump(2) << '\n';
        return 0;
    }
    const std::vector<const AlgorithmInfo*> list = Selected(family, extra);
    size_t familyWidth = 6, nameWidth = 4;
    for (const AlgorithmInfo* info : list) {
        familyWidth = std::max(familyWidth, FamilyName(info->family).size());
        nameWidth = std::max(nameWidth, info->name.size());
    }
    familyWidth += 2;
    nameWidth += 2;
    Pad(out, "FAMILY", familyWidth);
    Pad(out, "NAME", nameWidth);
    out << "REF  PUB  TITLE\n";
    int families = 0;
    for (size_t i = 0; i < list.size(); ++i) {
        const AlgorithmInfo& info = *list[i];
        const bool firstOfFamily = i == 0 || list[i - 1]->family != info.family;
        families += firstOfFamily ? 1 : 0;
        Pad(out, firstOfFamily ? FamilyName(info.family) : "", familyWidth);
        Pad(out, info.name, nameWidth);
        out << (info.reference ? "ref  " : "     ") << (info.published ? "pub  " : "     ") << info.title << '\n';
    }
    out << '\n'
        << list.size() << (list.size() == 1 ? " algorithm" : " algorithms") << " in " << families
        << (families == 1 ? " family" : " families")
        << ". ref: the family's reference (the exact answer); pub: reproduces a published method, flaws "
           "included.\nhitlab algorithms --json prints every field (summary, source, conventions, returns, flaw).\n";
    return 0;
}

} // namespace hitlab
