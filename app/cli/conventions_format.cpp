// `hitlab conventions`: the matrix as text, Markdown and JSON (docs/conventions.md).
#include "conventions.h"

#include "core/text.h"

#include <algorithm>
#include <filesystem>

namespace hitlab {

namespace conventions_format {

/// "hit 0.5", "hit" (a solid test without a value), "miss".
std::string AnswerText(bool hit, Family family, std::uint32_t returns, double tEnter, double depth)
{
    if (!hit) {
        return "miss";
    }
    if (IsCast(family) && (returns & kFieldTEnter) != 0) {
        return "hit " + NumberText(tEnter);
    }
    if (!IsCast(family) && (returns & kFieldDepth) != 0) {
        return "hit " + NumberText(depth);
    }
    return "hit";
}

std::string ExactText(const ConventionRow& row)
{
    return AnswerText(row.exact.hit, row.family, FamilyFields(row.family), row.exact.tEnter.value,
                      row.exact.depth.value);
}

/// The observed answer ("hit 0", "miss", "not run", "crashed").
std::string ObservedText(const ConventionRow& row, const ConventionColumn& column, const ConventionCell& cell)
{
    if (!cell.ran) {
        return "not run";
    }
    if (cell.status != "answered") {
        return cell.status;
    }
    return AnswerText(cell.result.hit, row.family, column.info->returns, cell.result.tEnter, cell.result.depth);
}

/// The declared values alone, in the order of the probe's keys ("miss, t >= 0"), "-" for a key
/// not declared; "" when none is.
std::string DeclaredValues(const ConventionProbe& probe, const AlgorithmInfo& info)
{
    std::string out;
    bool any = false;
    for (const std::string_view key : probe.keys) {
        const std::string_view value = info.ConventionValue(key);
        any = any || !value.empty();
        out += (out.empty() ? "" : ", ") + std::string(value.empty() ? "-" : value);
    }
    return any ? out : "";
}

std::string KeysText(const ConventionProbe& probe)
{
    std::string out;
    for (const std::string_view key : probe.keys) {
        out += (out.empty() ? "" : ", ") + std::string(key);
    }
    return out;
}

/// One cell for the tables: observed, the declared values in brackets, "!" (text) or the mark.
std::string CellText(const ConventionRow& row, const ConventionColumn& column, const ConventionCell& cell,
                     std::string_view mark)
{
    std::string text = ObservedText(row, column, cell);
    if (const std::string declared = DeclaredValues(*row.probe, *column.info); !declared.empty()) {
        text += " [" + declared + "]";
    }
    return cell.mark ? text + " " + std::string(mark) : text;
}

void Pad(std::ostream& out, const std::string& text, size_t width)
{
    out << text << std::string(width > text.size() ? width - text.size() : 0, ' ');
}

/// The algorithm's name, with its program's command or its plugin's file name.
std::string ColumnName(const ConventionColumn& c)
{
    if (c.builtIn) {
        return std::string(c.info->name);
    }
    const std::string source = c.kind == "plugin" ? std::filesystem::path(c.source).filename().string() : c.source;
    return std::string(c.info->name) + " (" + source + ")";
}

} // namespace conventions_format

void WriteConventionsText(const ConventionsMatrix& m, std::ostream& out)
{
    using namespace conventions_format;
    out << "Each cell: the answer (t_enter of a cast, depth of an overlap), [the algorithm's declared values of the "
           "probe's keys, in order, - when not declared], ! where the answer is not what they declare.\n";
    for (const ConventionFamily& f : m.families) {
        std::vector<std::vector<std::string>> table;
        table.push_back({"probe", "keys", "exact"});
        for (const ConventionColumn& c : f.columns) {
            table.back().push_back(ColumnName(c));
        }
        for (const ConventionRow& row : f.rows) {
            std::vector<std::string>& line = table.emplace_back();
            line = {std::string(row.probe->id.substr(row.probe->id.find('/') + 1)) +
                        (row.precision == Precision::Float ? " (float)" : ""),
                    KeysText(*row.probe), ExactText(row)};
            for (size_t c = 0; c < f.columns.size(); ++c) {
                line.push_back(CellText(row, f.columns[c], row.cells[c], "!"));
            }
        }
        std::vector<size_t> widths(table.front().size(), 0);
        for (const auto& line : table) {
            for (size_t i = 0; i < line.size(); ++i) {
                widths[i] = std::max(widths[i], line[i].size());
            }
        }
        out << "\n" << FamilyName(f.family) << "\n";
        for (const auto& line : table) {
            for (size_t i = 0; i < line.size(); ++i) {
                Pad(out, line[i], i + 1 < line.size() ? widths[i] + 2 : 0);
            }
            out << "\n";
        }
    }
    out << "\n"
        << CountText(static_cast<size_t>(m.marks), "mark", "marks") << ": answers not what the algorithm declares\n";
}

void WriteConventionsMarkdown(const ConventionsMatrix& m, std::ostream& out)
{
    using namespace conventions_format;
    for (const ConventionFamily& f : m.families) {
        out << "### " << FamilyName(f.family) << "\n\n| probe | keys | exact |";
        for (const ConventionColumn& c : f.columns) {
            out << " " << ColumnName(c) << " |";
        }
        out << "\n| --- | --- | --- |";
        for (size_t c = 0; c < f.columns.size(); ++c) {
            out << " --- |";
        }
        out << "\n";
        for (const ConventionRow& row : f.rows) {
            out << "| `" << row.probe->id << "`" << (row.precision == Precision::Float ? " (float)" : "") << ": "
                << row.probe->title << " | " << KeysText(*row.probe) << " | " << ExactText(row) << " |";
            for (size_t c = 0; c < f.columns.size(); ++c) {
                out << " " << CellText(row, f.columns[c], row.cells[c], "**≠**") << " |";
            }
            out << "\n";
        }
        out << "\n";
    }
    out << CountText(static_cast<size_t>(m.marks), "mark", "marks") << " (**≠**): answers not what the algorithm "
        << "declares.\n";
}

nlohmann::ordered_json ConventionsJson(const ConventionsMatrix& m)
{
    using namespace conventions_format;
    nlohmann::ordered_json families = nlohmann::ordered_json::array();
    for (const ConventionFamily& f : m.families) {
        nlohmann::ordered_json columns = nlohmann::ordered_json::array();
        for (const ConventionColumn& c : f.columns) {
            columns.push_back({{"name", std::string(c.info->name)}, {"kind", c.kind}, {"source", c.source}});
        }
        nlohmann::ordered_json probes = nlohmann::ordered_json::array();
        for (const ConventionRow& row : f.rows) {
            nlohmann::ordered_json cells = nlohmann::ordered_json::array();
            for (size_t c = 0; c < f.columns.size(); ++c) {
                const ConventionCell& cell = row.cells[c];
                nlohmann::ordered_json j = {{"algorithm", std::string(f.columns[c].info->name)},
                                            {"status", cell.ran ? cell.status : "not run"},
                                            {"answer", ObservedText(row, f.columns[c], cell)}};
                j["hit"] = cell.ran && cell.status == "answered" ? nlohmann::ordered_json(cell.result.hit) : nullptr;
                nlohmann::ordered_json declared = nlohmann::ordered_json::object();
                for (const std::string_view key : row.probe->keys) {
                    if (!f.columns[c].info->ConventionValue(key).empty()) {
                        declared[std::string(key)] = std::string(f.columns[c].info->ConventionValue(key));
                    }
                }
                j["declared"] = declared;
                j["predicted"] = cell.predicted ? nlohmann::ordered_json(*cell.predicted) : nullptr;
                j["explanation"] = ExplanationName(cell.explanation);
                j["reason"] = cell.reason;
                j["mark"] = cell.mark;
                cells.push_back(std::move(j));
            }
            nlohmann::ordered_json facts = nlohmann::ordered_json::array();
            for (const std::string_view fact : ProbeFactNames(row.facts)) {
                facts.push_back(std::string(fact));
            }
            nlohmann::ordered_json keys = nlohmann::ordered_json::array();
            for (const std::string_view key : row.probe->keys) {
                keys.push_back(std::string(key));
            }
            probes.push_back({{"id", std::string(row.probe->id)},
                              {"title", std::string(row.probe->title)},
                              {"check", std::string(row.probe->note)},
                              {"precision", row.precision == Precision::Float ? "float" : "double"},
                              {"query", nlohmann::ordered_json::parse(row.probe->line)},
                              {"facts", facts},
                              {"keys", keys},
                              {"exact", ExactText(row)},
                              {"exact_hit", row.exact.hit},
                              {"exact_float_inputs", row.precision == Precision::Float
                                                         ? nlohmann::ordered_json(AnswerText(
                                                               row.seen.hit, row.family, FamilyFields(row.family),
                                                               row.seen.tEnter.value, row.seen.depth.value))
                                                         : nlohmann::ordered_json(nullptr)},
                              {"cells", cells}});
        }
        families.push_back(
            {{"family", std::string(FamilyName(f.family))}, {"algorithms", columns}, {"probes", probes}});
    }
    return {{"families", families}, {"marks", m.marks}};
}

} // namespace hitlab
