// A drag by script (--drag): the selection moved a step further each frame, through the state a
// mouse drag keeps, so that the frame times measured are a drag's; an orbit by script (--orbit)
// likewise.
#include "viewport.h"

#include "drag.h"

namespace hitlab {

bool Viewport::ScriptedDrag(const glm::dvec3& step)
{
    if (m_drag.mode == DragMode::None) {
        const SceneShape* selected = m_doc.GetScene().Find(m_doc.Selected());
        if (selected == nullptr) {
            return false;
        }
        BeginShapeDrag(DragMode::Move, *selected, ShapeCenter(selected->shape).value_or(glm::dvec3(0.0)));
    }
    const SceneShape* current = m_doc.GetScene().Find(m_drag.start.id);
    if (m_drag.mode != DragMode::Move || current == nullptr) {
        return false;
    }
    SceneShape moved = *current;
    moved.shape = Translate(current->shape, step);
    m_drag.changed = true;
    m_doc.GetScene().Replace(moved); // evaluated in Update, as every mouse move of a drag is
    return true;
}

bool Viewport::ScriptedOrbit(double pixels)
{
    if (camera.view2d) {
        return false;
    }
    Orbit(camera, {pixels, 0.0});
    return true;
}

} // namespace hitlab
