// `hitlab plot-offset`: error against the offset distance for a scene's algorithms.
#include "offset.h"

#include "core/io/scene_file.h"
#include "core/text.h"

#include <nlohmann/json.hpp>

#include <fstream>

namespace hitlab {

namespace offset_command {

std::string UlpsText(const OffsetPoint& p)
{
    if (p.verdictWrong || !std::isfinite(p.ulps)) {
        return "wrong";
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, p.ulps >= 1e6 ? "%.3g" : "%.1f", p.ulps);
    return buf;
}

void WriteTable(const std::vector<OffsetCurve>& curves, const std::vector<double>& distances, std::ostream& out)
{
    std::vector<size_t> shown; // 0 and the whole powers of ten
    for (size_t k = 0; k < distances.size(); ++k) {
        if (distances[k] == 0 || std::log10(distances[k]) == std::round(std::log10(distances[k]))) {
            shown.push_back(k);
        }
    }
    out << "largest error in ulps against the exact judge (t_enter or depth; \"wrong\": a verdict differs), "
           "every shape moved by (d, d, d)\n";
    char cell[64];
    std::snprintf(cell, sizeof cell, "%-36s %-6s", "algorithm", "prec.");
    out << cell;
    for (const size_t k : shown) {
        std::snprintf(cell, sizeof cell, " %9s", distances[k] == 0 ? "d = 0" : NumberText(distances[k]).c_str());
        out << cell;
    }
    out << "\n";
    for (const OffsetCurve& c : curves) {
        const std::string name = std::string(FamilyName(c.info->family)) + "/" + std::string(c.info->name);
        std::snprintf(cell, sizeof cell, "%-36s %-6s", name.c_str(),
                      c.precision == Precision::Float ? "float" : "double");
        out << cell;
        for (const size_t k : shown) {
            std::snprintf(cell, sizeof cell, " %9s", UlpsText(c.points[k]).c_str());
            out << cell;
        }
        out << "\n";
    }
}

nlohmann::ordered_json CurvesJson(const std::vector<OffsetCurve>& curves)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const OffsetCurve& c : curves) {
        nlohmann::ordered_json points = nlohmann::ordered_json::array();
        for (const OffsetPoint& p : c.points) {
            points.push_back({{"distance", p.distance},
                              {"ulps", p.verdictWrong || !std::isfinite(p.ulps) ? nlohmann::ordered_json(nullptr)
                                                                                : nlohmann::ordered_json(p.ulps)},
                              {"verdict_wrong", p.verdictWrong}});
        }
        out.push_back({{"family", std::string(FamilyName(c.info->family))},
                       {"algorithm", std::string(c.info->name)},
                       {"precision", c.precision == Precision::Float ? "float" : "double"},
                       {"points", points}});
    }
    return out;
}

} // namespace offset_command

int RunPlotOffset(const PlotOffsetOptions& options, std::ostream& out, std::ostream& err)
{
    using namespace offset_command;
    if (!options.output.empty() && !options.output.ends_with(".svg")) {
        err << "hitlab plot-offset: -o: the figure is an SVG file (FILE.svg), got \"" << options.output << "\"\n";
        return 2;
    }
    SceneLoad load = LoadSceneFile(options.scenePath);
    if (!load.Ok()) {
        err << ErrorText(Within("hitlab plot-offset", load.error)) << "\n";
        return 2;
    }
    const std::vector<double> distances = OffsetDistances(options.maxDistance);
    const std::vector<OffsetCurve> curves = OffsetSweep(*load.scene, distances, options.maxQueries);
    if (!options.output.empty()) {
        std::ofstream file(options.output, std::ios::binary);
        WriteOffsetSvg(curves, distances, "Error against distance from the origin: " + options.scenePath, file);
        if (!file.flush()) {
            err << "hitlab plot-offset: cannot write \"" << options.output << "\"\n";
            return 2;
        }
    }
    if (options.json) {
        out << CurvesJson(curves).dump(1) << "\n";
    } else {
        WriteTable(curves, distances, out);
    }
    return 0;
}

} // namespace hitlab
