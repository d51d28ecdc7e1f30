// The scene offset (docs/cli.md, "Far from the origin"): one vector added to every shape of a scene
// or query (query points, box corners, centres, triangle, mesh and convex vertices; directions,
// sizes and axes unchanged), in double, before a float run rounds the inputs to float, as a user's
// far-away world is. `--offset X,Y,Z` on `hitlab eval` and `report`, and `hitlab plot-offset`: the
// error of every algorithm against the exact judge as the offset grows, in float and double.
#pragma once

#include "core/algorithm.h"
#include "core/scene.h"

#include <glm/glm.hpp>

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace hitlab {

/// "X,Y,Z" as three finite reals; nullopt and error ("--offset: expected X,Y,Z (three finite numbers,
/// e.g. 10000,0,0), got \"...\"") otherwise.
std::optional<glm::dvec3> ParseOffset(std::string_view text, std::string& error);

/// The query with both shapes moved by offset (Translated, in double).
Query OffsetQuery(const Query& query, const glm::dvec3& offset);

/// Moves every shape of the scene, and every ray fan's origin, by offset.
void OffsetScene(Scene& scene, const glm::dvec3& offset);

/// One algorithm's error at one offset: the largest over the scene's queries of its family.
struct OffsetPoint {
    double distance = 0; ///< the offset is (d, d, d)
    double ulps = 0;     ///< the largest error in ulps of the precision (t_enter or depth) against the exact judge
    bool verdictWrong = false; ///< some query's verdict differs from the exact one (the point is drawn at the top)
};

/// One curve: an algorithm of a family in one precision.
struct OffsetCurve {
    const AlgorithmInfo* info = nullptr;
    Precision precision = Precision::Float;
    std::vector<OffsetPoint> points; ///< one per distance, in order
};

/// The distances of the sweep: 0 then 1, 10^(1/4), ..., up to maxDistance (4 per decade).
std::vector<double> OffsetDistances(double maxDistance);

/// Every enabled algorithm of every family with queries in the scene (at most maxQueries queries,
/// the first ones), in float and double, at each distance: the scene moved by (d, d, d), each query
/// judged exactly and each algorithm's t_enter (casts) or depth (overlaps) error in ulps of the
/// precision at the exact value (UlpError), the verdict compared with the exact one.
std::vector<OffsetCurve> OffsetSweep(const Scene& scene, const std::vector<double>& distances, size_t maxQueries);

/// The sweep as an SVG figure: error in ulps (log scale, 0 drawn at the bottom, a wrong verdict at
/// the top) against the offset distance (log scale), one polyline per curve (class "curve", with
/// data-family, data-algorithm and data-precision), float solid and double dashed, and a legend.
void WriteOffsetSvg(const std::vector<OffsetCurve>& curves, const std::vector<double>& distances,
                    const std::string& title, std::ostream& out);

} // namespace hitlab

namespace hitlab {

struct PlotOffsetOptions {
    std::string scenePath;
    std::string output;          ///< -o FILE.svg ("" writes no figure)
    double maxDistance = 1e7;    ///< --max-distance
    std::size_t maxQueries = 64; ///< --max-queries: the scene's first queries
    bool json = false;           ///< --json: the curves instead of the table
};

/// `hitlab plot-offset SCENE [-o FILE.svg]`: the sweep of OffsetSweep over OffsetDistances, a
/// table (one row per algorithm and precision: its error in ulps at 0, 1, 10, ... 1e7; "wrong" for
/// a wrong verdict) or --json, and the SVG figure. 0, or 2 with one message on err (a bad scene, a
/// figure that is not .svg, a file that cannot be written).
int RunPlotOffset(const PlotOffsetOptions& options, std::ostream& out, std::ostream& err);

} // namespace hitlab
