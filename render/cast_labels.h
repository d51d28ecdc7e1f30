// Which slab a cast label on screen names: the hover of a crossing's label (as of its point, see
// slab_draw.h's CrossingAt) lights the slab's bar in the number line.
#pragma once

#include "camera.h"

#include "core/scene.h"
#include "core/scene_eval.h"
#include "core/trace.h"

namespace hitlab {

/// The slab whose crossing label (DrawCastLabels with `camera` and `charWidth`: the labels in a slab
/// colour) contains `cursor` (screen pixels), its box as the window draws it; -1: none.
int SlabLabelAt(const Scene& scene, const SceneEvaluator& evaluation, const SceneQuery& query, const Trace* trace,
                const Camera& camera, float charWidth, glm::dvec2 cursor);

} // namespace hitlab
