// Duplicate and Delete through core/commands.h.
#include "shape_commands.h"

#include "drag.h"

namespace hitlab {

ShapeId DuplicateShape(Scene& scene, History& history, ShapeId id, const glm::dvec3& offset)
{
    const SceneShape* s = scene.Find(id);
    if (s == nullptr) {
        return 0;
    }
    SceneShape copy = *s;
    copy.id = 0; // the scene gives it the next id
    copy.name = s->name + " copy";
    copy.shape = Translate(copy.shape, offset);
    const ShapeId copyId = scene.NextId();
    return history.Execute(scene, AddShapeCommand(std::move(copy))) ? copyId : 0;
}

bool DeleteShape(Scene& scene, History& history, ShapeId id)
{
    return scene.Find(id) != nullptr && history.Execute(scene, RemoveShapeCommand(id));
}

} // namespace hitlab
