// The slab method's picture in the viewport: each slab's two planes, the points where the ray
// crosses them, the part of the ray inside each slab as a band in its own lane beside the ray
// (so the bands never overwrite each other), the running interval [t_enter, t_exit] on the ray,
// and at a miss's deciding step the exit of the one slab and the entry of the other. All from
// core's SlabPart steps; nothing is recomputed. A second algorithm's trace on the same query can be
// drawn over it in its own style (rings and the opposite lane), and a hovered slab is lit.
#pragma once

#include "camera.h"
#include "draw_sink.h"

#include "core/scene.h"
#include "core/trace.h"

#include <vector>

namespace hitlab {

/// One point where the cast's line crosses a slab plane, as the slab drawing places it.
struct SlabCrossing {
    int axis = 0;      ///< 0, 1, 2: x, y, z (box-local for an oriented box)
    bool near = false; ///< the slab's t_near (else its t_far)
    double t = 0.0;
    glm::dvec3 point{0.0};
    int trace = 0; ///< 0: the drawn algorithm's trace, 1: the compared one
};

/// What the slab drawing lights: the slab under the cursor in the number line or the viewport.
struct SlabHighlight {
    int axis = -1;  ///< the slab to light (planes, crossings, band), -1: none
    int trace = -1; ///< whose trace the hover came from (0 drawn, 1 compared), -1: none
};

/// The lit slab for a frame: a number-line bar under the cursor wins over a viewport crossing.
/// barAxis / crossingAxis: -1 when nothing is hovered there.
SlabHighlight HighlightOf(int barAxis, int barTrace, int crossingAxis, int crossingTrace);

/// The crossings of a slab-method trace on query's cast (each axis's first step, as the planes are
/// drawn; parallel slabs have none), near before far, in the order of the trace.
std::vector<SlabCrossing> SlabCrossingsOf(const Scene& scene, const SceneQuery& query, const Trace& trace,
                                          int traceIndex = 0);

/// The crossing whose screen point lies nearest `cursor` (pixels) within `radius`; -1: none.
int CrossingAt(const std::vector<SlabCrossing>& crossings, const Camera& camera, glm::dvec2 cursor,
               double radius = 9.0);

/// Distance in screen pixels of axis's band from the ray (the drawn trace's lanes are on one side,
/// the compared trace's on the other): x 6, y 12, z 18.
double BandLane(int axis);

/// The drawn trace's slab picture (see the file comment); `second` (may be null) the compared
/// trace's crossings and bands, `highlight` the lit slab.
void DrawSlabs(const Scene& scene, const SceneQuery& query, const Trace& trace, const Camera& camera, DrawSink& out,
               const SlabHighlight& highlight = {}, const Trace* second = nullptr);

/// The sweep animation's moment `t` on the drawn trace's picture: the ray swept from its start up
/// to t, a disc at the ray's point at t, and each slab whose interval [t_near, t_far] holds t lit
/// (its band drawn thick and opaque in its lane, its crossings ringed). Drawn over DrawSlabs.
void DrawSlabSweep(const Scene& scene, const SceneQuery& query, const Trace& trace, const Camera& camera, double t,
                   DrawSink& out);

/// The slabs (0 x, 1 y, 2 z) whose interval in the trace's first step of each axis holds t
/// (a parallel slab with the origin inside holds every t), as bits 1 << axis.
int SlabsHolding(const Trace& trace, double t);

} // namespace hitlab
