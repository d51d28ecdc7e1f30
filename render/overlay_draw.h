// Overlays beside scene_draw's: the faces a face-plane method tried, the boxes a trace records
// (the expanded-box test's grown box), and the selection's gizmo (move arrows, rotate rings).
// They draw what core's traces and the app's gizmo math give; nothing is computed here.
#pragma once

#include "draw_sink.h"

#include "core/scene.h"
#include "core/trace.h"

#include <array>
#include <vector>

namespace hitlab {

/// The selection's gizmo in world space (built by app/gui/gizmo.h), with what the cursor is over.
struct GizmoDraw {
    struct Arrow {
        int axis = 0;
        glm::dvec3 from{0.0}, to{0.0};
        bool hovered = false;
    };
    struct Ring {
        int axis = 0;
        std::vector<glm::dvec3> points; ///< closed outline
        bool hovered = false;
    };
    std::vector<Arrow> arrows;
    std::vector<Ring> rings;
};

/// The FacePart steps of the focused cast's trace on box b (an AABB, or an OBB's box-local
/// faces): each tested face as a translucent outlined quad with its plane hit point, green when
/// the point lay inside the face, orange when not; the accepted face thicker. A face the method
/// skipped is outlined in grey when it is the only step shown (the Query inspector's current step).
/// A box shape (aabb or obb) as centre, half extents and axes (an aabb's: x, y, z); false, and
/// the axes x, y, z, for other shapes.
bool BoxFrame(const Shape& shape, glm::dvec3& center, glm::dvec3& half, std::array<glm::dvec3, 3>& axes);

void DrawFaceSteps(const Scene& scene, const SceneQuery& query, const Trace& trace, DrawSink& out);
/// The BoxPart steps of a trace: cyan wire edges and faint faces (a little stronger when flag is set).
void DrawTraceBoxes(const Trace& trace, DrawSink& out);
/// The move arrows (shaft and head in the axis colour) and rotate rings, the hovered one lighter
/// and thicker, on top of everything.
void DrawGizmo(const GizmoDraw& gizmo, DrawSink& out);

} // namespace hitlab
