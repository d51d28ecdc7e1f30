// What `hitlab render --external COMMAND --plugin FILE [--algorithm NAME]` draws of external
// programs' and plugins' algorithms: their answers joined to each query's comparison as the
// Results table joins them (AddExternalOutcomes), the drawn algorithm chosen among the built-in
// and the external ones, and the focused pair's external outcomes and plugin trace for the caption.
#pragma once

#include "render/scene_draw.h"

#include "app/sources/external_runs.h"
#include "app/sources/interface/external_answer.h"
#include "core/scene.h"
#include "core/scene_eval.h"
#include "core/trace.h"

#include <optional>
#include <string>
#include <vector>

namespace hitlab {

/// The figure's external part, filled by PrepareFigureExternal; the viewport reads it (not moved
/// after: trace's value names point into steps).
struct FigureExternal {
    std::vector<DrawnOverride> drawn; ///< parallel to the evaluation's queries (empty: no externals)
    std::string drawnName;            ///< the drawn algorithm when it is external ("": a built-in one)
    Trace trace;                      ///< that algorithm's trace of the focused pair and its verdict
    std::vector<ExternalStep> steps;  ///< the plugin's traced function's steps (trace's names point here)
    std::vector<std::string> caption; ///< one line per external outcome of the focused pair
    /// The step lines of the trace (all of them, or only step `step` when >= 0):
    /// "2. y slab: t_near = 0.5, t_far = 1".
    std::vector<std::string> StepLines(int step) const;
};

/// The render's wishes: the programs and plugins, their timeout and the drawn algorithm.
struct FigureExternalOptions {
    std::vector<std::string> commands;
    std::vector<std::string> plugins;
    double timeoutSeconds = 5.0;
    std::string algorithm; ///< --algorithm ("": the scene's drawn one)
};

/// Starts the programs and plugins, asks them every query of the scene, picks the focused pair
/// (FigureFocus, a disagreement of theirs counting as one) and the drawn algorithm: a built-in one
/// becomes the family's drawn (enabled if it was not), an external one fills out.drawnName and its
/// trace (a plugin's traced function, else no steps). Returns "" or what is wrong ("--algorithm: no
/// ray_aabb algorithm is called \"x\" (ray_aabb has: slab, ..., mine)"; a program or plugin
/// refused). runs must outlive out.
std::string PrepareFigureExternal(Scene& scene, ShapeId select, const FigureExternalOptions& options,
                                  ExternalRuns& runs, std::optional<SceneQuery>& focused, FigureExternal& out);

} // namespace hitlab
